package tournament

import (
	"io"
	"sort"
	"strconv"
	"strings"

	"arbitro/rules"
)

// Play-offs (barrage, spareggio tecnico; issue 32, docs/playoffs.md): extra games between
// players tied in the standings, at their own time control, that order them for a title or
// a place and count in no score. FIDE's Tie-Break Regulations (2024) art. 3.1.2 leave to
// the event whether a play-off comes after none, some or all of the tie-breaks; the FMJD
// events found (World Cup Final 2017, art. 6.4) and the FID's 2006 "match di spareggio"
// play it between players equal after the tie-breaks. arbitro follows that by default (a
// play-off orders only players still sharing a place after every tie-break) and lets each
// play-off be played before the tie-breaks instead (Playoff.When, ApplyPlayoffs).

// Playoff is one play-off of a tournament: its players (two or more), the title or place
// it decides, its time control and its games.
type Playoff struct {
	ID          int64         `json:"-"`
	Number      int           `json:"number"`          // 1, 2, ... within the tournament
	Title       string        `json:"title,omitempty"` // the title it decides ("" when a place)
	Place       int           `json:"place,omitempty"` // the place it decides (0: the title's)
	TimeControl string        `json:"time_control,omitempty"`
	When        string        `json:"when"`    // PlayoffAfterTieBreaks (default) or PlayoffBeforeTieBreaks
	Players     []PlayoffSide `json:"players"` // in the order given
	Games       []PlayoffGame `json:"games"`   // by game number
}

// PlayoffSide is one player of a play-off: entry id, pairing number, name.
type PlayoffSide struct {
	EntryID int64  `json:"entry_id"`
	Number  int    `json:"pairing_number,omitempty"`
	Name    string `json:"name"`
}

// PlayoffGame is one game of a play-off: White's game points (2 win, 1 draw, 0 loss) and,
// when a PDN score was given, the replay's verdict on it (Legal, Ply, Reason).
type PlayoffGame struct {
	Game        int         `json:"game"`
	White       PlayoffSide `json:"white"`
	Black       PlayoffSide `json:"black"`
	WhitePoints int         `json:"white_points"`
	HasScore    bool        `json:"has_score"`
	Legal       bool        `json:"legal,omitempty"`
	Ply         int         `json:"illegal_ply,omitempty"`
	Reason      string      `json:"reason,omitempty"`
}

// Points returns each player's play-off game points (2 a win, 1 a draw), by entry id.
func (p *Playoff) Points() map[int64]int {
	out := make(map[int64]int, len(p.Players))
	for _, s := range p.Players {
		out[s.EntryID] = 0
	}
	for _, g := range p.Games {
		out[g.White.EntryID] += g.WhitePoints
		out[g.Black.EntryID] += 2 - g.WhitePoints
	}
	return out
}

// Has reports whether entry id plays in p.
func (p *Playoff) Has(id int64) bool {
	for _, s := range p.Players {
		if s.EntryID == id {
			return true
		}
	}
	return false
}

// CheckPlayoffPlayers checks the players of a new play-off: two or more, none twice.
// Errors wrap ErrInvalid, naming the player given twice.
func CheckPlayoffPlayers(ps []PlayoffSide) error {
	if len(ps) < 2 {
		return Errf(ErrInvalid, "err.playoff.two_players", "{err}: a play-off needs two players or more (give them with --between A B)")
	}
	seen := map[int64]bool{}
	for _, p := range ps {
		if seen[p.EntryID] {
			return Errf(ErrInvalid, "err.playoff.named_twice", "{err}: {name} is named twice in the play-off (name each tied player once)", "name", p.Name)
		}
		seen[p.EntryID] = true
	}
	return nil
}

// CheckPlayoffGame checks a game for play-off p: both players are p's and differ. Errors
// wrap ErrInvalid.
func CheckPlayoffGame(p *Playoff, white, black int64) error {
	if white == black {
		return Errf(ErrInvalid, "err.playoff.plays_himself", "{err}: a player cannot play himself (name White and Black)")
	}
	if !p.Has(white) || !p.Has(black) {
		return Errf(ErrInvalid, "err.playoff.not_in", "{err}: play-off {number} is between {players} (name two of its players)", "number", p.Number, "players", playoffNames(p))
	}
	return nil
}

