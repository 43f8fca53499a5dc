package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/site"
	"arbitro/store"
	"arbitro/tournament"
)

// serveOptions are the flags of arbitro serve.
type serveOptions struct {
	addr    string
	hall    bool         // --hall: the hall's pages, with result entry and the arbiter's console
	confirm bool         // --confirm: the arbiter confirms every result entered in the hall
	cacheMB int          // --cache-mb: the bound of the cache of rendered pages, in MB
	publish string       // --publish DIR: the folder of the console's Publish (with --hall)
	lang    reports.Lang // --lang, parsed; "" = each tournament's own
	g       *globalOptions
}

// complete checks --lang, and --confirm (only with --hall).
func (o *serveOptions) complete(*cobra.Command, []string) (err error) {
	if o.confirm && !o.hall {
		return usageErr("--confirm is an option of the hall: give --hall too")
	}
	if o.publish != "" && !o.hall {
		return usageErr("--publish is an option of the hall: give --hall too")
	}
	if o.cacheMB < 0 || o.cacheMB > 1<<20 {
		return usageErr("--cache-mb is a number of megabytes from 0 (no cache) to 1048576: give, for example, --cache-mb 64")
	}
	o.lang, err = o.g.langFlag()
	return err
}

func newServeCmd(g *globalOptions, runF func(*cobra.Command, *serveOptions) error) *cobra.Command {
	o := &serveOptions{g: g}
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--hall]",
		Short: "Serve the web site of every tournament of the file, live and read-only",
		Long: `Serve the same pages 'arbitro publish --all' writes, straight from the database: a
result entered with 'arbitro result' in another terminal shows on the next page load, with
no restart. Nothing is ever written to the database. It listens on --addr, on this
computer only unless told otherwise (give 0.0.0.0:8080 to let other computers in). Stop it
with Ctrl-C: requests under way are finished first.

With --hall it also runs the hall under /hall/ (docs/hall.md): screens of the current
round that update by themselves (pairings by board and by name, last results, standings,
a kiosk mode for a TV), a page per board where both players enter the result with the PIN
of 'arbitro player pin', and the arbiter's console, opened by the one-time login link it
prints. Then, and only then, it writes to the database, each write one use case logged with
who did it. With --tournament the hall is that event's alone (its groups included);
without, every event of the file has its hall under /hall/. --publish DIR writes the site into DIR at the start, as
'arbitro publish --out DIR' does (with --all unless --tournament is given), and again each
time the arbiter presses Publish in the console; without it the console offers the site
as a zip file to download.`,
		Args: cobra.NoArgs,
	}
	c.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port); localhost only by default")
	c.Flags().BoolVar(&o.confirm, "confirm", false, "with --hall: the arbiter confirms every result the players enter, even when both agree")
	c.Flags().IntVar(&o.cacheMB, "cache-mb", site.CacheBytes>>20, "megabytes of rendered pages kept in memory (0: none)")
	c.Flags().StringVar(&o.publish, "publish", "", "with --hall: the folder the console's Publish writes the site into (as publish --out `DIR`)")
	markOutput(c, "publish")
	c.Flags().BoolVar(&o.hall, "hall", false, "also serve the hall under /hall/: live screens, results entered by the players with their PIN, the arbiter's console (prints a one-time login link)")
	return withRun(c, o, runF)
}

// runServe serves the site (and with --hall the hall) on --addr until the command's
// context is cancelled or the process is interrupted, finishing the requests under way.
func runServe(cmd *cobra.Command, g *globalOptions, o *serveOptions) error {
	if !o.hall {
		// Only reads: opened for reading, never created, migrated or changed.
		return g.readFile(func(st *store.Store) error { return serve(cmd, g, o, st) })
	}
	// The hall's use cases write: opened as write does (openExisting), and an older
	// schema upgraded once at the start rather than in every page's read.
	return g.writeFile(func(st *store.Store) error {
		if err := st.Upgrade(cmd.Context()); err != nil {
			return err
		}
		return serve(cmd, g, o, st)
	})
}

// serve serves the site of st (site.NewHandler) on --addr.
func serve(cmd *cobra.Command, g *globalOptions, o *serveOptions, st *store.Store) error {
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fail(tournament.Errf(nil, "err.serve.listen", "cannot listen on {addr}: {cause}", "addr", o.addr, "cause", err.Error()), g.cliLocale().T("hint.serve.addr"))
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pages := site.NewHandler(st, o.lang)
	pages.LimitCache(int64(o.cacheMB) << 20)
	var handler http.Handler = pages
	var hall *site.Hall
	if o.hall {
		hall = site.NewHall(st, o.lang, cmd.ErrOrStderr())
		if g.tournament != "" {
			t, err := st.ShowTournament(cmd.Context(), g.tournament)
			if err != nil {
				return g.explain(err)
			}
			hall.Only(t.ID)
		}
		if o.confirm {
			hall.ArbiterConfirms()
		}
		hall.PDFMeta(reportMeta) // the console's sheets: the same files as the commands'
		if o.publish != "" {
			if err := hall.PublishTo(cmd.Context(), o.publish); err != nil {
				if e := g.explainOutput(err, o.publish); e != err {
					return e
				}
				return fail(err, g.cliLocale().T("hint.serve.publish"))
			}
		}
		handler = hall.Handler(handler)
	}
	srv := site.NewServer(handler, site.DefaultTimeouts, func(net.Listener) context.Context { return ctx })
	if hall != nil {
		srv.RegisterOnShutdown(hall.Close)
		err = reports.WriteHallServing(cmd.OutOrStdout(), g.cliLocale(), g.db, ln.Addr().String(), hall.Home(), hall.LoginLink())
	} else {
		err = reports.WriteServing(cmd.OutOrStdout(), g.cliLocale(), g.db, ln.Addr().String())
	}
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fail(err, g.cliLocale().T("hint.serve.check_addr"))
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(err, g.cliLocale().T("hint.serve.stop"))
	}
	return reports.WriteServeStopped(cmd.OutOrStdout(), g.cliLocale())
}
