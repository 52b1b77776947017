"""Every Samurai rule as pure functions over `State` (see shared/rules/samurai.md).

`apply_move` validates completely before it builds the next state, so a rejected move never
changes anything; every rejection names the rule that was broken.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import IllegalMove, MalformedMove, Rng, seed_state
from daimyo_rules.samurai.board import Board, Settlement, board_for
from daimyo_rules.samurai.moves import (
    ChooseHand,
    EndTurn,
    FigureSwap,
    Move,
    Pass,
    Place,
    PlaceFigure,
    TileSwap,
    canonical_hand,
)
from daimyo_rules.samurai.options import FigureSwaps, Hands, Listed, MoveList, Placements, TileSwaps
from daimyo_rules.samurai.state import CHOOSE, OVER, PLAY, SETUP, Counts, State, evolve
from daimyo_rules.samurai.tiles import (
    FIGURE_INDEX,
    FIGURE_TYPES,
    FIGURES_PER_TYPE,
    HAND_SIZE,
    TILE_BY_ID,
    TILE_IDS,
    TILE_ORDER,
    influence,
)

MAX_SET_ASIDE = 4
Effects = list[dict[str, Any]]

# ---------------------------------------------------------------- configuration and setup


def parse_config(config: Any) -> tuple[int, bool, tuple[tuple[str, ...] | None, ...]]:
    """(players, random_setup, draw orders per seat) from a table config; MalformedMove if bad."""
    if not isinstance(config, dict):
        raise MalformedMove("config must be a JSON object")
    players = config.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or players not in FIGURES_PER_TYPE:
        raise MalformedMove(f"Samurai is for 2, 3 or 4 players, not {players!r}")
    random_setup = config.get("random_setup", True)
    if not isinstance(random_setup, bool):
        raise MalformedMove("random_setup must be true or false")
    return players, random_setup, _draw_orders(config.get("draw_stacks"), players)


def _draw_orders(raw: Any, players: int) -> tuple[tuple[str, ...] | None, ...]:
    if raw is None:
        return (None,) * players
    if not isinstance(raw, dict):
        raise MalformedMove("draw_stacks must map seats to lists of tile ids")
    orders: list[tuple[str, ...] | None] = [None] * players
    for key, tiles in raw.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise MalformedMove(f"draw_stacks names seat {key!r}, not a seat of this game")
        if not isinstance(tiles, list) or any(t not in TILE_BY_ID for t in tiles):
            raise MalformedMove(f"draw_stacks for seat {seat} must list known tile ids")
        if len(set(tiles)) != len(tiles):
            raise MalformedMove(f"draw_stacks for seat {seat} lists a tile twice")
        orders[seat] = tuple(tiles)
    return tuple(orders)


def new_game(config: Any, seed: int) -> State:
    players, random_setup, draw_orders = parse_config(config)
    board = board_for(players)
    figures: list[tuple[str, ...]] = [()] * len(board.settlements)
    figures[board.edo] = tuple(sorted(FIGURE_TYPES))
    each = FIGURES_PER_TYPE[players] - 1
    state = State(
        players=players, phase=SETUP, current=0, tiles=(None,) * len(board.hexes),
        figures=tuple(figures), supply=(each, each, each), hands=((),) * players,
        stacks=((),) * players, chosen=(False,) * players, captured=((0, 0, 0),) * players,
        set_aside=(0, 0, 0), placed_normal=False, placed_any=False, rng=seed_state(seed),
        moves_applied=0, draw_orders=draw_orders, effects=(), winners=(),
        empty_land=len(board.land), empty_sea=len(board.sea),
    )
    return _random_setup(state, board) if random_setup else state


def _random_setup(state: State, board: Board) -> State:
    """The beginner's tip: figures dealt at random, opening hands drawn at random."""
    rng = Rng(state.rng)
    pool = [t for t, n in zip(FIGURE_TYPES, state.supply, strict=True) for _ in range(n)]
    figures = list(state.figures)
    for city in board.cities:
        first = pool.pop(rng.below(len(pool)))
        others = [i for i, t in enumerate(pool) if t != first]
        second = pool.pop(others[rng.below(len(others))])
        figures[city] = tuple(sorted((first, second)))
    pool = rng.shuffled(pool)
    for village in board.villages:
        figures[village] = (pool.pop(),)
    hands, stacks = [], []
    for seat in range(state.players):
        hand, stack = _deal_random_hand(rng, state.draw_orders[seat])
        hands.append(hand)
        stacks.append(stack)
    return evolve(state, phase=PLAY, figures=tuple(figures), supply=(0, 0, 0), hands=tuple(hands),
                  stacks=tuple(stacks), chosen=(True,) * state.players, rng=rng.state)


