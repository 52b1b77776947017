-- Table chat, kept with the game but outside its event stream: the players' channel and the
-- spectators' (which players do not see while the game runs). The game service owns it: it
-- knows who holds a seat and when the game ends. Deployments before this migration have the
-- table from the event store's 0003 (as it was then): this keeps it, with its rows.
CREATE TABLE IF NOT EXISTS chat_messages (
    message_id  bigserial   PRIMARY KEY,
    game_id     text        NOT NULL,
    channel     text        NOT NULL,   -- 'players' | 'spectators'
    author_id   text        NOT NULL,
    author_name text        NOT NULL,
    seat        integer,                -- the author's seat on the players' channel
    body        text        NOT NULL,
    sent_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS chat_by_game ON chat_messages (game_id, channel, message_id);
CREATE INDEX IF NOT EXISTS chat_by_author ON chat_messages (game_id, author_id, sent_at DESC);
