package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// The electronic score sheet in the hall (issue 31; docs/hall.md): GET sheet?round=&board=
// &game= is a board's sheet page for its players; POST to it is the page's own protocol,
// one store use case per action, answered in JSON: "read" (ReadSheet), "ply"
// (SheetWritePly), "strike" (SheetStrike), "confirm" (SheetConfirm), each with the side,
// PIN and device of the player (and seq, text, result, moves as the action needs). GET
// sheets is the arbiter's page of every sheet of the round (logged in); GET games the
// spectators' page of the games, under the event's delay (public).

// sheetAnswer is the JSON answer to a sheet page's POST.
type sheetAnswer struct {
	OK       bool     `json:"ok"`
	Error    string   `json:"error,omitempty"`    // "pin", "order", "invalid", "refused"
	Expected int      `json:"expected,omitempty"` // "order": the sequence number to send next
	Seq      int      `json:"seq,omitempty"`
	Already  bool     `json:"already,omitempty"`
	Standing int      `json:"standing,omitempty"`
	Plies    []string `json:"plies,omitempty"`    // "read": the plies standing
	Opponent []string `json:"opponent,omitempty"` // "read": those of the opponent's sheet
	State    string   `json:"state,omitempty"`    // "confirm": waiting, stored, disputed
}

func writeJSON(w http.ResponseWriter, code int, a sheetAnswer) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(a)
}

// sheetPage: a board's sheet page (GET).
func (h *Hall) sheetPage(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	data, err := h.st.SitePage(r.Context(), store.SitePageRequest{Event: func(all []tournament.Tournament) *tournament.Tournament {
		for i := range all {
			if all[i].ID == id {
				return &all[i]
			}
		}
		return nil
	}})
	if err == nil && data.Event == nil {
		err = tournament.ErrNotFound
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	o.Lang = Lang(data.Tournament, h.lang)
	he, err := reports.NewHTMLEvent(data.Event, reports.HTMLOptions{Lang: o.Lang})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	game := atoi(q.Get("game"))
	if game == 0 {
		game = 1
	}
	var buf bytes.Buffer
	if err := he.WriteHallSheet(&buf, atoi(q.Get("board")), game, o); err != nil {
		h.fail(w, r, err)
		return
	}
	writeHTML(w, http.StatusOK, buf.Bytes())
}

// sheetPost is a sheet page's POST: one use case, a JSON answer.
func (h *Hall) sheetPost(w http.ResponseWriter, r *http.Request, id int64) {
	q := r.URL.Query()
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, sheetAnswer{Error: "invalid"})
		return
	}
	f := r.PostForm
	sr := store.SheetRef{Round: atoi(q.Get("round")), Board: atoi(q.Get("board")), Game: atoi(q.Get("game")),
		PIN: f.Get("pin"), Device: f.Get("device"), Seq: atoi(f.Get("seq"))}
	if sr.Game == 0 {
		sr.Game = 1
	}
	if s := f.Get("side"); len(s) == 1 {
		sr.Side = s[0]
	}
	key := fmt.Sprintf("board %d/%d/%d/%d", id, sr.Round, sr.Board, sr.Game)
	if h.refuseLimited(w, r, id, key) {
		return
	}
	ref := strconv.FormatInt(id, 10)
	var a sheetAnswer
	var err error
	switch f.Get("action") {
	case "read":
		var own, opp []tournament.SheetEntry
		own, opp, err = h.st.ReadSheet(r.Context(), ref, sr)
		a.Plies, a.Opponent = []string{}, []string{}
		for _, e := range own {
			a.Plies = append(a.Plies, e.Text)
		}
		for _, e := range opp {
			a.Opponent = append(a.Opponent, e.Text)
		}
	case tournament.SheetPly, tournament.SheetStrike:
		var out tournament.SheetWritten
		h.writeMu.Lock()
		if f.Get("action") == tournament.SheetPly {
			out, err = h.st.SheetWritePly(r.Context(), ref, sr, f.Get("text"))
		} else {
			out, err = h.st.SheetStrike(r.Context(), ref, sr)
		}
		h.writeMu.Unlock()
		a.Seq, a.Already, a.Standing = out.Entry.Seq, out.Already, out.Standing
	case "confirm":
		var out tournament.SheetConfirmed
		h.writeMu.Lock()
		out, err = h.st.SheetConfirm(r.Context(), ref, sr, f.Get("result"), f.Get("moves"))
		h.writeMu.Unlock()
		a.State = string(out.Status)
	default:
		writeJSON(w, http.StatusBadRequest, sheetAnswer{Error: "invalid"})
		return
	}
	var order *tournament.SheetOrderError
	switch {
	case errors.Is(err, tournament.ErrWrongPIN), errors.Is(err, tournament.ErrNoPIN):
		h.failed(r, key)
		h.logf("hall: wrong PIN for the sheet of tournament %d round %d board %d side %c from %s\n", id, sr.Round, sr.Board, sr.Side, clientAddr(r))
		writeJSON(w, http.StatusForbidden, sheetAnswer{Error: "pin"})
	case errors.As(err, &order):
		writeJSON(w, http.StatusConflict, sheetAnswer{Error: "order", Expected: order.Expected})
	case errors.Is(err, tournament.ErrSheetKeeper):
		writeJSON(w, http.StatusForbidden, sheetAnswer{Error: "keeper"})
	case errors.Is(err, tournament.ErrInvalid):
		writeJSON(w, http.StatusBadRequest, sheetAnswer{Error: "invalid"})
	case errors.Is(err, tournament.ErrGameExists), errors.Is(err, tournament.ErrMismatch):
		writeJSON(w, http.StatusConflict, sheetAnswer{Error: "refused"})
	case errors.Is(err, tournament.ErrNotPaired), errors.Is(err, tournament.ErrNoBoard), errors.Is(err, tournament.ErrNotFound):
		writeJSON(w, http.StatusNotFound, sheetAnswer{Error: "invalid"})
	case err != nil:
		writeJSON(w, http.StatusInternalServerError, sheetAnswer{Error: err.Error()})
	default:
		if f.Get("action") != "read" && !a.Already {
			h.bus.kick()
		}
		a.OK = true
		writeJSON(w, http.StatusOK, a)
	}
}

