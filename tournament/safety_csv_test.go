package tournament

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func utf16Bytes(s string, bigEndian bool) []byte {
	var b bytes.Buffer
	put := func(u uint16) {
		if bigEndian {
			b.WriteByte(byte(u >> 8))
			b.WriteByte(byte(u))
		} else {
			b.WriteByte(byte(u))
			b.WriteByte(byte(u >> 8))
		}
	}
	put(0xFEFF)
	for _, u := range utf16.Encode([]rune(s)) {
		put(u)
	}
	return b.Bytes()
}

// TestSafetyCSVEncodings is the Data safety row "encodings": UTF-16 files (Excel's
// "Unicode text") are detected by their byte-order mark; Latin-2 bytes read as
// Windows-1252 give a warning naming the letter and --encoding; --encoding reads them.
func TestSafetyCSVEncodings(t *testing.T) {
	text := "Name\tRating\r\nDvořák, Antonín\t1500\r\nRossi, Mário\t1400\r\n"
	for _, be := range []bool{false, true} {
		rows, warns, err := ReadPlayersCSV(bytes.NewReader(utf16Bytes(text, be)), "")
		if err != nil || len(rows) != 2 || rows[0].Player.Name != "Dvořák, Antonín" || len(warns) != 0 {
			t.Errorf("UTF-16 (big endian %v): %v %v %v", be, rows, warns, err)
		}
	}
	latin2 := []byte("Name;Rating\nDvo\xf8\xe1k, Anton\xedn;1500\n")
	rows, warns, err := ReadPlayersCSV(bytes.NewReader(latin2), "")
	if err != nil || len(rows) != 1 || rows[0].Player.Name != "Dvoøák, Antonín" {
		t.Fatalf("guessed Windows-1252: %v %v", rows, err)
	}
	// The sentence (with --encoding iso-8859-2) is checked by reports' TestNotesEnglish.
	if len(warns) != 1 || warns[0].Code != NoteCSVLatin2 || warns[0].Str("name") != "U+00F8 LATIN SMALL LETTER O WITH STROKE" {
		t.Errorf("no warning naming ø and --encoding: %q", warns)
	}
	rows, warns, err = ReadPlayersCSV(bytes.NewReader(latin2), "iso-8859-2")
	if err != nil || len(rows) != 1 || rows[0].Player.Name != "Dvořák, Antonín" || len(warns) != 0 {
		t.Errorf("--encoding iso-8859-2: %v %v %v", rows, warns, err)
	}
	// Italian Windows-1252 names give no warning.
	if _, warns, _ := ReadPlayersCSV(strings.NewReader("Name;Rating\nNicol\xf2, Luca;1500\n"), ""); len(warns) != 0 {
		t.Errorf("Nicolò gave a warning: %q", warns)
	}
	if _, _, err := ReadPlayersCSV(strings.NewReader("Name\nX, Y\n"), "klingon"); !errors.Is(err, ErrMalformed) {
		t.Errorf("unknown encoding: %v", err)
	}
}

// FuzzCheckText: CheckText never panics; what it accepts is valid UTF-8 in NFC, holds no
// forbidden character, has at most max characters, and is a fixed point.
func FuzzCheckText(f *testing.F) {
	for _, s := range []string{"Rossi, Mario", "Rosso\x1b[31m", "Ros\u200bsi", "\u202e", "Rosse\u0301", "\xff", "王, 伟", "  a  b  "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := CheckText("name", s, MaxNameRunes)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error not ErrMalformed: %v", err)
			}
			for _, r := range err.Error() {
				if Forbidden(r) != "" {
					t.Fatalf("the error message carries %s", RuneName(r))
				}
			}
			return
		}
		if !utf8.ValidString(out) || utf8.RuneCountInString(out) > MaxNameRunes {
			t.Fatalf("accepted %q", out)
		}
		for _, r := range out {
			if Forbidden(r) != "" {
				t.Fatalf("accepted %q with %s", out, RuneName(r))
			}
		}
		if again, err := CheckText("name", out, MaxNameRunes); err != nil || again != out {
			t.Fatalf("not a fixed point: %q -> %q %v", out, again, err)
		}
	})
}

// FuzzReadPlayersCSV: any bytes, with any detected encoding, give rows or an error, never
// a panic; every name of the rows passed CheckText.
func FuzzReadPlayersCSV(f *testing.F) {
	f.Add([]byte("Name;Rating\nRossi, Mario;1500\n"))
	f.Add(utf16Bytes("Name\tRating\r\nDvořák, A\t1\r\n", false))
	f.Add([]byte("Name;Rating\nDvo\xf8\xe1k;1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, _, err := ReadPlayersCSV(bytes.NewReader(data), "")
		if err != nil {
			return
		}
		for _, r := range rows {
			p := r.Player
			if err := p.Validate(); err != nil {
				continue // rows are checked when imported
			}
			for _, c := range p.Name {
				if Forbidden(c) != "" {
					t.Fatalf("validated name %q holds %s", p.Name, RuneName(c))
				}
			}
		}
	})
}

// TestSafetyEventLatin2Warning: an event file in Latin-2, read as Windows-1252, is
// imported with a warning naming the unusual letter and --encoding; with --encoding
// iso-8859-2 it reads right and warns no more.
func TestSafetyEventLatin2Warning(t *testing.T) {
	src := pdnGame("1", "Dvo\xf8\xe1k, Anton\xedn", "Nov\xe1k, Jan", "1-1", "1. 22-18 10-14")
	plan, err := PrepareEventImportFile(strings.NewReader(src), EventImportOptions{Name: "Praha"})
	if err != nil {
		t.Fatal(err)
	}
	// The sentence (with --encoding iso-8859-2) is checked by reports' TestNotesEnglish.
	if !plan.Windows1252 || len(plan.Warnings) != 1 || plan.Warnings[0].Code != NoteImportLatin2 ||
		plan.Warnings[0].Str("char") != "U+00F8 LATIN SMALL LETTER O WITH STROKE" {
		t.Errorf("no Latin-2 warning: %q", plan.Warnings)
	}
	for _, enc := range []string{"iso-8859-2", "latin2", "windows-1250"} {
		plan, err = PrepareEventImportFile(strings.NewReader(src), EventImportOptions{Name: "Praha", Encoding: enc})
		if err != nil {
			t.Fatal(err)
		}
		if plan.Windows1252 || len(plan.Warnings) != 0 || plan.Players[0] != "Dvořák, Antonín" {
			t.Errorf("--encoding %s: players %q, warnings %q", enc, plan.Players, plan.Warnings)
		}
	}
	if _, err := PrepareEventImportFile(strings.NewReader(src), EventImportOptions{Encoding: "klingon"}); !errors.Is(err, ErrMalformed) {
		t.Errorf("unknown encoding: %v", err)
	}
}
