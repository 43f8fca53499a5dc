package store

import (
	"arbitro/tournament"
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func mustUpdate(t *testing.T, s *Store, fn func(tx *Tx) error) {
	t.Helper()
	if err := s.Update(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}

func newTournament(t *testing.T, s *Store, name string) *tournament.Tournament {
	t.Helper()
	tr := &tournament.Tournament{Name: name, Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: 7, ByePoints: 2, ForfeitPoints: 2}
	mustUpdate(t, s, func(tx *Tx) error { return tx.CreateTournament(tr) })
	return tr
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func TestOpenCreatesSchemaAndPragmas(t *testing.T) {
	s, _ := openTemp(t)
	if s.Version() != SchemaVersion {
		t.Fatalf("version %d, want %d", s.Version(), SchemaVersion)
	}
	ctx := context.Background()
	// Every pooled connection must carry the DSN pragmas: hold several at once.
	var conns []*sql.Conn
	for i := 0; i < 3; i++ {
		c, err := s.DB().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var fk, busy int
		var jm string
		if err := c.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil {
			t.Fatal(err)
		}
		c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy)
		c.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&jm)
		if fk != 1 || busy != 5000 || jm != "wal" {
			t.Errorf("connection %d: foreign_keys=%d busy_timeout=%d journal_mode=%s, want 1 5000 wal", i, fk, busy, jm)
		}
		c.Close()
	}
	for _, table := range []string{"tournaments", "players", "entries", "rounds", "absences", "boards", "results", "games", "claims", "events"} {
		var n int
		if err := s.DB().QueryRow("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", table).Scan(&n); err != nil || n != 1 {
			t.Errorf("table %s missing (%v)", table, err)
		}
	}
}

func TestReopenKeepsData(t *testing.T) {
	s, path := openTemp(t)
	newTournament(t, s, "Coppa Santa Rosalia")
	s.Close()
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	s2.View(context.Background(), func(tx *Tx) error {
		all, err := tx.Tournaments()
		if err != nil || len(all) != 1 || all[0].Name != "Coppa Santa Rosalia" {
			t.Fatalf("after reopen: %v %v", all, err)
		}
		return nil
	})
}

func setUserVersion(t *testing.T, path string, v int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("PRAGMA user_version = " + itoa(v)); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestNewerSchemaRefusedFileUnchanged(t *testing.T) {
	s, path := openTemp(t)
	newTournament(t, s, "Open")
	s.Close()
	newer := SchemaVersion + 1
	setUserVersion(t, path, newer)
	// Checkpointed and closed: the main file holds everything.
	before := fileHash(t, path)
	_, err := Open(path)
	if !errors.Is(err, tournament.ErrNewerSchema) {
		t.Fatalf("Open of a newer file: %v, want ErrNewerSchema", err)
	}
	want := "database written by a newer arbitro (schema " + itoa(newer) + ", this one knows " + itoa(SchemaVersion) + "): upgrade arbitro"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("message %q does not contain %q", err, want)
	}
	if fileHash(t, path) != before {
		t.Error("the newer file was modified by a refused Open")
	}
}

func TestMigrationFromOlderVersion(t *testing.T) {
	s, path := openTemp(t)
	tr := newTournament(t, s, "Old event")
	mustUpdate(t, s, func(tx *Tx) error {
		_, err := tx.AddPlayer(tr, tournament.Player{Name: "Rossi, Mario", Club: "CD Napoli", Rating: 1850})
		return err
	})
	ctx := context.Background()
	cur, next := SchemaVersion, SchemaVersion+1 // a synthetic next version
	v2 := Schema + "\nALTER TABLE players ADD COLUMN email TEXT NOT NULL DEFAULT '';\n"
	good := []Migration{{Version: next, SQL: "ALTER TABLE players ADD COLUMN email TEXT NOT NULL DEFAULT '';"}}

	// A failing migration leaves the file as it was: version 1, no new column.
	bad := []Migration{{Version: next, SQL: "ALTER TABLE players ADD COLUMN email TEXT NOT NULL DEFAULT ''; CREATE TABLE oops (x REFERENCES;"}}
	if err := s.migrate(ctx, v2, next, bad); err == nil {
		t.Fatal("a broken migration succeeded")
	}
	var v int
	s.DB().QueryRow("PRAGMA user_version").Scan(&v)
	if v != cur {
		t.Fatalf("after a failed migration user_version = %d, want %d", v, cur)
	}
	if _, err := s.DB().Exec("SELECT email FROM players"); err == nil {
		t.Fatal("the failed migration's first statement was kept")
	}

	if err := s.migrate(ctx, v2, next, good); err != nil {
		t.Fatal(err)
	}
	s.DB().QueryRow("PRAGMA user_version").Scan(&v)
	var name, email string
	if err := s.DB().QueryRow("SELECT name, email FROM players").Scan(&name, &email); err != nil || name != "Rossi, Mario" || v != next {
		t.Fatalf("after migration: version %d, %q %q, %v", v, name, email, err)
	}
	s.Close()
	// This arbitro (schema cur) now refuses the migrated file.
	if _, err := Open(path); !errors.Is(err, tournament.ErrNewerSchema) {
		t.Fatalf("want ErrNewerSchema, got %v", err)
	}
}

func TestNotArbitroFiles(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "players.csv")
	os.WriteFile(text, []byte("Name;Club\nRossi, Mario;Napoli\n"+strings.Repeat("x", 5000)), 0o644)
	if _, err := Open(text); !errors.Is(err, tournament.ErrNotArbitro) {
		t.Errorf("Open of a CSV file: %v, want ErrNotArbitro", err)
	}
	other := filepath.Join(dir, "other.db")
	db, _ := sql.Open("sqlite", other)
	db.Exec("CREATE TABLE stuff (x)")
	db.Close()
	before := fileHash(t, other)
	if _, err := Open(other); !errors.Is(err, tournament.ErrNotArbitro) {
		t.Errorf("Open of a foreign SQLite file: %v, want ErrNotArbitro", err)
	}
	if fileHash(t, other) != before {
		t.Error("foreign file modified")
	}
}

