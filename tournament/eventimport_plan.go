package tournament

// The first pass of event import: the games of a PDN file are read one at a time and only
// what the event is made of is kept (the players, the rounds, a few counts). No game is
// kept, so memory follows the event (players x rounds), never the number of games.

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"arbitro/rules"
)

// maxListed is how many illegal games, and how many warnings of one kind, an EventPlan
// lists; the rest are counted ("and 1234 more"): `arbitro audit` lists them all.
const MaxListed = 200

// maxDatesPerRound is how many different dates of one round a plan counts for its
// warning; more are summed up as "and more".
const maxDatesPerRound = 8

// maxRoundRobinPlayers is the largest round robin an event of at most 99 rounds can be
// (100 players play 99 rounds). Above it the plan stops recording who met whom.
const maxRoundRobinPlayers = 100

// importProbe, when set (by a test), is called every probeEvery games of both passes of
// an event import: the memory test samples the live heap there.
var ImportProbe func()

const ProbeEvery = 500

// gameSource yields the games of a PDN file one at a time (rules.PDNReader does).
type gameSource interface {
	Next() (*rules.Game, error)
}

// sliceSource is a gameSource over games already in memory (PlanEventImport).
type sliceSource struct {
	games []*rules.Game
	i     int
}

func (s *sliceSource) Next() (*rules.Game, error) {
	if s.i >= len(s.games) {
		return nil, io.EOF
	}
	s.i++
	return s.games[s.i-1], nil
}

// roundMode places games in rounds one way (one of RoundFrom*), game by game, so that the
// first pass can follow the three ways at once and the second pass can place each game
// again the way that was chosen.
type roundMode struct {
	source string
	alive  bool             // every game so far has a round this way
	seen   map[int]bool     // RoundFromFileOrder: the players of the current round
	cur    int              // RoundFromFileOrder: the current round
	boards []int            // games placed in each round (index round-1)
	played [][]int32        // first pass: per player, his game (file index) in each round, 0 none
	first  []int            // first pass: per player, where he is first seen (round, game, colour)
	dates  []map[string]int // first pass: the dates of each round's games, counted
	// conflict is the first player found twice in one round: the plan is refused with it
	// when this way is chosen.
	conflict error
}

func NewRoundMode(source string) *roundMode {
	return &roundMode{source: source, alive: true, seen: map[int]bool{}}
}

// roundOf returns the round of g (white and black are player numbers), or 0 when g has
// none this way.
func (m *roundMode) roundOf(g *rules.Game, white, black int) int {
	switch m.source {
	case RoundFromTag:
		return roundTag(g.Round())
	case RoundFromEventText:
		n, _ := RoundInText(g.Event())
		return n
	}
	if m.cur == 0 || m.seen[white] || m.seen[black] {
		m.cur++
		clear(m.seen)
	}
	m.seen[white], m.seen[black] = true, true
	if m.cur > 99 {
		return 0 // more rounds than a tournament may have
	}
	return m.cur
}

// place returns the round and board of the next game; 0, 0 when it has no round this way.
// Boards follow file order within each round.
func (m *roundMode) place(g *rules.Game, white, black int) (round, board int) {
	r := m.roundOf(g, white, black)
	if r == 0 {
		return 0, 0
	}
	for len(m.boards) < r {
		m.boards = append(m.boards, 0)
	}
	m.boards[r-1]++
	return r, m.boards[r-1]
}

// kill drops a way that cannot place every game, and what it had recorded.
func (m *roundMode) kill() {
	*m = roundMode{source: m.source}
}

// record notes, for the first pass, that game g (seq-th in the file) of round r is played
// by white and black: who plays twice in a round, who is seen first, the round's dates.
func (m *roundMode) record(p *eventPlanner, g *rules.Game, r, seq, white, black int) {
	for colour, pl := range []int{white, black} {
		for len(m.played) <= pl {
			m.played = append(m.played, nil)
			m.first = append(m.first, -1)
		}
		for len(m.played[pl]) < r {
			m.played[pl] = append(m.played[pl], 0)
		}
		if j := m.played[pl][r-1]; j != 0 && m.conflict == nil {
			m.conflict = Errf(ErrEventPDN, "err.import.plays_twice", "{err}: {player} plays twice in round {round} (games {first} and {index}; rounds from the {source})", "player", p.names[pl], "round", r, "first", j, "index", g.Index, "source", roundSourceArg(m.source))
		}
		m.played[pl][r-1] = int32(g.Index)
		if at := (r*(1<<24)+seq)*2 + colour; m.first[pl] < 0 || at < m.first[pl] {
			m.first[pl] = at
		}
	}
	for len(m.dates) < r {
		m.dates = append(m.dates, map[string]int{})
	}
	if d := g.Date(); d != "" && !strings.Contains(d, "?") {
		ds := m.dates[r-1]
		if _, ok := ds[d]; ok || len(ds) < maxDatesPerRound {
			ds[strings.Clone(d)]++
		} else {
			ds["and more"]++
		}
	}
}

