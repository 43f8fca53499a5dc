package reports

// The one-line confirmations of the commands that change the database: what was written,
// in the language of the arbiter's messages (the command's cliLocale; nil prints English).
// The words are the catalogs' "cmd.*" keys (locales/<lang>/commands.json).

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// systemShort is the short name of a pairing system in the language, as the confirmation
// and the tournament list print it ("italo-swiss" in English, the code the flag takes;
// "italo-svizzero" in Italian); the code itself for a system without a short name.
func (l *Locale) systemShort(s tournament.System) string {
	switch s.Code() {
	case "round-robin":
		return l.T("system.short.round-robin")
	case "italo-swiss":
		return l.T("system.short.italo-swiss")
	case "dutch":
		return l.T("system.short.dutch")
	}
	return s.Code()
}

// MethodName is the method a round was paired by, as stored (a system's code, or another
// word such as an import's), in the language: a system's short name (systemShort), else
// the stored word.
func (l *Locale) MethodName(m string) string {
	if s, err := tournament.ParseSystem(m); err == nil {
		return l.systemShort(s)
	}
	if m == tournament.RoundMethodImported { // the rounds of an imported event (issue 28)
		return l.T("method.imported")
	}
	return m
}

// WriteTournamentCreated confirms `arbitro tournament create` in the language l: id,
// name, variant, system, rounds, scoring, tie-breaks (in the language's words, tieBreaksShort:
// in English their codes, as --tiebreaks takes them) and seed.
func WriteTournamentCreated(w io.Writer, l *Locale, t *tournament.Tournament) error {
	l = orEnglish(l)
	_, err := fmt.Fprintln(w, l.T("cmd.tournament_created", "id", t.ID, "name", strconv.Quote(t.Name),
		"variant", l.variantShort(t.Variant), "system", l.systemShort(t.System), "rounds", l.plannedRounds(t),
		"scoring", t.Scoring, "tiebreaks", l.OrNone(l.tieBreaksShort(t.TieBreaks)), "seed", fmt.Sprint(t.Seed)))
	return err
}

// WriteTRFImported confirms `arbitro tournament import-trf` of the file source in the
// language l.
func WriteTRFImported(w io.Writer, l *Locale, t *tournament.Tournament, source string) error {
	l = orEnglish(l)
	_, err := fmt.Fprintln(w, l.N("cmd.trf_imported", t.Players, "id", t.ID, "name", strconv.Quote(t.Name), "file", source,
		"players", t.Players, "paired", t.RoundsPaired, "rounds", t.Rounds, "seed", fmt.Sprint(t.Seed)))
	return err
}

// WriteFieldSet confirms `arbitro tournament set` and `arbitro player set` in the
// language l: who (the tournament's name, or EntryLabel), the field (lower case, the
// name the command takes) and the value given.
func WriteFieldSet(w io.Writer, l *Locale, who, field, value string) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.field_set", "who", who, "field", strings.ToLower(field), "value", strconv.Quote(value)))
	return err
}

// EntryLabel is how the player commands name an entry, in the language l: "Name (no. N)"
// with the pairing number once he has one (the number the sheets print and the commands
// take, tournament.FindEntry), "Name (id N)" with the entry number before the lot.
func EntryLabel(l *Locale, e *tournament.Entry) string {
	if e.Number > 0 {
		return orEnglish(l).T("cmd.entry_numbered", "name", e.Player.Name, "number", fmt.Sprint(e.Number))
	}
	return orEnglish(l).T("cmd.entry", "name", e.Player.Name, "id", fmt.Sprint(e.ID))
}

// WritePlayerAdded confirms `arbitro player add` in the language l.
func WritePlayerAdded(w io.Writer, l *Locale, e *tournament.Entry) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.player_added", "player", EntryLabel(l, e)))
	return err
}

// WritePlayersImported confirms `arbitro player import` in the language l: n players into
// the tournament.
func WritePlayersImported(w io.Writer, l *Locale, n int, tournamentName string) error {
	_, err := fmt.Fprintln(w, orEnglish(l).N("cmd.players_imported", n, "name", tournamentName))
	return err
}

// WritePlayerWithdrawn confirms `arbitro player withdraw` in the language l: before round
// 1, or after a round (not paired from the next one on).
func WritePlayerWithdrawn(w io.Writer, l *Locale, e *tournament.Entry) error {
	l = orEnglish(l)
	var err error
	if e.WithdrawnAfter == 0 {
		_, err = fmt.Fprintln(w, l.T("cmd.withdrawn_before", "player", EntryLabel(l, e)))
	} else {
		_, err = fmt.Fprintln(w, l.T("cmd.withdrawn_after", "player", EntryLabel(l, e), "round", e.WithdrawnAfter, "next", e.WithdrawnAfter+1))
	}
	return err
}

// WriteAbsence confirms `arbitro absent` (an absence recorded, with its game points) or
// `arbitro absent --remove` (removed: paired again), in the language l.
func WriteAbsence(w io.Writer, l *Locale, tournamentName string, a *tournament.Absence, removed bool) error {
	l = orEnglish(l)
	var err error
	if removed {
		_, err = fmt.Fprintln(w, l.T("cmd.absence_removed", "name", tournamentName, "player", a.Name, "round", a.Round))
	} else {
		_, err = fmt.Fprintln(w, l.T("cmd.absent", "name", tournamentName, "player", a.Name, "round", a.Round,
			"points", l.N("cmd.game_points", a.Points)))
	}
	return err
}

