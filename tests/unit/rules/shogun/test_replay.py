"""Logs: selfplay writes every chance outcome and its logs replay exactly; snapshots round-trip;
a refused move leaves the state untouched."""

import pytest

from daimyo_rules.core import JSON, IllegalMove, Rng
from daimyo_rules.shogun.state import ShogunState
from tests.unit.rules.shogun.script import GAME, IN_ORDER, SPECIALS, chance, plan, play


@pytest.mark.parametrize("config", [
    {}, {"setup": "draft"}, {"side": "moon"}, {"tower": "wallenstein_online_single_pool"},
    {"tower": "spielbyweb_wallenstein"}, {"tower": "all_pass"}])
@pytest.mark.parametrize("players", [3, 5])
def test_a_selfplay_log_replays_exactly(players: int, config: JSON) -> None:
    log = GAME.selfplay_log(players, 11, Rng(11), config)
    replayed, applied = GAME.replay_log(log)
    live = GAME.initial_state(log["config"], 11)
    for entry in log["moves"]:
        if "seat" in entry:
            live = GAME.apply(live, entry["seat"], entry["move"])
    assert applied == len(log["moves"]) == GAME.summary(replayed)["moves_applied"]
    assert GAME.summary(replayed) == GAME.summary(live)
    assert GAME.summary(replayed)["finished"]


def test_a_log_without_chance_entries_draws_them_from_its_seed() -> None:
    log = GAME.selfplay_log(4, 3, Rng(3))
    players_only = dict(log, moves=[e for e in log["moves"] if "seat" in e])
    state, _ = GAME.replay_log(players_only)
    assert GAME.summary(state)["vp"] != {} and len(GAME.history(state)) > len(players_only["moves"])


def test_a_snapshot_round_trips_exactly_and_plays_on_identically() -> None:
    log = GAME.selfplay_log(4, 8, Rng(8))
    state, _ = GAME.replay_log(dict(log, moves=log["moves"][:60]))
    copy = GAME.from_json(GAME.to_json(state))
    assert GAME.to_json(copy) == GAME.to_json(state)
    rest = log["moves"][60:]
    for entry in rest:
        state, copy = played(state, entry), played(copy, entry)
    assert GAME.to_json(copy) == GAME.to_json(state)


def test_a_refused_move_leaves_the_state_unchanged_and_apply_never_changes_its_input() -> None:
    state = play([chance("action_order", order=IN_ORDER), chance("specials", order=SPECIALS)])
    before = GAME.to_json(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, plan(0, taxes="Yamato")["move"])
    GAME.apply(state, 0, plan(0, taxes="Suruga")["move"])
    assert GAME.to_json(state) == before


def test_moves_round_trip_through_their_notation() -> None:
    for move in (plan(0, castle="Suruga", rice="chest:0", bid="province:Mino")["move"],
                 {"type": "draft", "take": "face_up_0", "armies": 5},
                 {"type": "pick_special", "card": "rice"},
                 {"type": "move", "to": "Omi", "armies": 3}, {"type": "skip"}):
        assert GAME.move_to_json(GAME.parse_move(move)) == move


def played(state: ShogunState, entry: JSON) -> ShogunState:
    """`state` after one log entry, a chance outcome or a seat's move."""
    if "chance" in entry:
        return GAME.apply_chance(state, entry["chance"])
    return GAME.apply(state, entry["seat"], entry["move"])
