// The games the shell knows, as plug-ins: the gateway's catalogue (/api/catalog: names, seat
// counts, table options, all from the rules registry) and, per game, the module
// `games/<name>/index.js`, loaded on first use, which calls `registerGame`.
//
// A game plug-in is `registerGame(name, spec)` with
//   title, blurb            how the lobby and sign-in name and describe it
//   stylesheet              optional URL of its CSS (added to the page when the game loads)
//   howTo                   optional URL of its "How to play" page (linked from the lobby and the game screen)
//   createScreen(host)      the live screen (play or spectate), driven by shell/screen.js
//   createReplay(host)      { layout, draw({ at, view, viewer, data }) } for shell/replay.js
// See shell/screen.js for what `host` offers and what a screen implements.

import { get } from "./api.js";
import { addOwner, has, t } from "./i18n.js";

/** @typedef {import("./widgets.js").Seat} Seat */

/**
 * A game as /api/games/<id> describes it (the driver adds the result once it is known).
 * @typedef {object} GameInfo
 * @property {string} game_id
 * @property {string} game
 * @property {Seat[]} seats
 * @property {boolean} [away]   this player left the seat to a bot (shell/live.js); the screen offers no move
 * @property {number} players
 * @property {number} version
 * @property {boolean} [finished]
 * @property {number[]} [winners]
 * @property {number[]} [abandoned]
 * @property {number} [watching] how many look on now (the `watching` frames say the changes)
 */

/**
 * A view frame as a screen gets it: the seat's view (each game reads its own shape) at a version.
 * @template V
 * @typedef {object} ViewFrame
 * @property {V} view
 * @property {number} version
 * @property {{ seat: number, move: Record<string, any> } | null} [last_move]
 * @property {unknown} [effects]
 * @property {boolean} [finished]
 * @property {number[]} [winners]
 * @property {number[]} [abandoned]
 * @property {number} [watching] how many look on now (the `watching` frames say the changes)
 */

/**
 * A move's ack or error frame, as shell/screen.js hands it on.
 * @typedef {{ type: string, command_id?: string, ref?: import("./protocol.js").Ref, version?: number, message?: string }} ReplyFrame
 */

/**
 * What the live-screen driver (shell/screen.js) gives a game's screen.
 * @typedef {object} ScreenHost
 * @property {HTMLElement} root
 * @property {GameInfo} info
 * @property {number | null} seat          null: a spectator
 * @property {unknown} board               /api/boards/<game>/<players>: each game reads its own shape
 * @property {(message: string) => void} toast
 * @property {(move: Record<string, unknown>, options?: { expected?: boolean }) => string} send
 * @property {AbortSignal} signal
 */

/**
 * What a game's live screen implements (see shell/screen.js).
 * @typedef {object} GameScreen
 * @property {() => void} mount
 * @property {(frame: ViewFrame<any>) => void} update
 * @property {(effects: any, version: number) => void} [effects]
 * @property {(frame: ReplyFrame) => void} [acked]
 * @property {(frame: ReplyFrame) => void} [refused]
 * @property {(event: KeyboardEvent) => void} [keydown]
 * @property {(text: string) => void} [note]   a seat changed hands (shell/live.js): a line for the log
 * @property {(frame: ViewFrame<any>) => boolean} [holdAt]  a view that is a step of its own (playback pauses)
 * @property {() => void} [renamed]  a seat's name changed (host.info.seats): draw the names again
 * @property {() => void} [leave]
 */

/**
 * What shell/replay.js gives a game's replay, and what the game gives back.
 * @typedef {{ version: number, seat?: number | null, move?: Record<string, any> | null, effects: any }} GameEvent  one move of the public log
 * @typedef {{ root: HTMLElement, info: GameInfo, board: unknown, events: GameEvent[] }} ReplayHost
 * @typedef {{ at: number, view: any, viewer: number | null, data: any }} ReplayFrame
 * @typedef {{ layout: string, draw: (frame: ReplayFrame) => void | Promise<void> }} Replay
 */

/**
 * A game plug-in as `registerGame` takes it.
 * @typedef {object} GameSpec
 * @property {string} [title]
 * @property {string} [blurb]
 * @property {string} [stylesheet]
 * @property {string} [howTo]
 * @property {(host: ScreenHost) => GameScreen} createScreen
 * @property {(host: ReplayHost) => Replay} createReplay
 * @property {import("./coach.js").Lesson[]} [coach]  the lessons of a guided first game (shell/coach.js)
 * @typedef {GameSpec & { name: string, title: string, blurb: string }} Game
 */

/**
 * A table option a game's rules declare, and a game as the catalogue lists it.
 * @typedef {{ label?: string, choices?: { value: unknown, label?: string }[], default?: unknown }} TableOption
 * @typedef {{ name: string, title: string, player_counts: number[], options?: Record<string, TableOption> }} CatalogEntry
 */

/** @type {Map<string, Game>} */
const specs = new Map();
/** @type {Map<string, Promise<Game>>} */
const loading = new Map();
/** @type {Promise<CatalogEntry[]> | null} */
let catalog = null;

/** @param {string} name @param {GameSpec} spec */
export function registerGame(name, spec) {
  specs.set(name, { name, title: name, blurb: "", ...spec });
}

/** @returns {Promise<CatalogEntry[]>} */
export function games() {
  if (!catalog) catalog = get("/api/catalog").then((/** @type {{ games: CatalogEntry[] }} */ body) => body.games).catch((error) => { catalog = null; throw error; });
  return catalog;
}

/** @param {string} name @returns {Promise<Game>} */
export function loadGame(name) {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) return Promise.reject(new Error(t("shell-unknown-game", { name })));
  if (!loading.has(name)) {
    const folder = new URL(`../games/${name}/`, import.meta.url).href;
    loading.set(name, Promise.all([import(`${folder}index.js`), addOwner(folder)]).then(() => ready(name)));
  }
  return /** @type {Promise<Game>} */ (loading.get(name)).then(named);
}

/** @returns {Promise<(CatalogEntry & Game)[]>} */
export async function loadAll() {
  const list = await games();
  return Promise.all(list.map(async (entry) => ({ ...entry, ...(await loadGame(entry.name)) })));
}

// A game's title and blurb in the current language, from its own catalogue (`<game>-title`,
// `<game>-blurb`), read again at each load so a language switch shows.
/** @param {Game} game @returns {Game} */
function named(game) {
  const word = (/** @type {string} */ key, /** @type {string} */ fallback) => (has(`${game.name}-${key}`) ? t(`${game.name}-${key}`) : fallback);
  return { ...game, title: word("title", game.title), blurb: word("blurb", game.blurb) };
}

/** @param {string} name */
async function ready(name) {
  const spec = specs.get(name);
  if (!spec) throw new Error(t("shell-unknown-game", { name }));
  if (spec.stylesheet && !document.querySelector(`link[data-game="${name}"]`)) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: spec.stylesheet });
    link.dataset.game = name;
    const loaded = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
    document.head.append(link);
    await loaded;
  }
  return spec;
}