// WriteRoundRemoved confirms `arbitro unpair` in the language l.
func WriteRoundRemoved(w io.Writer, l *Locale, round int, tournamentName string) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.round_removed", "round", round, "name", tournamentName))
	return err
}

// WriteRoundUnpaired confirms `arbitro unpair` in the language l: the round removed and,
// when it had results (unpair --reason), a line saying how many boards' results and game
// scores the event log keeps, to be restored if the same boards are paired again.
func WriteRoundUnpaired(w io.Writer, l *Locale, u *tournament.Unpaired, tournamentName string) error {
	l = orEnglish(l)
	if err := WriteRoundRemoved(w, l, u.Round, tournamentName); err != nil {
		return err
	}
	if u.Kept == 0 {
		return nil
	}
	_, err := fmt.Fprintln(w, l.T("cmd.round_removed_kept", "boards", l.N("cmd.boards_kept", u.Kept), "reason", strconv.Quote(u.Reason)))
	return err
}

// WriteRestored says, in the language l, each board of a round paired again whose result
// and game score were written back from an unpair of the round (tournament.RestoredBoard).
func WriteRestored(w io.Writer, l *Locale, rs []tournament.RestoredBoard) error {
	l = orEnglish(l)
	for _, r := range rs {
		key := "cmd.result_restored"
		if r.Result == "" {
			key = "cmd.score_restored"
		}
		if _, err := fmt.Fprintln(w, l.T(key, "round", r.Round, "board", r.Board, "white", r.White, "black", r.Black, "result", r.Result, "action", r.Action)); err != nil {
			return err
		}
	}
	return nil
}

// WriteResultRecorded confirms `arbitro result` in the language l: the board, its players,
// the result (or the correction; a bye, unplayed or adjourned game in the language's
// word, ResultText) and its points in the tournament's scoring.
func WriteResultRecorded(w io.Writer, l *Locale, t *tournament.Tournament, bd *tournament.Board, corrected bool) error {
	l = orEnglish(l)
	key := "cmd.result_recorded"
	if corrected {
		key = "cmd.result_corrected"
	}
	_, err := fmt.Fprintln(w, l.T(key, "round", bd.Round, "board", bd.Board, "white", bd.White, "black", l.OrBye(bd.Black),
		"result", l.ResultText(bd.Result), "points", PointsText(l, t, bd.Result)))
	return err
}

// PointsText shows a result's game points in the tournament's scoring, in the language l
// ("2-0 game points", "1-0 points" in 1-0.5-0); "" for no result.
func PointsText(l *Locale, t *tournament.Tournament, r *tournament.Result) string {
	if r == nil {
		return ""
	}
	l = orEnglish(l)
	sc, err := tournament.ParseScoring(t.Scoring)
	if err != nil || t.Scoring == "2-1-0" {
		return l.T("cmd.game_points_pair", "white", r.WhitePoints, "black", r.BlackPoints)
	}
	return l.T("cmd.points_pair", "white", l.Score(sc, sc.Units(r.WhitePoints)), "black", l.Score(sc, sc.Units(r.BlackPoints)))
}

// WriteCategoryAdded confirms `arbitro category add` in the language l.
func WriteCategoryAdded(w io.Writer, l *Locale, c *tournament.Category) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.category_added", "category", strconv.Quote(c.Name)))
	return err
}

// WriteCategoryAssigned confirms `arbitro category assign` in the language l: the
// category's size now.
func WriteCategoryAssigned(w io.Writer, l *Locale, c *tournament.Category) error {
	_, err := fmt.Fprintln(w, orEnglish(l).N("cmd.category_assigned", len(c.Members), "category", strconv.Quote(c.Name)))
	return err
}

// WritePrizeAdded confirms `arbitro prize add` in the language l: label, place, overall
// or the category.
func WritePrizeAdded(w io.Writer, l *Locale, p *tournament.Prize) error {
	l = orEnglish(l)
	where := l.T("cmd.prize_overall")
	if p.Category != "" {
		where = l.T("cmd.prize_category", "category", strconv.Quote(p.Category))
	}
	_, err := fmt.Fprintln(w, l.T("cmd.prize_added", "prize", strconv.Quote(p.Label), "place", p.Place, "where", where))
	return err
}

// plannedRounds is "7 rounds" in the language, or, for a round robin whose rounds come
// from the field (Tournament.FieldCycles) before the lot, "rounds from the field at the
// lot" (single or double round robin).
func (l *Locale) plannedRounds(t *tournament.Tournament) string {
	switch {
	case t.Rounds != 0 || t.FieldCycles == 0:
		return l.N("cmd.rounds", t.Rounds)
	case t.FieldCycles == 2:
		return l.T("cmd.planned_from_field_double")
	}
	return l.T("cmd.planned_from_field")
}

// roundsCell is the planned rounds of t as a number, or "from the field at the lot" in
// the language ("... (double round robin)" for a double one) before a round robin's lot.
func (l *Locale) roundsCell(t *tournament.Tournament) string {
	switch {
	case t.Rounds != 0 || t.FieldCycles == 0:
		return strconv.Itoa(t.Rounds)
	case t.FieldCycles == 2:
		return l.T("cmd.rounds_from_field_double")
	}
	return l.T("cmd.rounds_from_field")
}
