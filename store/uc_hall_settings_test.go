package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"arbitro/tournament"
)

// The event's hall settings: stored, logged, read back; a wrong address or minutes out of
// range write nothing; the stored confirmation makes two agreeing entries wait for the
// arbiter (without serve's --confirm); a single entry older than the minutes is marked
// overdue in the console, a younger one and one with no setting are not; the address
// reaches the pairing sheet's view.
func TestUCHallSettings(t *testing.T) {
	st, tr, _ := hallEvent(t)
	if s, _, err := st.ReadHallSettings(ucCtx, ""); err != nil || s != (tournament.HallSettings{Sheets: tournament.SheetsAny}) {
		t.Fatalf("no settings: %+v, %v", s, err)
	}
	before := ucRows(t, st)
	bad := "http://192.168.1.10:8080/hall/99/"
	if _, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{URL: &bad}); !errors.Is(err, tournament.ErrHallURL) {
		t.Errorf("another tournament's hall: %v", err)
	}
	minutes := -1
	if _, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{SingleMinutes: &minutes}); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("-1 minutes: %v", err)
	}
	ucSameRows(t, st, before, "refused settings")

	url, yes := "http://192.168.1.10:8080/hall/", true
	minutes = 10
	s, _, err := st.SetHallSettings(ucCtx, tr.Name, tournament.HallSettingsChange{URL: &url, Confirm: &yes})
	want := tournament.HallSettings{URL: "http://192.168.1.10:8080/hall/1/", Confirm: true, Sheets: tournament.SheetsAny}
	if err != nil || s != want {
		t.Fatalf("set: %+v, %v; want %+v", s, err, want)
	}
	if s, _, err = st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{SingleMinutes: &minutes}); err != nil || s.URL != want.URL || !s.Confirm || s.SingleMinutes != 10 {
		t.Fatalf("a change keeps the rest: %+v, %v", s, err)
	}
	evs, _, _ := st.EventLog(ucCtx, "")
	if last := evs[len(evs)-1]; last.Action != "hall.settings" {
		t.Errorf("last event %+v", last)
	}
	v, _, err := st.PairingsSheet(ucCtx, "", 0)
	if err != nil || v.HallURL != want.URL {
		t.Errorf("pairings sheet's hall address %q, %v", v.HallURL, err)
	}
}

// TestUCHallSettingsEntries: the stored confirmation and the single entry's minutes.
func TestUCHallSettingsEntries(t *testing.T) {
	st, _, pins := hallEvent(t)
	yes, minutes := true, 10
	if _, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{Confirm: &yes, SingleMinutes: &minutes}); err != nil {
		t.Fatal(err)
	}
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b, single := boards[0], boards[1]
	if e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pins[b.WhiteEntry], "1-1", false); err != nil || e.Status != tournament.HallWaiting {
		t.Fatalf("white: %+v, %v", e, err)
	}
	if e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'B', pins[b.BlackEntry], "1-1", false); err != nil || e.Status != tournament.HallAgreed || e.Board.Result != nil {
		t.Fatalf("black, the arbiter confirms every result: %+v, %v", e, err)
	}
	if _, err := st.HallEnterResult(ucCtx, "", 1, single.Board, 1, 'B', pins[single.BlackEntry], "0-2", false); err != nil {
		t.Fatal(err)
	}
	overdue := func() map[int]bool {
		c, err := st.ReadHallConsole(ucCtx, "")
		if err != nil || c.Settings.SingleMinutes != 10 {
			t.Fatalf("console %+v, %v", c.Settings, err)
		}
		out := map[int]bool{}
		for _, p := range c.Pending {
			out[p.Board.Board] = p.Overdue
		}
		return out
	}
	if o := overdue(); o[single.Board] || o[b.Board] || len(o) != 2 {
		t.Errorf("just entered: %v", o)
	}
	mustUpdate(t, st, func(tx *Tx) error {
		_, err := tx.exec(`UPDATE hall_entries SET entered_at = ?`, time.Now().UTC().Add(-11*time.Minute).Format(time.RFC3339))
		return err
	})
	if o := overdue(); !o[single.Board] || o[b.Board] {
		t.Errorf("11 minutes later: %v (only the single entry goes to the arbiter)", o)
	}
	zero := 0
	if _, _, err := st.SetHallSettings(context.Background(), "", tournament.HallSettingsChange{SingleMinutes: &zero}); err != nil {
		t.Fatal(err)
	}
	c, _ := st.ReadHallConsole(ucCtx, "")
	for _, p := range c.Pending {
		if p.Overdue {
			t.Errorf("board %d overdue with no minutes set", p.Board.Board)
		}
	}
}
