"""ShogunGame: the Shogun rules behind the engine protocol of daimyo_rules.core.

Live games (`initial_state`) draw every chance outcome from the state's seeded generator and
record it in the state's history; `chance_log` lists those outcomes and `selfplay_log` writes a
complete log. `replay_log` replays a log of shogun.md's notation, taking each chance outcome
from the log's `{"chance": ...}` entries (any the log leaves out are drawn from the seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from daimyo_rules.core import JSON, IllegalMove, MalformedMove, ReplayError, Rng, RuleError
from daimyo_rules.shogun import board, options, render, rules, serial, view
from daimyo_rules.shogun.moves import Draft, Move, MoveArmies, PickSpecial, Plan, parse_move
from daimyo_rules.shogun.moves import move_to_json as _move_to_json
from daimyo_rules.shogun.sampling import sample_state
from daimyo_rules.shogun.setup import new_state, normalise_config, table_options, validate_table_options
from daimyo_rules.shogun.state import OVER, ShogunState, history_entries
from daimyo_rules.shogun.summary import summary as _summary
from daimyo_rules.shogun.summary import to_act as _to_act


class ShogunGame:
    name = "shogun"

    # ------------------------------------------------------------ tables

    def player_counts(self) -> tuple[int, ...]:
        return board.PLAYER_COUNTS

    def table_options(self) -> JSON:
        return table_options()

    def validate_table_options(self, options: JSON) -> JSON:
        return validate_table_options(options)

    # ------------------------------------------------------------ lifecycle

    def initial_state(self, config: JSON, seed: int) -> ShogunState:
        return new_state(config, seed, auto=True)

    def parse_move(self, move: JSON) -> Move:
        return parse_move(move)

    def move_to_json(self, move: Any) -> JSON:
        return _move_to_json(parse_move(move))

    def apply(self, state: ShogunState, seat: int, move: Any) -> ShogunState:
        typed = parse_move(move)
        self._check_seat(state, seat)
        self._check(state, seat, typed)
        st = state.copy()
        self._apply(st, seat, typed)
        rules.advance(st)
        return st

    def apply_chance(self, state: ShogunState, outcome: JSON) -> ShogunState:
        """The state after one chance outcome of a log (`{"type": ...}`, the inside of `chance`)."""
        st = state.copy()
        rules.apply_chance_entry(st, outcome)
        return st

    def _check_seat(self, state: ShogunState, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise MalformedMove(f"seat must be 0..{state.players - 1}")
        if state.pending is not None:
            raise IllegalMove(f"the game waits for a {state.pending[0]!r} chance outcome")
        if state.stage == OVER:
            raise IllegalMove("the game is over")

    def _check(self, st: ShogunState, seat: int, move: Move) -> None:
        if isinstance(move, Plan):
            rules.check_plan(st, seat, move)
        elif isinstance(move, PickSpecial):
            rules.check_pick(st, seat, move)
        elif isinstance(move, Draft):
            rules.check_draft(st, seat, move)
        else:
            rules.check_move(st, seat, move if isinstance(move, MoveArmies) else None)

    def _apply(self, st: ShogunState, seat: int, move: Move) -> None:
        rules.record(st, {"seat": seat, "move": _move_to_json(move)})
        rules.apply_any(st, seat, move)

    # ------------------------------------------------------------ queries

    def legal_moves(self, state: ShogunState, seat: int) -> Sequence[Move]:
        return options.legal_moves(state, seat)

    def random_move(self, state: ShogunState, seat: int, rng: Rng) -> Move:
        return options.random_move(state, seat, rng)

    def sample_state(self, view: JSON, seat: int, rng: Rng) -> ShogunState:
        """Secret plans, face-down cards, the deck, stuck cubes and the generator drawn from `seat`'s view."""
        return sample_state(view, rng)

    def to_act(self, state: ShogunState) -> list[int]:
        return _to_act(state)

    def outcome(self, state: ShogunState) -> JSON | None:
        if state.stage != OVER:
            return None
        return {"winners": list(state.winners),
                "vp": {str(s): v for s, v in enumerate(state.vp)},
                "chests": {str(s): c for s, c in enumerate(state.chests)}}

    def summary(self, state: ShogunState) -> JSON:
        return _summary(state)

    def view(self, state: ShogunState, seat: int | None) -> JSON:
        return view.view(state, seat)

    def views(self, state: ShogunState, viewers: list[int | None]) -> list[JSON]:
        return view.views(state, viewers)

    def client_board(self, config: JSON) -> JSON:
        return board.client_board(config)

    def last_effects(self, state: ShogunState, seat: int | None) -> JSON:
        return view.last_effects(state, seat)

    def reveal_all_view(self, state: ShogunState) -> JSON:
        return view.reveal_all_view(state)

    def render(self, state: ShogunState, seat: int | None) -> str:
        return render.render(state, seat)

    def chance_log(self, state: ShogunState) -> list[JSON]:
        """Every chance outcome so far, in order, as `{"chance": ..., "index": k}` (k: log index)."""
        return [dict(entry, index=i) for i, entry in enumerate(history_entries(state.history))
                if "chance" in entry]

    def chance_outcomes(self, before: ShogunState | None, after: ShogunState) -> list[JSON]:
        """The chance entries logged between two states (the history is a shared chain)."""
        stop = before.history if before is not None else None
        entries: list[JSON] = []
        chain = after.history
        while chain is not None and chain is not stop:
            entry, chain = chain
            if isinstance(entry, dict) and "chance" in entry:
                entries.append(entry)
        entries.reverse()
        return entries

    def secret_move_types(self) -> frozenset[str]:
        return frozenset({"plan"})

    def history(self, state: ShogunState) -> list[JSON]:
        """Every log entry so far (player moves and chance outcomes), in order."""
        return history_entries(state.history)

    # ------------------------------------------------------------ snapshots

    def to_json(self, state: ShogunState) -> JSON:
        return serial.state_to_json(state)

    def from_json(self, data: JSON) -> ShogunState:
        return serial.state_from_json(data)

    # ------------------------------------------------------------ logs (the CLI hooks)

    def replay_log(self, log: JSON, upto: int | None = None) -> tuple[ShogunState, int]:
        """The state after the first `upto` entries of `log` (default all), and how many were applied."""
        if not isinstance(log, dict) or not isinstance(log.get("moves"), list):
            raise ReplayError("a log is an object with config, seed and moves", 0)
        try:
            state = new_state(log.get("config"), log.get("seed", 0), auto=False)
        except RuleError as err:
            raise ReplayError(f"bad config: {err}", -1) from err
        entries = log["moves"][:upto]
        for index, entry in enumerate(entries):
            state = self._replay_entry(state, entry, index)
        return state, len(entries)

    def _replay_entry(self, state: ShogunState, entry: Any, index: int) -> ShogunState:
        try:
            if isinstance(entry, dict) and "chance" in entry:
                return self.apply_chance(state, entry["chance"])
            if not isinstance(entry, dict) or "seat" not in entry or "move" not in entry:
                raise MalformedMove("a log entry is {\"seat\", \"move\"} or {\"chance\"}")
            if state.pending is not None:
                state = state.copy()
                rules.fill_pending(state)
            return self.apply(state, entry["seat"], entry["move"])
        except RuleError as err:
            raise ReplayError(str(err), index) from err

    def selfplay_log(self, players: int, seed: int, rng: Rng, config: JSON | None = None) -> JSON:
        """A complete random game's log (every chance outcome included)."""
        table = normalise_config(dict(config or {}, players=players))
        state = self.initial_state(table, seed)
        while state.stage != OVER:
            seat = self.to_act(state)[0]
            state = self.apply(state, seat, self.random_move(state, seat, rng))
        return {"game": self.name, "config": table, "seed": seed, "moves": self.history(state)}
