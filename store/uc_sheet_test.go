package store

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"arbitro/rules"
	"arbitro/tournament"
)

// A sheet records what the player enters, once per (device, seq), in order: a wrong PIN
// or an entry out of order writes nothing; a strike leaves the struck ply in the log; the
// arbiter's read judges the standing plies (first illegal ply, reason, legal moves) and
// keeps the 40-move count.
func TestUCSheetWrite(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	w := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'W', PIN: pins[b.WhiteEntry], Device: "phone-a"}
	before := ucRows(t, st)
	bad := w
	bad.Seq, bad.PIN = 1, pins[b.BlackEntry]
	if _, err := st.SheetWritePly(ucCtx, "", bad, "22-18"); !errors.Is(err, tournament.ErrWrongPIN) {
		t.Errorf("opponent's PIN: %v", err)
	}
	bad.PIN, bad.Seq = w.PIN, 2
	if _, err := st.SheetWritePly(ucCtx, "", bad, "22-18"); !errors.Is(err, tournament.ErrSheetOrder) {
		t.Errorf("seq 2 first: %v", err)
	}
	bad.Seq = 1
	for _, text := range []string{"22", "22-18-14", "0-4", "33-29", "a3-b4", "18x18"} {
		if _, err := st.SheetWritePly(ucCtx, "", bad, text); !errors.Is(err, tournament.ErrInvalid) {
			t.Errorf("ply %q: %v, want ErrInvalid", text, err)
		}
	}
	ucSameRows(t, st, before, "refused sheet entries")
	// 22-17 at ply 3 is illegal (22 is empty after 22-18): recorded all the same.
	plies := []string{"22-18", "10-14", "22-17"}
	for i, p := range plies {
		w.Seq = i + 1
		out, err := st.SheetWritePly(ucCtx, "", w, p)
		if err != nil || out.Already || out.Standing != i+1 {
			t.Fatalf("ply %d %s: %+v, %v", i+1, p, out, err)
		}
	}
	w.Seq = 2
	if out, err := st.SheetWritePly(ucCtx, "", w, "10-14"); err != nil || !out.Already || out.Entry.Seq != 2 {
		t.Errorf("seq 2 again: %+v, %v", out, err)
	}
	if _, err := st.SheetWritePly(ucCtx, "", w, "11-15"); !errors.Is(err, tournament.ErrSheetOrder) {
		t.Errorf("seq 2 again, another ply: %v", err)
	}
	sh, err := st.ReadHallSheets(ucCtx, "")
	if err != nil || len(sh.Boards) != 1 || len(sh.Boards[0].Sheets) != 1 {
		t.Fatalf("sheets %+v, %v", sh, err)
	}
	v := sh.Boards[0].Sheets[0]
	if v.Verdict.Legal || v.Verdict.Ply != 3 || v.Verdict.Reason != rules.ReasonNotOwnPiece || len(v.Verdict.LegalMoves) == 0 || v.Counts.Ply != 2 {
		t.Errorf("verdict %+v counts %+v", v.Verdict, v.Counts)
	}
	// Strike 22-17 and write 23-19: legal, the struck ply kept in the log.
	w.Seq = 4
	if out, err := st.SheetStrike(ucCtx, "", w); err != nil || out.Entry.Text != "22-17" || out.Standing != 2 {
		t.Fatalf("strike: %+v, %v", out, err)
	}
	w.Seq = 5
	if _, err := st.SheetWritePly(ucCtx, "", w, "23-19"); err != nil {
		t.Fatal(err)
	}
	sh, _ = st.ReadHallSheets(ucCtx, "")
	v = sh.Boards[0].Sheets[0]
	if !v.Verdict.Legal || len(v.Entries) != 5 || tournament.SheetMoves(v.Standing) != "22-18 10-14 23-19" || v.Counts.Quiet != 0 {
		t.Errorf("after the correction: legal %v, %d entries, %q, counts %+v", v.Verdict.Legal, len(v.Entries), tournament.SheetMoves(v.Standing), v.Counts)
	}
}

