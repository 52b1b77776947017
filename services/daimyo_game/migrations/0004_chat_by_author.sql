-- Chat is rate-limited per author across every game (issue 32: per game, one guest wrote in many
-- games at once): the count reads an author's latest lines, whatever the game.
CREATE INDEX IF NOT EXISTS chat_by_author_only ON chat_messages (author_id, sent_at DESC);
