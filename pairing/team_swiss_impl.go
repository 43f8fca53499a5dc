package pairing

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// teamShift is the number of fictitious rounds put before the real ones when the team
// colour preferences of C.04.6 are handed to the Dutch engine (teamDutchEntrants).
const teamShift = 2

// tteam is one available team with what the colour rules need.
type tteam struct {
	id, number          int
	primary, secondary  int
	colours             []Colour // colours of the first board in played matches, in round order
	pref                Colour   // preferred colour under the rule; NoColour: none
	strength            int      // 1 mild or simple, 2 strong, 3 absolute (TeamColoursDutch only)
	played, unplayedAll int      // matches played over the boards; rounds before this one without
}

func teamSwiss(teams []Team, opt TeamSwissOptions) (TeamSwissResult, error) {
	if err := checkTeams(teams, opt); err != nil {
		return TeamSwissResult{}, err
	}
	round := opt.Round
	if round <= 0 {
		for _, t := range teams {
			for _, r := range t.History {
				round = max(round, r.Number)
			}
		}
		round++
	}
	last := opt.Rounds > 0 && round >= opt.Rounds
	initial := opt.InitialColour
	if initial == NoColour {
		initial = LotColour(opt.Seed)
	}
	info := make(map[int]*tteam, len(teams))
	for i := range teams {
		if teams[i].Available {
			info[teams[i].ID] = readTeam(&teams[i], opt, round, last)
		}
	}
	entrants, acc := teamDutchEntrants(teams, opt, info, round)
	dopt := DutchOptions{Round: round, TotalRounds: opt.Rounds, InitialColour: initial, Seed: opt.Seed,
		Forbidden: opt.Forbidden, SearchBudget: opt.SearchBudget, Acceleration: acc}
	if opt.Colours != TeamColoursDutch {
		dopt.Round = round + teamShift
		if opt.Rounds > 0 {
			dopt.TotalRounds = opt.Rounds + teamShift
		}
	}
	dres, err := Dutch(entrants, dopt)
	if err != nil {
		return TeamSwissResult{}, teamDutchError(err, len(info), round, dopt.Round, opt.Colours)
	}
	res := TeamSwissResult{InitialColour: initial, Floats: dres.Floats}
	res.Notes = append(res.Notes, TeamNote{Code: TeamNoteRule, Args: []int{int(opt.Score), int(opt.Colours), int(initial)}})
	res.Notes = append(res.Notes, teamBracketNotes(dres, info)...)
	if bye := dutchByeOf(dres.Pairs); bye != 0 {
		res.Bye = bye
		t := info[bye]
		res.Notes = append(res.Notes, TeamNote{Code: TeamNoteBye, Args: []int{t.id, t.primary, t.unplayedAll}})
	}
	for _, p := range dres.Pairs {
		if p.IsBye() {
			continue
		}
		w, b, step := p.White, p.Black, 0
		if opt.Colours != TeamColoursDutch {
			w, b, step = teamAllocate(info[p.White], info[p.Black], opt.Colours, initial)
		}
		res.Pairs = append(res.Pairs, Pair{Board: len(res.Pairs) + 1, White: w, Black: b})
		res.Notes = append(res.Notes, TeamNote{Code: TeamNoteColour, Args: []int{len(res.Pairs), w, b, step}})
		for _, x := range [2]*tteam{info[w], info[b]} {
			got := White
			if x.id == b {
				got = Black
			}
			if x.pref != NoColour && x.pref != got {
				res.Notes = append(res.Notes, TeamNote{Code: TeamNotePreferenceUnmet, Args: []int{x.id, int(x.pref), x.strength}})
			}
		}
	}
	return res, nil
}

