// arbitro undo: revert the last arbiter action from the event log's before and after.

package store

import (
	"encoding/json"

	"arbitro/rules"
	"arbitro/tournament"
)

// logAction is one arbiter action of the log: the events one command wrote in its one
// transaction (events.action_id; an event logged before schema 4 is an action alone).
type logAction struct {
	id     int64
	events []tournament.Event
}

// main is the event that names the action: the one of the highest rank (undoKind.names:
// round.pair in a pairing, which also logs its byes, the arbiter's pairs and the
// schedule; an import or the creation of a tournament, which also log each player, result
// and score), else the first event undo does not know (the one that stops it), else the
// first event.
func (a *logAction) main() *tournament.Event {
	best := -1
	for i := range a.events {
		r := undoKinds[a.events[i].Action].names
		if r > 0 && (best < 0 || r < undoKinds[a.events[best].Action].names) {
			best = i
		}
	}
	if best >= 0 {
		return &a.events[best]
	}
	for i := range a.events {
		if !tournament.Undoable(a.events[i].Action) {
			return &a.events[i]
		}
	}
	return &a.events[0]
}

// undoable reports whether undo can revert every event of the action: each is an action
// undo knows, or is reverted with the pairing it belongs to (its byes, the arbiter's pairs),
// or with the creation of the tournament (which reverts everything of its action).
func (a *logAction) undoable() bool {
	m := a.main().Action
	if undoKinds[m].whole {
		return true
	}
	pairing := m == "round.pair"
	for i := range a.events {
		e := &a.events[i]
		covered := pairing && pairingPart(e.Action)
		if !covered && (!tournament.Undoable(e.Action) || cannotUndo(e) != nil) {
			return false
		}
	}
	return true
}

