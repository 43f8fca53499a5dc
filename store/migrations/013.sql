-- Team events (issue 32, docs/teams.md): a team event is a tournament whose entrants are
-- teams. Every team member is an entry of the tournament, so that the individual games of
-- a match are boards of its rounds (results, game scores, the audit, undo as always).
CREATE TABLE IF NOT EXISTS team_events (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    boards        INTEGER NOT NULL CHECK (boards BETWEEN 1 AND 20),  -- boards per match
    -- match points for a match won, drawn, lost (2/1/0 by default)
    match_win     INTEGER NOT NULL DEFAULT 2 CHECK (match_win BETWEEN 0 AND 10),
    match_draw    INTEGER NOT NULL DEFAULT 1 CHECK (match_draw BETWEEN 0 AND 10),
    match_loss    INTEGER NOT NULL DEFAULT 0 CHECK (match_loss BETWEEN 0 AND 10),
    -- the team tie-breaks in order, comma-separated ('board-points,sonneborn-berger,direct')
    tiebreaks     TEXT    NOT NULL DEFAULT 'board-points,sonneborn-berger,direct'
);
-- A team: its number is its pairing number, NULL before the team lot.
CREATE TABLE IF NOT EXISTS teams (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    name          TEXT    NOT NULL CHECK (name <> ''),
    club          TEXT    NOT NULL DEFAULT '',
    number        INTEGER CHECK (number >= 1),
    UNIQUE (tournament_id, name),
    UNIQUE (tournament_id, number)
);
-- The roster: members in the order the team gave (ord 1 the strongest), reserves last.
CREATE TABLE IF NOT EXISTS team_members (
    team_id  INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    entry_id INTEGER NOT NULL UNIQUE REFERENCES entries (id) ON DELETE CASCADE,
    ord      INTEGER NOT NULL CHECK (ord >= 1),
    reserve  INTEGER NOT NULL DEFAULT 0 CHECK (reserve IN (0, 1)),
    PRIMARY KEY (team_id, ord)
);
-- A match of a round: the team named first (home) has White on the odd boards. away_team
-- NULL: the home team rests (odd number of teams). forfeit: '' played, 'home' or 'away' the
-- team that did not come (the match lost by forfeit), 'both'.
CREATE TABLE IF NOT EXISTS team_matches (
    id        INTEGER PRIMARY KEY,
    round_id  INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    match     INTEGER NOT NULL CHECK (match >= 1),
    home_team INTEGER NOT NULL REFERENCES teams (id),
    away_team INTEGER REFERENCES teams (id),
    forfeit   TEXT    NOT NULL DEFAULT '' CHECK (forfeit IN ('', 'home', 'away', 'both')),
    UNIQUE (round_id, match)
);
-- A team's line-up for a match: the player on each board; entry_id NULL, the board left
-- empty (lost by forfeit).
CREATE TABLE IF NOT EXISTS team_lineups (
    match_id INTEGER NOT NULL REFERENCES team_matches (id) ON DELETE CASCADE,
    team_id  INTEGER NOT NULL REFERENCES teams (id),
    board    INTEGER NOT NULL CHECK (board >= 1),
    entry_id INTEGER REFERENCES entries (id),
    PRIMARY KEY (match_id, team_id, board)
);
