"""The Samurai engine behind the common `Game` protocol (registered as "samurai")."""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import Rng, replay_moves
from daimyo_rules.samurai import rules
from daimyo_rules.samurai.board import PLAYER_COUNTS, board_for, client_board
from daimyo_rules.samurai.moves import MOVE_CLASSES, Move, move_to_json, parse_move
from daimyo_rules.samurai.options import MoveList
from daimyo_rules.samurai.render import render
from daimyo_rules.samurai.sampling import knowledge_from_view
from daimyo_rules.samurai.setup import table_options, validate_table_options
from daimyo_rules.samurai.state import OVER, State, state_from_json, state_to_json
from daimyo_rules.samurai.tiles import FIGURE_TYPES
from daimyo_rules.samurai.view import (
    effects_for,
    figures_json,
    outcome,
    reveal_all_view,
    tiles_json,
    view,
    views,
)


class SamuraiGame:
    name = "samurai"

    def player_counts(self) -> tuple[int, ...]:
        return PLAYER_COUNTS

    def table_options(self) -> dict[str, Any]:
        return table_options()

    def validate_table_options(self, options: Any) -> dict[str, Any]:
        return validate_table_options(options)

    def initial_state(self, config: Any, seed: int) -> State:
        return rules.new_game(config, seed)

    def parse_move(self, move: Any) -> Move:
        return parse_move(move)

    def move_to_json(self, move: Move) -> dict[str, Any]:
        return move_to_json(move)

    def legal_moves(self, state: State, seat: int) -> MoveList:
        return rules.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Any) -> State:
        typed = move if isinstance(move, MOVE_CLASSES) else parse_move(move)
        return rules.apply_move(state, seat, typed)

    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def views(self, state: State, viewers: list[int | None]) -> list[dict[str, Any]]:
        return views(state, viewers)

    def reveal_all_view(self, state: State) -> dict[str, Any]:
        return reveal_all_view(state)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)

    def last_effects(self, state: State, seat: int | None) -> list[dict[str, Any]]:
        return effects_for(state, seat)

    def render(self, state: State, seat: int | None) -> str:
        return render(state, seat)

    def random_move(self, state: State, seat: int, rng: Rng) -> Move:
        moves = rules.legal_moves(state, seat)
        return moves[rng.below(len(moves))]

    def sample_state(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        """Hidden hands, stacks and capture types drawn uniformly, consistent with `seat`'s view."""
        return knowledge_from_view(view, seat).sample(rng)

    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> State:
        return state_from_json(data)

    def client_board(self, config: Any) -> dict[str, Any]:
        return client_board(config)

    def summary(self, state: State) -> dict[str, Any]:
        leaders, _ = rules.score(state.captured)
        board = board_for(state.players)
        return {
            "game": "samurai",
            "moves_applied": state.moves_applied,
            "finished": state.phase == OVER,
            "winners": list(state.winners),
            "to_act": rules.to_act(state),
            "phase": state.phase,
            "captured": {str(s): dict(zip(FIGURE_TYPES, c, strict=True))
                         for s, c in enumerate(state.captured)},
            "set_aside": dict(zip(FIGURE_TYPES, state.set_aside, strict=True)),
            "leaders": leaders,
            "figures": figures_json(state, board),
            "tiles": tiles_json(state, board),
            "hands": {str(s): list(h) for s, h in enumerate(state.hands)},
            "stacks": {str(s): len(st) for s, st in enumerate(state.stacks)},
        }

    def chance_outcomes(self, before: State | None, after: State) -> list[dict[str, Any]]:
        """Samurai's chance: the random deal of figures and hands, and the shuffled stacks."""
        board = board_for(after.players)
        dealt_now = before is None and after.phase != "setup"
        stacks_now = before is not None and before.phase == "choose" and after.phase != "choose"
        if not (dealt_now or stacks_now):
            return []
        stacks = {str(s): list(st) for s, st in enumerate(after.stacks)}
        if stacks_now:
            return [{"chance": "stacks_shuffled", "stacks": stacks}]
        return [{"chance": "random_setup", "figures": figures_json(after, board),
                 "hands": {str(s): list(h) for s, h in enumerate(after.hands)}, "stacks": stacks}]

    def secret_move_types(self) -> frozenset[str]:
        return frozenset({"choose_hand"})

    def selfplay_log(self, players: int, seed: int, rng: Rng) -> dict[str, Any]:
        """A complete game between random legal players, setup included, as a replayable log.

        The draw stacks dealt when play began are written into the config, so the log replays
        exactly and can be edited into puzzles and tutorials.
        """
        config: dict[str, Any] = {"players": players, "random_setup": False}
        state = self.initial_state(config, seed)
        moves: list[dict[str, Any]] = []
        stacks: dict[str, list[str]] | None = None
        while state.phase != OVER:
            seats = rules.to_act(state)
            seat = seats[rng.below(len(seats))]
            move = self.random_move(state, seat, rng)
            state = self.apply(state, seat, move)
            moves.append({"seat": seat, "move": move_to_json(move)})
            if stacks is None and state.phase not in ("setup", "choose"):
                stacks = {str(s): list(st) for s, st in enumerate(state.stacks)}
        config["draw_stacks"] = stacks or {}
        return {"game": "samurai", "config": config, "seed": seed, "moves": moves}

    def replay_log(self, log: Any, upto: int | None = None) -> tuple[State, int]:
        return replay_moves(self, log, upto)
