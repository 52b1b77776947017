"""A small script language for Shogun rule tests: logs in the notation of shogun.md, replayed
with the chance outcomes the test chooses (so every test knows exactly what happens)."""

from __future__ import annotations

from typing import Any

from daimyo_rules.shogun.data import ACTION_KEYS
from daimyo_rules.shogun.engine import ShogunGame
from daimyo_rules.shogun.state import ShogunState

GAME = ShogunGame()
SPECIALS = ["attack", "defence", "war_chest", "rice", "recruit"]
IN_ORDER = list(ACTION_KEYS)
QUIET_PICKS = ["war_chest", "rice", "recruit", "attack", "defence"]  # no battle bonus for 3 players


def chance(kind: str, **fields: Any) -> dict[str, Any]:
    return {"chance": {"type": kind, **fields}}


def plan(seat: int, bid: str | None = None, **actions: str | None) -> dict[str, Any]:
    return {"seat": seat, "move": {"type": "plan", "actions": {**dict.fromkeys(ACTION_KEYS), **actions},
                                   "bid": bid}}


def pick(seat: int, card: str) -> dict[str, Any]:
    return {"seat": seat, "move": {"type": "pick_special", "card": card}}


def move(seat: int, to: str, armies: int) -> dict[str, Any]:
    return {"seat": seat, "move": {"type": "move", "to": to, "armies": armies}}


def skip(seat: int) -> dict[str, Any]:
    return {"seat": seat, "move": {"type": "skip"}}


def tower(out: dict[str, int], stuck: list[dict[str, int]] | None = None) -> dict[str, Any]:
    return chance("tower", out=out, stuck=stuck if stuck is not None else [{}, {}])


def round_(plans: dict[int, dict[str, Any]], event: int = 7, players: int = 3,
           picks: list[str] | None = None, order: list[str] | None = None,
           tiebreaks: list[list[int]] | None = None, bid_order: list[int] | None = None,
           ) -> list[dict[str, Any]]:
    """One round up to the actions: shuffles, plans (default: nothing), event, tie-breaks, picks.

    By default everyone bids nothing, the tie-break keeps seat order and the seats take specials
    on rising spaces (war chest, rice, recruit), so the turn order is 0, 1, 2.
    """
    entries = [chance("action_order", order=order or IN_ORDER), chance("specials", order=SPECIALS)]
    entries += [plan(s, **plans.get(s, {})) for s in range(players)]
    entries.append(chance("event", card=event))
    for group in tiebreaks if tiebreaks is not None else [list(range(players))]:
        entries.append(chance("bid_tiebreak", order=group))
    chosen = picks or QUIET_PICKS[:players]
    entries += [pick(s, chosen[i]) for i, s in enumerate(bid_order or range(players))]
    return entries


def log(entries: list[dict[str, Any]], players: int = 3, events: list[int] | None = None,
        tower_model: str = "all_pass", setup: str = "fixed", seed: int = 1,
        prefix: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    head = list(prefix or [])
    head.append(chance("event_cards", cards=events or [7, 8, 10, 11]))
    return {"game": "shogun", "seed": seed, "moves": head + entries,
            "config": {"players": players, "side": "sun", "setup": setup, "tower": tower_model}}


def play(entries: list[dict[str, Any]], **options: Any) -> ShogunState:
    state, _ = GAME.replay_log(log(entries, **options))
    return state


def province(state: ShogunState, name: str) -> dict[str, Any]:
    summary: dict[str, Any] = GAME.summary(state)["provinces"][name]
    return summary
