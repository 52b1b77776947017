-- Players (guests and accounts share one id), their names, credentials and sessions.
CREATE TABLE players (
    player_id    text PRIMARY KEY,
    name         text NOT NULL,               -- as chosen (a guest's is not unique)
    guest        boolean NOT NULL DEFAULT true,
    created_at   timestamptz NOT NULL DEFAULT now(),
    upgraded_at  timestamptz,
    renamed_at   timestamptz
);

-- An account's name, one row per confusable skeleton (UTS #39, casefolded): a name is free when
-- none of its keys is held. `held_until` set: an old name kept for its owner after a rename.
CREATE TABLE name_keys (
    key          text PRIMARY KEY,
    player_id    text NOT NULL REFERENCES players ON DELETE CASCADE,
    held_until   timestamptz
);
CREATE INDEX name_keys_player ON name_keys (player_id);

CREATE TABLE passwords (
    player_id    text PRIMARY KEY REFERENCES players ON DELETE CASCADE,
    hash         text NOT NULL,
    changed_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE passkeys (
    passkey_id     text PRIMARY KEY,          -- the credential id, base64url
    player_id      text NOT NULL REFERENCES players ON DELETE CASCADE,
    public_key     bytea NOT NULL,
    sign_count     bigint NOT NULL DEFAULT 0,
    label          text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_used_at   timestamptz
);
CREATE INDEX passkeys_player ON passkeys (player_id);

-- WebAuthn challenges: single use (deleted when used), short-lived.
CREATE TABLE challenges (
    challenge_id   text PRIMARY KEY,
    kind           text NOT NULL CHECK (kind IN ('register', 'sign_in')),
    player_id      text,
    name           text NOT NULL DEFAULT '',
    origin         text NOT NULL,
    challenge      bytea NOT NULL,
    expires_at     timestamptz NOT NULL
);
CREATE INDEX challenges_expiry ON challenges (expires_at);

CREATE TABLE sessions (
    session_id     text PRIMARY KEY,
    player_id      text NOT NULL REFERENCES players ON DELETE CASCADE,
    token_id       text NOT NULL,             -- rotated on refresh: the old token stops working
    device         text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_seen_at   timestamptz NOT NULL DEFAULT now(),
    revoked_at     timestamptz
);
CREATE INDEX sessions_player ON sessions (player_id) WHERE revoked_at IS NULL;

-- Failed sign-ins per account name key and per address: the growing delay's state.
CREATE TABLE sign_in_failures (
    key            text PRIMARY KEY,
    failures       integer NOT NULL,
    last_failure_at timestamptz NOT NULL,
    blocked_until  timestamptz NOT NULL
);