func TestUpdateIsAllOrNothing(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	boom := errors.New("boom")
	err := s.Update(ctx, func(tx *Tx) error {
		if err := tx.CreateTournament(&tournament.Tournament{Name: "A", Variant: tournament.VariantItalian, System: tournament.Dutch, Rounds: 5}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	func() {
		defer func() { recover() }()
		s.Update(ctx, func(tx *Tx) error {
			tx.CreateTournament(&tournament.Tournament{Name: "B", Variant: tournament.VariantItalian, System: tournament.Dutch, Rounds: 5})
			panic("bug")
		})
	}()
	var n, ev int
	s.DB().QueryRow("SELECT count(*) FROM tournaments").Scan(&n)
	s.DB().QueryRow("SELECT count(*) FROM events").Scan(&ev)
	if n != 0 || ev != 0 {
		t.Fatalf("%d tournaments and %d events kept after failed updates", n, ev)
	}
}

func TestEventLogAppendOnly(t *testing.T) {
	// The actor and the clock are the store's options, not the environment.
	t.Setenv("ARBITRO_ARBITER", "Environment")
	at := time.Date(2026, 11, 21, 15, 30, 0, 750e6, time.FixedZone("CET", 3600))
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), WithActor(" Bianchi "), WithClock(func() time.Time { return at }))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tr := newTournament(t, s, "Open")
	var evs []tournament.Event
	s.View(context.Background(), func(tx *Tx) (err error) { evs, err = tx.Events(tr.ID); return })
	if len(evs) != 1 || evs[0].Action != "tournament.create" || evs[0].Actor != "Bianchi" || string(evs[0].Before) != "null" || !bytes.Contains(evs[0].After, []byte(`"name":"Open"`)) {
		t.Fatalf("events: %+v", evs)
	}
	if evs[0].At != "2026-11-21T14:30:00Z" || tr.CreatedAt != evs[0].At {
		t.Errorf("event at %s, tournament created at %s; want the injected clock, UTC, to the second", evs[0].At, tr.CreatedAt)
	}
	if d, _ := openTemp(t); d.actor != DefaultActor {
		t.Errorf("default actor %q, want %q", d.actor, DefaultActor)
	}
	for _, q := range []string{"UPDATE events SET actor = 'x'", "DELETE FROM events"} {
		if _, err := s.DB().Exec(q); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v, want append-only refusal", q, err)
		}
	}
}

