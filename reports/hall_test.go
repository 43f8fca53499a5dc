package reports

import (
	"bytes"
	"testing"

	"arbitro/tournament"
)

// The lines of `arbitro player pin` (and none) and of `arbitro serve --hall`.
func TestHallText(t *testing.T) {
	p1 := tournament.Entry{ID: 1, Number: 2}
	p1.Player.Name = "Rossi, Mario"
	p2 := tournament.Entry{ID: 12}
	p2.Player.Name = "Verdi, Anna"
	goldenLangs(t, "golden/hall.txt", func(l *Locale, b *bytes.Buffer) error {
		for _, f := range []func() error{
			func() error {
				return WritePINsText(b, l, "Open", []tournament.PlayerPIN{{Entry: p1, PIN: "042917"}, {Entry: p2, PIN: "730015"}})
			},
			func() error { return WritePINsText(b, l, "Open", nil) },
			func() error {
				return WriteHallServing(b, l, "club.db", "192.168.1.10:8080", "/hall/", "/hall/login?token=abc")
			},
			func() error {
				return WriteHallServing(b, l, "club.db", "127.0.0.1:8080", "/hall/3/", "/hall/login?token=abc")
			},
			func() error { return WriteHallPasswordSet(b, l, "club.db") },
		} {
			if err := f(); err != nil {
				return err
			}
		}
		return nil
	})
}
