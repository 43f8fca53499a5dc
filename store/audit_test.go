package store

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

const (
	itaFile  = "../tournament/testdata/audit/ita_campionato_italiano_assoluto_2005_turni1-4.pdn"
	intlFile = "../tournament/testdata/audit/intl_world_championship_2007_rounds01-11.pdn"
)

// testStore opens a new database in a temporary directory.
func testStore(t testing.TB) *Store {
	t.Helper()
	st, err := Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// itaEvent builds, from the 2005 Italian championship file, a tournament with its 18
// players registered as "Surname, Given" (the file writes "SURNAME Given"), rounds 1-4
// and one board per game in file order, without results or scores.
func itaEvent(t testing.TB, st *Store) *tournament.Tournament {
	t.Helper()
	data, err := os.ReadFile(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	games, err := rules.ReadAllPDN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var tour *tournament.Tournament
	err = st.Update(context.Background(), func(tx *Tx) error {
		tour = &tournament.Tournament{Name: "Assoluto 2005", Variant: tournament.VariantItalian, System: tournament.RoundRobin, Rounds: 17, ByePoints: 2, ForfeitPoints: 2}
		if err := tx.CreateTournament(tour); err != nil {
			return err
		}
		ids := map[string]int64{}
		boardNo := map[int]int{}
		for _, g := range games {
			for _, name := range []string{g.White(), g.Black()} {
				if ids[name] != 0 {
					continue
				}
				e, err := tx.AddPlayer(tour, tournament.Player{Name: surnameFirst(name)})
				if err != nil {
					return err
				}
				ids[name] = e.ID
			}
			r := tournament.GameRound(g)
			if r == 0 {
				return fmt.Errorf("game %d: no round", g.Index)
			}
			if boardNo[r] == 0 {
				if _, err := tx.exec(`INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, ?, 'x')`, tour.ID, r); err != nil {
					return err
				}
			}
			boardNo[r]++
			if _, err := tx.exec(`INSERT INTO boards (round_id, board, white_entry, black_entry)
				VALUES ((SELECT id FROM rounds WHERE tournament_id = ? AND number = ?), ?, ?, ?)`, tour.ID, r, boardNo[r], ids[g.White()], ids[g.Black()]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tour
}

var upperWords = regexp.MustCompile(`^((?:[A-Z'À-Ý]{2,} ?)+) (.*)$`)

// surnameFirst turns "DE GRANDIS Mirco" into "De Grandis, Mirco".
func surnameFirst(s string) string {
	m := upperWords.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	words := strings.Fields(strings.ToLower(m[1]))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ") + ", " + m[2]
}

// Importing the whole real file attaches each of its 36 games to its board (names in
// another form), all legal; the audit then finds nothing; recording a wrong result and a
// corrupted score makes the audit find exactly those.
func TestImportRealEventAndAudit(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	f, err := os.Open(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rep *tournament.GameImportReport
	err = st.Update(context.Background(), func(tx *Tx) (err error) {
		rep, err = tx.ImportGames(tour, f, tournament.GameOptions{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Read != 36 || rep.Stored != 36 || rep.Illegal != 0 || rep.Unmatched != 0 || rep.Rejected != 0 {
		t.Fatalf("import: %+v", rep)
	}
	var a *tournament.TournamentAudit
	audit := func() {
		t.Helper()
		if err := st.View(context.Background(), func(tx *Tx) (err error) {
			a, err = tx.Audit(tour, 0)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	audit()
	if a.Checked != 36 || a.Problems != 0 {
		t.Fatalf("clean audit: checked %d, problems %d", a.Checked, a.Problems)
	}
	// Round 1 board 1 is Borghetti-Mascolo 1-0: record 0-2, and replace board 2's score
	// (Greco-Catanzaro) with one whose 7th move pair breaks the compulsory capture.
	err = st.Update(context.Background(), func(tx *Tx) error {
		if _, err := tx.SetResult(tour, 1, 1, 1, "0-2", tournament.ResultOptions{}); err != nil {
			return err
		}
		if _, err := tx.SetResult(tour, 1, 2, 1, "1-1", tournament.ResultOptions{}); err != nil {
			return err
		}
		rec, err := plantIllegalScore(tx, tour)
		if err != nil {
			return err
		}
		if rec.Verdict.Legal || rec.Verdict.Ply != 4 {
			return fmt.Errorf("corrupted score judged %+v", rec.Verdict)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	audit()
	var got []string
	for _, ga := range a.Games {
		for _, p := range ga.Problems {
			got = append(got, fmt.Sprintf("%d/%d %s %d", ga.Board.Round, ga.Board.Board, p.Code, p.Ply))
		}
	}
	want := []string{"1/1 result-mismatch 0", "1/2 not-own-piece 4"}
	if strings.Join(got, ";") != strings.Join(want, ";") {
		t.Errorf("problems %q, want %q", got, want)
	}
}

// International: the 2007 World Championship file has Round "?"; with the round given,
// the ten games of 13 May attach to the ten boards of round 1 (names written
// "Amrilloew,M." registered as "Amrilloew, M."), the other 100 are unmatched.
func TestImportInternationalWithRound(t *testing.T) {
	data, err := os.ReadFile(intlFile)
	if err != nil {
		t.Fatal(err)
	}
	games, err := rules.ReadAllPDN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	st := testStore(t)
	ctx := context.Background()
	var tour *tournament.Tournament
	err = st.Update(ctx, func(tx *Tx) error {
		tour = &tournament.Tournament{Name: "WK 2007", Variant: tournament.VariantInternational, System: tournament.RoundRobin, Rounds: 19}
		if err := tx.CreateTournament(tour); err != nil {
			return err
		}
		if _, err := tx.exec(`INSERT INTO rounds (tournament_id, number, paired_at) VALUES (?, 1, 'x')`, tour.ID); err != nil {
			return err
		}
		board := 0
		for _, g := range games {
			if g.Date() != "2007.05.13" {
				continue
			}
			var ids [2]int64
			for i, name := range []string{g.White(), g.Black()} {
				e, err := tx.AddPlayer(tour, tournament.Player{Name: name})
				if err != nil {
					return err
				}
				ids[i] = e.ID
			}
			board++
			if _, err := tx.exec(`INSERT INTO boards (round_id, board, white_entry, black_entry)
				VALUES ((SELECT id FROM rounds WHERE tournament_id = ?), ?, ?, ?)`, tour.ID, board, ids[0], ids[1]); err != nil {
				return err
			}
		}
		if board != 10 {
			return fmt.Errorf("%d games on 13 May, want 10", board)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, round := range []int{0, 1} {
		var rep *tournament.GameImportReport
		err = st.Update(ctx, func(tx *Tx) (err error) {
			rep, err = tx.ImportGames(tour, bytes.NewReader(data), tournament.GameOptions{Round: round})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		want := tournament.GameImportReport{Read: 110, Unmatched: 110}
		if round == 1 {
			want = tournament.GameImportReport{Read: 110, Stored: 10, Unmatched: 100}
		}
		if rep.Read != want.Read || rep.Stored != want.Stored || rep.Unmatched != want.Unmatched || rep.Illegal != 0 || rep.Rejected != 0 {
			t.Errorf("round %d: %+v", round, rep)
		}
	}
	var a *tournament.TournamentAudit
	if err := st.View(ctx, func(tx *Tx) (err error) { a, err = tx.Audit(tour, 1); return err }); err != nil {
		t.Fatal(err)
	}
	if a.Checked != 10 || a.Problems != 0 || a.Games[0].Verdict.Variant != rules.International {
		t.Errorf("audit: checked %d, problems %d", a.Checked, a.Problems)
	}
}

// plantIllegalScore replaces the score of round 1 board 2 of tour (a game of the 2005
// championship) with its first three plies and then 28-24, where a capture was compulsory
// (illegal at ply 4), and returns what AddGame stored.
func plantIllegalScore(tx *Tx, tour *tournament.Tournament) (*tournament.GameRecord, error) {
	b, err := tx.BoardAt(tour, 1, 2, 1)
	if err != nil {
		return nil, err
	}
	sg, err := tx.GameOf(b)
	if err != nil {
		return nil, err
	}
	g, err := sg.Parse()
	if err != nil {
		return nil, err
	}
	g.Moves = append([]rules.PDNMove(nil), g.Moves[:3]...)
	g.Moves = append(g.Moves, rules.PDNMove{Text: "28-24", From: 28, To: 24, Number: 2, Second: true})
	var buf bytes.Buffer
	if err := rules.WritePDN(&buf, g); err != nil {
		return nil, err
	}
	return tx.AddGame(tour, 1, 2, 1, g, buf.String(), tournament.GameOptions{Replace: true})
}
