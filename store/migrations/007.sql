-- The electronic score sheet (issue 31, docs/hall.md): each player's score of his game as
-- he enters it in the hall, append-only, and the end-of-game confirmations.
-- An entry is a ply as the player entered it ('ply', text "22-18", "2x30x11") or a strike
-- of the last ply standing ('strike', text the ply struck, struck its entry). (device,
-- seq) numbers a device's entries from 1: the same entry sent twice is stored once.
CREATE TABLE sheet_entries (
    id       INTEGER PRIMARY KEY,
    board_id INTEGER NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    device   TEXT    NOT NULL,
    seq      INTEGER NOT NULL CHECK (seq >= 1),
    kind     TEXT    NOT NULL CHECK (kind IN ('ply', 'strike')),
    text     TEXT    NOT NULL,
    struck   INTEGER REFERENCES sheet_entries (id),
    at       TEXT    NOT NULL,
    UNIQUE (board_id, entry_id, device, seq)
);
CREATE TRIGGER sheet_entries_append_only BEFORE UPDATE ON sheet_entries
BEGIN
    SELECT RAISE(ABORT, 'sheet entries are append-only');
END;
-- A player's end-of-game confirmation of his sheet: the result (board's view, as
-- hall_entries) and the score he confirmed (its plies, one space between).
CREATE TABLE sheet_confirms (
    board_id INTEGER NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    result   TEXT    NOT NULL CHECK (result IN ('2-0', '1-1', '0-2')),
    moves    TEXT    NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (board_id, entry_id)
);
-- The spectators' delay of an event's games on the hall's public pages (arbitro hall
-- delay): the positions shown are those of minutes ago, or without the last moves (moves
-- by each player); no row: 15 minutes.
CREATE TABLE sheet_delays (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    minutes       INTEGER NOT NULL CHECK (minutes >= 0),
    moves         INTEGER NOT NULL CHECK (moves >= 0),
    set_at        TEXT    NOT NULL
);
