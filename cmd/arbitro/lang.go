package main

import (
	"os"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/tournament"
)

// flagLang is --lang: with 'tournament create' the language stored for the event; on any
// report command the language of that output only (it, en).
var flagLang string

func addLangFlag(root *cobra.Command) {
	root.PersistentFlags().StringVar(&flagLang, "lang", "", "language of the sheets: it or en (default: the tournament's; on create: it for italian, en otherwise)")
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

// messageLocale is the language of the CLI's own messages when no tournament is at hand:
// --lang, else $LC_ALL/$LC_MESSAGES/$LANG, else English.
func messageLocale() *reports.Locale {
	if flagLang != "" {
		if l, err := reports.LoadLocale(flagLang); err == nil {
			return l
		}
	}
	if l := reports.EnvLang(os.Getenv); l != "" {
		return reports.MustLocale(l)
	}
	return reports.English()
}
