// @ts-check
// "Your turn" across all of a player's games, whatever screen shows: the page title, the badge on
// "My games" and an optional sound (made with Web Audio, no file). The socket's `your_turn`
// notices say when a seat must act (state, not a count: the newest version per game wins); a
// screen showing a game settles it from its views; /api/my-games seeds it after a (re)connect.

import { get, session } from "./api.js";
import { t } from "./i18n.js";

/** @typedef {import("./rows.js").MyGame} MyGame */

/** @type {Map<string, { version: number, mine: boolean }>} game_id -> whether it is this player's turn there */
const turns = new Map();
const MAX_GAMES = 200;
const SOUND_KEY = "daimyo.sound";
const TITLE = "Daimyo";
/** @type {AudioContext | null} */
let audio = null;
let chimes = 0; // how many sounds played (what a test can see of a sound)

/** A `your_turn` notice's args ({game_id, version, seat, ...}). @param {Object<string, any>} notice */
export function yourTurn(notice) {
  const known = turns.get(notice.game_id);
  if (known && known.version >= notice.version) return;
  const fresh = !known?.mine;
  remember(notice.game_id, notice.version, true);
  if (fresh) beep();
}

/** A screen showing `gameId` at `version` says whether this player must act there now.
 *  @param {string} gameId @param {number} version @param {boolean} mine */
export function settle(gameId, version, mine) {
  const known = turns.get(gameId);
  if (known && known.version > version) return;
  remember(gameId, version, mine);
}

/** Seed (or correct) every game's state from the server: after a (re)connect, on "My games".
 *  @param {MyGame[]} [list] */
export async function refresh(list) {
  if (!session()) { turns.clear(); return render(); }
  /** @type {MyGame[] | undefined} */
  const games = list || (await get("/api/my-games?limit=50").catch(() => null))?.games;
  if (!games) return;
  turns.clear();
  for (const g of games) remember(g.game_id, g.version, g.status !== "finished" && g.your_turn);
}

export function waitingCount() {
  return [...turns.values()].filter((t) => t.mine).length;
}

/** @param {string} gameId @param {number} version @param {boolean} mine */
function remember(gameId, version, mine) {
  turns.delete(gameId);
  turns.set(gameId, { version, mine });
  for (const oldest of turns.keys()) { if (turns.size <= MAX_GAMES) break; turns.delete(oldest); }
  render();
}

function render() {
  const n = waitingCount();
  document.title = n ? t("shell-title-your-turn", { count: n, title: TITLE }) : TITLE;
  const badge = document.getElementById("turns");
  if (!badge) return;
  badge.textContent = n ? String(n) : "";
  badge.hidden = !n;
  badge.title = n ? t("shell-badge-your-turn", { count: n }) : "";
}

export function soundOn() { return localStorage.getItem(SOUND_KEY) === "1"; }

/** Called from a click (browsers start audio only after a gesture); a short test chime when on.
 *  @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "1" : "0");
  if (on) { unlock(); beep(); }
}

function unlock() {
  const Context = window.AudioContext || /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (/** @type {unknown} */ (window)).webkitAudioContext;
  if (!audio && Context) audio = new Context();
  audio?.resume?.();
}

function beep() {
  if (!soundOn()) return;
  if (!audio) unlock();
  if (!audio || audio.state !== "running") return;
  const now = audio.currentTime;
  for (const [i, pitch] of [660, 880].entries()) { // two soft notes, a fifth apart
    const tone = audio.createOscillator(), gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.0001, now + i * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.16 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + i * 0.16);
    tone.stop(now + i * 0.16 + 0.32);
  }
  chimes += 1;
  document.documentElement.dataset.chimes = String(chimes); // what a test can see of a sound
}

// The first click of a visit lets a sound switched on in an earlier visit play again.
document.addEventListener("pointerdown", () => { if (soundOn()) unlock(); }, { once: true });
