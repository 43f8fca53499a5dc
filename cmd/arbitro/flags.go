package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"

	"github.com/spf13/cobra"
)

// globalOptions are the flags every command shares, and what the command learns of the
// tournament it works on. newRoot makes one per run and passes it to each command's
// constructor, so that two runs in one process share nothing.
type globalOptions struct {
	io         *ioStreams
	db         string // --db: the SQLite file
	tournament string // --tournament: which event, when the file holds several
	// group is --group: the group of the event the command acts on (issue 32); withStore
	// makes tournament its store.GroupRef once, before the command's store call.
	group   string
	grouped bool // tournament is already the GroupRef of group
	json    bool // --json: machine-readable output
	// lang is --lang: with 'tournament create' the language stored for the event; on any
	// report command the language of that output only (it, en, fr, nl).
	lang string
	// tournamentLang is the language of the tournament the command works on, set when
	// a use case selects it ("" before): the last choice of cliLocale.
	tournamentLang tournament.Lang
	langs          langs // --lang and the environment's language, parsed once (languages)
}

// addGlobalFlags defines the persistent flags of root into g.
func (g *globalOptions) addGlobalFlags(root *cobra.Command) {
	def := os.Getenv("ARBITRO_DB")
	if def == "" {
		def = "arbitro.db"
	}
	root.PersistentFlags().StringVar(&g.db, "db", def, "SQLite database file (default $ARBITRO_DB or arbitro.db)")
	root.PersistentFlags().StringVar(&g.tournament, "tournament", "", "tournament name or id, when the database holds several")
	root.PersistentFlags().StringVar(&g.group, "group", "", "group of the event (arbitro group list): the command acts on that group")
	root.PersistentFlags().BoolVar(&g.json, "json", false, "write JSON (JSON Lines for streams) instead of tables")
	g.addLangFlag(root)
}

// openStore opens the --db file (creating it if needed). The caller closes it. Errors are
// already explained for the user (see explain).
func (g *globalOptions) openStore(opts ...store.OpenOption) (*store.Store, error) {
	env, err := storeEnv()
	if err != nil {
		return nil, fail(err, g.cliLocale().T("hint.arbiter_env"))
	}
	opts = append(env, opts...)
	if v := os.Getenv("ARBITRO_BUSY_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			msg := g.cliLocale()
			return nil, fail(errors.New(msg.T("err.busy_timeout", "value", strconv.Quote(v))), msg.T("hint.busy_timeout"))
		}
		if max, clamped := store.ClampBusyTimeout(d); clamped {
			msg := g.cliLocale()
			reports.WriteNotes(g.io.ErrOut, msg, []string{msg.T("note.busy_timeout_clamped", "value", v, "max", max.String())})
		}
		opts = append(opts, store.WithBusyTimeout(d))
	}
	st, err := store.Open(g.db, opts...)
	if err != nil {
		if e := g.explain(err); explained(e) {
			return nil, e
		}
		return nil, fail(err, g.cliLocale().T("hint.check_db", "db", g.db))
	}
	return st, nil
}

// openExisting is openStore for commands that only read: a missing file is an error
// instead of being created (a mistyped --db must not leave a new empty file behind).
func (g *globalOptions) openExisting() (*store.Store, error) {
	if _, err := os.Stat(g.db); errors.Is(err, os.ErrNotExist) {
		msg := g.cliLocale()
		return nil, fail(errors.New(msg.T("err.no_database", "db", g.db)), msg.T("hint.no_database"))
	}
	return g.openStore()
}

// openReading is openExisting for commands that only read: the file is opened with
// tournament.ForReading, so it is never created, migrated or changed, and it can be read
// on read-only media.
func (g *globalOptions) openReading() (*store.Store, error) {
	if _, err := os.Stat(g.db); errors.Is(err, os.ErrNotExist) {
		return g.openExisting() // its message
	}
	return g.openStore(store.ForReading())
}

// withStore opens the --db file with open, makes the command's one store call and closes
// the file; call's error is explained by explain. Every face below is withStore with its
// way of opening and of explaining.
func (g *globalOptions) withStore(open func() (*store.Store, error), explain func(*globalOptions, error) error, call func(st *store.Store) error) error {
	if !g.grouped { // --group: every use case selects that group of the event
		g.tournament, g.grouped = store.GroupRef(g.tournament, g.group), true
	}
	st, err := open()
	if err != nil {
		return err
	}
	defer st.Close()
	return explain(g, call(st))
}

// selecting adapts a use-case call to withStore: the tournament it returns, once
// selected, sets the language of the messages that follow (selected), even when the call
// fails after selecting it.
func (g *globalOptions) selecting(call func(st *store.Store) (tournament.Tournament, error)) func(st *store.Store) error {
	return func(st *store.Store) error { return g.selected(call(st)) }
}

// write opens the --db file, which must exist, makes the one store call of a command
// that writes (a use case: one transaction) and closes the file. call's error is
// explained (explain).
func (g *globalOptions) write(call func(st *store.Store) (tournament.Tournament, error)) error {
	return g.withStore(g.openExisting, (*globalOptions).explain, g.selecting(call))
}

