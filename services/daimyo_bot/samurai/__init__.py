"""Samurai's bots: heuristics, searches and the levels they make (`levels.levels`)."""
