-- arbitro database schema. The version below is stored in PRAGMA user_version.
-- schema-version: 13
--
-- Conventions
--   * Scores are integer game points in draughts scoring: win 2, draw 1, loss 0. They are
--     shown in the tournament's scoring system (tournaments.scoring) but never stored as
--     floats.
--   * Times are UTC text in RFC 3339 (2026-11-21T22:00:00Z); dates are YYYY-MM-DD.
--   * JSON columns hold UTF-8 JSON text.
--   * A person (players) may play many tournaments; his participation in one tournament is an
--     entry (entries), which carries the pairing number, the rating used for the event and
--     the status. Boards and results refer to entries, never to players directly.
--   * Changes of a later version are numbered files in migrations/ (NNN.sql, NNN = the
--     version they lead to); this file always holds the whole current schema.

-- One tournament (torneo). A database file may hold one event or a federation archive.
CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    name           TEXT    NOT NULL UNIQUE CHECK (name <> ''),
    variant        TEXT    NOT NULL CHECK (variant IN ('italian', 'international')),
    system         TEXT    NOT NULL CHECK (system IN ('round-robin', 'italo-swiss', 'dutch')),
    rounds         INTEGER NOT NULL CHECK (rounds >= 1),
    -- scoring system used to SHOW points: '2-1-0' (FID default), '1-0.5-0', '3-1-0'.
    scoring        TEXT    NOT NULL DEFAULT '2-1-0' CHECK (scoring IN ('2-1-0', '1-0.5-0', '3-1-0')),
    -- game points (2-1-0 scale) for a pairing bye (riposo) and for a win by forfeit.
    bye_points     INTEGER NOT NULL DEFAULT 2 CHECK (bye_points BETWEEN 0 AND 2),
    forfeit_points INTEGER NOT NULL DEFAULT 2 CHECK (forfeit_points BETWEEN 0 AND 2),
    -- games per pairing: 1, or 2 (andata e ritorno, second game with colours reversed).
    games_per_pairing INTEGER NOT NULL DEFAULT 1 CHECK (games_per_pairing IN (1, 2)),
    -- tie-break names in order, comma-separated, e.g. 'quoziente,sonneborn-berger'.
    tiebreaks      TEXT    NOT NULL DEFAULT '',
    -- seed of the lot and of every random choice of the pairing (stored so it can be replayed).
    lot_seed       INTEGER NOT NULL DEFAULT 0,
    lot_drawn_at   TEXT,                          -- when pairing numbers were drawn; NULL before
    start_date     TEXT    NOT NULL DEFAULT '',   -- YYYY-MM-DD or ''
    end_date       TEXT    NOT NULL DEFAULT '',
    place          TEXT    NOT NULL DEFAULT '',
    federation     TEXT    NOT NULL DEFAULT '',   -- organising federation, e.g. 'FID', 'FMJD'
    chief_arbiter  TEXT    NOT NULL DEFAULT '',   -- arbitro principale
    time_control   TEXT    NOT NULL DEFAULT '',
    created_at     TEXT    NOT NULL,
    -- Italo-Swiss format (issue 13): 'rotation' (arbitro's earlier reading), 'art2', 'art8',
    -- 'art9' (the FID program's formats); '' for the other systems.
    italo_format   TEXT    NOT NULL DEFAULT 'rotation' CHECK (italo_format IN ('', 'rotation', 'art2', 'art8', 'art9')),
    -- opening ballot: '' none, 'fid-italian' one opening per round from FID Tabella 4.
    openings       TEXT    NOT NULL DEFAULT '' CHECK (openings IN ('', 'fid-italian')),
    -- club separation: '' none, 'club' (round robin: restricted lot; Swiss: clubmates avoided)
    club_separation TEXT   NOT NULL DEFAULT '' CHECK (club_separation IN ('', 'club')),
    -- language of every sheet and message of the event (issue 16): 'it', 'en', 'fr', 'nl'.
    lang           TEXT    NOT NULL DEFAULT 'en' CHECK (lang IN ('it', 'en', 'fr', 'nl')),
    -- round robin (issue 28): the rounds from the field at the lot, 1 single, 2 double round
    -- robin; 0 when --rounds fixed them. rounds is set when the lot is drawn.
    rr_cycles      INTEGER NOT NULL DEFAULT 0 CHECK (rr_cycles IN (0, 1, 2))
);

-- A person (giocatore), shared by the tournaments of the file.
CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (name <> ''),  -- 'Surname, Given name' (Cognome, Nome)
    club        TEXT    NOT NULL DEFAULT '',           -- circolo / società
    federation  TEXT    NOT NULL DEFAULT '',           -- e.g. 'ITA', 'NED'
    fid_id      TEXT    NOT NULL DEFAULT '',           -- FID membership number (tessera); '' if none
    fmjd_id     TEXT    NOT NULL DEFAULT '',           -- FMJD id for international ratings; '' if none
    national_id TEXT    NOT NULL DEFAULT '',           -- id in another national federation; '' if none
    rating      INTEGER NOT NULL DEFAULT 0 CHECK (rating >= 0),   -- last known rating; 0 = none
    birth_year  INTEGER NOT NULL DEFAULT 0 CHECK (birth_year >= 0), -- 0 = unknown
    title       TEXT    NOT NULL DEFAULT '',           -- title or FID category (GMI, MF, M, CM, 1N...)
    created_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX players_fid_id ON players (fid_id) WHERE fid_id <> '';
CREATE UNIQUE INDEX players_fmjd_id ON players (fmjd_id) WHERE fmjd_id <> '';
CREATE INDEX players_name ON players (name);

-- A player's participation in one tournament (iscrizione).
CREATE TABLE entries (
    id             INTEGER PRIMARY KEY,            -- the pairing engines' Entrant.ID
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    pairing_number INTEGER CHECK (pairing_number >= 1), -- numero di sorteggio; NULL before the lot
    rating         INTEGER NOT NULL DEFAULT 0 CHECK (rating >= 0), -- rating used in this event
    status         TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn')),
    withdrawn_after INTEGER,                       -- last round he was paired in; NULL if active
    start_points   INTEGER NOT NULL DEFAULT 0 CHECK (start_points >= 0), -- granted to a late entrant
    joined_round   INTEGER NOT NULL DEFAULT 1 CHECK (joined_round >= 1), -- first round he may be paired
    created_at     TEXT    NOT NULL,
    UNIQUE (tournament_id, player_id),
    UNIQUE (tournament_id, pairing_number)
);
CREATE INDEX entries_player ON entries (player_id);

-- A round (turno). Created when it is paired.
CREATE TABLE rounds (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    number        INTEGER NOT NULL CHECK (number >= 1),
    method        TEXT    NOT NULL DEFAULT '',   -- how it was paired: 'round-robin', 'italo-swiss', 'dutch', 'manual'
    seed          INTEGER NOT NULL DEFAULT 0,    -- seed used for this round's random choices
    explanation   TEXT    NOT NULL DEFAULT '',   -- the pairing engine's account of its choices
    paired_at     TEXT    NOT NULL,
    published_at  TEXT,                          -- NULL while the pairing is a draft
    opening       TEXT    NOT NULL DEFAULT '',   -- opening drawn for the round (FID Tabella 4 number)
    opening_seed  INTEGER NOT NULL DEFAULT 0,    -- seed of that draw
    play_date     TEXT    NOT NULL DEFAULT '',   -- YYYY-MM-DD the round is played, or '' (issue 16)
    start_time    TEXT    NOT NULL DEFAULT '',   -- HH:MM local start time, or '' (issue 16)
    UNIQUE (tournament_id, number)
);

-- Entries not paired in a round on purpose (requested absence, late entry) and the game
-- points the arbiter grants for it (usually 0).
CREATE TABLE absences (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    entry_id      INTEGER NOT NULL REFERENCES entries (id),
    round_number  INTEGER NOT NULL CHECK (round_number >= 1),
    points        INTEGER NOT NULL DEFAULT 0 CHECK (points BETWEEN 0 AND 2),
    reason        TEXT    NOT NULL DEFAULT '',
    UNIQUE (entry_id, round_number)
);

-- One board (tavolo) of a round. black_entry NULL means white_entry has the pairing bye.
CREATE TABLE boards (
    id           INTEGER PRIMARY KEY,
    round_id     INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    board        INTEGER NOT NULL CHECK (board >= 1),
    game         INTEGER NOT NULL DEFAULT 1 CHECK (game IN (1, 2)), -- game of the pairing (andata/ritorno)
    white_entry  INTEGER NOT NULL REFERENCES entries (id),
    black_entry  INTEGER REFERENCES entries (id),
    pair_order   INTEGER NOT NULL DEFAULT 0,     -- order in which the pairing formed the pair (Italo-Swiss rotation); 0 = board order
    white_float  TEXT    NOT NULL DEFAULT '' CHECK (white_float IN ('', 'down', 'up')),
    black_float  TEXT    NOT NULL DEFAULT '' CHECK (black_float IN ('', 'down', 'up')),
    -- kind of a pairing bye (issue 13): '' ordinary, 'RM' odd-field rest, 'RR' rest after a
    -- withdrawal, 'RT' turn rest (0 points)
    rest         TEXT    NOT NULL DEFAULT '' CHECK (rest IN ('', 'RM', 'RR', 'RT')),
    UNIQUE (round_id, board, game),
    CHECK (black_entry IS NULL OR black_entry <> white_entry)
);
CREATE INDEX boards_white ON boards (white_entry);
CREATE INDEX boards_black ON boards (black_entry);

-- The result of a board in game points (2-1-0). One current result per board; every change
-- is also in the event log.
--   played     a game over the board: 2-0, 1-1, 0-2
--   forfeit    one side absent: the present side gets tournaments.forfeit_points, 0-0 if both absent
--   bye        the pairing bye: white_points = tournaments.bye_points, black_points 0
--   unplayed   paired but not played and not scored (e.g. both withdrew): 0-0
--   adjourned  not finished yet (sospesa): points 0-0 until a final result replaces it
CREATE TABLE results (
    board_id     INTEGER PRIMARY KEY REFERENCES boards (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('played', 'forfeit', 'bye', 'unplayed', 'adjourned')),
    white_points INTEGER NOT NULL CHECK (white_points BETWEEN 0 AND 2),
    black_points INTEGER NOT NULL CHECK (black_points BETWEEN 0 AND 2),
    entered_at   TEXT    NOT NULL,
    entered_by   TEXT    NOT NULL DEFAULT ''
);

-- The game score (PDN) of a board and the rules engine's verdict on it.
CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    board_id     INTEGER NOT NULL UNIQUE REFERENCES boards (id) ON DELETE CASCADE,
    pdn          TEXT    NOT NULL,
    verdict      TEXT    NOT NULL DEFAULT '{}',  -- JSON from rules.Replay
    legal        INTEGER CHECK (legal IN (0, 1)), -- NULL: not checked yet
    illegal_ply  INTEGER,                        -- first illegal ply (1-based); NULL if legal
    reason       TEXT    NOT NULL DEFAULT '',
    pdn_result   TEXT    NOT NULL DEFAULT '',    -- the result tag of the PDN, as written
    submitted_at TEXT    NOT NULL,
    submitted_by TEXT    NOT NULL DEFAULT ''
);

