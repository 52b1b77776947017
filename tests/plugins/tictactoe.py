"""Tic-tac-toe: the smallest game that proves a new game touches only its own folder.

It lives outside the rules package and is registered through `DAIMYO_GAME_PLUGINS=
tests.plugins.tictactoe:TicTacToeGame`; the conformance suite and the end-to-end test play it
through every service. Seat 0 plays X and moves first; a move is `{"type": "place", "cell": n}`
for a cell 0..8 read row by row. Nothing is hidden, so every view is the same but for `legal`,
the plain list of the seat's legal moves (what any generic client or bot can read).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from daimyo_rules.core import IllegalMove, MalformedMove, Rng, chosen_options, replay_moves

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = ("X", "O")


@dataclass(frozen=True)
class State:
    cells: tuple[int, ...]  # -1 empty, else the seat whose mark is there
    last: int = -1  # the cell of the last move


def _winner(state: State) -> int | None:
    for a, b, c in LINES:
        if state.cells[a] >= 0 and state.cells[a] == state.cells[b] == state.cells[c]:
            return state.cells[a]
    return None


def _over(state: State) -> bool:
    return _winner(state) is not None or -1 not in state.cells


class TicTacToeGame:
    name = "tictactoe"

    def player_counts(self) -> tuple[int, ...]:
        return (2,)

    def table_options(self) -> Any:
        return {}

    def validate_table_options(self, options: Any) -> Any:
        return chosen_options(options, {})

    def client_board(self, config: Any) -> Any:
        self._check_config(config)
        return {"game": self.name, "rows": 3, "columns": 3}

    def initial_state(self, config: Any, seed: int) -> State:
        self._check_config(config)
        return State((-1,) * 9)

    @staticmethod
    def _check_config(config: Any) -> None:
        if not isinstance(config, dict):
            raise MalformedMove("config must be a JSON object")
        if config.get("players", 2) != 2:
            raise MalformedMove(f"tictactoe is for 2 players, not {config.get('players')!r}")
        unknown = sorted(set(config) - {"players"})
        if unknown:
            raise MalformedMove(f"tictactoe has no option {unknown[0]!r}")

    def parse_move(self, move: Any) -> int:
        cell = move.get("cell") if isinstance(move, dict) and move.get("type") == "place" else None
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < 9:
            raise MalformedMove(f'a move is {{"type": "place", "cell": 0..8}}, not {move!r}')
        return cell

    def move_to_json(self, move: Any) -> Any:
        return {"type": "place", "cell": move}

    def legal_moves(self, state: State, seat: int) -> list[int]:
        if seat not in self.to_act(state):
            return []
        return [n for n, owner in enumerate(state.cells) if owner < 0]

    def apply(self, state: State, seat: int, move: Any) -> State:
        cell = move if isinstance(move, int) and not isinstance(move, bool) else self.parse_move(move)
        if not 0 <= cell < 9:
            raise MalformedMove(f"cell must be 0..8, not {cell}")
        if seat not in self.to_act(state):
            raise IllegalMove(f"seat {seat} may not move now")
        if state.cells[cell] >= 0:
            raise IllegalMove(f"cell {cell} is taken")
        return State((*state.cells[:cell], seat, *state.cells[cell + 1:]), cell)

    def to_act(self, state: State) -> list[int]:
        if _over(state):
            return []
        return [sum(1 for c in state.cells if c >= 0) % 2]

    def view(self, state: State, seat: int | None) -> Any:
        cells = self.legal_moves(state, seat) if seat is not None else []
        return {"game": self.name, "players": 2, "seat": seat,
                "board": [MARKS[c] if c >= 0 else "" for c in state.cells],
                "to_act": self.to_act(state), "finished": _over(state), "outcome": self.outcome(state),
                "legal": [self.move_to_json(cell) for cell in cells]}

    def reveal_all_view(self, state: State) -> Any:
        return self.view(state, None)

    def sample_state(self, view: Any, seat: int, rng: Rng) -> State:
        """Nothing is hidden: the view is the state."""
        board = view.get("board") if isinstance(view, dict) else None
        if not isinstance(board, list) or len(board) != 9 or any(c not in ("", *MARKS) for c in board):
            raise MalformedMove("a tictactoe view has a board of 9 cells")
        return State(tuple(MARKS.index(c) if c else -1 for c in board))

    def outcome(self, state: State) -> Any:
        if not _over(state):
            return None
        winner = _winner(state)
        return {"winners": [] if winner is None else [winner], "draw": winner is None}

    def summary(self, state: State) -> Any:
        return {"game": self.name, "board": self.view(state, None)["board"], "outcome": self.outcome(state)}

    def last_effects(self, state: State, seat: int | None) -> Any:
        return [] if state.last < 0 else [{"placed": MARKS[state.cells[state.last]], "cell": state.last}]

    def render(self, state: State, seat: int | None) -> str:
        marks = [MARKS[c] if c >= 0 else "." for c in state.cells]
        return "\n".join("".join(marks[row * 3:row * 3 + 3]) for row in range(3))

    def random_move(self, state: State, seat: int, rng: Rng) -> int:
        moves = self.legal_moves(state, seat)
        return moves[rng.below(len(moves))]

    def to_json(self, state: State) -> Any:
        return {"cells": list(state.cells), "last": state.last}

    def from_json(self, data: Any) -> State:
        return State(tuple(data["cells"]), data["last"])

    def chance_outcomes(self, before: State | None, after: State) -> list[Any]:
        return []

    def secret_move_types(self) -> frozenset[str]:
        return frozenset()

    def selfplay_log(self, players: int, seed: int, rng: Rng) -> Any:
        state, moves = self.initial_state({"players": players}, seed), []
        while self.to_act(state):
            seat = self.to_act(state)[0]
            cell = self.random_move(state, seat, rng)
            state = self.apply(state, seat, cell)
            moves.append({"seat": seat, "move": self.move_to_json(cell)})
        return {"game": self.name, "config": {"players": players}, "seed": seed, "moves": moves}

    def replay_log(self, log: Any, upto: int | None = None) -> tuple[State, int]:
        return replay_moves(self, log, upto)
