package main

import (
	"fmt"
	"io"
	"strings"

	"arbitro/reports"
	"arbitro/store"
	"arbitro/tournament"
)

// fidPracticeEvent is Part 4 of the demo (issue 13): the FID's own practice on a small odd
// field — the federation program's Italo-Swiss (art8: the rest decided before pairing, RM),
// the opening ballot, club separation, a category with prizes and the Elo-Rubele report.
func (d *demo) fidPracticeEvent(real *tournament.Tournament) error {
	players, err := d.players(real, 7)
	if err != nil {
		return err
	}
	const rounds = 3
	name := "Demo FID practice (results only)"
	d.sayf("Part 4: the FID's practice: %d players, Italo-Swiss format art8 (the federation program's rest), one opening drawn per round, clubs separated", len(players))
	d.cmdline("tournament create %q --system italo-swiss --rounds %d --italo-format art8 --openings fid-italian --club-separation club --seed %d", name, rounds, d.seed)
	t := &tournament.Tournament{Name: name, Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: rounds,
		Seed: d.seed, ByePoints: 2, ForfeitPoints: 2, ItaloFormat: "art8", Openings: tournament.OpeningsFIDItalian, ClubSeparation: "club",
		TieBreaks: []string{"quoziente", "sonneborn-berger", "direct-encounter", "lot"}}
	if err := d.update(func(tx *store.Tx) error { return d.fidPracticeRounds(tx, t, players) }); err != nil {
		return explainPair(d.g, err)
	}
	d.cmdline("--tournament %d prize list; arbitro --tournament %d rating --csv", t.ID, t.ID)
	return d.fidPracticeReports(t)
}

// fidPracticeRounds enters the players, draws the lot, pairs and scores every round of t
// (results by a fixed rule, no game scores) and sets up a category with two prizes.
func (d *demo) fidPracticeRounds(tx *store.Tx, t *tournament.Tournament, players []tournament.Player) error {
	if err := tx.CreateTournament(t); err != nil {
		return err
	}
	for _, p := range players {
		if _, err := tx.AddPlayer(t, p); err != nil {
			return err
		}
	}
	if _, err := tx.DrawLot(t, nil); err != nil {
		return err
	}
	for r := 1; r <= t.Rounds; r++ {
		if err := d.fidPracticeRound(tx, t, r); err != nil {
			return err
		}
	}
	if _, err := tx.AddCategory(t, "Veterani", ""); err != nil {
		return err
	}
	var refs []string
	for i := 0; i < len(players); i += 2 {
		refs = append(refs, players[i].Name)
	}
	if _, err := tx.AddToCategory(t, "Veterani", refs); err != nil {
		return err
	}
	if _, err := tx.AddPrize(t, "", 1, "1st prize"); err != nil {
		return err
	}
	_, err := tx.AddPrize(t, "Veterani", 1, "best veteran")
	return err
}

// fidPracticeRound pairs round r of t, scores it and prints its opening and pairs.
func (d *demo) fidPracticeRound(tx *store.Tx, t *tournament.Tournament, r int) error {
	results := []string{"2-0", "1-1", "0-2"}
	tt, err := tx.TournamentByID(t.ID)
	if err != nil {
		return err
	}
	pr, err := tx.PairNext(tt, tournament.PairOptions{})
	if err != nil {
		return err
	}
	var ps []string
	for _, b := range pr.Boards {
		if b.Bye() {
			ps = append(ps, fmt.Sprintf("%s rests (%s)", b.White, b.Rest))
			continue
		}
		ps = append(ps, b.White+" - "+b.Black)
		if _, err := tx.SetResult(tt, r, b.Board, b.Game, results[(r+b.Board)%3], tournament.ResultOptions{}); err != nil {
			return err
		}
	}
	d.outf("round %d, opening %s (%s): %s", r, pr.Explanation.Opening.Code, pr.Explanation.Opening.Label, strings.Join(ps, "; "))
	return nil
}

// fidPracticeReports prints the prizes of t and writes its rating report (CSV).
func (d *demo) fidPracticeReports(t *tournament.Tournament) error {
	rounds := t.Rounds
	return d.view(func(tx *store.Tx) error {
		tt, err := tx.TournamentByID(t.ID)
		if err != nil {
			return err
		}
		awards, err := tx.PrizeList(tt, rounds)
		if err != nil {
			return err
		}
		var b strings.Builder
		if err := reports.WritePrizesText(&b, awards); err != nil {
			return err
		}
		d.indent(b.String())
		rep, err := tx.RatingReport(tt, nil)
		if err != nil {
			return err
		}
		return d.file("fid-rating.csv", func(w io.Writer) error { return reports.WriteRatingCSV(w, rep) })
	})
}
