package reports

// The outputs of a paired round (`arbitro pairings`, `arbitro pair`, the demo): the sheet
// built from a tournament.PairingsView, its text form with the federation notes and the
// explanation, and the JSON document.

import (
	"cmp"
	"fmt"
	"io"

	"arbitro/tournament"
)

// EntryName is how explanations and sheet notes name a player: pairing number and name.
type EntryName struct {
	Number int
	Name   string
}

func (l EntryName) String() string {
	if l.Name == "" {
		return "?"
	}
	return fmt.Sprintf("%d %s", l.Number, l.Name)
}

// EntryNames maps entry ids to EntryName.
type EntryNames map[int]EntryName

// NamesOf returns the EntryNames of es.
func NamesOf(es []tournament.Entry) EntryNames {
	m := make(EntryNames, len(es))
	for _, e := range es {
		m[int(e.ID)] = EntryName{Number: e.Number, Name: e.Player.Name}
	}
	return m
}

// name is the EntryName of id as text ("?" for an unknown id).
func (n EntryNames) name(id int) string { return n[id].String() }

// PairingsSheetOf builds the pairing sheet of the view's round in the language l: points
// before the round (v.Before), results entered so far, date and start time, and from the
// round's stored explanation the opening drawn, the Italo-Swiss format and the kind of
// each rest (PairingsSheet.Opening, ItaloFormat, PairingPlayer.Rest; issues 13 and 29);
// FormationOrder from the method that paired the round.
func PairingsSheetOf(v *tournament.PairingsView, l *Locale) PairingsSheet {
	sheet := PairingsFromCrosstable(v.Crosstable, v.Round.Number, v.Before)
	sheet.Locale = l
	sheet.Date, sheet.Time = v.Schedule.Date, v.Schedule.Time
	sheet.AddResults(v.Boards)
	sheet.addExplanation(v.Round.Explanation)
	// The round's method, not today's system: an imported round keeps the file's order.
	sys, err := tournament.ParseSystem(v.Round.Method)
	sheet.FormationOrder = err == nil && sys == tournament.ItaloSwiss
	return sheet
}

// addExplanation copies onto the sheet what the players are told of the round's
// explanation ex (nil: nothing): the opening drawn, the Italo-Swiss format and the kinds
// of rest (an FID format's rest without a kind is the arbiter's, RestByArbiter).
func (p *PairingsSheet) addExplanation(ex *tournament.RoundExplanation) {
	if ex == nil {
		return
	}
	p.Opening = ex.Opening
	it := ex.Italo
	if it == nil || it.Format == "" {
		return
	}
	p.ItaloFormat = string(it.Format)
	for _, r := range it.Rests {
		for i := range p.Byes {
			if p.Byes[i].id == r.ID {
				p.Byes[i].Rest = cmp.Or(string(r.Kind), RestByArbiter)
			}
		}
	}
}

// PairingsJSON is the --json document of `arbitro pairings`.
type PairingsJSON struct {
	Tournament string             `json:"tournament"`
	Round      int                `json:"round"`
	Method     string             `json:"method"`
	Seed       int64              `json:"seed"`
	PairedAt   string             `json:"paired_at"`
	Scoring    string             `json:"scoring"`
	Boards     []PairingBoardJSON `json:"boards"`
	Byes       []PairingSideJSON  `json:"byes"`
	NotPaired  []PairingSideJSON  `json:"not_paired"`
}

// PairingBoardJSON is one board of PairingsJSON; Result as tournament.Result.String.
type PairingBoardJSON struct {
	Board  int              `json:"board"`
	Game   int              `json:"game"`
	White  PairingSideJSON  `json:"white"`
	Black  *PairingSideJSON `json:"black,omitempty"`
	Result string           `json:"result,omitempty"`
}

// PairingSideJSON is a player on a sheet; Points before the round in game points (2-1-0).
type PairingSideJSON struct {
	Entry  int64  `json:"entry"`
	Number int    `json:"pairing_number"`
	Name   string `json:"name"`
	Points int    `json:"points_before"`
}

