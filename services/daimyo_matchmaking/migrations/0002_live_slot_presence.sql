-- A player may hold one live game (or live ticket) and any number of correspondence games at
-- once, and wait on one ticket at a time: player_status gets a slot ('live', or
-- 'correspondence:<ticket or match>'), keyed by (player, slot), and one queued row per player.
ALTER TABLE player_status ADD COLUMN slot text NOT NULL DEFAULT 'live';
ALTER TABLE player_status DROP CONSTRAINT player_status_pkey;
ALTER TABLE player_status ADD PRIMARY KEY (player_id, slot);
CREATE UNIQUE INDEX player_status_one_queued ON player_status (player_id) WHERE state = 'queued';

-- An honest queue: a ticket lives while its player's socket heartbeats (seen_at), and a player
-- may ask for bots at once (fill_now).
ALTER TABLE tickets ADD COLUMN seen_at double precision;
ALTER TABLE tickets ADD COLUMN fill_now boolean NOT NULL DEFAULT false;
UPDATE tickets SET seen_at = enqueued_at;
CREATE INDEX tickets_queued_player ON tickets (player_id) WHERE state = 'queued';
