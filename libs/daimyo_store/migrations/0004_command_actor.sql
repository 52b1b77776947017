-- Command ids are scoped to their actor (a player, or the bot driver): one actor can never
-- squat another's id. Rows recorded before this migration keep the empty actor.
ALTER TABLE events ADD COLUMN actor text NOT NULL DEFAULT '';

DROP INDEX events_command;

CREATE UNIQUE INDEX events_actor_command ON events (stream_id, actor, command_id)
    WHERE command_id IS NOT NULL;
