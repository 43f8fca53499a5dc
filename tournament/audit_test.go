package tournament

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"arbitro/rules"
)

const (
	itaFile  = "testdata/audit/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"
	intlFile = "testdata/audit/intl_world_championship_2007_rounds01-11.pdn"
)

// The archive audit of the real files: every game legal (an independent engine, pydraughts, replayed them all: rules/testdata/README.md),
// two 2007 games without a result.
func TestAuditPDNRealFiles(t *testing.T) {
	for _, tc := range []struct {
		file  string
		games int
	}{{itaFile, 36}, {intlFile, 110}} {
		f, err := os.Open(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		unknown := 0
		st, err := AuditPDN(f, rules.ReplayOptions{}, func(g *rules.Game, vd rules.Verdict, ps []Problem) error {
			if len(ps) > 0 {
				t.Errorf("%s game %d: %v", tc.file, g.Index, ps)
			}
			if vd.ResultCheck == rules.ResultUnknown {
				unknown++
			}
			return nil
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if st.Games != tc.games || st.Illegal != 0 || st.WithProblems != 0 {
			t.Errorf("%s: %+v", tc.file, st)
		}
		if tc.file == intlFile && unknown != 2 {
			t.Errorf("%s: %d games without result, want 2", tc.file, unknown)
		}
	}
}

// A corrupted game in the middle of an archive is found at the right game and ply.
func TestAuditPDNFindsIllegal(t *testing.T) {
	data, err := os.ReadFile(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	// Game 1, move 7: 20x11 is compulsory; write 20-16 instead.
	bad := bytes.Replace(data, []byte("7. 20x11"), []byte("7. 20-16"), 1)
	var found []string
	st, err := AuditPDN(bytes.NewReader(bad), rules.ReplayOptions{}, func(g *rules.Game, vd rules.Verdict, ps []Problem) error {
		for _, p := range ps {
			found = append(found, fmt.Sprintf("%d %s %d", g.Index, p.Code, p.Ply))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 36 || st.Illegal != 1 || len(found) != 1 || found[0] != "1 capture-compulsory 13" {
		t.Errorf("stats %+v, problems %v", st, found)
	}
}

func TestAuditPDNBadInput(t *testing.T) {
	for name, in := range map[string]string{"empty": "", "blank": " \n\r\n ", "binary": "PK\x03\x04\x00\x00\x01"} {
		if _, err := AuditPDN(strings.NewReader(in), rules.ReplayOptions{}, nil); err == nil || !strings.Contains(err.Error(), ErrBadPDN.Error()) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

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

// The archive audit's memory does not grow with the number of games: the live heap after
// 9,000 games is within 1 MB of the live heap after 1,000. Set ARBITRO_BIG_AUDIT=1 for
// 100,000 games (about 70 MB of PDN).
func TestAuditPDNMemoryFlat(t *testing.T) {
	data, err := os.ReadFile(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	copies := 250 // 36 games each
	if os.Getenv("ARBITRO_BIG_AUDIT") != "" {
		copies = 2800
	}
	if testing.Short() {
		copies = 30
	}
	var first, peak uint64
	var ms runtime.MemStats
	st, err := AuditPDN(&repeatReader{data: append(data, '\n'), n: copies}, rules.ReplayOptions{}, func(g *rules.Game, vd rules.Verdict, ps []Problem) error {
		if len(ps) > 0 {
			return fmt.Errorf("game %d: %v", g.Index, ps)
		}
		if g.Index%1000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if first == 0 {
				first = ms.HeapAlloc
			}
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 36*copies {
		t.Fatalf("%d games, want %d", st.Games, 36*copies)
	}
	if first != 0 && peak > first+1<<20 {
		t.Errorf("live heap grew from %d to %d bytes over %d games", first, peak, st.Games)
	}
	t.Logf("%d games, live heap %d..%d bytes", st.Games, first, peak)
}

// BenchmarkAuditArchive: the archive audit (PDN parsing, replay, problem checks) of the
// 146 real games of testdata/audit (36 Italian of about 70 plies, 110 International of
// about 90), streamed from memory. Reports games/s; run with
//
//	go test ./tournament -run '^$' -bench AuditArchive -benchmem -cpu 1 -count 5
func BenchmarkAuditArchive(b *testing.B) {
	var all []byte
	for _, f := range []string{itaFile, intlFile} {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		all = append(append(all, d...), '\n')
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(all)))
	games, plies := 0, int64(0)
	cpu0 := cpuSeconds()
	for b.Loop() {
		st, err := AuditPDN(bytes.NewReader(all), rules.ReplayOptions{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		games += st.Games
		plies += st.Plies
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(games)/s, "games/s")
	// On a shared machine the process may get less than one core: games per second of
	// CPU time used by the process (user + system) is the single-core figure.
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(games)/cpu, "games/cpu-s")
	}
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}
