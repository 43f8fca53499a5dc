package reports

import (
	"bytes"
	"encoding/json"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
)

// roundView is round 3 of event() as tournament.PairingsView reads it: two boards (one
// with its result), the withdrawn player 4 not paired; points before the round from the
// standings after round 2 and, for the JSON, in game points.
func roundView(t *testing.T, ex *tournament.RoundExplanation) *tournament.PairingsView {
	t.Helper()
	ct := event()
	before, err := tournament.ComputeStandings(ct, 2)
	if err != nil {
		t.Fatal(err)
	}
	tr := &tournament.Tournament{Name: ct.Event.Name, Rounds: 3, Scoring: "2-1-0"}
	var es []tournament.Entry
	for _, p := range ct.Players {
		e := tournament.Entry{ID: int64(p.ID), Number: p.Number, Rating: p.Rating}
		e.Player.Name = p.Name
		es = append(es, e)
	}
	draw := &tournament.Result{Kind: "played", WhitePoints: 1, BlackPoints: 1}
	return &tournament.PairingsView{Tournament: tr,
		Round:      &tournament.RoundInfo{Number: 3, Method: "italo-swiss", Seed: 7, PairedAt: "2026-11-22T09:00:00Z", Explanation: ex},
		Crosstable: ct, Before: before, GamePointsBefore: map[int]int{10: 4, 11: 2, 12: 1, 13: 3, 14: 2},
		Schedule: tournament.RoundSchedule{Round: 3, Date: "2026-11-22", Time: "09:30"},
		Boards: []*tournament.Board{{Round: 3, Board: 1, Game: 1, WhiteEntry: 10, BlackEntry: 14, White: es[0].Player.Name, Black: es[4].Player.Name, Result: draw},
			{Round: 3, Board: 2, Game: 1, WhiteEntry: 11, BlackEntry: 12, White: es[1].Player.Name, Black: es[2].Player.Name}},
		Entries: es}
}

// A Dutch explanation with a bracket, a floater, a bye and a manual board.
func dutchExplanation() *tournament.RoundExplanation {
	return &tournament.RoundExplanation{System: tournament.Dutch, Round: 3, Seed: 7, Forced: true,
		Manual:   []tournament.ManualPair{{White: 2, Black: 3}},
		Warnings: []tournament.Note{{Text: "round 2 has a board without result"}},
		Dutch: &tournament.DutchInfo{InitialColour: "white",
			Brackets: []pairing.DutchBracket{{Score: 4, Residents: 1, Downfloaters: []int{10}, Exact: true, Nodes: 3},
				{Score: 2, Residents: 2, MDPs: []int{10}, Exact: true, Nodes: 5}},
			Boards: []tournament.BoardNote{{Board: 1, White: 10, Black: 14, WhiteScore: 4, BlackScore: 2, WhiteFloat: "down"},
				{Board: 2, White: 11, Black: 12, WhiteScore: 2, BlackScore: 1, Manual: true}}}}
}

// An FID art8 Italo-Swiss round with a rest and the opening drawn by lot.
func fidExplanation() *tournament.RoundExplanation {
	return &tournament.RoundExplanation{System: tournament.ItaloSwiss, Round: 3, Seed: 7, Start: 11,
		Opening: &tournament.OpeningDraw{Code: "12", Label: "21-17 10-14 26-21", Seed: 7},
		Italo: &pairing.ItaloResult{Format: pairing.ItaloArt8, RestRule: "lowest", Rests: []pairing.Rest{{ID: 13, Kind: "RM"}},
			Steps: []pairing.ItaloStep{{Board: 1, First: 10, Second: 14, CursorID: 11, FirstScore: 4, SecondScore: 2, ColourReason: "fewer-whites",
				Skipped: []pairing.Skip{{ID: 11, Score: 2, Reason: pairing.SkipMet}}},
				{Bye: true, First: 13, Rest: "RM", FirstScore: 3}}}}
}

// codedDutch is dutchExplanation with its warning as arbitro stores it now: a coded note
// (the old one is a sentence an older arbitro stored, English in every language).
func codedDutch() *tournament.RoundExplanation {
	ex := dutchExplanation()
	ex.Warnings = []tournament.Note{tournament.NewNote(tournament.NoteMissingResult, "round", 2, "board", 3, "game", 1, "white", "Rossi, Mario", "black", "Verdi, Anna", "adjourned", false)}
	return ex
}

func TestPairingsRoundTextAndJSON(t *testing.T) {
	for _, c := range []struct {
		name string
		ex   *tournament.RoundExplanation
	}{{"dutch", codedDutch()}, {"fid", fidExplanation()}, {"none", nil}} {
		v := roundView(t, c.ex)
		goldenLangs(t, "golden/pairings_"+c.name+".txt", func(l *Locale, b *bytes.Buffer) error {
			r := RoundText{Sheet: PairingsSheetOf(v, l), Explanation: c.ex, Names: NamesOf(v.Entries), Messages: l, Explain: true}
			return WritePairingsRoundText(b, v, r)
		})
	}
	v := roundView(t, nil)
	j, err := json.MarshalIndent(PairingsJSONOf(v), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "golden/pairings.json", append(j, '\n'))
}

func TestWritePairedRound(t *testing.T) {
	v := roundView(t, nil)
	pr := &tournament.PairedRound{Round: 3, Method: "italo-swiss", Seed: 7, Warnings: []tournament.Note{
		tournament.NewNote(tournament.NoteMissingResult, "round", 2, "board", 3, "game", 1, "white", "Rossi, Mario", "black", "Verdi, Anna", "adjourned", false)}}
	for _, lang := range Languages() {
		l := LocaleOf(lang)
		var out, errOut bytes.Buffer
		r := RoundText{Sheet: PairingsSheetOf(v, l), Names: NamesOf(v.Entries), Messages: l}
		if err := WritePairedRound(&out, &errOut, v.Tournament, pr, r); err != nil {
			t.Fatal(err)
		}
		golden(t, langGolden("golden/pair.txt", l), out.Bytes())
		golden(t, langGolden("golden/pair_warnings.txt", l), errOut.Bytes())
	}
}
