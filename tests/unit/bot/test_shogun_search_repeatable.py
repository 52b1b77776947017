"""The Shogun searches compute exactly what they computed before they were made faster.

On fixed positions of every decision a search starts from (planning, special pick, action
decision, draft; both years, every season), each search's stats — visits and the exact float
reward sums — and its iteration count are pinned as a digest, as the code gave them before the
speed work. A change of a heuristic, of the candidates, of the sampling or of the order of the
random draws changes a digest: a deliberate change of play re-pins them (`digest_table`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest

from daimyo_bot.search_pool import SearchResult
from daimyo_bot.shogun import expert, mcts
from daimyo_rules import get_game
from tests.unit.bot.test_shogun_levels import shogun_positions

SHOGUN = get_game("shogun")
GAMES = ((3, "fixed", 21), (4, "draft", 22))  # players, set-up, seed
ITERATIONS = 30
SEED = 7

EXPECTED: dict[tuple[Any, ...], tuple[str, str]] = {  # (expert, mcts), from commit a56bf5e
    (3, 'fixed', 'plan', 1, 'spring'): ('a24c194c553703f2', '64dbd43d7c90b206'),
    (3, 'fixed', 'pick', 1, 'spring'): ('e1ae265a19cba4cf', '82fc67506c4164d6'),
    (3, 'fixed', 'decide', 1, 'spring'): ('659d6e45faab1b44', 'a99ff4b4fa4141ec'),
    (3, 'fixed', 'plan', 1, 'summer'): ('c60c2feb182f30d5', 'b3d40283a402341f'),
    (3, 'fixed', 'pick', 1, 'summer'): ('c3591e17c9ae9901', '301ac906101ffe26'),
    (3, 'fixed', 'decide', 1, 'summer'): ('541b9018dfe1ce66', '038fbf790dd9d8ad'),
    (3, 'fixed', 'plan', 1, 'autumn'): ('d283b9c248ea1e35', 'bbae7df8bea1442e'),
    (3, 'fixed', 'pick', 1, 'autumn'): ('f6ea7a26d70c0f18', '08377fbfdb17c14a'),
    (3, 'fixed', 'decide', 1, 'autumn'): ('5dff1ca34e286612', '7b3f73bd51ce0b5d'),
    (3, 'fixed', 'plan', 2, 'spring'): ('e9870562a89f609b', '9521f48961af1b2c'),
    (3, 'fixed', 'pick', 2, 'spring'): ('8a6e7f97678d7298', 'd38f2b76cb201fd1'),
    (3, 'fixed', 'decide', 2, 'spring'): ('cb98d9db5a373e58', 'cbc119c5cf55a57d'),
    (3, 'fixed', 'plan', 2, 'summer'): ('3bb426eee3572c8b', '6b9b56aef34f1fb2'),
    (3, 'fixed', 'pick', 2, 'summer'): ('f5975992ed1fdfa1', 'bf4cf7422b560afe'),
    (3, 'fixed', 'decide', 2, 'summer'): ('cb270d5b6d13c508', 'aa857b9f351ca1df'),
    (3, 'fixed', 'plan', 2, 'autumn'): ('d713013d04b8b9a9', '464750ac4dfe2514'),
    (3, 'fixed', 'pick', 2, 'autumn'): ('9ce31d8a5e460d4e', '70dc3a33a9edba0f'),
    (3, 'fixed', 'decide', 2, 'autumn'): ('15d4cf814064cd6f', '4b6744fd7eb8a42a'),
    (4, 'draft', 'draft', 1, 'setup'): ('01bd45a0d49ef441', '1d5da1b3a223a694'),
    (4, 'draft', 'plan', 1, 'spring'): ('8a2166149f3a5bbc', '7d68d9357f62bcc7'),
    (4, 'draft', 'pick', 1, 'spring'): ('ad37a88d1bce3235', '365abbfc44f476af'),
    (4, 'draft', 'decide', 1, 'spring'): ('f389497d64bddaa2', 'bfbc252e35a44ce3'),
    (4, 'draft', 'plan', 1, 'summer'): ('2fa4fc5cde097d0a', '791f71cfbdc0bbc8'),
    (4, 'draft', 'pick', 1, 'summer'): ('2d5d9ea523e54200', '353ec10690040c01'),
    (4, 'draft', 'decide', 1, 'summer'): ('93f5e4b6a35a8ba7', 'cb28f0c632d760c5'),
    (4, 'draft', 'plan', 1, 'autumn'): ('f5251111752e94ea', '4b612921d21efadd'),
    (4, 'draft', 'pick', 1, 'autumn'): ('ce8df5045473694d', 'a51be77e8c82d66a'),
    (4, 'draft', 'decide', 1, 'autumn'): ('b55bd3beb51c2181', '4070d57a008882c1'),
    (4, 'draft', 'plan', 2, 'spring'): ('2540ebe2b9d9aced', 'f4c348bfa62cd7db'),
    (4, 'draft', 'pick', 2, 'spring'): ('5f5e59ac809857aa', 'bfc9de16b8492740'),
    (4, 'draft', 'decide', 2, 'spring'): ('fea8d34b94dcc2c3', 'eee359e4af8a6e3d'),
    (4, 'draft', 'plan', 2, 'summer'): ('93a7d95ebc9232ea', '918dc0f6ddab12a4'),
    (4, 'draft', 'pick', 2, 'summer'): ('b33c66cffbcef6e2', '17a697cf98db3f2d'),
    (4, 'draft', 'decide', 2, 'summer'): ('2fbedf3a5978e092', 'cfb825e20079ca49'),
    (4, 'draft', 'plan', 2, 'autumn'): ('51c70228bc0f601c', 'daf742261b8130de'),
    (4, 'draft', 'pick', 2, 'autumn'): ('ba2d53729f93bb66', 'ee0014927516d446'),
    (4, 'draft', 'decide', 2, 'autumn'): ('c00f0f426191e8c1', 'b2a1e5051b4d74c6'),
}


def decisions(players: int, setup: str, seed: int) -> Iterator[tuple[tuple[Any, ...], dict[str, Any], int]]:
    """The first view of each (stage, year, season) of one game, with its seat."""
    seen = set()
    for state, seat in shogun_positions(players, games=1, seed=seed, setup=setup):
        key = (state.stage, state.year, state.season)
        if state.stage in ("plan", "pick", "decide", "draft") and key not in seen:
            seen.add(key)
            yield key, SHOGUN.view(state, seat), seat


def digest(result: SearchResult) -> str:
    return hashlib.sha256(repr((sorted(result.stats.items()), result.iterations)).encode()).hexdigest()[:16]


def digest_table(games: tuple[tuple[int, str, int], ...] = GAMES) -> dict[tuple[Any, ...], tuple[str, str]]:
    """What EXPECTED holds for `games`, computed by the code as it is."""
    return {(players, setup, *key): (digest(expert.search(view, seat, SEED, None, ITERATIONS)),
                                     digest(mcts.search(view, seat, SEED, None, ITERATIONS)))
            for players, setup, seed in games for key, view, seat in decisions(players, setup, seed)}


@pytest.mark.parametrize("game", GAMES)
def test_both_searches_give_the_pinned_stats_on_every_decision(game: tuple[int, str, int]) -> None:
    pinned = {key: value for key, value in EXPECTED.items() if key[:2] == game[:2]}
    assert digest_table((game,)) == pinned
