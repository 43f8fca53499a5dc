package store

import (
	"arbitro/tournament"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ImportEventFile opens the store only for a good file (a bad or missing file never
// creates the database), reads standard input through a spool, refuses the same bytes
// again unless again, and returns open's error unchanged.
func TestImportEventFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	opened := 0
	open := func() (*Store, error) { opened++; return Open(db) } // ImportEventFile closes it
	bad := filepath.Join(dir, "bad.pdn")
	if err := os.WriteFile(bad, []byte(bigEvent(40, 37)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ImportEventFile(ctx, EventInput{Path: bad}, tournament.EventImportOptions{}, false, open); !errors.Is(err, tournament.ErrEventPDN) || opened != 0 {
		t.Errorf("bad file: %v, store opened %d times", err, opened)
	}
	var ie *EventInputError
	if _, err := ImportEventFile(ctx, EventInput{Path: filepath.Join(dir, "none.pdn")}, tournament.EventImportOptions{}, false, open); !errors.As(err, &ie) || ie.Spool || opened != 0 {
		t.Errorf("missing file: %v, store opened %d times", err, opened)
	}
	good := bigEvent(60, 0)
	rep, err := ImportEventFile(ctx, EventInput{Path: "-", Stdin: &onceReader{r: strings.NewReader(good)}, SpoolDir: dir}, tournament.EventImportOptions{Name: "Big"}, false, open)
	if err != nil || rep.Plan.Legal() != 60 || opened != 1 {
		t.Fatalf("standard input: %v, store opened %d times", err, opened)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".arbitro-stdin-*")); len(left) != 0 {
		t.Errorf("spool left behind: %v", left)
	}
	file := filepath.Join(dir, "good.pdn")
	if err := os.WriteFile(file, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ImportEventFile(ctx, EventInput{Path: file}, tournament.EventImportOptions{Name: "Big"}, false, open); !errors.Is(err, tournament.ErrAlreadyImported) {
		t.Errorf("the bytes of standard input again, from a file: %v", err)
	}
	if rep, err := ImportEventFile(ctx, EventInput{Path: file}, tournament.EventImportOptions{Name: "Big again"}, true, open); err != nil || rep.Tournament.Name != "Big again" {
		t.Errorf("again: %v", err)
	}
	sentinel := errors.New("no database")
	if _, err := ImportEventFile(ctx, EventInput{Path: file}, tournament.EventImportOptions{}, true, func() (*Store, error) { return nil, sentinel }); err != sentinel {
		t.Errorf("open's error: %v", err)
	}
}
