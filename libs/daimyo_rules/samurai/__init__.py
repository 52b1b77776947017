"""Reiner Knizia's Samurai (2–4 players): board, tiles, moves, engine, views."""
