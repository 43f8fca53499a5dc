package tournament

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"arbitro/rules"
)

// SiteEvent is the read-only view of one tournament that the web site (package site) is
// drawn from: the tournament row, its entries with their persons, every board of every
// round, the crosstable the standings are computed from, and the draw claims. Game scores
// are not in it: EachSiteGame streams them one at a time, so that publishing a large event
// keeps one game in memory.
type SiteEvent struct {
	Tournament Tournament      // its Variant is the variant every game is replayed under
	Entries    []Entry         // in pairing-number order (entries without a number last, by name)
	Boards     []*Board        // every round, in round, board and game order
	Table      *Crosstable     // as LoadCrosstable returns it
	Claims     []SiteClaim     // every claim of the event, oldest first
	GameIDs    map[int64]int64 // board id -> game id, for the boards that have a score
}

// SiteClaim is a draw claim as the site shows it: the board, the plies, the arbiter's
// decision and the engine's check (whose Message states the count).
type SiteClaim struct {
	ID          int64
	BoardID     int64
	Claimant    string // "white", "black" or "" (the arbiter acted)
	RequestedAt int    // ply after which the count was asked for
	DeclaredAt  int    // ply after which the draw was declared
	Decision    string // DecisionAccepted, DecisionRejected or DecisionPending
	Check       ClaimCheck
}

// SiteGame is one stored game score with everything its web page shows: the parsed game,
// the verdict of a fresh replay with the tournament's variant (rules.ReplayPositions) and
// the position after every legal ply (Positions[0] is the start).
type SiteGame struct {
	ID        int64
	Board     *Board
	PDN       string // the stored text, UTF-8
	Game      *rules.Game
	Verdict   rules.Verdict
	Positions []rules.Position
}

// LoadSiteEvent reads tournament t for the web site with read-only queries (use it inside
// Store.View). Errors are those of LoadCrosstable, or the database's.
func (tx *Tx) LoadSiteEvent(t *Tournament) (*SiteEvent, error) {
	ev := &SiteEvent{Tournament: *t, GameIDs: map[int64]int64{}}
	var err error
	if ev.Entries, err = tx.Entries(t.ID); err != nil {
		return nil, err
	}
	if ev.Boards, err = tx.Boards(t, 0); err != nil {
		return nil, err
	}
	for _, b := range ev.Boards {
		if b.GameID != 0 {
			ev.GameIDs[b.ID] = b.GameID
		}
	}
	if ev.Table, err = tx.LoadCrosstable(t); err != nil {
		return nil, err
	}
	rows, err := tx.query(`SELECT c.id, c.board_id, coalesce(c.claimant_entry, 0), coalesce(c.requested_ply, 0),
		coalesce(c.declared_ply, 0), c.decision, c.engine_verdict, b.white_entry, coalesce(b.black_entry, 0)
		FROM claims c JOIN boards b ON b.id = c.board_id JOIN rounds r ON r.id = b.round_id
		WHERE r.tournament_id = ? ORDER BY c.id`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c SiteClaim
		var claimant, white, black int64
		var vj string
		if err := rows.Scan(&c.ID, &c.BoardID, &claimant, &c.RequestedAt, &c.DeclaredAt, &c.Decision, &vj, &white, &black); err != nil {
			return nil, err
		}
		switch {
		case claimant != 0 && claimant == white:
			c.Claimant = "white"
		case claimant != 0 && claimant == black:
			c.Claimant = "black"
		}
		if err := json.Unmarshal([]byte(vj), &c.Check); err != nil {
			return nil, fmt.Errorf("claim %d: stored engine verdict: %w", c.ID, err)
		}
		ev.Claims = append(ev.Claims, c)
	}
	return ev, rows.Err()
}

// EachSiteGame calls fn with every stored game score of the event, in round, board and game
// order, replayed afresh (SiteGame). Only one game is held at a time. A stored score that
// no longer parses is given with Game nil and a parse-error Verdict. fn's error stops the
// walk and is returned.
func (tx *Tx) EachSiteGame(ev *SiteEvent, fn func(*SiteGame) error) error {
	byID := make(map[int64]*Board, len(ev.Boards))
	for _, b := range ev.Boards {
		byID[b.ID] = b
	}
	// Read the texts first (ids and text only), then replay: no query is open while fn runs.
	type item struct {
		id, board int64
	}
	var items []item
	for _, b := range ev.Boards {
		if b.GameID != 0 {
			items = append(items, item{b.GameID, b.ID})
		}
	}
	for _, it := range items {
		var text string
		err := tx.queryRow(`SELECT pdn FROM games WHERE id = ?`, it.id).Scan(&text)
		if err == sql.ErrNoRows {
			continue
		}
		if err != nil {
			return err
		}
		sg := SiteGameOf(ev, byID[it.board], it.id, text)
		if err := fn(sg); err != nil {
			return err
		}
	}
	return nil
}

// SiteGame loads the game score of board b of the event (ErrNoGame when it has none).
func (tx *Tx) SiteGame(ev *SiteEvent, b *Board) (*SiteGame, error) {
	if b.GameID == 0 {
		return nil, fmt.Errorf("%w: round %d board %d", ErrNoGame, b.Round, b.Board)
	}
	var text string
	if err := tx.queryRow(`SELECT pdn FROM games WHERE id = ?`, b.GameID).Scan(&text); err != nil {
		return nil, err
	}
	return SiteGameOf(ev, b, b.GameID, text), nil
}

// SiteGameOf parses and replays a stored score text of board b (with the event's variant,
// forced over the GameType tag, as AddGame judged it).
func SiteGameOf(ev *SiteEvent, b *Board, id int64, text string) *SiteGame {
	sg := &SiteGame{ID: id, Board: b, PDN: text}
	g, err := rules.NewPDNReader(strings.NewReader(text)).Next()
	if err != nil {
		sg.Verdict = rules.ParseErrorVerdict(g, err)
		return sg
	}
	sg.Game = g
	sg.Verdict, sg.Positions = rules.ReplayPositions(g, rules.ReplayOptions{Variant: ev.Tournament.Variant, ForceVariant: true})
	return sg
}

// DataVersion returns a number that changes whenever any tournament of the file is
// written: the id of the last event-log row (every write command logs one). The live site
// (arbitro serve) uses it to know when its cached pages are stale.
func (tx *Tx) DataVersion() (int64, error) {
	var n int64
	err := tx.queryRow(`SELECT coalesce(max(id), 0) FROM events`).Scan(&n)
	return n, err
}
