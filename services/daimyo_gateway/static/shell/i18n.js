// @ts-check
// The page's languages (issue 30): every string a person reads comes from a Fluent catalogue
// (`<owner>/locales/<locale>.ftl`; owners are the shell, feature folders such as analysis/, and
// each game's plug-in, so a third game brings its own), and numbers, dates, lists and relative
// times from `Intl`. The choice: a signed-in account's saved one (on the server, so it follows the
// player to every device) → the browser's saved one → navigator.languages → the gateway's
// Accept-Language → English. `en-XA` is a pseudo-locale made here from English (accented and
// bracketed), so a browser test can tell a catalogue's string from a hard-coded one.
// `t()` is synchronous: a screen's owners are loaded (`addOwner`) before it draws.

import { FluentBundle, FluentResource } from "../vendor/fluent-bundle/index.js";

/** The locales with catalogues, each named in itself (what the header's switcher shows). */
export const LANGUAGES = /** @type {const} */ ([
  ["en", "English"], ["pt-BR", "Português (Brasil)"], ["es", "Español"], ["zh-Hans", "中文（简体）"],
]);
export const LOCALES = LANGUAGES.map(([tag]) => tag);
export const PSEUDO = "en-XA";
const SOURCE = "en";
const STORE_KEY = "daimyo.locale";
const MAX_OWNERS = 32;

/** @typedef {import("../vendor/fluent-bundle/index.js").FluentVariable} FluentVariable */
/** @typedef {Record<string, FluentVariable | null | undefined>} Args */

let locale = SOURCE;
/** @type {string[]} catalogue owners, as base URLs ending in "/" */
const owners = [];
/** @type {Map<string, FluentBundle>} locale -> its bundle over every owner loaded */
const bundles = new Map();
/** @type {Map<string, Promise<string>>} a catalogue's URL -> its text ("" when it is missing) */
const texts = new Map();
/** @type {Set<(locale: string) => void>} */
const listeners = new Set();

// -- choosing -------------------------------------------------------------------------------

/**
 * The supported locale that best serves a list of language tags (a browser's or an
 * Accept-Language header's, most wanted first); null when none does.
 * @param {readonly string[]} wanted
 * @returns {string | null}
 */
export function negotiate(wanted) {
  for (const tag of wanted) {
    const found = match(String(tag).trim());
    if (found) return found;
  }
  return null;
}

/** @param {string} tag */
function match(tag) {
  const lower = tag.toLowerCase();
  if (lower === PSEUDO.toLowerCase()) return PSEUDO;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [language, ...rest] = lower.split("-");
  if (language === "zh") return rest.some((r) => ["hant", "tw", "hk", "mo"].includes(r)) ? null : "zh-Hans";
  if (language === "pt") return "pt-BR";
  return LOCALES.find((l) => l.toLowerCase() === language) ?? null;
}

/** The Accept-Language header's tags in order of weight ("pt-BR,pt;q=0.9,en;q=0.5").
 *  @param {string | null | undefined} header */
export function acceptLanguages(header) {
  return String(header || "").split(",").map((part, n) => {
    const [tag, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), n };
  }).filter((x) => x.tag && x.tag !== "*" && x.q > 0).sort((a, b) => b.q - a.q || a.n - b.n).map((x) => x.tag);
}

/**
 * The first link of the chain that names a supported locale: the account's saved language, the
 * browser's saved choice, navigator.languages, then (fetched only when asked) the
 * Accept-Language's tags; English when none does.
 * @param {{ account?: () => Promise<string | null | undefined>, saved?: string | null,
 *   browser?: readonly string[], header?: () => Promise<readonly string[]> }} chain
 * @returns {Promise<string>}
 */
export async function pickLocale(chain) {
  const account = chain.account ? await chain.account().catch(() => null) : null;
  const first = negotiate([account || "", chain.saved || ""].filter(Boolean)) ?? negotiate(chain.browser || []);
  if (first) return first;
  return negotiate(chain.header ? await chain.header().catch(() => []) : []) ?? SOURCE;
}

/** @param {(() => Promise<string | null | undefined>) | undefined} account */
function chosen(account) {
  return pickLocale({
    account,
    saved: storage()?.getItem(STORE_KEY),
    browser: typeof navigator === "undefined" ? [] : navigator.languages || [navigator.language],
    header: async () => (await (await fetch("/api/languages")).json()).accept_language || [],
  });
}

function storage() {
  try { return typeof localStorage === "undefined" ? null : localStorage; } catch (_) { return null; }
}

// -- loading --------------------------------------------------------------------------------

