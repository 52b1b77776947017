-- The games catalogue: a read model for lobbies (games by player, live or finished).
CREATE TABLE games (
    game_id    text        PRIMARY KEY,
    game       text        NOT NULL,
    seats      jsonb       NOT NULL,
    version    bigint      NOT NULL DEFAULT 0,
    finished   boolean     NOT NULL DEFAULT false,
    winners    jsonb       NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX games_seats ON games USING gin (seats jsonb_path_ops);
CREATE INDEX games_recent ON games (created_at DESC, game_id DESC);
