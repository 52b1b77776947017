-- Email digests (issue 34): the language a player reads them in, the notices waiting for the next
-- digest, and when each player's last digest left (at most one per interval; the claim of the
-- interval is what keeps two replicas from both sending one).
ALTER TABLE preferences ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT 'en';

CREATE TABLE IF NOT EXISTS email_notices (
    notice_key text PRIMARY KEY REFERENCES notices ON DELETE CASCADE,
    player_id text NOT NULL,
    sent_ms bigint  -- null: waiting for the next digest; -1: no address to send it to
);
CREATE INDEX IF NOT EXISTS email_notices_waiting ON email_notices (player_id) WHERE sent_ms IS NULL;

CREATE TABLE IF NOT EXISTS digests (
    player_id text PRIMARY KEY,
    last_sent_ms bigint NOT NULL DEFAULT 0
);
