package store

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"arbitro/tournament"
	"arbitro/trf"
)

// notUndone are the kinds the store logs that arbitro undo does not revert on their own,
// with why (each has its row in the README's undo table too).
var notUndone = map[string]string{
	"undo":              "an undo is not undone: do the action again",
	"tournament.delete": "file-wide: the tournament is gone",
	"hall.password":     "file-wide: set the password again",
}

// partOf are the kinds logged only inside the action of another kind, reverted with it:
// their undo is tested through that kind's.
var partOf = map[string]string{
	"result.restore":          "round.pair",
	"pairing.manual":          "round.pair",
	"result.bye":              "round.pair",
	"pair.forbid":             "round.pair",
	"tournament.acceleration": "tournament.create",
	"team.event":              "tournament.create", // tournament create --teams
	"team.lot":                "team.pair",         // the team lot round 1's pairing draws
}

// loggedKinds reads the kinds of action the store can log: the string given to each
// logEvent call of its (non-test) source, or the strings assigned to the variable given.
func loggedKinds(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			assigned := map[string][]string{} // variable → the strings assigned to it
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
					if id, ok := as.Lhs[0].(*ast.Ident); ok {
						if s, ok := stringLit(as.Rhs[0]); ok {
							assigned[id.Name] = append(assigned[id.Name], s)
						}
					}
				}
				return true
			})
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) < 2 {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "logEvent" {
					return true
				}
				if s, ok := stringLit(call.Args[1]); ok {
					kinds[s] = true
				} else if id, ok := call.Args[1].(*ast.Ident); ok && len(assigned[id.Name]) > 0 {
					for _, s := range assigned[id.Name] {
						kinds[s] = true
					}
				} else {
					t.Errorf("%s: logEvent with a kind this test cannot read: %s", fset.Position(call.Pos()), fset.Position(call.Args[1].Pos()))
				}
				return true
			})
		}
	}
	return kinds
}

func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

// undoneInTests reads the kinds the store's tests undo through undoes (its kind argument).
func undoneInTests(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := call.Fun.(*ast.Ident)
			switch {
			case ok && fn.Name == "undoes" && len(call.Args) >= 4:
				if s, ok := stringLit(call.Args[3]); ok {
					out[s] = true
				}
			case ok && fn.Name == "do" && len(call.Args) >= 1: // TestUndoEveryKind's own
				if s, ok := stringLit(call.Args[0]); ok && tournament.Undoable(s) {
					out[s] = true
				}
			}
			return true
		})
	}
	return out
}

// Every kind of action the store logs is in the README's undo table, and is either one
// arbitro undo reverts (undoKinds, tournament.UndoableActions: the same names), undone
// in a test (undoes), or logged only within another kind's action (partOf) or not undone
// on its own (notUndone), named.
func TestUndoKindsCovered(t *testing.T) {
	logged := loggedKinds(t)
	if len(logged) < 40 {
		t.Fatalf("only %d kinds read from the store's logEvent calls: %v", len(logged), logged)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	in := false
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "| Action (log) |") {
			in = true
		}
		if in && !strings.HasPrefix(l, "|") {
			break
		}
		if in {
			table = append(table, l)
		}
	}
	if len(table) < 3 {
		t.Fatal("README.md has no undo table (| Action (log) | ...)")
	}
	rows := strings.Join(table, "\n")
	undone := undoneInTests(t)
	for k := range logged {
		if !strings.Contains(rows, "`"+k+"`") {
			t.Errorf("the store logs %s: no row of the README's undo table names it (`%s`)", k, k)
		}
		_, registered := undoKinds[k]
		switch {
		case notUndone[k] != "":
			if registered {
				t.Errorf("%s is both reverted (undoKinds) and not undone (notUndone)", k)
			}
		case partOf[k] != "":
			if !undone[partOf[k]] {
				t.Errorf("%s goes with %s, which no test undoes", k, partOf[k])
			}
		case !registered:
			t.Errorf("the store logs %s, which arbitro undo does not know: add it to undoKinds (store/undo_kinds.go) or notUndone", k)
		case !undone[k]:
			t.Errorf("no test undoes %s: add an undoes(t, st, ref, %q, ...) case", k, k)
		}
	}
	for k := range undoKinds {
		if !logged[k] {
			t.Errorf("undoKinds has %s, which the store never logs", k)
		}
		if !tournament.Undoable(k) {
			t.Errorf("undoKinds has %s, missing from tournament.UndoableActions", k)
		}
	}
	for _, k := range tournament.UndoableActions {
		if _, ok := undoKinds[k]; !ok {
			t.Errorf("tournament.UndoableActions has %s, which undoKinds does not revert", k)
		}
	}
}

