"""Commands: what a client asks the service to do (imperative, immutable)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a player (by id) or a bot (by level)."""

    player_id: str | None = None
    bot_level: str | None = None
    display_name: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"display_name": self.display_name}
        if self.player_id is not None:
            data["player_id"] = self.player_id
        if self.bot_level is not None:
            data["bot_level"] = self.bot_level
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatSpec:
        return cls(data.get("player_id"), data.get("bot_level"), data.get("display_name", ""))


@dataclass(frozen=True)
class CreateGame:
    game: str
    config: dict[str, Any]
    seats: tuple[SeatSpec, ...]
    seed: int | None = None
    command_id: str = ""
    time_control: dict[str, Any] = field(default_factory=dict)
    listed: bool = True  # False: a private table without spectators (not in the public live list)


@dataclass(frozen=True)
class SubmitMove:
    game_id: str
    seat: int
    move: Any
    expected_version: int = 0  # 0: no expectation (act on the newest version)
    command_id: str = ""
    player_id: str = ""  # when set, must own the seat
    role: str = "internal"  # the authenticated caller (daimyo_game.access); "internal" only in process
