-- Matches formed outside the queue (a rematch, a private table) may be unrated or unlisted.
ALTER TABLE matches ADD COLUMN rated boolean NOT NULL DEFAULT true;
ALTER TABLE matches ADD COLUMN listed boolean NOT NULL DEFAULT true;

-- A rematch offer after a finished game: the same people, seats rotated, started once every
-- person accepted before expires_at (bots accept at once).
CREATE TABLE rematches (
    rematch_id         text PRIMARY KEY,
    game_id            text NOT NULL UNIQUE,   -- the finished game
    game               text NOT NULL,
    seats              jsonb NOT NULL,         -- the new game's seats (rotated)
    config             jsonb NOT NULL,
    time_control_json  text NOT NULL DEFAULT '',
    rated              boolean NOT NULL DEFAULT true,
    listed             boolean NOT NULL DEFAULT true,
    accepted           text[] NOT NULL DEFAULT '{}',
    state              text NOT NULL,          -- 'open' | 'started' | 'refused' | 'expired'
    reason             text NOT NULL DEFAULT '',
    offered_at         double precision NOT NULL,
    expires_at         double precision NOT NULL,
    new_game_id        text
);
CREATE INDEX rematches_open ON rematches (expires_at) WHERE state = 'open';

-- Private tables: never in the queue; joined by an unguessable code; started when full.
CREATE TABLE private_tables (
    table_id           text PRIMARY KEY,
    code               text NOT NULL UNIQUE,
    host_id            text NOT NULL,
    game               text NOT NULL,
    options            jsonb NOT NULL,         -- as the host chose them
    config             jsonb NOT NULL,         -- the engine config the rules made of them
    time_control_json  text NOT NULL DEFAULT '',
    rated              boolean NOT NULL,
    spectators         boolean NOT NULL,
    seats              jsonb NOT NULL,         -- per seat: {} empty, {player_id, display_name}, {bot_level, display_name}
    state              text NOT NULL,          -- 'open' | 'started' | 'cancelled'
    created_at         double precision NOT NULL,
    expires_at         double precision NOT NULL,
    game_id            text
);
CREATE INDEX private_tables_host ON private_tables (host_id) WHERE state = 'open';
