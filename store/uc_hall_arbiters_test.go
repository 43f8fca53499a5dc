package store

import (
	"errors"
	"strings"
	"testing"

	"arbitro/tournament"
)

// Per-arbiter passwords: none yet (ErrNoPassword), a bad name or a short password
// refused with nothing written, two arbiters set and each checked by his own name (any
// case) and not the other's, the file-wide password left alone, a name no arbiter has a
// wrong password; the log names the arbiter, never the password; a hash is stored.
func TestUCArbiterPasswords(t *testing.T) {
	st, _ := pairedEvent(t)
	if _, _, err := st.CheckArbiterPassword(ucCtx, "Rossi", "anything at all"); !errors.Is(err, tournament.ErrNoPassword) {
		t.Errorf("none set: %v", err)
	}
	before := ucRows(t, st)
	for _, c := range []struct {
		name, pw string
		want     error
	}{
		{"Rossi", "short", tournament.ErrInvalid},
		{"  ", "arbitro di sala 2026", tournament.ErrMalformed},
		{"123", "arbitro di sala 2026", tournament.ErrMalformed},
		{"Ros\u202esi", "arbitro di sala 2026", tournament.ErrMalformed},
		{strings.Repeat("a", MaxArbiterName+1), "arbitro di sala 2026", tournament.ErrMalformed},
	} {
		if err := st.SetArbiterPassword(ucCtx, c.name, c.pw); !errors.Is(err, c.want) {
			t.Errorf("%q/%q: %v, want %v", c.name, c.pw, err, c.want)
		}
	}
	ucSameRows(t, st, before, "refused passwords")
	if err := st.SetHallPassword(ucCtx, "la password di tutti"); err != nil {
		t.Fatal(err)
	}
	if err := st.SetArbiterPassword(ucCtx, " Rossi  Mario ", "la password di Rossi"); err != nil {
		t.Fatal(err)
	}
	if err := st.SetArbiterPassword(ucCtx, "Bianchi", "la password di Bianchi"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, pw, who string
		ok            bool
	}{
		{"Rossi Mario", "la password di Rossi", "Rossi Mario", true},
		{"rossi mario", "la password di Rossi", "Rossi Mario", true},
		{"Rossi Mario", "la password di Bianchi", "Rossi Mario", false},
		{"Bianchi", "la password di Bianchi", "Bianchi", true},
		{"Verdi", "la password di Bianchi", "", false},
		{"Rossi Mario", "la password di tutti", "Rossi Mario", false},
	} {
		ok, who, err := st.CheckArbiterPassword(ucCtx, c.name, c.pw)
		if err != nil || ok != c.ok || ok && who != c.who {
			t.Errorf("%s/%s: %v %q %v; want %v %q", c.name, c.pw, ok, who, err, c.ok, c.who)
		}
	}
	if ok, err := st.CheckHallPassword(ucCtx, "la password di tutti"); !ok || err != nil {
		t.Errorf("the file-wide password: %v %v", ok, err)
	}
	if err := st.SetArbiterPassword(ucCtx, "ROSSI MARIO", "una nuova password"); err != nil {
		t.Fatal(err)
	}
	if ok, _, _ := st.CheckArbiterPassword(ucCtx, "Rossi Mario", "la password di Rossi"); ok {
		t.Errorf("Rossi's old password still works")
	}
	var n int
	var hash string
	st.DB().QueryRow(`SELECT count(*), max(hash) FROM hall_arbiters`).Scan(&n, &hash)
	if n != 2 || !strings.HasPrefix(hash, "$2a$") {
		t.Errorf("%d arbiters, hash %q", n, hash)
	}
	var after string
	st.DB().QueryRow(`SELECT after_json FROM events WHERE action = 'hall.password' ORDER BY id DESC LIMIT 1`).Scan(&after)
	if after != `{"arbiter":"ROSSI MARIO"}` {
		t.Errorf("logged %s", after)
	}
	if HallActor("") != "arbiter via the hall" || HallActor("Bianchi") != "arbiter Bianchi via the hall" {
		t.Errorf("actors %q %q", HallActor(""), HallActor("Bianchi"))
	}
}
