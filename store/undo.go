// arbitro undo: revert the last arbiter action from the event log's before and after.

package store

import (
	"encoding/json"
	"fmt"

	"arbitro/rules"
	"arbitro/tournament"
)

// logAction is one arbiter action of the log: the events one command wrote in its one
// transaction (events.action_id; an event logged before schema 4 is an action alone).
type logAction struct {
	id     int64
	events []tournament.Event
}

// main is the event that names the action: round.pair in a pairing (which also logs its
// byes, the arbiter's pairs and the schedule), else the first event undo does not know
// (the one that stops it), else the first event.
func (a *logAction) main() *tournament.Event {
	for i := range a.events {
		if a.events[i].Action == "round.pair" {
			return &a.events[i]
		}
	}
	for i := range a.events {
		if !tournament.Undoable(a.events[i].Action) {
			return &a.events[i]
		}
	}
	return &a.events[0]
}

// undoable reports whether undo can revert every event of the action: each is an action
// undo knows, or is reverted with the pairing it belongs to (its byes, the arbiter's pairs).
func (a *logAction) undoable() bool {
	pairing := a.main().Action == "round.pair"
	for _, e := range a.events {
		covered := pairing && pairingPart(e.Action)
		if !covered && !tournament.Undoable(e.Action) {
			return false
		}
	}
	return true
}

// pairingPart reports whether an event of a pairing's action goes with the round when it
// is unpaired (its byes, the arbiter's pairs, the schedule, the results restored), rather
// than being reverted on its own (a prohibited pair given with pair --forbid).
func pairingPart(action string) bool {
	switch action {
	case "result.bye", "pairing.manual", "round.schedule", "result.restore":
		return true
	}
	return false
}

// restored reports whether the action wrote back results kept by an unpair
// ("result.restore", in a pairing).
func (a *logAction) restored() bool {
	for _, e := range a.events {
		if e.Action == "result.restore" {
			return true
		}
	}
	return false
}

// pendingActions are the actions of t's log that are not undone, the last first: an
// "undo" action marks the action it reverted (after.undid) and is itself skipped, so
// successive undos walk back through the log.
func (tx *Tx) pendingActions(t *tournament.Tournament) ([]logAction, error) {
	evs, err := tx.Events(t.ID)
	if err != nil {
		return nil, err
	}
	var order []int64
	byID := map[int64]*logAction{}
	for _, e := range evs {
		id := e.ActionID
		if id == 0 {
			id = e.ID
		}
		a := byID[id]
		if a == nil {
			a = &logAction{id: id}
			byID[id] = a
			order = append(order, id)
		}
		a.events = append(a.events, e)
	}
	undone := map[int64]bool{}
	var out []logAction
	for i := len(order) - 1; i >= 0; i-- {
		a := byID[order[i]]
		if u, ok := undoOf(a); ok {
			undone[u] = true
			continue
		}
		if !undone[a.id] {
			out = append(out, *a)
		}
	}
	return out, nil
}

// undoOf is the action an "undo" action reverted, and whether a is one.
func undoOf(a *logAction) (int64, bool) {
	for _, e := range a.events {
		if e.Action == "undo" {
			var after struct {
				Undid int64 `json:"undid"`
			}
			_ = json.Unmarshal(e.After, &after)
			return after.Undid, true
		}
	}
	return 0, false
}

// resultLog is the before and after of a result event (tournament.ResultEvent).
type resultLog struct {
	Round  int                `json:"round"`
	Board  int                `json:"board"`
	Game   int                `json:"game"`
	White  string             `json:"white"`
	Black  string             `json:"black"`
	Result string             `json:"result"`
	Detail *tournament.Result `json:"detail"`
}

