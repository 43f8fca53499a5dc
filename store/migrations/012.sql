-- Per-arbiter passwords of the hall's console (issue 30, docs/hall.md): each arbiter logs
-- in by his name (arbitro hall password --arbiter NAME) and the event log names him
-- ("arbiter NAME via the hall"). A bcrypt hash per name; the file-wide password of
-- hall_arbiter keeps working.
CREATE TABLE hall_arbiters (
    name   TEXT NOT NULL PRIMARY KEY COLLATE NOCASE CHECK (name <> ''),
    hash   TEXT NOT NULL,
    set_at TEXT NOT NULL
);
