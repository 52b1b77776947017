"""The engine protocol every game implements, its errors, and the seeded random generator.

A game is a set of pure functions over an immutable state. The acting seat is always given
beside a move (never inside it), because several seats may act at once (secret choices).
Moves and views are plain JSON values at the edges; each engine may keep faster typed
values inside.

State discipline (both games, and any game registered later): a state is a value. Callers never
change one; `apply` returns a new state and leaves its argument untouched (the conformance suite
checks this). An engine may build the new state however is fastest — Samurai replaces fields of a
frozen dataclass, Shogun copies its slotted state once per move and then updates its private copy
in place — but no state handed out is ever mutated afterwards.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias

JSON: TypeAlias = Any
"""A value made only of dicts, lists, str, int, float, bool and None."""


class RuleError(Exception):
    """A move the engine refuses; the state it was applied to is unchanged."""


class MalformedMove(RuleError):
    """The move is not a well-formed move of this game (wrong shape, unknown tile or hex)."""


class IllegalMove(RuleError):
    """The move is well formed but the rules forbid it now (names the rule that was broken)."""


class ReplayError(RuleError):
    """A log that cannot be replayed: `move_index` is the entry refused (-1: the config)."""

    def __init__(self, message: str, move_index: int) -> None:
        super().__init__(message)
        self.message = message
        self.move_index = move_index


class Game(Protocol):
    """What the platform needs of a game's rules: pure functions over an immutable state."""

    name: str

    # ------------------------------------------------------------ tables

    def player_counts(self) -> tuple[int, ...]:
        """Seat counts the game supports, ascending."""

    def table_options(self) -> JSON:
        """The options a table may choose, as a client-describable schema:
        `{name: {"label": str, "default": value, "choices": [{"value", "label"}, ...]}}`
        (the seat count is `player_counts`, not an option here)."""

    def validate_table_options(self, options: JSON) -> JSON:
        """The normalised engine config (without `players`) for a table's `options`, defaults
        filled in (see `chosen_options`); raises a `MalformedMove` naming the option that is wrong."""

    def client_board(self, config: JSON) -> JSON:
        """Board geometry for the web client (raises MalformedMove for a config it cannot draw)."""

    # ------------------------------------------------------------ play

    def initial_state(self, config: JSON, seed: int) -> Any:
        """A new game for `config` (validated; raises MalformedMove on bad config)."""

    def parse_move(self, move: JSON) -> Any:
        """The engine's typed move for a JSON move; raises MalformedMove."""

    def legal_moves(self, state: Any, seat: int) -> Sequence[Any]:
        """Every move `seat` may make now (empty when it may not act)."""

    def apply(self, state: Any, seat: int, move: Any) -> Any:
        """The state after `seat` makes `move` (typed or JSON); raises RuleError, never half-applies."""

    def to_act(self, state: Any) -> list[int]:
        """Seats that may act now (several during simultaneous choices; empty when finished)."""

    def view(self, state: Any, seat: int | None) -> JSON:
        """What `seat` may see (None: a spectator), including its legal moves compactly."""

    # Optional: `views(state, viewers) -> list[JSON]`, equal to `[view(state, v) for v in viewers]`
    # but cheaper (what all viewers see built once); `views_of` uses it when a game has it.

    def reveal_all_view(self, state: Any) -> JSON:
        """The view with everything revealed (a finished game's "show all" replay)."""

    def sample_state(self, view: JSON, seat: int, rng: Rng) -> Any:
        """One determinization consistent with a seat's view, for bots (raises RuleError if none)."""

    def outcome(self, state: Any) -> JSON | None:
        """None while the game runs; then the final result (winners, scores)."""

    def summary(self, state: Any) -> JSON:
        """The full final-state summary used by `replay` (everything, for the CLI and tests)."""

    def move_to_json(self, move: Any) -> JSON:
        """The JSON notation of a typed move."""

    def last_effects(self, state: Any, seat: int | None) -> JSON:
        """What the last applied move caused (captures, draws, ...), as `seat` may see it."""

    def render(self, state: Any, seat: int | None) -> str:
        """A readable terminal rendering of what `seat` sees."""

    def random_move(self, state: Any, seat: int, rng: Rng) -> Any:
        """A uniformly random legal move for `seat` (for random players and playouts)."""

    def to_json(self, state: Any) -> JSON:
        """The whole state, secrets included, as JSON (snapshots; never sent to a client)."""

    def from_json(self, data: JSON) -> Any:
        """The state `to_json` produced, exactly."""

    def chance_outcomes(self, before: Any | None, after: Any) -> list[JSON]:
        """The chance results (shuffles, deals, draws, dice) that happened between two states
        (`before` None: in `initial_state`), as data for the game's events. Secret: stored by
        the game service, never shown to a player before the game ends."""

    def secret_move_types(self) -> frozenset[str]:
        """Move types whose content only their maker may see while the game runs."""

    def selfplay_log(self, players: int, seed: int, rng: Rng) -> JSON:
        """A complete game between random legal players as a replayable log."""

    def replay_log(self, log: JSON, upto: int | None = None) -> tuple[Any, int]:
        """(state after the first `upto` entries of a log — default all —, entries applied);
        raises ReplayError naming the refused entry."""