// step describes action a for the arbiter (tournament.UndoStep), from its main event.
func (a *logAction) step() tournament.UndoStep {
	m := a.main()
	s := tournament.UndoStep{ActionID: a.id, At: m.At, Actor: m.Actor, Action: m.Action, Undoable: a.undoable()}
	args := map[string]any{}
	switch m.Action {
	case "result.set", "result.correct", "result.bye":
		var before, after resultLog
		_ = json.Unmarshal(m.After, &after)
		args["round"], args["board"], args["white"], args["black"], args["result"] = after.Round, after.Board, after.White, after.Black, after.Result
		if json.Unmarshal(m.Before, &before) == nil && before.Detail != nil {
			args["before"] = before.Result
		}
	case "round.pair", "round.schedule", "lot.draw", "round.unpair", "team.pair", "team.lineup", "team.forfeit":
		var after struct {
			Round int `json:"round"`
		}
		_ = json.Unmarshal(m.After, &after)
		args["round"] = after.Round
	case "player.add", "player.remove", "player.withdraw", "player.reinstate", "player.set":
		var e tournament.Entry
		if json.Unmarshal(m.After, &e) != nil || e.Player.Name == "" {
			_ = json.Unmarshal(m.Before, &e)
		}
		args["player"] = e.Player.Name
	case "category.member":
		var after struct {
			Category string `json:"category"`
		}
		_ = json.Unmarshal(m.After, &after)
		args["name"] = after.Category
	case "pair.forbid":
		var after tournament.ForbiddenPair
		_ = json.Unmarshal(m.After, &after)
		args["pair"] = fmt.Sprintf("%d-%d", after.A, after.B)
	case "game.add":
		var after tournament.GameEventJSON
		_ = json.Unmarshal(m.After, &after)
		args["round"], args["board"], args["white"], args["black"] = after.Round, after.Board, after.White, after.Black
	case "category.add", "prize.add", "claim.add":
		var after struct {
			Name  string `json:"name"`
			Label string `json:"label"`
			Round int    `json:"round"`
			Board int    `json:"board"`
		}
		_ = json.Unmarshal(m.After, &after)
		switch m.Action {
		case "category.add":
			args["name"] = after.Name
		case "prize.add":
			args["label"] = after.Label
		default:
			args["round"], args["board"] = after.Round, after.Board
		}
	case "team.add":
		var after struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal(m.After, &after)
		args["name"] = after.Name
	case "tournament.set":
		var after struct {
			Field string `json:"field"`
		}
		_ = json.Unmarshal(m.After, &after)
		args["field"] = after.Field
	case "player.absent", "player.absent.remove":
		var ab tournament.Absence
		if json.Unmarshal(m.After, &ab) != nil || ab.Name == "" {
			_ = json.Unmarshal(m.Before, &ab)
		}
		args["player"], args["round"], args["points"] = ab.Name, ab.Round, ab.Points
	}
	if len(args) > 0 {
		s.Args = args
	}
	return s
}

// UndoList lists the actions arbitro undo would revert in t, the last first, up to and
// including the first it cannot revert (Undoable false), where it would stop.
func (tx *Tx) UndoList(t *tournament.Tournament) ([]tournament.UndoStep, error) {
	acts, err := tx.pendingActions(t)
	if err != nil {
		return nil, err
	}
	out := []tournament.UndoStep{}
	for i := range acts {
		s := acts[i].step()
		out = append(out, s)
		if !s.Undoable {
			break
		}
	}
	return out, nil
}

