package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"arbitro/tournament"
)

// chainFile returns a store holding a tournament and five more logged actions.
func chainFile(t *testing.T) *Store {
	t.Helper()
	s, _ := openTemp(t)
	newTournament(t, s, "Open")
	for i := 0; i < 5; i++ {
		mustUpdate(t, s, func(tx *Tx) error { return tx.logEvent(0, "test.write", nil, i) })
	}
	return s
}

func verifyLog(t *testing.T, s *Store) EventLogCheck {
	t.Helper()
	var c EventLogCheck
	if err := s.View(context.Background(), func(tx *Tx) (err error) {
		c, err = tx.VerifyEventLog()
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSafetyEventLogChain: the event log's hash chain holds for a file written by arbitro,
// and arbitro audit's check (VerifyEventLog) finds each way the sqlite3 shell can tamper
// with it, naming the first entry where it breaks: an entry changed, one deleted in the
// middle, one inserted (with no hash, or a made-up one), the append-only triggers
// dropped. The last entries deleted are not found by the chain alone: the chain head kept
// elsewhere (Head) shows it.
func TestSafetyEventLogChain(t *testing.T) {
	s := chainFile(t)
	ok := verifyLog(t, s)
	if ok.Break != nil || ok.Entries != 6 || len(ok.Head) != 64 {
		t.Fatalf("an untouched log: %+v, want 6 entries verified and a head", ok)
	}
	cases := []struct {
		name  string
		sql   []string
		want  *tournament.ChainBreak
		wantN int
	}{
		{"changed", []string{"DROP TRIGGER events_no_update", `UPDATE events SET after_json = '99' WHERE id = 4`,
			eventTriggers["events_no_update"]},
			&tournament.ChainBreak{Kind: tournament.ChainMismatch, EventID: 4}, 3},
		{"changed-actor", []string{"DROP TRIGGER events_no_update", `UPDATE events SET actor = 'someone' WHERE id = 2`,
			eventTriggers["events_no_update"]},
			&tournament.ChainBreak{Kind: tournament.ChainMismatch, EventID: 2}, 1},
		{"deleted", []string{"DROP TRIGGER events_no_delete", `DELETE FROM events WHERE id = 3`, eventTriggers["events_no_delete"]},
			&tournament.ChainBreak{Kind: tournament.ChainGap, EventID: 4, MissingFrom: 3, MissingTo: 3}, 2},
		{"inserted-unhashed", []string{`INSERT INTO events (id, at, actor, action) VALUES (7, 'x', 'someone', 'result.set')`},
			&tournament.ChainBreak{Kind: tournament.ChainUnhashed, EventID: 7}, 6},
		{"inserted-made-up-hash", []string{`INSERT INTO events (id, at, actor, action, hash) VALUES (7, 'x', 'someone', 'result.set', '` + strings.Repeat("ab", 32) + `')`},
			&tournament.ChainBreak{Kind: tournament.ChainMismatch, EventID: 7}, 6},
		{"triggers-dropped", []string{"DROP TRIGGER events_no_update", "DROP TRIGGER events_no_delete"},
			&tournament.ChainBreak{Kind: tournament.ChainTriggers}, 6},
		{"trigger-changed", []string{"DROP TRIGGER events_no_delete", "CREATE TRIGGER events_no_delete BEFORE DELETE ON events WHEN 0 BEGIN SELECT 1; END"},
			&tournament.ChainBreak{Kind: tournament.ChainTriggers}, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := chainFile(t)
			for _, q := range c.sql {
				if _, err := s.DB().Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			got := verifyLog(t, s)
			if got.Break == nil || *got.Break != *c.want || got.Entries != c.wantN {
				t.Fatalf("got %+v (break %+v), want break %+v after %d entries", got, got.Break, c.want, c.wantN)
			}
		})
	}
	t.Run("last-deleted-needs-the-head", func(t *testing.T) {
		s := chainFile(t)
		kept := verifyLog(t, s).Head
		s.DB().Exec("DROP TRIGGER events_no_delete")
		s.DB().Exec(`DELETE FROM events WHERE id = 6`)
		s.DB().Exec(eventTriggers["events_no_delete"])
		got := verifyLog(t, s)
		if got.Break != nil {
			t.Fatalf("the chain alone cannot see the last entry deleted, yet: %+v", got.Break)
		}
		if got.Head == kept {
			t.Fatal("the head did not change when the last entry was deleted")
		}
	})
}

// TestEventHashFixed: the chain's hash of an entry is fixed (a change of
// tournament.EventHash would make every stored chain fail audit), depends on the
// previous hash, and no two fields can trade bytes.
func TestEventHashFixed(t *testing.T) {
	e := tournament.Event{ID: 1, TournamentID: 2, At: "2026-11-26T10:00:00Z", Actor: "Rossi", Action: "result.set",
		Before: []byte("null"), After: []byte(`{"result":"2-0"}`), ActionID: 1}
	h := tournament.EventHash("", &e)
	if h != tournament.EventHash("", &e) || len(h) != 64 {
		t.Fatalf("hash %q", h)
	}
	if tournament.EventHash(h, &e) == h {
		t.Error("the previous hash does not count")
	}
	f := e
	f.Actor, f.Action = "Rossir", "esult.set"
	if tournament.EventHash("", &f) == h {
		t.Error("bytes moved from one field to the next give the same hash")
	}
	const want = "c872fbc6138656079161066e863f6eb96ed8bb2835068aa55cfb91ba94d33bbd" // computed independently (Python hashlib)
	if h != want {
		t.Errorf("EventHash = %s, want %s (the chain's formula changed)", h, want)
	}
}

// TestMigrate008ChainsOldLog: a schema-1 file with entries in its log is upgraded by its
// first kept write; migration 008 chains the old entries, the write's entry follows them,
// and the whole log verifies.
func TestMigrate008ChainsOldLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeV1File(t, path,
		`INSERT INTO tournaments (name, variant, system, rounds, created_at) VALUES ('Vecchio', 'italian', 'italo-swiss', 5, 'x')`,
		`INSERT INTO events (tournament_id, at, actor, action) VALUES (1, '2025-01-01T00:00:00Z', 'arbiter', 'tournament.create')`,
		`INSERT INTO events (tournament_id, at, actor, action, after_json) VALUES (1, '2025-01-02T00:00:00Z', 'arbiter', 'player.add', '{"name":"Rossi"}')`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustUpdate(t, s, func(tx *Tx) error { return tx.logEvent(1, "test.write", nil, 1) })
	c := verifyLog(t, s)
	if c.Break != nil || c.Entries != 3 {
		t.Fatalf("after the upgrade: %+v (break %+v), want 3 entries verified", c, c.Break)
	}
	var unhashed int
	s.DB().QueryRow(`SELECT count(*) FROM events WHERE hash = ''`).Scan(&unhashed)
	if unhashed != 0 {
		t.Errorf("%d entries left without a hash", unhashed)
	}
}
