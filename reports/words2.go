package reports

import (
	"time"

	"arbitro/pairing"
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
