package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// countingReader counts the bytes read through it.
type countingReader struct {
	r *bytes.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) Seek(off int64, whence int) (int64, error) { return c.r.Seek(off, whence) }

// bigEvent writes n Italian games, round i of players P<2k> - P<2k+1>, boards apart.
func bigEvent(n int, bad int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		round := (i-1)/50 + 1
		w, bl := fmt.Sprintf("W%d, P", (i-1)%50), fmt.Sprintf("B%d, P", (i-1)%50)
		moves := "1. 22-18 10-14"
		if i == bad {
			moves = "1. 22-18 {never closed"
		}
		b.WriteString(pdnGame(fmt.Sprint(round), w, bl, "1-1", moves))
	}
	return b.String()
}

// TestSafetyEventImportStreams is the Data safety row "memory follows the input": the
// first pass keeps no moves (the plan's games have no score yet) and a file whose game 37
// cannot be read is refused having read only its beginning.
func TestSafetyEventImportStreams(t *testing.T) {
	data := bigEvent(20000, 37)
	cr := &countingReader{r: bytes.NewReader([]byte(data))}
	_, err := PrepareEventImportFile(cr, EventImportOptions{Name: "Big"})
	if !errors.Is(err, ErrEventPDN) || !strings.Contains(err.Error(), "game 37") {
		t.Fatalf("want an ErrEventPDN naming game 37, got %v", err)
	}
	if cr.n > int64(len(data))/10 {
		t.Errorf("read %d of %d bytes before refusing game 37", cr.n, len(data))
	}

	// A good file: the plan holds no game; the import stores every game with its verdict.
	good := bigEvent(400, 0)
	plan, err := PrepareEventImportFile(bytes.NewReader([]byte(good)), EventImportOptions{Name: "Big"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.GamesFound() != 400 || plan.Legal() != 0 || len(plan.Illegal()) != 0 {
		t.Fatalf("the plan found %d games, %d judged before the import", plan.GamesFound(), plan.Legal())
	}
	st := newTestStore(t)
	var rep *ImportReport
	err = st.Update(context.Background(), func(tx *Tx) (err error) { rep, err = tx.ImportEvent(plan, "big.pdn"); return })
	if err != nil {
		t.Fatal(err)
	}
	if rep.Plan.Legal() != 400 {
		t.Errorf("%d games judged legal, want 400", rep.Plan.Legal())
	}
	var n int
	st.DB().QueryRow(`SELECT count(*) FROM games`).Scan(&n)
	if n != 400 {
		t.Errorf("%d games stored, want 400", n)
	}
}

// FuzzPrepareEventImportFile: any bytes give a plan or an error, never a panic; a plan's
// player names passed CheckText.
func FuzzPrepareEventImportFile(f *testing.F) {
	f.Add([]byte(bigEvent(3, 0)))
	f.Add([]byte(bigEvent(3, 2)))
	f.Add([]byte("[White \"A\x1b[2J\"]\n[Black \"B\"]\n\n1. 22-18 *\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		plan, err := PrepareEventImportFile(bytes.NewReader(data), EventImportOptions{})
		if err != nil {
			return
		}
		if plan.GamesFound() == 0 || len(plan.Players) < 2 {
			t.Fatalf("a plan of %d games and %d players", plan.GamesFound(), len(plan.Players))
		}
		for _, n := range plan.Players {
			if _, err := CheckText("name", n, MaxNameRunes); err != nil {
				t.Fatalf("a plan with a name CheckText refuses: %v", err)
			}
		}
	})
}
