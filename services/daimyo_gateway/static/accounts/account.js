// @ts-check
// The account page (/account): a guest keeps its games by becoming an account (a name and a
// password, or a passkey); anyone signs in with either; an account sees where it is signed in
// (sign out one device or everywhere), its passkeys (add, remove) and its language, which then
// follows it to every device it signs in on. Every string comes from the catalogues
// (accounts/locales/, shell/locales/); refusals are shown by their code.

import { ApiError, call, forget, get, session } from "../shell/api.js";
import { accountLanguage } from "../shell/account-language.js";
import { LANGUAGES, currentLocale, formatDate, localize, setLocale, startI18n, t } from "../shell/i18n.js";
import { creationOptions, credentialJSON, requestOptions } from "./webauthn.js";

const TOKEN_KEY = "daimyo.token"; // where api.js keeps the session
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id)).value;

/** @param {{ token: string, player_id: string, name: string, guest?: boolean }} signed */
function keep(signed) {
  localStorage.setItem(TOKEN_KEY, JSON.stringify({
    token: signed.token, player_id: signed.player_id, name: signed.name, guest: Boolean(signed.guest) }));
}

/** @type {[string, Record<string, string | number> | undefined] | null} the last status said */
let said = null;

/** @param {string} id @param {Record<string, string | number>} [args] */
function say(id, args) {
  said = [id, args];
  $("account-status").textContent = t(id, args);
}

/** @param {unknown} error */
function refused(error) {
  const code = error instanceof ApiError ? error.code : "unavailable";
  const text = t(`accounts-error-${code}`);
  said = null;
  $("account-status").textContent = text === `accounts-error-${code}` ? t("accounts-error-other") : text;
  if (code === "session_ended") { forget(); void render(); }
}

/** @param {() => Promise<void>} step */
function guarded(step) {
  return async (/** @type {Event} */ event) => {
    event.preventDefault();
    try { await step(); } catch (error) { refused(error); }
  };
}

async function render() {
  const me = session();
  const account = me ? await get("/api/account").catch((e) => { refused(e); return null; }) : null;
  const guest = !account || account.guest;
  $("upgrade").hidden = !account || !account.guest;
  $("sign-in").hidden = Boolean(account && !account.guest);
  $("settings").hidden = guest;
  $("who").textContent = !account ? t("accounts-signed-out")
    : t(account.guest ? "accounts-who-guest" : "accounts-who-account", { name: account.display_name });
  if (!guest) {
    if (await followAccount(account)) return;
    showLanguage(account.language || "");
    $("email-state").textContent = !account.email ? t("accounts-email-none")
      : t(account.email_verified ? "accounts-email-verified" : "accounts-email-unverified", { address: account.email });
    /** @type {HTMLAnchorElement} */ ($("my-profile")).href = `/players/${encodeURIComponent(account.name)}`;
    await Promise.all([showSessions(), showPasskeys(), showFriends()]);
  }
}

/**
 * The account's saved language wins over this browser's (signing in on a new device included):
 * the page is drawn again in it. True when it switched.
 * @param {{ guest?: boolean, language?: string }} account
 */
async function followAccount(account) {
  const language = await accountLanguage(account);
  if (!language || language === currentLocale()) return false;
  await setLocale(language);
  drawPage();
  await render();
  return true;
}

/** The settings' language choice: "the browser's" (none saved) or one named in itself.
 *  @param {string} saved */
function showLanguage(saved) {
  const select = /** @type {HTMLSelectElement} */ ($("language-choice"));
  const browser = new Option(t("accounts-language-browser"), "");
  select.replaceChildren(browser, ...LANGUAGES.map(([tag, name]) => {
    const option = new Option(name, tag);
    option.lang = tag;
    return option;
  }));
  select.value = saved;
}

async function chooseLanguage() {
  const language = /** @type {HTMLSelectElement} */ ($("language-choice")).value;
  await call("PUT", "/api/account/language", { language });
  if (language) await setLocale(language);
  drawPage();
  say("accounts-language-saved");
  await render();
}

function drawPage() {
  localize(document.body);
  document.title = t("accounts-title");
  if (said) say(...said);
}

