-- The games catalogue belongs to the game service (it is its read model, not the event store's).
-- Deployments before this migration hold it as `games`, created by the store's 0002: adopt that
-- table with its rows; a schema without it (a store whose 0002 is ever squashed) gets a new one.
ALTER TABLE IF EXISTS games RENAME TO game_catalogue;
ALTER INDEX IF EXISTS games_pkey RENAME TO game_catalogue_pkey;
ALTER INDEX IF EXISTS games_seats RENAME TO game_catalogue_seats;
ALTER INDEX IF EXISTS games_recent RENAME TO game_catalogue_recent;

CREATE TABLE IF NOT EXISTS game_catalogue (
    game_id    text        PRIMARY KEY,
    game       text        NOT NULL,
    seats      jsonb       NOT NULL,
    version    bigint      NOT NULL DEFAULT 0,
    finished   boolean     NOT NULL DEFAULT false,
    winners    jsonb       NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL DEFAULT now(),
    listed     boolean     NOT NULL DEFAULT true
);

CREATE INDEX IF NOT EXISTS game_catalogue_seats ON game_catalogue USING gin (seats jsonb_path_ops);
CREATE INDEX IF NOT EXISTS game_catalogue_recent ON game_catalogue (created_at DESC, game_id DESC);
