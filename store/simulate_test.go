package store

import (
	"context"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// pairBerger writes round r of the Berger table for t's entries (in entry order) with plain
// SQL, standing in for the pairing store in these tests.
func pairBerger(t *testing.T, tx *Tx, tr *tournament.Tournament, r int) {
	t.Helper()
	es, err := tx.Entries(tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	n := len(es)
	m := n + n%2
	res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, paired_at) VALUES (?, ?, 'test', ?)`, tr.ID, r, tx.nowText())
	if err != nil {
		t.Fatal(err)
	}
	rid, _ := res.LastInsertId()
	// circle method: fixed player m-1, the others rotate.
	board := 0
	for i := 0; i < m/2; i++ {
		a, b := (r-1+i)%(m-1), (r-1-i+m-1)%(m-1)
		if i == 0 {
			b = m - 1
		}
		if a >= n || b >= n {
			continue
		}
		board++
		if _, err := tx.exec(`INSERT INTO boards (round_id, board, white_entry, black_entry) VALUES (?, ?, ?, ?)`, rid, board, es[a].ID, es[b].ID); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSimulateRoundStoresResultsGamesAndCountDraw(t *testing.T) {
	st := newTestStore(t)
	ctx := context.Background()
	tr, played := simulateFirstRound(t, st)
	cd := played[1]
	err := st.Update(ctx, func(tx *Tx) error {
		boards, err := tx.Boards(tr, 1)
		if err != nil {
			return err
		}
		for i, b := range boards {
			g, err := checkSimulatedBoard(t, tx, b, played[i])
			if err != nil {
				return err
			}
			if b.Board == 2 {
				if err := checkCountDrawBoard(t, tx, tr, cd, g); err != nil {
					return err
				}
			}
		}
		// Playing the round again plays nothing: every board has its result.
		again, err := tx.SimulateRound(tr, 1, tournament.SimRoundOptions{Seed: 7})
		if err != nil || len(again) != 0 {
			t.Errorf("second run: %v %v", again, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if tournament.SimSeed(1, 1, 1, 1) == tournament.SimSeed(1, 2, 1, 1) || tournament.SimSeed(1, 1, 1, 1) == tournament.SimSeed(1, 1, 2, 1) {
		t.Error("SimSeed does not separate tournaments or rounds")
	}
}

// simulateFirstRound creates a four-player Italian round robin, pairs round 1 and simulates
// it with board 2 played to a 40-move count draw; it checks that both boards were played
// and board 2 ended by the count.
func simulateFirstRound(t *testing.T, st *Store) (*tournament.Tournament, []tournament.SimulatedBoard) {
	var tr *tournament.Tournament
	var played []tournament.SimulatedBoard
	err := st.Update(context.Background(), func(tx *Tx) error {
		tr = &tournament.Tournament{Name: "Sim", Variant: tournament.VariantItalian, System: tournament.RoundRobin, Rounds: 3, Seed: 7}
		if err := tx.CreateTournament(tr); err != nil {
			return err
		}
		for _, n := range []string{"A, A", "B, B", "C, C", "D, D"} {
			if _, err := tx.AddPlayer(tr, tournament.Player{Name: n}); err != nil {
				return err
			}
		}
		pairBerger(t, tx, tr, 1)
		var err error
		played, err = tx.SimulateRound(tr, 1, tournament.SimRoundOptions{Seed: 7, CountDrawBoard: 2})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 2 {
		t.Fatalf("played %d boards", len(played))
	}
	cd := played[1]
	if cd.Board != 2 || cd.End != tournament.SimCount || cd.Result != "1/2-1/2" {
		t.Fatalf("count-draw board: %+v", cd)
	}
	return tr, played
}

// checkSimulatedBoard checks that board b stores the simulated result and game, and that
// the game is tagged as simulated, legal and consistent with its result; it returns the game.
func checkSimulatedBoard(t *testing.T, tx *Tx, b *tournament.Board, played tournament.SimulatedBoard) (*rules.Game, error) {
	w, bl, _ := tournament.ResultPoints(played.Result)
	if b.Result == nil || b.Result.WhitePoints != w || b.Result.BlackPoints != bl || b.GameID != played.GameID {
		t.Errorf("board %d: result %+v game %d; played %+v", b.Board, b.Result, b.GameID, played)
	}
	sg, err := tx.GameOf(b)
	if err != nil {
		return nil, err
	}
	g, err := sg.Parse()
	if err != nil {
		return nil, err
	}
	if a, _ := g.Tag("Annotator"); a != tournament.SimulatedAnnotator || g.White() != b.White || g.Black() != b.Black {
		t.Errorf("board %d tags %v", b.Board, g.Tags)
	}
	if vd := rules.Replay(g, rules.ReplayOptions{}); !vd.Legal || vd.ResultCheck != rules.ResultConsistent {
		t.Errorf("board %d verdict %+v", b.Board, vd)
	}
	return g, nil
}

// checkCountDrawBoard checks the count-draw board cd (game g): the claim from the start of
// the count is valid exactly at the last ply, and declared 2 plies earlier it is too early;
// a miscopied move is an illegal score at the ply MiscopyMove names.
func checkCountDrawBoard(t *testing.T, tx *Tx, tr *tournament.Tournament, cd tournament.SimulatedBoard, g *rules.Game) error {
	rec, err := tx.AddClaim(tr, 1, 2, 1, tournament.ClaimRequest{RequestedAt: cd.CountFrom, DeclaredAt: cd.Plies})
	if err != nil {
		return err
	}
	if !rec.Check.Valid || rec.Decision != tournament.DecisionAccepted {
		t.Errorf("claim at the count's end: %+v", rec)
	}
	rec, err = tx.AddClaim(tr, 1, 2, 1, tournament.ClaimRequest{RequestedAt: cd.CountFrom, DeclaredAt: cd.Plies - 2})
	if err != nil {
		return err
	}
	if rec.Check.Valid || rec.Check.Reason != rules.ClaimTooEarly {
		t.Errorf("claim 2 plies early: %+v", rec.Check)
	}
	bad, ply, err := tournament.MiscopyMove(g, rules.Italian, 5)
	if err != nil {
		return err
	}
	vd := rules.Replay(bad, rules.ReplayOptions{})
	if vd.Legal || vd.Ply != ply || ply < 5 {
		t.Errorf("miscopied at %d: verdict %+v", ply, vd)
	}
	return nil
}
