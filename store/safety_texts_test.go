package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/tournament"
)

// textsFixture opens a new file at path holding the three-player event "Old" (a round
// robin of three rounds, every game played), with a category and a prize.
func textsFixture(t *testing.T, path string) (*Store, *tournament.Tournament) {
	t.Helper()
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	src := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18") + pdnGame("2", "C, C", "A, A", "1-0", "1. 22-18") + pdnGame("3", "B, B", "C, C", "1-0", "1. 22-18")
	rep := importFile(t, st, []byte(src), tournament.EventImportOptions{Name: "Old"})
	err = st.Update(context.Background(), func(tx *Tx) error {
		if _, err := tx.AddCategory(rep.Tournament, "Donne", ""); err != nil {
			return err
		}
		_, err := tx.AddPrize(rep.Tournament, "", 1, "Coppa")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return st, rep.Tournament
}

// rowCounts is the number of rows of the tables a refused write must leave as they were.
func rowCounts(t *testing.T, st *Store) string {
	t.Helper()
	var out []string
	for _, table := range []string{"tournaments", "categories", "prizes", "absences", "claims", "results", "events"} {
		var n int
		if err := st.DB().QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s=%d", table, n))
	}
	return strings.Join(out, " ")
}

// TestSafetyFreeTextChecked is README Data safety S26: every free text passes the names
// check where it enters, not only the players' names: a category's name, a prize's label,
// an absence's reason, a correction's reason, a tournament's place, the arbiter's name
// (WithActor, $ARBITRO_ARBITER; ActingAs, the hall's). Each is refused with ErrMalformed,
// naming the character, and nothing is written.
func TestSafetyFreeTextChecked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	st, tr := textsFixture(t, path)
	before := rowCounts(t, st)
	ctx := context.Background()
	cases := []struct {
		name, want string
		write      func(tx *Tx) error
	}{
		{"category escape", "U+001B ESCAPE", func(tx *Tx) error { _, err := tx.AddCategory(tr, "Cat\x1b[2J", ""); return err }},
		{"category filler", "U+3164 HANGUL FILLER", func(tx *Tx) error { _, err := tx.AddCategory(tr, "\u3164", ""); return err }},
		{"category no letter", "no letter or digit", func(tx *Tx) error { _, err := tx.AddCategory(tr, "--", ""); return err }},
		{"prize title escape", "U+001B ESCAPE", func(tx *Tx) error { _, err := tx.AddPrize(tr, "", 2, "Pr\x1b]0;pwned\a"); return err }},
		{"prize braille blank", "U+2800 BRAILLE PATTERN BLANK", func(tx *Tx) error { _, err := tx.AddPrize(tr, "", 2, "\u2800"); return err }},
		{"absence reason", "U+202E RIGHT-TO-LEFT OVERRIDE", func(tx *Tx) error { _, err := tx.SetAbsence(tr, "1", 0, 0, "ill \u202e"); return err }},
		{"correction reason", "U+009B CONTROL SEQUENCE INTRODUCER", func(tx *Tx) error {
			_, err := tx.SetResult(tr, 1, 1, 0, "1-1", tournament.ResultOptions{Correct: true, Reason: "typo\u009b2J"})
			return err
		}},
		{"tournament place", "U+FE0F VARIATION SELECTOR-16", func(tx *Tx) error { _, err := tx.SetTournamentField(tr, "place", "Roma\ufe0f"); return err }},
		{"tournament name", "no letter or digit", func(tx *Tx) error { _, err := tx.SetTournamentField(tr, "name", "***"); return err }},
	}
	for _, c := range cases {
		err := st.Update(ctx, func(tx *Tx) error { return c.write(tx) })
		if !errors.Is(err, tournament.ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrMalformed naming %q", c.name, err, c.want)
		}
	}
	// The arbiter's name: a store opened under a refused actor, or a hall write acting as
	// one, writes nothing.
	evil, err := Open(path, WithActor("Evil\x1b[2J"))
	if err != nil {
		t.Fatal(err)
	}
	defer evil.Close()
	if _, _, err := evil.AddCategory(ctx, "Old", "Giovani", ""); !errors.Is(err, tournament.ErrMalformed) || !strings.Contains(err.Error(), "U+001B ESCAPE") {
		t.Errorf("actor with an escape: %v", err)
	}
	if _, _, err := st.AddCategory(ActingAs(ctx, "\u3164"), "Old", "Giovani", ""); !errors.Is(err, tournament.ErrMalformed) || !strings.Contains(err.Error(), "U+3164") {
		t.Errorf("acting as a Hangul filler: %v", err)
	}
	if after := rowCounts(t, st); after != before {
		t.Errorf("a refused text was written: %s, before %s", after, before)
	}
	// Accepted text is stored tidied (NFC, spaces).
	if _, _, err := st.AddCategory(ActingAs(ctx, "Rossi, Mario"), "Old", "  Under\u00a016 ", ""); err != nil {
		t.Fatal(err)
	}
	err = st.View(ctx, func(tx *Tx) error {
		cs, err := tx.Categories(tr)
		if err != nil || len(cs) != 2 || cs[1].Name != "Under 16" {
			t.Errorf("categories %+v %v", cs, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSafetyOldTextsShownEscaped is README Data safety S27: free text planted in the file
// with raw SQL (an older arbitro, another program) is shown escaped by every reader
// (tournament name and place, a club, a category, a prize's label, an absence's reason,
// the event log's actor), and UnsafeTexts names each with its field and, where one
// exists, the command that corrects it.
func TestSafetyOldTextsShownEscaped(t *testing.T) {
	st, tr := textsFixture(t, filepath.Join(t.TempDir(), "t.db"))
	for _, q := range []string{
		`UPDATE tournaments SET name = 'Old' || char(27) || '[2J', place = 'Ro' || char(12644) || 'ma'`,
		`UPDATE players SET club = 'CD' || char(27) || ']0;pwned' || char(7) WHERE name = 'A, A'`,
		`UPDATE categories SET name = 'Do' || char(8238) || 'nne'`,
		`UPDATE prizes SET label = 'Coppa' || char(155) || '2J'`,
		`INSERT INTO absences (tournament_id, entry_id, round_number, points, reason) SELECT tournament_id, id, 9, 0, 'x' || char(10240) FROM entries LIMIT 1`,
		`INSERT INTO events (tournament_id, at, actor, action, action_id) VALUES (1, '2026-01-01 00:00:00', 'Evil' || char(27) || '[2J', 'x.y', 999)`,
	} {
		if _, err := st.DB().Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	err := st.View(context.Background(), func(tx *Tx) error {
		var seen []string
		all, err := tx.Tournaments()
		if err != nil {
			return err
		}
		seen = append(seen, "tournament "+all[0].Name, "place "+all[0].Place)
		es, err := tx.Entries(tr.ID)
		if err != nil {
			return err
		}
		for _, e := range es {
			seen = append(seen, "club "+e.Player.Club)
		}
		ct, err := tx.LoadCrosstable(tr)
		if err != nil {
			return err
		}
		for _, e := range ct.Players {
			seen = append(seen, "standings club "+e.Club)
		}
		cs, err := tx.Categories(tr)
		if err != nil {
			return err
		}
		seen = append(seen, "category "+cs[0].Name)
		ps, err := tx.prizes(tr)
		if err != nil {
			return err
		}
		seen = append(seen, "prize "+ps[0].Label)
		evs, err := tx.Events(0)
		if err != nil {
			return err
		}
		for _, e := range evs {
			seen = append(seen, "actor "+e.Actor)
		}
		text := strings.Join(seen, "\n")
		for _, want := range []string{`tournament Old\u001b[2J`, `place Ro\u3164ma`, `club CD\u001b]0;pwned\u0007`,
			`standings club CD\u001b]0;pwned\u0007`, `category Do\u202enne`, `prize Coppa\u009b2J`, `actor Evil\u001b[2J`} {
			if !strings.Contains(text, want) {
				t.Errorf("not shown escaped: %s\n%s", want, text)
			}
		}
		if i := strings.IndexFunc(text, func(r rune) bool { return r != '\n' && tournament.Forbidden(r) != "" }); i >= 0 {
			t.Errorf("a refused character reaches a reader at byte %d: %q", i, text)
		}
		bad, err := tx.UnsafeTexts()
		if err != nil {
			return err
		}
		var got []string
		for _, u := range bad {
			got = append(got, u.Table+" "+u.Column+" "+u.Shown+" | "+u.Reason+" | "+u.Fix)
		}
		list := strings.Join(got, "\n")
		for _, want := range []string{
			`tournament name Old\u001b[2J | invalid value: tournament name "Old\x1b[2J": character 4 is U+001B ESCAPE`,
			`| arbitro --tournament 1 tournament set name "..."`,
			`tournament place Ro\u3164ma | invalid value: tournament place "Ro\u3164ma": character 3 is U+3164 HANGUL FILLER`,
			`arbitro --tournament 1 tournament set place "..."`,
			`player club CD\u001b]0;pwned\u0007 |`, `player set 1 club "..."`,
			`category name Do\u202enne |`, `prize label Coppa\u009b2J |`, `absence reason x\u2800 |`, `event actor Evil\u001b[2J |`,
		} {
			if !strings.Contains(list, want) {
				t.Errorf("UnsafeTexts lacks %q:\n%s", want, list)
			}
		}
		if len(bad) != 7 {
			t.Errorf("%d unsafe texts, want 7:\n%s", len(bad), list)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSafetyDuplicateNoteOldInvisibleName: a name stored by an older arbitro with an
// invisible letter ("Ros\u3164si, Mario", shown escaped) still folds to the name it looks
// like, so entering "Rossi, Mario" beside it gets the possible-duplicate note (S25, S6).
func TestSafetyDuplicateNoteOldInvisibleName(t *testing.T) {
	s, _ := openTemp(t)
	tr := newTournament(t, s, "Open")
	mustUpdate(t, s, func(tx *Tx) error {
		_, err := tx.AddPlayer(tr, tournament.Player{Name: "Bianchi, Mario", Club: "CD Napoli"})
		return err
	})
	if _, err := s.DB().Exec(`UPDATE players SET name = 'Ros' || char(12644) || 'si, Mario' WHERE name = 'Bianchi, Mario'`); err != nil {
		t.Fatal(err)
	}
	var e *tournament.Entry
	mustUpdate(t, s, func(tx *Tx) (err error) {
		e, err = tx.AddPlayer(tr, tournament.Player{Name: "Rossi, Mario", Club: "Altro"})
		return err
	})
	if notes := strings.Join(e.Notes, "\n"); !strings.Contains(notes, "possible duplicate") || !strings.Contains(notes, `Ros\\u3164si, Mario`) { // quoted: the escape's backslash doubled
		t.Errorf("notes %q, want a possible-duplicate note naming the old entry, escaped", e.Notes)
	}
}
