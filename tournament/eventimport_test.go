package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"arbitro/rules"
)

const (
	italianEvent = "testdata/events/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"
	worldEvent   = "testdata/events/intl_world_championship_2007_rounds01-11.pdn"
)

func importFile(t *testing.T, st *Store, data []byte, opts EventImportOptions) *ImportReport {
	t.Helper()
	rep, err := ImportEventPDN(context.Background(), st, bytes.NewReader(data), "test.pdn", opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func newTestStore(t *testing.T) *Store {
	t.Helper()
	st, err := Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// independentScores adds up game points per player straight from the tag lines of a file
// (no PDN reader, no planner): the check the import is compared with.
func independentScores(data []byte) map[string]int {
	tag := regexp.MustCompile(`(?m)^\[(Bianco|Nero|Risultato|White|Black|Result) "([^"]*)"\]`)
	pts := map[string]int{}
	var w, b string
	for _, m := range tag.FindAllSubmatch(data, -1) {
		v := string(m[2])
		switch string(m[1]) {
		case "Bianco", "White":
			w = v
		case "Nero", "Black":
			b = v
		default:
			switch v {
			case "1-0":
				pts[w] += 2
			case "0-1":
				pts[b] += 2
			case "1/2-1/2":
				pts[w]++
				pts[b]++
			}
		}
	}
	return pts
}

func TestEventImportItalianChampionship(t *testing.T) {
	data, err := os.ReadFile(italianEvent)
	if err != nil {
		t.Fatal(err)
	}
	st := newTestStore(t)
	rep := importFile(t, st, data, EventImportOptions{})
	p := rep.Plan
	if p.GamesFound() != 36 || len(p.Players) != 18 || p.RoundsFound() != 4 || p.Legal() != 36 {
		t.Fatalf("games %d players %d rounds %d legal %d; want 36 18 4 36", p.GamesFound(), len(p.Players), p.RoundsFound(), p.Legal())
	}
	if p.RoundSource != RoundFromEventText {
		t.Errorf("round source %q", p.RoundSource)
	}
	tr := rep.Tournament
	if tr.Name != "69° ASSOLUTO 2005" || tr.Variant != VariantItalian || tr.System != SystemItaloSwiss || tr.Rounds != 4 {
		t.Errorf("tournament %+v", tr)
	}
	if len(p.Duplicates) != 0 {
		t.Errorf("unexpected duplicates %v", p.Duplicates)
	}
	// Round 1 board 1 is the first game of the file; round 4 board 9 the last.
	boards := storedBoards(t, st)
	if g := boards[0]; g.Round != 1 || g.Board != 1 || g.White != "BORGHETTI, Michele" || g.Black != "MASCOLO, Luca" || g.Result != "2-0" {
		t.Errorf("first game %+v", g)
	}
	if g := boards[35]; g.Round != 4 || g.Board != 9 {
		t.Errorf("last game round %d board %d", g.Round, g.Board)
	}
	checkImportedCounts(t, st, 36)
	checkStandingsAgree(t, st, tr, independentScores(data))
}

// storedBoard is one board as the database holds it after an import.
type storedBoard struct {
	Round, Board int
	White, Black string
	Result       string // the stored result ("2-0", "1-1", "0-2"), "" when pending
}

// storedBoards reads every board of the database, by round and board.
func storedBoards(t *testing.T, st *Store) []storedBoard {
	t.Helper()
	rows, err := st.DB().Query(`SELECT r.number, b.board, pw.name, pb.name,
		coalesce((SELECT res.white_points || '-' || res.black_points FROM results res WHERE res.board_id = b.id), '')
		FROM boards b JOIN rounds r ON r.id = b.round_id
		JOIN entries ew ON ew.id = b.white_entry JOIN players pw ON pw.id = ew.player_id
		JOIN entries eb ON eb.id = b.black_entry JOIN players pb ON pb.id = eb.player_id
		ORDER BY r.number, b.board`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []storedBoard
	for rows.Next() {
		var b storedBoard
		if err := rows.Scan(&b.Round, &b.Board, &b.White, &b.Black, &b.Result); err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkImportedCounts checks that every one of n games has its board, result and legal score.
func checkImportedCounts(t *testing.T, st *Store, n int) {
	t.Helper()
	var boards, results, games, legal int
	if err := st.DB().QueryRow(`SELECT (SELECT count(*) FROM boards), (SELECT count(*) FROM results WHERE kind = 'played'),
			(SELECT count(*) FROM games), (SELECT count(*) FROM games WHERE legal = 1)`).Scan(&boards, &results, &games, &legal); err != nil {
		t.Fatal(err)
	}
	if boards != n || results != n || games != n || legal != n {
		t.Errorf("boards %d results %d games %d legal %d, want %d each", boards, results, games, legal, n)
	}
}

// checkStandingsAgree compares the standings with the points counted from the file's tags.
func checkStandingsAgree(t *testing.T, st *Store, tr *Tournament, want map[string]int) {
	t.Helper()
	err := st.View(context.Background(), func(tx *Tx) error {
		ct, err := tx.LoadCrosstable(tr)
		if err != nil {
			return err
		}
		rows, err := ComputeStandings(ct, tr.Rounds)
		if err != nil {
			return err
		}
		byName := map[string]int{}
		for k, v := range want {
			byName[EventPlayerName(k)] = v
		}
		for _, r := range rows {
			if byName[r.Entry.Name] != r.Points {
				t.Errorf("%s: %d points, independent count %d", r.Entry.Name, r.Points, byName[r.Entry.Name])
			}
		}
		if rows[0].Entry.Name != "BORGHETTI, Michele" || rows[0].Points != 8 || rows[0].RankTo != rows[0].Rank {
			t.Errorf("leader %s %d", rows[0].Entry.Name, rows[0].Points)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestEventImportWorldChampionship(t *testing.T) {
	data, err := os.ReadFile(worldEvent)
	if err != nil {
		t.Fatal(err)
	}
	st := newTestStore(t)
	rep := importFile(t, st, data, EventImportOptions{System: SystemRoundRobin, Rounds: 19, Name: "World Championship 2007"})
	p := rep.Plan
	if p.GamesFound() != 110 || len(p.Players) != 20 || p.RoundsFound() != 11 || p.Legal() != 110 {
		t.Fatalf("games %d players %d rounds %d legal %d", p.GamesFound(), len(p.Players), p.RoundsFound(), p.Legal())
	}
	if p.RoundSource != RoundFromFileOrder || rep.Tournament.Variant != VariantInternational || rep.Tournament.Rounds != 19 {
		t.Errorf("source %q tournament %+v", p.RoundSource, rep.Tournament)
	}
	perRound := map[int]int{}
	pending := 0
	for _, g := range storedBoards(t, st) {
		perRound[g.Round]++
		if g.Result == "" {
			pending++
		}
	}
	for r := 1; r <= 11; r++ {
		if perRound[r] != 10 {
			t.Errorf("round %d has %d games", r, perRound[r])
		}
	}
	if pending != 2 {
		t.Errorf("%d games without result, want 2 (Valneris-Georgiev, Misans-Schwarzman)", pending)
	}
	dateWarn := false
	for _, w := range p.Warnings {
		dateWarn = dateWarn || strings.Contains(w, "round 1: games carry different dates")
	}
	if !dateWarn {
		t.Errorf("no warning about the two round-1 games dated 2007.05.24: %v", p.Warnings)
	}
	// Without --system the 11 rounds of a 20-player event are not a whole round robin.
	games, _, err := ReadEventPDN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := PlanEventImport(games, EventImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tournament.System != SystemDutch || plan.Tournament.Rounds != 11 || plan.Tournament.Name != "Wk 2007" {
		t.Errorf("inferred %+v", plan.Tournament)
	}
}

func TestEventImportWindows1252(t *testing.T) {
	data, err := os.ReadFile(italianEvent)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := charmap.Windows1252.NewEncoder().Bytes(data)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(cp, data) {
		t.Fatal("the re-encoded file should differ (°)")
	}
	st := newTestStore(t)
	rep := importFile(t, st, cp, EventImportOptions{})
	if !rep.Plan.Windows1252 || rep.Tournament.Name != "69° ASSOLUTO 2005" || rep.Plan.Legal() != 36 || rep.Plan.RoundsFound() != 4 {
		t.Errorf("windows-1252 %v name %q legal %d", rep.Plan.Windows1252, rep.Tournament.Name, rep.Plan.Legal())
	}
}

// pdnGame writes one short Italian game with the given tags.
func pdnGame(round, white, black, result, moves string) string {
	s := ""
	if round != "" {
		s += `[Round "` + round + `"]` + "\n"
	}
	return s + `[White "` + white + `"]` + "\n" + `[Black "` + black + `"]` + "\n" + `[Result "` + result + `"]` + "\n" +
		`[GameType "22"]` + "\n\n" + moves + " " + result + "\n\n"
}

func TestEventImportDuplicateSpellingsReported(t *testing.T) {
	src := pdnGame("1", "ROSSI Mario", "Bianchi, Luca", "1-0", "1. 22-18 10-14") +
		pdnGame("1", "Verdi, Anna", "Neri, Carlo", "0-1", "1. 22-18 10-14") +
		pdnGame("2", "Rossì, Mario", "Verdi, A.", "1/2-1/2", "1. 22-18 10-14") +
		pdnGame("2", "rossi, mario", "Nerri, Carlo", "1-0", "1. 22-18 10-14")
	st := newTestStore(t)
	rep := importFile(t, st, []byte(src), EventImportOptions{Name: "Dups"})
	p := rep.Plan
	// "rossi, mario" is "ROSSI, Mario" to the store (case only): one player, reported.
	// "Rossì", "Verdi, A." and "Nerri" are kept apart and reported.
	if len(p.Players) != 7 {
		t.Errorf("players %v", p.Players)
	}
	want := map[string]string{
		"ROSSI, Mario|rossi, mario": DupCase,
		"ROSSI, Mario|Rossì, Mario": DupLetters,
		"Verdi, Anna|Verdi, A.":     DupInitials,
		"Neri, Carlo|Nerri, Carlo":  DupEdit,
	}
	got := map[string]string{}
	for _, d := range p.Duplicates {
		got[d.A+"|"+d.B] = d.Why
	}
	for k, why := range want {
		if got[k] != why {
			t.Errorf("%s: got %q, want %q (all: %v)", k, got[k], why, p.Duplicates)
		}
	}
	if len(got) != len(want) {
		t.Errorf("duplicates %v", p.Duplicates)
	}
}

func TestEventImportIllegalGameStoredWithVerdict(t *testing.T) {
	// After 22-18 10-14, square 17 is empty: 17-13 moves no piece.
	src := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18 10-14 2. 17-13") + pdnGame("1", "C, C", "D, D", "0-1", "1. 22-18 10-14")
	st := newTestStore(t)
	rep := importFile(t, st, []byte(src), EventImportOptions{Name: "Illegal"})
	ill := rep.Plan.Illegal()
	if len(ill) != 1 || ill[0].Verdict.Ply != 3 || ill[0].Verdict.Reason != rules.ReasonNotOwnPiece {
		t.Fatalf("illegal %+v", ill)
	}
	err := st.View(context.Background(), func(tx *Tx) error {
		var legal, ply int
		var reason, verdict string
		if err := tx.queryRow(`SELECT legal, illegal_ply, reason, verdict FROM games g JOIN boards b ON b.id = g.board_id WHERE b.board = 1`).
			Scan(&legal, &ply, &reason, &verdict); err != nil {
			return err
		}
		if legal != 0 || ply != 3 || reason != rules.ReasonNotOwnPiece || !strings.Contains(verdict, `"FEN"`) {
			t.Errorf("stored legal %d ply %d reason %q verdict %s", legal, ply, reason, verdict)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestEventImportAllOrNothing(t *testing.T) {
	st := newTestStore(t)
	// Round tags put A in round 1 twice: nothing may be written.
	src := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18") + pdnGame("1", "A, A", "C, C", "1-0", "1. 22-18")
	_, err := ImportEventPDN(context.Background(), st, strings.NewReader(src), "bad.pdn", EventImportOptions{Name: "Bad"})
	if !errors.Is(err, ErrEventPDN) || !strings.Contains(err.Error(), "plays twice in round 1") {
		t.Fatalf("err %v", err)
	}
	// A tournament of that name already exists: the second import fails whole.
	good := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18")
	importFile(t, st, []byte(good), EventImportOptions{Name: "Same"})
	other := pdnGame("1", "A, A", "B, B", "0-1", "1. 22-18")
	if _, err := ImportEventPDN(context.Background(), st, strings.NewReader(other), "x.pdn", EventImportOptions{Name: "Same"}); !errors.Is(err, ErrDuplicateTournament) {
		t.Fatalf("err %v", err)
	}
	var n, players int
	if err := st.DB().QueryRow(`SELECT (SELECT count(*) FROM tournaments), (SELECT count(*) FROM players)`).Scan(&n, &players); err != nil {
		t.Fatal(err)
	}
	if n != 1 || players != 2 {
		t.Errorf("%d tournaments, %d players after a failed import", n, players)
	}
	// Games of two variants.
	mixed := good + strings.Replace(pdnGame("2", "A, A", "B, B", "1-0", "1. 32-28"), `"22"`, `"20"`, 1)
	if _, err := ImportEventPDN(context.Background(), st, strings.NewReader(mixed), "m.pdn", EventImportOptions{Name: "Mixed"}); !errors.Is(err, ErrEventPDN) {
		t.Fatalf("mixed variants: %v", err)
	}
}

func TestEventImportInfersRoundRobin(t *testing.T) {
	// 4 players, 3 rounds, every pair once: a whole round robin.
	src := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18") + pdnGame("1", "C, C", "D, D", "0-1", "1. 22-18") +
		pdnGame("2", "A, A", "C, C", "1-0", "1. 22-18") + pdnGame("2", "B, B", "D, D", "0-1", "1. 22-18") +
		pdnGame("3", "D, D", "A, A", "1-0", "1. 22-18") + pdnGame("3", "B, B", "C, C", "0-1", "1. 22-18")
	games, _, err := ReadEventPDN(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := PlanEventImport(games, EventImportOptions{Name: "RR"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tournament.System != SystemRoundRobin || plan.Tournament.Rounds != 3 || plan.RoundSource != RoundFromTag {
		t.Errorf("%+v %s", plan.Tournament, plan.RoundSource)
	}
	// A rematch in round 3 makes it a Swiss.
	src2 := strings.Replace(src, `[White "D, D"]`+"\n"+`[Black "A, A"]`, `[White "D, D"]`+"\n"+`[Black "C, C"]`, 1)
	src2 = strings.Replace(src2, `[White "B, B"]`+"\n"+`[Black "C, C"]`, `[White "B, B"]`+"\n"+`[Black "A, A"]`, 1)
	games, _, _ = ReadEventPDN(strings.NewReader(src2))
	plan, err = PlanEventImport(games, EventImportOptions{Name: "RR2"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tournament.System != SystemItaloSwiss {
		t.Errorf("with a rematch: %s", plan.Tournament.System)
	}
}

func TestRoundInText(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		rest string
	}{
		{"69° ASSOLUTO 1° TURNO", 1, "69° ASSOLUTO"},
		{"69° ASSOLUTO 12° TURNO", 12, "69° ASSOLUTO"},
		{"Open di Roma, turno 3", 3, "Open di Roma"},
		{"Dutch championship round 5", 5, "Dutch championship"},
		{"NK 2009 ronde 1", 1, "NK 2009"},
		{"Wk 2007", 0, "Wk 2007"},
		{"69° ASSOLUTO", 0, "69° ASSOLUTO"},
	} {
		n, rest := RoundInText(c.in)
		if n != c.n || rest != c.rest {
			t.Errorf("RoundInText(%q) = %d, %q; want %d, %q", c.in, n, rest, c.n, c.rest)
		}
	}
}

func TestEventPlayerName(t *testing.T) {
	for in, want := range map[string]string{
		"BORGHETTI Michele":   "BORGHETTI, Michele",
		"LO GALBO Santo":      "LO GALBO, Santo",
		"DE GRANDIS Mirco":    "DE GRANDIS, Mirco",
		"Akker,van den,J.":    "Akker, van den, J.",
		"Schwarzman,A.":       "Schwarzman, A.",
		"Mario Rossi":         "Mario Rossi",
		"  D'ALESSIO   Luca ": "D'ALESSIO, Luca",
	} {
		if got := EventPlayerName(in); got != want {
			t.Errorf("EventPlayerName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"maijnelli", "majnelli", 1}, {"neri", "nerri", 1}, {"kitten", "sitting", 3}, {"abc", "abc", 0}, {"", "ab", 2}} {
		if got := editDistance(c.a, c.b, 5); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
	// The brothers of the 2005 championship are not reported.
	if d := PossibleDuplicates([]string{"MAIJNELLI, Antonino", "MAIJNELLI, Michele"}); len(d) != 0 {
		t.Errorf("%v", d)
	}
}

// BenchmarkEventImport measures reading, judging and writing the 110 games of the 2007 World
// Championship in one transaction (a fresh database per iteration).
func BenchmarkEventImport(b *testing.B) {
	data, err := os.ReadFile(worldEvent)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		st, err := Open(filepath.Join(dir, fmt.Sprintf("b%d.db", i)))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ImportEventPDN(context.Background(), st, bytes.NewReader(data), "wk2007.pdn", EventImportOptions{}); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}

// BenchmarkEventPlan is the same without the database: read and judge only.
func BenchmarkEventPlan(b *testing.B) {
	data, err := os.ReadFile(worldEvent)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		games, _, err := ReadEventPDN(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := PlanEventImport(games, EventImportOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