// playerRows yields players as the rows of a players file.
func playerRows(ps ...tournament.Player) func(func(tournament.PlayerRow, error) bool) {
	return func(yield func(tournament.PlayerRow, error) bool) {
		for i, p := range ps {
			if !yield(tournament.PlayerRow{Line: i + 2, Player: p}, nil) {
				return
			}
		}
	}
}

// The creation of a tournament and the imports that create one are undone with all they
// added: the file is as before them, the people they entered gone from the register
// (those another tournament has are kept).
func TestUndoCreations(t *testing.T) {
	st := testStore(t)
	undoes(t, st, "", "tournament.create", "create", func() error {
		_, err := st.CreateTournament(ucCtx, tournament.Tournament{Name: "Vuoto", Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: 5, ByePoints: 2, ForfeitPoints: 2}, "")
		return err
	})
	undoes(t, st, "", "tournament.create", "create with an acceleration", func() error {
		_, err := st.CreateTournament(ucCtx, tournament.Tournament{Name: "Olandese", Variant: tournament.VariantInternational, System: tournament.Dutch, Rounds: 9, ByePoints: 2, ForfeitPoints: 2}, tournament.AccelerationBaku)
		return err
	})
	tr, err := trf.Parse(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "trf.import", "TRF import", func() error {
		_, err := st.ImportTRF(ucCtx, tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: "small.trf"})
		return err
	})
	data, err := os.ReadFile(italianEvent)
	if err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "event.import", "event import", func() error {
		_, err := ImportEventPDN(ucCtx, st, bytes.NewReader(data), "assoluto.pdn", tournament.EventImportOptions{})
		return err
	})

	// A person another tournament has stays in the register; a tournament created empty
	// that holds players its log does not show is refused.
	if _, err := ImportEventPDN(ucCtx, st, bytes.NewReader(data), "assoluto.pdn", tournament.EventImportOptions{}); err != nil {
		t.Fatal(err)
	}
	keep := tablesBut(t, st)["players"]
	undoes(t, st, "Open", "tournament.create", "create beside another", func() error {
		if _, err := st.CreateTournament(ucCtx, tournament.Tournament{Name: "Open", Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: 5, ByePoints: 2, ForfeitPoints: 2}, ""); err != nil {
			return err
		}
		return nil
	})
	if got := tablesBut(t, st)["players"]; !reflect.DeepEqual(got, keep) {
		t.Errorf("the register changed")
	}
	if _, err := st.CreateTournament(ucCtx, tournament.Tournament{Name: "Open", Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: 5, ByePoints: 2, ForfeitPoints: 2}, ""); err != nil {
		t.Fatal(err)
	}
	if err := st.Update(ucCtx, func(tx *Tx) error {
		_, err := tx.exec(`INSERT INTO entries (tournament_id, player_id, rating, status, joined_round, created_at)
			SELECT (SELECT id FROM tournaments WHERE name = 'Open'), id, 0, 'active', 1, 'x' FROM players LIMIT 1`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	if _, _, err := st.Undo(ucCtx, "Open"); !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), "tournament delete") {
		t.Errorf("undo of a creation with an entry not logged: %v", err)
	}
	ucSameRows(t, st, before, "refused undo of a creation")
}