// Undo reverts the last action of t's event log that is not undone yet, from the before
// and after the log keeps, and logs "undo" (before: the action's id, main action and
// events; after: {"undid": id}) with whatever the revert itself logs (round.unpair). What
// each action's undo does (the README's table): a result recorded is deleted, a
// correction (or a bye scored) gives back the result before it with its time and arbiter;
// a pairing is unpaired (Unpair: only while it has no result but its byes and those it
// restored from an unpair), an unpair writes the round back as it was (with its results
// and game scores; refused once the round is paired again, or when unpairing round 1
// drew the lot again), a round's date
// and time go back to what they were; a player added
// is deleted (with the person when no other tournament has him), a player removed is
// written back with every row removed with him (ids kept); a withdrawal is undone (and a
// reinstatement withdrawn again, its absences deleted), with the lot drawn again from the
// stored seed when no round is paired (relot: the numbers before the action); an absence
// is deleted, or written back when its removal is undone.
//
// Only the last action is reverted, so whatever came after an action is undone before it:
// an action undo does not know (the lot, a game score, a claim, a tournament setting...)
// stops it, and the error names that action. Errors: ErrCannotUndo (nothing to undo, the
// last action not undoable), ErrInvalid (its state changed since), and those of the
// reverts (Unpair's ErrRoundHasResults).
func (tx *Tx) Undo(t *tournament.Tournament) (*tournament.UndoStep, error) {
	cur, err := tx.TournamentByID(t.ID)
	if err != nil {
		return nil, err
	}
	acts, err := tx.pendingActions(cur)
	if err != nil {
		return nil, err
	}
	if len(acts) == 0 {
		return nil, fmt.Errorf("%w: nothing to undo in %s", tournament.ErrCannotUndo, cur.Name)
	}
	a := &acts[0]
	s := a.step()
	if !s.Undoable {
		return nil, fmt.Errorf("%w: the last action of %s, #%d %s (%s, by %s), is not one arbitro undo reverts (%s); put it right with its own command",
			tournament.ErrCannotUndo, cur.Name, a.id, s.Action, s.At, s.Actor, undoKinds())
	}
	pairing := a.main().Action == "round.pair"
	if pairing && a.restored() {
		if err := tx.dropRestored(cur, cur.RoundsPaired); err != nil {
			return nil, err
		}
	}
	var ids []int64
	for i := len(a.events) - 1; i >= 0; i-- {
		e := &a.events[i]
		ids = append([]int64{e.ID}, ids...)
		if pairing && pairingPart(e.Action) {
			continue // the byes, the arbiter's pairs, the schedule and the results restored go with the round
		}
		if err := tx.revert(cur, e); err != nil {
			return nil, fmt.Errorf("undo #%d %s: %w", a.id, e.Action, err)
		}
	}
	before := map[string]any{"action_id": a.id, "action": s.Action, "events": ids}
	if err := tx.logEvent(cur.ID, "undo", before, map[string]any{"undid": a.id}); err != nil {
		return nil, err
	}
	return &s, nil
}

func undoKinds() string {
	out := ""
	for i, a := range tournament.UndoableActions {
		if i > 0 {
			out += ", "
		}
		out += a
	}
	return out
}

// revert undoes one event of the action being undone (see Undo).
func (tx *Tx) revert(cur *tournament.Tournament, e *tournament.Event) error {
	switch e.Action {
	case "result.set", "result.correct", "result.bye":
		return tx.revertResult(cur, e)
	case "round.pair":
		var after struct {
			Round int `json:"round"`
		}
		if err := json.Unmarshal(e.After, &after); err != nil {
			return err
		}
		if after.Round != cur.RoundsPaired {
			return fmt.Errorf("%w: round %d is not the last paired round (%d)", tournament.ErrInvalid, after.Round, cur.RoundsPaired)
		}
		_, err := tx.Unpair(cur)
		return err
	case "round.schedule":
		var before tournament.RoundSchedule
		if err := json.Unmarshal(e.Before, &before); err != nil {
			return err
		}
		_, err := tx.exec(`UPDATE rounds SET play_date = ?, start_time = ? WHERE tournament_id = ? AND number = ?`,
			before.Date, before.Time, cur.ID, before.Round)
		return err
	case "lot.draw":
		return tx.revertLot(cur, e)
	case "round.unpair":
		return tx.revertUnpair(cur, e)
	case "category.member":
		return tx.revertMember(e)
	case "pair.forbid":
		return tx.revertForbid(cur, e)
	case "game.add":
		return tx.revertGameAdd(cur, e)
	case "player.set":
		return tx.revertPlayerSet(cur, e)
	case "tournament.set":
		return tx.revertSetting(cur, e)
	case "category.add", "prize.add", "claim.add":
		// the row the action inserted, by the id its after holds
		var after struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal(e.After, &after); err != nil || after.ID == 0 {
			return fmt.Errorf("%w: the log does not hold the id of %s", tournament.ErrCannotUndo, e.Action)
		}
		table := map[string]string{"category.add": "categories", "prize.add": "prizes", "claim.add": "claims"}[e.Action]
		_, err := tx.exec(`DELETE FROM `+table+` WHERE id = ?`, after.ID)
		return err
	case "team.add", "team.lot", "team.pair", "team.lineup", "team.forfeit":
		return tx.revertTeam(cur, e)
	case "player.add":
		return tx.revertAdd(cur, e)
	case "player.remove":
		return tx.revertRemove(cur, e)
	case "player.withdraw", "player.reinstate":
		return tx.revertWithdrawal(cur, e)
	case "player.absent":
		var ab tournament.Absence
		if err := json.Unmarshal(e.After, &ab); err != nil {
			return err
		}
		_, err := tx.exec(`DELETE FROM absences WHERE entry_id = ? AND round_number = ?`, ab.Entry, ab.Round)
		return err
	case "player.absent.remove":
		var ab tournament.Absence
		if err := json.Unmarshal(e.Before, &ab); err != nil {
			return err
		}
		_, err := tx.exec(`INSERT INTO absences (tournament_id, entry_id, round_number, points, reason) VALUES (?, ?, ?, ?, ?)`,
			cur.ID, ab.Entry, ab.Round, ab.Points, ab.Reason)
		return err
	}
	return fmt.Errorf("%w: arbitro undo does not revert %s", tournament.ErrInvalid, e.Action)
}

