package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"arbitro/rules"
	"arbitro/tournament"
)

const (
	italianEvent = "../tournament/testdata/events/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"
	worldEvent   = "../tournament/testdata/events/intl_world_championship_2007_rounds01-11.pdn"
)

func importFile(t *testing.T, st *Store, data []byte, opts tournament.EventImportOptions) *tournament.ImportReport {
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
	rep := importFile(t, st, data, tournament.EventImportOptions{})
	p := rep.Plan
	if p.GamesFound() != 36 || len(p.Players) != 18 || p.RoundsFound() != 4 || p.Legal() != 36 {
		t.Fatalf("games %d players %d rounds %d legal %d; want 36 18 4 36", p.GamesFound(), len(p.Players), p.RoundsFound(), p.Legal())
	}
	if p.RoundSource != tournament.RoundFromEventText {
		t.Errorf("round source %q", p.RoundSource)
	}
	tr := rep.Tournament
	if tr.Name != "69° ASSOLUTO 2005" || tr.Variant != tournament.VariantItalian || tr.System != tournament.ItaloSwiss || tr.Rounds != 4 {
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
func checkStandingsAgree(t *testing.T, st *Store, tr *tournament.Tournament, want map[string]int) {
	t.Helper()
	err := st.View(context.Background(), func(tx *Tx) error {
		ct, err := tx.LoadCrosstable(tr)
		if err != nil {
			return err
		}
		rows, err := tournament.ComputeStandings(ct, tr.Rounds)
		if err != nil {
			return err
		}
		byName := map[string]int{}
		for k, v := range want {
			byName[tournament.EventPlayerName(k)] = v
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
	rep := importFile(t, st, data, tournament.EventImportOptions{System: tournament.RoundRobin, Rounds: 19, Name: "World Championship 2007"})
	p := rep.Plan
	if p.GamesFound() != 110 || len(p.Players) != 20 || p.RoundsFound() != 11 || p.Legal() != 110 {
		t.Fatalf("games %d players %d rounds %d legal %d", p.GamesFound(), len(p.Players), p.RoundsFound(), p.Legal())
	}
	if p.RoundSource != tournament.RoundFromFileOrder || rep.Tournament.Variant != tournament.VariantInternational || rep.Tournament.Rounds != 19 {
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
		dateWarn = dateWarn || (w.Code == tournament.NoteImportDates && w.Int("round") == 1)
	}
	if !dateWarn {
		t.Errorf("no warning about the two round-1 games dated 2007.05.24: %v", p.Warnings)
	}
	// Without --system the 11 rounds of a 20-player event are not a whole round robin.
	games, _, err := tournament.ReadEventPDN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := tournament.PlanEventImport(games, tournament.EventImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tournament.System != tournament.Dutch || plan.Tournament.Rounds != 11 || plan.Tournament.Name != "Wk 2007" {
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
	rep := importFile(t, st, cp, tournament.EventImportOptions{})
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
	rep := importFile(t, st, []byte(src), tournament.EventImportOptions{Name: "Dups"})
	p := rep.Plan
	// "rossi, mario" is "ROSSI, Mario" to the store (case only): one player, reported.
	// "Rossì", "Verdi, A." and "Nerri" are kept apart and reported.
	if len(p.Players) != 7 {
		t.Errorf("players %v", p.Players)
	}
	want := map[string]string{
		"ROSSI, Mario|rossi, mario": tournament.DupCase,
		"ROSSI, Mario|Rossì, Mario": tournament.DupLetters,
		"Verdi, Anna|Verdi, A.":     tournament.DupInitials,
		"Neri, Carlo|Nerri, Carlo":  tournament.DupEdit,
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
	rep := importFile(t, st, []byte(src), tournament.EventImportOptions{Name: "Illegal"})
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
	_, err := ImportEventPDN(context.Background(), st, strings.NewReader(src), "bad.pdn", tournament.EventImportOptions{Name: "Bad"})
	if !errors.Is(err, tournament.ErrEventPDN) || !strings.Contains(err.Error(), "plays twice in round 1") {
		t.Fatalf("err %v", err)
	}
	// A tournament of that name already exists: the second import fails whole.
	good := pdnGame("1", "A, A", "B, B", "1-0", "1. 22-18")
	importFile(t, st, []byte(good), tournament.EventImportOptions{Name: "Same"})
	other := pdnGame("1", "A, A", "B, B", "0-1", "1. 22-18")
	if _, err := ImportEventPDN(context.Background(), st, strings.NewReader(other), "x.pdn", tournament.EventImportOptions{Name: "Same"}); !errors.Is(err, tournament.ErrDuplicateTournament) {
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
	if _, err := ImportEventPDN(context.Background(), st, strings.NewReader(mixed), "m.pdn", tournament.EventImportOptions{Name: "Mixed"}); !errors.Is(err, tournament.ErrEventPDN) {
		t.Fatalf("mixed variants: %v", err)
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
		if _, err := ImportEventPDN(context.Background(), st, bytes.NewReader(data), "wk2007.pdn", tournament.EventImportOptions{}); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}

// The summary names, round by round, the players without a game in the file (issue 28):
// the rest of a round robin of three, here; a round without any game has its own note.
func TestEventImportNamesIdlePlayers(t *testing.T) {
	src := pdnGame("1", "Rossi, Mario", "Bianchi, Luca", "1-0", "1. 22-18 10-14") +
		pdnGame("2", "Rossi, Mario", "Verdi, Anna", "0-1", "1. 22-18 10-14") +
		pdnGame("4", "Bianchi, Luca", "Verdi, Anna", "1/2-1/2", "1. 22-18 10-14")
	st := newTestStore(t)
	rep := importFile(t, st, []byte(src), tournament.EventImportOptions{Name: "Tre"})
	var got []string
	for _, n := range rep.Plan.Warnings {
		switch n.Code {
		case tournament.NoteImportIdle:
			got = append(got, fmt.Sprintf("%v:%v:%v", n.Args["round"], n.Args["n"], n.Args["players"]))
		case tournament.NoteImportNoGames:
			got = append(got, fmt.Sprintf("%v:none", n.Args["round"]))
		}
	}
	want := []string{"3:none", "1:1:Verdi, Anna", "2:1:Bianchi, Luca", "4:1:Rossi, Mario"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("notes %v, want %v", got, want)
	}
}
