// A live Samurai game, as the seat's owner (play) or as a spectator, inside the shell's live-screen
// driver (shell/screen.js), which brings the frames, clocks and the log's history. Everything
// offered comes from the view's `legal` moves, so the server never has to refuse a click; if it
// does, the driver shows its reason and the screen draws again.

import { esc, keepFocus, seatName } from "../../shell/widgets.js";
import { PanZoom } from "../../shell/panzoom.js";
import { boardSvg, boardZoom, bindBoard, figureShape, hexLabel, influenceText, useBoard } from "./board.js";
import { finalPanel, logItems, logPanel, playersPanel } from "./panels.js";
import { FIGURES, SEAT_COLORS, tileInfo, tileName, figureName } from "./tiles.js";

export class SamuraiScreen {
  constructor(host) {
    Object.assign(this, { host, root: host.root, info: host.info, seat: host.seat, geometry: host.board });
    useBoard(host.board);
    this.view = null; this.lines = []; this.sel = null; this.chosen = new Set(); this.lastHexes = new Set();
  }

  mount() {
    this.root.innerHTML = `<div class="game"><div><div class="status" id="status" aria-live="polite">Connecting…</div><div id="live"></div>` +
      `<div class="just-now" id="just-now" aria-live="polite"></div><div id="board-frame" tabindex="0" aria-label="Board: + and − zoom, arrow keys pan"><div class="board-wrap" id="board"></div></div><div class="hint site-hint" id="site-hint" aria-live="polite"></div></div><aside class="side"><div class="hand-bar" id="hand"></div><div class="side" id="side"></div></aside></div>`;
    this.boardEl = this.root.querySelector("#board");
    this.handEl = this.root.querySelector("#hand");
    const showSite = (event) => {
      const site = event.target.closest?.("[data-site], [data-settlement]");
      const id = site?.dataset.site || site?.dataset.settlement;
      const hint = this.root.querySelector("#site-hint");
      if (!this.view) return;
      if (!id) {
        const hex = event.target.closest?.("[data-hex]")?.dataset.hex;
        if (hex) hint.innerHTML = `<strong>${esc(hexLabel(hex))}</strong>`;
        return;
      }
      const name = (s) => esc(seatName(this.info.seats, +s));
      hint.innerHTML = `<strong>${esc(hexLabel(id))}</strong> — influence: ${influenceText(this.view, id, this.view.figures?.[id] || [], name)}`;
    };
    this.boardEl.addEventListener("mouseover", showSite);
    this.boardEl.addEventListener("focusin", showSite);
    this.pz = new PanZoom(this.root.querySelector("#board-frame"), this.boardEl, { signal: this.host.signal, initialZoom: boardZoom });
    bindBoard(this.boardEl, {
      onHex: (hex) => this.clickHex(hex),
      onFigure: (s, f) => this.clickFigure(s, f),
      onDrop: (hex, tile) => { if (tile) { this.sel = { kind: "place", tile }; this.clickHex(hex); } },
    });
  }

  keydown(event) { if (event.key === "Escape") { this.sel = null; this.render(); } }

  effects(effects) { this.lines.push(...logItems(effects, this.info.seats, this.seat)); }

  refused() { this.render(); }

  update(frame) {
    if (frame.last_move === null && !frame.missed?.length && frame.effects === null && frame.view.finished && this.view && !this.view.finished) {
      this.lines.push({ text: "Game over", capture: true });
    }
    const news = logItems(frame.effects, this.info.seats, this.seat).slice(-2);
    if (news.length) this.root.querySelector("#just-now").innerHTML = `<span class="muted">Just now:</span> ${news.map((l) => l.text).join(" · ")}`;
    // the whole turn of whoever moved last stays outlined, tile by tile as it is played back
    const mover = frame.last_move?.seat;
    if (mover !== undefined && mover !== this.mover) { this.mover = mover; this.lastHexes = new Set(); }
    for (const hex of lastHexes(frame)) this.lastHexes.add(hex);
    this.view = frame.view; this.sel = null;
    if (!this.legal().choose_hand) this.chosen.clear();
    const playing = this.root.contains(document.activeElement) && document.activeElement !== this.root;
    keepFocus(this.root, () => this.render());
    // keyboard play: after a move, focus goes back to the hand (first playable tile, or End turn)
    if (playing && !this.root.contains(document.activeElement)) {
      this.handEl.querySelector("button.tile:not([disabled]), [data-act]")?.focus({ preventScroll: true });
    }
  }

