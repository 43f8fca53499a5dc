package reports

// The plain lists of the CLI: players, tournaments, a tournament's settings, the event
// log, the boards of a round, the lot and a draw claim.

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"arbitro/tournament"
)

// newTable is a tabwriter for a human table; the caller flushes it.
func newTable(w io.Writer) *tabwriter.Writer { return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0) }

// Dash is s, or "-" for "" (a field not given).
func Dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// OrNone is s, or "none" for "".
func OrNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// OrBye is a Black player's name, or "(bye)" for "".
func OrBye(s string) string {
	if s == "" {
		return "(bye)"
	}
	return s
}

// WritePlayersText writes `arbitro player list`: one row per entry (id, pairing number,
// name, club, federation, rating, title, year of birth, FID id, status), or a line saying
// the tournament named has no players yet.
func WritePlayersText(w io.Writer, tournamentName string, es []tournament.Entry) error {
	if len(es) == 0 {
		_, err := fmt.Fprintf(w, "no players in %s yet (add them with 'arbitro player add' or 'arbitro player import')\n", tournamentName)
		return err
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "ID\tNO\tNAME\tCLUB\tFED\tRATING\tTITLE\tBORN\tFID-ID\tSTATUS")
	for _, e := range es {
		p := e.Player
		no, born, status := "-", "-", e.Status
		if e.Number > 0 {
			no = fmt.Sprint(e.Number)
		}
		if p.BirthYear > 0 {
			born = fmt.Sprint(p.BirthYear)
		}
		if e.Status == tournament.StatusWithdrawn {
			status = fmt.Sprintf("withdrawn after round %d", e.WithdrawnAfter)
			if e.WithdrawnAfter == 0 {
				status = "withdrawn before round 1"
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\n", e.ID, no, p.Name, Dash(p.Club), Dash(p.Federation), e.Rating, Dash(p.Title), born, Dash(p.FIDID), status)
	}
	return tw.Flush()
}

// WriteTournamentsText writes `arbitro tournament list`: one row per tournament of the
// database file db, or a line saying it holds none.
func WriteTournamentsText(w io.Writer, db string, all []tournament.Tournament) error {
	if len(all) == 0 {
		_, err := fmt.Fprintf(w, "no tournaments in %s\n", db)
		return err
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "ID\tNAME\tVARIANT\tSYSTEM\tROUNDS\tPAIRED\tPLAYERS\tSTART\tPLACE")
	for _, t := range all {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", t.ID, t.Name, t.Variant, t.System, t.Rounds, t.RoundsPaired, t.Players, Dash(t.Start), Dash(t.Place))
	}
	return tw.Flush()
}

// WriteTournamentText writes `arbitro tournament show`: every setting, one per line.
func WriteTournamentText(w io.Writer, t *tournament.Tournament) error {
	tw := newTable(w)
	rows := [][2]string{
		{"id", fmt.Sprint(t.ID)}, {"name", t.Name}, {"variant", t.Variant.Name()}, {"system", t.System.Code()},
		{"rounds", fmt.Sprintf("%s (%d paired)", roundsCell(t), t.RoundsPaired)}, {"players", fmt.Sprint(t.Players)},
		{"scoring", t.Scoring}, {"bye-points", fmt.Sprint(t.ByePoints)}, {"forfeit-points", fmt.Sprint(t.ForfeitPoints)},
		{"games-per-pairing", fmt.Sprint(t.GamesPerPairing)}, {"tiebreaks", OrNone(strings.Join(t.TieBreaks, ", "))},
		{"italo-format", Dash(t.ItaloFormat)}, {"openings", Dash(t.Openings)}, {"club-separation", Dash(t.ClubSeparation)},
		{"seed", fmt.Sprint(t.Seed)}, {"lot drawn", Dash(t.LotDrawnAt)}, {"start", Dash(t.Start)}, {"end", Dash(t.End)},
		{"place", Dash(t.Place)}, {"federation", Dash(t.Federation)}, {"arbiter", Dash(t.Arbiter)},
		{"time-control", Dash(t.TimeControl)}, {"lang", string(t.Lang)}, {"created", t.CreatedAt},
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%s:\t%s\n", r[0], r[1])
	}
	return tw.Flush()
}

// WriteEventLogText writes `arbitro tournament log`: id, time, who and action of each
// event.
func WriteEventLogText(w io.Writer, evs []tournament.Event) error {
	tw := newTable(w)
	fmt.Fprintln(tw, "ID\tAT\tWHO\tACTION")
	for _, e := range evs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", e.ID, e.At, e.Actor, e.Action)
	}
	return tw.Flush()
}

// WriteBoardsText writes `arbitro result list`: round, board ("3/2" for a return game),
// players, result ("-" none yet) and the stored score ("game N").
func WriteBoardsText(w io.Writer, boards []*tournament.Board) error {
	tw := newTable(w)
	fmt.Fprintln(tw, "Round\tBoard\tWhite\tBlack\tResult\tScore")
	for _, b := range boards {
		res := b.Result.String()
		if res == "" {
			res = "-"
		}
		score := "-"
		if b.GameID != 0 {
			score = "game " + strconv.FormatInt(b.GameID, 10)
		}
		board := strconv.Itoa(b.Board)
		if b.Game > 1 {
			board += "/" + strconv.Itoa(b.Game)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", b.Round, board, b.White, OrBye(b.Black), res, score)
	}
	return tw.Flush()
}

// WriteLotText writes `arbitro lot` in the language of the messages msg: the warnings to
// errw, then how the numbers were given (by rating, drawn, drawn again), the sheet of the
// lot (pairing number and player) and, for a round robin's lot that separated clubs, the
// rounds in which clubmates meet.
func WriteLotText(w, errw io.Writer, msg *Locale, tournamentName string, res *tournament.LotResult) error {
	for _, s := range res.Warnings {
		fmt.Fprintln(errw, msg.T("cli.warning", "text", msg.Note(s)))
	}
	switch {
	case res.Method == "rating":
		fmt.Fprintln(w, msg.T("lot.rating", "name", tournamentName, "players", len(res.Numbers), "seed", fmt.Sprint(res.Seed), "colour", msg.colourWord(res.InitialColour)))
	case res.Redraw:
		fmt.Fprintln(w, msg.N("lot.drawn_again", len(res.Numbers), "name", tournamentName, "seed", fmt.Sprint(res.Seed)))
	default:
		fmt.Fprintln(w, msg.N("lot.drawn", len(res.Numbers), "name", tournamentName, "seed", fmt.Sprint(res.Seed)))
	}
	// The sheet of the lot: pairing number and player (no internal ids on a sheet).
	tw := newTable(w)
	fmt.Fprintln(tw, msg.T("col.number")+"\t"+msg.T("lot.player"))
	for _, n := range res.Numbers {
		fmt.Fprintf(tw, "%d\t%s\n", n.Number, n.Name)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	writeLotClubs(w, res)
	switch res.Cycles {
	case 1:
		fmt.Fprintln(w, msg.T("lot.rounds_single", "players", len(res.Numbers), "rounds", res.Rounds))
	case 2:
		fmt.Fprintln(w, msg.T("lot.rounds_double", "players", len(res.Numbers), "rounds", res.Rounds))
	}
	return nil
}

// writeLotClubs writes, after a round robin's restricted lot, the numbers of each club and
// the rounds in which they meet (docs/club-separation.md).
func writeLotClubs(w io.Writer, res *tournament.LotResult) {
	if len(res.Clubs) == 0 {
		return
	}
	num := map[int]int{}
	for _, n := range res.Numbers {
		num[int(n.Entry)] = n.Number
	}
	fmt.Fprintln(w, "clubs separated: clubmates meet in the first rounds the Berger table allows")
	for _, c := range res.Clubs {
		var ns, rs []string
		for _, id := range c.Members {
			ns = append(ns, fmt.Sprint(num[id]))
		}
		for _, r := range c.Rounds {
			rs = append(rs, fmt.Sprint(r))
		}
		fmt.Fprintf(w, "  %s: numbers %s meet in rounds %s\n", c.Club, strings.Join(ns, ", "), strings.Join(rs, ", "))
	}
}

// WriteClaimText writes `arbitro claim`: the claim, the engine's verdict and the
// arbiter's decision (marked when it goes against the engine).
func WriteClaimText(w io.Writer, rec *tournament.ClaimRecord) error {
	verdict := "not valid"
	if rec.Check.Valid {
		verdict = "valid"
	}
	fmt.Fprintf(w, "claim %d, round %d board %d (%s - %s): %s, requested at ply %d, declared at ply %d\n",
		rec.ID, rec.Round, rec.Board, rec.White, rec.Black, rec.Check.Rule, rec.RequestedAt, rec.DeclaredAt)
	fmt.Fprintf(w, "  engine: %s [%s] %s\n", verdict, rec.Check.Reason, rec.Check.Message)
	fmt.Fprintf(w, "  decision: %s", rec.Decision)
	if rec.Overrides {
		fmt.Fprint(w, " (against the engine's verdict)")
	}
	_, err := fmt.Fprintln(w)
	return err
}

// WritePINsText writes `arbitro player pin`: one row per player (entry id, pairing number,
// name, PIN), to be printed and cut into slips; the PINs are shown only this once.
func WritePINsText(w io.Writer, tournamentName string, pins []tournament.PlayerPIN) error {
	if len(pins) == 0 {
		_, err := fmt.Fprintf(w, "no players in %s yet: no PIN given\n", tournamentName)
		return err
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "ID\tNO\tNAME\tPIN")
	for _, p := range pins {
		no := "-"
		if p.Entry.Number > 0 {
			no = strconv.Itoa(p.Entry.Number)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", p.Entry.ID, no, p.Entry.Player.Name, p.PIN)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d PIN%s for the hall (arbitro serve --hall); only a hash is kept: print them now\n", len(pins), tournament.Plurals(len(pins)))
	return err
}
