package reports

import (
	"bytes"
	"testing"

	"arbitro/tournament"
)

// The lines of `arbitro player pin` (and none) and of `arbitro serve --hall`.
func TestHallText(t *testing.T) {
	var b bytes.Buffer
	p1 := tournament.Entry{ID: 1, Number: 2}
	p1.Player.Name = "Rossi, Mario"
	p2 := tournament.Entry{ID: 12}
	p2.Player.Name = "Verdi, Anna"
	for _, f := range []func() error{
		func() error {
			return WritePINsText(&b, nil, "Open", []tournament.PlayerPIN{{Entry: p1, PIN: "042917"}, {Entry: p2, PIN: "730015"}})
		},
		func() error { return WritePINsText(&b, nil, "Open", nil) },
		func() error {
			return WriteHallServing(&b, nil, "club.db", "192.168.1.10:8080", "/hall/", "/hall/login?token=abc")
		},
		func() error {
			return WriteHallServing(&b, nil, "club.db", "127.0.0.1:8080", "/hall/3/", "/hall/login?token=abc")
		},
		func() error { return WriteHallPasswordSet(&b, nil, "club.db") },
	} {
		if err := f(); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "golden/hall.txt", b.Bytes())
}
