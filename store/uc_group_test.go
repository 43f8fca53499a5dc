package store

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/tournament"
)

// TestUCMakeGroupsAndSelect: group make writes the groups in one transaction, the same
// entry list makes the same groups (names, members, seeds), "" still selects the event
// once it has groups, and GroupRef selects a group by name or id.
func TestUCMakeGroupsAndSelect(t *testing.T) {
	make3 := func() (*Store, tournament.EventGroups) {
		st, _ := newEvent(t, tournament.RoundRobin, 0, 10, nil)
		eg, _, err := st.MakeGroups(ucCtx, "", tournament.GroupRule{By: tournament.GroupByRating, Size: 4, Seeding: tournament.SeedingSnake}, GroupSpec{})
		if err != nil {
			t.Fatal(err)
		}
		return st, eg
	}
	st, eg := make3()
	_, again := make3()
	if len(eg.Groups) != 3 || len(eg.Groups[0].Members) != 4 || len(eg.Groups[2].Members) != 3 {
		t.Fatalf("groups %+v", eg.Groups)
	}
	for i := range eg.Groups {
		a, b := eg.Groups[i], again.Groups[i]
		if a.Name != b.Name || a.Tournament.Seed != b.Tournament.Seed || len(a.Members) != len(b.Members) {
			t.Fatalf("group %d differs: %+v / %+v", i, a.Group, b.Group)
		}
		for k := range a.Members {
			if a.Members[k].Entry.Player.Name != b.Members[k].Entry.Player.Name {
				t.Fatalf("group %s member %d: %s / %s", a.Name, k, a.Members[k].Entry.Player.Name, b.Members[k].Entry.Player.Name)
			}
		}
	}
	ev, err := st.ShowTournament(ucCtx, "")
	if err != nil || ev.ID != eg.Event.ID {
		t.Fatalf("\"\" selected %d (%v), want the event %d", ev.ID, err, eg.Event.ID)
	}
	g, err := st.ShowTournament(ucCtx, GroupRef("", "b"))
	if err != nil || g.ID != eg.Groups[1].Tournament.ID || g.Name != eg.Event.Name+" / B" {
		t.Fatalf("group b: %+v, %v", g, err)
	}
	if _, err := st.ShowTournament(ucCtx, GroupRef("", "Z")); !errors.Is(err, tournament.ErrNotFound) {
		t.Fatalf("group Z: %v", err)
	}
	before := ucRows(t, st)
	if _, _, err := st.MakeGroups(ucCtx, "", tournament.GroupRule{By: tournament.GroupByRating, Size: 4}, GroupSpec{}); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("made twice: %v", err)
	}
	if _, _, err := st.MakeGroups(ucCtx, GroupRef("", "A"), tournament.GroupRule{By: tournament.GroupByRating, Size: 2}, GroupSpec{}); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("groups of a group: %v", err)
	}
	if _, _, err := st.AddGroup(ucCtx, "", "Open", 1, GroupSpec{System: tournament.Dutch}); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("a Swiss group without rounds: %v", err)
	}
	ucSameRows(t, st, before, "refused groups")
}

// TestUCMoveToGroupBeforeLot: a player moves between groups of a stage before their lot,
// never after it.
func TestUCMoveToGroupBeforeLot(t *testing.T) {
	st, _ := newEvent(t, tournament.RoundRobin, 0, 8, nil)
	if _, _, err := st.MakeGroups(ucCtx, "", tournament.GroupRule{By: tournament.GroupByRating, Size: 4}, GroupSpec{}); err != nil {
		t.Fatal(err)
	}
	m, _, err := st.MoveToGroup(ucCtx, "", "P01, Test", "B")
	if err != nil || m.From != "A" || m.To != "B" {
		t.Fatalf("moved %+v: %v", m, err)
	}
	eg, _, err := st.Groups(ucCtx, "")
	if err != nil || len(eg.Groups[0].Members) != 3 || len(eg.Groups[1].Members) != 5 || eg.Groups[1].Members[4].Rank != 0 {
		t.Fatalf("after the move: %+v, %v", eg.Groups, err)
	}
	if _, _, err := st.DrawGroupLots(ucCtx, "", 0); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.MoveToGroup(ucCtx, "", "P01, Test", "A"); !errors.Is(err, tournament.ErrLocked) {
		t.Fatalf("moved after the lot: %v", err)
	}
}

