package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// TestUCSheetRefusalsCoded: the refusals of the electronic score sheet (issue 29) are
// tournament.CodedErrors, so that the hall and the command line word them in the
// arbiter's language (reports.ErrorText, reports/locales/*/errteam.json): each carries
// its own code, still wraps its sentinel (the hall's answers are chosen by errors.Is),
// and writes nothing.
func TestUCSheetRefusalsCoded(t *testing.T) {
	st, _, pins := hallEvent(t)
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	w := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: 'W', PIN: pins[b.WhiteEntry], Device: "d", Seq: 1}
	ctx := ActingAs(ucCtx, "arbiter via the hall")
	before := ucRows(t, st)
	noDevice := w
	noDevice.Device = ""
	side := w
	side.Side = 'X'
	cases := []struct {
		name     string
		err      error
		code     string
		sentinel error
	}{
		{"no device", second(st.SheetWritePly(ucCtx, "", noDevice, "22-18")), "err.sheet.device", tournament.ErrInvalid},
		{"a ply without - or x", second(st.SheetWritePly(ucCtx, "", w, "22/18")), "err.sheet.ply_form", tournament.ErrInvalid},
		{"a square off the board", second(st.SheetWritePly(ucCtx, "", w, "22-99")), "err.sheet.ply_square", tournament.ErrInvalid},
		{"a strike on an empty sheet", second(st.SheetStrike(ucCtx, "", w)), "err.sheet.no_strike", tournament.ErrInvalid},
		{"a side not W or B", second(st.SheetWritePly(ucCtx, "", side, "22-18")), "err.hall.side", tournament.ErrInvalid},
		{"adopting an empty sheet", second(st.SheetAdopt(ctx, "", 1, b.Board, 1, 'B', "1-1")), "err.sheet.adopt_empty", tournament.ErrInvalid},
		{"adopting a side not W or B", second(st.SheetAdopt(ctx, "", 1, b.Board, 1, 'X', "1-1")), "err.hall.side", tournament.ErrInvalid},
	}
	for _, c := range cases {
		p := tournament.AsCodedError(c.err)
		if p == nil || p.Code != c.code {
			t.Errorf("%s: %v, want the code %s", c.name, c.err, c.code)
		}
		if !errors.Is(c.err, c.sentinel) {
			t.Errorf("%s: %v does not wrap %v", c.name, c.err, c.sentinel)
		}
	}
	ucSameRows(t, st, before, "refused sheet entries")
}

// second is the error of a call that returns a value and an error.
func second[T any](_ T, err error) error { return err }
