package main

import (
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
	name := d.loc.T("demo.name.fid")
	d.say("demo.part4", "players", len(players))
	d.cmdline("tournament create %s --system italo-swiss --rounds %d --italo-format art8 --openings fid-italian --club-separation club --seed %d --lang %s", shellQuote(name), rounds, d.seed, d.loc.Lang())
	t := &tournament.Tournament{Name: name, Variant: tournament.VariantItalian, System: tournament.ItaloSwiss, Rounds: rounds,
		Seed: d.seed, ByePoints: 2, ForfeitPoints: 2, ItaloFormat: "art8", Openings: tournament.OpeningsFIDItalian, ClubSeparation: "club",
		TieBreaks: []string{"quoziente", "sonneborn-berger", "direct-encounter", "lot"}, Lang: d.loc.Lang()}
	if err := d.fidPracticeRounds(t, players); err != nil {
		return explainPair(d.g, d.explain(err))
	}
	d.cmdline("--tournament %d prize list", t.ID)
	d.cmdline("--tournament %d rating --csv", t.ID)
	return d.fidPracticeReports(t)
}

// fidPracticeRounds creates t, enters the players, draws the lot, pairs and scores every
// round (results by a fixed rule, no game scores) and sets up a category with two prizes:
// one use case a step, as the arbiter's commands would.
func (d *demo) fidPracticeRounds(t *tournament.Tournament, players []tournament.Player) error {
	created, err := d.st.CreateTournament(d.ctx, *t, "")
	if err != nil {
		return err
	}
	*t = created
	id := ref(t)
	for _, p := range players {
		if _, _, err := d.st.AddPlayer(d.ctx, id, p); err != nil {
			return err
		}
	}
	if _, _, err := d.st.DrawLot(d.ctx, id, nil); err != nil {
		return err
	}
	for r := 1; r <= t.Rounds; r++ {
		if err := d.fidPracticeRound(t, r); err != nil {
			return err
		}
	}
	if _, _, err := d.st.AddCategory(d.ctx, id, "Veterani", ""); err != nil {
		return err
	}
	var refs []string
	for i := 0; i < len(players); i += 2 {
		refs = append(refs, players[i].Name)
	}
	if _, _, err := d.st.AssignToCategory(d.ctx, id, "Veterani", refs); err != nil {
		return err
	}
	if _, _, err := d.st.AddPrize(d.ctx, id, "", 1, d.loc.T("demo.prize.first")); err != nil {
		return err
	}
	_, _, err = d.st.AddPrize(d.ctx, id, "Veterani", 1, d.loc.T("demo.prize.veteran"))
	return err
}

// fidPracticeRound pairs round r of t, scores it and prints its opening and pairs.
func (d *demo) fidPracticeRound(t *tournament.Tournament, r int) error {
	results := []string{"2-0", "1-1", "0-2"}
	out, err := d.st.PairNextRound(d.ctx, ref(t), store.PairRequest{})
	if err != nil {
		return err
	}
	pr := out.Round
	var ps []string
	var inHall *tournament.Board // the last round's first board: its players enter its result in the hall
	for _, b := range pr.Boards {
		if b.Bye() {
			ps = append(ps, d.loc.T("demo.rests", "player", b.White, "kind", d.loc.RestKind(b.Rest)))
			continue
		}
		ps = append(ps, b.White+" - "+b.Black)
		if r == t.Rounds && inHall == nil {
			inHall = b
			continue
		}
		if _, err := d.st.EnterResult(d.ctx, ref(t), r, b.Board, b.Game, results[(r+b.Board)%3]); err != nil {
			return err
		}
	}
	d.out("demo.opening", "round", r, "code", pr.Explanation.Opening.Code, "label", pr.Explanation.Opening.Label, "pairs", strings.Join(ps, d.loc.T("punct.semicolon")))
	if inHall != nil {
		return d.demoHall(t, inHall, results[(r+inHall.Board)%3])
	}
	return nil
}

// fidPracticeReports prints the prizes of t (store.PrizeList) and writes its rating
// report (store.RatingReport) as CSV.
func (d *demo) fidPracticeReports(t *tournament.Tournament) error {
	awards, _, err := d.st.PrizeList(d.ctx, ref(t), t.Rounds)
	if err != nil {
		return d.explain(err)
	}
	var b strings.Builder
	if err := reports.WritePrizesText(&b, d.loc, awards); err != nil {
		return err
	}
	d.indent(b.String())
	rep, _, err := d.st.RatingReport(d.ctx, ref(t), nil)
	if err != nil {
		return d.explain(err)
	}
	loc, err := d.g.reportLocale(t) // a sheet for the rating officer: the event's language
	if err != nil {
		return err
	}
	return d.file("fid-rating.csv", func(w io.Writer) error { return reports.WriteRatingCSV(w, loc, rep) })
}
