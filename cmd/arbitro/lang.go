package main

import (
	"os"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

func (g *globalOptions) addLangFlag(root *cobra.Command) {
	root.PersistentFlags().StringVar(&g.lang, "lang", "", "language of the sheets and messages: it, en, fr or nl (default: the tournament's; on create: it for italian, en otherwise)")
}

// reportLocale is the language of a report on t: --lang when given, else the
// tournament's own. An unknown --lang is a usage error.
func (g *globalOptions) reportLocale(t *tournament.Tournament) (*reports.Locale, error) {
	lang := t.Lang
	if g.lang != "" {
		lang = g.lang
	}
	l, err := reports.LoadLocale(lang)
	if err != nil {
		return nil, usageErr("--lang: %v", err)
	}
	return l, nil
}

// checkLangFlag rejects an unknown --lang before anything is opened.
func (g *globalOptions) checkLangFlag() error {
	if g.lang == "" {
		return nil
	}
	if _, err := reports.ParseLang(g.lang); err != nil {
		return usageErr("--lang: %v", err)
	}
	return nil
}

// langFlag is --lang parsed ("" when not given); a language arbitro does not ship is a
// usage error.
func (g *globalOptions) langFlag() (reports.Lang, error) {
	if err := g.checkLangFlag(); err != nil || g.lang == "" {
		return "", err
	}
	return reports.ParseLang(g.lang)
}

// cliLocale is the language of the CLI's messages (errors' hints, warnings, pair
// --explain, the demo's narration): --lang, else $LC_ALL/$LC_MESSAGES/$LANG when they name
// a shipped language (the arbiter at the terminal), else the tournament's language, else
// English. --help stays in English.
func (g *globalOptions) cliLocale() *reports.Locale {
	if g.lang != "" {
		if l, err := reports.LoadLocale(g.lang); err == nil {
			return l
		}
	}
	if l := reports.EnvLang(os.Getenv); l != "" {
		return reports.MustLocale(l)
	}
	if g.tournamentLang != "" {
		return reports.MustLocale(g.tournamentLang)
	}
	return reports.English()
}