// Both players confirm the same result and score: the result is the board's and the score
// its game, stored as 'game add' stores it, the log saying it came from the electronic
// sheet. Different scores go to the arbiter; a confirmation of a score that is not the
// sheet's is refused.
func TestUCSheetConfirm(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	game := []string{"22-18", "10-14", "23-19"}
	write := func(b *tournament.Board, side byte, plies []string) SheetRef {
		r := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: side, PIN: pins[b.WhiteEntry], Device: "d" + string(side)}
		if side == 'B' {
			r.PIN = pins[b.BlackEntry]
		}
		for i, p := range plies {
			r.Seq = i + 1
			if _, err := st.SheetWritePly(ucCtx, "", r, p); err != nil {
				t.Fatal(err)
			}
		}
		return r
	}
	b := boards[0]
	rw, rb := write(b, 'W', game), write(b, 'B', game)
	before := ucRows(t, st)
	if _, err := st.SheetConfirm(ucCtx, "", rw, "1-1", "22-18 10-14"); !errors.Is(err, tournament.ErrSheetOrder) {
		t.Errorf("a score not the sheet's: %v", err)
	}
	ucSameRows(t, st, before, "refused confirmation")
	if c, err := st.SheetConfirm(ucCtx, "", rw, "1-1", strings.Join(game, " ")); err != nil || c.Status != tournament.HallWaiting {
		t.Fatalf("white confirms: %+v, %v", c, err)
	}
	c, err := st.SheetConfirm(ucCtx, "", rb, "=", strings.Join(game, "  "))
	if err != nil || c.Status != tournament.HallStored || c.GameID == 0 {
		t.Fatalf("black confirms: %+v, %v", c, err)
	}
	bs, _, _ := st.ResultList(ucCtx, "", 1)
	if bs[0].Result == nil || bs[0].Result.WhitePoints != 1 || bs[0].GameID != c.GameID {
		t.Errorf("board after: %+v", bs[0])
	}
	evs, _, _ := st.EventLog(ucCtx, "")
	last := evs[len(evs)-1]
	var ev tournament.GameEventJSON
	if last.Action != "game.add" || json.Unmarshal(last.After, &ev) != nil || ev.Source != tournament.SheetSource || !ev.Legal || ev.Plies != 3 {
		t.Errorf("logged %s %s", last.Action, last.After)
	}
	// Board 2: the scores differ; the arbiter sees the dispute.
	b = boards[1]
	rw, rb = write(b, 'W', game), write(b, 'B', game[:2])
	st.SheetConfirm(ucCtx, "", rw, "1-1", strings.Join(game, " "))
	if c, err := st.SheetConfirm(ucCtx, "", rb, "1-1", strings.Join(game[:2], " ")); err != nil || c.Status != tournament.HallDisputed {
		t.Errorf("different scores: %+v, %v", c, err)
	}
	sh, _ := st.ReadHallSheets(ucCtx, "")
	if len(sh.Boards) != 2 || sh.Boards[0].Disputed || !sh.Boards[1].Disputed {
		t.Errorf("sheets: %+v", sh.Boards)
	}
}