  legal() { return (this.seat !== null && this.view?.legal) || {}; }

  send(move) {
    this.host.send(move);
    this.sel = null;
    this.render();
  }

  // -- clicks ------------------------------------------------------------------------------

  // A tile chosen with the keyboard sends focus to the board's first highlighted hex (the arrow
  // keys then move between them); chosen with the mouse, focus stays on the tile.
  selectTile(tile, byKeyboard = false) {
    keepFocus(this.root, () => this.pickTile(tile));
    if (byKeyboard && this.sel) this.boardEl.querySelector('[tabindex="0"]')?.focus({ preventScroll: true });
  }

  pickTile(tile) {
    const legal = this.legal();
    if (this.sel?.tile === tile) this.sel = null;
    else if (tile === "figure_swap" && legal.figure_swap) this.sel = { kind: "fswap", tile };
    else if (tile === "tile_swap" && legal.tile_swap) this.sel = { kind: "tswap", tile };
    else if (legal.place?.[tile]) this.sel = { kind: "place", tile };
    this.render();
  }

  clickHex(hex) {
    const legal = this.legal(), sel = this.sel;
    if (!sel) return;
    if (sel.kind === "place" && legal.place?.[sel.tile]?.includes(hex)) return this.send({ type: "place", tile: sel.tile, hex });
    if (sel.kind === "tswap" && !sel.from && legal.tile_swap?.[hex]) { sel.from = hex; return this.render(); }
    if (sel.kind === "tswap" && sel.from && legal.tile_swap[sel.from].includes(hex)) return this.send({ type: "tile_swap", from: sel.from, to: hex });
    if (sel.kind === "setup" && legal.place_figure?.[hex]?.includes(sel.figure)) return this.send({ type: "place_figure", settlement: hex, figure: sel.figure });
  }

  clickFigure(settlement, figure) {
    const sel = this.sel;
    if (sel?.kind !== "fswap") return;
    if (!sel.a) { sel.a = { settlement, figure }; return this.render(); }
    if (sel.a.settlement === settlement && sel.a.figure === figure) { sel.a = null; return this.render(); }
    const pair = swapPairs(this.legal()).find(([a, b]) => same(a, sel.a) && same(b, { settlement, figure }) || same(b, sel.a) && same(a, { settlement, figure }));
    if (pair) this.send({ type: "figure_swap", a: pair[0], b: pair[1] });
  }

  // -- drawing ----------------------------------------------------------------------------

  boardOptions() {
    const legal = this.legal(), sel = this.sel, opts = { lastHexes: this.lastHexes };
    if (sel?.kind === "place") opts.targets = new Set(legal.place[sel.tile] || []);
    if (sel?.kind === "tswap") {
      if (sel.from) opts.targets = new Set(legal.tile_swap[sel.from]);
      else opts.sources = new Set(Object.keys(legal.tile_swap));
    }
    if (sel?.kind === "setup") {
      opts.targets = new Set(Object.entries(legal.place_figure || {}).filter(([, f]) => f.includes(sel.figure)).map(([s]) => s));
    }
    if (sel?.kind === "fswap") {
      opts.figurePicks = figurePicks(swapPairs(legal), sel.a);
      opts.picked = sel.a;
    }
    return opts;
  }

  render() {
    if (!this.view) return;
    this.boardEl.innerHTML = boardSvg(this.geometry, this.view, this.boardOptions());
    this.pz.apply();
    this.root.querySelector("#status").innerHTML = this.statusHtml();
    this.root.querySelector("#side").innerHTML = finalPanel(this.view, this.info.seats, this.info.finished && this.info.winners) +
      playersPanel(this.view, this.info.seats, this.seat) + logPanel(this.lines) + legendHtml(this.seat !== null);
    this.renderHand();
  }

  statusHtml() {
    const v = this.view, seats = this.info.seats;
    const dot = (s) => `<span class="turn-dot" style="background:${SEAT_COLORS[s]}"></span>`;
    const watching = this.seat === null ? ` <span class="muted">· spectating</span>` : "";
    if (v.finished) return `Game over${watching}`;
    if (v.phase === "choose") {
      const waiting = v.to_act.map((s) => esc(seatName(seats, s))).join(", ");
      return `Opening hands: waiting for ${waiting}${watching}`;
    }
    const actor = v.to_act[0];
    const mine = actor === this.seat;
    const phase = v.phase === "setup" ? " — place a figure" : "";
    return `${dot(actor)} ${mine ? "<strong>Your turn</strong>" : `${esc(seatName(seats, actor))} to play`}${phase}${watching}`;
  }

