package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// TestSafetyTeamRefusalsWriteNothing (README S33): every team command refused leaves
// every table of the file as it was, and says why.
func TestSafetyTeamRefusalsWriteNothing(t *testing.T) {
	st := teamEvent(t, 4)
	if _, _, err := st.PairTeamRound(ucCtx, "", 0); err != nil {
		t.Fatal(err)
	}
	ev, _, err := st.TeamEvent(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	m := ev.Matches[0]
	home, away, other := ev.Team(m.Home), ev.Team(m.Away), ev.Team(ev.Matches[1].Home)
	before := ucRows(t, st)
	refusals := []struct {
		what string
		err  error
		want error
	}{}
	try := func(what string, want error, err error) {
		refusals = append(refusals, struct {
			what string
			err  error
			want error
		}{what, err, want})
	}
	_, _, err = st.AddTeam(ucCtx, "", TeamSpec{Name: "Late", Players: []string{"L, A"}})
	try("a team after round 1 is paired", tournament.ErrLocked, err)
	_, _, err = st.SetLineup(ucCtx, "", 1, home.Name, []string{"#2", "#1"})
	try("a line-up out of roster order", tournament.ErrInvalid, err)
	_, _, err = st.SetLineup(ucCtx, "", 1, home.Name, []string{"-", "#1"})
	try("an empty board above a player", tournament.ErrInvalid, err)
	_, _, err = st.SetLineup(ucCtx, "", 1, home.Name, []string{"#1", "#1"})
	try("a player twice", tournament.ErrInvalid, err)
	_, _, err = st.SetLineup(ucCtx, "", 1, home.Name, []string{"#1", away.Members[1].Name})
	try("an opponent's player", tournament.ErrNotFound, err)
	_, _, err = st.SetLineup(ucCtx, "", 1, home.Name, []string{"#1"})
	try("one player for two boards", tournament.ErrInvalid, err)
	_, _, err = st.SetLineup(ucCtx, "", 2, home.Name, []string{"#1", "#2"})
	try("a round not paired", tournament.ErrNotPaired, err)
	_, _, err = st.SetLineup(ucCtx, "", 1, "Nobody", []string{"#1", "#2"})
	try("an unknown team", tournament.ErrNotFound, err)
	_, err = st.TeamResult(ucCtx, "", 1, 1, 1, "2-0")
	try("a result before the line-ups", tournament.ErrNoBoard, err)
	_, err = st.TeamResult(ucCtx, "", 1, 1, 3, "2-0")
	try("board 3 of a match of 2 boards", tournament.ErrNoBoard, err)
	_, _, err = st.TeamForfeit(ucCtx, "", 1, []string{home.Name, other.Name})
	try("a forfeit naming teams of two matches", tournament.ErrInvalid, err)
	_, _, err = st.PairTeamRound(ucCtx, "", 0)
	try("round 2 before round 1's results", tournament.ErrResultsMissing, err)
	_, _, err = st.DrawLot(ucCtx, "", nil)
	try("the players' lot of a team event", ErrTeamEvent, err)
	_, err = st.PairNextRound(ucCtx, "", PairRequest{})
	try("pair before round 1's results", tournament.ErrResultsMissing, err)
	_, err = st.PairNextRound(ucCtx, "", PairRequest{Forbidden: []tournament.ForbiddenPair{{A: 1, B: 2}}})
	try("pair --forbid on a team event", ErrTeamEvent, err)
	_, _, err = st.RemovePlayer(ucCtx, "", home.Members[2].Name, false)
	try("a roster's player removed", ErrTeamEvent, err)
	_, _, err = st.Unpair(ucCtx, "", UnpairRequest{})
	try("unpair of a team round (undo takes it back)", ErrTeamEvent, err)
	for _, r := range refusals {
		if !errors.Is(r.err, r.want) {
			t.Errorf("%s: err %v, want %v", r.what, r.err, r.want)
		}
	}
	ucSameRows(t, st, before, "refused team commands")
}

// TestSafetyTeamResultsKept (README S34): no team command drops a result silently: a
// line-up given again and a forfeit of the match are refused while a game of the match
// has a result; undo takes a line-up back exactly (the match's games go with it).
func TestSafetyTeamResultsKept(t *testing.T) {
	st := teamEvent(t, 2)
	if _, _, err := st.PairTeamRound(ucCtx, "", 0); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.SetLineup(ucCtx, "", 1, "T1", []string{"#1", "#2"}); err != nil {
		t.Fatal(err)
	}
	beforeSecond := ucRows(t, st)
	if _, _, err := st.SetLineup(ucCtx, "", 1, "T2", []string{"#1", "#3"}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.TeamResult(ucCtx, "", 1, 1, 2, "1-1"); err != nil {
		t.Fatal(err)
	}
	withResult := ucRows(t, st)
	if _, _, err := st.SetLineup(ucCtx, "", 1, "T2", []string{"#1", "#2"}); !errors.Is(err, tournament.ErrRoundHasResults) {
		t.Errorf("a line-up replacing one with a result: %v", err)
	}
	if _, _, err := st.TeamForfeit(ucCtx, "", 1, []string{"T1"}); !errors.Is(err, tournament.ErrRoundHasResults) {
		t.Errorf("a forfeit of a match with a result: %v", err)
	}
	ucSameRows(t, st, withResult, "refused over a result")
	// undo the result, then the second line-up: the file as before it (events aside)
	for range 2 {
		if _, _, err := st.Undo(ucCtx, ""); err != nil {
			t.Fatal(err)
		}
	}
	after := ucRows(t, st)
	for tbl, n := range beforeSecond {
		if tbl != "events" && after[tbl] != n {
			t.Errorf("after undo: table %s has %d rows, had %d", tbl, after[tbl], n)
		}
	}
}
