// What arbitro undo knows of each kind of the event log's actions: the one place a new
// kind is added (a team's, the hall's).

package store

import (
	"encoding/json"
	"fmt"

	"arbitro/tournament"
)

// undoKind is what arbitro undo knows of one kind of event (events.action): what an
// event of the kind touched, for the arbiter's words (undo.what.<kind>), and how it is
// reverted.
//
// A new kind of logged action is one entry of undoKinds, with its name in
// tournament.UndoableActions, its words undo.what.<kind> in reports/locales/*/cli.json
// and a row in the README's undo table; TestUndoKindsCovered fails while one is missing,
// and while a kind the store logs (a logEvent call) has no undo test.
type undoKind struct {
	// args adds to args what event e touched (round, board, player, ...), read from its
	// before and after; nil: nothing.
	args func(e *tournament.Event, args map[string]any)
	// revert undoes event e in cur, one event of the action being undone (Undo calls it
	// for each, the last first). Its errors: ErrInvalid (the state changed since),
	// ErrCannotUndo (the log does not hold what the revert needs).
	revert func(tx *Tx, cur *tournament.Tournament, e *tournament.Event) error
	// names ranks the kinds that name the action they are in (logAction.main): 1 first
	// (a pairing names the action of its byes); 0 never by rank.
	names int
	// cannot says why an event of this kind cannot be reverted (the log does not hold what
	// the revert needs, as when an older arbitro wrote it), a phrase (tournament.Errf with
	// no sentinel) worded in the reader's language; nil: it can. undo --list shows
	// such an action as the one undo stops at; Undo refuses it with ErrCannotUndo.
	cannot func(e *tournament.Event) error
	// whole: an event of this kind reverts its whole action at once (revertCreation: the
	// tournament the action created is deleted with everything it added).
	whole bool
}

// undoKinds are the kinds arbitro undo reverts (tournament.UndoableActions, the same
// names): see undoKind for adding one.
var undoKinds = map[string]undoKind{
	"result.set":     {args: resultArgs, revert: (*Tx).revertResult},
	"result.correct": {args: resultArgs, revert: (*Tx).revertResult},
	"result.bye":     {args: resultArgs, revert: (*Tx).revertResult},
	"round.pair":     {args: roundArgs, revert: (*Tx).revertPair, names: 1},
	"round.schedule": {args: roundArgs, revert: (*Tx).revertSchedule},
	"lot.draw":       {args: roundArgs, revert: (*Tx).revertLot},
	"round.unpair":   {args: roundArgs, revert: (*Tx).revertUnpair},
	"tournament.set": {args: fieldArgs, revert: (*Tx).revertSetting},
	"category.add":   {args: rowArgs("name"), revert: revertInsert("categories")},
	"prize.add":      {args: rowArgs("label"), revert: revertInsert("prizes")},
	"claim.add":      {args: rowArgs("round", "board"), revert: revertInsert("claims")},
	"category.member": {args: func(e *tournament.Event, args map[string]any) {
		var after struct {
			Category string `json:"category"`
		}
		_ = json.Unmarshal(e.After, &after)
		args["name"] = after.Category
	}, revert: func(tx *Tx, _ *tournament.Tournament, e *tournament.Event) error { return tx.revertMember(e) }},
	"pair.forbid": {args: func(e *tournament.Event, args map[string]any) {
		var after tournament.ForbiddenPair
		_ = json.Unmarshal(e.After, &after)
		args["pair"] = fmt.Sprintf("%d-%d", after.A, after.B)
	}, revert: (*Tx).revertForbid},
	"game.add":             {args: gameArgs, revert: (*Tx).revertGameAdd},
	"game.replace":         {args: gameArgs, revert: (*Tx).revertGameReplace, cannot: replacedKept},
	"player.add":           {args: playerArgs, revert: (*Tx).revertAdd},
	"player.remove":        {args: playerArgs, revert: (*Tx).revertRemove},
	"player.withdraw":      {args: playerArgs, revert: (*Tx).revertWithdrawal},
	"player.reinstate":     {args: playerArgs, revert: (*Tx).revertWithdrawal},
	"player.set":           {args: playerArgs, revert: (*Tx).revertPlayerSet},
	"player.absent":        {args: absenceArgs, revert: (*Tx).revertAbsent},
	"player.absent.remove": {args: absenceArgs, revert: (*Tx).revertAbsentRemove},

	// team events (store/team.go): a team pairing names its action (the team lot it drew
	// on round 1 is part of it)
	"team.add":     {args: rowArgs("name"), revert: (*Tx).revertTeam},
	"team.lot":     {args: roundArgs, revert: (*Tx).revertTeam},
	"team.pair":    {args: roundArgs, revert: (*Tx).revertTeam, names: 1},
	"team.lineup":  {args: roundArgs, revert: (*Tx).revertTeam},
	"team.forfeit": {args: roundArgs, revert: (*Tx).revertTeam},

	// the imports and the creation: the tournament is deleted with all they added
	// (game.import adds to a tournament: each score it stored is its own game.add)
	"event.import":      {args: sourceArgs, whole: true, names: 2},
	"trf.import":        {args: sourceArgs, whole: true, names: 2},
	"tournament.create": {args: nameArgs, whole: true, names: 3},
	"game.import": {args: func(e *tournament.Event, args map[string]any) {
		var after struct {
			Stored int `json:"stored"`
		}
		_ = json.Unmarshal(e.After, &after)
		args["count"] = after.Stored
	}, revert: func(*Tx, *tournament.Tournament, *tournament.Event) error { return nil }, names: 4},

	"playoff.add":    {args: playoffArgs, revert: (*Tx).revertPlayoffAdd},
	"playoff.result": {args: playoffArgs, revert: (*Tx).revertPlayoffResult},
	"playoff.game":   {args: playoffArgs, revert: (*Tx).revertPlayoffGame, cannot: beforeKept},

	"hall.settings": {revert: (*Tx).revertHallSettings},
	"sheet.delay":   {revert: (*Tx).revertSheetDelay},
	"hall.checkin":  {args: hallArgs, revert: (*Tx).revertCheckIn},
	"hall.pin":      {args: hallArgs, revert: (*Tx).revertPIN, cannot: pinKept},
	"hall.entry":    {args: hallArgs, revert: (*Tx).revertHallEntry, cannot: beforeKept},
	"sheet.confirm": {args: hallArgs, revert: (*Tx).revertSheetConfirm, cannot: beforeKept},

	"group.make": {args: groupArgs, revert: (*Tx).revertGroupMake},
	"group.move": {args: groupArgs, revert: (*Tx).revertGroupMove, cannot: groupMoveKept},
}

