-- A deleted account keeps its row (its id is in game events) and nothing else of its own.
ALTER TABLE players ADD COLUMN deleted_at timestamptz;

-- An optional email address per account: verified by a link, then usable for a password reset.
CREATE TABLE emails (
    player_id    text PRIMARY KEY REFERENCES players ON DELETE CASCADE,
    address      text NOT NULL,
    verified_at  timestamptz
);

-- One-time links (verification, password reset): only the token's sha256 is kept.
CREATE TABLE email_tokens (
    token_hash   text PRIMARY KEY,
    player_id    text NOT NULL REFERENCES players ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('verify', 'reset')),
    address      text NOT NULL,
    expires_at   timestamptz NOT NULL
);
CREATE INDEX email_tokens_player ON email_tokens (player_id);
