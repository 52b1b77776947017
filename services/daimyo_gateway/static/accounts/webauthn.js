// @ts-check
// WebAuthn's JSON as the server sends and expects it (base64url strings), to and from the
// ArrayBuffers navigator.credentials takes and gives. Pure: tests/unit/client/accounts/ runs it.

/** @param {string} text base64url @returns {ArrayBuffer} */
export function fromBase64url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** @param {ArrayBuffer | ArrayBufferView | null | undefined} data @returns {string} */
export function toBase64url(data) {
  if (!data) return "";
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {any} list @returns {any[]} */
function descriptors(list) {
  return (Array.isArray(list) ? list : []).map((d) => ({ ...d, id: fromBase64url(d.id) }));
}

/** navigator.credentials.create's `publicKey` from the server's creation options (JSON text).
 *  @param {string} json @returns {any} */
export function creationOptions(json) {
  const o = JSON.parse(json);
  return { ...o, challenge: fromBase64url(o.challenge), user: { ...o.user, id: fromBase64url(o.user.id) },
    excludeCredentials: descriptors(o.excludeCredentials) };
}

/** navigator.credentials.get's `publicKey` from the server's request options (JSON text).
 *  @param {string} json @returns {any} */
export function requestOptions(json) {
  const o = JSON.parse(json);
  return { ...o, challenge: fromBase64url(o.challenge), allowCredentials: descriptors(o.allowCredentials) };
}

/** A PublicKeyCredential (from create or get) as the JSON the server verifies.
 *  @param {any} credential @returns {string} */
export function credentialJSON(credential) {
  const r = credential.response;
  /** @type {Record<string, string>} */
  const response = { clientDataJSON: toBase64url(r.clientDataJSON) };
  if (r.attestationObject) response.attestationObject = toBase64url(r.attestationObject);
  if (r.authenticatorData) response.authenticatorData = toBase64url(r.authenticatorData);
  if (r.signature) response.signature = toBase64url(r.signature);
  if (r.userHandle) response.userHandle = toBase64url(r.userHandle);
  const id = toBase64url(credential.rawId);
  return JSON.stringify({ id, rawId: id, type: credential.type, response,
    clientExtensionResults: {}, authenticatorAttachment: credential.authenticatorAttachment ?? undefined });
}
