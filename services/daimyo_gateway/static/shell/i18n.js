// @ts-check
// THROW-AWAY STUB (i18n contract): the languages branch (issue 30) replaces this file at merge with
// the real loader (Fluent catalogues per owner). Until then `t` reads the English of the owners it
// was given (`addOwner`), simple messages and one-line plurals only, so feature code is written
// against the real API.

/** @type {Map<string, string>} */
const english = new Map();

export function currentLocale() { return "en"; }

/** @param {(locale: string) => void} _fn */
export function onLocaleChange(_fn) {}

/** Load an owner's English catalogue (a base URL ending in "/"). @param {string} owner */
export async function addOwner(owner) {
  const text = await fetch(`${owner}locales/en.ftl`).then((r) => (r.ok ? r.text() : "")).catch(() => "");
  let id = "";
  for (const line of text.split("\n")) {
    const head = /^([a-z][a-z0-9_-]*)\s*=\s*(.*)$/.exec(line);
    if (head) { id = head[1]; if (head[2] && !head[2].includes("->")) english.set(id, head[2].trim()); continue; }
    const variant = /^\s*\*?\[(\w+)\]\s*(.*)$/.exec(line);
    if (id && variant) english.set(`${id}[${variant[1]}]`, variant[2].trim());
  }
}

/**
 * The message `id` with `args` filled in (English; the id itself when unknown).
 * @param {string} id @param {Record<string, string | number>} [args]
 */
export function t(id, args = {}) {
  const count = typeof args.count === "number" ? args.count : null;
  const plural = count === null ? null : english.get(`${id}[${count === 1 ? "one" : "other"}]`) ?? english.get(`${id}[other]`);
  const pattern = plural ?? english.get(id) ?? id;
  return pattern.replace(/\{\s*\$(\w+)\s*\}/g, (_, name) => String(args[name] ?? ""));
}