// PairingsJSONOf builds the JSON document of the view's round: the boards in stored
// order, the byes, and every entry without a board that had entered by then (in
// v.Entries order); points before the round in game points (v.GamePointsBefore).
func PairingsJSONOf(v *tournament.PairingsView) PairingsJSON {
	t, ri := v.Tournament, v.Round
	byID := map[int64]*tournament.Entry{}
	for i := range v.Entries {
		byID[v.Entries[i].ID] = &v.Entries[i]
	}
	side := func(id int64) PairingSideJSON {
		e := byID[id]
		return PairingSideJSON{Entry: id, Number: e.Number, Name: e.Player.Name, Points: v.GamePointsBefore[int(id)]}
	}
	j := PairingsJSON{Tournament: t.Name, Round: ri.Number, Method: ri.Method, Seed: ri.Seed, PairedAt: ri.PairedAt,
		Scoring: t.Scoring, Boards: []PairingBoardJSON{}, Byes: []PairingSideJSON{}, NotPaired: []PairingSideJSON{}}
	on := map[int64]bool{}
	for _, b := range v.Boards {
		on[b.WhiteEntry], on[b.BlackEntry] = true, true
		if b.Bye() {
			j.Byes = append(j.Byes, side(b.WhiteEntry))
			continue
		}
		bj := PairingBoardJSON{Board: b.Board, Game: b.Game, White: side(b.WhiteEntry), Result: b.Result.String()}
		bs := side(b.BlackEntry)
		bj.Black = &bs
		j.Boards = append(j.Boards, bj)
	}
	for _, e := range v.Entries {
		if !on[e.ID] && e.JoinedRound <= ri.Number { // a late entrant is on no earlier sheet
			j.NotPaired = append(j.NotPaired, side(e.ID))
		}
	}
	return j
}

// RoundText is a paired round as `arbitro pairings` and `arbitro pair` print it.
type RoundText struct {
	Sheet       PairingsSheet                // in the report language
	Explanation *tournament.RoundExplanation // the stored explanation (nil: none)
	Names       EntryNames
	Messages    *Locale // the language of the CLI's messages: the explanation's
	Explain     bool    // print the explanation too (--explain)
}

// WritePairingsRoundText writes `arbitro pairings`: the header line (tournament, round,
// method, seed) in the sheet's language, then WriteRoundText.
func WritePairingsRoundText(w io.Writer, v *tournament.PairingsView, r RoundText) error {
	ri := v.Round
	if _, err := fmt.Fprintln(w, r.Sheet.Locale.T("pairings.header", "name", v.Tournament.Name, "round", ri.Number, "rounds", v.Tournament.Rounds, "method", r.Sheet.Locale.MethodName(ri.Method), "seed", fmt.Sprint(ri.Seed))); err != nil {
		return err
	}
	return WriteRoundText(w, r)
}

// WritePairedRound writes `arbitro pair`: each warning of the pairing to errw, the line
// "round N of NAME paired by METHOD (seed S)" in the language of the messages to w, then
// WriteRoundText.
func WritePairedRound(w, errw io.Writer, t *tournament.Tournament, pr *tournament.PairedRound, r RoundText) error {
	for _, s := range pr.Warnings {
		fmt.Fprintln(errw, r.Messages.T("cli.warning", "text", r.Messages.Note(s)))
	}
	if _, err := fmt.Fprintln(w, r.Messages.T("cli.paired", "round", pr.Round, "name", t.Name, "method", r.Messages.MethodName(pr.Method), "seed", fmt.Sprint(pr.Seed))); err != nil {
		return err
	}
	if err := WriteRoundText(w, r); err != nil {
		return err
	}
	return WriteRestored(w, r.Messages, pr.Restored)
}

// WriteRoundText writes the sheet as text (with its notes: the opening drawn, the format
// in words, the board order, the kinds of rest) and, with r.Explain, a blank line and the
// explanation.
func WriteRoundText(w io.Writer, r RoundText) error {
	if err := WritePairingsText(w, r.Sheet); err != nil {
		return err
	}
	if r.Explain {
		fmt.Fprintln(w)
		WriteExplanation(w, r.Messages, r.Explanation, r.Names)
	}
	return nil
}
