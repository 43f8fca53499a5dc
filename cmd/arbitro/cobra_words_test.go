package main

import (
	"bytes"
	"path/filepath"
	"testing"
)

// TestCobraWords: cobra's and pflag's command-line errors are printed from the catalogs in
// the run's language (--lang), exit 2, nothing written; in English with cobra's own wording
// where it was clear (required flags, unknown flags, argument counts), and the kind of
// value a flag takes instead of strconv's message; an argument count names the command and
// its usage (issue 29).
func TestCobraWords(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--lang", "en", "tournament", "create", "X", "--rounds", "3"}, `arbitro: required flag(s) "system" not set (see 'arbitro --help')` + "\n"},
		{[]string{"--lang", "it", "tournament", "create", "X", "--rounds", "3"}, "arbitro: opzione obbligatoria mancante: --system (vedi 'arbitro --help')\n"},
		{[]string{"--lang", "fr", "tournament", "create", "X"}, "arbitro: option obligatoire absente : --system (voir 'arbitro --help')\n"},
		{[]string{"--lang", "en", "result", "list", "--bogus"}, "arbitro: unknown flag: --bogus (see 'arbitro result list --help')\n"},
		{[]string{"--lang", "nl", "result", "list", "--bogus"}, "arbitro: onbekende optie: --bogus (zie 'arbitro result list --help')\n"},
		{[]string{"--lang", "en", "tournament", "create", "X", "-x"}, "arbitro: unknown shorthand flag: 'x' in -x (see 'arbitro tournament create --help')\n"},
		{[]string{"--lang", "it", "pairings", "--round", "two"}, "arbitro: valore \"two\" non valido per --round: ci vuole un numero intero (vedi 'arbitro pairings --help')\n"},
		{[]string{"--lang", "en", "pairings", "--round", "two"}, "arbitro: invalid argument \"two\" for --round: a whole number is expected (see 'arbitro pairings --help')\n"},
		{[]string{"--lang", "it", "pairings", "--round"}, "arbitro: l'opzione --round vuole un valore (vedi 'arbitro pairings --help')\n"},
		{[]string{"--lang", "it", "player", "list", "a"}, "arbitro: comando sconosciuto \"a\" per \"arbitro player list\" (vedi 'arbitro player list --help')\n"},
		{[]string{"--lang", "en", "player", "list", "a"}, "arbitro: unknown command \"a\" for \"arbitro player list\" (see 'arbitro player list --help')\n"},
		// Argument counts name the command and its usage, the argument names in the run's language.
		{[]string{"--lang", "it", "player", "add"}, "arbitro: 'arbitro player add' vuole 1 argomento, ne ha ricevuti 0 (uso: arbitro player add \"Cognome, Nome\") (vedi 'arbitro player add --help')\n"},
		{[]string{"--lang", "en", "player", "add"}, "arbitro: 'arbitro player add' accepts 1 arg(s), received 0 (usage: arbitro player add \"Surname, Given name\") (see 'arbitro player add --help')\n"},
		{[]string{"--lang", "fr", "game", "add", "1"}, "arbitro: 'arbitro game add' demande 3 arguments, en a reçu 1 (usage : arbitro game add RONDE TABLE FICHIER.pdn|-) (voir 'arbitro game add --help')\n"},
		{[]string{"--lang", "nl", "player", "withdraw", "a", "b"}, "arbitro: 'arbitro player withdraw' verwacht 1 argument, kreeg er 2 (gebruik: arbitro player withdraw SPELER [--keep-numbers | --redraw]) (zie 'arbitro player withdraw --help')\n"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"--db", db}, c.args...), bufferStreams(&out, &errb))
		if code != exitUsage || errb.String() != c.want {
			t.Errorf("%q: exit %d, stderr\n%q, want\n%q", c.args, code, errb.String(), c.want)
		}
	}
}

// TestCobraRequiredFlags: cobra names several missing flags quoted and comma-separated.
func TestCobraRequiredFlags(t *testing.T) {
	if got := requiredFlags(`"rounds", "system"`); got != "--rounds, --system" {
		t.Fatalf("requiredFlags = %q", got)
	}
}
