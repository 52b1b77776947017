// Samurai's plug-in for the shell: its name in the lobby, its stylesheet, its live screen and its
// replay. Everything else of the game lives beside this file; the shell never names it.

import { registerGame } from "../../shell/games.js";
import { LESSONS } from "./coach.js";
import { samuraiReplay } from "./replay.js";
import { SamuraiScreen } from "./screen.js";

registerGame("samurai", {
  title: "Samurai",
  blurb: "Reiner Knizia's game of influence over feudal Japan",
  stylesheet: new URL("./style.css", import.meta.url).href,
  howTo: new URL("./howto.html", import.meta.url).href,
  createScreen: (host) => new SamuraiScreen(host),
  createReplay: samuraiReplay,
  coach: LESSONS,
});
