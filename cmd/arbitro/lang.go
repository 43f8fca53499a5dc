package main

import (
	"os"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

// flagLang is --lang: with 'tournament create' the language stored for the event; on any
// report command the language of that output only (it, en, fr, nl).
var flagLang string

func addLangFlag(root *cobra.Command) {
	root.PersistentFlags().StringVar(&flagLang, "lang", "", "language of the sheets and messages: it, en, fr or nl (default: the tournament's; on create: it for italian, en otherwise)")
}

// reportLocale is the language of a report on t: --lang when given, else the
// tournament's own. An unknown --lang is a usage error.
func reportLocale(t *tournament.Tournament) (*reports.Locale, error) {
	lang := t.Lang
	if flagLang != "" {
		lang = flagLang
	}
	l, err := reports.LoadLocale(lang)
	if err != nil {
		return nil, usageErr("--lang: %v", err)
	}
	return l, nil
}

// checkLangFlag rejects an unknown --lang before anything is opened.
func checkLangFlag() error {
	if flagLang == "" {
		return nil
	}
	if _, err := reports.ParseLang(flagLang); err != nil {
		return usageErr("--lang: %v", err)
	}
	return nil
}

// tournamentLang is the language of the tournament the command works on, set when update
// or view select it ("" before): the last choice of cliLocale.
var tournamentLang string

// cliLocale is the language of the CLI's messages (errors' hints, warnings, pair
// --explain, the demo's narration): --lang, else $LC_ALL/$LC_MESSAGES/$LANG when they name
// a shipped language (the arbiter at the terminal), else the tournament's language, else
// English. --help stays in English.
func cliLocale() *reports.Locale {
	if flagLang != "" {
		if l, err := reports.LoadLocale(flagLang); err == nil {
			return l
		}
	}
	if l := reports.EnvLang(os.Getenv); l != "" {
		return reports.MustLocale(l)
	}
	if tournamentLang != "" {
		return reports.MustLocale(tournamentLang)
	}
	return reports.English()
}