// A players file is one action: undone, every entry it made is deleted; a game score
// replaced comes back; an import of game scores is undone score by score; a claim.
func TestUndoImportsAndScores(t *testing.T) {
	st, _ := newEvent(t, tournament.ItaloSwiss, 5, 4, nil)
	undoes(t, st, "", "player.add", "players file", func() error {
		_, _, err := st.ImportPlayers(ucCtx, "", "a.csv", playerRows(tournament.Player{Name: "Uno, Nuovo"}, tournament.Player{Name: "Due, Nuovo", Club: "CD"}))
		return err
	})
	if _, _, err := st.ImportPlayers(ucCtx, "", "a.csv", playerRows(tournament.Player{Name: "Uno, Nuovo"}, tournament.Player{Name: "Due, Nuovo", Club: "CD"})); err != nil {
		t.Fatal(err)
	}
	l, _, err := st.UndoList(ucCtx, "")
	if err != nil || l[0].Args["count"] != 2 {
		t.Errorf("a players file in undo --list: %+v %v", l, err)
	}

	st = testStore(t)
	itaEvent(t, st)
	score := ucFirstScore(t)
	undoes(t, st, "", "game.add", "a score", func() error {
		_, _, err := st.AddGame(ucCtx, "", 1, 1, 1, score, tournament.GameOptions{})
		return err
	})
	if _, _, err := st.AddGame(ucCtx, "", 1, 1, 1, score, tournament.GameOptions{}); err != nil {
		t.Fatal(err)
	}
	other := GameScore{Game: score.Game, Text: score.Text + "\n"}
	undoes(t, st, "", "game.replace", "a score replaced", func() error {
		_, _, err := st.AddGame(ucCtx, "", 1, 1, 1, other, tournament.GameOptions{Replace: true})
		return err
	})
	if _, err := st.EnterResult(ucCtx, "", 1, 1, 1, score.Game.FinalResult()); err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "claim.add", "a claim", func() error {
		_, _, err := st.AddClaim(ucCtx, "", 1, 1, 1, tournament.ClaimRequest{RequestedAt: 0, DeclaredAt: 10, Decision: "rejected", Claimant: "white"})
		return err
	})
	undoes(t, st, "", "game.import", "a file of scores", func() error {
		f, err := os.Open(itaFile)
		if err != nil {
			return err
		}
		defer f.Close()
		rep, _, err := st.ImportGames(ucCtx, "", "assoluto.pdn", f, tournament.GameOptions{Force: true})
		if err == nil && rep.Stored < 2 {
			t.Errorf("stored %d", rep.Stored)
		}
		return err
	})

	// a replacement logged by an older arbitro (no row kept) stops undo, named
	if _, _, err := st.AddGame(ucCtx, "", 1, 2, 1, ucGameOf(t, 1), tournament.GameOptions{Force: true}); err != nil {
		t.Fatal(err)
	}
	if err := st.Update(ucCtx, func(tx *Tx) error {
		cur, err := tx.TournamentByID(1)
		if err != nil {
			return err
		}
		return tx.logEvent(cur.ID, "game.replace", tournament.GameEventJSON{Round: 1, Board: 2}, tournament.GameEventJSON{Round: 1, Board: 2})
	}); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	if _, _, err := st.Undo(ucCtx, ""); !errors.Is(err, tournament.ErrCannotUndo) || !strings.Contains(err.Error(), "did not keep the score it replaced") {
		t.Errorf("undo of an old replacement: %v", err)
	}
	ucSameRows(t, st, before, "refused undo")
	if l, _, err := st.UndoList(ucCtx, ""); err != nil || l[0].Undoable {
		t.Errorf("undo --list of an old replacement: %+v %v", l, err)
	}
}

// ucGameOf is a short score of a draw between two players of no board (stored with
// --force on board board).
func ucGameOf(t *testing.T, board int) GameScore {
	t.Helper()
	g, text, err := tournament.ParseGameScore([]byte(fmt.Sprintf("[Event \"board %d\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-1\"]\n\n1. 22-18 10-14 1-1\n", board)))
	if err != nil {
		t.Fatal(err)
	}
	return GameScore{Game: g, Text: text}
}