// eventPlanner is the first pass of event import.
type eventPlanner struct {
	opts     EventImportOptions
	forced   *rules.Variant
	variant  *rules.Variant
	varGame  int               // the game that set the variant
	names    []string          // players in order of first appearance in the file
	index    map[string]int    // stored spelling -> position in names
	spelling map[string]string // key(name) -> the first spelling seen
	caseDup  map[[2]string]bool
	dups     []PossibleDuplicate
	modes    []*roundMode // RoundFromTag, RoundFromEventText, RoundFromFileOrder
	met      map[[2]int]bool
	rematch  bool
	games    int
	event    string // the first game's Event, Date and Site
	date     string
	site     string
	lo, hi   string // first and last full dates
}

func newEventPlanner(opts EventImportOptions) *eventPlanner {
	p := &eventPlanner{opts: opts, index: map[string]int{}, spelling: map[string]string{}, caseDup: map[[2]string]bool{},
		met: map[[2]int]bool{}}
	for _, s := range []string{RoundFromTag, RoundFromEventText, RoundFromFileOrder} {
		p.modes = append(p.modes, NewRoundMode(s))
	}
	p.forced = opts.Variant
	return p
}

// add reads one game. Its errors (they wrap ErrEventPDN) refuse the file at that game,
// without reading the rest.
func (p *eventPlanner) add(g *rules.Game) error {
	if err := CheckTags(g); err != nil {
		return ErrfWrap(ErrEventPDN, err, "err.import.game", "{err}: game {index} (line {line}): {cause}", "index", g.Index, "line", g.Line)
	}
	if err := p.checkVariant(g); err != nil {
		return err
	}
	w, b, err := p.players(g)
	if err != nil {
		return err
	}
	p.games++
	if p.games == 1 {
		p.event, p.date, p.site = strings.Clone(g.Event()), strings.Clone(g.Date()), strings.Clone(g.Site())
	}
	p.noteDate(g.Date())
	p.noteMet(w, b)
	alive := false
	for _, m := range p.modes {
		if !m.alive {
			continue
		}
		r, _ := m.place(g, w, b)
		if r == 0 {
			m.kill()
			continue
		}
		alive = true
		m.record(p, g, r, p.games, w, b)
	}
	if !alive {
		return Errf(ErrEventPDN, "err.import.too_many_rounds", "{err}: game {index} (line {line}) has no Round tag, and in file order (a new round when a player would play twice) the event would have more than 99 rounds", "index", g.Index, "line", g.Line)
	}
	return nil
}

// checkVariant finds the variant of g and refuses a game of another variant than the
// games before it.
func (p *eventPlanner) checkVariant(g *rules.Game) error {
	v, err := rules.GameVariant(g, rules.ReplayOptions{Variant: p.forced})
	if errors.Is(err, rules.ErrVariantUnknown) {
		return nil // a game that names no variant (no moves, say): the others decide
	}
	if err != nil {
		return ErrfWrap(ErrEventPDN, err, "err.import.game", "{err}: game {index} (line {line}): {cause}", "index", g.Index, "line", g.Line)
	}
	switch {
	case v == nil:
	case p.variant == nil:
		p.variant, p.varGame = v, g.Index
	case v != p.variant:
		return Errf(ErrEventPDN, "err.import.two_variants", "{err}: game {index} (line {line}) is {variant} draughts but game {first} is {first_variant}; an event has one variant (use --variant to force one)", "index", g.Index, "line", g.Line, "variant", v.Name(), "first", p.varGame, "first_variant", p.variant.Name())
	}
	return nil
}

