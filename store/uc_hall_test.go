package store

import (
	"errors"
	"sync"
	"testing"

	"arbitro/tournament"
)

// hallEvent is pairedEvent with a PIN for every player, by entry id.
func hallEvent(t *testing.T) (*Store, *tournament.Tournament, map[int64]string) {
	t.Helper()
	st, tr := pairedEvent(t)
	pins, _, err := st.SetPINs(ucCtx, "", nil)
	if err != nil || len(pins) != 8 {
		t.Fatalf("pins %v, %v", pins, err)
	}
	out := map[int64]string{}
	for _, p := range pins {
		if len(p.PIN) != PINDigits {
			t.Errorf("PIN %q", p.PIN)
		}
		out[p.Entry.ID] = p.PIN
	}
	return st, tr, out
}

// Two agreeing entries store the result, logged under the second player's name; the
// first waits; a wrong PIN, or the opponent's PIN, writes nothing; a board with a result
// is left to the arbiter.
func TestUCHallEnterAgree(t *testing.T) {
	st, tr, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	before := ucRows(t, st)
	for _, c := range []struct {
		pin  string
		want error
	}{{"000000x", tournament.ErrWrongPIN}, {pins[b.BlackEntry], tournament.ErrWrongPIN}} {
		if _, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', c.pin, "2-0", false); !errors.Is(err, c.want) {
			t.Errorf("pin %q: %v, want %v", c.pin, err, c.want)
		}
	}
	if _, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pins[b.WhiteEntry], "bye", false); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("bye from a player: %v", err)
	}
	ucSameRows(t, st, before, "refused entries")
	e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pins[b.WhiteEntry], "1-0", false)
	if err != nil || e.Status != tournament.HallWaiting || e.Result != "2-0" || e.Board.Result != nil {
		t.Fatalf("white: %+v, %v", e, err)
	}
	e, err = st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'B', pins[b.BlackEntry], "2-0", false)
	if err != nil || e.Status != tournament.HallStored || e.Board.Result == nil || e.Board.Result.WhitePoints != 2 {
		t.Fatalf("black: %+v, %v", e, err)
	}
	evs, _, _ := st.EventLog(ucCtx, "")
	last := evs[len(evs)-1]
	if last.Action != "result.set" || last.Actor != tournament.HallActor(&e.Player) || e.Board.Result.EnteredBy != last.Actor {
		t.Errorf("logged %+v, result by %q", last, e.Board.Result.EnteredBy)
	}
	before = ucRows(t, st)
	e, err = st.HallEnterResult(ucCtx, tr.Name, 1, b.Board, 1, 'B', pins[b.BlackEntry], "0-2", false)
	if err != nil || e.Status != tournament.HallAlready {
		t.Errorf("after the result: %+v, %v", e, err)
	}
	ucSameRows(t, st, before, "entry on a board with a result")
	c, err := st.ReadHallConsole(ucCtx, "")
	if err != nil || len(c.Pending) != 0 || c.Round != 1 || len(c.Boards) != 4 {
		t.Errorf("console %+v, %v", c, err)
	}
}

// Two entries that disagree wait for the arbiter, who sees them in the console and enters
// the result under his name (ActingAs).
func TestUCHallDisagree(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[1]
	if e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pins[b.WhiteEntry], "2-0", false); err != nil || e.Status != tournament.HallWaiting {
		t.Fatalf("white: %+v, %v", e, err)
	}
	c, err := st.ReadHallConsole(ucCtx, "")
	if err != nil || len(c.Pending) != 1 || c.Pending[0].Disputed || len(c.Pending[0].Entries) != 1 {
		t.Fatalf("one entry: %+v, %v", c.Pending, err)
	}
	e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'B', pins[b.BlackEntry], "1-1", false)
	if err != nil || e.Status != tournament.HallDisputed || e.Board.Result != nil {
		t.Fatalf("black: %+v, %v", e, err)
	}
	c, _ = st.ReadHallConsole(ucCtx, "")
	if len(c.Pending) != 1 || !c.Pending[0].Disputed || c.Pending[0].Board.Board != b.Board {
		t.Fatalf("disputed: %+v", c.Pending)
	}
	r, err := st.EnterResult(ActingAs(ucCtx, "arbiter via the hall"), "", 1, b.Board, 1, "1-1")
	if err != nil || r.Board.Result.EnteredBy != "arbiter via the hall" {
		t.Fatalf("arbiter: %+v, %v", r, err)
	}
	if c, _ = st.ReadHallConsole(ucCtx, ""); len(c.Pending) != 0 {
		t.Errorf("still pending: %+v", c.Pending)
	}
}

// Both players, each from several devices at once, enter the same board: one result is
// stored, exactly once; every other entry is told the board has it (or waits before it).
func TestUCHallConcurrentEntries(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[2]
	const devices = 6
	status := make(chan tournament.HallStatus, 2*devices)
	errs := make(chan error, 2*devices)
	var wg sync.WaitGroup
	for i := range 2 * devices {
		wg.Add(1)
		go func() {
			defer wg.Done()
			side, pin := byte('W'), pins[b.WhiteEntry]
			if i%2 == 1 {
				side, pin = 'B', pins[b.BlackEntry]
			}
			e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, side, pin, "1-1", false)
			if err != nil {
				errs <- err
				return
			}
			status <- e.Status
		}()
	}
	wg.Wait()
	close(status)
	close(errs)
	for err := range errs {
		t.Errorf("entry: %v", err)
	}
	count := map[tournament.HallStatus]int{}
	for s := range status {
		count[s]++
	}
	if count[tournament.HallStored] != 1 || count[tournament.HallDisputed] != 0 {
		t.Errorf("statuses %v: want exactly one stored", count)
	}
	evs, _, _ := st.EventLog(ucCtx, "")
	n := 0
	for _, e := range evs {
		if e.Action == "result.set" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d result.set events, want 1", n)
	}
}

// With the arbiter confirming every result, two agreeing entries wait for him, marked
// agreed, and nothing is stored.
func TestUCHallArbiterConfirms(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[3]
	st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pins[b.WhiteEntry], "0-2", true)
	e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'B', pins[b.BlackEntry], "0-2", true)
	if err != nil || e.Status != tournament.HallAgreed || e.Board.Result != nil {
		t.Fatalf("agreed: %+v, %v", e, err)
	}
	c, _ := st.ReadHallConsole(ucCtx, "")
	if len(c.Pending) != 1 || !c.Pending[0].Agreed || c.Pending[0].Disputed {
		t.Errorf("console: %+v", c.Pending)
	}
}