-- A draw claim (richiesta di patta): 40-move rule, repetition, FMJD endgame counts.
CREATE TABLE claims (
    id             INTEGER PRIMARY KEY,
    board_id       INTEGER NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
    claimant_entry INTEGER REFERENCES entries (id),   -- who claimed; NULL if the arbiter acted
    rule           TEXT    NOT NULL,                  -- e.g. '40-moves', 'repetition', 'fmjd-16-moves'
    requested_ply  INTEGER,                           -- ply at which the claim was made
    declared_ply   INTEGER,                           -- ply the engine found the condition met; NULL if never
    engine_verdict TEXT    NOT NULL DEFAULT '{}',     -- JSON from the rules engine
    engine_ok      INTEGER CHECK (engine_ok IN (0, 1)),
    decision       TEXT    NOT NULL DEFAULT 'pending' CHECK (decision IN ('pending', 'accepted', 'rejected')),
    decided_by     TEXT    NOT NULL DEFAULT '',
    decided_at     TEXT,
    note           TEXT    NOT NULL DEFAULT '',
    created_at     TEXT    NOT NULL
);
CREATE INDEX claims_board ON claims (board_id);

-- Append-only log of every arbiter action: who, when, what, state before and after. A hash
-- chain (issue 27): hash is the SHA-256 of the previous entry's hash and of this entry's
-- fields (tournament.EventHash), so that arbitro audit finds an entry changed, deleted or
-- inserted outside arbitro. tournament_id has no foreign key: the entries of a deleted
-- tournament stay in the log (and in the chain), beside the file-wide entry of the
-- deletion.
CREATE TABLE events (
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
CREATE INDEX events_tournament ON events (tournament_id, id);
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;

-- Categories and prizes (issue 13). A category is a named group of entries with its own
-- standings: members added by hand (category_members) and/or by a rule on the player.
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
-- Prizes in order of value (rank 1 = highest), each for a place of the overall standings
-- (category '') or of a category; each player takes at most one, the highest.
CREATE TABLE prizes (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    rank          INTEGER NOT NULL,
    category      TEXT    NOT NULL DEFAULT '',
    place         INTEGER NOT NULL CHECK (place >= 1),
    label         TEXT    NOT NULL DEFAULT '',
    UNIQUE (tournament_id, rank)
);

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
    id_column  TEXT    NOT NULL DEFAULT '',
    line       TEXT    NOT NULL DEFAULT ''    -- the 001 line as read (issue 19, version 3)
);
-- TRF records of an imported file that arbitro keeps verbatim for export (172-222, 240,
-- 250, 299, ### comments, lines it does not know), in file order.
CREATE TABLE trf_records (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    seq           INTEGER NOT NULL,
    line          TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);
-- The hall (issue 30, version 5): players' PINs, the results they enter on the hall's pages, check-in, the arbiter's password.
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
-- Per-arbiter passwords of the hall's console (version 12): each arbiter logs in by his
-- name (arbitro hall password --arbiter NAME) and the event log names him ("arbiter NAME
-- via the hall"). A bcrypt hash per name; the file-wide password above keeps working.
CREATE TABLE hall_arbiters (
    name   TEXT NOT NULL PRIMARY KEY COLLATE NOCASE CHECK (name <> ''),
    hash   TEXT NOT NULL,
    set_at TEXT NOT NULL
);
-- Groups and stages (issue 32, version 6). A group is a tournament of its own (system,
-- players, rounds, seed, standings) that belongs to an event: the parent tournament, whose
-- entries are the event's entry list. A tournament that is no group's child and has none is
-- a one-group event, as every tournament of an earlier version.
CREATE TABLE groups (
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
CREATE INDEX groups_parent ON groups (parent_id, stage, ord);
-- A group entry's origin: the entry of the source it came from, his rank in the order that
-- placed him (rating order, category order or standings place), and the game points carried.
CREATE TABLE group_entries (
    entry_id    INTEGER PRIMARY KEY REFERENCES entries (id) ON DELETE CASCADE,
    from_entry  INTEGER NOT NULL REFERENCES entries (id),
    rank        INTEGER NOT NULL DEFAULT 0 CHECK (rank >= 0),
    carried     INTEGER NOT NULL DEFAULT 0,
    place       TEXT    NOT NULL DEFAULT '',  -- the standings place as printed ('15-16'); '' by rating
    split       INTEGER NOT NULL DEFAULT 0 CHECK (split IN (0, 1)) -- a shared place split across two groups
);
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
-- The hall's settings of an event (issue 30), stored with it rather than given as flags:
-- the hall's address printed on the pairing sheets (url, '' none), the arbiter's
-- confirmation of every result (confirm), and the minutes after which a single entry goes to
-- the arbiter (single_minutes, 0 never). No row: none of them.
CREATE TABLE hall_settings (
    tournament_id  INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    url            TEXT    NOT NULL DEFAULT '',
    confirm        INTEGER NOT NULL DEFAULT 0 CHECK (confirm IN (0, 1)),
    single_minutes INTEGER NOT NULL DEFAULT 0 CHECK (single_minutes >= 0),
    set_at         TEXT    NOT NULL,
    -- who keeps the electronic score sheet (issue 31): 'any' (each his own, or one for
    -- both), 'both' (each his own), 'white' or 'black' (that player, for both)
    sheets         TEXT    NOT NULL DEFAULT 'any' CHECK (sheets IN ('any', 'both', 'white', 'black'))
);
-- Play-offs (barrage, spareggio tecnico; issue 32, docs/playoffs.md): extra games between
-- players tied in the standings, at their own time control, that order them for a title
-- or a place and count in no score. A play-off is numbered within its tournament.
CREATE TABLE playoffs (
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
CREATE TABLE playoff_players (
    playoff_id INTEGER NOT NULL REFERENCES playoffs (id) ON DELETE CASCADE,
    entry_id   INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    PRIMARY KEY (playoff_id, entry_id)
);
-- One game of a play-off: white's game points (2 win, 1 draw, 0 loss) and, once given, its
-- PDN score judged by the same replay as the event's games.
CREATE TABLE playoff_games (
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

-- Team events (issue 32, migration 012, docs/teams.md).
-- Team events (issue 32, docs/teams.md): a team event is a tournament whose entrants are
-- teams. Every team member is an entry of the tournament, so that the individual games of
-- a match are boards of its rounds (results, game scores, the audit, undo as always).
CREATE TABLE team_events (
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
CREATE TABLE teams (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    name          TEXT    NOT NULL CHECK (name <> ''),
    club          TEXT    NOT NULL DEFAULT '',
    number        INTEGER CHECK (number >= 1),
    UNIQUE (tournament_id, name),
    UNIQUE (tournament_id, number)
);
-- The roster: members in the order the team gave (ord 1 the strongest), reserves last.
CREATE TABLE team_members (
    team_id  INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    entry_id INTEGER NOT NULL UNIQUE REFERENCES entries (id) ON DELETE CASCADE,
    ord      INTEGER NOT NULL CHECK (ord >= 1),
    reserve  INTEGER NOT NULL DEFAULT 0 CHECK (reserve IN (0, 1)),
    PRIMARY KEY (team_id, ord)
);
-- A match of a round: the team named first (home) has White on the odd boards. away_team
-- NULL: the home team rests (odd number of teams). forfeit: '' played, 'home' or 'away' the
-- team that did not come (the match lost by forfeit), 'both'.
CREATE TABLE team_matches (
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
CREATE TABLE team_lineups (
    match_id INTEGER NOT NULL REFERENCES team_matches (id) ON DELETE CASCADE,
    team_id  INTEGER NOT NULL REFERENCES teams (id),
    board    INTEGER NOT NULL CHECK (board >= 1),
    entry_id INTEGER REFERENCES entries (id),
    PRIMARY KEY (match_id, team_id, board)
);
