package tournament

// Importing a played event from a PDN file: players, rounds, boards, results and every game
// score, each replayed and judged by the rules engine, written in one transaction.

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbitro/rules"
)

// ErrEventPDN is wrapped by PlanEventImport when a PDN file cannot be read as one event: no
// game, a game without both players, a player twice in one round, an unknown variant.
var ErrEventPDN = errors.New("cannot import the PDN file as an event")

// RoundMethodImported is the value of rounds.method for rounds created by ImportEvent (the
// pairing was made elsewhere; arbitro only records it).
const RoundMethodImported = "imported"

// Where the round numbers of an imported event came from (EventPlan.RoundSource).
const (
	RoundFromTag       = "Round tag"                                               // PDN tag Round (or Turno)
	RoundFromEventText = "round written in the Event/Dati tag"                     // "69° ASSOLUTO 1° TURNO"
	RoundFromFileOrder = "file order (a new round when a player would play twice)" // no round written anywhere
)

// EventImportOptions are the choices of `arbitro event import`.
type EventImportOptions struct {
	// Name of the new tournament; "" = the Event (or Dati without the round) tag of the
	// first game, with the year when known.
	Name string
	// Variant rules.Italian or rules.International (the command parses --variant with
	// ParseVariant); nil = the GameType tag, else Italian when the tags are Italian (Bianco,
	// Nero, ...), else inferred from the squares (rules.GameVariant). A game whose GameType
	// tag contradicts it is an error.
	Variant *rules.Variant
	// System recorded for the tournament; "" = round-robin when every pair met at most once
	// and the rounds found are all N-1 rounds (N even) or N (N odd) of a round robin, else
	// the Swiss system of the variant (italo-swiss for Italian, dutch for International).
	// The schema allows only the three systems arbitro pairs; the rounds themselves are
	// marked method "imported".
	System string
	// Rounds planned; 0 = the highest round found (or the round-robin length when System is
	// round-robin).
	Rounds int
	// Source names the file in the event log (tournament "event.import").
	Source string
}

// EventGame is one game of the file placed in the event.
type EventGame struct {
	Index        int    // 1-based position of the game in the file
	Round, Board int    // round and board (board = order within the round in the file)
	White, Black string // player names as stored ("Surname, Given name")
	Result       string // result as recorded (movetext marker, else Result/Risultato tag)
	// WhitePoints, BlackPoints are game points 2-1-0; HasResult is false for "*" or no result.
	WhitePoints, BlackPoints int
	HasResult                bool
	Verdict                  rules.Verdict
	PDN                      string // the score as stored (rules.WritePDN of the game read)

	game *rules.Game // the game as read
}

// PossibleDuplicate is a pair of player names of the file that may be one person written two
// ways (case, accents, punctuation, initials, or at most two letters apart). They are kept
// as two players; the arbiter decides.
type PossibleDuplicate struct {
	A   string `json:"a"`
	B   string `json:"b"`
	Why string `json:"why"` // one of the Dup* sentences
}

// EventPlan is a PDN file read and checked, ready to be written by Tx.ImportEvent. It is
// made by PlanEventImport without touching the database.
type EventPlan struct {
	Tournament  Tournament // the tournament to create (ID 0)
	Players     []string   // names in order of first appearance; entry i gets pairing number i+1
	Games       []EventGame
	RoundSource string // one of RoundFrom*
	Duplicates  []PossibleDuplicate
	Warnings    []string // things the arbiter should know (missing results, dates that disagree...)
	Windows1252 bool     // some line of the file was decoded as Windows-1252
	// SHA256 of the file (hex), kept in the event.import event; when set, ImportEvent
	// refuses a file already imported into the database (ErrAlreadyImported) unless Again.
	SHA256 string
	Again  bool // import it again as another tournament (event import --again)

	src io.ReadSeeker // the file, read again by ImportEvent (PrepareEventImportFile)
}

// Legal returns the number of games the rules engine found legal.
func (p *EventPlan) Legal() int {
	n := 0
	for _, g := range p.Games {
		if g.Verdict.Legal {
			n++
		}
	}
	return n
}

// Illegal returns the games whose score the rules engine did not find legal.
func (p *EventPlan) Illegal() []EventGame {
	var out []EventGame
	for _, g := range p.Games {
		if !g.Verdict.Legal {
			out = append(out, g)
		}
	}
	return out
}

