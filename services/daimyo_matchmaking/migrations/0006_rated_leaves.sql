-- Rated games a player left to a bot (issue 29): several in a day make the next rated queue wait.
CREATE TABLE rated_leaves (
    player_id  text NOT NULL,
    game_id    text NOT NULL,
    left_at    double precision NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX rated_leaves_recent ON rated_leaves (player_id, left_at);
