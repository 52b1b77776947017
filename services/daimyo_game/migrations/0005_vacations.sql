-- Vacation days per player and calendar year (UTC): how many are taken and until when the player
-- is away. The clocks themselves are paused in each game's stream (VacationTaken); this ledger
-- only keeps the yearly allowance honest across games and replicas.
CREATE TABLE IF NOT EXISTS vacations (
    player_id   text    NOT NULL,
    year        integer NOT NULL,
    days_taken  integer NOT NULL DEFAULT 0,
    until_ms    bigint  NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, year)
);