// sheets: the arbiter's page of the round's sheets (GET, logged in).
func (h *Hall) sheets(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	s, err := h.st.ReadHallSheets(r.Context(), strconv.FormatInt(id, 10))
	h.page(w, r, err, &s.Tournament, o, func(w io.Writer, o reports.HallOptions) error {
		return reports.WriteHallSheets(w, &s, o, queryMessage(r.URL.Query()))
	})
}

// games: the spectators' page of the round's games, under the event's delay (GET, public);
// in a kiosk, while the round has none, the kiosk's first screen (a redirection).
func (h *Hall) games(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	g, err := h.st.ReadHallGames(r.Context(), strconv.FormatInt(id, 10))
	if err == nil && o.Kiosk && len(g.Games) == 0 {
		// a kiosk does not show an empty page of games for 20 s: on to its first screen
		http.Redirect(w, r, o.Base+reports.HallKiosk[0]+"?kiosk=1", http.StatusSeeOther)
		return
	}
	h.page(w, r, err, &g.Tournament, o, func(w io.Writer, o reports.HallOptions) error {
		return reports.WriteHallGames(w, &g, o)
	})
}

// adopt is the POST of the arbiter's page of the sheets: the sheet of one side becomes the
// board's game with the result chosen (store.SheetAdopt), logged as "arbiter via the hall".
func (h *Hall) adopt(w http.ResponseWriter, r *http.Request, id int64, o reports.HallOptions) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	var side byte
	if s := f.Get("side"); len(s) == 1 {
		side = s[0]
	}
	page := o.Base + "sheets"
	h.writeMu.Lock()
	_, err := h.st.SheetAdopt(store.ActingAs(r.Context(), h.actor(r)), strconv.FormatInt(id, 10), atoi(f.Get("round")), atoi(f.Get("board")),
		atoi(f.Get("game")), side, f.Get("result"))
	h.writeMu.Unlock()
	switch {
	case errors.Is(err, tournament.ErrGameExists), errors.Is(err, tournament.ErrMismatch):
		redirect(w, r, page, "gameexists")
	case errors.Is(err, tournament.ErrInvalid), errors.Is(err, tournament.ErrNoBoard), errors.Is(err, tournament.ErrNotPaired):
		redirect(w, r, page, "bad")
	case err != nil:
		h.fail(w, r, err)
	default:
		h.bus.kick()
		redirect(w, r, page, "adopted")
	}
}
