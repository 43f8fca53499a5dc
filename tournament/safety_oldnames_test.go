package tournament

import (
	"bytes"
	"errors"
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
