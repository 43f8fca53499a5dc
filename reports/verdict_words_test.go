package reports

import (
	"bytes"
	"strings"
	"testing"

	"arbitro/rules"
)

// Issue 33: one vocabulary. Every class and note kind has its own word in every language,
// distinct from the others; a game not judged or a fragment is never written "not legal" or
// "illegal"; an ambiguous capture is written "ambiguous" with its readings.
func TestVerdictVocabulary(t *testing.T) {
	for _, lang := range Languages() {
		l := MustLocale(string(lang))
		seen := map[string]rules.VerdictClass{}
		for _, c := range rules.VerdictClasses() {
			w := VerdictWord(l, c)
			if w == "" || strings.HasPrefix(w, "{") {
				t.Errorf("%s: class %s has no word", lang, c)
			}
			if o, dup := seen[w]; dup {
				t.Errorf("%s: %s and %s are both %q", lang, o, c, w)
			}
			seen[w] = c
		}
		kinds := map[string]bool{}
		for _, k := range rules.NoteKinds() {
			w := NoteKindWord(l, k)
			if w == "" || strings.HasPrefix(w, "{") || kinds[w] {
				t.Errorf("%s: note kind %s: %q", lang, k, w)
			}
			kinds[w] = true
		}
	}
	parse := func(text string) *rules.Game {
		g, err := rules.NewPDNReader(strings.NewReader(text)).Next()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	english := parse("[Event \"x\"]\n1. 11-15 23-19 *\n")
	amb := parse("[GameType \"22\"]\n[FEN \"W:W22,K20:B10,11,16,18,19\"]\n1. 22x6 *\n")
	var tally VerdictTally
	for _, c := range []struct {
		g             *rules.Game
		want, without string
	}{
		{english, "NOT JUDGED [unsupported-variant]", "LEGAL"},
		{amb, "AMBIGUOUS at ply 1, move 22x6 [ambiguous-capture]", "ILLEGAL"},
	} {
		vd := rules.Replay(c.g, rules.ReplayOptions{})
		tally.Add(&vd)
		var b bytes.Buffer
		WriteIllegal(&b, nil, "", vd)
		WriteVerdictText(&b, nil, "f.pdn", c.g, vd)
		if !strings.Contains(b.String(), c.want) || strings.Contains(b.String(), c.without) {
			t.Errorf("verdict text %q, want %q without %q", b.String(), c.want, c.without)
		}
	}
	if got, want := tally.Counts(nil), "0 legal, 0 illegal, 1 ambiguous, 1 not judged; 0 fragments; 0 results inconsistent with the moves; 0 notes"; got != want {
		t.Errorf("counts %q, want %q", got, want)
	}
	if got := tally.Counts(MustLocale("it")); !strings.HasPrefix(got, "0 regolari, 0 irregolari, 1 ambigua, 1 non giudicata; 0 frammenti") {
		t.Errorf("Italian counts %q", got)
	}
}

// The site's game page says an ambiguous capture is ambiguous, never an illegal move.
func TestSiteAmbiguousVerdict(t *testing.T) {
	g, err := rules.NewPDNReader(strings.NewReader("[GameType \"22\"]\n[FEN \"W:W22,K20:B10,11,16,18,19\"]\n1. 22x6 *\n")).Next()
	if err != nil {
		t.Fatal(err)
	}
	vd := rules.Replay(g, rules.ReplayOptions{})
	for _, lang := range []string{"en", "it"} {
		p := &pageData{loc: MustLocale(lang)}
		var b gameBody
		b.verdict(p, vd)
		b.moves(p, g.Moves, vd, nil)
		want := map[string]string{"en": "Ambiguous capture at ply 1 (22x6)", "it": "Presa ambigua alla semimossa 1 (22x6)"}[lang]
		if !strings.HasPrefix(b.IllegalText, want) || b.Moves[0].White.Mark != VerdictWord(p.loc, rules.ClassAmbiguous) {
			t.Errorf("%s: %q, mark %q", lang, b.IllegalText, b.Moves[0].White.Mark)
		}
	}
}
