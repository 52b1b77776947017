"""Honest results: a seat a bot finished for an absent player (left, or out of time for good)
is never reported as that player's win. The engine's outcome stays untouched in the stream;
what the catalogue and the lists report is the winners among the seats whose players stayed.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


def honest_winners(outcome: Any, abandoned: Collection[int]) -> list[int]:
    """The engine's winners less abandoned seats; if none is left, the best of those who stayed."""
    if not isinstance(outcome, dict):
        return []
    winners = [int(w) for w in outcome.get("winners", []) if int(w) not in abandoned]
    if winners or not abandoned:
        return winners
    return _best_who_stayed(outcome, abandoned)


def _best_who_stayed(outcome: dict[str, Any], abandoned: Collection[int]) -> list[int]:
    ranking, scores = outcome.get("ranking"), outcome.get("scores")
    per_seat = ranking if isinstance(ranking, list) else scores if isinstance(scores, list) else None
    if per_seat is None:
        return []
    stayed = [(seat, value) for seat, value in enumerate(per_seat) if seat not in abandoned]
    if not stayed:
        return []
    pick = min if per_seat is ranking else max
    best = pick(value for _, value in stayed)
    return [seat for seat, value in stayed if value == best]
