"""The Shogun game state: flat lists for speed, copied whole before every change.

The engine never changes a state it has handed out: `apply` copies (`ShogunState.copy`) and
changes the copy, so states are immutable at the API. Provinces are addressed by their index in
`provinces.csv`; cube colours are seats 0..4 and `PEASANT`. `history` is every log entry so far
as a persistent linked list ((entry, previous) pairs), so appending never copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PEASANT = 5  # the colour index of the green peasant cubes
COLOURS = 6
NO_CARD = -1
CHEST = 100  # a war-chest card k is CHEST + k; a province card is its province index
CASTLE, TEMPLE, THEATRE = 1, 2, 4  # building bits
BUILDING_BITS = {"castle": CASTLE, "temple": TEMPLE, "theatre": THEATRE}

# stages of the game machine (where `advance` continues)
SETUP_DECK, DRAFT, SEED_TOWER, YEAR_EVENTS = "setup_deck", "draft", "seed_tower", "year_events"
ROUND_START, PLAN, ROUND_EVENT, TIEBREAK, PICK = "round_start", "plan", "round_event", "tiebreak", "pick"
ACTIONS, DECIDE, WINTER, OVER = "actions", "decide", "winter", "over"

SEASONS = ("spring", "summer", "autumn")

History = tuple[Any, Any] | None


class ShogunState:
    """All of one game; see the module docstring for the conventions."""

    __slots__ = (
        "action_order",
        "armies",
        "auto",
        "battle",
        "bid_groups",
        "bid_order",
        "bids_shown",
        "buildings",
        "chests",
        "cursor",
        "decision",
        "deck",
        "draft_turn",
        "effects",
        "event",
        "face_up",
        "groups",
        "history",
        "in_play",
        "markers",
        "owner",
        "peasants",
        "pending",
        "picks",
        "plans",
        "players",
        "revealed",
        "rice",
        "rng",
        "round",
        "season",
        "seed",
        "seen_events",
        "setup",
        "shelves",
        "side",
        "specials",
        "stage",
        "steps",
        "supply",
        "tower_model",
        "tower_params",
        "tray",
        "turn_order",
        "used_events",
        "vp",
        "winners",
        "winter_extra",
        "winter_queue",
        "winter_seat",
        "year",
        "year_events",
    )

    players: int
    side: str
    setup: str
    tower_model: str
    tower_params: dict[str, float]
    auto: bool  # chance is drawn from `rng` (live games) or waits for log entries (replay)
    seed: int
    rng: int
    steps: int  # log entries applied, chance included
    year: int
    season: str
    round: int  # 0..2 within the year
    stage: str
    pending: tuple[str, Any] | None  # the chance outcome the game waits for
    in_play: tuple[bool, ...]
    owner: list[int]  # -1: neutral
    armies: list[int]
    buildings: list[int]
    markers: list[int]
    chests: list[int]
    rice: list[int]
    vp: list[int]
    supply: list[int]
    peasants: int
    shelves: list[list[int]]  # tower shelves, each a list of cube colours (secret)
    tray: list[int]  # cube counts per colour
    deck: list[int]  # draft: province cards face down, top first (secret)
    face_up: list[int]  # draft: the two face-up cards (-1: empty)
    groups: list[list[int]]  # draft: army groups still to place, per seat
    draft_turn: int
    year_events: list[int]  # the year's four face-up events
    used_events: list[int]  # the ones drawn so far this year
    seen_events: list[int]  # every event turned up in the game so far
    event: int  # this round's event (0: none yet)
    action_order: list[str]
    revealed: int  # action cards shown
    specials: list[str]  # special cards on turn-order spaces 1..5
    plans: list[Any]  # per seat: a moves.Plan or None (secret until executed)
    bids_shown: bool
    bid_groups: list[list[int]]  # groups of equal bids still to break, highest first
    bid_order: list[int]
    picks: list[str]  # per seat: the special card taken ("" not yet)
    turn_order: list[int]
    cursor: int  # actions: action index * players + turn position
    decision: tuple[int, str, int] | None  # (seat, action key, origin) asked to move or skip
    battle: dict[str, Any] | None  # the battle waiting for its tower drop
    winter_seat: int
    winter_queue: list[int]
    winter_extra: int
    winners: list[int]
    effects: list[dict[str, Any]]
    history: History

    def copy(self) -> ShogunState:
        return _copy(self)


_FLAT_LISTS = (
    "owner", "armies", "buildings", "markers", "chests", "rice", "vp", "supply", "tray", "deck",
    "face_up", "year_events", "used_events", "seen_events", "action_order", "specials", "plans",
    "bid_order", "picks", "turn_order", "winter_queue", "winners",
)
_NESTED_LISTS = ("shelves", "groups", "bid_groups")


def _copy_source() -> str:
    """The copy function, unrolled: one line per field is twice as fast as a getattr loop."""
    lines = ["def _copy(old):", "    new = object.__new__(ShogunState)"]
    for name in ShogunState.__slots__:
        if name in _FLAT_LISTS:
            lines.append(f"    new.{name} = old.{name}[:]")
        elif name in _NESTED_LISTS:
            lines.append(f"    new.{name} = [x[:] for x in old.{name}]")
        elif name == "effects":
            lines.append("    new.effects = []")
        else:  # immutable values, or dicts and tuples that are replaced, never changed
            lines.append(f"    new.{name} = old.{name}")
    return "\n".join([*lines, "    return new"])


_namespace: dict[str, Any] = {"ShogunState": ShogunState}
exec(_copy_source(), _namespace)
_copy: Callable[[ShogunState], ShogunState] = _namespace["_copy"]


def history_entries(history: History) -> list[Any]:
    """The log entries of a history chain, oldest first."""
    out = []
    while history is not None:
        entry, history = history
        out.append(entry)
    out.reverse()
    return out