def replay_moves(game: Game, log: JSON, upto: int | None = None) -> tuple[Any, int]:
    """`replay_log` for a game whose logs are only `{"seat", "move"}` entries over a config and seed."""
    if not isinstance(log, dict) or not isinstance(log.get("moves", []), list):
        raise ReplayError("a log is an object with config, seed and moves", -1)
    try:
        state = game.initial_state(log.get("config", {}), int(log.get("seed", 0)))
    except (RuleError, TypeError, ValueError) as error:
        raise ReplayError(f"bad config: {error}", -1) from error
    entries = log.get("moves", [])[:upto]
    for index, entry in enumerate(entries):
        try:
            if not isinstance(entry, dict) or "seat" not in entry or "move" not in entry:
                raise MalformedMove("each log entry needs 'seat' and 'move'")
            state = game.apply(state, entry["seat"], entry["move"])
        except RuleError as error:
            raise ReplayError(f"{type(error).__name__}: {error}", index) from error
    return state, len(entries)


def chosen_options(options: JSON, schema: JSON) -> dict[str, Any]:
    """`options` checked against a `table_options()` schema ({name: {default, choices: [{value}]}}):
    every name known, every value one of its choices (same JSON type), defaults filled in."""
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise MalformedMove("table options must be a JSON object")
    unknown = sorted(set(options) - set(schema))
    if unknown:
        raise MalformedMove(f"unknown table option {unknown[0]!r}; options: {', '.join(sorted(schema))}")
    chosen = {}
    for name, option in schema.items():
        value = options.get(name, option["default"])
        allowed = [c["value"] for c in option["choices"]]
        if not any(type(value) is type(a) and value == a for a in allowed):
            listed = ", ".join(json.dumps(a) for a in allowed)
            raise MalformedMove(f"{name} must be one of {listed}, not {json.dumps(value)}")
        chosen[name] = value
    return chosen


_MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64: a tiny seeded generator whose whole state is one integer.

    Engines store `rng.state` in their game state and rebuild an `Rng` from it when they need
    chance, so a replay from the seed is exact and no global generator is ever touched.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        """A Fisher-Yates shuffle of a copy of `items`."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def seed_state(seed: int) -> int:
    """The generator state for a user-given seed (any int, negative included)."""
    return Rng(seed & _MASK64).next_u64()


def views_of(game: Game, state: Any, viewers: list[int | None]) -> list[JSON]:
    """Each viewer's `view`, through the game's optional `views` when it has one."""
    many = getattr(game, "views", None)
    if many is not None:
        return list(many(state, viewers))
    return [game.view(state, viewer) for viewer in viewers]
