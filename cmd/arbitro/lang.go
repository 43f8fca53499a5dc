package main

import (
	"os"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func (g *globalOptions) addLangFlag(root *cobra.Command) {
	root.PersistentFlags().StringVar(&g.lang, "lang", "", "language of the sheets and messages: it, en, fr or nl (default: the tournament's; on create and event import: the new tournament's, it for italian, en otherwise)")
}

// langs are the languages a run was given, each parsed once (tournament.ParseLang) on
// first use and carried typed from there: --lang and the arbiter's environment. The
// tournament's own language is stored parsed (globalOptions.tournamentLang).
type langs struct {
	parsed  bool
	flag    tournament.Lang // --lang; "" when not given
	flagErr error           // --lang given but not a language arbitro speaks: a usage error
	env     tournament.Lang // $LC_ALL, $LC_MESSAGES or $LANG (reports.EnvLang); "" for none
}

// languages parses --lang and the environment's language, once per run.
func (g *globalOptions) languages() *langs {
	l := &g.langs
	if l.parsed {
		return l
	}
	l.parsed = true
	if g.lang != "" {
		if l.flag, l.flagErr = tournament.ParseLang(g.lang); l.flagErr != nil {
			l.flagErr = usageCoded(tournament.Errf(nil, "err.cli.lang_flag", "--lang: {error}", "error", l.flagErr))
		}
	}
	l.env = reports.EnvLang(os.Getenv)
	return l
}

// reportLocale is the language of a report on t: --lang when given, else the
// tournament's own. An unknown --lang is a usage error.
func (g *globalOptions) reportLocale(t *tournament.Tournament) (*reports.Locale, error) {
	l := g.languages()
	switch {
	case l.flagErr != nil:
		return nil, l.flagErr
	case l.flag != "":
		return reports.LocaleOf(l.flag), nil
	}
	return reports.LocaleOf(t.Lang), nil
}

// checkLangFlag rejects an unknown --lang before anything is opened.
func (g *globalOptions) checkLangFlag() error { return g.languages().flagErr }

// langFlag is --lang parsed ("" when not given); a language arbitro does not ship is a
// usage error.
func (g *globalOptions) langFlag() (reports.Lang, error) {
	l := g.languages()
	return l.flag, l.flagErr
}

// cliLocale is the language of the CLI's messages (errors' hints, warnings, pair
// --explain, the demo's narration): --lang, else $LC_ALL/$LC_MESSAGES/$LANG when they name
// a shipped language (the arbiter at the terminal), else the tournament's language, else
// English. --help stays in English.
func (g *globalOptions) cliLocale() *reports.Locale {
	l := g.languages()
	switch {
	case l.flag != "":
		return reports.LocaleOf(l.flag)
	case l.env != "":
		return reports.LocaleOf(l.env)
	}
	return reports.LocaleOf(g.tournamentLang) // English when none was selected
}
