package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	xunicode "golang.org/x/text/encoding/unicode"
)

func TestShownName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Rossi, Mario", "Rossi, Mario"},
		{"Rossì, Mário", "Rossì, Mário"},
		{"Rosso\x1b[31m, Evil\x1b[0m", `Rosso\u001b[31m, Evil\u001b[0m`},
		{"Ros\u200bsi, Mario", `Ros\u200bsi, Mario`},
		{"Rossi, \u202eoiraM", `Rossi, \u202eoiraM`},
		{"Bad\xff, Byte", `Bad\xff, Byte`},
		{"Tab\there", `Tab\u0009here`},
		{"Private \U000F0000", `Private \U000f0000`},
	} {
		got := ShownName(c.in)
		if got != c.want {
			t.Errorf("ShownName(%q) = %q, want %q", c.in, got, c.want)
		}
		// What is shown never carries a character the names check refuses.
		if _, err := CheckText("shown", got, 1000); err != nil {
			t.Errorf("ShownName(%q) = %q still refused: %v", c.in, got, err)
		}
	}
}

// plantOldName imports a three-player event and then rewrites one name with raw SQL, as a
// file written by an arbitro older than the names check may hold it.
func plantOldName(t *testing.T, name string) (*Store, *Tournament) {
	t.Helper()
	st := newTestStore(t)
	src := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18") + pdnGame("2", "C, C", "A, A", "1-0", "1. 22-18")
	rep := importFile(t, st, []byte(src), EventImportOptions{Name: "Old"})
	if _, err := st.DB().Exec(`UPDATE players SET name = ? WHERE name = 'A, A'`, name); err != nil {
		t.Fatal(err)
	}
	return st, rep.Tournament
}

// TestSafetyOldNamesShownEscaped is the Data safety row "names stored by an older
// arbitro": a name with a terminal escape, an invisible or a bidi character planted in
// the file is shown escaped by every reader of names (entries, boards, standings), and
// UnsafeNames names the player and the command that corrects him.
func TestSafetyOldNamesShownEscaped(t *testing.T) {
	const raw = "Rosso\x1b[2J, Evil\u202e"
	const shown = `Rosso\u001b[2J, Evil\u202e`
	st, tr := plantOldName(t, raw)
	err := st.View(context.Background(), func(tx *Tx) error {
		var seen []string
		es, err := tx.Entries(tr.ID)
		if err != nil {
			return err
		}
		for _, e := range es {
			seen = append(seen, "entry "+e.Player.Name)
		}
		bs, err := tx.Boards(tr, 0)
		if err != nil {
			return err
		}
		for _, b := range bs {
			seen = append(seen, "board "+b.White, "board "+b.Black)
		}
		ct, err := tx.LoadCrosstable(tr)
		if err != nil {
			return err
		}
		for _, e := range ct.Players {
			seen = append(seen, "standings "+e.Name)
		}
		all := strings.Join(seen, "\n")
		for _, where := range []string{"entry ", "board ", "standings "} {
			if !strings.Contains(all, where+shown) {
				t.Errorf("%sname not shown escaped:\n%s", where, all)
			}
		}
		if i := strings.IndexFunc(all, func(r rune) bool { return r != '\n' && forbidden(r) != "" }); i >= 0 {
			t.Errorf("a refused character reaches a reader at byte %d: %q", i, all)
		}
		bad, err := tx.UnsafeNames()
		if err != nil {
			return err
		}
		if len(bad) != 1 || bad[0].Shown != shown || !strings.Contains(bad[0].Reason, "U+001B ESCAPE") ||
			!strings.Contains(bad[0].Fix, fmt.Sprintf("arbitro --tournament %d player set %d name", tr.ID, es[0].ID)) {
			t.Errorf("unsafe names %+v (entries %+v)", bad, es)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Corrected with 'player set', the warning goes.
	err = st.Update(context.Background(), func(tx *Tx) error {
		es, _ := tx.Entries(tr.ID)
		if _, err := tx.SetPlayerField(tr, fmt.Sprint(es[0].ID), "name", "Rosso, Evil"); err != nil {
			return err
		}
		bad, err := tx.UnsafeNames()
		if len(bad) != 0 {
			t.Errorf("after the fix: %+v", bad)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSafetyPDNTagsChecked is the Data safety row "every PDN tag is checked": game add
// (ParseGameScore) and event import refuse a score whose Event, Site or any other tag
// carries a terminal escape or a bidi override, naming the tag and the character.
func TestSafetyPDNTagsChecked(t *testing.T) {
	good := "[White \"Rossi, Mario\"]\n[Black \"Bianchi, Luca\"]\n[Event \"Open\"]\n[Annotator \"Verdi\"]\n[GameType \"22\"]\n\n1. 22-18 10-14 *\n"
	if _, _, err := ParseGameScore([]byte(good)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ old, new, want string }{
		{"Open", "Open\x1b[2J", "PDN tag Event"},
		{"Verdi", "Ver\u202edi", "PDN tag Annotator"},
		{"Rossi, Mario", "Rossi\u200b, Mario", "PDN tag White"},
		{"Open", strings.Repeat("o", 201), "more than 200"},
	} {
		bad := strings.Replace(good, c.old, c.new, 1)
		_, _, err := ParseGameScore([]byte(bad))
		if !errors.Is(err, ErrBadPDN) || !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("game add with %q: %v", c.new, err)
		}
		ev := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18") + strings.Replace(bad, "[White", "[Round \"1\"]\n[White", 1)
		_, err = PrepareEventImportFile(strings.NewReader(ev), EventImportOptions{Name: "X"})
		if !errors.Is(err, ErrEventPDN) || !strings.Contains(err.Error(), "game 2") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("event import with %q: %v", c.new, err)
		}
	}
}

// TestSafetyEventEncodings: an event file in UTF-16 (either byte order, with its
// byte-order mark) is read as its UTF-8 original; --encoding reads what cannot be detected.
func TestSafetyEventEncodings(t *testing.T) {
	data, err := os.ReadFile(italianEvent)
	if err != nil {
		t.Fatal(err)
	}
	want, err := PrepareEventImportFile(bytes.NewReader(data), EventImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, encoding string
		data           func() ([]byte, error)
	}{
		{"utf-16le bom", "", func() ([]byte, error) {
			return xunicode.UTF16(xunicode.LittleEndian, xunicode.UseBOM).NewEncoder().Bytes(data)
		}},
		{"utf-16be bom", "", func() ([]byte, error) {
			return xunicode.UTF16(xunicode.BigEndian, xunicode.UseBOM).NewEncoder().Bytes(data)
		}},
		{"latin2 named", "iso-8859-2", func() ([]byte, error) { return charmap.ISO8859_2.NewEncoder().Bytes(data) }},
		{"utf-16le named, no bom", "utf-16le", func() ([]byte, error) {
			return xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewEncoder().Bytes(data)
		}},
	} {
		b, err := c.data()
		if err != nil {
			t.Fatal(err)
		}
		got, err := PrepareEventImportFile(bytes.NewReader(b), EventImportOptions{Encoding: c.encoding})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if strings.Join(got.Players, "|") != strings.Join(want.Players, "|") || got.Tournament.Name != want.Tournament.Name || got.GamesFound() != 36 {
			t.Errorf("%s: players %q name %q games %d", c.name, got.Players, got.Tournament.Name, got.GamesFound())
		}
	}
}
