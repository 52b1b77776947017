// WebAuthn's JSON to and from the browser's ArrayBuffers, as the account page converts them.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  creationOptions, credentialJSON, fromBase64url, requestOptions, toBase64url,
} from "../../../../services/daimyo_gateway/static/accounts/webauthn.js";

const bytes = (/** @type {number[]} */ list) => new Uint8Array(list).buffer;

describe("base64url", () => {
  test("round-trips every length, without padding or + and /", () => {
    for (let n = 0; n < 40; n++) {
      const data = new Uint8Array(n).map((_, i) => (i * 37 + 251) % 256);
      const text = toBase64url(data);
      assert.doesNotMatch(text, /[+/=]/);
      assert.deepEqual(new Uint8Array(fromBase64url(text)), data);
    }
  });
});

describe("options", () => {
  test("creation options carry the challenge, the user id and excluded keys as buffers", () => {
    const json = JSON.stringify({ challenge: "AQID", user: { id: "Zy0x", name: "Kenji" },
      excludeCredentials: [{ id: "BAU", type: "public-key" }], rp: { id: "localhost" } });
    const options = creationOptions(json);
    assert.deepEqual(new Uint8Array(options.challenge), new Uint8Array([1, 2, 3]));
    assert.equal(new TextDecoder().decode(options.user.id), "g-1");
    assert.deepEqual(new Uint8Array(options.excludeCredentials[0].id), new Uint8Array([4, 5]));
    assert.equal(options.rp.id, "localhost");
  });

  test("request options without allowed keys ask for a discoverable one", () => {
    const options = requestOptions(JSON.stringify({ challenge: "AQID", rpId: "localhost" }));
    assert.deepEqual(options.allowCredentials, []);
  });
});

describe("credentialJSON", () => {
  test("writes an assertion's parts as base64url and names its id twice", () => {
    const credential = { type: "public-key", rawId: bytes([9, 9]), response: {
      clientDataJSON: bytes([1]), authenticatorData: bytes([2]), signature: bytes([3]), userHandle: bytes([4]) } };
    const json = JSON.parse(credentialJSON(credential));
    assert.equal(json.id, "CQk");
    assert.equal(json.rawId, "CQk");
    assert.deepEqual(json.response, { clientDataJSON: "AQ", authenticatorData: "Ag", signature: "Aw", userHandle: "BA" });
  });
});