def _deal_random_hand(rng: Rng, order: tuple[str, ...] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    listed = order or ()
    rest = rng.shuffled([t for t in TILE_IDS if t not in listed])
    if len(listed) == len(TILE_IDS) - HAND_SIZE:
        return canonical_hand(rest), listed
    full = (*listed, *rest)
    return canonical_hand(full[:HAND_SIZE]), tuple(full[HAND_SIZE:])


# ---------------------------------------------------------------- who acts


def to_act(state: State) -> list[int]:
    if state.phase == CHOOSE:
        return [s for s in range(state.players) if not state.chosen[s]]
    if state.phase == OVER:
        return []
    return [state.current]


def _require_turn(state: State, seat: Any) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise MalformedMove(f"seat must be 0..{state.players - 1}, not {seat!r}")
    if state.phase == OVER:
        raise IllegalMove("the game is over")
    if seat not in to_act(state):
        if state.phase == CHOOSE:
            raise IllegalMove(f"seat {seat} has already chosen its opening hand")
        raise IllegalMove(f"it is seat {state.current}'s turn, not seat {seat}'s")


# ---------------------------------------------------------------- applying a move


def apply_move(state: State, seat: int, move: Move) -> State:
    _require_turn(state, seat)
    board = board_for(state.players)
    kind = move.kind
    if state.phase == SETUP and kind != "place_figure":
        raise IllegalMove(f"during setup figures are placed on settlements; {kind} is not allowed yet")
    if state.phase == CHOOSE and kind != "choose_hand":
        raise IllegalMove(f"every seat must choose its opening hand first; {kind} is not allowed yet")
    if state.phase == PLAY and kind in ("place_figure", "choose_hand"):
        raise IllegalMove(f"{kind} belongs to the setup, which is over")
    handler = _HANDLERS[kind]
    new: State = handler(state, board, seat, move)
    return evolve(new, moves_applied=state.moves_applied + 1)


def _apply_place_figure(state: State, board: Board, seat: int, move: PlaceFigure) -> State:
    target = _settlement(board, move.settlement)
    cities_open = any(len(state.figures[c]) < 2 for c in board.cities)
    if target.kind == "edo":
        raise IllegalMove(f"{target.id} is Edo, which starts with one figure of each type")
    if target.kind == "village" and cities_open:
        raise IllegalMove(
            f"villages are filled only after every city holds 2 figures ({target.id} is a village)")
    present = state.figures[target.index]
    if len(present) >= target.capacity:
        raise IllegalMove(f"{target.id} is full")
    if move.figure in present:
        raise IllegalMove(f"{target.id} already holds a {move.figure}: a city never holds two of one type")
    kind_index = FIGURE_INDEX[move.figure]
    if state.supply[kind_index] == 0:
        raise IllegalMove(f"no {move.figure} figure is left in the supply")
    figures = _replace(state.figures, target.index, tuple(sorted((*present, move.figure))))
    supply = _add(state.supply, kind_index, -1)
    effects = [{"type": "figure_placed", "seat": seat, "settlement": target.id, "figure": move.figure}]
    if sum(supply):
        return evolve(state, figures=figures, supply=supply, current=(seat + 1) % state.players,
                      effects=tuple(effects))
    effects.append({"type": "figures_placed"})
    return evolve(state, figures=figures, supply=supply, phase=CHOOSE, effects=tuple(effects))


def _apply_choose_hand(state: State, board: Board, seat: int, move: ChooseHand) -> State:
    if len(move.tiles) != HAND_SIZE or len(set(move.tiles)) != HAND_SIZE:
        raise IllegalMove(f"an opening hand is exactly {HAND_SIZE} different tiles")
    hands = _replace(state.hands, seat, canonical_hand(move.tiles))
    chosen = _replace(state.chosen, seat, True)
    effects: Effects = [{"type": "hand_chosen", "seat": seat}]
    new = evolve(state, hands=hands, chosen=chosen, effects=tuple(effects))
    return _start_play(new, effects) if all(chosen) else new


def _start_play(state: State, effects: Effects) -> State:
    rng = Rng(state.rng)
    stacks = tuple(_draw_stack(rng, state.hands[s], state.draw_orders[s]) for s in range(state.players))
    effects.append({"type": "play_started", "seat": 0})
    return evolve(state, phase=PLAY, current=0, stacks=stacks, rng=rng.state, effects=tuple(effects))


def _draw_stack(rng: Rng, hand: tuple[str, ...], order: tuple[str, ...] | None) -> tuple[str, ...]:
    """The face-down stack: the configured order (without the hand), the rest shuffled after it."""
    listed = tuple(t for t in (order or ()) if t not in hand)
    rest = [t for t in TILE_IDS if t not in hand and t not in listed]
    return (*listed, *rng.shuffled(rest))


def _apply_place(state: State, board: Board, seat: int, move: Place) -> State:
    tile = TILE_BY_ID[move.tile]
    _require_in_hand(state, seat, move.tile)
    if not tile.on_board:
        raise IllegalMove("figure_swap is played with a figure_swap move, never placed on the board")
    if tile.id == "tile_swap":
        raise IllegalMove("tile_swap is played with a tile_swap move (from one of your tiles to a land hex)")
    _require_normal_allowed(state, tile.id)
    target = _hex(board, move.hex)
    _require_empty_for(state, board, target, tile.id, tile.at_sea)
    tiles = _replace(state.tiles, target, (seat, tile.id))
    effects: Effects = [{"type": "placed", "seat": seat, "tile": tile.id, "hex": move.hex}]
    new = evolve(
        state, tiles=tiles, hands=_replace(state.hands, seat, _without(state.hands[seat], tile.id)),
        placed_normal=state.placed_normal or not tile.fast, placed_any=True,
        empty_land=state.empty_land - (not tile.at_sea), empty_sea=state.empty_sea - tile.at_sea,
    )
    return _after_placement(_resolve_captures(new, board, target, seat, effects), board, seat, effects)


def _apply_figure_swap(state: State, board: Board, seat: int, move: FigureSwap) -> State:
    _require_in_hand(state, seat, "figure_swap")
    a, b = _settlement(board, move.a_settlement), _settlement(board, move.b_settlement)
    if a.index == b.index:
        raise IllegalMove("figure_swap exchanges figures on two different settlements")
    for place, figure in ((a, move.a_figure), (b, move.b_figure)):
        if figure not in state.figures[place.index]:
            raise IllegalMove(f"there is no {figure} on {place.id}")
    after_a = _swapped(state.figures[a.index], move.a_figure, move.b_figure)
    after_b = _swapped(state.figures[b.index], move.b_figure, move.a_figure)
    for place, after in ((a, after_a), (b, after_b)):
        if len(set(after)) != len(after):
            raise IllegalMove(f"after the swap {place.id} would hold two figures of one type")
    figures = _replace(_replace(state.figures, a.index, after_a), b.index, after_b)
    effects: Effects = [{"type": "figures_swapped", "seat": seat,
                         "a": {"settlement": a.id, "figure": move.a_figure},
                         "b": {"settlement": b.id, "figure": move.b_figure}}]
    new = evolve(state, figures=figures, placed_any=True,
                 hands=_replace(state.hands, seat, _without(state.hands[seat], "figure_swap")))
    return _after_placement(new, board, seat, effects)


def _apply_tile_swap(state: State, board: Board, seat: int, move: TileSwap) -> State:
    _require_in_hand(state, seat, "tile_swap")
    _require_normal_allowed(state, "tile_swap")
    source, target = _hex(board, move.from_hex), _hex(board, move.to_hex)
    occupant = state.tiles[source]
    if occupant is None or occupant[0] != seat:
        raise IllegalMove(f"tile_swap moves one of your own tiles, and {move.from_hex} holds none of yours")
    moved = TILE_BY_ID[occupant[1]]
    if moved.fast:
        raise IllegalMove(f"tile_swap moves only a non-fast tile; {moved.id} is fast")
    _require_empty_for(state, board, target, moved.id, at_sea=False)
    tiles = _replace(_replace(state.tiles, source, (seat, "tile_swap")), target, (seat, moved.id))
    effects: Effects = [{"type": "tiles_swapped", "seat": seat, "tile": moved.id,
                         "from": move.from_hex, "to": move.to_hex}]
    new = evolve(state, tiles=tiles, placed_normal=True, placed_any=True, empty_land=state.empty_land - 1,
                 hands=_replace(state.hands, seat, _without(state.hands[seat], "tile_swap")))
    return _after_placement(_resolve_captures(new, board, target, seat, effects), board, seat, effects)


def _apply_end_turn(state: State, board: Board, seat: int, move: EndTurn) -> State:
    if not state.placed_any:
        raise IllegalMove("a turn ends only after at least one placement")
    return _end_turn(state, board, seat, [])


def _apply_pass(state: State, board: Board, seat: int, move: Pass) -> State:
    if state.placed_any:
        raise IllegalMove("pass is only for a turn with no placement; use end_turn")
    if can_play(state, board, seat, normal_allowed=True):
        raise IllegalMove(f"seat {seat} can still place a tile, so it may not pass")
    return _end_turn(state, board, seat, [{"type": "passed", "seat": seat}])


_HANDLERS: dict[str, Any] = {
    "place_figure": _apply_place_figure,
    "choose_hand": _apply_choose_hand,
    "place": _apply_place,
    "figure_swap": _apply_figure_swap,
    "tile_swap": _apply_tile_swap,
    "end_turn": _apply_end_turn,
    "pass": _apply_pass,
}

# ---------------------------------------------------------------- validation helpers


def _settlement(board: Board, hex_id: str) -> Settlement:
    index = board.index.get(hex_id)
    if index is None:
        raise IllegalMove(f"{hex_id} is not a hex of the {board.players}-player board")
    settlement = board.settlement_at.get(index)
    if settlement is None:
        raise IllegalMove(f"{hex_id} is {board.hexes[index].kind}, not a settlement")
    return board.settlements[settlement]


def _hex(board: Board, hex_id: str) -> int:
    index = board.index.get(hex_id)
    if index is None:
        raise IllegalMove(f"{hex_id} is not a hex of the {board.players}-player board")
    return index


def _require_in_hand(state: State, seat: int, tile_id: str) -> None:
    if tile_id not in state.hands[seat]:
        raise IllegalMove(f"seat {seat} has no {tile_id} in hand")


def _require_normal_allowed(state: State, tile_id: str) -> None:
    if state.placed_normal and not TILE_BY_ID[tile_id].fast:
        raise IllegalMove(
            f"only one non-fast tile per turn, and one was already played; {tile_id} is not fast")


def _require_empty_for(state: State, board: Board, target: int, tile_id: str, at_sea: bool) -> None:
    info = board.hexes[target]
    if info.kind in ("village", "city", "edo"):
        raise IllegalMove(f"{info.id} is a {info.kind}: nothing is ever placed on a settlement")
    if at_sea and info.kind != "sea":
        raise IllegalMove(f"{tile_id} must go on a sea hex, {info.id} is {info.kind}")
    if not at_sea and info.kind != "land":
        raise IllegalMove(f"{tile_id} must go on a land hex, {info.id} is {info.kind}")
    occupant = state.tiles[target]
    if occupant is not None:
        raise IllegalMove(f"{info.id} is occupied by seat {occupant[0]}'s {occupant[1]}")


# ---------------------------------------------------------------- captures and turn end


def _resolve_captures(state: State, board: Board, placed: int, seat: int, effects: Effects) -> State:
    """Resolve every settlement the placement on `placed` surrounds (fixed order, see rules)."""
    figures, captured, set_aside = state.figures, state.captured, state.set_aside
    tiles = state.tiles
    for index in board.touching[placed]:
        present = figures[index]
        settlement = board.settlements[index]
        if not present or any(tiles[h] is None for h in settlement.land):
            continue
        for figure in sorted(present, key=FIGURE_INDEX.__getitem__):
            totals = _influence(state, settlement, figure)
            best = max(totals)
            winners = [s for s, v in enumerate(totals) if v == best]
            kind = FIGURE_INDEX[figure]
            result: dict[str, Any] = {"settlement": settlement.id, "figure": figure,
                                      "influence": totals, "active_seat": seat}
            if len(winners) == 1:
                captured = _replace(captured, winners[0], _add(captured[winners[0]], kind, 1))
                effects.append({"type": "captured", "seat": winners[0], **result})
            else:
                set_aside = _add(set_aside, kind, 1)
                effects.append({"type": "set_aside", **result})
        figures = _replace(figures, index, ())
    if figures is state.figures:
        return state
    return evolve(state, figures=figures, captured=captured, set_aside=set_aside)


def _influence(state: State, settlement: Settlement, figure: str) -> list[int]:
    totals = [0] * state.players
    for h in settlement.around:
        occupant = state.tiles[h]
        if occupant is not None:
            totals[occupant[0]] += influence(occupant[1], figure)
    return totals


def _after_placement(state: State, board: Board, seat: int, effects: Effects) -> State:
    """The turn goes on while a tile in hand can still be played; otherwise it ends at once."""
    if can_play(state, board, seat, normal_allowed=not state.placed_normal):
        return evolve(state, effects=tuple(effects))
    effects.append({"type": "turn_ended_automatically", "seat": seat})
    return _end_turn(state, board, seat, effects)


def _end_turn(state: State, board: Board, seat: int, effects: Effects) -> State:
    hand, stack = state.hands[seat], state.stacks[seat]
    drawn = stack[: max(0, HAND_SIZE - len(hand))]
    effects.append({"type": "turn_ended", "seat": seat, "drew": list(drawn)})
    state = evolve(
        state,
        hands=_replace(state.hands, seat, canonical_hand((*hand, *drawn))),
        stacks=_replace(state.stacks, seat, stack[len(drawn):]),
        placed_normal=False, placed_any=False,
    )
    reason = end_reason(state, board)
    if reason is None:
        return evolve(state, current=(seat + 1) % state.players, effects=tuple(effects))
    leaders, winners = score(state.captured)
    effects.append({"type": "game_finished", "reason": reason, "winners": winners,
                    "leaders": leaders})
    return evolve(state, phase=OVER, winners=tuple(winners), effects=tuple(effects))


def end_reason(state: State, board: Board) -> str | None:
    on_board = [0, 0, 0]
    for present in state.figures:
        for figure in present:
            on_board[FIGURE_INDEX[figure]] += 1
    gone = [t for t, n in zip(FIGURE_TYPES, on_board, strict=True) if n == 0]
    if gone:
        return f"no {' or '.join(gone)} figure remains on the board"
    if sum(state.set_aside) >= MAX_SET_ASIDE:
        return f"{sum(state.set_aside)} figures have been set aside through ties"
    if not any(can_play(state, board, s, normal_allowed=True) for s in range(state.players)):
        return "no player can place a tile any more"
    return None


def can_play(state: State, board: Board, seat: int, normal_allowed: bool) -> bool:
    """Whether any tile in `seat`'s hand can legally be played now."""
    for tile_id in state.hands[seat]:
        tile = TILE_BY_ID[tile_id]
        if not tile.fast and not normal_allowed:
            continue
        if tile_id == "figure_swap":
            if _any_figure_swap(state, board):
                return True
        elif tile_id == "tile_swap":
            if state.empty_land and _own_movable(state, board, seat):
                return True
        elif (state.empty_sea if tile.at_sea else state.empty_land) > 0:
            return True
    return False


def _own_movable(state: State, board: Board, seat: int) -> list[int]:
    return [h for h in board.land
            if (t := state.tiles[h]) is not None and t[0] == seat and not TILE_BY_ID[t[1]].fast]


def _figure_spots(state: State, board: Board) -> list[tuple[int, str]]:
    return [(i, f) for i, present in enumerate(state.figures) for f in present]


def _swap_ok(state: State, a: int, fa: str, b: int, fb: str) -> bool:
    if fa == fb:
        return True
    return fb not in state.figures[a] and fa not in state.figures[b]


def _any_figure_swap(state: State, board: Board) -> bool:
    spots = _figure_spots(state, board)
    return any(_swap_ok(state, a, fa, b, fb)
               for n, (a, fa) in enumerate(spots) for b, fb in spots[n + 1:] if a != b)


# ---------------------------------------------------------------- legal moves


def legal_moves(state: State, seat: int) -> MoveList:
    if state.phase == OVER or seat not in to_act(state):
        return MoveList([])
    board = board_for(state.players)
    if state.phase == SETUP:
        return MoveList([Listed(_figure_placements(state, board))])
    if state.phase == CHOOSE:
        return MoveList([Hands(TILE_IDS, HAND_SIZE)])
    return MoveList(_play_segments(state, board, seat))


def _figure_placements(state: State, board: Board) -> list[Move]:
    cities_open = [c for c in board.cities if len(state.figures[c]) < 2]
    targets = cities_open or [v for v in board.villages if not state.figures[v]]
    types = [t for t, n in zip(FIGURE_TYPES, state.supply, strict=True) if n > 0]
    return [PlaceFigure(board.settlements[s].id, t) for s in targets for t in types
            if t not in state.figures[s]]


def _play_segments(state: State, board: Board, seat: int) -> list[Any]:
    hand = state.hands[seat]
    normal = not state.placed_normal
    playable = [t for t in hand if (normal or TILE_BY_ID[t].fast) and TILE_BY_ID[t].on_board
                and t != "tile_swap"]
    land_tiles = tuple(t for t in playable if not TILE_BY_ID[t].at_sea)
    sea_tiles = tuple(t for t in playable if TILE_BY_ID[t].at_sea)
    empty_land = tuple(board.hexes[h].id for h in board.land if state.tiles[h] is None)
    empty_sea = tuple(board.hexes[h].id for h in board.sea if state.tiles[h] is None)
    segments: list[Any] = [Placements(land_tiles, empty_land), Placements(sea_tiles, empty_sea)]
    if normal and "tile_swap" in hand:
        sources = tuple(board.hexes[h].id for h in _own_movable(state, board, seat))
        segments.append(TileSwaps(sources, empty_land))
    if "figure_swap" in hand:
        segments.append(FigureSwaps(figure_swaps(state, board)))
    if state.placed_any:
        segments.append(Listed([EndTurn()]))
    elif not can_play(state, board, seat, normal_allowed=True):
        segments.append(Listed([Pass()]))
    return segments


def figure_swaps(state: State, board: Board) -> list[Move]:
    spots = _figure_spots(state, board)
    ids = [s.id for s in board.settlements]
    return [FigureSwap(ids[a], fa, ids[b], fb)
            for n, (a, fa) in enumerate(spots) for b, fb in spots[n + 1:]
            if a != b and _swap_ok(state, a, fa, b, fb)]


# ---------------------------------------------------------------- scoring


def score(captured: tuple[Counts, ...]) -> tuple[dict[str, int | None], list[int]]:
    """(leader per figure type, winners) by the scoring rules and every tie-break."""
    leaders: dict[str, int | None] = {}
    for kind, figure in enumerate(FIGURE_TYPES):
        counts = [c[kind] for c in captured]
        best = max(counts)
        holders = [s for s, n in enumerate(counts) if n == best]
        leaders[figure] = holders[0] if len(holders) == 1 and best > 0 else None
    tokens = [sum(1 for s in leaders.values() if s == seat) for seat in range(len(captured))]
    most = max(tokens)
    if most == 0:
        return leaders, _best(list(range(len(captured))), lambda s: sum(captured[s]))
    contenders = [s for s in range(len(captured)) if tokens[s] == most]
    if len(contenders) == 1:
        return leaders, contenders

    def unled(seat: int) -> int:
        return sum(n for kind, n in enumerate(captured[seat]) if leaders[FIGURE_TYPES[kind]] != seat)

    contenders = _best(contenders, unled)
    return leaders, _best(contenders, lambda s: sum(captured[s]))


def _best(seats: list[int], key: Any) -> list[int]:
    top = max(key(s) for s in seats)
    return [s for s in seats if key(s) == top]


# ---------------------------------------------------------------- tuple helpers


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1:])


def _add(counts: Counts, index: int, amount: int) -> Counts:
    values = list(counts)
    values[index] += amount
    return (values[0], values[1], values[2])


def _without(hand: tuple[str, ...], tile_id: str) -> tuple[str, ...]:
    position = hand.index(tile_id)
    return hand[:position] + hand[position + 1:]


def _swapped(present: tuple[str, ...], out: str, into: str) -> tuple[str, ...]:
    items = list(present)
    items[items.index(out)] = into
    return tuple(sorted(items))


__all__ = ["TILE_ORDER", "apply_move", "can_play", "legal_moves", "new_game", "score", "to_act"]
