package reports

// The confirmations of the commands that put a slip right (player remove, player
// reinstate, a withdrawal before round 1, undo), in the reader's language (cli.json).

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// WritePlayerChanged confirms `arbitro player withdraw`, `player remove` and `player
// reinstate` (action "withdraw", "remove", "reinstate") for c: the entry's line, then
// the rounds recorded as absences, the number left empty, and the lot drawn again with
// its numbers or kept, each with the command of the other choice (player remove and
// withdraw between the lot and round 1: --keep-numbers, --redraw; issue 28). A withdrawal's line is WritePlayerWithdrawn's.
func WritePlayerChanged(w io.Writer, loc *Locale, action string, c *tournament.PlayerChange) error {
	loc = orEnglish(loc)
	var lines []string
	switch action {
	case "withdraw":
		if err := WritePlayerWithdrawn(w, loc, &c.Entry); err != nil {
			return err
		}
	case "remove":
		lines = append(lines, loc.T("confirm.removed", "entry", EntryLabel(loc, &c.Entry)))
	case "reinstate":
		lines = append(lines, loc.T("confirm.reinstated", "entry", EntryLabel(loc, &c.Entry), "round", c.From))
	}
	if len(c.Absent) > 0 {
		rs := make([]string, len(c.Absent))
		for i, r := range c.Absent {
			rs[i] = strconv.Itoa(r)
		}
		lines = append(lines, loc.N("confirm.absent_rounds", len(c.Absent), "rounds", strings.Join(rs, ", ")))
	}
	if c.Gap != 0 {
		lines = append(lines, loc.T("confirm.gap", "number", c.Gap))
	}
	if c.Lot != nil {
		nums := make([]string, len(c.Lot.Numbers))
		for i, n := range c.Lot.Numbers {
			nums[i] = fmt.Sprintf("%d %s", n.Number, n.Name)
		}
		lines = append(lines, loc.T("confirm.relot", "seed", c.Lot.Seed, "numbers", strings.Join(nums, "; ")))
		if c.Left != 0 && action != "reinstate" { // the other choice (issue 28)
			lines = append(lines, loc.T("confirm.relot_or_keep", "number", c.Left, "action", action))
		}
	}
	switch {
	case c.Kept && action == "reinstate": // his kept number back, the lot not drawn again
		lines = append(lines, loc.T("confirm.kept_back", "number", c.Number))
	case c.Kept:
		lines = append(lines, loc.T("confirm.kept", "number", c.Left, "action", action))
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}

// UndoWhat is what the undo step s touched, in the reader's language: "result 2-0 of round
// 3 board 1 (Rossi, Mario - Verdi, Anna)", "withdrawal of Rossi, Mario", ... (catalog
// undo.what.<action>); an action undo does not know, or cannot revert (Undoable false: an
// older arbitro's log), is named by its log's code.
func UndoWhat(loc *Locale, s *tournament.UndoStep) string {
	if !tournament.Undoable(s.Action) || !s.Undoable { // where undo stops: named by its code
		return loc.T("undo.what.other", "action", loc.ActionName(s.Action))
	}
	var args []any
	for _, k := range []string{"round", "board", "white", "black", "result", "before", "player", "points", "field", "name", "label", "pair", "count", "source", "playoff", "game"} {
		if v, ok := s.Args[k]; ok {
			args = append(args, k, v)
		}
	}
	if _, many := s.Args["count"]; many && s.Action == "player.add" {
		return loc.T("undo.what.player.add.many", args...) // a player import
	}
	return loc.T(undoWhatKeys[s.Action], args...)
}

// undoWhatKeys is the catalog key of each action arbitro undo reverts
// (tournament.UndoableActions; TestUndoWhatKeys checks there is one for each).
var undoWhatKeys = map[string]string{
	"result.set":           "undo.what.result.set",
	"result.correct":       "undo.what.result.correct",
	"result.bye":           "undo.what.result.bye",
	"round.pair":           "undo.what.round.pair",
	"round.unpair":         "undo.what.round.unpair",
	"category.member":      "undo.what.category.member",
	"pair.forbid":          "undo.what.pair.forbid",
	"game.add":             "undo.what.game.add",
	"player.set":           "undo.what.player.set",
	"round.schedule":       "undo.what.round.schedule",
	"lot.draw":             "undo.what.lot.draw",
	"tournament.set":       "undo.what.tournament.set",
	"category.add":         "undo.what.category.add",
	"prize.add":            "undo.what.prize.add",
	"claim.add":            "undo.what.claim.add",
	"player.add":           "undo.what.player.add",
	"player.remove":        "undo.what.player.remove",
	"player.withdraw":      "undo.what.player.withdraw",
	"player.reinstate":     "undo.what.player.reinstate",
	"player.absent":        "undo.what.player.absent",
	"player.absent.remove": "undo.what.player.absent.remove",
	"game.replace":         "undo.what.game.replace",
	"game.import":          "undo.what.game.import",
	"event.import":         "undo.what.event.import",
	"trf.import":           "undo.what.trf.import",
	"tournament.create":    "undo.what.tournament.create",
	"playoff.add":          "undo.what.playoff.add",
	"playoff.result":       "undo.what.playoff.result",
	"playoff.game":         "undo.what.playoff.game",
	"hall.settings":        "undo.what.hall.settings",
	"sheet.delay":          "undo.what.sheet.delay",
	"hall.checkin":         "undo.what.hall.checkin",
	"hall.pin":             "undo.what.hall.pin",
	"hall.entry":           "undo.what.hall.entry",
	"sheet.confirm":        "undo.what.sheet.confirm",
	"group.make":           "undo.what.group.make",
	"group.move":           "undo.what.group.move",
	"team.add":             "undo.what.team.add", // team events (store/team.go)
	"team.lot":             "undo.what.team.lot",
	"team.pair":            "undo.what.team.pair",
	"team.lineup":          "undo.what.team.lineup",
	"team.forfeit":         "undo.what.team.forfeit",
}

// WriteUndone confirms `arbitro undo`: what was undone, and the action of the log it was.
func WriteUndone(w io.Writer, loc *Locale, s *tournament.UndoStep) error {
	_, err := fmt.Fprintln(w, loc.T("undo.done", "what", UndoWhat(loc, s), "id", s.ActionID, "action", loc.ActionName(s.Action), "at", loc.Stamp(s.At), "actor", loc.Actor(s.Actor)))
	return err
}

// WriteUndoList writes `arbitro undo --list`: the actions successive undos would revert,
// the last first, each with its log id, time, arbiter and what it did; the last line is
// the action undo stops at, when there is one it cannot revert.
func WriteUndoList(w io.Writer, loc *Locale, tournamentName string, steps []tournament.UndoStep) error {
	if len(steps) == 0 || (len(steps) == 1 && !steps[0].Undoable) {
		if _, err := fmt.Fprintln(w, loc.T("undo.list.none", "name", tournamentName)); err != nil {
			return err
		}
	} else if _, err := fmt.Fprintln(w, loc.T("undo.list.title", "name", tournamentName)); err != nil {
		return err
	}
	tw := newTable(w)
	for _, s := range steps {
		what := UndoWhat(loc, &s)
		if !s.Undoable {
			what = loc.T("undo.list.stop", "what", what)
		}
		if _, err := fmt.Fprintf(tw, "#%d\t%s\t%s\t%s\t%s\n", s.ActionID, loc.Stamp(s.At), loc.Actor(s.Actor), loc.ActionName(s.Action), what); err != nil {
			return err
		}
	}
	return tw.Flush()
}
