-- The log is read in (xid, position) order, and a reader's checkpoint is that pair. A position
-- is drawn when a row is inserted, not when its transaction commits: two appends running at
-- once can interleave positions, the older transaction holding the higher ones. A reader going
-- by position alone passed the younger transaction's lower positions while it was still open,
-- and never read them once it committed (views lost, games stalled under load).
CREATE INDEX events_log_order ON events (xid, position);

ALTER TABLE tracking ADD COLUMN xid xid8 NOT NULL DEFAULT '0';

-- A checkpoint saved by position continues from the oldest transaction among the events after
-- it, so none of them is skipped; some read before may be read again (consumers deduplicate by
-- game and version). With nothing after it, it continues from its own event's transaction.
UPDATE tracking t SET
    xid = coalesce(
        (SELECT e.xid FROM events e WHERE e.position > t.position ORDER BY e.xid LIMIT 1),
        (SELECT e.xid FROM events e WHERE e.position = t.position),
        '0'),
    position = CASE WHEN EXISTS (SELECT 1 FROM events e WHERE e.position > t.position) THEN 0
                    ELSE t.position END;
