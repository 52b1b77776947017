-- Matchmaking's own schema: tickets, who is busy, matches, ratings and processed games.
-- Times are seconds since the epoch from the service's (injectable) clock.

CREATE TABLE tickets (
    ticket_id          text PRIMARY KEY,
    player_id          text NOT NULL,
    game               text NOT NULL,
    players            text[] NOT NULL,
    player_counts      int[] NOT NULL,
    bots_welcome       boolean NOT NULL,
    bots_only          boolean NOT NULL,
    bot_level          text NOT NULL DEFAULT '',
    display_name       text NOT NULL DEFAULT '',
    time_control_json  text NOT NULL DEFAULT '',
    rating             double precision NOT NULL,
    state              text NOT NULL,
    enqueued_at        double precision NOT NULL,
    closed_at          double precision,
    match_id           text
);
CREATE INDEX tickets_queue ON tickets (game, enqueued_at) WHERE state = 'queued';
CREATE INDEX tickets_recent_matches ON tickets (game, closed_at DESC) WHERE state = 'matched';

-- One row per busy player: queued on a ticket, or seated in a match until its game finishes.
-- The primary key is what makes "never queued twice, never in two matches" hold under races.
CREATE TABLE player_status (
    player_id  text PRIMARY KEY,
    state      text NOT NULL,          -- 'queued' | 'playing'
    ticket_id  text NOT NULL,
    match_id   text,
    game_id    text
);
CREATE INDEX player_status_game ON player_status (game_id);
CREATE INDEX player_status_match ON player_status (match_id);

CREATE TABLE matches (
    match_id           text PRIMARY KEY,
    game               text NOT NULL,
    state              text NOT NULL,  -- 'pending' | 'created' | 'finished' | 'abandoned'
    seats              jsonb NOT NULL,
    config             jsonb NOT NULL,
    time_control_json  text NOT NULL DEFAULT '',
    formed_at          double precision NOT NULL,
    game_id            text UNIQUE
);
CREATE INDEX matches_pending ON matches (formed_at) WHERE state = 'pending';

CREATE TABLE ratings (
    game          text NOT NULL,
    player_id     text NOT NULL,
    mu            double precision NOT NULL,
    sigma         double precision NOT NULL,
    games         integer NOT NULL DEFAULT 0,
    display_name  text NOT NULL DEFAULT '',
    PRIMARY KEY (game, player_id)
);
CREATE INDEX ratings_leaderboard ON ratings (game, (mu - 3 * sigma) DESC) WHERE games > 0;

-- The exactly-once checkpoint for finished games (redelivery finds the id and does nothing).
CREATE TABLE processed_games (
    game_id       text PRIMARY KEY,
    processed_at  timestamptz NOT NULL DEFAULT now()
);
