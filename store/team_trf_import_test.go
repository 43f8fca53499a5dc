package store

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"arbitro/tournament"
	"arbitro/trf"
)

// readTeamTRF is testdata/team_rr.trf (the team round robin of the testscript
// team_round_robin, exported) with each old line replaced by its new one.
func readTeamTRF(t *testing.T, edits ...string) *trf.File {
	t.Helper()
	b, err := os.ReadFile("testdata/team_rr.trf")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(s, edits[i]) {
			t.Fatalf("no %q in team_rr.trf", edits[i])
		}
		s = strings.Replace(s, edits[i], edits[i+1], 1)
	}
	tr, err := trf.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// A team TRF imports as a team event (store/team_trf_import.go): a round robin (192
// BERGER_ROUNDROBIN) of 6 teams of 4 boards with the 362 match points, the matches in
// Berger order, the forfeit of 330; exported again byte for byte.
func TestImportTeamTRF(t *testing.T) {
	st := testStore(t)
	tr := readTeamTRF(t)
	got, err := st.ImportTRF(ucCtx, tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: "team_rr.trf"})
	if err != nil {
		t.Fatal(err)
	}
	if got.System != tournament.RoundRobin {
		t.Errorf("system %s, want round-robin", got.System.Code())
	}
	back, _, err := st.ExportTRF(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := trf.Write(&out, back); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile("testdata/team_rr.trf")
	if out.String() != string(want) {
		t.Errorf("exported again:\n%s\nwant:\n%s", out.String(), want)
	}
}

// Bad team records: the coded error naming the problem, nothing written.
func TestImportTeamTRFRefused(t *testing.T) {
	const fiamma = "310   6 Fiamma Roma                                      3.0    8.0   6    27   28   29   30   31"
	const bari = "310   1 Dama Club Bari                                   8.0   14.0   1     1    2    3    4    5"
	const napoli = "310   2 Scacchiera Napoli                                4.0    9.0   4     6    7    8    9   10"
	for _, c := range []struct {
		code  string
		edits []string
	}{
		{"err.trf.team_member_unknown", []string{fiamma, strings.Replace(fiamma, "   31", "   99", 1)}},
		{"err.trf.team_member_twice", []string{fiamma, strings.Replace(fiamma, "   31", "    1", 1)}},
		{"err.trf.team_member_none", []string{fiamma, strings.TrimSuffix(fiamma, "   31")}},
		{"err.trf.team_number_twice", []string{napoli, strings.Replace(napoli, "310   2", "310   1", 1)}},
		{"err.trf.team_name_twice", []string{napoli, strings.Replace(napoli, "Scacchiera Napoli", "Dama Club Bari   ", 1)}},
		{"err.trf.team_lineup_long", []string{"300 002 001 002 0001 0002 0003 0005", "300 002 001 002 0001 0002 0003 0005 0004"}},
		{"err.trf.team_forfeit_unknown", []string{"330 +- 004 001 004", "330 +- 004 001 009"}},
		// players 6 (Napoli) and 31 (Fiamma) swapped: each team meets two teams a round
		{"err.trf.team_two_matches", []string{napoli, strings.Replace(napoli, "     6    7", "    31    7", 1), fiamma, strings.Replace(fiamma, "   31", "    6", 1)}},
		// players 5 (Bari's reserve) and 27 (Fiamma) swapped: Bari's 1 meets Bari's 27 in round 1
		{"err.trf.team_same_team", []string{bari, strings.Replace(bari, "    5", "   27", 1), fiamma, strings.Replace(fiamma, "    27", "     5", 1)}},
	} {
		st := testStore(t)
		before := ucRows(t, st)
		_, err := st.ImportTRF(ucCtx, readTeamTRF(t, c.edits...), trf.ImportOptions{Variant: tournament.VariantInternational})
		var ce *tournament.CodedError
		if !errors.As(err, &ce) || ce.Code != c.code || !errors.Is(err, tournament.ErrInvalid) {
			t.Errorf("%s: %v", c.code, err)
		}
		ucSameRows(t, st, before, c.code)
	}
}
