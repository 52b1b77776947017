-- Every rating change, per game played (issue 29): a profile draws its chart from them.
CREATE TABLE rating_history (
    position   bigserial PRIMARY KEY,
    game       text NOT NULL,
    player_id  text NOT NULL,
    game_id    text NOT NULL,
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL,
    rated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rating_history_player ON rating_history (player_id, game, position);
