package store

import (
	"errors"
	"strings"
	"testing"

	"arbitro/tournament"
)

// The arbiter's password: none set, too short (nothing written), set, checked right and
// wrong, replaced; never stored in clear.
func TestUCHallPassword(t *testing.T) {
	st, _ := pairedEvent(t)
	if _, err := st.CheckHallPassword(ucCtx, "anything"); !errors.Is(err, tournament.ErrNoPassword) {
		t.Errorf("none set: %v", err)
	}
	before := ucRows(t, st)
	if err := st.SetHallPassword(ucCtx, "short"); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("short: %v", err)
	}
	ucSameRows(t, st, before, "a short password")
	if err := st.SetHallPassword(ucCtx, "arbitro di sala 2026"); err != nil {
		t.Fatal(err)
	}
	for pw, want := range map[string]bool{"arbitro di sala 2026": true, "arbitro di sala 2025": false, "": false} {
		if ok, err := st.CheckHallPassword(ucCtx, pw); err != nil || ok != want {
			t.Errorf("check %q: %v, %v", pw, ok, err)
		}
	}
	if err := st.SetHallPassword(ucCtx, "un'altra parola d'ordine"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := st.CheckHallPassword(ucCtx, "arbitro di sala 2026"); ok {
		t.Errorf("the old password still works")
	}
	var hash string
	st.DB().QueryRow(`SELECT hash FROM hall_arbiter`).Scan(&hash)
	if !strings.HasPrefix(hash, "$2a$") || strings.Contains(hash, "parola") {
		t.Errorf("stored %q", hash)
	}
}