// TestUCMakeStageCarriesPoints: a stage needs final standings; it takes places in order
// and its players carry their points as a bonus from round 1.
func TestUCMakeStageCarriesPoints(t *testing.T) {
	st, _ := newEvent(t, tournament.RoundRobin, 0, 4, nil)
	if _, _, err := st.MakeStage(ucCtx, "", "", tournament.StageRule{Top: 2}, GroupSpec{}); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("a stage before the event is played: %v", err)
	}
	if _, _, err := st.DrawLot(ucCtx, "", nil); err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 3; r++ {
		out, err := st.PairNextRound(ucCtx, "", PairRequest{})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range out.View.Boards {
			if _, err := st.EnterResult(ucCtx, "", r, b.Board, 1, "2-0"); err != nil {
				t.Fatal(err)
			}
		}
	}
	eg, _, err := st.MakeStage(ucCtx, "", "", tournament.StageRule{Top: 2, Carry: tournament.CarryAll, Names: []string{"Finale"}}, GroupSpec{})
	if err != nil {
		t.Fatal(err)
	}
	f := eg.Groups[0]
	if f.Name != "Finale" || f.Stage != 2 || len(f.Members) != 2 || f.Members[0].Rank != 1 || f.Members[0].Carried == 0 {
		t.Fatalf("final %+v", f)
	}
	if _, _, err := st.DrawGroupLots(ucCtx, "", 2); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.PairGroups(ucCtx, "", 2, tournament.PairOptions{}); err != nil {
		t.Fatal(err)
	}
	s, _, err := st.Standings(ucCtx, GroupRef("", "finale"), 1, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Rows {
		if r.Carried == 0 || r.Points != r.Carried {
			t.Errorf("%s: %d points, %d carried; before a result he has only what he carried", r.Entry.Name, r.Points, r.Carried)
		}
	}
}

// TestGroupsOldFileIsOneGroupEvent: a file of an earlier schema read ForReading is one
// event with no groups, and the file stays as it was.
func TestGroupsOldFileIsOneGroupEvent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeV1File(t, path,
		`INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('Vecchio', 'italian', 'italo-swiss', 5, 'x')`)
	before := fileHash(t, path)
	r, err := Open(path, ForReading())
	if err != nil {
		t.Fatal(err)
	}
	eg, ev, err := r.Groups(ucCtx, "")
	r.Close()
	if err != nil || ev.Name != "Vecchio" || len(eg.Groups) != 0 {
		t.Fatalf("groups of an old file: %+v %v", eg, err)
	}
	if fileHash(t, path) != before {
		t.Fatal("reading the groups changed the old file")
	}
}

// TestUCDeleteGroupsFirst: an event with groups cannot be deleted before its groups (the
// error names them, nothing is deleted); a group is deleted with its place in the event,
// and then the event can be.
func TestUCDeleteGroupsFirst(t *testing.T) {
	st, _ := newEvent(t, tournament.RoundRobin, 0, 8, nil)
	eg, _, err := st.MakeGroups(ucCtx, "", tournament.GroupRule{By: tournament.GroupByRating, Size: 4}, GroupSpec{})
	if err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	_, _, err = st.DeleteTournament(ucCtx, "", "", true)
	if !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), eg.Event.Name+" / A") || !strings.Contains(err.Error(), eg.Event.Name+" / B") {
		t.Fatalf("event with groups deleted: %v", err)
	}
	ucSameRows(t, st, before, "refused delete")
	for _, g := range []string{"A", "B"} {
		if _, _, err := st.DeleteTournament(ucCtx, GroupRef("", g), "", true); err != nil {
			t.Fatalf("delete group %s: %v", g, err)
		}
	}
	if eg2, _, err := st.Groups(ucCtx, ""); err != nil || len(eg2.Groups) != 0 {
		t.Fatalf("groups left: %+v, %v", eg2.Groups, err)
	}
	if _, _, err := st.DeleteTournament(ucCtx, "", "", true); err != nil {
		t.Fatalf("event without groups: %v", err)
	}
}
