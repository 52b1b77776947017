-- What one player holds, read before every route that could start a game (allowance.py): the
-- tickets they opened lately, and the games in progress they sit in (matched by containment).
CREATE INDEX IF NOT EXISTS tickets_player_enqueued ON tickets (player_id, enqueued_at);
CREATE INDEX IF NOT EXISTS matches_in_progress_seats ON matches USING gin (seats jsonb_path_ops)
    WHERE state IN ('pending', 'created');
