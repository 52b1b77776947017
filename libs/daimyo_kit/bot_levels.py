"""The bot level names a table may ask for, weakest first, and the default: one list for every service.

The bot service offers each game's levels (see `daimyo_bot.levels`); a game may lack the stronger
ones, and the driver then plays a random legal move rather than stall.
"""

from __future__ import annotations

BOT_LEVELS: tuple[str, ...] = ("random", "greedy", "mcts", "expert")
DEFAULT_BOT_LEVEL = "greedy"
