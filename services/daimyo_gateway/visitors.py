"""Visitors: watching a live game needs no sign-in. A socket opened without a token belongs to a
visitor with a throwaway id, who may subscribe as a spectator only (every seat check fails for
them) and may not chat or queue."""

from __future__ import annotations

import uuid

from daimyo_gateway.tokens import Player

PREFIX = "visitor-"


def visitor() -> Player:
    return Player(PREFIX + uuid.uuid4().hex[:16], "Visitor")


def is_visitor(player: Player) -> bool:
    return player.player_id.startswith(PREFIX)
