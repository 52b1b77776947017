// @ts-check
// "On vacation until …" beside a seat's clock (issue 34): the view's clock names the seats whose
// player is away and until when; their clock waits meanwhile. Dates in the page's language.

import { addOwner, currentLocale, t } from "../shell/i18n.js";
import { esc } from "../shell/widgets.js";

/** @type {Promise<void> | null} */
let loading = null;

/** A date as the page's language writes it. @param {number} ms */
export function dateText(ms) {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: "medium" }).format(new Date(ms));
}

/** When `seat`'s player is away (0: not away). @param {object} clock @param {number} seat */
export function awayUntil(clock, seat) {
  const away = /** @type {{ vacations?: Record<string, number> }} */ (clock).vacations;
  return away?.[String(seat)] ?? 0;
}

/** The note for `seat`'s clock ("" when its player is not away). @param {object} clock @param {number} seat */
export function awayNote(clock, seat) {
  const until = awayUntil(clock, seat);
  if (!until) return "";
  loading ??= addOwner("/static/notices/"); // the clocks redraw every second: the words follow
  return ` <span class="muted away">(${esc(t("notices-opponent-away", { until: dateText(until) }))})</span>`;
}