/**
 * Choose the language and load the given owners' catalogues (base URLs such as
 * "/static/shell/"); later owners (a game's plug-in) come through `addOwner`. `account` answers
 * the signed-in account's saved language (shell/account-language.js), first in the chain.
 * @param {string[]} given
 * @param {() => Promise<string | null | undefined>} [account]
 */
export async function startI18n(given, account) {
  for (const owner of given) remember(owner);
  await use(await chosen(account));
}

/** @type {Map<string, Promise<void>>} owners added later, their catalogues loading or loaded */
const adding = new Map();

/** Load one more owner's catalogues (its base URL, ending in "/"), for this locale and English.
 *  Every caller waits for the same load, so a second screen asking while the first load is on
 *  its way does not draw message ids.
 *  @param {string | URL} owner @returns {Promise<void>} */
export function addOwner(owner) {
  const known = adding.get(baseOf(owner));
  if (known) return known;
  const base = remember(owner);
  if (!base) return Promise.resolve(); // one of startI18n's owners (loaded with the bundles), or too many
  const added = Promise.all([...bundles.keys()].map(async (tag) => {
    const bundle = /** @type {FluentBundle} */ (bundles.get(tag));
    addText(bundle, await catalogue(base, tag === PSEUDO ? SOURCE : tag));
  })).then(() => undefined);
  adding.set(base, added);
  return added;
}

/** @param {string | URL} owner */
function baseOf(owner) {
  const base = String(owner);
  return base.endsWith("/") ? base : `${base}/`;
}

/** @param {string | URL} owner @returns {string | null} the base newly remembered */
function remember(owner) {
  const base = baseOf(owner);
  if (owners.includes(base) || owners.length >= MAX_OWNERS) return null;
  owners.push(base);
  return base;
}

/** @param {string} base @param {string} tag */
function catalogue(base, tag) {
  const url = `${base}locales/${tag}.ftl`;
  if (!texts.has(url)) {
    texts.set(url, fetch(url).then((r) => (r.ok ? r.text() : "")).catch(() => ""));
  }
  return /** @type {Promise<string>} */ (texts.get(url));
}

/** @param {FluentBundle} bundle @param {string} text */
function addText(bundle, text) {
  if (text) bundle.addResource(new FluentResource(text), { allowOverrides: true });
}

/** @param {string} tag */
async function bundleFor(tag) {
  const pseudo = tag === PSEUDO;
  const bundle = new FluentBundle(pseudo ? SOURCE : tag, { useIsolating: false, transform: pseudo ? accented : (s) => s });
  const loaded = await Promise.all(owners.map((base) => catalogue(base, pseudo ? SOURCE : tag)));
  for (const text of loaded) addText(bundle, text);
  return bundle;
}

/** @param {string} tag */
async function use(tag) {
  const wanted = [SOURCE, tag];
  const made = await Promise.all(wanted.map((l) => (bundles.has(l) ? bundles.get(l) : bundleFor(l))));
  bundles.clear();
  wanted.forEach((l, n) => bundles.set(l, /** @type {FluentBundle} */ (made[n])));
  locale = tag;
  if (typeof document !== "undefined") document.documentElement.lang = tag;
}

/**
 * Use catalogue texts given directly (what node's unit tests read from disk): `texts` by
 * locale, each a list of Fluent sources; the page itself loads through `startI18n`.
 * @param {Record<string, string[]>} byLocale @param {string} [tag]
 */
export function useCatalogues(byLocale, tag = SOURCE) {
  bundles.clear();
  for (const l of new Set([SOURCE, tag])) {
    const pseudo = l === PSEUDO;
    const bundle = new FluentBundle(pseudo ? SOURCE : l, { useIsolating: false, transform: pseudo ? accented : (s) => s });
    for (const text of byLocale[pseudo ? SOURCE : l] || []) addText(bundle, text);
    bundles.set(l, bundle);
  }
  locale = tag;
}

// -- the API --------------------------------------------------------------------------------

export function currentLocale() { return locale; }

/** The tag `Intl` formats with (the pseudo-locale formats as English). */
export function intlLocale() { return locale === PSEUDO ? SOURCE : locale; }

/** Switch language (saved as the player's choice), then tell every listener to draw again.
 *  @param {string} tag */
export async function setLocale(tag) {
  const next = negotiate([tag]) ?? SOURCE;
  storage()?.setItem(STORE_KEY, next);
  await use(next);
  for (const fn of listeners) fn(next);
}