  renderHand() {
    if (this.seat === null || this.view.finished) { this.handEl.innerHTML = ""; return; }
    const legal = this.legal(), v = this.view;
    if (legal.choose_hand) return this.renderChooseHand(legal.choose_hand);
    if (legal.place_figure) return this.renderSetup(legal.place_figure);
    const hand = v.hand || [];
    const playable = (t) => (t === "figure_swap" ? !!legal.figure_swap : t === "tile_swap" ? !!legal.tile_swap : !!legal.place?.[t]);
    const tiles = hand.map((t) => tileButton(t, this.seat, {
      selected: this.sel?.tile === t, disabled: !playable(t), draggable: !!legal.place?.[t],
    })).join("");
    const actions = [
      legal.end_turn ? `<button class="primary" data-act="end_turn">End turn</button>` : "",
      legal.pass ? `<button class="primary" data-act="pass">Pass</button>` : "",
      this.sel ? `<button data-act="cancel">Cancel (Esc)</button>` : "",
    ].join("");
    this.handEl.innerHTML = `<div class="card"><h3>Your hand</h3><div class="hand" role="group" aria-label="Your hand">${tiles || "<span class=muted>empty</span>"}</div>` +
      `<div class="actions">${actions}</div><div class="hint">${this.hint()}</div></div>`;
    this.handEl.querySelectorAll("[data-tile]").forEach((b) => {
      b.addEventListener("click", (event) => this.selectTile(b.dataset.tile, event.detail === 0));
      b.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("text/plain", b.dataset.tile);
        this.sel = { kind: "place", tile: b.dataset.tile };
        this.boardEl.innerHTML = boardSvg(this.geometry, this.view, this.boardOptions());
        this.pz.apply();
      });
    });
    this.bindActions();
  }

  hint() {
    const sel = this.sel, legal = this.legal();
    if (this.view.finished) return "";
    if (!Object.keys(legal).length) return `<span class="muted">Waiting for the other players…</span>`;
    if (!sel) {
      const turn = this.view.turn;
      if (legal.pass) return "No tile in your hand can be played: pass.";
      return turn.placed_any ? "Play a fast tile (»), or end your turn." : "Pick a tile, then a highlighted hex (or drag it there). A normal tile ends your turn by itself; fast tiles (») may come first. Point at a settlement to see everyone's influence on it.";
    }
    if (sel.kind === "place") return `Place ${tileName(sel.tile)} on a highlighted ${tileInfo(sel.tile).sea ? "sea" : "land"} hex.`;
    if (sel.kind === "tswap") return sel.from ? `Move it to a highlighted empty land hex.` : "Pick one of your non-fast tiles (outlined) to move.";
    if (sel.kind === "fswap") return sel.a ? `Swap the ${figureName(sel.a.figure)} in ${hexLabel(sel.a.settlement)} with which figure?` : "Pick the first figure to swap.";
    return "";
  }

  renderSetup(placeFigure) {
    const allowed = new Set(Object.values(placeFigure).flat());
    const buttons = FIGURES.map((f) => `<button data-figure="${f}" ${allowed.has(f) ? "" : "disabled"} aria-pressed="${this.sel?.figure === f}" class="${this.sel?.figure === f ? "primary" : ""}">` +
      `<svg width="22" height="22" viewBox="-11 -11 22 22" aria-hidden="true">${figureShape(f, 0, 0, 8)}</svg> ${figureName(f)} (${this.view.supply[f]} left)</button>`).join("");
    this.handEl.innerHTML = `<div class="card"><h3>Setup: place a figure</h3><div class="setup-figs">${buttons}</div>` +
      `<div class="hint">${this.sel ? `Pick a highlighted settlement for the ${figureName(this.sel.figure)}.` : "Choose a figure type, then a settlement."}</div></div>`;
    this.handEl.querySelectorAll("[data-figure]").forEach((b) => b.addEventListener("click", () => {
      this.sel = { kind: "setup", figure: b.dataset.figure };
      this.render();
    }));
  }

  renderChooseHand(choice) {
    const tiles = choice.from.map((t) => tileButton(t, this.seat, { selected: this.chosen.has(t), pressed: true })).join("");
    const ready = this.chosen.size === choice.count;
    this.handEl.innerHTML = `<div class="card"><h3>Choose your opening hand (${this.chosen.size}/${choice.count})</h3>` +
      `<div class="hand">${tiles}</div><div class="actions"><button class="primary" data-act="choose" ${ready ? "" : "disabled"}>Confirm hand</button></div>` +
      `<div class="hint">Your choice stays secret; the other tiles become your shuffled draw stack.</div></div>`;
    this.handEl.querySelectorAll("[data-tile]").forEach((b) => b.addEventListener("click", () => {
      const t = b.dataset.tile;
      if (this.chosen.has(t)) this.chosen.delete(t); else if (this.chosen.size < choice.count) this.chosen.add(t);
      this.renderHand();
    }));
    this.bindActions();
  }

  bindActions() {
    this.handEl.querySelectorAll("[data-act]").forEach((b) => b.addEventListener("click", () => {
      const act = b.dataset.act;
      if (act === "cancel") { this.sel = null; this.render(); }
      else if (act === "choose") this.send({ type: "choose_hand", tiles: [...this.chosen] });
      else this.send({ type: act });
    }));
  }
}