// The play-offs: one added, a game's result, its score (and a score replaced).
func TestUndoPlayoffs(t *testing.T) {
	st := playoffEvent(t)
	undoes(t, st, "", "playoff.add", "a play-off", func() error {
		_, _, err := st.AddPlayoff(ucCtx, "", []string{"P01", "P02"}, "", 1, "", "")
		return err
	})
	if _, _, err := st.AddPlayoff(ucCtx, "", []string{"P01", "P02"}, "", 1, "", ""); err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "playoff.result", "a play-off game", func() error {
		_, _, _, err := st.PlayoffResult(ucCtx, "", 1, "P01", "P02", "2-0")
		return err
	})
	if _, _, _, err := st.PlayoffResult(ucCtx, "", 1, "P01", "P02", "2-0"); err != nil {
		t.Fatal(err)
	}
	score := func(moves string) GameScore {
		g, text, err := tournament.ParseGameScore([]byte("[White \"P01, Test\"]\n[Black \"P02, Test\"]\n[Result \"2-0\"]\n\n" + moves + " 2-0\n"))
		if err != nil {
			t.Fatal(err)
		}
		return GameScore{Game: g, Text: text}
	}
	undoes(t, st, "", "playoff.game", "a play-off score", func() error {
		_, _, _, err := st.PlayoffGame(ucCtx, "", 1, 1, score("1. 22-18 10-14"), true, false)
		return err
	})
	if _, _, _, err := st.PlayoffGame(ucCtx, "", 1, 1, score("1. 22-18 10-14"), true, false); err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "playoff.game", "a play-off score replaced", func() error {
		_, _, _, err := st.PlayoffGame(ucCtx, "", 1, 1, score("1. 22-19 10-14"), true, true)
		return err
	})
}

// The hall's writes: settings, delay, check-in, a PIN, players' result entries (one
// waiting, then the agreeing one that stores the result) and sheet confirmations.
func TestUndoHall(t *testing.T) {
	st, tr := newEvent(t, tournament.ItaloSwiss, 3, 8, nil)
	drawLot(t, st, tr, nil)
	yes, minutes := true, 10
	undoes(t, st, "", "hall.settings", "the hall's first settings", func() error {
		_, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{Confirm: &yes})
		return err
	})
	if _, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{Confirm: &yes}); err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "hall.settings", "the hall's settings changed", func() error {
		_, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{SingleMinutes: &minutes})
		return err
	})
	undoes(t, st, "", "sheet.delay", "the spectators' delay", func() error {
		_, err := st.SetSheetDelay(ucCtx, "", tournament.SheetDelay{Minutes: 5, Moves: 2})
		return err
	})
	var pins []tournament.PlayerPIN
	undoes(t, st, "", "hall.pin", "every player's PIN", func() (err error) {
		pins, _, err = st.SetPINs(ucCtx, "", nil)
		return err
	})
	pins, _, err := st.SetPINs(ucCtx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	pin := map[int64]string{}
	for _, p := range pins {
		pin[p.Entry.ID] = p.PIN
	}
	// a PIN that replaced one is not undone: the log keeps no PIN
	if _, _, err := st.SetPINs(ucCtx, "", []string{"P01, Test"}); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	if _, _, err := st.Undo(ucCtx, ""); !errors.Is(err, tournament.ErrCannotUndo) || !strings.Contains(err.Error(), "player pin") {
		t.Errorf("undo of a PIN replaced: %v", err)
	}
	ucSameRows(t, st, before, "refused undo of a PIN replaced")
	pins, _, _ = st.SetPINs(ucCtx, "", nil)
	for _, p := range pins {
		pin[p.Entry.ID] = p.PIN
	}
	undoes(t, st, "", "hall.checkin", "a check-in", func() error {
		_, err := st.HallCheckIn(ucCtx, "", pins[0].Entry.ID, pin[pins[0].Entry.ID], false)
		return err
	})
	no := false
	if _, _, err := st.SetHallSettings(ucCtx, "", tournament.HallSettingsChange{Confirm: &no}); err != nil {
		t.Fatal(err)
	}
	pairNext(t, st, tr, tournament.PairOptions{})
	boards, _, _ := st.ResultList(ucCtx, "", 1)
	b := boards[0]
	undoes(t, st, "", "hall.entry", "a player's entry", func() error {
		_, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pin[b.WhiteEntry], "2-0", false)
		return err
	})
	if _, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pin[b.WhiteEntry], "1-1", false); err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "hall.entry", "a player's entry changed", func() error {
		_, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'W', pin[b.WhiteEntry], "2-0", false)
		return err
	})
	undoes(t, st, "", "hall.entry", "the agreeing entry, which stores the result", func() error {
		e, err := st.HallEnterResult(ucCtx, "", 1, b.Board, 1, 'B', pin[b.BlackEntry], "1-1", false)
		if err == nil && e.Status != tournament.HallStored {
			t.Errorf("status %v", e.Status)
		}
		return err
	})
	b = boards[1]
	game := []string{"22-18", "10-14", "23-19"}
	write := func(side byte) SheetRef {
		r := SheetRef{Round: 1, Board: b.Board, Game: 1, Side: side, PIN: pin[b.WhiteEntry], Device: "d" + string(side)}
		if side == 'B' {
			r.PIN = pin[b.BlackEntry]
		}
		for i, p := range game {
			r.Seq = i + 1
			if _, err := st.SheetWritePly(ucCtx, "", r, p); err != nil {
				t.Fatal(err)
			}
		}
		return r
	}
	rw, rb := write('W'), write('B')
	undoes(t, st, "", "sheet.confirm", "a sheet confirmed", func() error {
		_, err := st.SheetConfirm(ucCtx, "", rw, "1-1", strings.Join(game, " "))
		return err
	})
	if _, err := st.SheetConfirm(ucCtx, "", rw, "1-1", strings.Join(game, " ")); err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "sheet.confirm", "the agreeing confirmation, which stores result and score", func() error {
		c, err := st.SheetConfirm(ucCtx, "", rb, "1-1", strings.Join(game, " "))
		if err == nil && (c.Status != tournament.HallStored || c.GameID == 0) {
			t.Errorf("confirmed %+v", c)
		}
		return err
	})
}

