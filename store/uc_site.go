package store

import (
	"context"
	"fmt"

	"arbitro/tournament"
)

// SiteGames walks the stored game scores of one event, in round, board and game order,
// replayed afresh (Tx.EachSiteGame): fn gets one game at a time; its error stops the walk
// and is returned.
type SiteGames func(fn func(*tournament.SiteGame) error) error

// ReadSite reads, in one read transaction (one consistent state of the file), what the
// web site of the tournament ref names needs, or with all of every tournament of the file
// by id: for each, visit gets the tournament, its event (Tx.LoadSiteEvent: entries,
// boards, crosstable, claims) and the walk of its game scores, which visit may make
// (once) before it returns. Only one game is held at a time, so memory does not grow with
// an archive. It writes nothing.
//
// Returns the tournaments visited, in order. Errors: with !all those of
// Tx.SelectTournament (ErrNoTournament, ErrAmbiguousTournament, ErrNotFound); visit's
// error, which stops the reading; the database's (with all, an event that cannot be read
// prefixed with its tournament's name: "NAME: ...").
func (s *Store) ReadSite(ctx context.Context, ref string, all bool, visit func(t *tournament.Tournament, ev *tournament.SiteEvent, games SiteGames) error) ([]tournament.Tournament, error) {
	var list []tournament.Tournament
	err := s.View(ctx, func(tx *Tx) error {
		if all {
			var err error
			if list, err = tx.Tournaments(); err != nil {
				return err
			}
		} else {
			t, err := tx.SelectTournament(ref)
			if err != nil {
				return err
			}
			list = []tournament.Tournament{*t}
		}
		for i := range list {
			t := &list[i]
			ev, err := tx.LoadSiteEvent(t)
			if err != nil && all {
				return fmt.Errorf("%s: %w", t.Name, err)
			} else if err != nil {
				return err
			}
			games := func(fn func(*tournament.SiteGame) error) error { return tx.EachSiteGame(ev, fn) }
			if err := visit(t, ev, games); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return list, nil
}

// SitePageRequest says what one page of the live site (arbitro serve) needs read. Each
// function is called at most once, in the order of the fields, within the transaction.
type SitePageRequest struct {
	// Fresh is given the file's data version (Tx.DataVersion, which changes with every
	// write); it answers true when the caller holds the page rendered at that version,
	// and then nothing more is read. nil: always read.
	Fresh func(version int64) bool
	// Event picks the tournament of the page among every tournament of the file, by id;
	// nil, or a nil answer: no event is read (the archive index, or a page of none).
	Event func(all []tournament.Tournament) *tournament.Tournament
	// Board picks the board whose game score the page shows; nil, or a nil answer: none.
	Board func(ev *tournament.SiteEvent) *tournament.Board
	// EachGame, when not nil, is given every game score of the event in turn
	// (Tx.EachSiteGame; for data.json); its error stops the walk.
	EachGame func(*tournament.SiteGame) error
	// Live, when true, has the event's live boards read too (SiteEvent.Live: the games
	// kept on electronic score sheets under the spectators' delay, issue 31), for the
	// pages that show them (the round pages, data.json); false leaves them out, unread.
	Live bool
	// Groups, when true and the event has groups, has the site data of each group of its
	// current stage read too (SitePage.Groups; the hall's screens of an event with groups,
	// docs/groups.md "The hall").
	Groups bool
}

// SitePage is what SitePage read.
type SitePage struct {
	Version     int64                   // the file's data version
	Fresh       bool                    // Fresh answered true: nothing else was read
	Tournaments []tournament.Tournament // every tournament of the file, by id
	Tournament  *tournament.Tournament  // Event's answer, nil when none
	Event       *tournament.SiteEvent   // its event, nil when none
	Board       *tournament.Board       // Board's answer, nil when none
	Game        *tournament.SiteGame    // its game score, nil when none
	// Groups are the event's groups of its current stage (the last stage with a paired
	// round, else the last stage), each with its site data, in the index's order; read
	// only with SitePageRequest.Groups.
	Groups []tournament.GroupSite
}

// SitePage reads, in one read transaction, what one page of the live site needs: the
// data version, every tournament of the file, and as req picks them an event, one of its
// game scores or all of them (see SitePageRequest). It writes nothing.
//
// Returns what it read. Errors: ErrNoGame (the board picked has no score), EachGame's
// error, the database's.
func (s *Store) SitePage(ctx context.Context, req SitePageRequest) (SitePage, error) {
	var out SitePage
	err := s.View(ctx, func(tx *Tx) error {
		var err error
		if out.Version, err = tx.DataVersion(); err != nil {
			return err
		}
		if req.Fresh != nil && req.Fresh(out.Version) {
			out.Fresh = true
			return nil
		}
		if out.Tournaments, err = tx.Tournaments(); err != nil {
			return err
		}
		if req.Event == nil {
			return nil
		}
		if out.Tournament = req.Event(out.Tournaments); out.Tournament == nil {
			return nil
		}
		if out.Event, err = tx.loadSiteEvent(out.Tournament, req.Live); err != nil {
			return err
		}
		if req.Board != nil {
			if out.Board = req.Board(out.Event); out.Board != nil {
				if out.Game, err = tx.SiteGame(out.Event, out.Board); err != nil {
					return err
				}
			}
		}
		if req.Groups {
			if out.Groups, err = tx.currentGroupSites(out.Tournament); err != nil {
				return err
			}
		}
		if req.EachGame != nil {
			return tx.EachSiteGame(out.Event, req.EachGame)
		}
		return nil
	})
	return out, err
}

// currentGroupSites reads the site data of each group of event ev's current stage: the
// last stage one of whose groups has a paired round, else the last stage. None when ev
// has no groups.
func (tx *Tx) currentGroupSites(ev *tournament.Tournament) ([]tournament.GroupSite, error) {
	gs, err := tx.listGroups(ev.ID)
	if err != nil || len(gs) == 0 {
		return nil, err
	}
	sites := make([]*tournament.SiteEvent, len(gs))
	stage, last := 0, 0
	for i := range gs {
		if sites[i], err = tx.loadSiteEvent(&gs[i].Tournament, false); err != nil {
			return nil, fmt.Errorf("group %s: %w", gs[i].Name, err)
		}
		last = max(last, gs[i].Stage)
		if len(sites[i].Boards) > 0 {
			stage = max(stage, gs[i].Stage)
		}
	}
	if stage == 0 {
		stage = last
	}
	var out []tournament.GroupSite
	for i := range gs {
		if gs[i].Stage == stage {
			out = append(out, tournament.GroupSite{Group: gs[i], Event: sites[i]})
		}
	}
	return out, nil
}
