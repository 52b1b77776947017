// @ts-check
// Correspondence clocks that fit a life (issue 34): next to a form's "correspondence" clock, a
// choice of 1, 2, 3, 5, 7 or 14 days a move and an optional bank of days, written into that
// radio's value as the lobby preset the gateway knows (`correspondence-<days>d[-bank]`), so the
// form that sends it needs no change. Every string comes from this folder's catalogue.

import { addOwner, t } from "../shell/i18n.js";
import { esc } from "../shell/widgets.js";

export const DAYS = [1, 2, 3, 5, 7, 14];
export const BANK_DAYS = 7;

/** The preset for `days` a move, with or without the bank. @param {number} days @param {boolean} bank */
export function presetName(days, bank) {
  return `correspondence-${days}d${bank ? "-bank" : ""}`;
}

/** This folder's catalogue: a form loads it before it draws, so the choice below appears with the
 *  form and nothing moves under a pointer on its way to a button. */
export function correspondenceWords() {
  return addOwner("/static/notices/");
}

/** Add the days and bank choice beside `form`'s correspondence radio (none: nothing to do).
 *  @param {HTMLFormElement} form */
export async function chooseCorrespondence(form) {
  const radio = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=clock][value=correspondence]"));
  if (!radio) return;
  await correspondenceWords();
  const box = document.createElement("span");
  box.className = "corr-choice";
  box.innerHTML = `<select id="corr-days" aria-label="${esc(t("notices-days-label"))}">${DAYS.map((d) =>
    `<option value="${d}" ${d === 3 ? "selected" : ""}>${esc(t("notices-days", { days: d }))}</option>`).join("")}</select>` +
    `<label class="check"><input type="checkbox" id="corr-bank"> ${esc(t("notices-bank", { days: BANK_DAYS }))}</label>`;
  radio.closest("label")?.after(box);
  const days = /** @type {HTMLSelectElement} */ (box.querySelector("#corr-days"));
  const bank = /** @type {HTMLInputElement} */ (box.querySelector("#corr-bank"));
  const sync = () => {
    radio.value = presetName(Number(days.value), bank.checked);
    if (document.activeElement === days || document.activeElement === bank) radio.checked = true;
  };
  days.addEventListener("change", sync);
  bank.addEventListener("change", sync);
  sync();
}
