package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"arbitro/reports"
	"arbitro/site"
	"arbitro/tournament"
)

// demoHall shows the hall (issue 30, docs/hall.md) on board b of round r of t: it gives
// its two players a PIN (store.SetPINs, as 'arbitro player pin'; not printed: they are
// random), starts the hall ('serve --hall') on 127.0.0.1 at a port the system chooses,
// has both players enter result (board's view, "2-0", "1-1" or "0-2") on the board's page
// over HTTP as their phones would, stops the hall, and prints who the file says entered
// it and the address to open the hall by hand.
func (d *demo) demoHall(t *tournament.Tournament, b *tournament.Board, result string) error {
	d.say("demo.hall", "round", b.Round, "board", b.Board, "white", b.White, "black", b.Black)
	d.cmdline("--tournament %d player pin %s %s", t.ID, shellQuote(b.White), shellQuote(b.Black))
	pins, _, err := d.st.SetPINs(d.ctx, ref(t), []string{b.White, b.Black})
	if err != nil {
		return d.explain(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err, d.loc.T("hint.demo_hall"))
	}
	ctx, cancel := context.WithCancel(d.ctx)
	defer cancel()
	hall := site.NewHall(d.st, "", io.Discard)
	hall.Only(t.ID)
	srv := site.NewServer(hall.Handler(site.NewHandler(d.st, "")), site.DefaultTimeouts, func(net.Listener) context.Context { return ctx })
	srv.RegisterOnShutdown(hall.Close)
	go srv.Serve(ln)
	defer func() {
		sctx, stop := context.WithTimeout(context.Background(), 5*time.Second)
		defer stop()
		srv.Shutdown(sctx)
	}()
	d.cmdline("--tournament %d serve --hall", t.ID)
	base := "http://" + ln.Addr().String() + hall.Home()
	for i, side := range []string{"W", "B"} {
		msg, err := demoHallEntry(ctx, base+reports.HallBoardPath(b.Round, b.Board, b.Game), side, pins[i].PIN, result)
		if err != nil {
			return fail(err, d.loc.T("hint.demo_hall"))
		}
		d.out("demo.hall.entry", "player", pins[i].Entry.Player.Name, "result", result, "answer", d.loc.T(msg))
	}
	boards, _, err := d.st.ResultList(d.ctx, ref(t), b.Round)
	if err != nil {
		return d.explain(err)
	}
	for _, x := range boards {
		if x.Board == b.Board && x.Game == b.Game && x.Result != nil {
			d.out("demo.hall.stored", "result", d.loc.ResultText(x.Result), "who", d.loc.Actor(x.Result.EnteredBy))
		}
	}
	d.out("demo.hall.open", "cmd", "arbitro --db "+shellQuote(filepath.Join(d.dir, "arbitro.db"))+" --tournament "+strconv.FormatInt(t.ID, 10)+" serve --hall",
		"url", "http://127.0.0.1:8080/hall/"+strconv.FormatInt(t.ID, 10)+"/")
	return nil
}

// demoHallEntry sends one player's entry as the board's page sends it (side, PIN, result)
// and returns the catalog key of the page's answer ("hall.msg.waiting", "hall.msg.stored").
func demoHallEntry(ctx context.Context, page, side, pin, result string) (string, error) {
	form := url.Values{"side": {side}, "pin": {pin}, "result": {result}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, page, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || err != nil {
		return "", fmt.Errorf("the hall answered %s", resp.Status)
	}
	switch msg := loc.Query().Get("msg"); msg {
	case "waiting", "stored":
		return "hall.msg." + msg, nil
	default:
		return "", errors.New("the hall refused the entry: " + msg)
	}
}
