-- A private table whose host allows no spectators stays out of the public live list. (`games` is
-- the catalogue before the game service's 0001 adopts it as `game_catalogue`, whose 0002 adds
-- the column there when this runs after the adoption.)
-- This file also created the table chat before the game service took it into its own
-- migrations (services/daimyo_game/migrations/0003_table_chat.sql, which adopts that table
-- where it exists): the event store knows no game.
ALTER TABLE IF EXISTS games ADD COLUMN IF NOT EXISTS listed boolean NOT NULL DEFAULT true;
