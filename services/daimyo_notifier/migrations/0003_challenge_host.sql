-- A friend's challenge (issue 34) names who challenges: the host's display name, said in the push.
ALTER TABLE notices ADD COLUMN IF NOT EXISTS host text NOT NULL DEFAULT '';