// Spectators see the game with the event's delay: by default nothing of the last 15
// minutes; with a delay in moves, all but the last moves of each player; everything once
// the board has its result. The delay is set in one logged transaction.
func TestUCHallGamesDelay(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	now := time.Date(2026, 11, 26, 15, 0, 0, 0, time.UTC)
	st.clock = func() time.Time { return now }
	w := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'W', PIN: pins[b.WhiteEntry], Device: "d"}
	for i, p := range []string{"22-18", "10-14", "23-19", "11-15"} { // one ply every 10 minutes
		w.Seq = i + 1
		if _, err := st.SheetWritePly(ucCtx, "", w, p); err != nil {
			t.Fatal(err)
		}
		now = now.Add(10 * time.Minute)
	}
	// now 15:40: entries at 15:00, 15:10, 15:20, 15:30; 15 minutes ago is 15:25.
	shown := func() string {
		t.Helper()
		g, err := st.ReadHallGames(ucCtx, "")
		if err != nil || len(g.Games) != 1 {
			t.Fatalf("games %+v, %v", g, err)
		}
		return tournament.SheetMoves(g.Games[0].Plies)
	}
	if s := shown(); s != "22-18 10-14 23-19" {
		t.Errorf("15 minutes: %q", s)
	}
	if _, err := st.SetSheetDelay(ucCtx, "", tournament.SheetDelay{Moves: 1}); err != nil {
		t.Fatal(err)
	}
	if s := shown(); s != "22-18 10-14" {
		t.Errorf("1 move: %q", s)
	}
	evs, _, _ := st.EventLog(ucCtx, "")
	if last := evs[len(evs)-1]; last.Action != "sheet.delay" || string(last.Before) != `{"minutes":15,"moves":0}` || string(last.After) != `{"minutes":0,"moves":1}` {
		t.Errorf("logged %s %s %s", last.Action, last.Before, last.After)
	}
	if _, err := st.EnterResult(ucCtx, "", 1, b.Board, 1, "1-1"); err != nil {
		t.Fatal(err)
	}
	if s := shown(); s != "22-18 10-14 23-19 11-15" {
		t.Errorf("after the game: %q", s)
	}
}

// The arbiter takes one of two disagreeing sheets as the game: stored with the result,
// logged as from the electronic sheet under his name; a sheet without a ply is refused.
func TestUCSheetAdopt(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	w := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'W', PIN: pins[b.WhiteEntry], Device: "d"}
	for i, p := range []string{"22-18", "10-14"} {
		w.Seq = i + 1
		if _, err := st.SheetWritePly(ucCtx, "", w, p); err != nil {
			t.Fatal(err)
		}
	}
	ctx := ActingAs(ucCtx, "arbiter via the hall")
	before := ucRows(t, st)
	if _, err := st.SheetAdopt(ctx, "", 1, b.Board, 1, 'B', "1-1"); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("black's empty sheet: %v", err)
	}
	ucSameRows(t, st, before, "refused adoption")
	rec, err := st.SheetAdopt(ctx, "", 1, b.Board, 1, 'W', "1-1")
	if err != nil || rec.ID == 0 || !rec.Verdict.Legal || rec.Verdict.Plies != 2 {
		t.Fatalf("adopt: %+v, %v", rec, err)
	}
	evs, _, _ := st.EventLog(ucCtx, "")
	last := evs[len(evs)-1]
	if last.Action != "game.add" || last.Actor != "arbiter via the hall" || !strings.Contains(string(last.After), tournament.SheetSource) {
		t.Errorf("logged %s by %s: %s", last.Action, last.Actor, last.After)
	}
	bs, _, _ := st.ResultList(ucCtx, "", 1)
	if bs[0].Result == nil || bs[0].Result.WhitePoints != 1 {
		t.Errorf("result %+v", bs[0].Result)
	}
}

// Plies on the sheets are not events: the arbiter's last action stays the one 'arbitro
// undo' reverts while the players write.
func TestUCSheetUndo(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	if _, err := st.EnterResult(ucCtx, "", 1, boards[1].Board, 1, "2-0"); err != nil {
		t.Fatal(err)
	}
	b := boards[0]
	w := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'W', PIN: pins[b.WhiteEntry], Device: "d", Seq: 1}
	if _, err := st.SheetWritePly(ucCtx, "", w, "22-18"); err != nil {
		t.Fatal(err)
	}
	v0, _ := st.SheetVersion(ucCtx)
	w.Seq = 2
	if _, err := st.SheetStrike(ucCtx, "", w); err != nil {
		t.Fatal(err)
	}
	if v1, err := st.SheetVersion(ucCtx); err != nil || v1 <= v0 {
		t.Errorf("sheet version %d after %d, %v", v1, v0, err)
	}
	step, _, err := st.Undo(ucCtx, "")
	if err != nil || step.Action != "result.set" {
		t.Fatalf("undo: %+v, %v", step, err)
	}
}

