-- The analysis queue and its results, in the analysis service's own schema.
-- A job is keyed by (game, analyser version): queuing twice is a no-op, and a redelivered or
-- re-run job writes nothing new (analyses has the same key).
CREATE TABLE analysis_jobs (
    game_id text NOT NULL,
    analyser_version integer NOT NULL,
    game text NOT NULL,
    priority smallint NOT NULL DEFAULT 0,  -- 1: a player asked for it; served before the automatic ones
    state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    lease_until timestamptz,               -- a running job whose worker died is taken again after it
    progress real NOT NULL DEFAULT 0,      -- 0..1, what "analysing… n %" shows
    error text NOT NULL DEFAULT '',
    enqueued_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    PRIMARY KEY (game_id, analyser_version)
);
CREATE INDEX analysis_jobs_waiting ON analysis_jobs (analyser_version, priority DESC, enqueued_at)
    WHERE state IN ('queued', 'running');

CREATE TABLE analyses (
    game_id text NOT NULL,
    analyser_version integer NOT NULL,
    seed numeric(20) NOT NULL,
    result jsonb NOT NULL,
    cpu_seconds real NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, analyser_version)
);
