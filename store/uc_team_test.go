package store

import (
	"errors"
	"fmt"
	"testing"

	"arbitro/tournament"
)

// teamEvent makes a team round robin of n teams of 2 boards (3 players each: 2 regulars
// and a reserve), created without --rounds.
func teamEvent(t *testing.T, n int) *Store {
	t.Helper()
	st := testStore(t)
	set, err := tournament.NewTeamSettings(2, "", "")
	if err != nil {
		t.Fatal(err)
	}
	tr := tournament.Tournament{Name: "Squadre", Variant: tournament.VariantItalian, System: tournament.RoundRobin, FieldCycles: 1,
		ByePoints: 2, ForfeitPoints: 2, Seed: 7}
	if _, err := st.CreateTeamEvent(ucCtx, tr, set); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		spec := TeamSpec{Name: fmt.Sprintf("T%d", i), Club: fmt.Sprintf("Club %d", i),
			Players: []string{fmt.Sprintf("T%d, Uno", i), fmt.Sprintf("T%d, Due", i)}, Reserves: []string{fmt.Sprintf("T%d, Tre", i)}}
		if _, _, err := st.AddTeam(ucCtx, "", spec); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func TestUCTeamRoundRobin(t *testing.T) {
	st := teamEvent(t, 3)
	// refused: nothing written
	before := ucRows(t, st)
	if _, _, err := st.AddTeam(ucCtx, "", TeamSpec{Name: "T1", Players: []string{"X, Y"}}); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("a second team T1: %v", err)
	}
	if _, _, err := st.AddTeam(ucCtx, "", TeamSpec{Name: "T9", Players: []string{"A, A", "B, B", "C, C"}}); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("3 players for 2 boards: %v", err)
	}
	ucSameRows(t, st, before, "refused team commands")

	// pair on a team event pairs its matches, as team pair does
	pr, err := st.PairNextRound(ucCtx, "", PairRequest{Round: 1})
	if err != nil || pr.Team == nil || pr.Round != nil {
		t.Fatalf("pair on a team event: %+v, %v", pr, err)
	}
	r1, tr := pr.Team, pr.Tournament
	if !r1.LotNow || tr.Rounds != 0 || len(r1.Matches) != 2 || !r1.Matches[1].Rest() {
		t.Fatalf("round 1: %+v (lot drawn now, one match and a rest)", r1)
	}
	ev, tr, err := st.TeamEvent(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Rounds != 3 {
		t.Errorf("rounds %d after the team lot, want 3 (3 teams)", tr.Rounds)
	}
	m := ev.Matches[0]
	home, away := ev.Team(m.Home), ev.Team(m.Away)
	if _, _, err := st.PairTeamRound(ucCtx, "", 0); !errors.Is(err, tournament.ErrResultsMissing) {
		t.Errorf("round 2 before round 1's results: %v", err)
	}
	// the reserve may play board 2; the order must hold
	before = ucRows(t, st)
	if _, _, err := st.SetLineup(ucCtx, "", 1, home.Name, []string{"#2", "#1"}); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("a line-up out of roster order: %v", err)
	}
	ucSameRows(t, st, before, "refused line-up")
	if _, _, err := st.SetLineup(ucCtx, "", 1, home.Name, []string{"#1", "#3"}); err != nil {
		t.Fatal(err)
	}
	ls, _, err := st.SetLineup(ucCtx, "", 1, away.Ref(), []string{"#1", "#2"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ls.Match.Boards) != 2 || ls.Match.Boards[0].RoundBoard != 1 || !ls.Match.Boards[0].HomeWhite {
		t.Fatalf("boards %+v", ls.Match.Boards)
	}
	// board 1 by the match's numbering, board 2 by the round's (result --board 2)
	if _, err := st.TeamResult(ucCtx, "", 1, 1, 1, "2-0"); err != nil {
		t.Fatal(err)
	}
	// undo of a line-up with a result is refused; the result first
	if _, err := st.EnterResult(ucCtx, "", 1, 2, 1, "1-1"); err != nil {
		t.Fatal(err)
	}
	ev, _, _ = st.TeamEvent(ucCtx, "")
	sc := ev.Matches[0].Score(ev.Settings, 2)
	// home White on board 1 won: 2; board 2 home Black drew: 1. Home 3-1.
	if sc.HomeBoard != 3 || sc.AwayBoard != 1 || sc.HomeMatch != 2 || !sc.Done {
		t.Errorf("score %+v", sc)
	}
	rows := ev.Standings()
	if rows[0].Team.ID != home.ID || rows[0].MatchPoints != 2 || rows[0].BoardPoints != 3 {
		t.Errorf("standings %+v", rows[0])
	}
	teamForfeitUndo(t, st)
}