// An unpair with results, paired again as it was; a prohibited pair with its pairing.
func TestUndoUnpairAndForbid(t *testing.T) {
	st, tr := newEvent(t, tournament.Dutch, 5, 8, nil)
	drawLot(t, st, tr, nil)
	undoes(t, st, "", "round.pair", "a pairing with a prohibited pair", func() error {
		_, err := st.PairNextRound(ucCtx, "", PairRequest{Forbidden: []tournament.ForbiddenPair{{A: 1, B: 5}}})
		return err
	})
	pairNext(t, st, tr, tournament.PairOptions{})
	setResults(t, st, tr, 1)
	undoes(t, st, "", "round.unpair", "an unpair with results", func() error {
		_, _, err := st.Unpair(ucCtx, "", UnpairRequest{Round: 1, Reason: "wrong lot"})
		return err
	})
}

// The groups of an event: made (and made by hand), a player moved; undoing the groups is
// refused while a group has an action of its own since, named.
func TestUndoGroups(t *testing.T) {
	st, _ := newEvent(t, tournament.RoundRobin, 0, 8, nil)
	rule := tournament.GroupRule{By: tournament.GroupByRating, Size: 4}
	undoes(t, st, "", "group.make", "groups by rating", func() error {
		_, _, err := st.MakeGroups(ucCtx, "", rule, GroupSpec{})
		return err
	})
	undoes(t, st, "", "group.make", "a group by hand", func() error {
		_, _, err := st.AddGroup(ucCtx, "", "Open", 1, GroupSpec{})
		return err
	})
	if _, _, err := st.MakeGroups(ucCtx, "", rule, GroupSpec{}); err != nil {
		t.Fatal(err)
	}
	undoes(t, st, "", "group.move", "a player moved", func() error {
		_, _, err := st.MoveToGroup(ucCtx, "", "P01, Test", "B")
		return err
	})
	if _, _, err := st.DrawGroupLots(ucCtx, "", 0); err != nil {
		t.Fatal(err)
	}
	before := ucRows(t, st)
	if _, _, err := st.Undo(ucCtx, ""); !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), "lot.draw") {
		t.Errorf("undo of groups with their lots drawn: %v", err)
	}
	ucSameRows(t, st, before, "refused undo of groups")
	// a group's own log: its creation is undone with the event's groups, not alone
	eg, _, _ := st.Groups(ucCtx, "")
	name := eg.Groups[0].Tournament.Name
	if _, _, err := st.Undo(ucCtx, name); err != nil { // its lot
		t.Fatal(err)
	}
	if _, _, err := st.Undo(ucCtx, name); !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), "group") {
		t.Errorf("undo of a group's creation: %v", err)
	}
	if !slices.Contains(tournament.UndoableActions, "group.make") {
		t.Error("group.make is not undoable")
	}
}