func playoffNames(p *Playoff) string {
	s := ""
	for i, x := range p.Players {
		if i > 0 {
			s += ", "
		}
		s += x.Name
	}
	return s
}

// When a play-off orders the players it is between (Playoff.When; docs/playoffs.md).
const (
	// PlayoffAfterTieBreaks (the default): it orders players still sharing one place after
	// every tie-break, and only them (FIDE Tie-Break Regulations 2024 art. 3.1.2 "after
	// all"; the FMJD World Cup Final 2017 art. 6.4).
	PlayoffAfterTieBreaks = "after-tiebreaks"
	// PlayoffBeforeTieBreaks: it orders players equal on points, before the tie-breaks (art.
	// 3.1.2 "after none"): they take the first places of their points, by play-off points,
	// then by the tie-breaks; the others equal on points follow them.
	PlayoffBeforeTieBreaks = "before-tiebreaks"
)

// ParsePlayoffWhen reads when a play-off orders its players: "after-tiebreaks" ("" too) or
// "before-tiebreaks". Errors wrap ErrMalformed.
func ParsePlayoffWhen(s string) (string, error) {
	switch s {
	case "", PlayoffAfterTieBreaks:
		return PlayoffAfterTieBreaks, nil
	case PlayoffBeforeTieBreaks:
		return s, nil
	}
	return "", Errf(ErrMalformed, "err.playoff.when", "{err}: {s} (write after-tiebreaks or before-tiebreaks)", "s", strconv.Quote(s))
}

// ApplyPlayoffs orders the final standings rows (in order of places, as ComputeStandings
// returns them) by the play-offs pos that have games, in their order:
//   - after the tie-breaks (PlayoffAfterTieBreaks): when the play-off's players are exactly
//     the players of one shared place (Rank..RankTo), they are sorted by their play-off
//     points, best first, and take distinct places where those points differ;
//   - before the tie-breaks (PlayoffBeforeTieBreaks): when the play-off's players are all
//     equal on points, they take the first places of that score, sorted by play-off
//     points and then as the tie-breaks placed them; the others of that score follow.
//
// Scores and tie-breaks are not changed. A play-off whose players no longer fit (the
// results changed since) orders nothing.
//
// Returns the rows (reordered in place) and the entry ids whose place a play-off decided.
func ApplyPlayoffs(rows []Standing, pos []Playoff) ([]Standing, map[int64]bool) {
	decided := map[int64]bool{}
	for i := range pos {
		p := &pos[i]
		if len(p.Games) == 0 {
			continue
		}
		lo, hi, ok := playoffSpan(rows, p)
		if !ok {
			continue
		}
		reorderByPlayoff(rows[lo:hi], p, decided)
	}
	return rows, decided
}

// playoffSpan returns the run rows[lo:hi] play-off p reorders, ok false when p's players do
// not fit its rule (see ApplyPlayoffs).
func playoffSpan(rows []Standing, p *Playoff) (lo, hi int, ok bool) {
	var in []int
	for i, r := range rows {
		if p.Has(int64(r.Entry.ID)) {
			in = append(in, i)
		}
	}
	if len(in) != len(p.Players) || len(in) < 2 {
		return 0, 0, false
	}
	same := func(a, b Standing) bool { return a.Rank == b.Rank }
	if p.When == PlayoffBeforeTieBreaks {
		same = func(a, b Standing) bool { return a.Points == b.Points }
	}
	first := rows[in[0]]
	for _, i := range in {
		if !same(rows[i], first) {
			return 0, 0, false
		}
	}
	lo, hi = in[0], in[0]+1
	for lo > 0 && same(rows[lo-1], first) {
		lo--
	}
	for hi < len(rows) && same(rows[hi], first) {
		hi++
	}
	if p.When != PlayoffBeforeTieBreaks && hi-lo != len(in) {
		return 0, 0, false // others share the place: not the tie the play-off was for
	}
	return lo, hi, true
}

