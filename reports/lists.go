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

// OrNone is s, or the language's "none" for "".
func (l *Locale) OrNone(s string) string {
	if s == "" {
		return orEnglish(l).T("cmd.none")
	}
	return s
}

// OrBye is a Black player's name, or the language's "(bye)" for "" (the rest).
func (l *Locale) OrBye(s string) string {
	if s == "" {
		return orEnglish(l).T("cmd.bye")
	}
	return s
}

// WritePlayersText writes `arbitro player list` in the language l: one row per entry (id,
// pairing number, name, club, federation, rating, title, year of birth, FID id, status),
// or a line saying the tournament named has no players yet.
func WritePlayersText(w io.Writer, l *Locale, tournamentName string, es []tournament.Entry) error {
	l = orEnglish(l)
	if len(es) == 0 {
		_, err := fmt.Fprintln(w, l.T("cmd.no_players", "name", tournamentName))
		return err
	}
	tw := newTable(w)
	fmt.Fprintln(tw, l.T("cmd.players.head"))
	for _, e := range es {
		p := e.Player
		no, born, status := "-", "-", l.entryStatus(e.Status)
		if e.Number > 0 {
			no = fmt.Sprint(e.Number)
		}
		if p.BirthYear > 0 {
			born = fmt.Sprint(p.BirthYear)
		}
		if e.Status == tournament.StatusWithdrawn {
			status = l.T("cmd.status.withdrawn_after", "round", e.WithdrawnAfter)
			if e.WithdrawnAfter == 0 {
				status = l.T("cmd.status.withdrawn_before")
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\n", e.ID, no, p.Name, Dash(p.Club), Dash(p.Federation), e.Rating, Dash(p.Title), born, Dash(p.FIDID), status)
	}
	return tw.Flush()
}

// entryStatus is an entry's status in the language ("active" is "in gara" in Italian);
// a status without a word prints as stored.
func (l *Locale) entryStatus(s string) string {
	switch s {
	case tournament.StatusActive:
		return l.T("cmd.status.active")
	}
	return s
}

// WriteTournamentsText writes `arbitro tournament list` in the language l: one row per
// tournament of the database file db, or a line saying it holds none.
func WriteTournamentsText(w io.Writer, l *Locale, db string, all []tournament.Tournament) error {
	l = orEnglish(l)
	if len(all) == 0 {
		_, err := fmt.Fprintln(w, l.T("cmd.no_tournaments", "db", db))
		return err
	}
	tw := newTable(w)
	fmt.Fprintln(tw, l.T("cmd.tournaments.head"))
	for _, t := range all {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", t.ID, t.Name, l.variantShort(t.Variant), l.systemShort(t.System), t.Rounds, t.RoundsPaired, t.Players, Dash(t.Start), Dash(t.Place))
	}
	return tw.Flush()
}

// WriteTournamentText writes `arbitro tournament show` in the language l: every setting,
// one per line, under its name in the language (the English names are those `tournament
// set` takes). Codes are given in the language's words (variant, system, tie-breaks,
// Italo-Swiss format, openings, club separation; in English the codes `tournament set`
// takes), dates in the language's form and timestamps as local date and time (Stamp).
func WriteTournamentText(w io.Writer, l *Locale, t *tournament.Tournament) error {
	l = orEnglish(l)
	tw := newTable(w)
	rows := [][2]string{
		{"cmd.show.id", fmt.Sprint(t.ID)}, {"cmd.show.name", t.Name}, {"cmd.show.variant", l.variantShort(t.Variant)}, {"cmd.show.system", l.systemShort(t.System)},
		{"cmd.show.rounds", l.N("cmd.show.rounds_paired", t.RoundsPaired, "rounds", l.roundsCell(t))}, {"cmd.show.players", fmt.Sprint(t.Players)},
		{"cmd.show.scoring", t.Scoring}, {"cmd.show.bye-points", fmt.Sprint(t.ByePoints)}, {"cmd.show.forfeit-points", fmt.Sprint(t.ForfeitPoints)},
		{"cmd.show.games-per-pairing", fmt.Sprint(t.GamesPerPairing)}, {"cmd.show.tiebreaks", l.OrNone(l.tieBreaksShort(t.TieBreaks))},
		{"cmd.show.italo-format", l.italoFormatShort(t.ItaloFormat)}, {"cmd.show.openings", l.openingsShort(t.Openings)}, {"cmd.show.club-separation", l.clubSeparationShort(t.ClubSeparation)},
		{"cmd.show.seed", fmt.Sprint(t.Seed)}, {"cmd.show.lot", Dash(l.Stamp(t.LotDrawnAt))}, {"cmd.show.start", Dash(l.DateText(t.Start))}, {"cmd.show.end", Dash(l.DateText(t.End))},
		{"cmd.show.place", Dash(t.Place)}, {"cmd.show.federation", Dash(t.Federation)}, {"cmd.show.arbiter", Dash(t.Arbiter)},
		{"cmd.show.time-control", Dash(t.TimeControl)}, {"cmd.show.lang", string(t.Lang)}, {"cmd.show.created", l.Stamp(t.CreatedAt)},
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%s:\t%s\n", l.T(r[0]), r[1])
	}
	return tw.Flush()
}

// WriteEventLogText writes `arbitro tournament log` in the language l: id, time (local,
// Locale.Stamp), who (Locale.Actor) and action (Locale.ActionName) of each event, in l's
// words.
func WriteEventLogText(w io.Writer, l *Locale, evs []tournament.Event) error {
	tw := newTable(w)
	l = orEnglish(l)
	fmt.Fprintln(tw, l.T("cmd.log.head"))
	for _, e := range evs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", e.ID, l.Stamp(e.At), l.Actor(e.Actor), l.ActionName(e.Action))
	}
	return tw.Flush()
}

// WriteBoardsText writes `arbitro result list` in the language l: round, board ("3/2" for
// a return game), players, result ("-" none yet) and the stored score ("game N").
func WriteBoardsText(w io.Writer, l *Locale, boards []*tournament.Board) error {
	l = orEnglish(l)
	tw := newTable(w)
	fmt.Fprintln(tw, l.T("cmd.boards.head"))
	for _, b := range boards {
		res := l.ResultText(b.Result)
		if res == "" {
			res = "-"
		}
		score := "-"
		if b.GameID != 0 {
			score = l.T("cmd.boards.game", "id", strconv.FormatInt(b.GameID, 10))
		}
		board := strconv.Itoa(b.Board)
		if b.Game > 1 {
			board += "/" + strconv.Itoa(b.Game)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", b.Round, board, b.White, l.OrBye(b.Black), res, score)
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
	writeLotClubs(w, msg, res)
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
func writeLotClubs(w io.Writer, l *Locale, res *tournament.LotResult) {
	if len(res.Clubs) == 0 {
		return
	}
	num := map[int]int{}
	for _, n := range res.Numbers {
		num[int(n.Entry)] = n.Number
	}
	fmt.Fprintln(w, l.T("lot.clubs"))
	for _, c := range res.Clubs {
		var ns, rs []string
		for _, id := range c.Members {
			ns = append(ns, fmt.Sprint(num[id]))
		}
		for _, r := range c.Rounds {
			rs = append(rs, fmt.Sprint(r))
		}
		fmt.Fprintln(w, l.T("lot.club", "club", c.Club, "numbers", strings.Join(ns, ", "), "rounds", strings.Join(rs, ", ")))
	}
}

// WriteClaimText writes `arbitro claim` in the language l: the claim, the engine's
// verdict and the arbiter's decision (marked when it goes against the engine). The rule
// and reason in the language's words (ClaimRule, ClaimReason; codes in English); the
// engine's message is the rules package's sentence.
func WriteClaimText(w io.Writer, l *Locale, rec *tournament.ClaimRecord) error {
	l = orEnglish(l)
	verdict := l.T("cmd.claim.not_valid")
	if rec.Check.Valid {
		verdict = l.T("cmd.claim.valid")
	}
	fmt.Fprintln(w, l.T("cmd.claim.head", "id", fmt.Sprint(rec.ID), "round", rec.Round, "board", rec.Board, "white", rec.White, "black", rec.Black,
		"rule", l.ClaimRule(rec.Check.Rule), "requested", rec.RequestedAt, "declared", rec.DeclaredAt))
	fmt.Fprintln(w, l.T("cmd.claim.engine", "verdict", verdict, "reason", l.ClaimReason(rec.Check.Reason), "message", CheckWhy(l, rec.Check)))
	decision := l.ClaimDecision(rec.Decision)
	if rec.Overrides {
		decision = l.T("cmd.claim.overrides", "decision", decision)
	}
	_, err := fmt.Fprintln(w, l.T("cmd.claim.decision", "decision", decision))
	return err
}

// WritePINsText writes `arbitro player pin` in the language l: one row per player (entry id, pairing number,
// name, PIN), to be printed and cut into slips; the PINs are shown only this once.
func WritePINsText(w io.Writer, l *Locale, tournamentName string, pins []tournament.PlayerPIN) error {
	l = orEnglish(l)
	if len(pins) == 0 {
		_, err := fmt.Fprintln(w, l.T("cmd.pins.none", "name", tournamentName))
		return err
	}
	tw := newTable(w)
	fmt.Fprintln(tw, l.T("cmd.pins.head"))
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
	_, err := fmt.Fprintln(w, l.N("cmd.pins.given", len(pins)))
	return err
}

// ClaimDecision is the arbiter's decision on a claim in the language (accepted,
// rejected); a decision without a word prints as stored.
func (l *Locale) ClaimDecision(d string) string {
	switch d {
	case tournament.DecisionAccepted:
		return l.T("cmd.claim.accepted")
	case tournament.DecisionRejected:
		return l.T("cmd.claim.rejected")
	}
	return d
}
