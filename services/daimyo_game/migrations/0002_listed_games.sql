-- A private table whose host allows no spectators stays out of the public live list. The store's
-- 0003 adds `listed` to a `games` table not yet adopted by 0001; this adds it to a catalogue
-- adopted before that column existed (both paths end with the same table).
ALTER TABLE game_catalogue ADD COLUMN IF NOT EXISTS listed boolean NOT NULL DEFAULT true;
