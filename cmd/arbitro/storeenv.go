package main

import (
	"os"
	"strings"
	"time"

	"arbitro/store"
	"arbitro/tournament"
)

// storeEnv returns the store options this process's environment gives, read here at the
// boundary so that package tournament reads no environment: the arbiter's name for the
// event log ($ARBITRO_ARBITER, else $USER, else tournament.DefaultActor) and, for the crash
// tests only, the transaction hook ($ARBITRO_TEST_TX_MARKER, see txMarker). The arbiter's
// name passes the names check where it enters (arbiterName): an error wrapping
// tournament.ErrMalformed when it is refused.
func storeEnv() ([]store.OpenOption, error) {
	name, err := arbiterName()
	if err != nil {
		return nil, err
	}
	opts := []store.OpenOption{store.WithActor(name)}
	if prefix := os.Getenv("ARBITRO_TEST_TX_MARKER"); prefix != "" {
		pause, _ := time.ParseDuration(os.Getenv("ARBITRO_TEST_TX_PAUSE"))
		opts = append(opts, store.WithTxHook(txMarker(prefix, pause)))
	}
	return opts, nil
}

// arbiterName is who the event log names: $ARBITRO_ARBITER, else $USER, else "" (the
// store's default), passed through the names check: $ARBITRO_ARBITER, typed by the
// arbiter, as a person's name (tournament.CheckPersonName: no terminal escape or invisible
// character, a visible letter, at most MaxTextRunes); $USER, a login name that may be a
// number, through CheckText alone. The error names the variable.
func arbiterName() (string, error) {
	if v := strings.TrimSpace(os.Getenv("ARBITRO_ARBITER")); v != "" {
		return tournament.CheckPersonName("$ARBITRO_ARBITER", v, tournament.MaxTextRunes)
	}
	if v := strings.TrimSpace(os.Getenv("USER")); v != "" {
		return tournament.CheckText("$USER", v, tournament.MaxTextRunes)
	}
	return "", nil
}

// txMarker is the crash tests' transaction hook (crash_test.go): it creates PREFIX.begin
// when a write transaction has begun, PREFIX.precommit when all its writes are done and it
// is about to commit (then sleeps pause, e.g. 20ms, so that a kill can land there), and
// PREFIX.commit once it is committed, so that a test can prove where its kill landed.
func txMarker(prefix string, pause time.Duration) func(stage string) {
	return func(stage string) {
		os.WriteFile(prefix+"."+stage, nil, 0o644)
		if stage == "precommit" && pause > 0 {
			time.Sleep(pause)
		}
	}
}