// teamForfeitUndo pairs round 2 of teamEvent(3) after round 1, records a forfeit of the
// whole match and undoes it, then the pairing.
func teamForfeitUndo(t *testing.T, st *Store) {
	t.Helper()
	r2, _, err := st.PairTeamRound(ucCtx, "", 2)
	if err != nil {
		t.Fatal(err)
	}
	m2 := r2.Matches[0]
	absent := r2.Event.Team(m2.Away)
	if _, _, err := st.TeamForfeit(ucCtx, "", 2, []string{absent.Name}); err != nil {
		t.Fatal(err)
	}
	ev, _, _ := st.TeamEvent(ucCtx, "")
	if sc := ev.Matches[2].Score(ev.Settings, 2); sc.HomeBoard != 4 || sc.AwayMatch != 0 || !sc.Done {
		t.Errorf("forfeit score %+v", sc)
	}
	if _, _, err := st.Undo(ucCtx, ""); err != nil {
		t.Fatal(err)
	}
	ev, _, _ = st.TeamEvent(ucCtx, "")
	if ev.Matches[2].Forfeit != tournament.MatchPlayed {
		t.Errorf("undo left the forfeit: %+v", ev.Matches[2])
	}
	// undo of the pairing of round 2 removes its matches
	if _, _, err := st.Undo(ucCtx, ""); err != nil {
		t.Fatal(err)
	}
	ev, tr, _ := st.TeamEvent(ucCtx, "")
	if tr.RoundsPaired != 1 || len(ev.Matches) != 2 {
		t.Errorf("after undo of round 2: %d rounds, %d matches", tr.RoundsPaired, len(ev.Matches))
	}
}

func TestUCTeamLineupUndo(t *testing.T) {
	st := teamEvent(t, 2)
	if _, _, err := st.PairTeamRound(ucCtx, "", 0); err != nil {
		t.Fatal(err)
	}
	for _, tm := range []string{"T1", "T2"} {
		if _, _, err := st.SetLineup(ucCtx, "", 1, tm, []string{"#1", "#2"}); err != nil {
			t.Fatal(err)
		}
	}
	boards, _, err := st.ResultList(ucCtx, "", 1)
	if err != nil || len(boards) != 2 {
		t.Fatalf("%d boards, %v", len(boards), err)
	}
	if _, _, err := st.Undo(ucCtx, ""); err != nil {
		t.Fatal(err)
	}
	boards, _, err = st.ResultList(ucCtx, "", 1)
	if err != nil || len(boards) != 0 {
		t.Errorf("after undo of a line-up: %d boards, %v", len(boards), err)
	}
	ev, _, _ := st.TeamEvent(ucCtx, "")
	if ev.Matches[0].AwayLineup != nil && ev.Matches[0].HomeLineup != nil {
		t.Errorf("both line-ups still in: %+v", ev.Matches[0])
	}
	// the first line-up, then round 1's pairing with the team lot it drew
	steps, _, err := st.UndoList(ucCtx, "")
	if err != nil || len(steps) < 2 || steps[1].Action != "team.pair" {
		t.Fatalf("undo list %+v, %v: the pairing names its action", steps, err)
	}
	for range 2 {
		if _, _, err := st.Undo(ucCtx, ""); err != nil {
			t.Fatal(err)
		}
	}
	ev, tr, _ := st.TeamEvent(ucCtx, "")
	if tr.RoundsPaired != 0 || len(ev.Matches) != 0 || ev.Teams[0].Number != 0 || tr.Rounds != 0 {
		t.Errorf("after undo of round 1: %d rounds paired, %d matches, team number %d, rounds %d", tr.RoundsPaired, len(ev.Matches), ev.Teams[0].Number, tr.Rounds)
	}
}

// Undo of team add deletes the team, its roster and its players' entries.
func TestUCTeamAddUndo(t *testing.T) {
	st := teamEvent(t, 2)
	if _, _, err := st.Undo(ucCtx, ""); err != nil {
		t.Fatal(err)
	}
	ev, tr, err := st.TeamEvent(ucCtx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Teams) != 1 || ev.Teams[0].Name != "T1" || tr.Players != 3 {
		t.Errorf("after undo of team add: %d teams, %d players", len(ev.Teams), tr.Players)
	}
	rows := ucRows(t, st)
	if rows["team_members"] != 3 {
		t.Errorf("%d roster rows, want 3", rows["team_members"])
	}
}

// Each kind of a team event's actions is undone as one action, every table but the log
// then row for row as before it (undoes; TestUndoKindsCovered reads the kinds).
func TestUndoTeamKinds(t *testing.T) {
	st := teamEvent(t, 2)
	undoes(t, st, "", "team.add", "team add", func() error {
		_, _, err := st.AddTeam(ucCtx, "", TeamSpec{Name: "T3", Club: "Club 3", Players: []string{"T3, Uno", "T3, Due"}})
		return err
	})
	if _, _, err := st.AddTeam(ucCtx, "", TeamSpec{Name: "T3", Club: "Club 3", Players: []string{"T3, Uno", "T3, Due"}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.AddTeam(ucCtx, "", TeamSpec{Name: "T4", Club: "Club 4", Players: []string{"T4, Uno", "T4, Due"}}); err != nil {
		t.Fatal(err)
	}
	// round 1's pairing, with the team lot it draws (team.lot, part of the action)
	undoes(t, st, "", "team.pair", "team pair", func() error { _, _, err := st.PairTeamRound(ucCtx, "", 0); return err })
	if _, _, err := st.PairTeamRound(ucCtx, "", 0); err != nil {
		t.Fatal(err)
	}
	ev, _, err := st.TeamEvent(ucCtx, "")
	if err != nil || len(ev.Matches) != 2 {
		t.Fatalf("round 1: %v", err)
	}
	undoes(t, st, "", "team.lineup", "team lineup", func() error {
		_, _, err := st.SetLineup(ucCtx, "", 1, "T1", []string{"#1", "#2"})
		return err
	})
	undoes(t, st, "", "team.forfeit", "team forfeit", func() error {
		_, _, err := st.TeamForfeit(ucCtx, "", 1, []string{"T2"})
		return err
	})
}
