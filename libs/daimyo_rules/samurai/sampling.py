"""Determinizations: full Samurai `State`s consistent with what one seat sees.

A bot only ever receives its seat's view. To search, it samples the hidden information —
other hands and every draw stack from each seat's remaining tiles, and in 3–4 player games
the types of other seats' captures from the figures that have left the board — so that the
view of the sampled state for that seat equals the view it was given. The engine offers it as
`SamuraiGame.sample_state`, the `Game` protocol's determinization for bots.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from daimyo_rules.core import MalformedMove, Rng
from daimyo_rules.samurai.board import Board, board_for
from daimyo_rules.samurai.moves import canonical_hand
from daimyo_rules.samurai.state import CHOOSE, SETUP, Counts, State
from daimyo_rules.samurai.tiles import FIGURE_TYPES, FIGURES_PER_TYPE, TILE_IDS


class InconsistentView(MalformedMove, ValueError):
    """The view cannot come from any Samurai state (e.g. a seat holds more tiles than it owns)."""


@dataclass(frozen=True)
class SeatTiles:
    """What a seat's 20 tiles may be: known hand (own seat only) and the unseen pool."""

    hand: tuple[str, ...] | None  # None: hidden, sampled from `unseen`
    unseen: tuple[str, ...]  # tiles neither on the board nor in a known hand
    hand_size: int
    stack_size: int


@dataclass(frozen=True)
class Knowledge:
    """Everything public or known to `seat`, parsed once; `sample` draws the rest."""

    seat: int
    base: State  # hands, stacks and hidden captures are placeholders
    seats: tuple[SeatTiles, ...]
    known_captures: tuple[Counts | None, ...]
    hidden_pool: tuple[int, ...]  # figure type indices captured by seats whose captures are hidden
    capture_totals: tuple[int, ...]

    def sample(self, rng: Rng) -> State:
        """One state consistent with the view (uniform over hands/stacks, and capture types)."""
        hands, stacks = zip(*(_deal(rng, tiles) for tiles in self.seats), strict=True)
        captured = _deal_captures(rng, self.known_captures, self.hidden_pool, self.capture_totals)
        base = self.base
        return State(
            players=base.players, phase=base.phase, current=base.current, tiles=base.tiles,
            figures=base.figures, supply=base.supply, hands=tuple(hands), stacks=tuple(stacks),
            chosen=base.chosen, captured=captured, set_aside=base.set_aside,
            placed_normal=base.placed_normal, placed_any=base.placed_any, rng=rng.next_u64(),
            moves_applied=base.moves_applied, draw_orders=base.draw_orders, effects=(),
            winners=(), empty_land=base.empty_land, empty_sea=base.empty_sea,
        )


def knowledge_from_view(view: dict[str, Any], seat: int) -> Knowledge:
    """Parse a seat's view; InconsistentView if it cannot be a Samurai view of that seat."""
    try:
        return _knowledge(view, seat)
    except (KeyError, TypeError, IndexError) as e:
        raise InconsistentView(f"not a Samurai seat view: {e!r}") from e


def _knowledge(view: dict[str, Any], seat: int) -> Knowledge:
    players = int(view["players"])
    if players not in FIGURES_PER_TYPE or not 0 <= seat < players:
        raise InconsistentView(f"seat {seat} is not a seat of a {players}-player game")
    board = board_for(players)
    tiles = _board_tiles(view["tiles"], board)
    figures = _board_figures(view["figures"], board)
    base = State(
        players=players, phase=view["phase"], current=int(view["current"]), tiles=tiles,
        figures=figures, supply=_counts(view["supply"]), hands=((),) * players,
        stacks=((),) * players, chosen=tuple(bool(c) for c in view["chosen"]),
        captured=((0, 0, 0),) * players, set_aside=_counts(view["set_aside"]),
        placed_normal=bool(view["turn"]["placed_normal"]), placed_any=bool(view["turn"]["placed_any"]),
        rng=0, moves_applied=int(view["moves_applied"]), draw_orders=(None,) * players, effects=(),
        winners=(), empty_land=sum(1 for h in board.land if tiles[h] is None),
        empty_sea=sum(1 for h in board.sea if tiles[h] is None),
    )
    seats = tuple(_seat_tiles(view, tiles, s, seat) for s in range(players))
    known = tuple(_known_captures(view, s) for s in range(players))
    totals = tuple(int(t) for t in view["captured_totals"])
    return Knowledge(seat, base, seats, known, _hidden_pool(base, known, totals), totals)