/** @param {(locale: string) => void} fn @returns {() => void} the unsubscribe */
export function onLocaleChange(fn) {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

/**
 * A message in the current language (falling back to English, then to the id itself).
 * @param {string} id
 * @param {Args} [args]
 * @returns {string}
 */
export function t(id, args) {
  for (const tag of [locale, SOURCE]) {
    const bundle = bundles.get(tag);
    const message = bundle?.getMessage(id);
    if (bundle && message?.value) {
      const text = bundle.formatPattern(message.value, clean(args));
      return tag === PSEUDO ? `[${text}]` : text;
    }
  }
  return id;
}

const MARK = "\u{E000}"; // a private-use character: no message or name carries it

/**
 * A message as HTML: its text escaped, its string arguments put in as the HTML they are (a
 * player's name already escaped, a coloured dot); numbers and dates stay Fluent's to format.
 * @param {string} id
 * @param {Args} [args]
 */
export function tHtml(id, args) {
  /** @type {string[]} */
  const html = [];
  /** @type {Args} */
  const marked = {};
  for (const [key, value] of Object.entries(args || {})) {
    if (typeof value !== "string") { marked[key] = value; continue; }
    marked[key] = `${MARK}${html.length}${MARK}`;
    html.push(value);
  }
  const text = t(id, marked).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return text.replace(new RegExp(`${MARK}(\\d+)${MARK}`, "g"), (_, n) => html[Number(n)]);
}

/** Whether a message exists (in this language or English). @param {string} id */
export function has(id) {
  return [locale, SOURCE].some((tag) => !!bundles.get(tag)?.getMessage(id)?.value);
}

/** Fluent takes strings, numbers and dates; a null or missing argument reads as "". @param {Args} [args] */
function clean(args) {
  /** @type {Record<string, FluentVariable>} */
  const out = {};
  for (const [key, value] of Object.entries(args || {})) out[key] = value ?? "";
  return out;
}

/** @param {number} n @param {Intl.NumberFormatOptions} [options] */
export const formatNumber = (n, options) => new Intl.NumberFormat(intlLocale(), options).format(n);

/** @param {Date | number | string} date @param {Intl.DateTimeFormatOptions} [options] */
export const formatDate = (date, options) => new Intl.DateTimeFormat(intlLocale(), options).format(new Date(date));

/** "in 3 minutes", "2 hours ago": seconds from now (negative: past), in the largest fitting unit.
 *  @param {number} seconds */
export function formatRelative(seconds) {
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? units[3];
  return new Intl.RelativeTimeFormat(intlLocale(), { numeric: "auto" }).format(Math.round(seconds / size), unit);
}

/** "a, b and c" in the current language. @param {string[]} items @param {Intl.ListFormatOptions} [options] */
export const formatList = (items, options) => new Intl.ListFormat(intlLocale(), { type: "conjunction", ...options }).format(items);

/**
 * Fill `data-i18n="id"` (text) and `data-i18n-attr="aria-label:id,title:id2"` under `root`
 * (and root itself); `data-i18n-args` may hold the messages' arguments as JSON.
 * @param {ParentNode & Partial<Element>} root
 */
export function localize(root) {
  const all = [...root.querySelectorAll("[data-i18n], [data-i18n-attr]")];
  if (root.matches?.("[data-i18n], [data-i18n-attr]")) all.unshift(/** @type {Element} */ (root));
  for (const el of all) {
    const args = el.getAttribute("data-i18n-args");
    const parsed = args ? JSON.parse(args) : undefined;
    const id = el.getAttribute("data-i18n");
    if (id) el.textContent = t(id, parsed);
    for (const pair of (el.getAttribute("data-i18n-attr") || "").split(",").filter(Boolean)) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      el.setAttribute(attr, t(key, parsed));
    }
  }
}

// -- the pseudo-locale ----------------------------------------------------------------------

const ACCENTS = /** @type {Record<string, string>} */ (Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, n) => [c, [..."ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ"][n]]),
));

/** English made recognisable: every letter accented (the brackets come around each message).
 *  @param {string} text */
export function accented(text) {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
}

/**
 * An object whose values are messages looked up when read (`<prefix><key>`, underscores as
 * hyphens), so a table of names (`ACTIONS[key]`) always speaks the current language.
 * @param {string} prefix @param {readonly string[]} keys @returns {Record<string, string>}
 */
export function messageTable(prefix, keys) {
  /** @type {Record<string, string>} */
  const table = {};
  for (const key of keys) {
    Object.defineProperty(table, key, { enumerable: true, get: () => t(`${prefix}${key.replaceAll("_", "-")}`) });
  }
  return table;
}
