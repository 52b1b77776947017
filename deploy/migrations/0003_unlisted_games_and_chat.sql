-- A private table whose host allows no spectators stays out of the public live list. (`games` is
-- the catalogue before the game service's 0001 adopts it as `game_catalogue`, whose 0002 adds
-- the column there when this runs after the adoption.)
ALTER TABLE IF EXISTS games ADD COLUMN IF NOT EXISTS listed boolean NOT NULL DEFAULT true;

-- Table chat, kept with the game but outside its event stream: the players' channel and the
-- spectators' (which players do not see while the game runs). Owned by the game service,
-- which knows who holds a seat and when the game ends.
CREATE TABLE chat_messages (
    message_id  bigserial   PRIMARY KEY,
    game_id     text        NOT NULL,
    channel     text        NOT NULL,   -- 'players' | 'spectators'
    author_id   text        NOT NULL,
    author_name text        NOT NULL,
    seat        integer,                -- the author's seat on the players' channel
    body        text        NOT NULL,
    sent_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_by_game ON chat_messages (game_id, channel, message_id);
CREATE INDEX chat_by_author ON chat_messages (game_id, author_id, sent_at DESC);