// checkTeams validates the options and the snapshot: positive unique ids, positive
// unique TPNs among the available teams, known kinds and colours.
func checkTeams(teams []Team, opt TeamSwissOptions) error {
	if opt.Score != TeamByMatchPoints && opt.Score != TeamByGamePoints {
		return fmt.Errorf("%w: pairing score %d (want TeamByMatchPoints or TeamByGamePoints)", ErrTeamSnapshot, opt.Score)
	}
	if opt.Colours < TeamColoursA || opt.Colours > TeamColoursDutch {
		return fmt.Errorf("%w: colour rule %d (want TeamColoursA, B, None or Dutch)", ErrTeamSnapshot, opt.Colours)
	}
	if opt.WinMatchPoints < 0 || opt.Round < 0 || opt.Rounds < 0 {
		return fmt.Errorf("%w: negative round, rounds or match points of a win", ErrTeamSnapshot)
	}
	ids := map[int]bool{}
	tpns := map[int]int{}
	for _, t := range teams {
		if t.ID <= 0 {
			return fmt.Errorf("%w: team id %d (ids must be positive)", ErrBadSnapshot, t.ID)
		}
		if ids[t.ID] {
			return fmt.Errorf("%w: team id %d appears twice", ErrBadSnapshot, t.ID)
		}
		ids[t.ID] = true
		if t.Available {
			if t.Number <= 0 {
				return fmt.Errorf("%w: team %d has pairing number %d (must be positive)", ErrBadSnapshot, t.ID, t.Number)
			}
			if o, dup := tpns[t.Number]; dup {
				return fmt.Errorf("%w: teams %d and %d share pairing number %d", ErrBadSnapshot, o, t.ID, t.Number)
			}
			tpns[t.Number] = t.ID
		}
		for _, r := range t.History {
			if r.Kind < Played || r.Kind > Absent || r.Colour < NoColour || r.Colour > Black || r.Number <= 0 {
				return fmt.Errorf("%w: team %d, round %d: kind %d, colour %d", ErrTeamSnapshot, t.ID, r.Number, r.Kind, r.Colour)
			}
		}
	}
	return nil
}

// readTeam reads the colour history and the preference of an available team.
func readTeam(t *Team, opt TeamSwissOptions, round int, last bool) *tteam {
	x := &tteam{id: t.ID, number: t.Number, primary: t.MatchPoints, secondary: t.GamePoints}
	if opt.Score == TeamByGamePoints {
		x.primary, x.secondary = t.GamePoints, t.MatchPoints
	}
	h := slices.Clone(t.History)
	slices.SortStableFunc(h, func(a, b TeamRound) int { return cmp.Compare(a.Number, b.Number) })
	for _, r := range h {
		if r.Kind == Played {
			x.played++
			if r.Colour != NoColour {
				x.colours = append(x.colours, r.Colour)
			}
		}
	}
	x.unplayedAll = max(0, round-1-x.played)
	switch opt.Colours {
	case TeamColoursA, TeamColoursB:
		x.pref, x.strength = teamPreference(x.colours, opt.Colours, last)
	case TeamColoursDutch:
		x.pref, x.strength = individualPreference(x.colours)
	}
	return x
}

// teamPreference is the colour preference of a team (C.04.6 Art. 1.7, as
// docs/team-swiss.md reads it) from the colours of its first board in played matches:
// with cd the colour difference (whites − blacks),
//
//	White when cd < −1, or cd is 0 or −1 and the last two played matches were Black;
//	Black when cd > +1, or cd is 0 or +1 and the last two played matches were White:
//	type A: a (simple) preference, strength 1; type B: a strong preference, strength 2.
//	Type B only, otherwise: a mild preference (strength 1) for White when cd = −1, or
//	cd = 0 after Black in the last played match unless the round is the last one;
//	symmetrically for Black.
//
// No preference before the first played match; never absolute.
func teamPreference(colours []Colour, rule TeamColourRule, last bool) (Colour, int) {
	k := len(colours)
	if k == 0 {
		return NoColour, 0
	}
	cd := 0
	for _, c := range colours {
		if c == White {
			cd++
		} else {
			cd--
		}
	}
	lastC := colours[k-1]
	twice := k >= 2 && colours[k-2] == lastC
	strong := 1
	if rule == TeamColoursB {
		strong = 2
	}
	switch {
	case cd < -1 || (twice && lastC == Black && (cd == 0 || cd == -1)):
		return White, strong
	case cd > 1 || (twice && lastC == White && (cd == 0 || cd == 1)):
		return Black, strong
	}
	if rule != TeamColoursB {
		return NoColour, 0
	}
	switch {
	case cd == -1:
		return White, 1
	case cd == 1:
		return Black, 1
	case !last:
		return lastC.Opposite(), 1
	}
	return NoColour, 0
}

// individualPreference is C.04.3 Art. 1.7 (as readHistory reads it) on the team's
// colours: 3 absolute, 2 strong, 1 mild.
func individualPreference(colours []Colour) (Colour, int) {
	h := make([]Round, len(colours))
	for i, c := range colours {
		h[i] = Round{Number: i + 1, Kind: Played, Colour: c}
	}
	var q dplayer
	q.readHistory(h)
	return q.pref, int(q.strength)
}