// reorderByPlayoff sorts span (stable): p's players first by play-off points, then the
// others; places split where the play-off points or the earlier places differ.
func reorderByPlayoff(span []Standing, p *Playoff, decided map[int64]bool) {
	pts := p.Points()
	first := span[0].Rank // the span's first place, before it is reordered
	type key struct{ in, pts, rank int }
	keyOf := func(s Standing) key {
		if p.Has(int64(s.Entry.ID)) {
			return key{1, pts[int64(s.Entry.ID)], s.Rank}
		}
		return key{0, 0, s.Rank}
	}
	keys := make(map[int]key, len(span))
	for _, s := range span {
		keys[s.Entry.ID] = keyOf(s)
	}
	if p.When != PlayoffBeforeTieBreaks {
		for _, s := range span { // after the tie-breaks every player shares one place
			k := keys[s.Entry.ID]
			k.rank = 0
			keys[s.Entry.ID] = k
		}
	}
	sort.SliceStable(span, func(a, b int) bool {
		ka, kb := keys[span[a].Entry.ID], keys[span[b].Entry.ID]
		if ka.in != kb.in {
			return ka.in > kb.in
		}
		if ka.pts != kb.pts {
			return ka.pts > kb.pts
		}
		return ka.rank < kb.rank
	})
	for lo := 0; lo < len(span); {
		hi := lo + 1
		for hi < len(span) && keys[span[hi].Entry.ID] == keys[span[lo].Entry.ID] {
			hi++
		}
		for i := lo; i < hi; i++ {
			span[i].Rank, span[i].RankTo = first+lo, first+hi-1
			if keys[span[i].Entry.ID].in == 1 && (hi-lo < len(p.Players) || p.When == PlayoffBeforeTieBreaks) {
				decided[int64(span[i].Entry.ID)] = true
			}
		}
		lo = hi
	}
}

// PlayoffGameAudit is the audit of one play-off game's stored score: the play-off's number,
// the game, the replay's verdict and the problems found (VerdictProblems, and a
// result-mismatch when the score's result differs from the game's).
type PlayoffGameAudit struct {
	Playoff  int           `json:"playoff"`
	Game     PlayoffGame   `json:"game"`
	Score    *rules.Game   `json:"-"`
	Verdict  rules.Verdict `json:"verdict"`
	Problems []Problem     `json:"problems"`
}

// AuditPlayoffGame judges the stored score pdn of game g of play-off number of t by the
// same replay as the event's games (ReplayForTournament): an unreadable score is a parse
// verdict; a score whose result tag differs from the game's entered result is a
// result-mismatch problem.
func AuditPlayoffGame(t *Tournament, number int, g PlayoffGame, pdn string) PlayoffGameAudit {
	a := PlayoffGameAudit{Playoff: number, Game: g, Problems: []Problem{}}
	sc, err := rules.NewPDNReader(strings.NewReader(pdn)).Next()
	if err == io.EOF {
		err = Errf(ErrBadPDN, "err.playoff.stored_empty", "{err}: the stored score is empty")
	}
	if err != nil {
		a.Verdict = rules.ParseErrorVerdict(sc, err)
	} else {
		a.Score = sc
		a.Verdict = ReplayForTournament(sc, t)
	}
	a.Problems = append(a.Problems, VerdictProblems(a.Verdict)...)
	if sc != nil {
		if msg := PlayoffResultMismatch(sc, g); msg != nil {
			a.Problems = append(a.Problems, Problem{Code: ProblemResultMismatch, Message: msg.Error(), Err: msg})
		}
	}
	return a
}

// PlayoffResultMismatch says how the result written in score sc differs from the entered
// result of play-off game g (a CodedError phrase); nil when they agree or sc has no result.
func PlayoffResultMismatch(sc *rules.Game, g PlayoffGame) error {
	r := sc.FinalResult()
	if r == "" || r == "*" {
		return nil
	}
	o, err := ParseOutcome(r)
	if err != nil || o.Kind != KindPlayed {
		return nil
	}
	if map[byte]int{'W': 2, 'D': 1, 'B': 0}[o.Winner] != g.WhitePoints {
		return Errf(nil, "err.board.playoff_result_differs", "the score's result is {score}, the game is entered as {entered}", "score", r, "entered", map[int]string{2: "2-0", 1: "1-1", 0: "0-2"}[g.WhitePoints])
	}
	return nil
}