// cannot is why undo cannot revert action a (undoKind.cannot: a phrase, a
// tournament.CodedError), nil when it can or when it is an action of a kind undo does not
// know.
func (a *logAction) cannot() error {
	for i := range a.events {
		if why := cannotUndo(&a.events[i]); why != nil {
			return why
		}
	}
	return nil
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

// eventIDs are the ids of the action's events, in the order written.
func (a *logAction) eventIDs() []int64 {
	ids := make([]int64, len(a.events))
	for i, e := range a.events {
		ids[i] = e.ID
	}
	return ids
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

// step describes action a for the arbiter (tournament.UndoStep), from its main event
// (undoKind.args); an action of several players entered (a player import) also counts
// them (args "count").
func (a *logAction) step() tournament.UndoStep {
	m := a.main()
	s := tournament.UndoStep{ActionID: a.id, At: m.At, Actor: m.Actor, Action: m.Action, Undoable: a.undoable()}
	args := map[string]any{}
	if k, ok := undoKinds[m.Action]; ok && k.args != nil {
		k.args(m, args)
	}
	if m.Action == "player.add" {
		n := 0
		for _, e := range a.events {
			if e.Action == "player.add" {
				n++
			}
		}
		if n > 1 {
			args["count"] = n
		}
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
// each kind's undo does is in undoKinds (store/undo_kinds.go) and the README's table: a
// result recorded is deleted, a correction gives back the result before it; a pairing is
// unpaired (only while it has no result but its byes and those it restored from an
// unpair), an unpair writes the round back as it was; a player added (or a players file)
// is deleted, one removed written back, a withdrawal or reinstatement undone (the lot
// drawn again from the stored seed when no round is paired); a tournament created or
// imported (event.import, trf.import) is deleted with everything its action added
// (revertCreation); the other events of an action are reverted one at a time, the last
// first.
//
// Only the last action is reverted, so whatever came after an action is undone before it:
// an action undo does not know, or whose log lacks what its revert needs (undoKind.cannot),
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
		return nil, tournament.Errf(tournament.ErrCannotUndo, "err.undo.nothing", "{err}: nothing to undo in {tournament}", "tournament", cur.Name)
	}
	a := &acts[0]
	s := a.step()
	if why := a.cannot(); why != nil {
		return nil, tournament.Errf(tournament.ErrCannotUndo, "err.undo.kept", "{err}: the last action of {tournament}, #{id} {action} ({at}, by {actor}), is not undone: {why}; put it right with its own command",
			"tournament", cur.Name, "id", a.id, "action", s.Action, "at", s.At, "actor", s.Actor, "why", why)
	}
	if !s.Undoable {
		return nil, tournament.Errf(tournament.ErrCannotUndo, "err.undo.not_undoable", "{err}: the last action of {tournament}, #{id} {action} ({at}, by {actor}), is not one arbitro undo reverts ({kinds}); put it right with its own command",
			"tournament", cur.Name, "id", a.id, "action", s.Action, "at", s.At, "actor", s.Actor, "kinds", undoKindNames())
	}
	if undoKinds[a.main().Action].whole {
		if err := tx.revertCreation(cur, a); err != nil {
			return nil, tournament.Errf(err, "err.undo.step", "undo #{id} {action}: {err}", "id", a.id, "action", s.Action)
		}
	} else if err := tx.revertEvents(cur, a); err != nil {
		return nil, err
	}
	before := map[string]any{"action_id": a.id, "action": s.Action, "events": a.eventIDs()}
	if err := tx.logEvent(cur.ID, "undo", before, map[string]any{"undid": a.id}); err != nil {
		return nil, err
	}
	return &s, nil
}

// revertEvents reverts the events of action a one at a time, the last first; a pairing's
// byes, the arbiter's pairs, its schedule and the results it restored go with the round.
func (tx *Tx) revertEvents(cur *tournament.Tournament, a *logAction) error {
	pairing := a.main().Action == "round.pair"
	if pairing && a.restored() {
		if err := tx.dropRestored(cur, cur.RoundsPaired); err != nil {
			return err
		}
	}
	for i := len(a.events) - 1; i >= 0; i-- {
		e := &a.events[i]
		if pairing && pairingPart(e.Action) {
			continue // the byes, the arbiter's pairs, the schedule and the results restored go with the round
		}
		if err := tx.revert(cur, e); err != nil {
			return tournament.Errf(err, "err.undo.step", "undo #{id} {action}: {err}", "id", a.id, "action", e.Action)
		}
	}
	return nil
}

// undoKindNames lists the kinds undo reverts, for the error of one it does not.
func undoKindNames() string {
	out := ""
	for i, a := range tournament.UndoableActions {
		if i > 0 {
			out += ", "
		}
		out += a
	}
	return out
}

// revert undoes one event of the action being undone (see Undo), by its kind
// (undoKinds).
func (tx *Tx) revert(cur *tournament.Tournament, e *tournament.Event) error {
	if k, ok := undoKinds[e.Action]; ok && k.revert != nil {
		return k.revert(tx, cur, e)
	}
	return tournament.Errf(tournament.ErrInvalid, "err.undo.unknown_kind", "{err}: arbitro undo does not revert {action}", "action", e.Action)
}

// revertPair unpairs the round a "round.pair" paired, the last one paired (Unpair).
func (tx *Tx) revertPair(cur *tournament.Tournament, e *tournament.Event) error {
	var after struct {
		Round int `json:"round"`
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	if after.Round != cur.RoundsPaired {
		return tournament.Errf(tournament.ErrInvalid, "err.undo.not_last_round", "{err}: round {round} is not the last paired round ({last})", "round", after.Round, "last", cur.RoundsPaired)
	}
	_, err := tx.Unpair(cur)
	return err
}

// revertSchedule gives a round the date and time before a "round.schedule".
func (tx *Tx) revertSchedule(cur *tournament.Tournament, e *tournament.Event) error {
	var before tournament.RoundSchedule
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	_, err := tx.exec(`UPDATE rounds SET play_date = ?, start_time = ? WHERE tournament_id = ? AND number = ?`,
		before.Date, before.Time, cur.ID, before.Round)
	return err
}

// revertAbsent deletes the absence a "player.absent" recorded.
func (tx *Tx) revertAbsent(_ *tournament.Tournament, e *tournament.Event) error {
	var ab tournament.Absence
	if err := json.Unmarshal(e.After, &ab); err != nil {
		return err
	}
	_, err := tx.exec(`DELETE FROM absences WHERE entry_id = ? AND round_number = ?`, ab.Entry, ab.Round)
	return err
}

// revertAbsentRemove records again the absence a "player.absent.remove" deleted.
func (tx *Tx) revertAbsentRemove(cur *tournament.Tournament, e *tournament.Event) error {
	var ab tournament.Absence
	if err := json.Unmarshal(e.Before, &ab); err != nil {
		return err
	}
	_, err := tx.exec(`INSERT INTO absences (tournament_id, entry_id, round_number, points, reason) VALUES (?, ?, ?, ?, ?)`,
		cur.ID, ab.Entry, ab.Round, ab.Points, ab.Reason)
	return err
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
		return tournament.Errf(tournament.ErrInvalid, "err.undo.result_changed", "{err}: round {round} board {board} no longer holds {result}", "round", after.Round, "board", after.Board, "result", after.Result)
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
		return tournament.Errf(tournament.ErrInvalid, "err.undo.player_paired", "{err}: {player} is paired", "player", en.Player.Name)
	}
	_, err = tx.deleteEntry(en)
	return err
}

// revertRemove writes back the rows a "player.remove" deleted; when the lot is drawn and
// no round is paired it is drawn again (relot), which gives back the numbers before,
// unless the removal kept the numbers (Kept: his number, empty since, is his again).
func (tx *Tx) revertRemove(cur *tournament.Tournament, e *tournament.Event) error {
	var before removedEntry
	var after tournament.PlayerChange
	if err := json.Unmarshal(e.Before, &before); err != nil {
		return err
	}
	if err := json.Unmarshal(e.After, &after); err != nil {
		return err
	}
	relot := cur.LotDrawnAt != "" && cur.RoundsPaired == 0 && !after.Kept
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
	if after.Kept {
		return tx.keptTableRounds(cur) // his number back: the table as before
	}
	return nil
}

// revertWithdrawal gives the entry of a "player.withdraw" or "player.reinstate" its
// status, round of withdrawal, number and first round before the action, deletes the
// absences a reinstatement recorded, and draws the lot again when no round is paired
// (unless the withdrawal kept the numbers, Kept: his number, empty since, is his again).
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
	if before.Number != 0 && (cur.RoundsPaired > 0 || after.Kept) {
		number = before.Number
	}
	if _, err := tx.exec(`UPDATE entries SET pairing_number = NULL WHERE id = ?`, before.ID); err != nil {
		return err
	}
	if _, err := tx.exec(`UPDATE entries SET status = ?, withdrawn_after = ?, pairing_number = ?, joined_round = ? WHERE id = ?`,
		before.Status, withdrawn, number, before.JoinedRound, before.ID); err != nil {
		return err
	}
	if cur.RoundsPaired == 0 && !after.Kept {
		_, err := tx.relot(cur)
		return err
	}
	if after.Kept {
		return tx.keptTableRounds(cur) // his number back: the table as before
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
		return tournament.Errf(tournament.ErrInvalid, "err.undo.lot_paired", "{err}: round {round} is paired", "round", cur.RoundsPaired)
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
	return 0, tournament.Errf(tournament.ErrCannotUndo, "err.undo.no_seed", "{err}: the log does not say the seed of {tournament} before its lot", "tournament", cur.Name)
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
		return tournament.Errf(tournament.ErrInvalid, "err.undo.seed_drawn", "{err}: the lot was drawn with seed {seed}", "seed", cur.Seed)
	}
	return tx.writeTournament(&nt)
}