// One player keeps the sheet for both: his opponent, with no sheet of his own, confirms
// it, and the game is stored; his read shows him the opponent's plies.
func TestUCSheetOneKeeper(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	w := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'W', PIN: pins[b.WhiteEntry], Device: "d"}
	for i, p := range []string{"22-18", "10-14"} {
		w.Seq = i + 1
		if _, err := st.SheetWritePly(ucCtx, "", w, p); err != nil {
			t.Fatal(err)
		}
	}
	bl := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'B', PIN: pins[b.BlackEntry], Device: "e"}
	own, opp, err := st.ReadSheet(ucCtx, "", bl)
	if err != nil || len(own) != 0 || tournament.SheetMoves(opp) != "22-18 10-14" {
		t.Fatalf("black reads %v / %v, %v", own, opp, err)
	}
	if _, err := st.SheetConfirm(ucCtx, "", bl, "1-1", "22-18"); !errors.Is(err, tournament.ErrSheetOrder) {
		t.Errorf("black confirms a score that is not white's: %v", err)
	}
	if c, err := st.SheetConfirm(ucCtx, "", bl, "1-1", "22-18 10-14"); err != nil || c.Status != tournament.HallWaiting {
		t.Fatalf("black confirms: %+v, %v", c, err)
	}
	if c, err := st.SheetConfirm(ucCtx, "", w, "1-1", "22-18 10-14"); err != nil || c.Status != tournament.HallStored || c.GameID == 0 {
		t.Errorf("white confirms: %+v, %v", c, err)
	}
}

// TestUCSheetKeeperSetting: the event decides who keeps the score sheet (hall set
// --sheets): with "white", Black's plies and strikes are refused (ErrSheetKeeper, nothing
// written) while he still reads and confirms White's sheet; "both" and the default let
// each keep his own; a value other than any, both, white or black is refused.
func TestUCSheetKeeperSetting(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	w := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'W', PIN: pins[b.WhiteEntry], Device: "d", Seq: 1}
	bl := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'B', PIN: pins[b.BlackEntry], Device: "e", Seq: 1}
	if hs, _, err := st.ReadHallSettings(ucCtx, ""); err != nil || hs.Sheets != tournament.SheetsAny {
		t.Fatalf("default: %+v, %v", hs, err)
	}
	bad := "Bianco"
	if _, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{Sheets: &bad}); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("--sheets Bianco: %v", err)
	}
	white := tournament.SheetsWhite
	if hs, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{Sheets: &white}); err != nil || hs.Sheets != white {
		t.Fatalf("set white: %+v, %v", hs, err)
	}
	before := ucRows(t, st)
	if _, err := st.SheetWritePly(ucCtx, "", bl, "10-14"); !errors.Is(err, tournament.ErrSheetKeeper) {
		t.Fatalf("black writes under 'white': %v", err)
	}
	if _, err := st.SheetStrike(ucCtx, "", bl); !errors.Is(err, tournament.ErrSheetKeeper) {
		t.Fatalf("black strikes under 'white': %v", err)
	}
	ucSameRows(t, st, before, "refused sheet entries")
	if _, err := st.SheetWritePly(ucCtx, "", w, "22-18"); err != nil {
		t.Fatalf("white writes: %v", err)
	}
	if _, opp, err := st.ReadSheet(ucCtx, "", bl); err != nil || tournament.SheetMoves(opp) != "22-18" {
		t.Fatalf("black reads white's sheet: %v, %v", opp, err)
	}
	both := tournament.SheetsBoth
	if _, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{Sheets: &both}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SheetWritePly(ucCtx, "", bl, "22-18"); err != nil {
		t.Fatalf("black writes under 'both': %v", err)
	}
}
