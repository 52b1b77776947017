"""Builders for Samurai positions used by the rule tests: a game in play with chosen figures,
tiles and hands, without replaying a whole setup."""

from __future__ import annotations

from typing import Any

from daimyo_rules import get_game
from daimyo_rules.samurai.board import board_for
from daimyo_rules.samurai.state import PLAY, State, evolve

GAME = get_game("samurai")


def position(
    players: int = 2,
    figures: dict[str, list[str]] | None = None,
    tiles: dict[str, tuple[int, str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    stacks: dict[int, list[str]] | None = None,
    current: int = 0,
    **changes: Any,
) -> State:
    """A game in play. `figures` replaces the settlements named (others keep the random deal);
    `tiles` puts (seat, tile) on hexes; `hands`/`stacks` replace those seats' tiles."""
    board = board_for(players)
    state = GAME.initial_state({"players": players, "random_setup": True}, 7)
    assert state.phase == PLAY
    new_figures = list(state.figures)
    for hex_id, present in (figures or {}).items():
        new_figures[board.settlement_at[board.index[hex_id]]] = tuple(sorted(present))
    new_tiles = list(state.tiles)
    for hex_id, occupant in (tiles or {}).items():
        new_tiles[board.index[hex_id]] = occupant
    new_hands = list(state.hands)
    for seat, hand in (hands or {}).items():
        new_hands[seat] = tuple(hand)
    new_stacks = list(state.stacks)
    for seat, stack in (stacks or {}).items():
        new_stacks[seat] = tuple(stack)
    return evolve(
        state, figures=tuple(new_figures), tiles=tuple(new_tiles), hands=tuple(new_hands),
        stacks=tuple(new_stacks), current=current,
        empty_land=sum(1 for h in board.land if new_tiles[h] is None),
        empty_sea=sum(1 for h in board.sea if new_tiles[h] is None),
        **changes,
    )


def settlement(players: int, hex_id: str) -> Any:
    board = board_for(players)
    return board.settlements[board.settlement_at[board.index[hex_id]]]


def land_around(players: int, hex_id: str) -> list[str]:
    board = board_for(players)
    return [board.hex_id(h) for h in settlement(players, hex_id).land]


def sea_around(players: int, hex_id: str) -> list[str]:
    board = board_for(players)
    return [board.hex_id(h) for h in settlement(players, hex_id).sea]


def place(tile: str, hex_id: str) -> dict[str, str]:
    return {"type": "place", "tile": tile, "hex": hex_id}


def effects_of(state: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.effects if e["type"] == kind]
