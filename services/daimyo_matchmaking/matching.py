"""The matching policy: which waiting tickets sit together, at what table size, with how many bots.

Pure and deterministic over (queue, now), so tests drive it with a fake clock. Oldest tickets
anchor tables first; an anchor accepts players whose rating lies within a window that widens
with how long the anchor has waited; the largest table that can be filled by humans now wins;
after the backfill wait, seats no human can fill go to bots when every ticket welcomes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

_SEARCH_BUDGET = 5000  # subset-sum nodes per table size; parties keep the search tiny anyway


@dataclass(frozen=True)
class Waiting:
    """A queued ticket as the policy sees it."""

    ticket_id: str
    players: tuple[str, ...]
    rating: float
    counts: frozenset[int]
    bots_welcome: bool
    enqueued_at: float
    bots_only: bool = False
    bot_level: str = ""
    time_control: str = ""
    fill_now: bool = False
    casual: bool = False  # guests' tickets sit together, apart from rated ones


@dataclass(frozen=True)
class Policy:
    """Tuning knobs: the rating window (in mu points) and when bots fill empty seats."""

    base_window: float = 3.0
    window_growth_per_second: float = 0.5
    max_window: float = 50.0
    backfill_seconds: float = 15.0
    presence_seconds: float = 0.0  # > 0: a queued ticket lives only while its player's socket heartbeats
    gone_confirm_seconds: float = 4.0  # a closed socket: cancel this soon unless another gateway beats

    def window(self, waited: float) -> float:
        """How far from the anchor's rating a partner may be after `waited` seconds."""
        return min(self.max_window, self.base_window + self.window_growth_per_second * max(0.0, waited))


@dataclass(frozen=True)
class Plan:
    """A table to create: the tickets seated, the table size and the bot seats."""

    tickets: tuple[Waiting, ...]
    table_size: int
    bot_seats: int
    bot_level: str

    @property
    def players(self) -> list[str]:
        return [p for t in self.tickets for p in t.players]


def bot_level_for(ratings: Sequence[float]) -> str:
    """The bot level for players of these ratings (mu): weaker tables get gentler bots."""
    mean = sum(ratings) / len(ratings)
    if mean < 22.0:
        return "random"
    if mean < 28.0:
        return "greedy"
    return "mcts"


def plan_matches(queue: Sequence[Waiting], now: float, policy: Policy) -> list[Plan]:
    """Tables to form now from `queue` (one game's tickets); each ticket appears at most once."""
    order = sorted(queue, key=lambda t: (t.enqueued_at, t.ticket_id))
    used: set[str] = set()
    plans: list[Plan] = []
    for anchor in order:
        if anchor.ticket_id in used:
            continue
        free = [t for t in order if t.ticket_id not in used and t.ticket_id != anchor.ticket_id]
        plan = plan_for(anchor, free, now, policy)
        if plan is not None:
            used.update(t.ticket_id for t in plan.tickets)
            plans.append(plan)
    return plans


def plan_for(anchor: Waiting, others: Sequence[Waiting], now: float, policy: Policy) -> Plan | None:
    """The best table for `anchor` among `others`, or None when it should keep waiting."""
    if anchor.bots_only:
        return _with_bots((anchor,), max(anchor.counts))
    waited = now - anchor.enqueued_at
    near = _partners(anchor, others, policy.window(waited))
    full = _largest_full_table(anchor, near)
    if full is not None:
        return full
    if anchor.bots_welcome and (anchor.fill_now or waited >= policy.backfill_seconds):
        return _backfilled_table(anchor, [t for t in near if t.bots_welcome])
    return None


def _partners(anchor: Waiting, others: Sequence[Waiting], window: float) -> list[Waiting]:
    """Tickets that may join the anchor, closest rating first, then longest waiting."""
    fits = [
        t
        for t in others
        if not t.bots_only
        and t.time_control == anchor.time_control
        and t.casual == anchor.casual
        and abs(t.rating - anchor.rating) <= window
    ]
    return sorted(fits, key=lambda t: (abs(t.rating - anchor.rating), t.enqueued_at, t.ticket_id))


def _largest_full_table(anchor: Waiting, near: Sequence[Waiting]) -> Plan | None:
    for size in sorted(anchor.counts, reverse=True):
        group = _exact_group(anchor, [t for t in near if size in t.counts], size)
        if group is not None:
            return Plan(group, size, 0, "")
    return None


def _backfilled_table(anchor: Waiting, helpers: Sequence[Waiting]) -> Plan:
    size = max(anchor.counts)
    group: list[Waiting] = [anchor]
    seated = len(anchor.players)
    for t in helpers:
        if size in t.counts and seated + len(t.players) <= size:
            group.append(t)
            seated += len(t.players)
    return _with_bots(tuple(group), size)


def _with_bots(group: tuple[Waiting, ...], size: int) -> Plan:
    humans = sum(len(t.players) for t in group)
    level = group[0].bot_level or bot_level_for([t.rating for t in group])
    return Plan(group, size, size - humans, level if size > humans else "")


def _exact_group(anchor: Waiting, candidates: Sequence[Waiting], size: int) -> tuple[Waiting, ...] | None:
    """Anchor plus candidates (in preference order) whose players number exactly `size`."""
    need = size - len(anchor.players)
    if need < 0:
        return None
    budget = [_SEARCH_BUDGET]

    def search(start: int, need: int) -> list[Waiting] | None:
        if need == 0:
            return []
        for i in range(start, len(candidates)):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            party = len(candidates[i].players)
            if party <= need:
                rest = search(i + 1, need - party)
                if rest is not None:
                    return [candidates[i], *rest]
        return None

    found = search(0, need)
    return None if found is None else (anchor, *found)
