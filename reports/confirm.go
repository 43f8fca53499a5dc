package reports

// The one-line confirmations of the commands that change the database: what was written.

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// WriteTournamentCreated confirms `arbitro tournament create`: id, name, variant, system,
// rounds, scoring, tie-breaks and seed.
func WriteTournamentCreated(w io.Writer, t *tournament.Tournament) error {
	_, err := fmt.Fprintf(w, "created tournament %d %q: %s, %s, %s, scoring %s, tie-breaks %s, seed %d\n",
		t.ID, t.Name, t.Variant, t.System, plannedRounds(t), t.Scoring, OrNone(strings.Join(t.TieBreaks, ", ")), t.Seed)
	return err
}

// WriteTRFImported confirms `arbitro tournament import-trf` of the file source.
func WriteTRFImported(w io.Writer, t *tournament.Tournament, source string) error {
	_, err := fmt.Fprintf(w, "imported tournament %d %q from %s: %d players, %d of %d rounds, seed %d\n",
		t.ID, t.Name, source, t.Players, t.RoundsPaired, t.Rounds, t.Seed)
	return err
}

// WriteFieldSet confirms `arbitro tournament set` and `arbitro player set`: who (the
// tournament's name, or "Name (id N)"), the field (lower case) and the value given.
func WriteFieldSet(w io.Writer, who, field, value string) error {
	_, err := fmt.Fprintf(w, "%s: %s set to %q\n", who, strings.ToLower(field), value)
	return err
}

// EntryLabel is "Name (id N)", how the player commands name an entry.
func EntryLabel(e *tournament.Entry) string { return fmt.Sprintf("%s (id %d)", e.Player.Name, e.ID) }

// WritePlayerAdded confirms `arbitro player add`.
func WritePlayerAdded(w io.Writer, e *tournament.Entry) error {
	_, err := fmt.Fprintf(w, "added %s (id %d)\n", e.Player.Name, e.ID)
	return err
}

// WritePlayersImported confirms `arbitro player import`: n players into the tournament.
func WritePlayersImported(w io.Writer, n int, tournamentName string) error {
	_, err := fmt.Fprintf(w, "imported %s into %s\n", count(n, "player", "players"), tournamentName)
	return err
}

// WritePlayerWithdrawn confirms `arbitro player withdraw`: before round 1, or after a
// round (not paired from the next one on).
func WritePlayerWithdrawn(w io.Writer, e *tournament.Entry) error {
	var err error
	if e.WithdrawnAfter == 0 {
		_, err = fmt.Fprintf(w, "%s (id %d) withdrawn before round 1\n", e.Player.Name, e.ID)
	} else {
		_, err = fmt.Fprintf(w, "%s (id %d) withdrawn after round %d: not paired from round %d on\n", e.Player.Name, e.ID, e.WithdrawnAfter, e.WithdrawnAfter+1)
	}
	return err
}

// WriteAbsence confirms `arbitro absent` (an absence recorded, with its game points) or
// `arbitro absent --remove` (removed: paired again).
func WriteAbsence(w io.Writer, tournamentName string, a *tournament.Absence, removed bool) error {
	var err error
	if removed {
		_, err = fmt.Fprintf(w, "%s: %s will be paired in round %d again\n", tournamentName, a.Name, a.Round)
	} else {
		_, err = fmt.Fprintf(w, "%s: %s absent in round %d (%s)\n", tournamentName, a.Name, a.Round, count(a.Points, "game point", "game points"))
	}
	return err
}

// WriteRoundRemoved confirms `arbitro unpair`.
func WriteRoundRemoved(w io.Writer, round int, tournamentName string) error {
	_, err := fmt.Fprintf(w, "round %d of %s removed; pair it again with 'arbitro pair'\n", round, tournamentName)
	return err
}

// WriteResultRecorded confirms `arbitro result`: the board, its players, the result (or
// the correction) and its points in the tournament's scoring.
func WriteResultRecorded(w io.Writer, t *tournament.Tournament, bd *tournament.Board, corrected bool) error {
	verb := "recorded"
	if corrected {
		verb = "corrected to"
	}
	_, err := fmt.Fprintf(w, "round %d board %d: %s - %s %s %s (%s)\n", bd.Round, bd.Board, bd.White, OrBye(bd.Black), verb,
		bd.Result.String(), PointsText(t, bd.Result))
	return err
}

// PointsText shows a result's game points in the tournament's scoring ("2-0 game points",
// "1-0 points" in 1-0.5-0); "" for no result.
func PointsText(t *tournament.Tournament, r *tournament.Result) string {
	if r == nil {
		return ""
	}
	sc, err := tournament.ParseScoring(t.Scoring)
	if err != nil || t.Scoring == "2-1-0" {
		return fmt.Sprintf("%d-%d game points", r.WhitePoints, r.BlackPoints)
	}
	return fmt.Sprintf("%s-%s points", sc.Format(sc.Units(r.WhitePoints)), sc.Format(sc.Units(r.BlackPoints)))
}

// WriteCategoryAdded confirms `arbitro category add`.
func WriteCategoryAdded(w io.Writer, c *tournament.Category) error {
	_, err := fmt.Fprintf(w, "category %q added\n", c.Name)
	return err
}

// WriteCategoryAssigned confirms `arbitro category assign`: the category's size now.
func WriteCategoryAssigned(w io.Writer, c *tournament.Category) error {
	_, err := fmt.Fprintf(w, "category %q: %d players\n", c.Name, len(c.Members))
	return err
}

// WritePrizeAdded confirms `arbitro prize add`: label, place, overall or the category.
func WritePrizeAdded(w io.Writer, p *tournament.Prize) error {
	where := "overall"
	if p.Category != "" {
		where = "category " + strconv.Quote(p.Category)
	}
	_, err := fmt.Fprintf(w, "prize %q: place %d, %s\n", p.Label, p.Place, where)
	return err
}

// plannedRounds is "7 rounds", or, for a round robin whose rounds come from the field
// (Tournament.FieldCycles) before the lot, "rounds from the field at the lot" (single or
// double round robin).
func plannedRounds(t *tournament.Tournament) string {
	if t.Rounds != 0 || t.FieldCycles == 0 {
		return count(t.Rounds, "round", "rounds")
	}
	return "rounds " + roundsCell(t)
}

// roundsCell is the planned rounds of t as a number, or "from the field at the lot"
// ("double round robin, from ..." for a double one) before a round robin's lot.
func roundsCell(t *tournament.Tournament) string {
	switch {
	case t.Rounds != 0 || t.FieldCycles == 0:
		return strconv.Itoa(t.Rounds)
	case t.FieldCycles == 2:
		return "from the field at the lot (double round robin)"
	}
	return "from the field at the lot"
}
