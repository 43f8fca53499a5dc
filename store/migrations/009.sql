-- The hall's settings of an event (issue 30), stored with it rather than given as flags:
-- the hall's address printed on the pairing sheets (url, '' none), the arbiter's
-- confirmation of every result (confirm), and the minutes after which a single entry goes to
-- the arbiter (single_minutes, 0 never). No row: none of them. IF NOT EXISTS: a file set back
-- to version 8 by hand (store_newer.txtar) opens again.
CREATE TABLE IF NOT EXISTS hall_settings (
    tournament_id  INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    url            TEXT    NOT NULL DEFAULT '',
    confirm        INTEGER NOT NULL DEFAULT 0 CHECK (confirm IN (0, 1)),
    single_minutes INTEGER NOT NULL DEFAULT 0 CHECK (single_minutes >= 0),
    set_at         TEXT    NOT NULL
);
