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
)

// serveOptions are the flags of arbitro serve.
type serveOptions struct {
	addr string
	lang reports.Lang // --lang, parsed; "" = each tournament's own
	g    *globalOptions
}

// complete checks --lang.
func (o *serveOptions) complete(*cobra.Command, []string) (err error) {
	o.lang, err = o.g.langFlag()
	return err
}

func newServeCmd(g *globalOptions, runF func(*cobra.Command, *serveOptions) error) *cobra.Command {
	o := &serveOptions{g: g}
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Serve the web site of every tournament of the file, live and read-only",
		Long: `Serve the same pages 'arbitro publish --all' writes, straight from the database: a
result entered with 'arbitro result' in another terminal shows on the next page load, with
no restart. Nothing is ever written to the database. It listens on --addr, on this
computer only unless told otherwise (give 0.0.0.0:8080 to let other computers in). Stop it
with Ctrl-C: requests under way are finished first.`,
		Args: cobra.NoArgs,
	}
	c.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port); localhost only by default")
	return withRun(c, o, runF)
}

// runServe serves the site on --addr until the command's context is cancelled or the
// process is interrupted, finishing the requests under way.
func runServe(cmd *cobra.Command, g *globalOptions, o *serveOptions) error {
	return g.readFile(func(st *store.Store) error { return serve(cmd, g, o, st) })
}

// serve serves the site of st (site.NewHandler) on --addr.
func serve(cmd *cobra.Command, g *globalOptions, o *serveOptions, st *store.Store) error {
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fail(err, "choose another --addr, such as 127.0.0.1:8081")
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: site.NewHandler(st, o.lang), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	if err := reports.WriteServing(cmd.OutOrStdout(), g.cliLocale(), g.db, ln.Addr().String()); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fail(err, "check --addr")
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(err, "the server did not stop cleanly")
	}
	return reports.WriteServeStopped(cmd.OutOrStdout(), g.cliLocale())
}