// teamDutchEntrants builds the Dutch engine's snapshot of the teams. Scores are the
// primary score; a round's points are its primary points, except a round not paired
// but scored, whose points are 1 (a downfloat, Art. 1.4.3) or, at a won match's match
// points or more, a forfeit win without opponent (C2): the returned acceleration adds
// back what that changes in the scores before each round, so that derived floats read
// the true scores. Under the C.04.6 colour rules the real rounds move teamShift rounds
// later, carry no colour, and two fictitious played rounds without opponent (rounds 1
// and 2, no points, no float) carry the team's preference as the Dutch engine reads
// colours: a strong preference for c as one match with the other colour (a colour
// difference of ±1), a mild or simple one as the two colours ending with the other one
// (difference 0). C12 then counts the unmet preferences and C13 the unmet strong ones,
// the criteria C.04.6 keeps (docs/team-swiss.md); nothing is absolute.
func teamDutchEntrants(teams []Team, opt TeamSwissOptions, info map[int]*tteam, round int) ([]Entrant, func(id, r int) int) {
	win := opt.WinMatchPoints
	if win == 0 {
		win = 2
	}
	shift := 0
	if opt.Colours != TeamColoursDutch {
		shift = teamShift
	}
	corr := map[[2]int]int{} // (id, engine round) -> points the engine's history misses before it
	out := make([]Entrant, 0, len(teams))
	for i := range teams {
		t := &teams[i]
		e := Entrant{ID: t.ID, Number: t.Number, Name: t.Name, Score: t.MatchPoints, Available: t.Available}
		if opt.Score == TeamByGamePoints {
			e.Score = t.GamePoints
		}
		if x := info[t.ID]; x != nil && shift > 0 {
			e.History = append(e.History, fictitiousRounds(x.pref, x.strength)...)
		}
		var missing []int // per real round: true points - engine points
		for _, r := range t.History {
			pts := r.MatchPoints
			if opt.Score == TeamByGamePoints {
				pts = r.GamePoints
			}
			er := Round{Number: r.Number + shift, Opponent: r.Opponent, Colour: r.Colour, Kind: r.Kind, Points: pts, Float: r.Float}
			if shift > 0 {
				er.Colour = NoColour
			}
			if r.Kind == Absent && pts > 0 {
				er.Points = 1
				if r.MatchPoints >= win {
					er.Kind, er.Opponent = ForfeitWin, 0
				}
			}
			if d := pts - er.Points; d != 0 {
				missing = append(missing, r.Number+shift, d)
			}
			e.History = append(e.History, er)
		}
		for k := 0; k < len(missing); k += 2 {
			for _, r2 := range e.History {
				if r2.Number > missing[k] {
					corr[[2]int{t.ID, r2.Number}] += missing[k+1]
				}
			}
		}
		out = append(out, e)
	}
	acc := func(id, r int) int {
		if r >= round+shift {
			return 0
		}
		return corr[[2]int{id, r}]
	}
	return out, acc
}

// fictitiousRounds are the two rounds 1 and 2 carrying a preference for the Dutch
// engine (see teamDutchEntrants).
func fictitiousRounds(pref Colour, strength int) []Round {
	rs := []Round{{Number: 1, Kind: Played}, {Number: 2, Kind: Played}}
	switch {
	case pref == NoColour:
	case strength >= 2:
		rs[1].Colour = pref.Opposite()
	default:
		rs[0].Colour, rs[1].Colour = pref, pref.Opposite()
	}
	return rs
}

// teamDutchError rewords the Dutch engine's errors for teams: the round the arbiter
// knows (not the engine's shifted one) and teams instead of players.
func teamDutchError(err error, n, round, engineRound int, rule TeamColourRule) error {
	switch {
	case errors.Is(err, ErrNoPairing):
		what := "a repeated match or a second bye (C.04.3 C1–C2 applied to teams)"
		if rule == TeamColoursDutch {
			what = "a repeated match, a second bye or two teams with the same absolute colour preference (C.04.3 C1–C3 applied to teams)"
		}
		return fmt.Errorf("%w: %d teams cannot all be paired in round %d without %s; C.04.3 Art. 1.9.3 leaves the round to the chief arbiter", ErrNoPairing, n, round, what)
	case errors.Is(err, ErrSearchLimit) && engineRound != round:
		msg := strings.Replace(err.Error(), fmt.Sprintf("round %d,", engineRound), fmt.Sprintf("round %d,", round), 1)
		return &teamError{msg: msg, err: err}
	}
	return err
}

