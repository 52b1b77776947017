"""A new Shogun game from its table options: players, board side, set-up and tower model."""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import MalformedMove, chosen_options, seed_state
from daimyo_rules.shogun import tower
from daimyo_rules.shogun.board import PLAYER_COUNTS
from daimyo_rules.shogun.data import SIDES, tables
from daimyo_rules.shogun.rules import ARMY_CUBES, PEASANT_CUBES, START_CHESTS, advance
from daimyo_rules.shogun.state import COLOURS, DRAFT, SEED_TOWER, SETUP_DECK, ShogunState

SETUPS = ("fixed", "draft")
DEFAULT_TOWER = tower.TWO_SHELF


TABLE_OPTIONS: dict[str, Any] = {
    "side": {"label": "Board side", "default": "sun", "choices": [
        {"value": "sun", "label": "Sun"}, {"value": "moon", "label": "Moon"}]},
    "setup": {"label": "Setup", "default": "fixed", "choices": [
        {"value": "fixed", "label": "Fixed starting provinces"},
        {"value": "draft", "label": "Draft starting provinces"}]},
}


def table_options() -> dict[str, Any]:
    """The options a lobby may show, each with its default (the player count is separate; `tower`
    is an expert option set only through the API)."""
    return TABLE_OPTIONS


def validate_table_options(options: Any) -> dict[str, Any]:
    """`options` (without `players`) checked against TABLE_OPTIONS, defaults filled in; MalformedMove
    names what is wrong."""
    return chosen_options(options, TABLE_OPTIONS)


def normalise_config(config: Any) -> dict[str, Any]:
    """The table options with defaults filled in (raises MalformedMove when they are wrong)."""
    if not isinstance(config, dict):
        raise MalformedMove("config must be an object")
    players = config.get("players")
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise MalformedMove("shogun is played by 3, 4 or 5 players")
    side = config.get("side", "sun")
    if side not in SIDES:
        raise MalformedMove(f"side must be one of {', '.join(SIDES)}")
    setup = config.get("setup", "fixed")
    if setup not in SETUPS:
        raise MalformedMove(f"setup must be one of {', '.join(SETUPS)}")
    tower_option = config.get("tower", DEFAULT_TOWER)
    tower.resolve_model(tower_option)
    return {"players": players, "side": side, "setup": setup, "tower": tower_option}


def new_state(config: Any, seed: int, auto: bool) -> ShogunState:
    options = normalise_config(config)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedMove("seed must be an integer")
    st = _blank(options, seed, auto)
    if options["setup"] == "fixed":
        _place_fixed(st)
    else:
        st.groups = [list(tables().army_pattern[st.players]) for _ in range(st.players)]
        st.stage = SETUP_DECK
    advance(st)
    return st


def _place_fixed(st: ShogunState) -> None:
    for seat, provinces in enumerate(tables().setups[st.players]):
        for p, armies in provinces:
            st.owner[p], st.armies[p] = seat, armies
            st.supply[seat] -= armies
    st.stage = SEED_TOWER


def _blank(options: dict[str, Any], seed: int, auto: bool) -> ShogunState:
    t = tables()
    n, provinces = options["players"], len(t.names)
    st = object.__new__(ShogunState)
    st.players, st.side, st.setup = n, options["side"], options["setup"]
    st.tower_model, st.tower_params = tower.resolve_model(options["tower"])
    st.auto, st.seed, st.rng, st.steps = auto, seed, seed_state(seed), 0
    st.year, st.season, st.round, st.stage, st.pending = 1, "setup", 0, DRAFT, None
    st.in_play = tuple(n != 3 or p not in t.unused_3p for p in range(provinces))
    st.owner, st.armies = [-1] * provinces, [0] * provinces
    st.buildings, st.markers = [0] * provinces, [0] * provinces
    st.chests, st.rice = [START_CHESTS[n]] * n, [0] * n
    st.vp, st.supply = [0] * n, [ARMY_CUBES] * n
    st.peasants = PEASANT_CUBES
    st.shelves = [[] for _ in range(tower.shelf_count(st.tower_model))]
    st.tray = [0] * COLOURS
    st.deck, st.face_up, st.groups, st.draft_turn = [], [], [[] for _ in range(n)], 0
    st.year_events, st.used_events, st.seen_events, st.event = [], [], [], 0
    st.action_order, st.revealed, st.specials = [], 0, []
    st.plans, st.bids_shown = [None] * n, False
    st.bid_groups, st.bid_order, st.picks, st.turn_order = [], [], [""] * n, []
    st.cursor, st.decision, st.battle = 0, None, None
    st.winter_seat, st.winter_queue, st.winter_extra = 0, [], -1
    st.winners, st.effects, st.history = [], [], None
    return st