// players returns the player numbers of g's White and Black, entering new names (checked
// by CheckText at once).
func (p *eventPlanner) players(g *rules.Game) (int, int, error) {
	w, b := p.canon(g.White()), p.canon(g.Black())
	if w == "" || b == "" || w == "?" || b == "?" {
		return 0, 0, Errf(ErrEventPDN, "err.import.no_players", "{err}: game {index} (line {line}) has no White/Bianco or Black/Nero player", "index", g.Index, "line", g.Line)
	}
	if strings.EqualFold(w, b) {
		return 0, 0, Errf(ErrEventPDN, "err.import.plays_himself", "{err}: game {index} (line {line}): {player} plays himself", "index", g.Index, "line", g.Line, "player", QuoteShort(w))
	}
	var ns [2]int
	for i, n := range []string{w, b} {
		k, ok := p.index[n]
		if !ok {
			pl := Player{Name: n}
			if err := pl.CheckText(); err != nil {
				return 0, 0, ErrfWrap(ErrEventPDN, err, "err.import.game", "{err}: game {index} (line {line}): {cause}", "index", g.Index, "line", g.Line)
			}
			k = len(p.names)
			p.index[n] = k
			p.names = append(p.names, n)
		}
		ns[i] = k
	}
	return ns[0], ns[1], nil
}

// canon returns the stored form of a name written in a tag: EventPlayerName, and the first
// spelling seen of the names that differ only in case or spacing (reported as
// possible duplicates).
func (p *eventPlanner) canon(written string) string {
	n := EventPlayerName(written)
	if n == "" || n == "?" {
		return n
	}
	k := Key(n)
	first, ok := p.spelling[k]
	if !ok {
		n = strings.Clone(n) // the tag's text is a slice of the whole game
		p.spelling[strings.Clone(k)] = n
		return n
	}
	if first != n && !p.caseDup[[2]string{first, n}] {
		n = strings.Clone(n)
		p.caseDup[[2]string{first, n}] = true
		p.dups = append(p.dups, PossibleDuplicate{A: first, B: n, Why: DupCase})
	}
	return first
}

// noteDate widens the event's date range with a full date (YYYY.MM.DD or YYYY-MM-DD).
func (p *eventPlanner) noteDate(date string) {
	d := strings.ReplaceAll(strings.TrimSpace(date), ".", "-")
	if len(d) != 10 || strings.Contains(d, "?") {
		return
	}
	if _, err := ParseDate(d); err != nil {
		return
	}
	if p.lo == "" || d < p.lo {
		p.lo = strings.Clone(d)
	}
	if d > p.hi {
		p.hi = strings.Clone(d)
	}
}

// noteMet records who met whom while the event may still be a round robin.
func (p *eventPlanner) noteMet(w, b int) {
	if p.met == nil {
		return
	}
	if len(p.names) > maxRoundRobinPlayers {
		p.met = nil // too many players for a round robin of at most 99 rounds
		return
	}
	k := [2]int{min(w, b), max(w, b)}
	p.rematch = p.rematch || p.met[k]
	p.met[k] = true
}

// chosen returns the way the rounds are read: the Round tag when every game has one, else
// the round written in the event text when every game has one, else file order.
func (p *eventPlanner) chosen() *roundMode {
	for _, m := range p.modes {
		if m.alive {
			return m
		}
	}
	return p.modes[len(p.modes)-1]
}

// finish makes the plan once every game has been read.
func (p *eventPlanner) finish() (*EventPlan, error) {
	if p.games == 0 {
		return nil, Errf(ErrEventPDN, "err.import.no_game", "{err}: the file holds no game")
	}
	if p.variant == nil {
		return nil, Errf(ErrEventPDN, "err.import.no_variant", "{err}: no game says whether it is Italian or International draughts (no GameType tag, no Italian tag names, moves legal under both rules or none; use --variant)")
	}
	if p.forced != nil && p.forced != p.variant {
		return nil, Errf(ErrEventPDN, "err.import.forced_variant", "{err}: the GameType tags say {variant} draughts, not {forced}", "variant", p.variant.Name(), "forced", p.forced.Name())
	}
	m := p.chosen()
	if m.conflict != nil {
		return nil, m.conflict
	}
	plan := &EventPlan{RoundSource: m.source, Games: p.games, Rounds: len(m.boards), variant: p.variant,
		spelling: p.spelling, Number: map[string]int{}}
	// Pairing numbers: order of first appearance, rounds in order, file order within one.
	order := make([]int, len(p.names))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return m.first[order[a]] < m.first[order[b]] })
	for _, i := range order {
		plan.Number[p.names[i]] = len(plan.Players)
		plan.Players = append(plan.Players, p.names[i])
	}
	plan.PlanWarnings = roundWarnings(m)
	plan.Warnings = append([]Note(nil), plan.PlanWarnings...)
	plan.Duplicates = append(p.dups, PossibleDuplicates(plan.Players)...)
	if err := p.fillTournament(plan); err != nil {
		return nil, err
	}
	return plan, nil
}