// Rounds returns the number of rounds that have games.
func (p *EventPlan) RoundsFound() int {
	m := 0
	for _, g := range p.Games {
		if g.Round > m {
			m = g.Round
		}
	}
	return m
}

// ErrAlreadyImported: event import of a file (same SHA-256) already imported into this
// database, without EventPlan.Again.
var ErrAlreadyImported = fmt.Errorf("%w: file already imported", ErrInvalid)

// ReadEventPDN reads every game of a PDN file (UTF-8 or Windows-1252, see rules.PDNReader).
// A syntax error in any game is an error wrapping ErrEventPDN and rules.ErrPDNSyntax (an
// event is imported whole or not at all). It also reports whether Windows-1252 was seen.
func ReadEventPDN(r io.Reader) ([]*rules.Game, bool, error) {
	pr := rules.NewPDNReader(r)
	var games []*rules.Game
	for {
		g, err := pr.Next()
		if err == io.EOF {
			break
		}
		if err != nil { // the reader's error already names the game and its line
			return nil, false, fmt.Errorf("%w: %w", ErrEventPDN, err)
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, false, fmt.Errorf("%w: the file holds no game", ErrEventPDN)
	}
	return games, pr.Windows1252(), nil
}

var (
	// "1° TURNO", "3 turno", "round 5", "ronde 7", "turno 2", "5th round", "R3".
	roundAfter  = regexp.MustCompile(`(?i)(\d+)\s*(?:°|º|ª|\.|st|nd|rd|th|a|o)?\s*(?:turno|round|ronde|runde|tour|rd)\b`)
	roundBefore = regexp.MustCompile(`(?i)\b(?:turno|round|ronde|runde|tour|rd)\.?\s*(\d+)`)
)

// RoundInText returns the round number written in an event text ("69° ASSOLUTO 1° TURNO" →
// 1, "Open, round 5" → 5) and the text without it ("69° ASSOLUTO"); 0 when none is written.
func RoundInText(s string) (int, string) {
	for _, re := range []*regexp.Regexp{roundAfter, roundBefore} {
		if m := re.FindStringSubmatchIndex(s); m != nil {
			n, err := strconv.Atoi(s[m[2]:m[3]])
			if err == nil && n >= 1 && n <= 99 {
				rest := strings.TrimSpace(s[:m[0]] + " " + s[m[1]:])
				rest = strings.Join(strings.Fields(strings.Trim(rest, " ,-–")), " ")
				return n, rest
			}
		}
	}
	return 0, s
}

// roundTag reads the Round tag: "3" or "3.1" (round.game) → 3; "?", "-" or "" → 0.
func roundTag(s string) int {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".,/"); i > 0 {
		s = s[:i]
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 99 {
		return 0
	}
	return n
}

// EventPlayerName turns a name as written in a PDN tag into the stored form "Surname, Given
// name": the Italian "BORGHETTI Michele" (surname in capitals first) becomes "BORGHETTI,
// Michele"; names already with a comma ("Akker,van den,J.") are only tidied
// (NormalizeName); anything else is kept as written.
func EventPlayerName(s string) string {
	s = NormalizeName(s)
	if strings.Contains(s, ",") {
		return s
	}
	words := strings.Fields(s)
	k := 0
	for k < len(words) && isUpperWord(words[k]) {
		k++
	}
	if k == 0 || k == len(words) {
		return s
	}
	return strings.Join(words[:k], " ") + ", " + strings.Join(words[k:], " ")
}

// isUpperWord reports whether w has at least two letters and no lower-case letter
// ("DE", "GRANDIS", "D'ALESSIO").
func isUpperWord(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// resultPoints maps a PDN result to game points (2-1-0): "1-0", "2-0" → 2-0; "0-1", "0-2" →
// 0-2; "1/2-1/2", "½-½", "1-1", "=" → 1-1; anything else ("*", "") → no result.
func resultPoints(res string) (w, b int, ok bool) {
	switch strings.ReplaceAll(strings.TrimSpace(res), " ", "") {
	case "1-0", "2-0":
		return 2, 0, true
	case "0-1", "0-2":
		return 0, 2, true
	case "1/2-1/2", "½-½", "1-1", "=", "0.5-0.5":
		return 1, 1, true
	}
	return 0, 0, false
}

// PlanEventImport reads the games of one played event and prepares its import: the variant,
// the players (EventPlayerName of the White/Bianco and Black/Nero tags, in order of first
// appearance), the round of each game (the Round tag; else the round written in Event/Dati;
// else file order, a new round starting when a player would play twice), boards in file
// order within each round, results, and the verdict of rules.Replay on every score. Names
// that may be one person spelt two ways are listed in Duplicates, not merged.
//
// Errors wrap ErrEventPDN (a game without players, a player twice in one round, the same
// player as White and Black, games of two variants) or ErrInvalid (bad options).
func PlanEventImport(games []*rules.Game, opts EventImportOptions) (*EventPlan, error) {
	return planEvent(games, opts, nil)
}

// planEvent is PlanEventImport. variants, when not nil, holds the variant of each game,
// found while the file was read (streamEventPDN), whose moves were then dropped: the plan
// then has no verdicts or scores yet (Tx.ImportEvent reads the file again for them).
func planEvent(games []*rules.Game, opts EventImportOptions, variants map[*rules.Game]*rules.Variant) (*EventPlan, error) {
	if len(games) == 0 {
		return nil, fmt.Errorf("%w: the file holds no game", ErrEventPDN)
	}
	plan := &EventPlan{}
	// Variant.
	forced := opts.Variant
	var variant *rules.Variant
	for _, g := range games {
		var v *rules.Variant
		var err error
		if variants != nil {
			v = variants[g] // nil: the game names no variant
		} else {
			v, err = rules.GameVariant(g, rules.ReplayOptions{Variant: forced})
		}
		if v == nil && (err == nil || errors.Is(err, rules.ErrVariantUnknown)) {
			continue // a game that names no variant (no moves, say): the others decide
		}
		if err != nil {
			return nil, fmt.Errorf("%w: game %d (line %d): %w", ErrEventPDN, g.Index, g.Line, err)
		}
		if variant == nil {
			variant = v
		} else if v != variant {
			return nil, fmt.Errorf("%w: game %d (line %d) is %s draughts but game 1 is %s; an event has one variant (use --variant to force one)",
				ErrEventPDN, g.Index, g.Line, v.Name(), variant.Name())
		}
	}
	if variant == nil {
		return nil, fmt.Errorf("%w: no game says whether it is Italian or International draughts (no GameType tag, no Italian tag names, moves legal under both rules or none; use --variant)", ErrEventPDN)
	}
	if forced != nil && forced != variant {
		return nil, fmt.Errorf("%w: the GameType tags say %s draughts, not %s", ErrEventPDN, variant.Name(), forced.Name())
	}

	// Players and rounds.
	type raw struct {
		g            *rules.Game
		white, black string
		round        int
	}
	rows := make([]raw, len(games))
	allTag, allText := true, true
	spelling := map[string]string{} // key(name) -> first spelling seen
	caseDup := map[[2]string]bool{}
	canon := func(n string) string {
		n = EventPlayerName(n)
		k := key(n)
		if n == "" || n == "?" {
			return n
		}
		first, ok := spelling[k]
		if !ok {
			spelling[k] = n
			return n
		}
		if first != n && !caseDup[[2]string{first, n}] {
			caseDup[[2]string{first, n}] = true
			plan.Duplicates = append(plan.Duplicates, PossibleDuplicate{A: first, B: n, Why: DupCase})
		}
		return first
	}
	for i, g := range games {
		w, b := canon(g.White()), canon(g.Black())
		if w == "" || b == "" || w == "?" || b == "?" {
			return nil, fmt.Errorf("%w: game %d (line %d) has no White/Bianco or Black/Nero player", ErrEventPDN, g.Index, g.Line)
		}
		if strings.EqualFold(w, b) {
			return nil, fmt.Errorf("%w: game %d (line %d): %s plays himself", ErrEventPDN, g.Index, g.Line, w)
		}
		rows[i] = raw{g: g, white: w, black: b}
		if roundTag(g.Round()) == 0 {
			allTag = false
		}
		if n, _ := RoundInText(g.Event()); n == 0 {
			allText = false
		}
	}
	switch {
	case allTag:
		plan.RoundSource = RoundFromTag
		for i := range rows {
			rows[i].round = roundTag(rows[i].g.Round())
		}
	case allText:
		plan.RoundSource = RoundFromEventText
		for i := range rows {
			rows[i].round, _ = RoundInText(rows[i].g.Event())
		}
	default:
		plan.RoundSource = RoundFromFileOrder
		round := 1
		seen := map[string]bool{}
		for i := range rows {
			if seen[rows[i].white] || seen[rows[i].black] {
				round++
				seen = map[string]bool{}
			}
			seen[rows[i].white], seen[rows[i].black] = true, true
			rows[i].round = round
		}
	}
	// Order: by round, file order within a round (stable).
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rows[order[a]].round < rows[order[b]].round })

	index := map[string]int{}
	addPlayer := func(n string) {
		if _, ok := index[n]; !ok {
			index[n] = len(plan.Players)
			plan.Players = append(plan.Players, n)
		}
	}
	inRound := map[int]map[string]int{} // round -> player -> game index
	board := map[int]int{}
	dates := map[int]map[string]int{}
	for _, i := range order {
		r := rows[i]
		if inRound[r.round] == nil {
			inRound[r.round] = map[string]int{}
			dates[r.round] = map[string]int{}
		}
		for _, p := range []string{r.white, r.black} {
			if j, dup := inRound[r.round][p]; dup {
				return nil, fmt.Errorf("%w: %s plays twice in round %d (games %d and %d; rounds from the %s)", ErrEventPDN, p, r.round, j, r.g.Index, plan.RoundSource)
			}
			inRound[r.round][p] = r.g.Index
		}
		addPlayer(r.white)
		addPlayer(r.black)
		board[r.round]++
		if d := r.g.Date(); d != "" && !strings.Contains(d, "?") {
			dates[r.round][d]++
		}
		eg := EventGame{Index: r.g.Index, Round: r.round, Board: board[r.round], White: r.white, Black: r.black,
			Result: r.g.FinalResult()}
		if variants == nil {
			eg.Verdict = rules.Replay(r.g, rules.ReplayOptions{Variant: variant, ForceVariant: true})
			var pdn bytes.Buffer
			if err := rules.WritePDN(&pdn, r.g); err != nil {
				return nil, fmt.Errorf("%w: game %d (line %d): %w", ErrEventPDN, r.g.Index, r.g.Line, err)
			}
			eg.PDN, eg.game = pdn.String(), r.g
		}
		eg.WhitePoints, eg.BlackPoints, eg.HasResult = resultPoints(eg.Result)
		if !eg.HasResult {
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("round %d board %d (%s - %s, game %d): no result recorded (%q); the board stays pending until a result is entered",
				eg.Round, eg.Board, eg.White, eg.Black, eg.Index, eg.Result))
		}
		if tag := r.g.ResultTag(); tag != "" && r.g.Result != "" && r.g.Result != "*" && tag != "*" && tag != r.g.Result {
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("round %d board %d (game %d): the Result tag says %s but the moves end %s; %s was used",
				eg.Round, eg.Board, eg.Index, tag, r.g.Result, eg.Result))
		}
		plan.Games = append(plan.Games, eg)
	}
	for r := 1; r <= plan.RoundsFound(); r++ {
		if board[r] == 0 {
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("round %d has no game in the file", r))
		}
		if len(dates[r]) > 1 {
			var ds []string
			for d, n := range dates[r] {
				ds = append(ds, fmt.Sprintf("%s (%d)", d, n))
			}
			sort.Strings(ds)
			plan.Warnings = append(plan.Warnings, fmt.Sprintf("round %d: games carry different dates: %s", r, strings.Join(ds, ", ")))
		}
	}
	if err := checkEventNames(plan.Players); err != nil {
		return nil, err
	}
	plan.Duplicates = append(plan.Duplicates, PossibleDuplicates(plan.Players)...)

	// Tournament.
	t := &plan.Tournament
	t.Variant = variant
	t.Name = opts.Name
	first := games[0]
	if t.Name == "" {
		_, t.Name = RoundInText(first.Event())
		t.Name = strings.TrimSpace(t.Name)
		if t.Name == "" || t.Name == "?" {
			t.Name = "Imported event"
		}
		if y := yearOf(first.Date()); y != "" && !strings.Contains(t.Name, y) {
			t.Name += " " + y
		}
	}
	if s := first.Site(); s != "" && s != "?" {
		t.Place = s
	}
	t.Start, t.End = dateRange(games)
	t.System = opts.System
	n := len(plan.Players)
	rrRounds := n - 1
	if n%2 == 1 {
		rrRounds = n
	}
	if t.System == "" {
		t.System = SystemItaloSwiss
		if variant == rules.International {
			t.System = SystemDutch
		}
		if plan.RoundsFound() == rrRounds && metAtMostOnce(plan.Games) {
			t.System = SystemRoundRobin
		}
	}
	t.Rounds = opts.Rounds
	if t.Rounds == 0 {
		t.Rounds = plan.RoundsFound()
		if t.System == SystemRoundRobin && rrRounds > t.Rounds {
			t.Rounds = rrRounds
		}
	}
	if t.Rounds < plan.RoundsFound() {
		return nil, fmt.Errorf("%w: %d rounds planned but the file has games of round %d", ErrInvalid, t.Rounds, plan.RoundsFound())
	}
	t.ByePoints, t.ForfeitPoints = 2, 2
	if t.Name != "" {
		// validate fills the defaults and checks the name; CreateTournament validates again.
		if err := t.validate(); err != nil {
			return nil, err
		}
	}
	return plan, nil
}

