-- Italo-Swiss formats of the federation's program, kinds of rest, opening ballot (issue 13)
-- italo_format: 'rotation' (arbitro's earlier reading: every tournament created before this
-- version), 'art2', 'art8', 'art9' (the FID program's formats); '' for other systems.
ALTER TABLE tournaments ADD COLUMN italo_format TEXT NOT NULL DEFAULT 'rotation'
    CHECK (italo_format IN ('', 'rotation', 'art2', 'art8', 'art9'));
-- openings: '' no ballot, 'fid-italian' one opening drawn per round from FID Tabella 4.
ALTER TABLE tournaments ADD COLUMN openings TEXT NOT NULL DEFAULT '' CHECK (openings IN ('', 'fid-italian'));
-- club separation: '' none, 'club' (round robin: restricted lot; Swiss: clubmates avoided while possible).
ALTER TABLE tournaments ADD COLUMN club_separation TEXT NOT NULL DEFAULT '' CHECK (club_separation IN ('', 'club'));
-- the kind of a pairing bye: '' ordinary, 'RM' rest of an odd field, 'RR' rest after a
-- withdrawal, 'RT' turn rest (0 points).
ALTER TABLE boards ADD COLUMN rest TEXT NOT NULL DEFAULT '' CHECK (rest IN ('', 'RM', 'RR', 'RT'));
-- the opening drawn for the round (FID Tabella 4 number, '' none) and its seed.
ALTER TABLE rounds ADD COLUMN opening TEXT NOT NULL DEFAULT '';
ALTER TABLE rounds ADD COLUMN opening_seed INTEGER NOT NULL DEFAULT 0;
-- Categories and prizes (issue 13)
CREATE TABLE categories (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    name          TEXT    NOT NULL CHECK (name <> ''),
    rule          TEXT    NOT NULL DEFAULT '',  -- '', 'title=CM', 'born-from=2010', 'born-to=1966', 'rating-below=1600', 'rating-from=1600'
    UNIQUE (tournament_id, name)
);
CREATE TABLE category_members (
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    entry_id    INTEGER NOT NULL REFERENCES entries (id),
    PRIMARY KEY (category_id, entry_id)
);
CREATE TABLE prizes (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    rank          INTEGER NOT NULL,              -- 1 = the highest prize
    category      TEXT    NOT NULL DEFAULT '',   -- '' = overall standings
    place         INTEGER NOT NULL CHECK (place >= 1),
    label         TEXT    NOT NULL DEFAULT '',
    UNIQUE (tournament_id, rank)
);

-- language of the sheets; round date and start time (issue 16)
ALTER TABLE tournaments ADD COLUMN lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('it', 'en', 'fr', 'nl'));
UPDATE tournaments SET lang = 'it' WHERE variant = 'italian';
ALTER TABLE rounds ADD COLUMN play_date TEXT NOT NULL DEFAULT '';
ALTER TABLE rounds ADD COLUMN start_time TEXT NOT NULL DEFAULT '';

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
