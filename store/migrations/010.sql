-- Play-offs (barrage, spareggio tecnico; issue 32, docs/playoffs.md): extra games between
-- players tied in the standings, at their own time control, that order them for a title
-- or a place and count in no score. A play-off is numbered within its tournament.
CREATE TABLE IF NOT EXISTS playoffs (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL CHECK (number >= 1),
    title         TEXT    NOT NULL DEFAULT '',   -- the title it decides ('' when a place)
    place         INTEGER NOT NULL DEFAULT 0 CHECK (place >= 0), -- the place it decides (0: the title's)
    time_control  TEXT    NOT NULL DEFAULT '',
    -- when it orders its players: after every tie-break, or before them (on points alone)
    ordering      TEXT    NOT NULL DEFAULT 'after-tiebreaks' CHECK (ordering IN ('after-tiebreaks', 'before-tiebreaks')),
    created_at    TEXT    NOT NULL,
    UNIQUE (tournament_id, number)
);
CREATE TABLE IF NOT EXISTS playoff_players (
    playoff_id INTEGER NOT NULL REFERENCES playoffs (id) ON DELETE CASCADE,
    entry_id   INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    PRIMARY KEY (playoff_id, entry_id)
);
-- One game of a play-off: white's game points (2 win, 1 draw, 0 loss) and, once given, its
-- PDN score judged by the same replay as the event's games.
CREATE TABLE IF NOT EXISTS playoff_games (
    id           INTEGER PRIMARY KEY,
    playoff_id   INTEGER NOT NULL REFERENCES playoffs (id) ON DELETE CASCADE,
    game         INTEGER NOT NULL CHECK (game >= 1),
    white_entry  INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    black_entry  INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    white_points INTEGER NOT NULL CHECK (white_points IN (0, 1, 2)),
    pdn          TEXT    NOT NULL DEFAULT '',
    verdict      TEXT    NOT NULL DEFAULT '{}',
    legal        INTEGER CHECK (legal IN (0, 1)), -- NULL: no score given
    illegal_ply  INTEGER,
    reason       TEXT    NOT NULL DEFAULT '',
    at           TEXT    NOT NULL,
    UNIQUE (playoff_id, game)
);
