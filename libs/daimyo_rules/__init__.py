"""Pure rules engines for Daimyo's games, behind one small protocol and a registry by name.

Nothing in this package performs I/O, reads a clock or touches global randomness: every
chance outcome comes from the seeded generator stored in the game state.
"""

from daimyo_rules.core import Game, IllegalMove, MalformedMove, RuleError
from daimyo_rules.registry import game_names, get_game

__all__ = ["Game", "IllegalMove", "MalformedMove", "RuleError", "game_names", "get_game"]
