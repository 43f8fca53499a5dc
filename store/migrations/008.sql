-- The event log becomes a hash chain (issue 27): every entry gets hash, the SHA-256 of the
-- previous entry's hash and of its own fields (tournament.EventHash), and tournament_id
-- loses its foreign key, so that the entries of a deleted tournament stay in the chain.
-- The table is rebuilt (SQLite cannot drop a foreign key); the existing entries are
-- chained by the store between the two halves (the marker line below), before the
-- append-only triggers are created again.
DROP TRIGGER events_no_update;
DROP TRIGGER events_no_delete;
CREATE TABLE events_chain (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER,                              -- NULL for file-wide actions
    at            TEXT    NOT NULL,
    actor         TEXT    NOT NULL,
    action        TEXT    NOT NULL,                     -- e.g. 'player.add', 'result.set'
    before_json   TEXT    NOT NULL DEFAULT 'null',
    after_json    TEXT    NOT NULL DEFAULT 'null',
    -- the arbiter action (one command, one transaction) it belongs to: the id of the
    -- action's first event; 0 for events written before schema 4 (each its own action)
    action_id     INTEGER NOT NULL DEFAULT 0,
    hash          TEXT    NOT NULL DEFAULT ''
);
INSERT INTO events_chain (id, tournament_id, at, actor, action, before_json, after_json, action_id)
    SELECT id, tournament_id, at, actor, action, before_json, after_json, action_id FROM events ORDER BY id;
DROP TABLE events;
ALTER TABLE events_chain RENAME TO events;
CREATE INDEX events_tournament ON events (tournament_id, id);
-- arbitro:chain-events
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
