package store

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"arbitro/rules"
	"arbitro/tournament"
)

// ucFirstScore is the score of round 1 board 1 of itaEvent: the file's first game, written
// back as PDN.
func ucFirstScore(t *testing.T) GameScore {
	t.Helper()
	data, err := os.ReadFile(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	games, err := rules.ReadAllPDN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if tournament.GameRound(games[0]) != 1 {
		t.Fatalf("the file's first game is of round %d", tournament.GameRound(games[0]))
	}
	var buf bytes.Buffer
	if err := rules.WritePDN(&buf, games[0]); err != nil {
		t.Fatal(err)
	}
	g, text, err := tournament.ReadGameScore(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return GameScore{Game: g, Text: text}
}

// ucStoredGame reads the score stored for round 1 board board (nil when none).
func ucStoredGame(t *testing.T, st *Store, tour *tournament.Tournament, board int) *tournament.StoredGame {
	t.Helper()
	var sg *tournament.StoredGame
	err := st.View(ucCtx, func(tx *Tx) error {
		b, err := tx.BoardAt(tour, 1, board, 1)
		if err != nil {
			return err
		}
		sg, err = tx.GameOf(b)
		if errors.Is(err, tournament.ErrNoGame) {
			return nil
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return sg
}

func TestUCAddGame(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	score := ucFirstScore(t)
	rec, sel, err := st.AddGame(ucCtx, "", 1, 1, 1, score, tournament.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tour.ID || rec.ID == 0 || !rec.Verdict.Legal || rec.Board.Board != 1 || rec.Replaced {
		t.Fatalf("returned %+v", rec)
	}
	sg := ucStoredGame(t, st, tour, 1)
	if sg == nil || sg.ID != rec.ID || sg.PDN != score.Text || !sg.Legal {
		t.Fatalf("stored %+v", sg)
	}
	before := ucRows(t, st)
	if _, _, err := st.AddGame(ucCtx, "", 1, 1, 1, score, tournament.GameOptions{}); !errors.Is(err, tournament.ErrGameExists) {
		t.Fatalf("again: %v", err)
	}
	if _, _, err := st.AddGame(ucCtx, "", 1, 2, 1, score, tournament.GameOptions{}); !errors.Is(err, tournament.ErrMismatch) {
		t.Fatalf("on another pairing's board: %v", err)
	}
	if _, _, err := st.AddGame(ucCtx, "", 1, 99, 1, score, tournament.GameOptions{}); !errors.Is(err, tournament.ErrNoBoard) {
		t.Fatalf("no board: %v", err)
	}
	ucSameRows(t, st, before, "refused score")
	if sg := ucStoredGame(t, st, tour, 2); sg != nil {
		t.Fatalf("board 2 holds %+v", sg)
	}
}

func TestUCImportGames(t *testing.T) {
	st := testStore(t)
	tour := itaEvent(t, st)
	before := ucRows(t, st)
	if _, _, err := st.ImportGames(ucCtx, "", "vuoto.pdn", strings.NewReader(""), tournament.GameOptions{}); !errors.Is(err, tournament.ErrBadPDN) ||
		!strings.HasPrefix(err.Error(), "vuoto.pdn: ") {
		t.Fatalf("empty file: %v", err)
	}
	ucSameRows(t, st, before, "empty file")
	f, err := os.Open(itaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, sel, err := st.ImportGames(ucCtx, "", "assoluto.pdn", f, tournament.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sel.ID != tour.ID || rep.Read != 36 || rep.Stored != 36 || rep.Unmatched+rep.Rejected+rep.Illegal != 0 {
		t.Fatalf("report %+v", rep)
	}
	var n int
	if err := st.DB().QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil || n != 36 {
		t.Fatalf("%d games stored (%v)", n, err)
	}
}
