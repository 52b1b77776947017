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

const specs = new Map();
const loading = new Map();
let catalog = null;

export function registerGame(name, spec) {
  specs.set(name, { name, title: name, blurb: "", ...spec });
}

export function games() {
  if (!catalog) catalog = get("/api/catalog").then((body) => body.games).catch((error) => { catalog = null; throw error; });
  return catalog;
}

export function loadGame(name) {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) return Promise.reject(new Error(`unknown game ${name}`));
  if (!loading.has(name)) loading.set(name, import(`../games/${name}/index.js`).then(() => ready(name)));
  return loading.get(name);
}

export async function loadAll() {
  const list = await games();
  return Promise.all(list.map(async (entry) => ({ ...entry, ...(await loadGame(entry.name)) })));
}

async function ready(name) {
  const spec = specs.get(name);
  if (!spec) throw new Error(`games/${name}/index.js did not register the game`);
  if (spec.stylesheet && !document.querySelector(`link[data-game="${name}"]`)) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: spec.stylesheet });
    link.dataset.game = name;
    const loaded = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
    document.head.append(link);
    await loaded;
  }
  return spec;
}
