package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// Two runs in one process share no flag state: each run makes its own globalOptions, so
// --db, --json, --lang and --tournament given to one run, and the language of the
// tournament it selected, are not seen by the next.
func TestRunsShareNoGlobalOptions(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, k := range []string{"ARBITRO_DB", "LANG", "LC_ALL", "LC_MESSAGES"} {
		t.Setenv(k, "")
	}
	runArgs := func(args ...string) (code int, stdout, stderr string) {
		t.Helper()
		var out, errb bytes.Buffer
		code = run(args, bufferStreams(&out, &errb))
		return code, out.String(), errb.String()
	}
	create := []string{"tournament", "create", "Open", "--variant", "italian", "--system", "italo-swiss", "--rounds", "7"}

	if code, out, errs := runArgs(append([]string{"--db", "a.db", "--json", "--lang", "fr"}, create...)...); code != 0 || !strings.HasPrefix(out, "{") {
		t.Fatalf("create in a.db with --json: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// Without --db the default arbitro.db (a.db would refuse a second "Open"), without --json
	// text, without --lang fr the new Italian tournament's own language (no $LANG is set).
	code, out, errs := runArgs(create...)
	if code != 0 || strings.HasPrefix(out, "{") || !strings.HasPrefix(out, "creato il torneo") {
		t.Fatalf("create without flags: exit %d, stdout %q, stderr %q; want text and the default database", code, out, errs)
	}
	if _, err := os.Stat("arbitro.db"); err != nil {
		t.Fatalf("the run without --db did not use the default arbitro.db: %v", err)
	}

	// A run that selects a.db's French tournament, then a run that selects none: its hint
	// is in English, not in the language the previous run learnt.
	if code, _, errs := runArgs("--db", "a.db", "tournament", "show"); code != 0 {
		t.Fatalf("show: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runArgs("--db", "a.db", "--tournament", "Nope", "tournament", "show")
	if code != exitError || !strings.Contains(errs, "(check the name or id; nothing was changed)") {
		t.Fatalf("show --tournament Nope: exit %d, stderr %q; want the English hint", code, errs)
	}
	// --tournament Nope is gone in the next run.
	if code, _, errs := runArgs("--db", "a.db", "tournament", "show"); code != 0 {
		t.Fatalf("show after --tournament Nope: exit %d, stderr %q", code, errs)
	}
}
