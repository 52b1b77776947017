// The catalogues read from disk for node's tests (the page fetches them): importing this module
// makes `t()` speak English, as the tests of the screens' words expect. `catalogueFiles` lists
// every owner's Fluent files, which the catalogue test checks against each other.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { useCatalogues } from "../../../services/daimyo_gateway/static/shell/i18n.js";

export const STATIC = fileURLToPath(new URL("../../../services/daimyo_gateway/static/", import.meta.url));

/** Every `locales/` folder under static/ (one per owner), as paths relative to static/. */
export function owners(dir = STATIC) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === "vendor") continue;
    const path = join(dir, entry.name);
    if (entry.name === "locales") found.push(dir);
    else found.push(...owners(path));
  }
  return found;
}

/** @param {string} locale */
export const catalogueTexts = (locale) => owners().map((dir) => {
  try { return readFileSync(join(dir, "locales", `${locale}.ftl`), "utf8"); } catch (_) { return ""; }
});

/** Speak `locale` (English by default) in this test process. @param {string} [locale] */
export function speak(locale = "en") {
  useCatalogues({ en: catalogueTexts("en"), [locale]: catalogueTexts(locale) }, locale);
}

speak();
