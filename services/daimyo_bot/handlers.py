"""The bot service's application logic: validate a request, run its level, time it.

Errors are typed here and mapped to gRPC codes in `grpc_api.py`: an unknown game or level,
or a view that is not valid JSON or not a view of that seat, is the caller's mistake.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from daimyo_bot.levels import Answer, Ask, Level, Levels, stand_in
from daimyo_rules.core import RuleError

DEFAULT_DEADLINE_S = 1.0
MAX_DEADLINE_S = 60.0


class BadRequest(ValueError):
    """Unknown game or level, or a view the bot cannot read (→ INVALID_ARGUMENT)."""


@dataclass(frozen=True)
class SuggestMove:
    game: str
    seat: int
    view_json: str
    level: str
    deadline_ms: int = 0
    seed: int = 0
    max_iterations: int = 0


@dataclass(frozen=True)
class Suggestion:
    move: dict[str, Any]
    iterations: int
    elapsed_s: float
    deadline_s: float

    @property
    def missed_deadline(self) -> bool:
        return self.elapsed_s > self.deadline_s


class BotHandlers:
    def __init__(self, levels: Levels) -> None:
        self._levels = levels

    def list_levels(self, game: str) -> list[Level]:
        return list(self._game(game).values())

    async def suggest_move(self, command: SuggestMove) -> Suggestion:
        start = time.monotonic()
        level = self._level(command.game, command.level)
        ask = _ask(command)
        try:
            answer: Answer = await level.strategy.suggest(ask)
        # A view of the wrong shape fails wherever a level first reads it; RuleError: the engine
        # could not rebuild a position from it
        except (RuleError, AttributeError, LookupError, TypeError, ValueError) as e:
            raise BadRequest(f"cannot play from this view: {e}") from e
        return Suggestion(answer.move, answer.iterations, time.monotonic() - start, ask.deadline_s)

    def _game(self, game: str) -> dict[str, Level]:
        if game not in self._levels:
            raise BadRequest(f"no bots for game {game!r}; games with bots: {', '.join(sorted(self._levels))}")
        return self._levels[game]

    def _level(self, game: str, level: str) -> Level:
        levels = self._game(game)
        found = stand_in(levels, level)
        if found is None:
            raise BadRequest(f"unknown level {level!r} for {game}; levels: {', '.join(levels)}")
        return found


def _ask(command: SuggestMove) -> Ask:
    view = _parse_view(command.view_json)
    if view.get("seat") != command.seat:
        raise BadRequest(f"the view is seat {view.get('seat')!r}'s, not seat {command.seat}'s")
    if not view.get("legal"):
        raise BadRequest(f"seat {command.seat} has no legal move in this view (not its turn?)")
    deadline_s = command.deadline_ms / 1000 if command.deadline_ms > 0 else DEFAULT_DEADLINE_S
    seed = command.seed or secrets.randbits(63)
    return Ask(command.seat, view, min(deadline_s, MAX_DEADLINE_S), seed, command.max_iterations or None)


def _parse_view(text: str) -> dict[str, Any]:
    try:
        view = json.loads(text)
    except (ValueError, RecursionError) as e:  # RecursionError: nested too deep to parse
        raise BadRequest(f"view_json is not valid JSON: {e}") from e
    if not isinstance(view, dict):
        raise BadRequest("view_json must be a JSON object (a seat's view)")
    return view