func TestReadOnlyFile(t *testing.T) {
	s, path := openTemp(t)
	newTournament(t, s, "Archived")
	s.Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	ro, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if !ro.ReadOnly() {
		t.Fatal("a chmod 444 file was not opened read-only")
	}
	if err := ro.View(context.Background(), func(tx *Tx) error {
		all, err := tx.Tournaments()
		if err == nil && len(all) != 1 {
			t.Errorf("%d tournaments", len(all))
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	err = ro.Update(context.Background(), func(tx *Tx) error { return nil })
	if !errors.Is(err, tournament.ErrReadOnly) {
		t.Fatalf("Update on read-only: %v", err)
	}
	// Even a write that bypasses Update is refused by SQLite (mode=ro), also for root.
	if _, err := ro.DB().Exec("DELETE FROM tournaments"); err == nil {
		t.Fatal("raw write on a read-only store succeeded")
	}
}

func TestBusyWriterGetsErrBusy(t *testing.T) {
	s1, path := openTemp(t)
	s2, err := Open(path, WithBusyTimeout(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	ctx := context.Background()
	holding := make(chan struct{})
	release := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s1.Update(ctx, func(tx *Tx) error {
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	start := time.Now()
	err = s2.Update(ctx, func(tx *Tx) error { return nil })
	close(release)
	wg.Wait()
	if !errors.Is(err, tournament.ErrBusy) || !strings.Contains(err.Error(), "database busy: another arbitro is writing; try again") {
		t.Fatalf("second writer: %v, want ErrBusy", err)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("gave up after %v, before the busy timeout", d)
	}
}

func TestSelectTournament(t *testing.T) {
	s, _ := openTemp(t)
	sel := func(ref string) (*tournament.Tournament, error) {
		var tr *tournament.Tournament
		err := s.View(context.Background(), func(tx *Tx) (err error) { tr, err = tx.SelectTournament(ref); return })
		return tr, err
	}
	if _, err := sel(""); !errors.Is(err, tournament.ErrNoTournament) {
		t.Fatalf("empty file: %v", err)
	}
	a := newTournament(t, s, "Coppa Italia")
	if tr, err := sel(""); err != nil || tr.ID != a.ID {
		t.Fatalf("single tournament default: %v %v", tr, err)
	}
	b := newTournament(t, s, "Open di Roma")
	if _, err := sel(""); !errors.Is(err, tournament.ErrAmbiguousTournament) || !strings.Contains(err.Error(), `"Open di Roma"`) {
		t.Fatalf("two tournaments, no flag: %v", err)
	}
	if tr, err := sel("open di roma"); err != nil || tr.ID != b.ID {
		t.Fatalf("by name: %v %v", tr, err)
	}
	if tr, err := sel("1"); err != nil || tr.ID != a.ID {
		t.Fatalf("by id: %v %v", tr, err)
	}
	if _, err := sel("Torneo di Natale"); !errors.Is(err, tournament.ErrNotFound) || !strings.Contains(err.Error(), "Coppa Italia") {
		t.Fatalf("unknown: %v", err)
	}
	err := s.Update(context.Background(), func(tx *Tx) error {
		return tx.CreateTournament(&tournament.Tournament{Name: "coppa italia", Variant: tournament.VariantItalian, System: tournament.Dutch, Rounds: 5})
	})
	if !errors.Is(err, tournament.ErrDuplicateTournament) {
		t.Fatalf("duplicate name: %v", err)
	}
}

func TestTournamentSetLockedAfterRoundOne(t *testing.T) {
	s, _ := openTemp(t)
	tr := newTournament(t, s, "Open")
	set := func(field, value string) error {
		return s.Update(context.Background(), func(tx *Tx) error { _, err := tx.SetTournamentField(tr, field, value); return err })
	}
	if err := set("rounds", "9"); err != nil {
		t.Fatal(err)
	}
	if err := set("system", "swiss"); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("bad system: %v", err)
	}
	if err := set("start", "21/11/2026"); err != nil {
		t.Fatal(err)
	}
	if err := set("end", "2026-11-20"); !errors.Is(err, tournament.ErrInvalid) {
		t.Fatalf("end before start: %v", err)
	}
	mustUpdate(t, s, func(tx *Tx) error {
		_, err := tx.exec("INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, 1, ?)", tr.ID, tx.nowText())
		return err
	})
	for _, f := range []string{"rounds", "system", "variant", "tiebreaks", "scoring", "seed"} {
		if err := set(f, "1"); !errors.Is(err, tournament.ErrLocked) {
			t.Errorf("set %s after round 1: %v, want ErrLocked", f, err)
		}
	}
	if err := set("place", "Palermo"); err != nil {
		t.Fatalf("place after round 1: %v", err)
	}
	s.View(context.Background(), func(tx *Tx) error {
		got, _ := tx.TournamentByID(tr.ID)
		if got.Rounds != 9 || got.Place != "Palermo" || got.Start != "2026-11-21" || got.RoundsPaired != 1 {
			t.Errorf("after set: %+v", got)
		}
		return nil
	})
}

// TestReaderDoesNotWaitForWriter: opening an up-to-date file and reading it must not need
// the write lock another process holds (WAL readers run beside the writer).
func TestReaderDoesNotWaitForWriter(t *testing.T) {
	s1, path := openTemp(t)
	newTournament(t, s1, "Open")
	ctx := context.Background()
	holding := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error)
	go func() {
		done <- s1.Update(ctx, func(tx *Tx) error {
			if _, err := tx.AddPlayer(&tournament.Tournament{ID: 1}, tournament.Player{Name: "Rossi, Mario"}); err != nil {
				return err
			}
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	err = s2.View(ctx, func(tx *Tx) error {
		es, err := tx.Entries(1)
		n = len(es)
		return err
	})
	s2.Close()
	close(release)
	if werr := <-done; werr != nil {
		t.Fatal(werr)
	}
	// The writer holds its transaction until release is closed, which happens only after
	// the read: a reader that needed the write lock would have failed with ErrBusy.
	if err != nil || n != 0 {
		t.Fatalf("reader: %v, saw %d uncommitted entries", err, n)
	}
}

// TestOneNowPerTransaction: the store reads its clock once per transaction, so every row
// and event a command writes carries the same time even when the clock moves meanwhile;
// the next transaction reads it again.
func TestOneNowPerTransaction(t *testing.T) {
	tick := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { tick = tick.Add(time.Minute); return tick }
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tr := &tournament.Tournament{Name: "Open", Variant: tournament.VariantItalian, System: tournament.Dutch, Rounds: 5}
	mustUpdate(t, s, func(tx *Tx) error {
		if err := tx.CreateTournament(tr); err != nil {
			return err
		}
		clock() // the clock moves during the transaction
		_, err := tx.AddPlayer(tr, tournament.Player{Name: "Rossi, Mario"})
		return err
	})
	mustUpdate(t, s, func(tx *Tx) error { _, err := tx.AddPlayer(tr, tournament.Player{Name: "Bianchi, Luca"}); return err })
	var evs []tournament.Event
	s.View(context.Background(), func(tx *Tx) (err error) { evs, err = tx.Events(tr.ID); return })
	if len(evs) != 3 {
		t.Fatalf("%d events, want 3", len(evs))
	}
	if evs[0].At != evs[1].At || evs[0].At != tr.CreatedAt || evs[2].At == evs[1].At {
		t.Errorf("event times %s %s %s (created %s): want the first two equal, the third later", evs[0].At, evs[1].At, evs[2].At, tr.CreatedAt)
	}
}
