"""A tiny hidden-hand game for the game service's fast tests (the real engines are slower).

Each seat holds three secret cards dealt from a seeded deck; seats play one card in turn and
draw a secret replacement; after `rounds` plays each the highest total wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from daimyo_rules.core import IllegalMove, MalformedMove, Rng, seed_state


@dataclass(frozen=True)
class CardState:
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    turn: int
    rounds: int
    last: dict[str, Any] | None = None


class CardGame:
    name = "cards"

    def player_counts(self) -> tuple[int, ...]:
        return (2, 3)

    def table_options(self) -> Any:
        return {"rounds": {"label": "Rounds", "default": 3, "choices": [{"value": 3, "label": "3"}]}}

    def validate_table_options(self, options: Any) -> Any:
        return {"rounds": options.get("rounds", 3)}

    def initial_state(self, config: Any, seed: int) -> CardState:
        players, rounds = config.get("players", 2), config.get("rounds", 3)
        if not isinstance(rounds, int) or rounds < 1:
            raise MalformedMove("rounds must be a positive integer")
        deck = tuple(Rng(seed_state(seed)).shuffled(range(1, 41)))
        hands = tuple(deck[3 * s : 3 * s + 3] for s in range(players))
        return CardState(hands, deck[3 * players :], tuple(() for _ in range(players)), 0, rounds)

    def parse_move(self, move: Any) -> int:
        if not isinstance(move, dict) or move.get("type") != "play" or not isinstance(move.get("card"), int):
            raise MalformedMove(f'expected {{"type": "play", "card": <int>}}, got {move!r}')
        return int(move["card"])

    def legal_moves(self, state: CardState, seat: int) -> list[int]:
        return list(state.hands[seat]) if seat in self.to_act(state) else []

    def apply(self, state: CardState, seat: int, move: Any) -> CardState:
        card = move if isinstance(move, int) else self.parse_move(move)
        if seat not in self.to_act(state):
            raise IllegalMove(f"seat {seat} is out of turn")
        if card not in state.hands[seat]:
            raise IllegalMove(f"card {card} is not in seat {seat}'s hand")
        drawn, deck = state.deck[0], state.deck[1:]
        hand = (*(c for c in state.hands[seat] if c != card), drawn)
        return replace(state, hands=_set(state.hands, seat, hand), deck=deck,
                       played=_set(state.played, seat, state.played[seat] + (card,)),
                       turn=(state.turn + 1), last={"seat": seat, "drew": drawn})

    def to_act(self, state: CardState) -> list[int]:
        if state.turn >= state.rounds * len(state.hands):
            return []
        return [state.turn % len(state.hands)]

    def view(self, state: CardState, seat: int | None) -> Any:
        done = not self.to_act(state)
        hands = {str(s): (list(h) if done or s == seat else len(h)) for s, h in enumerate(state.hands)}
        moves = self.legal_moves(state, seat) if seat is not None else []
        legal = [{"type": "play", "card": c} for c in moves]
        return {"hands": hands, "played": [list(p) for p in state.played], "to_act": self.to_act(state),
                "legal_moves": legal}

    def reveal_all_view(self, state: CardState) -> Any:
        return {**self.view(state, None), "hands": {str(s): list(h) for s, h in enumerate(state.hands)}}

    def outcome(self, state: CardState) -> Any:
        if self.to_act(state):
            return None
        totals = [sum(p) for p in state.played]
        return {"winners": [s for s, t in enumerate(totals) if t == max(totals)], "totals": totals}

    def summary(self, state: CardState) -> Any:
        return {"hands": [list(h) for h in state.hands], "played": [list(p) for p in state.played]}

    def move_to_json(self, move: Any) -> Any:
        return {"type": "play", "card": move}

    def last_effects(self, state: CardState, seat: int | None) -> Any:
        if state.last is None:
            return None
        own = seat == state.last["seat"] or not self.to_act(state)
        return {"seat": state.last["seat"], "drew": state.last["drew"] if own else "hidden"}

    def render(self, state: CardState, seat: int | None) -> str:
        return f"cards turn {state.turn}: {self.view(state, seat)}"

    def random_move(self, state: CardState, seat: int, rng: Rng) -> Any:
        moves = self.legal_moves(state, seat)
        return self.move_to_json(moves[rng.below(len(moves))])

    def chance_outcomes(self, before: CardState | None, after: CardState) -> list[Any]:
        if before is None:
            return [{"chance": "deck", "deck": list(after.deck)}]
        drew = (after.last or {}).get("drew")
        return [{"chance": "drew", "card": drew}] if drew is not None else []

    def secret_move_types(self) -> frozenset[str]:
        return frozenset()

    def to_json(self, state: CardState) -> Any:
        return {"hands": state.hands, "deck": state.deck, "played": state.played, "turn": state.turn,
                "rounds": state.rounds, "last": state.last}

    def from_json(self, data: Any) -> CardState:
        return CardState(tuple(map(tuple, data["hands"])), tuple(data["deck"]),
                         tuple(map(tuple, data["played"])), data["turn"], data["rounds"], data["last"])


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def fake_games(name: str) -> Any:
    if name != "cards":
        raise KeyError(f"unknown game {name!r}; known games: cards")
    return CardGame()
