// Shogun's plug-in for the shell: its name in the lobby, its stylesheet, its live screen and its
// replay. Everything else of the game lives beside this file; the shell never names it.

import { registerGame } from "../../shell/games.js";
import { LESSONS } from "./coach.js";
import { shogunReplay } from "./replay.js";
import { ShogunScreen } from "./screen.js";

registerGame("shogun", {
  title: "Shogun",
  blurb: "Dirk Henn's game of conquest",
  stylesheet: new URL("./style.css", import.meta.url).href,
  howTo: new URL("./howto.html", import.meta.url).href,
  createScreen: (host) => new ShogunScreen(host),
  createReplay: shogunReplay,
  coach: LESSONS,
});
