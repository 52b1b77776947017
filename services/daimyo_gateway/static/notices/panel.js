// @ts-check
// The notices panel of "My games": this device on or off, which notices the player wants, quiet
// hours in their own time zone (the browser's), and the live-game notice while a tab is hidden.
// Every string comes from this folder's catalogue (ids `notices-…`).

import { get, call } from "../shell/api.js";
import { addOwner, currentLocale, t } from "../shell/i18n.js";
import { dateText } from "./away.js";
import { liveWhileHidden, setLiveWhileHidden } from "./badge.js";
import { current, supported, turnOff, turnOn } from "./push.js";
import { esc, find, findAll, messageOf } from "../shell/widgets.js";

export const KINDS = ["your_turn", "game_found", "time_low", "game_ended", "vacation"];

/** @typedef {{ muted: { kind: string, channel: string }[], time_zone: string,
 *   quiet_start_minute: number, quiet_end_minute: number, devices: number }} Preferences */

/** "HH:MM" of minutes after midnight. @param {number} minutes */
export function clockText(minutes) {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Minutes after midnight of "HH:MM" (0 when empty). @param {string} text */
export function minutesOf(text) {
  const [h, m] = text.split(":").map(Number);
  return Number.isInteger(h) && Number.isInteger(m) ? h * 60 + m : 0;
}

/**
 * The preferences the panel's fields say.
 * @param {Set<string>} wanted kinds ticked @param {string} from @param {string} to @param {string} zone
 */
export function preferencesOf(wanted, from, to, zone) {
  return { muted: KINDS.filter((k) => !wanted.has(k)).map((kind) => ({ kind, channel: "push" })),
           time_zone: zone, quiet_start_minute: minutesOf(from), quiet_end_minute: minutesOf(to), locale: currentLocale() };
}

/** @param {HTMLElement} el */
export async function mountNoticesPanel(el) {
  await addOwner("/static/notices/");
  /** @type {Preferences} */
  const prefs = await get("/api/notices/preferences").catch(() => null);
  if (!prefs) { el.hidden = true; return; } // no notifier behind this gateway
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const muted = new Set(prefs.muted.filter((m) => m.channel === "push").map((m) => m.kind));
  const on = Boolean(await current().catch(() => null));
  el.innerHTML = `<h3>${esc(t("notices-title"))}</h3>` +
    `<label class="check"><input type="checkbox" id="push-toggle" ${on ? "checked" : ""} ${supported() ? "" : "disabled"}> ${esc(t("notices-push-on"))}</label>` +
    `<p class="muted" id="push-status">${esc(supported() ? t("notices-devices", { count: prefs.devices }) : t("notices-push-unsupported"))}</p>` +
    `<fieldset><legend>${esc(t("notices-kinds"))}</legend>${KINDS.map((kind) =>
      `<label class="check"><input type="checkbox" data-kind="${kind}" ${muted.has(kind) ? "" : "checked"}> ${esc(t(`notices-kind-${kind}`))}</label>`).join("")}` +
    `<label class="check"><input type="checkbox" id="live-hidden" ${liveWhileHidden() ? "checked" : ""}> ${esc(t("notices-live-hidden"))}</label></fieldset>` +
    `<p><span id="quiet-label">${esc(t("notices-quiet", { zone }))}</span> <input type="time" id="quiet-from" aria-labelledby="quiet-label" value="${clockText(prefs.quiet_start_minute)}">` +
    ` – <input type="time" id="quiet-to" aria-labelledby="quiet-label" value="${clockText(prefs.quiet_end_minute)}"> <span class="muted">${esc(t("notices-quiet-hint"))}</span></p>` +
    `<button id="prefs-save">${esc(t("notices-save"))}</button>` +
    `<h3 id="vacation-heading">${esc(t("notices-vacation"))}</h3><div id="vacation"></div>`;
  wire(el, zone);
  await vacationInto(find(el, "#vacation", HTMLElement));
}

/** @typedef {{ until_ms: number, days_left: number, days_per_year: number }} Vacation */

/** The vacation part: days left, until when, and taking more. @param {HTMLElement} el */
async function vacationInto(el) {
  /** @type {Vacation | null} */
  const vacation = await get("/api/vacation").catch(() => null);
  if (!vacation) { el.hidden = true; return; }
  const choices = Array.from({ length: Math.min(vacation.days_left, 14) }, (_, n) => n + 1);
  el.innerHTML = `<p class="muted">${esc(t("notices-vacation-left", { left: vacation.days_left, total: vacation.days_per_year }))}</p>` +
    (vacation.until_ms ? `<p id="vacation-until">${esc(t("notices-vacation-until", { until: dateText(vacation.until_ms) }))}</p>` : "") +
    (choices.length ? `<select id="vacation-days" aria-labelledby="vacation-heading">${choices.map((d) => `<option value="${d}">${esc(t("notices-vacation-days", { days: d }))}</option>`).join("")}</select>` +
      ` <button id="vacation-take">${esc(t("notices-vacation-take"))}</button>` : "");
  el.querySelector("#vacation-take")?.addEventListener("click", async () => {
    try {
      await call("POST", "/api/vacation", { days: Number(find(el, "#vacation-days", HTMLSelectElement).value) });
      await vacationInto(el);
    } catch (error) { el.append(Object.assign(document.createElement("p"), { className: "refusal", textContent: messageOf(error) })); }
  });
}

/** @param {HTMLElement} el @param {string} zone */
function wire(el, zone) {
  const status = find(el, "#push-status", HTMLElement);
  const toggle = find(el, "#push-toggle", HTMLInputElement);
  toggle.addEventListener("change", async () => {
    try {
      const problem = toggle.checked ? await turnOn() : (await turnOff(), "");
      if (problem) { toggle.checked = false; status.textContent = t(`notices-push-${problem}`); }
    } catch (error) {
      toggle.checked = false;
      status.textContent = `${t("notices-push-failed")} (${messageOf(error)})`;
    }
  });
  const live = find(el, "#live-hidden", HTMLInputElement);
  live.addEventListener("change", () => setLiveWhileHidden(live.checked));
  find(el, "#prefs-save", HTMLButtonElement).addEventListener("click", async () => {
    const wanted = new Set([...findAll(el, "[data-kind]", HTMLInputElement)].filter((b) => b.checked).map((b) => b.dataset.kind ?? ""));
    const body = preferencesOf(wanted, find(el, "#quiet-from", HTMLInputElement).value, find(el, "#quiet-to", HTMLInputElement).value, zone);
    try {
      await call("PUT", "/api/notices/preferences", body);
      status.textContent = t("notices-saved");
    } catch (error) { status.textContent = messageOf(error); }
  });
}
