package rules

import (
	"io"
	"runtime"
	"testing"
)

// repeatReader yields data n times without holding more than one copy.
type repeatReader struct {
	data []byte
	n    int
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.data[r.off:])
	r.off += k
	if r.off == len(r.data) {
		r.off = 0
		r.n--
	}
	return k, nil
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The reader streams: replaying 18,000 games (the Italian file 500 times) keeps the heap
// about where it was after the first 1,800.
func TestPDNReaderMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 18,000 games")
	}
	data := readFile(t, "ita_campionato_italiano_assoluto_2005_turni1-4.pdn")
	r := NewPDNReader(&repeatReader{data: data, n: 500})
	var early uint64
	n := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if vd := Replay(g, ReplayOptions{}); !vd.Legal {
			t.Fatalf("game %d: %s", g.Index, vd.Message)
		}
		n++
		if n == 1800 {
			early = heapInUse()
		}
	}
	late := heapInUse()
	if n != 18000 {
		t.Fatalf("%d games", n)
	}
	if late > early+1<<20 {
		t.Errorf("heap grew from %d to %d bytes while streaming", early, late)
	}
}
