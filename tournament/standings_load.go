package tournament

import (
	"fmt"
)

// crossBuilder is a Crosstable being loaded: entry id → index in ct.Players, and each
// entry's start points and joining round (the late entrants).
type CrossBuilder struct {
	Crosstable *Crosstable
	Tournament *Tournament
	Index      map[int]int
	Lates      []LateEntry
}

type LateEntry struct{ Points, Joined int }

// add appends result r to the results of entry id.
func (cb *CrossBuilder) Add(id int, r CrossResult) error {
	i, ok := cb.Index[id]
	if !ok {
		return Errf(ErrInvalidCrosstable, "err.crosstable.entry_not_in", "{err}: round {round}: entry {id} is not in {tournament}", "round", r.Round, "id", id, "tournament", cb.Tournament.Name)
	}
	cb.Crosstable.Players[i].Results = append(cb.Crosstable.Players[i].Results, r)
	return nil
}

// boardKinds sets the kinds of a game's two sides from the stored result kind ("played",
// "forfeit", "unplayed"; "adjourned" or "" pending, points 0). A forfeit's kinds follow
// its points: the side with more won it, 0-0 is a double forfeit; a forfeit that scores
// both sides is ErrInvalidCrosstable.
func BoardKinds(w, b *CrossResult, kind string) error {
	switch kind {
	case "played":
		w.Kind, b.Kind = CrossPlayed, CrossPlayed
	case "forfeit":
		switch {
		case w.Points > b.Points:
			w.Kind, b.Kind = CrossForfeitWin, CrossForfeitLoss
		case b.Points > w.Points:
			w.Kind, b.Kind = CrossForfeitLoss, CrossForfeitWin
		case w.Points == 0:
			w.Kind, b.Kind = CrossForfeitLoss, CrossForfeitLoss
		default:
			return Errf(ErrInvalidCrosstable, "err.crosstable.forfeit_both", "{err}: round {round} board {board}: a forfeit scored {white}-{black}", "round", w.Round, "board", w.Board, "white", w.Points, "black", b.Points)
		}
	case "unplayed":
		w.Kind, b.Kind = CrossUnplayed, CrossUnplayed
	default: // "adjourned", or no result yet
		w.Kind, b.Kind = CrossPending, CrossPending
		w.Points, b.Points = 0, 0
	}
	return nil
}

// spreadStartPoints gives a late entrant's start points to the rounds he missed that have
// no board or absence, 2 game points per round (then 1), as absences.
func (cb *CrossBuilder) SpreadStartPoints() {
	for i, l := range cb.Lates {
		left := l.Points
		for r := 1; r < l.Joined && r <= cb.Tournament.Rounds && left > 0; r++ {
			if hasRound(cb.Crosstable.Players[i].Results, r) {
				continue
			}
			pts := min(2, left)
			left -= pts
			cb.Crosstable.Players[i].Results = append(cb.Crosstable.Players[i].Results, CrossResult{Round: r, Kind: CrossAbsent, Points: pts})
		}
	}
}

func hasRound(rs []CrossResult, round int) bool {
	for _, r := range rs {
		if r.Round == round {
			return true
		}
	}
	return false
}

// RoundNotPairedError: standings were asked after Round, a round of the tournament that
// has not been paired yet (LastPaired is the last paired round).
type RoundNotPairedError struct{ Round, LastPaired int }

func (e *RoundNotPairedError) Error() string {
	return fmt.Sprintf("round %d has not been paired yet (last paired round: %d)", e.Round, e.LastPaired)
}

// StandingsAfter is the standings use case of `arbitro standings` and `crosstable`.
type StandingsAfter struct {
	Table *Crosstable // the crosstable; for a category, its event name ends " — CATEGORY"
	Round int         // the round the standings are after
	Rows  []Standing  // in order of places (FIDE C.07 tie-breaks of the tournament)
	// Playoffs are the event's play-offs, read for the final standings (Round = the last
	// round); PlayoffDecided holds the entry ids whose place one of them decided
	// (ApplyPlayoffs). Both nil before the last round or without play-offs.
	Playoffs       []Playoff
	PlayoffDecided map[int64]bool
	// Categories names, by entry id (CrossEntry.ID), the categories each player is in, in
	// the order they were created; nil when the event has none or the standings are a
	// category's own (issue 29: the standings' category column).
	Categories map[int][]string
}
