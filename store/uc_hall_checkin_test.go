package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// Check-in for round 2: a player with his PIN (again: nothing written), a wrong PIN
// refused, the arbiter marks one present and one absent (SetAbsence, which the pairing
// reads); the list says who is where.
func TestUCHallCheckIn(t *testing.T) {
	st, _, pins := hallEvent(t)
	c, err := st.ReadHallCheckIn(ucCtx, "")
	if err != nil || c.Round != 2 || len(c.Players) != 8 {
		t.Fatalf("before: %+v, %v", c, err)
	}
	ids := []int64{c.Players[0].Entry.ID, c.Players[1].Entry.ID, c.Players[2].Entry.ID}
	before := ucRows(t, st)
	if _, err := st.HallCheckIn(ucCtx, "", ids[0], pins[ids[1]], false); !errors.Is(err, tournament.ErrWrongPIN) {
		t.Errorf("another's PIN: %v", err)
	}
	ucSameRows(t, st, before, "a wrong PIN")
	in, err := st.HallCheckIn(ucCtx, "", ids[0], pins[ids[0]], false)
	if err != nil || in.Round != 2 || in.Already {
		t.Fatalf("check-in: %+v, %v", in, err)
	}
	before = ucRows(t, st)
	if in, err = st.HallCheckIn(ucCtx, "", ids[0], pins[ids[0]], false); err != nil || !in.Already {
		t.Errorf("again: %+v, %v", in, err)
	}
	ucSameRows(t, st, before, "a second check-in")
	if _, err := st.HallCheckIn(ActingAs(ucCtx, "arbiter via the hall"), "", ids[1], "", true); err != nil {
		t.Fatal(err)
	}
	// After the lot the arbiter names the player by his pairing number (FindEntry).
	if _, _, err := st.SetAbsence(ucCtx, "", itoa(c.Players[2].Entry.Number), 0, 0, "did not check in"); err != nil {
		t.Fatal(err)
	}
	c, _ = st.ReadHallCheckIn(ucCtx, "")
	got := map[int64]tournament.HallCheckInRow{}
	for _, p := range c.Players {
		got[p.Entry.ID] = p
	}
	if got[ids[0]].At == "" || got[ids[1]].At == "" || got[ids[2]].At != "" || !got[ids[2]].Absent || got[ids[0]].Absent {
		t.Errorf("check-in list: %+v", c.Players[:3])
	}
	evs, _, _ := st.EventLog(ucCtx, "")
	var who []string
	for _, e := range evs {
		if e.Action == "hall.checkin" {
			who = append(who, e.Actor)
		}
	}
	if len(who) != 2 || who[1] != "arbiter via the hall" {
		t.Errorf("logged check-ins by %v", who)
	}
}
