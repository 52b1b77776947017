// @ts-check
// A signed-in account's own language (issue 30): kept by the accounts service, so it follows the
// player to every device and writes its emails. It heads the chain i18n.js chooses by; a switch
// of language (the header's, the account page's) is saved to it. Guests keep theirs in the
// browser only (i18n.js's storage), and ask the server nothing.

import { call, get, session } from "./api.js";
import { LOCALES } from "./i18n.js";

let isAccount = false;

/**
 * The account's saved language, null for a guest, a visitor or an account that saved none.
 * @param {{ guest?: boolean, language?: string } | null} [known] the account as already fetched
 * @returns {Promise<string | null>}
 */
export async function accountLanguage(known) {
  const me = session();
  if (!known && (!me || me.guest)) return null;
  const account = known ?? await get("/api/account").catch(() => null);
  isAccount = Boolean(account && !account.guest);
  return isAccount ? account.language || null : null;
}

/** Save a chosen language to the account (a guest's stays in its browser).
 *  @param {string} tag @returns {Promise<void>} */
export async function saveLanguage(tag) {
  if (!isAccount || !session() || !(/** @type {readonly string[]} */ (LOCALES)).includes(tag)) return;
  await call("PUT", "/api/account/language", { language: tag }).catch(() => undefined);
}
