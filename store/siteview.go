package store

import (
	"database/sql"
	"encoding/json"
	"fmt"

	"arbitro/tournament"
)

// LoadSiteEvent reads tournament t for the web site with read-only queries (use it inside
// Store.View), its live boards included (SiteEvent.Live, loadLive). Errors are those of
// LoadCrosstable, or the database's.
func (tx *Tx) LoadSiteEvent(t *tournament.Tournament) (*tournament.SiteEvent, error) {
	return tx.loadSiteEvent(t, true)
}

// loadSiteEvent is LoadSiteEvent, without the live boards (SiteEvent.Live) unless live.
func (tx *Tx) loadSiteEvent(t *tournament.Tournament, live bool) (*tournament.SiteEvent, error) {
	ev := &tournament.SiteEvent{Tournament: *t, GameIDs: map[int64]int64{}}
	var err error
	if set, err := tx.teamSettings(t.ID); err != nil {
		return nil, err
	} else if set != nil { // a team event: its team page (docs/teams.md)
		if ev.Team, err = tx.loadTeamEvent(t); err != nil {
			return nil, err
		}
	}
	if ev.Entries, err = tx.fieldEntries(t.ID); err != nil {
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
	if ev.Schedule, err = tx.roundSchedules(t); err != nil {
		return nil, err
	}
	if ev.Playoffs, err = tx.playoffs(t); err != nil { // docs/playoffs.md
		return nil, err
	}
	if ev.Openings, err = tx.roundOpenings(t); err != nil {
		return nil, err
	}
	if ev.Categories, err = tx.entryCategories(t); err != nil { // the standings' category column
		return nil, err
	}
	if live {
		if err := tx.loadLive(ev); err != nil { // issue 31: the games in progress
			return nil, err
		}
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
		var c tournament.SiteClaim
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
func (tx *Tx) EachSiteGame(ev *tournament.SiteEvent, fn func(*tournament.SiteGame) error) error {
	byID := make(map[int64]*tournament.Board, len(ev.Boards))
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
		sg := tournament.SiteGameOf(ev, byID[it.board], it.id, text)
		if err := fn(sg); err != nil {
			return err
		}
	}
	return nil
}

// SiteGame loads the game score of board b of the event (ErrNoGame when it has none).
func (tx *Tx) SiteGame(ev *tournament.SiteEvent, b *tournament.Board) (*tournament.SiteGame, error) {
	if b.GameID == 0 {
		return nil, tournament.Errf(tournament.ErrNoGame, "err.site.no_game", "{err}: round {round} board {board}", "round", b.Round, "board", b.Board)
	}
	var text string
	if err := tx.queryRow(`SELECT pdn FROM games WHERE id = ?`, b.GameID).Scan(&text); err != nil {
		return nil, err
	}
	return tournament.SiteGameOf(ev, b, b.GameID, text), nil
}

// DataVersion is the file's data version: the number of its last event in the high 32
// bits and of its last score-sheet entry (a ply is no event) in the low 32, so that it
// grows at every write the site shows, live boards included: the live site (arbitro
// serve) uses it to know when its cached pages are stale.
func (tx *Tx) DataVersion() (int64, error) {
	var n int64
	err := tx.queryRow(`SELECT (SELECT coalesce(max(id), 0) FROM events) << 32 | (SELECT coalesce(max(id), 0) FROM sheet_entries)`).Scan(&n)
	return n, err
}

// roundSchedules reads the date and start time of t's paired rounds that have one.
func (tx *Tx) roundSchedules(t *tournament.Tournament) (map[int]tournament.RoundSchedule, error) {
	rows, err := tx.query(`SELECT number, play_date, start_time FROM rounds WHERE tournament_id = ? AND (play_date != '' OR start_time != '')`, t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]tournament.RoundSchedule{}
	for rows.Next() {
		var s tournament.RoundSchedule
		if err := rows.Scan(&s.Round, &s.Date, &s.Time); err != nil {
			return nil, err
		}
		s.Date, s.Time = tournament.ShownText(s.Date), tournament.ShownText(s.Time) // checked at entry; a crafted file may hold anything
		out[s.Round] = s
	}
	return out, rows.Err()
}
