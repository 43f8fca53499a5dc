package reports

import (
	"bytes"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// A stored Dutch round that differs from the engine in each way the printer names: a bye
// given to someone else, a pair the engine does not make, one it makes instead, colours
// swapped, and a broken absolute criterion; made with an arbiter's --set pair.
func TestWritePairingCheckText(t *testing.T) {
	c := &tournament.PairingCheck{
		Round: 3, System: tournament.Dutch,
		Checked:        []pairing.Pair{{White: 1, Black: 2, Board: 1}, {White: 4, Black: 3, Board: 2}, {White: 5}},
		Engine:         []pairing.Pair{{White: 1, Black: 3, Board: 1}, {White: 2, Black: 4, Board: 2}, {White: 6}},
		Violations:     []string{"1 and 2 met in round 1 (C.04.3 C1)"},
		ViolationCodes: []pairing.Violation{{Code: pairing.ViolationMet, Args: []any{"white", 1, "black", 2, "round", 1}}},
		Manual:         []tournament.ManualPair{{White: 4, Black: 3}},
		Names:          map[int]string{1: "Rossi, Mario", 2: "Bianchi, Luca", 3: "Verdi, Anna", 4: "Neri, Ugo", 5: "Gialli, Eva", 6: "Blu, Ivo"},
		Numbers:        map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6},
		Diffs: []pairing.PairDiff{
			{Kind: "missing", Engine: pairing.Pair{White: 1, Black: 3}},
			{Kind: "extra", Checked: pairing.Pair{White: 1, Black: 2}},
			{Kind: "colours", Engine: pairing.Pair{White: 3, Black: 4}, Checked: pairing.Pair{White: 4, Black: 3}},
			{Kind: "bye", Engine: pairing.Pair{White: 6}, Checked: pairing.Pair{White: 5}},
		},
	}
	var b bytes.Buffer
	for _, lang := range Languages() { // golden/pair_check.txt in English, pair_check.<lang>.txt
		b.Reset()
		if err := WritePairingCheckText(&b, LocaleOf(lang), c); err != nil {
			t.Fatal(err)
		}
		golden(t, langGolden("golden/pair_check.txt", LocaleOf(lang)), b.Bytes())
	}
	// the same round identical to the engine's
	same := &tournament.PairingCheck{Round: 1, System: tournament.ItaloSwiss, Checked: c.Checked[:1], Engine: c.Checked[:1], Names: c.Names, Numbers: c.Numbers}
	goldenLangs(t, "golden/pair_check_same.txt", func(l *Locale, b *bytes.Buffer) error { return WritePairingCheckText(b, l, same) })
}

func TestWriteTRFRoundCheckText(t *testing.T) {
	goldenLangs(t, "golden/pair_check_trf.txt", func(l *Locale, b *bytes.Buffer) error {
		for _, rc := range []*trf.RoundReport{
			{Round: 2, Boards: 4, Same: true},
			{Round: 3, Boards: 1, Diffs: []string{"bye: engine gives it to 7, the checked round to 5 (0 = nobody)"},
				DiffCodes:  []pairing.PairDiff{{Kind: "bye", Engine: pairing.Pair{White: 7}, Checked: pairing.Pair{White: 5}}},
				Violations: []string{"5 had the bye before (C.04.3 C2)"}, ViolationCodes: []pairing.Violation{{Code: pairing.ViolationByeAgain, Args: []any{"player", 5}}}},
		} {
			if err := WriteTRFRoundCheckText(b, l, rc); err != nil {
				return err
			}
		}
		return nil
	})
}

func TestWriteTRFPairs(t *testing.T) {
	var b bytes.Buffer
	p := &trf.Pairing{Round: 4, Pairs: []pairing.Pair{{White: 1, Black: 4}, {White: 5, Black: 2}, {White: 7}}}
	if err := WriteTRFPairs(&b, p); err != nil {
		t.Fatal(err)
	}
	golden(t, "golden/pair_trf.txt", b.Bytes())
}
