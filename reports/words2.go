package reports

import (
	"time"

	"arbitro/pairing"
	"arbitro/rules"
	"arbitro/tournament"
)

// Stamp prints a moment stored as RFC 3339 UTC ("2026-11-26T20:55:49Z", the event log's
// and the tournament's timestamps) as the sheets print dates: the local date in the
// language's form and the local time, "26/11/2026 21:55" in Italian; anything else as it is.
func (l *Locale) Stamp(at string) string {
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return at
	}
	t = t.Local()
	return l.Date(t) + " " + t.Format("15:04")
}

// italoFormatShort is an Italo-Swiss format (pairing.ItaloFormat, as `tournament set
// italo-format` takes it) in the language's words ("art. 9 (con riposo a turno)"); in
// English the code; "-" for none.
func (l *Locale) italoFormatShort(f string) string {
	switch pairing.ItaloFormat(f) {
	case pairing.ItaloArt8, pairing.ItaloArt2, pairing.ItaloArt9, pairing.ItaloRotation:
		return l.codeWord(showKeys[f], f)
	}
	return Dash(f)
}

// openingsShort is the opening ballot setting (tournament.Tournament.Openings) in words;
// clubSeparationShort the club separation (tournament.Tournament.ClubSeparation); "-" none.
func (l *Locale) openingsShort(o string) string {
	if o == tournament.OpeningsFIDItalian {
		return l.codeWord(showKeys[o], o)
	}
	return Dash(o)
}

func (l *Locale) clubSeparationShort(c string) string {
	if c == "club" {
		return l.codeWord(showKeys[c], c)
	}
	return Dash(c)
}

// ActionName is a kind of the event log's actions (tournament.Event.Action: "round.pair",
// "result.set", the kinds store logs) in the language's words ("abbinamento del turno");
// in English, and for a kind without words, the code as logged.
func (l *Locale) ActionName(kind string) string { return l.codeWord(actionKeys[kind], kind) }

// actionKeys are the catalog keys of the event log's kinds of action (every kind a
// logEvent call of store writes).
var actionKeys = map[string]string{
	"category.add":            "action.category.add",
	"category.member":         "action.category.member",
	"claim.add":               "action.claim.add",
	"event.import":            "action.event.import",
	"game.add":                "action.game.add",
	"game.import":             "action.game.import",
	"game.replace":            "action.game.replace",
	"group.make":              "action.group.make",
	"group.move":              "action.group.move",
	"hall.checkin":            "action.hall.checkin",
	"hall.entry":              "action.hall.entry",
	"hall.password":           "action.hall.password",
	"hall.pin":                "action.hall.pin",
	"hall.settings":           "action.hall.settings",
	"lot.draw":                "action.lot.draw",
	"match.appeal":            "action.match.appeal",
	"pair.forbid":             "action.pair.forbid",
	"pairing.manual":          "action.pairing.manual",
	"player.absent":           "action.player.absent",
	"player.absent.remove":    "action.player.absent.remove",
	"player.add":              "action.player.add",
	"player.reinstate":        "action.player.reinstate",
	"player.remove":           "action.player.remove",
	"player.set":              "action.player.set",
	"player.withdraw":         "action.player.withdraw",
	"playoff.add":             "action.playoff.add",
	"playoff.game":            "action.playoff.game",
	"playoff.result":          "action.playoff.result",
	"prize.add":               "action.prize.add",
	"result.bye":              "action.result.bye",
	"result.correct":          "action.result.correct",
	"result.restore":          "action.result.restore",
	"result.set":              "action.result.set",
	"round.pair":              "action.round.pair",
	"round.schedule":          "action.round.schedule",
	"round.unpair":            "action.round.unpair",
	"sheet.confirm":           "action.sheet.confirm",
	"sheet.delay":             "action.sheet.delay",
	"team.add":                "action.team.add",
	"team.event":              "action.team.event",
	"team.forfeit":            "action.team.forfeit",
	"team.lineup":             "action.team.lineup",
	"team.lot":                "action.team.lot",
	"team.pair":               "action.team.pair",
	"tournament.acceleration": "action.tournament.acceleration",
	"tournament.create":       "action.tournament.create",
	"tournament.delete":       "action.tournament.delete",
	"tournament.set":          "action.tournament.set",
	"trf.import":              "action.trf.import",
	"undo":                    "action.undo",
}