// teamError is an error whose text is reworded and whose chain is the original's.
type teamError struct {
	msg string
	err error
}

func (e *teamError) Error() string { return e.msg }
func (e *teamError) Unwrap() error { return e.err }

// teamBracketNotes explains the brackets top-down and who floated where.
func teamBracketNotes(dres DutchResult, info map[int]*tteam) []TeamNote {
	opp := map[int]int{}
	for _, p := range dres.Pairs {
		if p.IsBye() {
			opp[p.White] = 0
			continue
		}
		opp[p.White], opp[p.Black] = p.Black, p.White
	}
	var out []TeamNote
	for _, b := range dres.Brackets {
		args := append([]int{b.Score, b.Residents}, b.MDPs...)
		out = append(out, TeamNote{Code: TeamNoteBracket, Args: args})
		for _, id := range b.Downfloaters {
			to := -1
			if o := opp[id]; o != 0 {
				to = info[o].primary
			}
			out = append(out, TeamNote{Code: TeamNoteFloat, Args: []int{id, info[id].primary, to}})
		}
	}
	return out
}

// teamAllocate gives the colours of one match (the colour of the first board) by the
// steps of C.04.6 Art. 4 as docs/team-swiss.md reads them; it returns (white, black,
// step). The first team is the one with the higher primary score, then the higher
// secondary score, then the smaller TPN.
//
//	1 neither team has played a match: the first team gets the initial colour if its
//	  TPN is odd, the other colour if even;
//	2 only one team has a preference: it is granted;
//	3 opposite preferences: both granted;
//	4 (type B) only one strong preference: it is granted;
//	5 White to the team with the lower colour difference;
//	6 the colours alternated from the most recent played match (the latest matches
//	  aligned) in which the two teams had different colours;
//	7 the first team's preference;
//	8 the first team's last colour alternated;
//	9 the other team's last colour alternated.
func teamAllocate(a, b *tteam, rule TeamColourRule, initial Colour) (int, int, int) {
	if c := cmp.Compare(b.primary, a.primary); c > 0 ||
		(c == 0 && (b.secondary > a.secondary || (b.secondary == a.secondary && b.number < a.number))) {
		a, b = b, a
	}
	give := func(x *tteam, c Colour, step int) (int, int, int) {
		y := a
		if x == a {
			y = b
		}
		if c == White {
			return x.id, y.id, step
		}
		return y.id, x.id, step
	}
	if len(a.colours) == 0 && len(b.colours) == 0 {
		if a.number%2 == 1 {
			return give(a, initial, 1)
		}
		return give(a, initial.Opposite(), 1)
	}
	switch {
	case a.pref != NoColour && b.pref == NoColour:
		return give(a, a.pref, 2)
	case b.pref != NoColour && a.pref == NoColour:
		return give(b, b.pref, 2)
	case a.pref != NoColour && a.pref != b.pref:
		return give(a, a.pref, 3)
	}
	if rule == TeamColoursB && a.pref != NoColour && a.strength != b.strength {
		if a.strength > b.strength {
			return give(a, a.pref, 4)
		}
		return give(b, b.pref, 4)
	}
	if ca, cb := colourDiff(a.colours), colourDiff(b.colours); ca != cb {
		if ca < cb {
			return give(a, White, 5)
		}
		return give(b, White, 5)
	}
	for k := 1; k <= len(a.colours) && k <= len(b.colours); k++ {
		x, y := a.colours[len(a.colours)-k], b.colours[len(b.colours)-k]
		if x != y {
			return give(a, x.Opposite(), 6)
		}
	}
	if a.pref != NoColour {
		return give(a, a.pref, 7)
	}
	if n := len(a.colours); n > 0 {
		return give(a, a.colours[n-1].Opposite(), 8)
	}
	return give(b, b.colours[len(b.colours)-1].Opposite(), 9)
}

// dutchByeOf is the team of a bye pair, 0 when none.
func dutchByeOf(pairs []Pair) int {
	for _, p := range pairs {
		if p.IsBye() {
			return p.White
		}
	}
	return 0
}

func colourDiff(cs []Colour) int {
	cd := 0
	for _, c := range cs {
		if c == White {
			cd++
		} else {
			cd--
		}
	}
	return cd
}