// revertResult gives the board of a result event back the result before it (none: the
// result row is deleted), after checking the board holds the result the event wrote.
func (tx *Tx) revertResult(cur *tournament.Tournament, e *tournament.Event) error {
	var before, after resultLog
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	b, err := tx.BoardAt(cur, after.Round, after.Board, after.Game)
	if err != nil {
		return err
	}
	if r := b.Result; r == nil || after.Detail == nil || r.Kind != after.Detail.Kind || r.WhitePoints != after.Detail.WhitePoints || r.BlackPoints != after.Detail.BlackPoints {
		return fmt.Errorf("%w: round %d board %d no longer holds %s", tournament.ErrInvalid, after.Round, after.Board, after.Result)
	}
	if before.Detail == nil {
		_, err = tx.exec(`DELETE FROM results WHERE board_id = ?`, b.ID)
		return err
	}
	return tx.writeResult(b.ID, before.Detail)
}

// revertAdd deletes the entry a "player.add" wrote (refused once he is paired).
func (tx *Tx) revertAdd(cur *tournament.Tournament, e *tournament.Event) error {
	var added tournament.Entry
	if err := json.Unmarshal(e.After, &added); err != nil {
		return err
	}
	en, err := tx.entryByID(cur, added.ID)
	if err != nil {
		return err
	}
	var boards int
	if err := tx.queryRow(`SELECT count(*) FROM boards WHERE white_entry = ?1 OR black_entry = ?1`, en.ID).Scan(&boards); err != nil {
		return err
	}
	if boards > 0 {
		return fmt.Errorf("%w: %s is paired", tournament.ErrInvalid, en.Player.Name)
	}
	_, err = tx.deleteEntry(en)
	return err
}

// revertRemove writes back the rows a "player.remove" deleted; when the lot is drawn and
// no round is paired it is drawn again (relot), which gives back the numbers before.
func (tx *Tx) revertRemove(cur *tournament.Tournament, e *tournament.Event) error {
	var before removedEntry
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	relot := cur.LotDrawnAt != "" && cur.RoundsPaired == 0
	if relot {
		for _, r := range before.Rows["entries"] {
			r["pairing_number"] = nil // drawn again below
		}
	}
	if err := tx.restoreEntry(before.Rows); err != nil {
		return err
	}
	if relot {
		_, err := tx.relot(cur)
		return err
	}
	return nil
}

// revertWithdrawal gives the entry of a "player.withdraw" or "player.reinstate" its
// status, round of withdrawal, number and first round before the action, deletes the
// absences a reinstatement recorded, and draws the lot again when no round is paired.
func (tx *Tx) revertWithdrawal(cur *tournament.Tournament, e *tournament.Event) error {
	var before tournament.Entry
	var after tournament.PlayerChange
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	for _, r := range after.Absent {
		if _, err := tx.exec(`DELETE FROM absences WHERE entry_id = ? AND round_number = ?`, before.ID, r); err != nil {
			return err
		}
	}
	var withdrawn, number any
	if before.Status == tournament.StatusWithdrawn {
		withdrawn = before.WithdrawnAfter
	}
	if before.Number != 0 && cur.RoundsPaired > 0 {
		number = before.Number
	}
	if _, err := tx.exec(`UPDATE entries SET pairing_number = NULL WHERE id = ?`, before.ID); err != nil {
		return err
	}
	if _, err := tx.exec(`UPDATE entries SET status = ?, withdrawn_after = ?, pairing_number = ?, joined_round = ? WHERE id = ?`,
		before.Status, withdrawn, number, before.JoinedRound, before.ID); err != nil {
		return err
	}
	if cur.RoundsPaired == 0 {
		_, err := tx.relot(cur)
		return err
	}
	return nil
}

