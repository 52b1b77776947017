-- The notifier's own schema: devices, preferences, the notices it decided on and every delivery.
-- A notice's key is (game, version, kind, player): an event read twice makes no second notice.
-- A delivery's key adds the channel and device; `sent_at` set = sent, so a restart resends only
-- what it had not marked, and skips nothing.
CREATE TABLE IF NOT EXISTS subscriptions (
    subscription_id uuid PRIMARY KEY,
    player_id text NOT NULL,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    locale text NOT NULL DEFAULT 'en',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS subscriptions_player ON subscriptions (player_id, created_at);

CREATE TABLE IF NOT EXISTS preferences (
    player_id text PRIMARY KEY,
    muted jsonb NOT NULL DEFAULT '[]',
    time_zone text NOT NULL DEFAULT '',
    quiet_start_minute integer NOT NULL DEFAULT 0,
    quiet_end_minute integer NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS notices (
    notice_key text PRIMARY KEY,
    player_id text NOT NULL,
    kind text NOT NULL,
    game_id text NOT NULL,
    game text NOT NULL,
    version bigint NOT NULL,
    deadline_ms bigint NOT NULL DEFAULT 0,
    due_ms bigint NOT NULL,
    state text NOT NULL DEFAULT 'waiting',  -- waiting | expanded | superseded
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS notices_waiting ON notices (due_ms) WHERE state = 'waiting';
CREATE INDEX IF NOT EXISTS notices_game ON notices (game_id, version) WHERE state = 'waiting';

CREATE TABLE IF NOT EXISTS deliveries (
    notice_key text NOT NULL REFERENCES notices ON DELETE CASCADE,
    channel text NOT NULL,
    subscription_id uuid NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_ms bigint NOT NULL,
    sent_at timestamptz,
    dropped text,  -- why it will never be sent (the device is gone, too many failures)
    PRIMARY KEY (notice_key, channel, subscription_id)
);
CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (next_ms) WHERE sent_at IS NULL AND dropped IS NULL;
