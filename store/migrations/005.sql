-- The hall (issue 30): players' PINs, the results they enter on the hall's pages, check-in, the arbiter's password.
-- A PIN is kept as a salted SHA-256 hash, never in clear (see docs/hall.md).
CREATE TABLE hall_pins (
    entry_id   INTEGER PRIMARY KEY REFERENCES entries (id),
    salt       TEXT    NOT NULL,
    hash       TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
-- A result as one player entered it in the hall, board's view (white-black: '2-0', '1-1',
-- '0-2'), waiting for his opponent's entry or the arbiter. The board's result is written
-- to results when both entries agree, or by the arbiter.
CREATE TABLE hall_entries (
    board_id   INTEGER NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
    entry_id   INTEGER NOT NULL REFERENCES entries (id),
    result     TEXT    NOT NULL CHECK (result IN ('2-0', '1-1', '0-2')),
    entered_at TEXT    NOT NULL,
    PRIMARY KEY (board_id, entry_id)
);
-- A player's check-in (pointage) for a round not yet paired, at a screen of the hall with
-- his PIN or marked by the arbiter (by: the actor, as in events).
CREATE TABLE hall_checkins (
    entry_id     INTEGER NOT NULL REFERENCES entries (id),
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    at           TEXT    NOT NULL,
    by           TEXT    NOT NULL,
    PRIMARY KEY (entry_id, round_number)
);
-- The arbiter's password for the hall's console, file-wide (arbitro hall password): a
-- bcrypt hash, one row at most.
CREATE TABLE hall_arbiter (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    hash   TEXT    NOT NULL,
    set_at TEXT    NOT NULL
);
