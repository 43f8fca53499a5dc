package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"arbitro/pairing"
	"arbitro/tournament"
	"arbitro/trf"
)

// Import small.trf into a database, export it again: the player lines agree on what both
// carry (starting rank, title, name, rating, federation, points, every round block; the
// database keeps the scheduled colours of forfeits, which the file wrote as '-'), XXR and
// XXC come back, and the standings computed from the database match the points column.
func TestTRFStoreRoundTrip(t *testing.T) {
	orig := readSmall(t)
	tr, err := trf.Parse(bytes.NewReader(orig))
	if err != nil {
		t.Fatal(err)
	}
	st := newTestStore(t)
	ctx := context.Background()
	var tour *tournament.Tournament
	err = st.Update(ctx, func(tx *Tx) error {
		var err error
		tour, err = tx.ImportTRF(tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: "small.trf"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if tour.Name != "Torneo di prova arbitro" || tour.Rounds != 5 || tour.System != tournament.Dutch || pairing.LotColour(uint64(tour.Seed)) != pairing.White {
		t.Fatalf("tournament %+v", tour)
	}
	var back *trf.File
	err = st.View(ctx, func(tx *Tx) error {
		t2, err := tx.SelectTournament(tour.Name)
		if err != nil {
			return err
		}
		back, err = tx.ExportTRF(t2)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := trf.Write(&out, back); err != nil {
		t.Fatal(err)
	}
	again, err := trf.Parse(&out)
	if err != nil {
		t.Fatalf("exported TRF does not parse: %v\n%s", err, out.String())
	}
	if again.TotalRounds != 5 || again.InitialColour != pairing.White || again.Name != tr.Name || again.City != "Pesaro" {
		t.Fatalf("header back %+v", again)
	}
	if len(again.Players) != len(tr.Players) {
		t.Fatalf("%d players back", len(again.Players))
	}
	for i, p := range tr.Players {
		q := again.Players[i]
		for r := range q.Rounds {
			if q.Rounds[r].Result == '+' || q.Rounds[r].Result == '-' {
				q.Rounds[r].Colour = '-'
			}
		}
		if p.Number != q.Number || p.Title != q.Title || p.Name != q.Name || p.Rating != q.Rating || p.Federation != q.Federation ||
			p.Points != q.Points || p.Rank != q.Rank || !equalRounds(p.Rounds, q.Rounds) {
			t.Errorf("player %d:\n in  %+v\n out %+v", p.Number, p, q)
		}
	}
}

func equalRounds(a, b []trf.Round) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestTRFImportErrors(t *testing.T) {
	tr, err := trf.Parse(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	st := newTestStore(t)
	err = st.Update(context.Background(), func(tx *Tx) error {
		_, err := tx.ImportTRF(tr, trf.ImportOptions{})
		return err
	})
	if !errors.Is(err, tournament.ErrMalformed) || !strings.Contains(err.Error(), "variant") {
		t.Fatalf("no variant: %v", err)
	}
	if _, err := tournament.ParseVariant("checkers"); !errors.Is(err, tournament.ErrMalformed) || err.Error() != `invalid value: variant "checkers" (use italian or international)` {
		t.Fatalf("bad variant: %v", err)
	}
}

// TestTRFStoreKeepsEveryField: a TRF-2026 file imported into a database and exported
// again keeps every field, compared field by field: the header records (rounds, initial
// colour, 172-222, 240, 250, 299, ### comments and unknown lines), the prohibited pairs
// (260, XXP: stored as forbidden pairs and written as 260), and every player field (sex,
// title, name, rating, federation, the id column, birth date, points, round blocks). The
// rank column is recomputed from arbitro's standings and is not compared; the point
// system is written in chess points (arbitro keeps game points 2-1-0).
func TestTRFStoreKeepsEveryField(t *testing.T) {
	_, tr := readTRFFixture(t, "../trf/testdata/trf/trf2026.trf")
	exported := importExportTRF(t, tr, "trf2026.trf")
	again, err := trf.Parse(bytes.NewReader(exported))
	if err != nil {
		t.Fatalf("exported TRF does not parse: %v\n%s", err, exported)
	}
	eq := func(what string, a, b any) {
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: read %v, exported %v", what, a, b)
		}
	}
	eq("name", tr.Name, again.Name)
	eq("city", tr.City, again.City)
	eq("rounds", tr.TotalRounds, again.TotalRounds)
	eq("initial colour", tr.InitialColour, again.InitialColour)
	eq("type 092", tr.Type, again.Type)
	eq("round dates 132", tr.RoundDates, again.RoundDates)
	eq("172", tr.RankMethod, again.RankMethod)
	eq("182", tr.Controller, again.Controller)
	eq("192", tr.TypeCode, again.TypeCode)
	eq("202", tr.TieBreaks, again.TieBreaks)
	eq("212", tr.StandingsTieBreaks, again.StandingsTieBreaks)
	eq("222", tr.TimeControlCode, again.TimeControlCode)
	eq("240", tr.Byes, again.Byes)
	eq("250", tr.Acceleration, again.Acceleration)
	eq("299", tr.Abnormal, again.Abnormal)
	eq("comments", tr.Other, again.Other)
	eq("prohibited pairs in round 3", tr.ForbiddenPairs(3), again.ForbiddenPairs(3))
	if len(again.Players) != len(tr.Players) {
		t.Fatalf("%d players back, want %d", len(again.Players), len(tr.Players))
	}
	for i, p := range tr.Players {
		q := again.Players[i]
		for _, f := range []struct {
			what string
			a, b any
		}{{"number", p.Number, q.Number}, {"sex", p.Sex, q.Sex}, {"title", p.Title, q.Title}, {"name", p.Name, q.Name},
			{"rating", p.Rating, q.Rating}, {"federation", p.Federation, q.Federation}, {"id", p.FideID, q.FideID},
			{"birth date", p.BirthDate, q.BirthDate}} {
			eq(fmt.Sprintf("player %d %s", p.Number, f.what), f.a, f.b)
		}
		// the points are written in the file's point system (here chess points from
		// game points: compare in game points)
		gp := func(tr *trf.File, p trf.Player) int { return tr.Points.ResultPoints(0) + p.Points*20/tr.Points.Win }
		eq(fmt.Sprintf("player %d points (in half points)", p.Number), gp(tr, p), gp(again, q))
		for r := range p.Rounds {
			if r < len(q.Rounds) {
				eq(fmt.Sprintf("player %d round %d", p.Number, r+1), p.Rounds[r].Opponent, q.Rounds[r].Opponent)
				eq(fmt.Sprintf("player %d round %d result", p.Number, r+1), p.Rounds[r].Result, q.Rounds[r].Result)
			} else {
				t.Errorf("player %d: round %d lost", p.Number, r+1)
			}
		}
	}
}

// TestTRFExportFederationID: a player added by hand has his federation id in the TRF id
// column (columns 58-68): the FMJD id in international draughts.
func TestTRFExportFederationID(t *testing.T) {
	st := newTestStore(t)
	ctx := context.Background()
	tour := &tournament.Tournament{Name: "Fmjd", Variant: tournament.VariantInternational, System: tournament.Dutch, Rounds: 3}
	if err := st.Update(ctx, func(tx *Tx) error {
		if err := tx.CreateTournament(tour); err != nil {
			return err
		}
		if _, err := tx.AddPlayer(tour, tournament.Player{Name: "Rossi, Mario", FMJDID: "12345", FIDID: "777", Rating: 1500, BirthYear: 1990}); err != nil {
			return err
		}
		_, err := tx.DrawLot(tour, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var back *trf.File
	if err := st.View(ctx, func(tx *Tx) error {
		var err error
		back, err = tx.ExportTRF(tour)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if p := back.Players[0]; p.FideID != "12345" || p.BirthDate != "1990" {
		t.Errorf("id column %q birth %q, want the FMJD id 12345 and 1990", p.FideID, p.BirthDate)
	}
}

// TestTRFImportXXZ: the XXZ players are absent, without points, from the round to be
// paired in the database too, and the export says so as the file did: the XXZ line, and no
// block of round 4 on their lines; read again, the export leaves them out of round 4.
func TestTRFImportXXZ(t *testing.T) {
	tr, err := trf.Parse(strings.NewReader(string(readSmall(t)) + "XXZ 2 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	exported := importExportTRF(t, tr, "small.trf")
	back, err := trf.Parse(bytes.NewReader(exported))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Absent, []int{2, 5}) {
		t.Errorf("XXZ back: %v", back.Absent)
	}
	for _, p := range back.Players {
		if len(p.Rounds) > 3 {
			t.Errorf("player %d: a round 4 block %+v the file did not have", p.Number, p.Rounds[3])
		}
	}
	for _, e := range back.Entrants() {
		if want := e.ID != 2 && e.ID != 5; e.Available != want {
			t.Errorf("the export read again: player %d available %v in round 4, want %v", e.ID, e.Available, want)
		}
	}
}

// TestTRFImportIDColumn: the id column (58-68) goes to the player's national id by
// default, to his FMJD or FID id when the import says so (a draughts TRF); an id of zeros
// is no id; export writes the column as read.
func TestTRFImportIDColumn(t *testing.T) {
	tr, err := trf.Parse(bytes.NewReader(readSmall(t)))
	if err != nil {
		t.Fatal(err)
	}
	tr.Players[1].FideID = "0" // player 2: no id, as some programs write it
	for _, c := range []struct {
		column string
		get    func(tournament.Player) string
	}{
		{"", func(p tournament.Player) string { return p.NationalID }},
		{trf.IDFMJD, func(p tournament.Player) string { return p.FMJDID }},
		{trf.IDFID, func(p tournament.Player) string { return p.FIDID }},
	} {
		st := newTestStore(t)
		ctx := context.Background()
		var players []tournament.Entry
		if err := st.Update(ctx, func(tx *Tx) error {
			tour, err := tx.ImportTRF(tr, trf.ImportOptions{Variant: tournament.VariantInternational, IDColumn: c.column})
			if err != nil {
				return err
			}
			players, err = tx.Entries(tour.ID)
			return err
		}); err != nil {
			t.Fatalf("%q: %v", c.column, err)
		}
		got := map[int]string{}
		for _, e := range players {
			got[e.Number] = c.get(e.Player)
		}
		if got[1] != "12345678" || got[2] != "" {
			t.Errorf("id column as %q: player 1 %q, player 2 %q (want 12345678 and none)", c.column, got[1], got[2])
		}
	}
	if err := trf.CheckImport(tr, trf.ImportOptions{Variant: tournament.VariantInternational, IDColumn: "fide"}); !errors.Is(err, tournament.ErrInvalid) {
		t.Errorf("id column fide: %v, want ErrInvalid", err)
	}
}

// TestTRFImport240: a 240 bye of the round to be paired is an absence in the database
// too (here a half-point bye of player 4 in round 4, which his line does not show), and
// comes back on export as the player's block and as the 240 record.
func TestTRFImport240(t *testing.T) {
	tr, err := trf.Parse(strings.NewReader(string(readSmall(t)) + "240 H 004    4\n"))
	if err != nil {
		t.Fatal(err)
	}
	back, err := trf.Parse(bytes.NewReader(importExportTRF(t, tr, "small.trf")))
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Byes) != 1 || back.Byes[0].Round != 4 || !reflect.DeepEqual(back.Byes[0].Players, []int{4}) {
		t.Errorf("240 back: %+v", back.Byes)
	}
	for _, p := range back.Players {
		absent := len(p.Rounds) > 3 && p.Rounds[3] == (trf.Round{Colour: '-', Result: 'H'})
		if want := p.Number == 4; absent != want {
			t.Errorf("player %d: rounds %+v (half-point bye in round 4 %v, want %v)", p.Number, p.Rounds, absent, want)
		}
	}
}

// TestTRFXXZFollowsTheDatabase: a player named by the imported XXZ line whose absence the
// arbiter removes is no longer in the exported XXZ line (the kept line follows arbitro).
func TestTRFXXZFollowsTheDatabase(t *testing.T) {
	tr, err := trf.Parse(strings.NewReader(string(readSmall(t)) + "XXZ 2 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := newTestStore(t)
	ctx := context.Background()
	var tour *tournament.Tournament
	if err := st.Update(ctx, func(tx *Tx) error {
		var err error
		if tour, err = tx.ImportTRF(tr, trf.ImportOptions{Variant: tournament.VariantInternational, Source: "small.trf"}); err != nil {
			return err
		}
		_, err = tx.RemoveAbsence(tour, "5", 4)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	out := exportedTRF(t, st, tour)
	if !strings.Contains(out, "\nXXZ 2\n") {
		t.Errorf("player 5 plays round 4 again, but the export's XXZ line is not 'XXZ 2':\n%s", out)
	}
}