// roundWarnings are the warnings of the first pass: rounds without games, rounds whose
// games carry different dates.
func roundWarnings(m *roundMode) []Note {
	var out []Note
	for r, n := range m.boards {
		if n == 0 {
			out = append(out, NewNote(NoteImportNoGames, "round", r+1))
		}
	}
	for r, dates := range m.dates {
		if len(dates) > 1 {
			var ds []string
			for d, n := range dates {
				ds = append(ds, fmt.Sprintf("%s (%d)", d, n))
			}
			sort.Strings(ds)
			out = append(out, NewNote(NoteImportDates, "round", r+1, "dates", strings.Join(ds, ", ")))
		}
	}
	return out
}

// fillTournament sets the tournament of the plan: name, place, dates, system and rounds.
func (p *eventPlanner) fillTournament(plan *EventPlan) error {
	t := &plan.Tournament
	t.Variant = p.variant
	t.Lang = p.opts.Lang
	t.Name = p.opts.Name
	if t.Name == "" {
		_, t.Name = RoundInText(p.event)
		t.Name = strings.TrimSpace(t.Name)
		if t.Name == "" || t.Name == "?" {
			t.Name = "Imported event"
		}
		if y := yearOf(p.date); y != "" && !strings.Contains(t.Name, y) {
			t.Name += " " + y
		}
	}
	if s := p.site; s != "" && s != "?" {
		t.Place = s
	}
	t.Start, t.End = p.lo, p.hi
	n := len(plan.Players)
	t.System = p.opts.System
	if t.System.IsZero() { // inferred: the federation's Swiss of the variant, or a whole round robin
		t.System = ItaloSwiss
		if p.variant == rules.International {
			t.System = Dutch
		}
		if plan.Rounds == RoundRobin.FieldRounds(n) && p.met != nil && !p.rematch {
			t.System = RoundRobin
		}
	}
	t.Rounds = p.opts.Rounds
	if t.Rounds == 0 {
		t.Rounds = max(plan.Rounds, t.System.FieldRounds(n))
	}
	if t.Rounds < plan.Rounds {
		return Errf(ErrInvalid, "err.import.rounds_planned", "{err}: {rounds} rounds planned but the file has games of round {last}", "rounds", t.Rounds, "last", plan.Rounds)
	}
	t.ByePoints, t.ForfeitPoints = 2, 2
	// validate fills the defaults and checks the name; CreateTournament validates again.
	return t.CheckFields()
}

// planEvents runs the first pass over src.
func planEvents(src gameSource, opts EventImportOptions) (*EventPlan, error) {
	p := newEventPlanner(opts)
	for {
		g, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil { // the reader's error already names the game and its line
			return nil, ErrfWrap(ErrEventPDN, err, "err.import.cause", "{err}: {cause}")
		}
		if err := p.add(g); err != nil {
			return nil, err
		}
		if ImportProbe != nil && p.games%ProbeEvery == 0 {
			ImportProbe()
		}
	}
	return p.finish()
}

// roundSourceArg is where an import reads its rounds from (one of RoundFrom*), as an
// argument of a CodedError: the reader's words for it.
func roundSourceArg(source string) any {
	switch source {
	case RoundFromTag:
		return Errf(nil, "err.phrase.round_from_tag", "Round tag")
	case RoundFromEventText:
		return Errf(nil, "err.phrase.round_from_event", "round written in the Event/Dati tag")
	case RoundFromFileOrder:
		return Errf(nil, "err.phrase.round_from_order", "file order (a new round when a player would play twice)")
	}
	return source
}
