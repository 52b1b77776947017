-- The event store: one row per event; (stream_id, version) is the optimistic-concurrency key,
-- position orders every event for readers, xid lets readers wait for late commits.
CREATE TABLE events (
    stream_id      text        NOT NULL,
    version        integer     NOT NULL CHECK (version > 0),
    type           text        NOT NULL,
    schema_version integer     NOT NULL DEFAULT 1,
    data           jsonb       NOT NULL,
    command_id     text,
    recorded_at    timestamptz NOT NULL DEFAULT now(),
    position       bigserial   NOT NULL UNIQUE,
    xid            xid8        NOT NULL DEFAULT pg_current_xact_id(),
    PRIMARY KEY (stream_id, version)
);

-- A command id is recorded once per stream; its other events share the same xid (one append).
CREATE UNIQUE INDEX events_command ON events (stream_id, command_id) WHERE command_id IS NOT NULL;

CREATE TABLE snapshots (
    stream_id   text        PRIMARY KEY,
    version     integer     NOT NULL,
    state       jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tracking (
    name     text   PRIMARY KEY,
    position bigint NOT NULL
);
