package reports

// The arbiter's tools of the hall's console beyond the results (issue 30, docs/hall.md):
// how a round was paired, the sheets to print, publishing, and the event log.

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"arbitro/tournament"
)

// HallSheets are the sheets the console prints as PDF (/hall/ID/print?sheet=NAME), each
// the bytes of the command it names: "pairings" (arbitro pairings --pdf), "results"
// (arbitro pairings --results --pdf) and "standings" (arbitro standings --pdf).
var HallSheets = []string{"pairings", "results", "standings"}

// hallSheetKeys are the catalog keys of the console's links to HallSheets.
var hallSheetKeys = map[string]string{"pairings": "hall.print.pairings", "results": "hall.print.results", "standings": "hall.print.standings"}

// hallLogKeys are the catalog keys of the event log's words for the actions an arbiter
// meets during a hall's round; another action is shown by its code, as stored.
var hallLogKeys = map[string]string{
	"result.set": "hall.log.result.set", "result.correct": "hall.log.result.correct", "result.bye": "hall.log.result.bye",
	"hall.entry": "hall.log.hall.entry", "hall.checkin": "hall.log.hall.checkin", "hall.pin": "hall.log.hall.pin",
	"hall.settings": "hall.log.hall.settings", "round.pair": "hall.log.round.pair", "round.unpair": "hall.log.round.unpair",
	"round.schedule": "hall.log.round.schedule", "lot.draw": "hall.log.lot.draw", "player.add": "hall.log.player.add",
	"player.withdraw": "hall.log.player.withdraw", "player.absent": "hall.log.player.absent", "game.add": "hall.log.game.add",
	"sheet.confirm": "hall.log.sheet.confirm", "tournament.create": "hall.log.tournament.create", "undo": "hall.log.undo",
}

// hallTools are the console's links to the arbiter's tools of round Round.
type hallTools struct {
	Round                  int
	Explain, ExplainText   string // "" no round paired
	PrintText              string
	Prints                 []navItem
	Log, LogText           string
	Console                string // the console's address: the publish form's action
	PublishText            string // the button: publish into the folder
	Download, DownloadText string // no folder: the site as a zip file
}

// newHallTools lays out the tools of round round (0: none paired: no explanation, no
// sheet of a round).
func newHallTools(loc *Locale, o HallOptions, round int) *hallTools {
	t := &hallTools{Round: round, Log: o.Base + "log", LogText: loc.T("hall.log"), Console: o.Base + "console",
		PrintText: loc.T("hall.print")}
	if o.PublishDir != "" {
		t.PublishText = loc.T("hall.publish", "dir", o.PublishDir)
	} else {
		t.Download, t.DownloadText = o.Base+"site.zip", loc.T("hall.download")
	}
	if round > 0 {
		t.Explain = o.Base + "explain?round=" + strconv.Itoa(round)
		t.ExplainText = loc.T("hall.explain.title", "round", round)
		for _, s := range HallSheets {
			href := o.Base + "print?sheet=" + s
			if s != "standings" {
				href += "&round=" + strconv.Itoa(round)
			}
			t.Prints = append(t.Prints, navItem{Href: href, Text: loc.T(hallSheetKeys[s])})
		}
	}
	return t
}

type explainBody struct {
	Text  string
	Tools *hallTools
}

// WriteHallExplanation writes the console's page of how round v.Round was paired: the
// explanation stored with the round (tournament.RoundExplanation), in the words of
// 'arbitro pair --explain' (WriteExplanation) and the tournament's language o.Lang, the
// players named by pairing number and name; with the links to the round's sheets. msg as
// in WriteHallBoard (after pairing: "Round N is paired").
func WriteHallExplanation(w io.Writer, v *tournament.PairingsView, o HallOptions, msg *HallMessage) error {
	loc := LocaleOf(o.Lang)
	h := &HTMLEvent{ev: &tournament.SiteEvent{Tournament: *v.Tournament}, loc: loc}
	p := h.hallPage(o, "console", loc.T("hall.explain.title", "round", v.Round.Number), msg)
	var b strings.Builder
	WriteExplanation(&b, loc, v.Round.Explanation, NamesOf(v.Entries))
	p.Body = &explainBody{Text: b.String(), Tools: newHallTools(loc, o, v.Round.Number)}
	return renderHall(w, "explain", p)
}

type logRow struct {
	When, Who, What string
}

// eventDetail is what the event log shows of an event's state: the board and the result
// (result.set, result.correct, hall.entry), the reason of a correction, the arbiter of a
// password.
type eventDetail struct {
	Round   int    `json:"round"`
	Board   int    `json:"board"`
	Result  string `json:"result"`
	Reason  string `json:"reason"`
	Arbiter string `json:"arbiter"`
}

// logWhat says what event e did, in loc: the action's words (hall.log.ACTION, else the
// action's code as stored) and the board, result and reason its state names.
func logWhat(loc *Locale, e *tournament.Event) string {
	what := e.Action
	if key, ok := hallLogKeys[e.Action]; ok {
		what = loc.T(key)
	}
	var d eventDetail
	state := e.After
	if len(state) == 0 || string(state) == "null" {
		state = e.Before
	}
	_ = json.Unmarshal(state, &d) // a state of another shape says nothing more
	var parts []string
	if d.Round > 0 && d.Board > 0 {
		parts = append(parts, loc.T("hall.log.board", "round", d.Round, "board", d.Board))
	}
	if d.Result != "" {
		parts = append(parts, d.Result)
	}
	if d.Arbiter != "" {
		parts = append(parts, clean(d.Arbiter))
	}
	if d.Reason != "" {
		parts = append(parts, loc.T("hall.log.reason", "reason", clean(d.Reason)))
	}
	if len(parts) > 0 {
		what += ": " + strings.Join(parts, ", ")
	}
	return what
}

// WriteHallLog writes the console's page of the event log of tournament t: every event,
// the newest first, with its time (the hall's local date and time), who did it as the
// log names him ("player 7 via the hall", "arbiter Rossi via the hall", the arbiter's
// login name on the command line; the known forms in o.Lang: Locale.Actor) and what, in
// the words of o.Lang (logWhat).
func WriteHallLog(w io.Writer, t *tournament.Tournament, evs []tournament.Event, o HallOptions) error {
	loc := LocaleOf(o.Lang)
	h := &HTMLEvent{ev: &tournament.SiteEvent{Tournament: *t}, loc: loc}
	p := h.hallPage(o, "console", loc.T("hall.log"), nil)
	rows := make([]logRow, 0, len(evs))
	for i := len(evs) - 1; i >= 0; i-- {
		e := &evs[i]
		when := e.At
		if at, err := time.Parse(time.RFC3339, e.At); err == nil {
			when = loc.Date(at.Local()) + " " + at.Local().Format("15:04:05")
		}
		rows = append(rows, logRow{When: when, Who: clean(loc.Actor(e.Actor)), What: logWhat(loc, e)})
	}
	p.Body = rows
	return renderHall(w, "log", p)
}

// WriteArbiterPasswordSet confirms 'arbitro hall password --arbiter NAME': arbiter name's
// own password of the hall's console is set in the file db, in l's language.
func WriteArbiterPasswordSet(w io.Writer, l *Locale, db, name string) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.hall.arbiter_password_set", "db", db, "name", name))
	return err
}
