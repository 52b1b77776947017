"""Games registered only in tests, through `DAIMYO_GAME_PLUGINS` (see daimyo_kit.games)."""
