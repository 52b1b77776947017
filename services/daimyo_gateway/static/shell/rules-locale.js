// Which rules page a reader gets. Each game keeps its rules as one static page per locale
// (games/<game>/rules/<locale>.html); the plug-in's howTo link points at games/<game>/howto.html,
// which loads rules-router.js to open the page in the reader's language. The choice follows the
// languages contract (notes/i18n-contract.md): the saved choice (localStorage "daimyo.locale"),
// then navigator.languages, then English. When shell/i18n.js lands, `currentLocale` below gives
// way to its own; `rulesLocale` stays, mapping any tag to a locale that has a rules page.

/** The pseudo-locale (accented, bracketed English), generated at run time. */
export const PSEUDO = "en-XA";

/** Locales that have a rules page, English first (the fallback). */
export const RULES_LOCALES = ["en", "pt-BR", "es", "zh-Hans"];

/** The rules locale for one language tag, or null when none fits. Every Portuguese gets pt-BR,
 *  every Chinese zh-Hans (the only Chinese written), the pseudo-locale en-XA gets English.
 *  @param {string} tag @returns {string | null} */
export function localeForTag(tag) {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  const byLanguage = /** @type {Record<string, string>} */ ({ en: "en", pt: "pt-BR", es: "es", zh: "zh-Hans" });
  return byLanguage[primary] || null;
}

/** The first of `tags` (most wanted first) that has a rules page; English when none does.
 *  @param {readonly (string | null | undefined)[]} tags @returns {string} */
export function rulesLocale(tags) {
  for (const tag of tags) {
    const locale = tag ? localeForTag(tag) : null;
    if (locale) return locale;
  }
  return "en";
}

/** The reader's language tags, most wanted first: the saved choice, then the browser's.
 *  @returns {(string | null)[]} */
function wantedTags() {
  let saved = null;
  try { saved = localStorage.getItem("daimyo.locale"); } catch { /* storage blocked: browser languages decide */ }
  return [saved, ...(navigator.languages || [navigator.language])];
}

/** The reader's locale: saved choice → browser languages → English. @returns {string} */
export function currentLocale() {
  return rulesLocale(wantedTags());
}

/** Whether the reader asked for the pseudo-locale en-XA (it has no page: the English page is
 *  pseudo-localised in place, so the pseudo-locale check sees no text that escaped translation). */
export function wantsPseudo() {
  return wantedTags().find((tag) => tag && localeForTag(tag)) === PSEUDO;
}

const ACCENTED = Object.fromEntries([..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) =>
  [c, [..."àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i]]));

/** A text as the pseudo-locale shows it: every letter accented, the whole bracketed.
 *  @param {string} text @returns {string} */
export function pseudo(text) {
  return `[${[...text].map((c) => ACCENTED[c] || c).join("")}]`;
}

/** Pseudo-localises a page in place: its text, its title and its aria-label/title attributes.
 *  @param {Document} doc */
export function pseudoLocalize(doc) {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue && node.nodeValue.trim()) node.nodeValue = pseudo(node.nodeValue.trim());
  }
  for (const el of doc.querySelectorAll("[aria-label], [title]")) {
    for (const name of ["aria-label", "title"]) {
      const value = el.getAttribute(name);
      if (value) el.setAttribute(name, pseudo(value));
    }
  }
  doc.title = pseudo(doc.title);
  doc.documentElement.lang = PSEUDO;
}

/** The rules page of a game in a locale, relative to the game's howto.html.
 *  @param {string} howto the howto page's URL @param {string} locale @returns {string} */
export function rulesPage(howto, locale) {
  return new URL(`rules/${locale}.html`, howto).href;
}