// showKeys are the catalog keys of the settings' codes tournament show gives in words.
var showKeys = map[string]string{
	"art8": "show.italo.art8", "art2": "show.italo.art2", "art9": "show.italo.art9", "rotation": "show.italo.rotation",
	tournament.OpeningsFIDItalian: "show.openings.fid-italian", "club": "show.club-separation.club",
}

// RestKind is an Italo-Swiss rest's kind (pairing.RestKind: "RM", "RR", "RT", as
// tournament.Board.Rest holds it) in the language's words with the FID's abbreviation, as
// the pairing sheet prints it ("exempt du joueur impair (RM)"); an unknown kind as stored.
func (l *Locale) RestKind(kind string) string { return l.codeWord(sheetRestKeys[kind], kind) }

// pdnErrorKeys are the catalog keys of the PDN reader's error codes (rules.PDNError.Code,
// rules.PDNErrorCodes).
var pdnErrorKeys = map[string]string{
	"close-without-variation":  "pdn.err.close-without-variation",
	"bad-result":               "pdn.err.bad-result",
	"unexpected-character":     "pdn.err.unexpected-character",
	"comment-not-closed":       "pdn.err.comment-not-closed",
	"variation-not-closed":     "pdn.err.variation-not-closed",
	"bad-nag":                  "pdn.err.bad-nag",
	"mark-without-move":        "pdn.err.mark-without-move",
	"bad-mark":                 "pdn.err.bad-mark",
	"move-number-too-large":    "pdn.err.move-number-too-large",
	"unexpected-after-move":    "pdn.err.unexpected-after-move",
	"square-too-large":         "pdn.err.square-too-large",
	"number-not-move":          "pdn.err.number-not-move",
	"separator-without-square": "pdn.err.separator-without-square",
	"mixed-separators":         "pdn.err.mixed-separators",
	"too-many-squares":         "pdn.err.too-many-squares",
	"square-zero":              "pdn.err.square-zero",
	"move-to-itself":           "pdn.err.move-to-itself",
	"move-too-many-squares":    "pdn.err.move-too-many-squares",
	"unexpected-text":          "pdn.err.unexpected-text",
	"tag-without-name":         "pdn.err.tag-without-name",
	"tag-value-unquoted":       "pdn.err.tag-value-unquoted",
	"tag-string-not-closed":    "pdn.err.tag-string-not-closed",
	"tag-not-closed":           "pdn.err.tag-not-closed",
	"line-too-long":            "pdn.err.line-too-long",
	"game-too-long":            "pdn.err.game-too-long",
}

// pdnKindKeys are the catalog keys of the PDN reader's sentinels.
var pdnKindKeys = map[error]string{
	rules.ErrPDNSyntax:   "pdn.kind.syntax",
	rules.ErrPDNTooLarge: "pdn.kind.too_large",
	rules.ErrPDNStrict:   "pdn.kind.strict",
}

// pdnError words a PDN reader's error (issue 29: "game 1: line 5, column 18: PDN syntax
// error: unexpected text "zz"" was English in every language): a *rules.GameError as
// "partita N: " and its cause, a *rules.PDNError as its place, kind and problem from its
// code and arguments (the English Msg for a code without words: a strict-reading
// deviation). English is err's own text, byte for byte. ok is false for another error.
func (l *Locale) pdnError(err error) (string, bool) {
	switch e := err.(type) {
	case *rules.GameError:
		if english(l) {
			return e.Error(), true
		}
		return l.T("pdn.game", "n", e.Index, "err", ErrorText(l, e.Err)), true
	case *rules.PDNError:
		if english(l) {
			return e.Error(), true
		}
		what := e.Msg
		if key, ok := pdnErrorKeys[e.Code]; ok {
			what = l.T(key, stringArgs(e.Args)...)
		}
		kind := e.Err.Error()
		if key, ok := pdnKindKeys[e.Err]; ok {
			kind = l.T(key)
		}
		return l.T("pdn.at", "line", e.Line, "col", e.Col, "kind", kind, "what", what), true
	}
	return "", false
}

// stringArgs is name, value pairs of strings as Locale.T's arguments.
func stringArgs(args []string) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = a
	}
	return out
}