export function tileButton(tile, seat, { selected = false, disabled = false, draggable = false, pressed = false } = {}) {
  const info = tileInfo(tile);
  const mark = `<svg width="22" height="14" viewBox="-11 -7 22 14" aria-hidden="true">${miniMark(info)}</svg>`;
  const value = info.kind.endsWith("_swap") ? "⇆" : info.value;
  const cls = `tile${selected ? (pressed ? " chosen" : " selected") : ""}${disabled ? " unplayable" : ""}`;
  const aria = pressed ? ` aria-pressed="${selected}"` : "";
  return `<button class="${cls}" data-tile="${tile}" style="background:${SEAT_COLORS[seat ?? 0]}" title="${tileName(tile)}${info.fast ? " (fast)" : ""}"` +
    `${disabled ? " disabled" : ""}${draggable ? ' draggable="true"' : ""}${aria} aria-label="${tileName(tile)}${info.fast ? ", fast" : ""}">` +
    `${info.fast ? '<span class="fast" aria-hidden="true">»</span>' : ""}<span class="v">${value}</span>${mark}<span class="k">${shortKind(info)}</span></button>`;
}

function shortKind(info) {
  return { figure_swap: "figures", tile_swap: "tiles" }[info.kind] || info.kind;
}

function miniMark(info) {
  if (FIGURES.includes(info.kind)) return figureShape(info.kind, 0, 0, 5);
  if (info.kind === "ship") return `<path d="M-7 1 h14 l-3 4 h-8 z M0 1 v-7 l5 5 z" fill="#fff"/>`;
  if (info.kind === "samurai" || info.kind === "ronin") return [-6, 0, 6].map((x, i) => `<circle cx="${x}" cy="0" r="2.4" fill="${["#e9d7ff", "#fff3b0", "#e0e0e0"][i]}"/>`).join("");
  return "";
}

function swapPairs(legal) {
  return (legal.figure_swap || []).map(([as, af, bs, bf]) => [{ settlement: as, figure: af }, { settlement: bs, figure: bf }]);
}

const same = (x, y) => x.settlement === y.settlement && x.figure === y.figure;

function figurePicks(pairs, first) {
  const picks = new Map();
  const add = (p) => { if (!picks.has(p.settlement)) picks.set(p.settlement, new Set()); picks.get(p.settlement).add(p.figure); };
  for (const [a, b] of pairs) {
    if (!first) { add(a); add(b); }
    else if (same(a, first)) add(b);
    else if (same(b, first)) add(a);
  }
  if (first) add(first);
  return picks;
}

function lastHexes(frame) {
  const hexes = new Set();
  const move = frame.last_move?.move;
  if (move?.hex) hexes.add(move.hex);
  if (move?.to) hexes.add(move.to);
  return hexes;
}

function legendHtml(playing) {
  return `<div class="legend muted"><span>» fast tile</span><span><span class="fig buddha"><i></i></span> Buddha</span>` +
    `<span><span class="fig rice"><i></i></span> Rice</span><span><span class="fig castle"><i></i></span> Castle</span>${playing ? "<span>Esc cancels</span>" : ""}</div>`;
}
