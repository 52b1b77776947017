// The replay viewer: any version of a finished game (or a live one as a spectator), stepped or
// scrubbed, through one seat's eyes or — once the game is over — with every hand revealed.

import { board, get } from "./api.js";
import { boardSvg } from "./board.js";
import { tileButton } from "./game.js";
import { esc, finalPanel, logItems, logPanel, playersPanel, seatName } from "./panels.js";
import { replayViewer } from "./replay_viewer.js";

export async function replayScreen(root, ctx, gameId) {
  const info = await get(`/api/games/${gameId}`);
  if (info.game === "shogun") return (await import("../shogun/replay.js")).shogunReplayScreen(root, ctx, info);
  const geometry = await board(info.game, info.players);
  const { events } = await get(`/api/games/${gameId}/events`);
  const layout = `<div class="game" style="margin-top:.8rem"><div><div class="status" id="status"></div><div class="board-wrap" id="board"></div><div id="hands"></div></div><aside class="side" id="side"></aside></div>`;

  return replayViewer(root, info, layout, ({ at, view, viewer }) => {
    const event = events.find((e) => e.version === at);
    const lines = events.filter((e) => e.version <= at).flatMap((e) => logItems(e.effects, info.seats, viewer));
    root.querySelector("#status").innerHTML = event?.seat !== undefined && event?.seat !== null
      ? `Move ${at - 1}: ${esc(seatName(info.seats, event.seat))}` : at === 1 ? "The start" : "";
    const hexes = new Set([event?.move?.hex, event?.move?.to].filter(Boolean));
    root.querySelector("#board").innerHTML = boardSvg(geometry, view, { lastHexes: hexes });
    root.querySelector("#hands").innerHTML = handsHtml(view, info.seats, viewer);
    root.querySelector("#side").innerHTML = finalPanel(view, info.seats) + playersPanel(view, info.seats, viewer) + logPanel(lines);
  });
}

function handsHtml(view, seats, viewer) {
  const hands = view.hands || (viewer !== null && view.hand ? Object.assign([], { [viewer]: view.hand }) : null);
  if (!hands) return "";
  const rows = hands.map((hand, s) => hand ? `<div class="row" style="margin:.4rem 0"><strong style="min-width:7rem">${esc(seatName(seats, s))}</strong>` +
    `<div class="hand">${hand.map((t) => tileButton(t, s, { disabled: false })).join("")}</div></div>` : "").join("");
  return `<div class="card hand-bar"><h3>Hands</h3>${rows}</div>`;
}