func metAtMostOnce(gs []EventGame) bool {
	met := map[[2]string]bool{}
	for _, g := range gs {
		k := [2]string{g.White, g.Black}
		if k[1] < k[0] {
			k[0], k[1] = k[1], k[0]
		}
		if met[k] {
			return false
		}
		met[k] = true
	}
	return true
}

var yearRE = regexp.MustCompile(`\b(1[89]\d\d|20\d\d)\b`)

func yearOf(s string) string { return yearRE.FindString(s) }

// dateRange returns the first and last full dates (YYYY.MM.DD or YYYY-MM-DD) of the games.
func dateRange(games []*rules.Game) (string, string) {
	var lo, hi string
	for _, g := range games {
		d := strings.ReplaceAll(strings.TrimSpace(g.Date()), ".", "-")
		if len(d) != 10 || strings.Contains(d, "?") {
			continue
		}
		if _, err := ParseDate(d); err != nil {
			continue
		}
		if lo == "" || d < lo {
			lo = d
		}
		if d > hi {
			hi = d
		}
	}
	return lo, hi
}

// ImportReport is what Tx.ImportEvent wrote.
type ImportReport struct {
	Tournament *Tournament
	Plan       *EventPlan
	Entries    []Entry // in the order of Plan.Players
}

// ImportEvent writes plan in the current transaction: the tournament, one player and entry
// per name (pairing number = order of first appearance in the file, since the file does not
// record the lot), the rounds (method "imported"), boards in file order, results (SetResult;
// none for a game without a result), and every game score (AddGame, which replays it and
// stores the verdict). Logs "event.import" after the per-item events. Errors: those of
// CreateTournament, AddPlayer, SetResult and AddGame, or the database's; the caller's
// Store.Update rolls everything back.
func (tx *Tx) ImportEvent(plan *EventPlan, source string) (*ImportReport, error) {
	t := plan.Tournament
	if plan.SHA256 != "" && !plan.Again {
		var name, at string
		err := tx.queryRow(`SELECT coalesce(t.name, '?'), e.at FROM events e LEFT JOIN tournaments t ON t.id = e.tournament_id
			WHERE e.action = 'event.import' AND json_extract(e.after_json, '$.sha256') = ? ORDER BY e.id LIMIT 1`, plan.SHA256).Scan(&name, &at)
		switch {
		case err == nil:
			return nil, fmt.Errorf("%w: this very file (SHA-256 %s...) was already imported as tournament %q on %s; give --again to import it once more as another tournament",
				ErrAlreadyImported, plan.SHA256[:12], name, at)
		case !errors.Is(err, sql.ErrNoRows):
			return nil, err
		}
	}
	if err := tx.CreateTournament(&t); err != nil {
		return nil, err
	}
	rep := &ImportReport{Tournament: &t, Plan: plan}
	ids := map[string]int64{}
	existing := []Entry{}
	dups := newDupIndex(existing)
	for i, name := range plan.Players {
		e, err := tx.addPlayer(&t, Player{Name: name}, dups, existing)
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", name, err)
		}
		e.Number = i + 1
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, e.Number, e.ID); err != nil {
			return nil, err
		}
		ids[name] = e.ID
		rep.Entries = append(rep.Entries, *e)
	}
	now := tx.NowText()
	roundIDs := map[int]int64{}
	for r := 1; r <= plan.RoundsFound(); r++ {
		res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at)
			VALUES (?, ?, ?, 0, ?, ?, ?)`, t.ID, r, RoundMethodImported, "imported from "+source+" ("+plan.RoundSource+")", now, now)
		if err != nil {
			return nil, err
		}
		if roundIDs[r], err = res.LastInsertId(); err != nil {
			return nil, err
		}
	}
	for _, g := range plan.Games {
		if _, err := tx.exec(`INSERT INTO boards (round_id, board, game, white_entry, black_entry) VALUES (?, ?, 1, ?, ?)`,
			roundIDs[g.Round], g.Board, ids[g.White], ids[g.Black]); err != nil {
			return nil, err
		}
		if g.HasResult {
			if _, err := tx.SetResult(&t, g.Round, g.Board, 1, g.Result, ResultOptions{}); err != nil {
				return nil, fmt.Errorf("round %d board %d: %w", g.Round, g.Board, err)
			}
		}
		// Force: the names in the score are the ones the entries were made from; any
		// remaining disagreement is kept in the event log, as for 'game add --force'.
		if g.game == nil {
			continue // streamed: stored by storeStreamedGames below
		}
		if _, err := tx.AddGame(&t, g.Round, g.Board, 1, g.game, g.PDN, GameOptions{Force: true}); err != nil {
			return nil, fmt.Errorf("round %d board %d: %w", g.Round, g.Board, err)
		}
	}
	if plan.src != nil {
		if err := tx.storeStreamedGames(&t, plan); err != nil {
			return nil, err
		}
	}
	summary := map[string]any{
		"source": source, "games": len(plan.Games), "legal": plan.Legal(), "players": len(plan.Players),
		"rounds": plan.RoundsFound(), "round_source": plan.RoundSource, "warnings": plan.Warnings, "possible_duplicates": plan.Duplicates,
	}
	if plan.SHA256 != "" {
		summary["sha256"] = plan.SHA256
	}
	if err := tx.LogEvent(t.ID, "event.import", nil, summary); err != nil {
		return nil, err
	}
	t.Players = len(plan.Players)
	t.RoundsPaired = plan.RoundsFound()
	return rep, nil
}

// ImportEventPDN reads a PDN file of a played event from r, plans it (PlanEventImport) and
// writes it (Tx.ImportEvent) in one transaction of st: all of it or nothing. source names
// the file in the event log. Errors: ReadEventPDN's, PlanEventImport's, ImportEvent's.
func ImportEventPDN(ctx context.Context, st *Store, r io.Reader, source string, opts EventImportOptions) (*ImportReport, error) {
	var plan *EventPlan
	var err error
	if rs, ok := r.(io.ReadSeeker); ok {
		plan, err = PrepareEventImportFile(rs, opts)
	} else {
		plan, err = PrepareEventImport(r, opts)
	}
	if err != nil {
		return nil, err
	}
	return ImportEventPlan(ctx, st, plan, source)
}

// PrepareEventImport reads a PDN file of a played event (ReadEventPDN) and plans its
// import (PlanEventImport) without touching any database, so that a command refuses a bad
// file before it opens, or creates, the database file. Errors wrap ErrEventPDN.
func PrepareEventImport(r io.Reader, opts EventImportOptions) (*EventPlan, error) {
	games, cp, err := ReadEventPDN(r)
	if err != nil {
		return nil, err
	}
	plan, err := PlanEventImport(games, opts)
	if err != nil {
		return nil, err
	}
	plan.Windows1252 = cp
	return plan, nil
}

// ImportEventPlan writes a prepared plan (PrepareEventImport) into st in one
// transaction: everything or nothing. source names the file in the event log.
func ImportEventPlan(ctx context.Context, st *Store, plan *EventPlan, source string) (*ImportReport, error) {
	var rep *ImportReport
	err := st.Update(ctx, func(tx *Tx) error {
		var err error
		rep, err = tx.ImportEvent(plan, source)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// PrepareEventImportFile is PrepareEventImport for a file that can be read twice (a file
// on disk): memory follows the event, not the file. The first pass keeps only the tags of
// each game (the moves are dropped once the game's variant is known) and stops at the
// first game that cannot be read or is of another variant; Tx.ImportEvent then reads the
// file again and replays and stores the games one at a time. The plan's verdicts and
// scores are filled in by ImportEvent. rs must stay open and unchanged until then.
func PrepareEventImportFile(rs io.ReadSeeker, opts EventImportOptions) (*EventPlan, error) {
	forced := opts.Variant
	pr := rules.NewPDNReader(rs)
	var games []*rules.Game
	variants := map[*rules.Game]*rules.Variant{}
	var first *rules.Variant
	for {
		g, err := pr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrEventPDN, err)
		}
		v, err := rules.GameVariant(g, rules.ReplayOptions{Variant: forced})
		if errors.Is(err, rules.ErrVariantUnknown) {
			v, err = nil, nil // a game that names no variant (no moves, say): the others decide
		}
		if err != nil {
			return nil, fmt.Errorf("%w: game %d (line %d): %w", ErrEventPDN, g.Index, g.Line, err)
		}
		if first == nil {
			first = v
		} else if v != nil && v != first {
			return nil, fmt.Errorf("%w: game %d (line %d) is %s draughts but game 1 is %s; an event has one variant (use --variant to force one)",
				ErrEventPDN, g.Index, g.Line, v.Name(), first.Name())
		}
		// Keep the tags and the result marker only.
		// Only the tags the plan reads are kept, cloned: the reader's strings are slices of
		// the whole game's text.
		var tags []rules.Tag
		for _, t := range g.Tags {
			if planTags[strings.ToLower(t.Name)] {
				tags = append(tags, rules.Tag{Name: strings.Clone(t.Name), Value: strings.Clone(t.Value)})
			}
		}
		light := &rules.Game{Index: g.Index, Line: g.Line, Tags: tags, Result: strings.Clone(g.Result), Windows1252: g.Windows1252}
		variants[light] = v
		games = append(games, light)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("%w: the file holds no game", ErrEventPDN)
	}
	plan, err := planEvent(games, opts, variants)
	if err != nil {
		return nil, err
	}
	plan.Windows1252 = pr.Windows1252()
	plan.src = rs
	if plan.Windows1252 {
		for _, n := range plan.Players {
			if i := strings.IndexAny(n, unusualInNames); i >= 0 {
				r, _ := utf8.DecodeRuneInString(n[i:])
				plan.Warnings = append(plan.Warnings, fmt.Sprintf("player %q: the file is not UTF-8 and was read as Windows-1252, which gives %s, unusual in a name; if the file is Latin-2 (Czech, Polish, Hungarian...), convert it to UTF-8 (iconv -f ISO-8859-2 -t UTF-8) and import it again",
					n, RuneName(r)))
			}
		}
	}
	return plan, nil
}

// planTags are the tags planEvent reads (rules.Game's White, Black, Event, Date, Round,
// Site, GameType and ResultTag with their Italian forms), lower-case.
var planTags = map[string]bool{"white": true, "bianco": true, "black": true, "nero": true, "event": true, "dati": true, "evento": true,
	"date": true, "data": true, "anno": true, "round": true, "turno": true, "site": true, "luogo": true, "gametype": true,
	"result": true, "risultato": true}

// storeStreamedGames reads plan.src again and stores each game on its board (AddGame,
// which replays it), keeping its verdict in the plan.
func (tx *Tx) storeStreamedGames(t *Tournament, plan *EventPlan) error {
	if _, err := plan.src.Seek(0, io.SeekStart); err != nil {
		return err
	}
	pos := make(map[int]int, len(plan.Games))
	for i, g := range plan.Games {
		pos[g.Index] = i
	}
	pr := rules.NewPDNReader(plan.src)
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: the file changed while it was imported: %w", ErrEventPDN, err)
		}
		i, ok := pos[g.Index]
		if !ok {
			return fmt.Errorf("%w: the file changed while it was imported (game %d is new)", ErrEventPDN, g.Index)
		}
		eg := &plan.Games[i]
		var pdn bytes.Buffer
		if err := rules.WritePDN(&pdn, g); err != nil {
			return fmt.Errorf("%w: game %d (line %d): %w", ErrEventPDN, g.Index, g.Line, err)
		}
		rec, err := tx.AddGame(t, eg.Round, eg.Board, 1, g, pdn.String(), GameOptions{Force: true})
		if err != nil {
			return fmt.Errorf("round %d board %d: %w", eg.Round, eg.Board, err)
		}
		eg.Verdict = rec.Verdict
		if eg.Verdict.Legal {
			// The full verdict is stored with the game; the plan keeps what the report
			// needs, so memory does not grow with the legal games' notes and positions.
			eg.Verdict = rules.Verdict{Variant: rec.Verdict.Variant, Legal: true, Plies: rec.Verdict.Plies, Result: rec.Verdict.Result}
		}
	}
}
