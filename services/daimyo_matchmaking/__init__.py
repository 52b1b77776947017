"""Matchmaking: queues per game, OpenSkill ratings and bot backfill, behind a gRPC API.

Tickets, matches and ratings live in this service's own Postgres schema, so a restart loses no
ticket and several replicas can match the same queues without booking a player twice.
"""
