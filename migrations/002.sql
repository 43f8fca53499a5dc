-- Schema version 2. Each topic of the session appends its statements under its own header.

-- FIDE Dutch: prohibited pairs, acceleration, TRF fields kept for export (issue 19)
-- Pairs of entries the Dutch engine keeps apart (TRF-2026 record 260; arbitro pair
-- --forbid A-B), from first_round to last_round (0: to the end).
CREATE TABLE forbidden_pairs (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    entry_a       INTEGER NOT NULL REFERENCES entries (id),
    entry_b       INTEGER NOT NULL REFERENCES entries (id),
    first_round   INTEGER NOT NULL DEFAULT 1 CHECK (first_round >= 1),
    last_round    INTEGER NOT NULL DEFAULT 0 CHECK (last_round >= 0),
    PRIMARY KEY (tournament_id, entry_a, entry_b),
    CHECK (entry_a < entry_b)
);
-- Dutch settings of a tournament: acceleration '' none, 'baku' (FIDE C.04.5).
CREATE TABLE dutch_settings (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
    acceleration  TEXT    NOT NULL DEFAULT '' CHECK (acceleration IN ('', 'baku'))
);
-- TRF player fields arbitro does not model otherwise, kept from an imported TRF and
-- written back on export: sex (column 10), birth date (70-79), the id column (58-68).
CREATE TABLE trf_players (
    entry_id   INTEGER PRIMARY KEY REFERENCES entries (id),
    sex        TEXT    NOT NULL DEFAULT '',
    birth_date TEXT    NOT NULL DEFAULT '',
    id_column  TEXT    NOT NULL DEFAULT ''
);
-- TRF records of an imported file that arbitro keeps verbatim for export (172-222, 240,
-- 250, 299, ### comments, lines it does not know), in file order.
CREATE TABLE trf_records (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    seq           INTEGER NOT NULL,
    line          TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);
