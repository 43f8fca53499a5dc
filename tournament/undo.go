package tournament

// UndoStep is one arbiter action of the event log as arbitro undo sees it: the events one
// command wrote in its one transaction (Event.ActionID), named by its main event.
//
// JSON: {"action_id":12,"at":"...","actor":"...","action":"result.set","args":{...},
// "undoable":true}. Args are what the action touched, for the catalog's words
// (reports: undo.what.<action>): round, board, game, white, black, result, before (the
// result replaced), player, points, field (a setting), name (a category), label (a
// prize); none for an action undo does not know.
type UndoStep struct {
	ActionID int64          `json:"action_id"`
	At       string         `json:"at"`
	Actor    string         `json:"actor"`
	Action   string         `json:"action"`
	Args     map[string]any `json:"args,omitempty"`
	Undoable bool           `json:"undoable"`
}

// UndoableActions are the log's actions arbitro undo reverts, with what undoing does (for
// the README's table and the catalog keys undo.what.<action>); any other action stops it.
// A new kind of logged action (a team's, the hall's) is added here, with its revert in
// store/undo_kinds.go (undoKinds), its words undo.what.<action> in
// reports/locales/*/cli.json and its row in the README's undo table; store's
// TestUndoKindsCovered fails while one of the four is missing.
var UndoableActions = []string{
	"result.set", "result.correct", "result.bye", "round.pair", "round.unpair", "round.schedule", "lot.draw", "tournament.set", "category.add", "category.member", "prize.add", "claim.add", "pair.forbid", "game.add", "player.add", "player.set", "player.remove",
	"player.withdraw", "player.reinstate", "player.absent", "player.absent.remove",
	// issue 28's remainder: the replaced score, the imports and the creation, the
	// play-offs, the hall's writes
	"game.replace", "game.import", "event.import", "trf.import", "tournament.create",
	"playoff.add", "playoff.result", "playoff.game",
	"hall.settings", "sheet.delay", "hall.checkin", "hall.pin", "hall.entry", "sheet.confirm",
	"group.make", "group.move",
	"team.add", "team.lot", "team.pair", "team.lineup", "team.forfeit", // team events (store/team.go)
}

// Undoable reports whether arbitro undo reverts the log's action.
func Undoable(action string) bool {
	for _, a := range UndoableActions {
		if a == action {
			return true
		}
	}
	return false
}