func resultArgs(e *tournament.Event, args map[string]any) {
	var before, after resultLog
	_ = json.Unmarshal(e.After, &after)
	args["round"], args["board"], args["white"], args["black"], args["result"] = after.Round, after.Board, after.White, after.Black, after.Result
	if json.Unmarshal(e.Before, &before) == nil && before.Detail != nil {
		args["before"] = before.Result
	}
}

func roundArgs(e *tournament.Event, args map[string]any) {
	var after struct {
		Round int `json:"round"`
	}
	_ = json.Unmarshal(e.After, &after)
	args["round"] = after.Round
}

func fieldArgs(e *tournament.Event, args map[string]any) {
	var after struct {
		Field string `json:"field"`
	}
	_ = json.Unmarshal(e.After, &after)
	args["field"] = after.Field
}

// rowArgs reads keys (name, label, round, board) from the after of an action that
// inserted one row.
func rowArgs(keys ...string) func(e *tournament.Event, args map[string]any) {
	return func(e *tournament.Event, args map[string]any) {
		var after map[string]any
		_ = json.Unmarshal(e.After, &after)
		for _, k := range keys {
			args[k] = after[k]
			if f, ok := after[k].(float64); ok {
				args[k] = int(f)
			}
		}
	}
}

func gameArgs(e *tournament.Event, args map[string]any) {
	var after tournament.GameEventJSON
	_ = json.Unmarshal(e.After, &after)
	args["round"], args["board"], args["white"], args["black"] = after.Round, after.Board, after.White, after.Black
}

func playerArgs(e *tournament.Event, args map[string]any) {
	var en tournament.Entry
	if json.Unmarshal(e.After, &en) != nil || en.Player.Name == "" {
		_ = json.Unmarshal(e.Before, &en)
	}
	args["player"] = en.Player.Name
}

func absenceArgs(e *tournament.Event, args map[string]any) {
	var ab tournament.Absence
	if json.Unmarshal(e.After, &ab) != nil || ab.Name == "" {
		_ = json.Unmarshal(e.Before, &ab)
	}
	args["player"], args["round"], args["points"] = ab.Name, ab.Round, ab.Points
}

func sourceArgs(e *tournament.Event, args map[string]any) {
	var after struct {
		Source string `json:"source"`
	}
	_ = json.Unmarshal(e.After, &after)
	args["source"] = after.Source
}

func nameArgs(e *tournament.Event, args map[string]any) {
	var after struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(e.After, &after)
	args["name"] = after.Name
}

func playoffArgs(e *tournament.Event, args map[string]any) {
	var after struct {
		Number  int             `json:"number"`
		Playoff int             `json:"playoff"`
		Game    json.RawMessage `json:"game"`
	}
	_ = json.Unmarshal(e.After, &after)
	args["playoff"] = max(after.Number, after.Playoff)
	var g struct {
		Game int `json:"game"`
	}
	if json.Unmarshal(after.Game, &g) == nil && g.Game > 0 {
		args["game"] = g.Game
	} else if n, err := json.Number(string(after.Game)).Int64(); err == nil {
		args["game"] = int(n)
	}
}

func hallArgs(e *tournament.Event, args map[string]any) {
	var after struct {
		Round int `json:"round"`
		Board int `json:"board"`
	}
	_ = json.Unmarshal(e.After, &after)
	if after.Round > 0 {
		args["round"] = after.Round
	}
	if after.Board > 0 {
		args["board"] = after.Board
	}
}

// revertInsert undoes an action that inserted one row of table, by the id its after
// holds (category.add, prize.add, claim.add).
func revertInsert(table string) func(tx *Tx, cur *tournament.Tournament, e *tournament.Event) error {
	return func(tx *Tx, _ *tournament.Tournament, e *tournament.Event) error {
		var after struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal(e.After, &after); err != nil || after.ID == 0 {
			return tournament.Errf(tournament.ErrCannotUndo, "err.undo.no_id", "{err}: the log does not hold the id of {action}", "action", e.Action)
		}
		_, err := tx.exec(`DELETE FROM `+table+` WHERE id = ?`, after.ID)
		return err
	}
}

// cannotUndo is why event e cannot be reverted (undoKind.cannot), nil when it can.
func cannotUndo(e *tournament.Event) error {
	if k, ok := undoKinds[e.Action]; ok && k.cannot != nil {
		return k.cannot(e)
	}
	return nil
}

// beforeKept: the event's before is the state it changed (hall.entry, sheet.confirm,
// playoff.game), which an arbitro before issue 28's remainder did not log (null).
func beforeKept(e *tournament.Event) error {
	if string(e.Before) == "null" || len(e.Before) == 0 {
		return tournament.Errf(nil, "err.undo.why.before", "it was logged by an arbitro that did not keep what it replaced")
	}
	return nil
}