def _counts(values: dict[str, int]) -> Counts:
    return (int(values["buddha"]), int(values["rice"]), int(values["castle"]))


def _board_tiles(raw: dict[str, dict[str, Any]], board: Board) -> tuple[tuple[int, str] | None, ...]:
    tiles: list[tuple[int, str] | None] = [None] * len(board.hexes)
    for hex_id, tile in raw.items():
        tiles[board.index[hex_id]] = (int(tile["seat"]), str(tile["tile"]))
    return tuple(tiles)


def _board_figures(raw: dict[str, list[str]], board: Board) -> tuple[tuple[str, ...], ...]:
    figures: list[tuple[str, ...]] = [()] * len(board.settlements)
    for hex_id, present in raw.items():
        figures[board.settlement_at[board.index[hex_id]]] = tuple(sorted(present))
    return tuple(figures)


def _seat_tiles(view: dict[str, Any], tiles: tuple[tuple[int, str] | None, ...], s: int,
                me: int) -> SeatTiles:
    hand_size, stack_size = int(view["hand_sizes"][s]), int(view["stack_sizes"][s])
    hand = tuple(view["hand"]) if s == me else None
    remaining = Counter(TILE_IDS)
    remaining.subtract(t[1] for t in tiles if t is not None and t[0] == s)
    remaining.subtract(hand or ())
    if any(n < 0 for n in remaining.values()):
        raise InconsistentView(f"seat {s} shows a tile it does not own twice")
    unseen = [t for t in TILE_IDS if remaining[t] > 0]
    hidden = (0 if hand is not None else hand_size) + stack_size
    if len(unseen) == hidden + 1 and "figure_swap" in unseen:
        unseen.remove("figure_swap")  # played: it leaves the game without a trace on the board
    if view["phase"] not in (SETUP, CHOOSE) and len(unseen) != hidden:
        raise InconsistentView(f"seat {s} has {len(unseen)} unseen tiles but {hidden} hidden ones")
    return SeatTiles(hand, tuple(unseen), hand_size, stack_size)


def _deal(rng: Rng, tiles: SeatTiles) -> tuple[tuple[str, ...], tuple[str, ...]]:
    pool = rng.shuffled(tiles.unseen)
    if tiles.hand is not None:
        return tiles.hand, tuple(pool[: tiles.stack_size])
    hand = canonical_hand(pool[: tiles.hand_size])
    return hand, tuple(pool[tiles.hand_size: tiles.hand_size + tiles.stack_size])


def _known_captures(view: dict[str, Any], s: int) -> Counts | None:
    shown = view["captured"].get(str(s))
    return _counts(shown) if shown is not None else None


def _hidden_pool(base: State, known: tuple[Counts | None, ...], totals: tuple[int, ...]) -> tuple[int, ...]:
    """The types captured by seats whose captures are hidden: all that left the board, less
    what was set aside and what the known seats hold."""
    each = FIGURES_PER_TYPE[base.players]
    pool: list[int] = []
    for kind, name in enumerate(FIGURE_TYPES):
        on_board = sum(1 for present in base.figures for f in present if f == name)
        gone = each - on_board - base.supply[kind] - base.set_aside[kind]
        gone -= sum(c[kind] for c in known if c is not None)
        if gone < 0:
            raise InconsistentView(f"more {name} figures are accounted for than exist")
        pool.extend([kind] * gone)
    hidden_total = sum(t for t, c in zip(totals, known, strict=True) if c is None)
    if hidden_total != len(pool):
        raise InconsistentView(
            f"hidden captures total {hidden_total}, but {len(pool)} figures are unaccounted for")
    return tuple(pool)


def _deal_captures(rng: Rng, known: tuple[Counts | None, ...], pool: tuple[int, ...],
                   totals: tuple[int, ...]) -> tuple[Counts, ...]:
    shuffled = rng.shuffled(pool) if pool else []
    out: list[Counts] = []
    for counts, total in zip(known, totals, strict=True):
        if counts is not None:
            out.append(counts)
            continue
        taken, shuffled = shuffled[:total], shuffled[total:]
        out.append((taken.count(0), taken.count(1), taken.count(2)))
    return tuple(out)
