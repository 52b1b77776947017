"""The NATS messages one event produces: each seat's redacted view, the spectator's, the turn
notice when a bot must act, a correspondence game's notices for its players (durable), and
(when a game ends) the result for ratings; when a player leaves their seat to a bot (or a bot
keeps it to the end after a timeout), the notice that frees them in matchmaking.
Pure: records in, (subject, payload) out.

Every view carries the clocks and which seats a bot plays; the turn notice names a seat's
effective occupant (a bot standing in for a player counts as a bot seat for the driver).

A seat subject only ever carries what the engine's `view(state, seat)` and the redaction rules
let that seat see.
"""

from __future__ import annotations

from typing import Any

from daimyo_bus import subjects
from daimyo_bus.messages import (
    GameResult,
    Message,
    ResultSeat,
    SeatAbandoned,
    SeatView,
    TurnNotice,
    TurnSeat,
    WatchView,
)
from daimyo_game import clocks
from daimyo_game.aggregate import GameRecord
from daimyo_game.events import GameEvent, GameFinished, MoveMade, SeatTakenOver
from daimyo_game.my_games import game_notices, your_turn_messages
from daimyo_game.results import honest_winners
from daimyo_game.visibility import Viewer, visible_effects, visible_move
from daimyo_rules.core import views_of

Outgoing = tuple[str, Message]


def messages_for(record: GameRecord, event: GameEvent, now_ms: int | None = None) -> list[Outgoing]:
    """Every message for `event`, `record` being the game right after it (`now_ms`: for clocks).

    Each viewer's view is computed and encoded once here; what every view shares (who acts,
    clocks, takeovers) once per event."""
    game_id = record.game_id
    shared = _shared(record, now_ms)
    viewers: list[Viewer] = [*range(record.seat_count), None]
    views = views_of(record.engine, record.state, viewers)
    out: list[Outgoing] = [(subjects.watch(game_id) if viewer is None else subjects.seat(game_id, viewer),
                            view_message(record, event, viewer, shared, view))
                           for viewer, view in zip(viewers, views, strict=True)]
    if any(record.bot_level(seat) for seat in shared["to_act"]):  # the bot driver's cue, for it alone
        out.append((subjects.turn(game_id), turn_message(record, shared["to_act"])))
    out += your_turn_messages(record, event, now_ms)
    if (notices := game_notices(record, event)) is not None:  # correspondence only: the notifier's feed
        out.append((subjects.notices(game_id), notices))
    if isinstance(event, GameFinished):
        out.append((subjects.finished(game_id), finished_message(record)))
    if isinstance(event, SeatTakenOver) and event.until == "game":  # the player no longer holds the seat
        out.append((subjects.abandoned(game_id), abandoned_message(record, event.seat)))
    return out


def _shared(record: GameRecord, now_ms: int | None) -> dict[str, Any]:
    return {"to_act": list(record.engine.to_act(record.state)), "finished": record.finished,
            "clock": clock_message(record, now_ms), "takeovers": takeovers_message(record)}


def view_message(record: GameRecord, event: GameEvent, viewer: Viewer,
                 shared: dict[str, Any] | None = None, view: Any = None) -> SeatView | WatchView:
    """`viewer`'s view message (`view`: the engine's view for `viewer`, when already computed)."""
    shared = shared or _shared(record, None)
    kind = WatchView if viewer is None else SeatView
    return kind.build(
        record.game_id, record.version, viewer, type(event).__name__,
        view=record.engine.view(record.state, viewer) if view is None else view,
        last_move=_last_move(record, event, viewer),
        effects=visible_effects(event.effects, viewer) if isinstance(event, MoveMade) else None,
        **shared, **result_message(record))


def result_message(record: GameRecord) -> dict[str, Any]:
    """Once finished: the honest winners and the abandoned seats (ranked last); empty before."""
    abandoned = record.abandoned() if record.finished else []
    return {"winners": honest_winners(record.outcome, abandoned), "abandoned": abandoned}


def clock_message(record: GameRecord, now_ms: int | None) -> dict[str, Any] | None:
    clock = record.clock
    return None if clock is None else clocks.display(clock, now_ms or clock.at_ms, record.vacations)


def takeovers_message(record: GameRecord) -> dict[str, dict[str, str]]:
    """Seat → the bot standing in: level, reason ("timeout" | "abandoned"), until ("move" | "game")."""
    return {str(seat): {"level": t.level, "reason": t.reason, "until": t.until}
            for seat, t in sorted(record.takeovers.items())}


def turn_message(record: GameRecord, to_act: list[int] | None = None) -> TurnNotice:
    acting = record.engine.to_act(record.state) if to_act is None else to_act
    seats = tuple(TurnSeat(n, record.bot_level(n)) for n in range(record.seat_count))
    with_people = any(not s.get("bot_level") for s in record.created.seats)  # bots keep a person's pace
    return TurnNotice(record.game_id, record.version, record.created.game, tuple(acting), seats,
                      record.finished, with_people)


def finished_message(record: GameRecord) -> GameResult:
    """The result for ratings; `abandoned` lists seats a bot held for the rest of the game (ranked last)."""
    abandoned = record.abandoned()
    seats = tuple(ResultSeat(n, s.get("player_id"), s.get("bot_level"), n in abandoned)
                  for n, s in enumerate(record.created.seats))
    return GameResult(record.game_id, record.created.game, record.version, record.outcome, seats,
                      tuple(abandoned))


def abandoned_message(record: GameRecord, seat: int) -> SeatAbandoned:
    return SeatAbandoned(record.game_id, record.created.game, record.version, seat,
                         record.created.seats[seat].get("player_id"))


def _last_move(record: GameRecord, event: GameEvent, viewer: Viewer) -> dict[str, Any] | None:
    if not isinstance(event, MoveMade):
        return None
    return {"seat": event.seat, "move": visible_move(record.engine, event.move, event.seat, viewer)}