// lotLog is the before of "lot.draw" (null for the first draw) and the part of its after
// (tournament.LotResult) a revert reads.
type lotLog struct {
	Seed    int64                  `json:"seed"`
	DrawnAt string                 `json:"drawn_at"`
	Numbers []tournament.LotNumber `json:"numbers"`
}

// revertLot gives the entries the numbers before a "lot.draw" (none for the first draw),
// and the tournament its seed, time of the draw and, for a round robin whose rounds come
// from the field, its rounds then. The seed before a first draw is the one the log last
// gave the tournament (tournament.create, tournament.set seed, an earlier lot.draw);
// undo refuses when the log does not say it (an imported event).
func (tx *Tx) revertLot(cur *tournament.Tournament, e *tournament.Event) error {
	if cur.RoundsPaired > 0 {
		return fmt.Errorf("%w: round %d is paired", tournament.ErrInvalid, cur.RoundsPaired)
	}
	var before *lotLog
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if _, err := tx.exec(`UPDATE entries SET pairing_number = NULL WHERE tournament_id = ?`, cur.ID); err != nil {
		return err
	}
	rounds := cur.Rounds
	if before == nil {
		seed, err := tx.seedBefore(cur, e.ID)
		if err != nil {
			return err
		}
		before = &lotLog{Seed: seed}
		if cur.FieldCycles > 0 {
			rounds = 1 // the placeholder until the lot (storedRounds)
		}
	} else if cur.FieldCycles > 0 {
		rounds = cur.FieldCycles * tournament.RoundRobin.FieldRounds(len(before.Numbers))
	}
	for _, n := range before.Numbers {
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, n.Number, n.Entry); err != nil {
			return err
		}
	}
	var drawn any
	if before.DrawnAt != "" {
		drawn = before.DrawnAt
	}
	_, err := tx.exec(`UPDATE tournaments SET lot_seed = ?, lot_drawn_at = ?, rounds = ? WHERE id = ?`, before.Seed, drawn, rounds, cur.ID)
	return err
}

// seedBefore is the seed the log gave tournament cur before event id: the last of
// tournament.create, tournament.set (which logs the whole tournament) and lot.draw before
// it. Errors:
// ErrCannotUndo when none says it.
func (tx *Tx) seedBefore(cur *tournament.Tournament, id int64) (int64, error) {
	evs, err := tx.Events(cur.ID)
	if err != nil {
		return 0, err
	}
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		if e.ID >= id {
			continue
		}
		var v struct {
			Seed       *int64 `json:"seed"`
			Field      string `json:"field"`
			Tournament struct {
				Seed *int64 `json:"seed"`
			} `json:"tournament"`
		}
		if json.Unmarshal(e.After, &v) != nil {
			continue
		}
		switch {
		case (e.Action == "tournament.create" || e.Action == "lot.draw") && v.Seed != nil:
			return *v.Seed, nil
		case e.Action == "tournament.set" && v.Tournament.Seed != nil:
			return *v.Tournament.Seed, nil
		}
	}
	return 0, fmt.Errorf("%w: the log does not say the seed of %s before its lot", tournament.ErrCannotUndo, cur.Name)
}

// revertSetting writes back the tournament's settings as a "tournament.set" logged them
// before the change (the whole tournament, field by field).
func (tx *Tx) revertSetting(cur *tournament.Tournament, e *tournament.Event) error {
	var before struct {
		Tournament struct {
			tournament.Tournament
			Variant string `json:"variant"` // the variant's name (rules.VariantByName)
		} `json:"tournament"`
	}
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	nt := before.Tournament.Tournament
	v, err := rules.VariantByName(before.Tournament.Variant)
	if err != nil {
		return err
	}
	nt.Variant, nt.ID = v, cur.ID
	if nt.Seed != cur.Seed && cur.LotDrawnAt != "" {
		return fmt.Errorf("%w: the lot was drawn with seed %d", tournament.ErrInvalid, cur.Seed)
	}
	return tx.writeTournament(&nt)
}
