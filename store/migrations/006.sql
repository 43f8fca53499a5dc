-- Groups and stages (issue 32, version 6). A group is a tournament of its own (system,
-- players, rounds, seed, standings) that belongs to an event: the parent tournament, whose
-- entries are the event's entry list. A tournament that is no group's child and has none is
-- a one-group event, as every tournament of an earlier version.
-- (IF NOT EXISTS: a file set back to an earlier user_version by a downgrade tool keeps its tables.)
CREATE TABLE IF NOT EXISTS groups (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
    parent_id     INTEGER NOT NULL REFERENCES tournaments (id),
    name          TEXT    NOT NULL CHECK (name <> ''),   -- 'A', 'Ereklasse', 'Maestri', as printed
    stage         INTEGER NOT NULL DEFAULT 1 CHECK (stage >= 1), -- 1 the first stage; 2 a stage fed by 1's standings...
    ord           INTEGER NOT NULL CHECK (ord >= 1),     -- order in the event's index (A before B)
    -- how its players were chosen: 'hand', 'rating', 'category', 'standings'
    made_by       TEXT    NOT NULL DEFAULT 'hand' CHECK (made_by IN ('hand', 'rating', 'category', 'standings')),
    seeding       TEXT    NOT NULL DEFAULT '' CHECK (seeding IN ('', 'snake', 'block')),
    -- the tournament whose entries or final standings it was made from (the event, or a group)
    source_id     INTEGER REFERENCES tournaments (id),
    -- points carried from the source's standings: 'none', 'all' (the whole score), 'mutual'
    -- (the points scored against the players of the same new group)
    carry         TEXT    NOT NULL DEFAULT 'none' CHECK (carry IN ('none', 'all', 'mutual')),
    UNIQUE (parent_id, name),
    CHECK (parent_id <> tournament_id)
);
CREATE INDEX IF NOT EXISTS groups_parent ON groups (parent_id, stage, ord);
-- A group entry's origin: the entry of the source it came from, his rank in the order that
-- placed him (rating order, category order or standings place), and the game points carried.
CREATE TABLE IF NOT EXISTS group_entries (
    entry_id    INTEGER PRIMARY KEY REFERENCES entries (id) ON DELETE CASCADE,
    from_entry  INTEGER NOT NULL REFERENCES entries (id),
    rank        INTEGER NOT NULL DEFAULT 0 CHECK (rank >= 0),
    carried     INTEGER NOT NULL DEFAULT 0,
    place       TEXT    NOT NULL DEFAULT '',  -- the standings place as printed ('15-16'); '' by rating
    split       INTEGER NOT NULL DEFAULT 0 CHECK (split IN (0, 1)) -- a shared place split across two groups
);
