"""OpenSkill (Plackett-Luce) ratings from finished games, and the finished-game message we consume.

The game service's relay publishes one JSON message per finished game:

    {"game_id": "g-1", "game": "<a registered game>",
     "seats": [{"player_id": "alice"}, {"bot_level": "greedy"}, ...],
     "outcome": {"winners": [0, 2], "ranking": [1, 3, 1], "scores": [5, 3, 5]}}

`seats[n]` is seat n (a seat whose `player_id` is missing or null is a bot). `outcome.winners`
lists winning seats (several = a shared victory, a tie). Finer orders are optional: `ranking`
(place per seat, 1 = best, shared places repeat — what an engine may report) wins over
`scores` (one number per seat, higher is better, ordering the seats that did not win).
`abandoned` (optional) lists seats a bot held for its player when the game ended (the player
left, or ran out of time for good): they are ranked last, tied among themselves, whatever the
bot achieved. Any other keys are ignored. Games with a bot seat never change human ratings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from daimyo_matchmaking.domain import PlayerRating

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as matchmaking needs it."""

    game_id: str
    game: str
    seats: tuple[str | None, ...]  # player id per seat; None for a bot
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    ranking: tuple[int, ...] | None = None
    abandoned: tuple[int, ...] = ()

    @property
    def players(self) -> list[str]:
        return [p for p in self.seats if p is not None]

    @property
    def rated(self) -> bool:
        """Only all-human games of at least two distinct players change ratings."""
        humans = self.players
        return None not in self.seats and len(humans) >= 2 and len(set(humans)) == len(humans)


def parse_finished(data: Mapping[str, Any]) -> FinishedGame:
    """The finished game in `data`; ValueError names what is missing or malformed."""
    try:
        seats = tuple(_seat_player(seat) for seat in data["seats"])
        outcome = data.get("outcome") or {}
        winners = tuple(int(w) for w in outcome.get("winners", []))
        raw_scores = outcome.get("scores")
        scores = None if raw_scores is None else tuple(float(s) for s in _per_seat(raw_scores, len(seats)))
        raw_ranking = outcome.get("ranking")
        ranking = None if raw_ranking is None else tuple(int(r) for r in _per_seat(raw_ranking, len(seats)))
        abandoned = tuple(int(s) for s in data.get("abandoned") or ())
        finished = FinishedGame(str(data["game_id"]), str(data["game"]), seats, winners, scores, ranking,
                                abandoned)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed finished-game message: {exc!r}") from exc
    if not finished.game_id or any(not 0 <= s < len(seats) for s in winners + abandoned):
        raise ValueError(f"malformed finished-game message for game {finished.game_id!r}")
    return finished


def _seat_player(seat: Mapping[str, Any]) -> str | None:
    player = seat.get("player_id")
    return str(player) if player else None


def _per_seat(scores: Any, n: int) -> list[Any]:
    """Scores as a list per seat (a {"seat": score} map is accepted too)."""
    if isinstance(scores, Mapping):
        return [scores.get(str(i), scores.get(i, 0)) for i in range(n)]
    if len(scores) != n:
        raise TypeError(f"{len(scores)} scores for {n} seats")
    return list(scores)


def ranks_for(finished: FinishedGame) -> list[int]:
    """Rank per seat (1 is best): abandoned seats share the last rank; the others keep their order."""
    ranks = _played_ranks(finished)
    stayed = [r for s, r in enumerate(ranks) if s not in finished.abandoned]
    last = max(stayed, default=0) + 1
    return [last if s in finished.abandoned else r for s, r in enumerate(ranks)]


def _played_ranks(finished: FinishedGame) -> list[int]:
    """The engine's ranking, else winners share rank 1 and the rest follow by score, or all tie at 2."""
    n = len(finished.seats)
    if finished.ranking is not None:
        return list(finished.ranking)
    if finished.scores is None:
        return [1 if s in finished.winners else 2 for s in range(n)]
    losers = sorted({finished.scores[s] for s in range(n) if s not in finished.winners}, reverse=True)
    return [1 if s in finished.winners else 2 + losers.index(finished.scores[s]) for s in range(n)]


def board(game: str, players: int) -> str:
    """The key of a game's leaderboard for one player count ("samurai@3"). A rated game moves its
    players' rating under the game (what matching and the profile read) and, the same way, under
    this key, so each player count ranks its own players on its own board."""
    return f"{game}@{players}"


def rate(players: Sequence[PlayerRating], ranks: Sequence[int]) -> list[PlayerRating]:
    """New ratings after one game where players[i] finished at ranks[i]."""
    teams = [[_MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in players]
    updated = _MODEL.rate(teams, ranks=list(ranks))
    return [
        PlayerRating(p.player_id, p.game, team[0].mu, team[0].sigma, p.games + 1, p.display_name)
        for p, team in zip(players, updated, strict=True)
    ]
