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
)

func init() { addCommand(newServeCmd) }

// serveOptions are the flags of arbitro serve.
type serveOptions struct {
	addr string
}

func newServeCmd(g *globalOptions) *cobra.Command {
	var o serveOptions
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "Serve the web site of every tournament of the file, live and read-only",
		Long: `Serve the same pages 'arbitro publish --all' writes, straight from the database: a
result entered with 'arbitro result' in another terminal shows on the next page load, with
no restart. Nothing is ever written to the database. It listens on --addr, on this
computer only unless told otherwise (give 0.0.0.0:8080 to let other computers in). Stop it
with Ctrl-C: requests under way are finished first.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := g.checkLangFlag(); err != nil {
				return err
			}
			lang := ""
			if g.lang != "" {
				lang, _ = reports.ParseLang(g.lang) // checked just above
			}
			st, err := g.openExisting()
			if err != nil {
				return err
			}
			defer st.Close()
			ln, err := net.Listen("tcp", o.addr)
			if err != nil {
				return fail(err, "choose another --addr, such as 127.0.0.1:8081")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			srv := &http.Server{Handler: site.NewHandler(st, lang), ReadHeaderTimeout: 10 * time.Second,
				BaseContext: func(net.Listener) context.Context { return ctx }}
			if err := reports.WriteServing(cmd.OutOrStdout(), g.db, ln.Addr().String()); err != nil {
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
			return reports.WriteServeStopped(cmd.OutOrStdout())
		},
	}
	c.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port); localhost only by default")
	return c
}
