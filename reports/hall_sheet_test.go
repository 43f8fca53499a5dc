package reports

import (
	"bytes"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// The lines of `arbitro hall delay` (in minutes, in moves), in every language.
func TestSheetDelayText(t *testing.T) {
	goldenLangs(t, "golden/hall_delay.txt", func(l *Locale, b *bytes.Buffer) error {
		for _, d := range []tournament.SheetDelay{{Minutes: 15}, {Moves: 5}} {
			if err := WriteSheetDelaySet(b, l, "Open", d); err != nil {
				return err
			}
		}
		return nil
	})
}

// The counts an arbiter reads on a sheet: the 40-move count in Italian; the FMJD 25-move
// count and, in its endings, the 16- or 5-move count in International; repetitions from
// the second occurrence.
func TestSheetCounts(t *testing.T) {
	en := LocaleOf("en")
	for _, c := range []struct {
		v    *rules.Variant
		c    rules.DrawCounts
		want string
	}{
		{rules.Italian, rules.DrawCounts{Quiet: 12, Occurrences: 1}, "40-move count: 12 of 80 plies"},
		{rules.International, rules.DrawCounts{Quiet: 7, Class: 16, ClassPlies: 9, Occurrences: 2},
			"25-move count (FMJD 6.3): 7 of 50 plies|16-move count (FMJD 6.4): 9 of 32 plies|This position has stood 2 times (the third: threefold repetition)"},
		{rules.International, rules.DrawCounts{Quiet: 3, Class: 5, ClassPlies: 3, Occurrences: 1}, "25-move count (FMJD 6.3): 3 of 50 plies|5-move count (FMJD 6.5): 3 of 10 plies"},
	} {
		if got := strings.Join(sheetCounts(en, c.v, c.c), "|"); got != c.want {
			t.Errorf("%s %+v: %q, want %q", c.v.Name(), c.c, got, c.want)
		}
	}
}
