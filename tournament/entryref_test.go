package tournament

import (
	"errors"
	"strings"
	"testing"
)

// TestFindEntryOneNumber: a number is the entry id before the lot and the pairing number
// after it (issue 28: one number per player, the one on the sheets); Ref gives back what
// FindEntry reads.
func TestFindEntryOneNumber(t *testing.T) {
	before := []Entry{
		{ID: 1, Player: Player{Name: "Rossi, Mario", Club: "CD Forli"}},
		{ID: 2, Player: Player{Name: "Bianchi, Luca"}},
		{ID: 3, Player: Player{Name: "Verdi, Anna"}},
	}
	if e, err := FindEntry(before, "2", "Open"); err != nil || e.ID != 2 {
		t.Fatalf("before the lot, 2 = %+v, %v; want entry 2", e, err)
	}
	after := []Entry{
		{ID: 1, Number: 3, Player: Player{Name: "Rossi, Mario", Club: "CD Forli"}},
		{ID: 2, Number: 1, Player: Player{Name: "Bianchi, Luca"}},
		{ID: 3, Number: 2, Player: Player{Name: "Verdi, Anna"}},
		{ID: 4, Status: StatusWithdrawn, Player: Player{Name: "Neri, Paolo"}},
	}
	for ref, id := range map[string]int64{"2": 3, " 3 ": 1, "1": 2, "neri": 4, "VERDI, anna": 3} {
		e, err := FindEntry(after, ref, "Open")
		if err != nil || e.ID != id {
			t.Errorf("after the lot, %q = %+v, %v; want entry %d", ref, e, err, id)
		}
	}
	if _, err := FindEntry(after, "4", "Open"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "no player has pairing number 4") {
		t.Errorf("entry id 4 after the lot: %v; want no pairing number 4", err)
	}
	for i := range after {
		e := &after[i]
		if got, err := FindEntry(after, strings.Trim(e.Ref(true), `"`), "Open"); err != nil || got.ID != e.ID {
			t.Errorf("Ref %s of entry %d reads back as %+v, %v", e.Ref(true), e.ID, got, err)
		}
	}
}

// TestFindEntryAmbiguous: a shared name is refused, naming every candidate by the number
// the commands take and what tells them apart.
func TestFindEntryAmbiguous(t *testing.T) {
	es := []Entry{
		{ID: 1, Number: 4, Player: Player{Name: "Rossi, Mario", Club: "CD Forli"}},
		{ID: 6, Number: 1, Player: Player{Name: "Rossi, Mario", Club: "CD Faenza", FIDID: "123"}},
		{ID: 7, Status: StatusWithdrawn, Player: Player{Name: "Rossi, Marco"}},
	}
	_, err := FindEntry(es, "Rossi, Mario", "Open")
	want := `"Rossi, Mario" matches several players: 1 "Rossi, Mario" (CD Faenza, FID id 123), 4 "Rossi, Mario" (CD Forli); give the pairing number`
	if !errors.Is(err, ErrInvalid) || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("exact namesakes: %v; want %s", err, want)
	}
	_, err = FindEntry(es, "rossi", "Open")
	want = `1 "Rossi, Mario" (CD Faenza, FID id 123), 4 "Rossi, Mario" (CD Forli), "Rossi, Marco" (no club, did not start: no number); give the pairing number`
	if !errors.Is(err, ErrInvalid) || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("a part of three names: %v; want %s", err, want)
	}
	if e, err := FindEntry(es, "Rossi, Marco", "Open"); err != nil || e.ID != 7 {
		t.Errorf("the exact name wins over the parts: %+v, %v", e, err)
	}
}