// read is write for a command that only reads: the file is opened with
// store.ForReading (never created, migrated or changed).
func (g *globalOptions) read(call func(st *store.Store) (tournament.Tournament, error)) error {
	return g.withStore(g.openReading, (*globalOptions).explain, g.selecting(call))
}

// create is write for a command that creates a tournament (tournament create,
// tournament import-trf): the --db file is created when missing, and no tournament is
// selected, so the language of the messages stays as it was.
func (g *globalOptions) create(call func(st *store.Store) error) error {
	return g.withStore(func() (*store.Store, error) { return g.openStore() }, (*globalOptions).explain, call)
}

// writeExplaining is write whose call's error is explained by explain (explainBoard, ...)
// instead of g.explain: a command whose own sentinels are told before the common ones.
// explain runs once the language of the selected tournament is recorded.
func (g *globalOptions) writeExplaining(explain func(*globalOptions, error) error, call func(st *store.Store) (tournament.Tournament, error)) error {
	return g.withStore(g.openExisting, explain, g.selecting(call))
}

// readExplaining is writeExplaining for a command that only reads (see read).
func (g *globalOptions) readExplaining(explain func(*globalOptions, error) error, call func(st *store.Store) (tournament.Tournament, error)) error {
	return g.withStore(g.openReading, explain, g.selecting(call))
}

// readFile is read for a command that selects no tournament but reads the whole file
// (audit --all), or hands the store to package site (publish, serve: site calls the
// store's read use cases): the file, which must exist, is opened as by read
// (openReading: never created, migrated or changed), and call's error is explained.
func (g *globalOptions) readFile(call func(st *store.Store) error) error {
	return g.withStore(g.openReading, (*globalOptions).explain, call)
}

// writeFile is readFile for a command that writes file-wide (hall password) or hands
// the store to a face that writes (serve --hall): the file, which must exist, is opened
// as by write (openExisting).
func (g *globalOptions) writeFile(call func(st *store.Store) error) error {
	return g.withStore(g.openExisting, (*globalOptions).explain, call)
}

// selected records the language of the tournament a use case selected (t.ID 0: none)
// and passes err on.
func (g *globalOptions) selected(t tournament.Tournament, err error) error {
	if t.ID != 0 {
		g.tournamentLang = t.Lang
	}
	return err
}

// explain turns the store's sentinel errors into "what went wrong (how to fix)" for the
// arbiter. Errors already explained (cliError, usageError) and nil pass through.
func (g *globalOptions) explain(err error) error {
	if err == nil {
		return nil
	}
	if explained(err) {
		return err
	}
	msg := g.cliLocale() // the hints in the language of the messages
	switch {
	case errors.Is(err, tournament.ErrNoTournament):
		return fail(fmt.Errorf("%w in %s", err, g.db), msg.T("hint.create"))
	case errors.Is(err, tournament.ErrAmbiguousTournament):
		return fail(err, msg.T("hint.choose"))
	case errors.Is(err, tournament.ErrNewerSchema):
		return fail(err, msg.T("hint.unchanged"))
	case errors.Is(err, tournament.ErrReadOnly):
		return fail(err, msg.T("hint.readonly", "db", g.db))
	case errors.Is(err, tournament.ErrBusy):
		return fail(err, msg.T("hint.busy"))
	case errors.Is(err, tournament.ErrNotArbitro):
		return fail(err, msg.T("hint.not_arbitro"))
	case errors.Is(err, tournament.ErrBadCSV):
		return fail(err, msg.T("hint.bad_csv"))
	case errors.Is(err, tournament.ErrDuplicatePlayer):
		return fail(err, msg.T("hint.nothing"))
	case errors.Is(err, tournament.ErrDuplicateTournament):
		return fail(err, msg.T("hint.duplicate"))
	case errors.Is(err, tournament.ErrLocked):
		return fail(err, msg.T("hint.locked"))
	case errors.Is(err, tournament.ErrNotFound):
		return fail(err, msg.T("hint.not_found"))
	case errors.Is(err, tournament.ErrCannotUndo):
		return fail(err, msg.T("hint.undo"))
	case errors.Is(err, tournament.ErrMalformed):
		// a value that cannot be understood at all: usage (see the exit-code rule in main.go)
		return &usageError{err: err, hint: msg.T("hint.usage")}
	case errors.Is(err, tournament.ErrInvalid):
		return fail(err, msg.T("hint.invalid"))
	}
	return err
}

// checkGame rejects a --game other than 1 or 2 as usage (no tournament plays more games
// per pairing); 2 on a tournament of one game per pairing is left to the store (exit 1).
func checkGame(game int) error {
	if game != 1 && game != 2 {
		return usageCoded(tournament.Errf(nil, "err.cli.game_flag", "--game must be 1, or 2 for the return game, not {game}", "game", game))
	}
	return nil
}

// plural writes a count with its noun: "1 game point", "2 game points", "0 problems".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// printJSON writes v as indented JSON to the command's output.
func printJSON(cmd *cobra.Command, v any) error {
	return reports.WriteJSON(cmd.OutOrStdout(), v)
}
