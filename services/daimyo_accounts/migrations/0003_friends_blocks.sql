-- Who follows whom, and who blocked whom (issue 29). A block also ends a follow either way.
CREATE TABLE follows (
    player_id    text NOT NULL REFERENCES players ON DELETE CASCADE,
    followed_id  text NOT NULL REFERENCES players ON DELETE CASCADE,
    since        timestamptz NOT NULL,
    PRIMARY KEY (player_id, followed_id)
);
CREATE INDEX follows_followed ON follows (followed_id);

CREATE TABLE blocks (
    player_id    text NOT NULL REFERENCES players ON DELETE CASCADE,
    blocked_id   text NOT NULL REFERENCES players ON DELETE CASCADE,
    since        timestamptz NOT NULL,
    PRIMARY KEY (player_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
