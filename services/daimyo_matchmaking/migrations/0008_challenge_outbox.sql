-- A private table's challenge (issue 34), kept in the table's own transaction until the games stream
-- has it (then deleted): a crash between the commit and the publish leaves it here for the relay.
CREATE TABLE challenge_outbox (
    code       text PRIMARY KEY,
    message    text NOT NULL,  -- TableChallenge.encode()
    created_at double precision NOT NULL
);
