"""Shogun (Dirk Henn, Queen Games 2006) for 3-5 players: the rules of shared/rules/shogun.md.

`engine.ShogunGame` is the engine protocol; `rules` is the game machine; `data` reads the
package data (copied from shared/data/shogun, README there); `tower` holds the tower models;
`view`, `summary` and `options` say what seats see and may do; `sampling` rebuilds a full
state from one seat's view for bots' search.
"""