async function showFriends() {
  const { following } = await get("/api/account/relations");
  $("following").replaceChildren(...following.map((/** @type {string} */ friend) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/players/${encodeURIComponent(friend)}`;
    link.textContent = friend || t("accounts-deleted-player");
    item.append(link);
    return item;
  }));
}

/** What a mailed link in the address asks: confirm an email, or choose a new password. */
async function followLink() {
  const [kind, token] = location.hash.slice(1).split("=");
  if (!token) return;
  history.replaceState(null, "", location.pathname);
  if (kind === "verify") {
    await call("POST", "/api/account/email/verify", { token });
    say("accounts-email-confirmed");
  } else if (kind === "reset") {
    $("reset").hidden = false;
    $("reset-form").addEventListener("submit", guarded(async () => {
      await call("POST", "/api/account/password/reset", { token, password: value("reset-password") });
      $("reset").hidden = true;
      say("accounts-reset-done");
    }));
  }
}

async function download() {
  const me = session();
  const response = await fetch("/api/account/export", { headers: { Authorization: `Bearer ${me ? me.token : ""}` } });
  if (!response.ok) throw new ApiError(response.status, { code: "unavailable", args: {}, message: "" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = "daimyo-export.json";
  link.click();
  URL.revokeObjectURL(link.href);
}

async function showSessions() {
  const { sessions } = await get("/api/account/sessions");
  $("sessions").replaceChildren(...sessions.map((/** @type {any} */ s) => {
    const item = document.createElement("li");
    item.dataset.session = s.session_id;
    item.textContent = t(s.current ? "accounts-session-current" : "accounts-session",
      { device: s.device, seen: formatDate(Number(s.last_seen_at_ms), { dateStyle: "short", timeStyle: "short" }) });
    const end = document.createElement("button");
    end.type = "button";
    end.textContent = t("accounts-session-end");
    end.addEventListener("click", guarded(async () => {
      await call("DELETE", `/api/account/sessions/${encodeURIComponent(s.session_id)}`);
      if (s.current) forget();
      await render();
    }));
    item.append(" ", end);
    return item;
  }));
}

async function showPasskeys() {
  const { passkeys } = await get("/api/account/passkeys");
  $("passkeys").replaceChildren(...passkeys.map((/** @type {any} */ k) => {
    const item = document.createElement("li");
    item.textContent = k.label;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = t("accounts-passkey-remove");
    remove.addEventListener("click", guarded(async () => {
      await call("DELETE", `/api/account/passkeys/${encodeURIComponent(k.passkey_id)}`);
      await render();
    }));
    item.append(" ", remove);
    return item;
  }));
}

/** A new passkey: a guest's first (becoming the account `name`) or an account's next. */
async function registerPasskey(/** @type {string} */ name, /** @type {string} */ label) {
  const options = await call("POST", "/api/account/passkeys/options", { name });
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options.options_json) });
  if (!credential) throw new ApiError(400, { code: "passkey_invalid", args: {}, message: "" });
  keep(await call("POST", "/api/account/passkeys", {
    challenge_id: options.challenge_id, credential: credentialJSON(credential), label }));
}

async function signInWithPasskey() {
  const options = await call("POST", "/api/account/sign-in/passkey/options", {});
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options.options_json) });
  if (!credential) throw new ApiError(401, { code: "sign_in_failed", args: {}, message: "" });
  keep(await call("POST", "/api/account/sign-in/passkey", {
    challenge_id: options.challenge_id, credential: credentialJSON(credential) }));
}

function wire() {
  $("upgrade-form").addEventListener("submit", guarded(async () => {
    keep(await call("POST", "/api/account/upgrade", { name: value("upgrade-name"), password: value("upgrade-password") }));
    say("accounts-upgraded");
    await render();
  }));
  $("upgrade-with-passkey").addEventListener("click", guarded(async () => {
    await registerPasskey(value("upgrade-name"), t("accounts-first-passkey"));
    say("accounts-upgraded");
    await render();
  }));
  $("sign-in-form").addEventListener("submit", guarded(async () => {
    keep(await call("POST", "/api/account/sign-in", { name: value("sign-in-name"), password: value("sign-in-password") }));
    say("accounts-signed-in");
    await render();
  }));
  $("sign-in-with-passkey").addEventListener("click", guarded(async () => {
    await signInWithPasskey();
    say("accounts-signed-in");
    await render();
  }));
  $("add-passkey-form").addEventListener("submit", guarded(async () => {
    await registerPasskey("", value("passkey-label") || t("accounts-first-passkey"));
    await render();
  }));
  $("sign-out").addEventListener("click", guarded(async () => {
    await call("POST", "/api/account/sign-out", {});
    forget();
    say("accounts-signed-out");
    await render();
  }));
  $("rename-form").addEventListener("submit", guarded(async () => {
    keep(await call("POST", "/api/account/rename", { name: value("rename-name") }));
    say("accounts-renamed");
    await render();
  }));
  $("password-form").addEventListener("submit", guarded(async () => {
    await call("POST", "/api/account/password", { current: value("current-password"), password: value("new-password") });
    say("accounts-password-changed");
    await render();
  }));
  $("email-form").addEventListener("submit", guarded(async () => {
    await call("POST", "/api/account/email", { address: value("email"), locale: currentLocale() });
    say("accounts-email-sent");
    await render();
  }));
  $("forgot-password").addEventListener("click", guarded(async () => {
    await call("POST", "/api/account/password/forgot", { name: value("sign-in-name"), locale: currentLocale() });
    say("accounts-forgot-sent");
  }));
  $("language-choice").addEventListener("change", guarded(chooseLanguage));
  $("export").addEventListener("click", guarded(download));
  $("delete-account").addEventListener("click", guarded(async () => {
    if (!confirm(t("accounts-delete-confirm"))) return;
    await call("POST", "/api/account/delete", {});
    forget();
    say("accounts-deleted");
    await render();
  }));
  $("end-everywhere").addEventListener("click", guarded(async () => {
    await call("POST", "/api/account/sessions/end-all", {});
    forget();
    say("accounts-signed-out");
    await render();
  }));
}

await startI18n(["/static/shell/", "/static/accounts/"], () => accountLanguage());
drawPage();
wire();
await followLink().catch(refused);
await render();
