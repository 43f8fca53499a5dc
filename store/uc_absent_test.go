package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// ucAbsences reads the stored absences as "entry round points reason".
func ucAbsences(t *testing.T, st *Store) []tournament.Absence {
	t.Helper()
	rows, err := st.DB().Query(`SELECT entry_id, round_number, points, reason FROM absences ORDER BY entry_id, round_number`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []tournament.Absence
	for rows.Next() {
		var a tournament.Absence
		if err := rows.Scan(&a.Entry, &a.Round, &a.Points, &a.Reason); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

func TestUCSetAndRemoveAbsence(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 5, 4, nil)
	a, sel, err := st.SetAbsence(ucCtx, "", "P02, Test", 0, 1, "half-point bye")
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tr.ID || a.Name != "P02, Test" || a.Round != 1 || a.Points != 1 || a.Reason != "half-point bye" {
		t.Fatalf("returned %+v", a)
	}
	if got := ucAbsences(t, st); len(got) != 1 || got[0] != (tournament.Absence{Entry: a.Entry, Round: 1, Points: 1, Reason: "half-point bye"}) {
		t.Fatalf("stored %+v", got)
	}
	before := ucRows(t, st)
	if _, _, err := st.SetAbsence(ucCtx, "", "P02, Test", 1, 0, ""); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("twice: %v", err)
	}
	if _, _, err := st.SetAbsence(ucCtx, "", "P03, Test", 2, 3, ""); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("3 points: %v", err)
	}
	if _, _, err := st.RemoveAbsence(ucCtx, "", "P03, Test", 1); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("remove none: %v", err)
	}
	ucSameRows(t, st, before, "refused absence")

	r, _, err := st.RemoveAbsence(ucCtx, "", "P02, Test", 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Entry != a.Entry || r.Round != 1 || r.Points != 1 || r.Reason != "half-point bye" {
		t.Fatalf("removed %+v", r)
	}
	if got := ucAbsences(t, st); len(got) != 0 {
		t.Fatalf("left %+v", got)
	}
}

func TestUCSetAbsenceRoundRobin(t *testing.T) {
	st, _ := newEvent(t, tournament.RoundRobin, 3, 4, nil)
	before := ucRows(t, st)
	if _, _, err := st.SetAbsence(ucCtx, "", "P02, Test", 0, 0, ""); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("round robin: %v", err)
	}
	ucSameRows(t, st, before, "round robin absence")
}
