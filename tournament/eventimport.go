package tournament

// Importing a played event from a PDN file: players, rounds, boards, results and every game
// score, each replayed and judged by the rules engine, written in one transaction.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
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
	// Encoding of the file: "" = UTF-8, or UTF-16 with its byte-order mark, with lines that
	// are not UTF-8 read as Windows-1252 (rules.PDNReader); else an IANA name
	// ("iso-8859-2", "windows-1250"...) as for a players file (DecodingReader).
	Encoding string
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
// made without touching the database, and holds the event (players, rounds, counts), never
// the games: Tx.ImportEvent reads them again, one at a time. Its memory follows the number
// of players and rounds, not the size of the file.
type EventPlan struct {
	Tournament  Tournament // the tournament to create (ID 0)
	Players     []string   // names in order of first appearance; entry i gets pairing number i+1
	RoundSource string     // one of RoundFrom*
	Duplicates  []PossibleDuplicate
	// Warnings are things the arbiter should know (rounds without games, dates that
	// disagree; after ImportEvent also missing results), at most maxListed of one kind.
	Warnings    []string
	Windows1252 bool // some line of the file was decoded as Windows-1252
	// SHA256 of the file (hex), kept in the event.import event; when set, ImportEvent
	// refuses a file already imported into the database (ErrAlreadyImported) unless Again.
	// PrepareEventImportFile and PrepareEventImportSpool set it.
	SHA256 string
	Again  bool // import it again as another tournament (event import --again)

	games, rounds int
	variant       *rules.Variant
	spelling      map[string]string // key(name) -> stored spelling
	number        map[string]int    // stored spelling -> position in Players
	planWarnings  []string          // the first pass's warnings
	// Filled by ImportEvent: legal games, the first maxListed illegal ones, how many more.
	legal, illegalMore int
	illegal            []EventGame
	// open reads the games again for ImportEvent.
	open func() (gameSource, error)
}

// GamesFound returns the number of games in the file.
func (p *EventPlan) GamesFound() int { return p.games }

// Legal returns the number of games the rules engine found legal (known once ImportEvent
// has stored them; 0 before).
func (p *EventPlan) Legal() int { return p.legal }

// Illegal returns the games whose score the rules engine did not find legal, in file
// order, at most maxListed (200) of them; IllegalFound counts them all. Known once
// ImportEvent has stored them.
func (p *EventPlan) Illegal() []EventGame { return p.illegal }

// IllegalFound returns the number of games found illegal by ImportEvent.
func (p *EventPlan) IllegalFound() int { return len(p.illegal) + p.illegalMore }

// RoundsFound returns the highest round that has games.
func (p *EventPlan) RoundsFound() int { return p.rounds }

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

// roundRes are the round patterns of RoundInText, compiled on first use (not at start-up:
// every command pays for package initialisation).
// "1° TURNO", "3 turno", "round 5", "ronde 7", "turno 2", "5th round", "R3".
var roundRes = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`(?i)(\d+)\s*(?:°|º|ª|\.|st|nd|rd|th|a|o)?\s*(?:turno|round|ronde|runde|tour|rd)\b`),
		regexp.MustCompile(`(?i)\b(?:turno|round|ronde|runde|tour|rd)\.?\s*(\d+)`),
	}
})

// RoundInText returns the round number written in an event text ("69° ASSOLUTO 1° TURNO" →
// 1, "Open, round 5" → 5) and the text without it ("69° ASSOLUTO"); 0 when none is written.
func RoundInText(s string) (int, string) {
	for _, re := range roundRes() {
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

// PlanEventImport plans the import of the games of one played event, already read: the
// variant, the players (EventPlayerName of the White/Bianco and Black/Nero tags, in order
// of first appearance), the round of each game (the Round tag; else the round written in
// Event/Dati; else file order, a new round starting when a player would play twice), boards
// in file order within each round, results. Names that may be one person spelt two ways are
// listed in Duplicates, not merged. Verdicts are found by Tx.ImportEvent, which replays and
// stores every game.
//
// Errors wrap ErrEventPDN (a game without players, a player twice in one round, the same
// player as White and Black, games of two variants) or ErrInvalid (bad options).
func PlanEventImport(games []*rules.Game, opts EventImportOptions) (*EventPlan, error) {
	plan, err := planEvents(&sliceSource{games: games}, opts)
	if err != nil {
		return nil, err
	}
	plan.open = func() (gameSource, error) { return &sliceSource{games: games}, nil }
	return plan, nil
}

var yearRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(1[89]\d\d|20\d\d)\b`) })

func yearOf(s string) string { return yearRE().FindString(s) }

// ImportReport is what Tx.ImportEvent wrote.
type ImportReport struct {
	Tournament *Tournament
	Plan       *EventPlan
	Entries    []Entry // in the order of Plan.Players
}

// ImportEvent writes plan in the current transaction: the tournament, one player and entry
// per name (pairing number = order of first appearance in the file, since the file does not
// record the lot), the rounds (method "imported"), then the games, read again from the file
// one at a time: each one's board (file order within its round), its result (SetResult;
// none for a game without a result) and its score (AddGame, which replays it and stores the
// verdict). The plan's Legal, Illegal and Warnings are filled in. Logs "event.import" after
// the per-item events. Errors: ErrAlreadyImported, those of CreateTournament, AddPlayer,
// SetResult and AddGame, ErrEventPDN when the file changed since it was planned, or the
// database's; the caller's Store.Update rolls everything back.
func (tx *Tx) ImportEvent(plan *EventPlan, source string) (*ImportReport, error) {
	if err := tx.checkNotImported(plan); err != nil {
		return nil, err
	}
	t := plan.Tournament
	if err := tx.CreateTournament(&t); err != nil {
		return nil, err
	}
	rep := &ImportReport{Tournament: &t, Plan: plan}
	if err := tx.addEventPlayers(&t, plan, rep); err != nil {
		return nil, err
	}
	now := tx.nowText()
	roundIDs := make([]int64, plan.rounds+1)
	for r := 1; r <= plan.rounds; r++ {
		res, err := tx.exec(`INSERT INTO rounds (tournament_id, number, method, seed, explanation, paired_at, published_at)
			VALUES (?, ?, ?, 0, ?, ?, ?)`, t.ID, r, RoundMethodImported, "imported from "+source+" ("+plan.RoundSource+")", now, now)
		if err != nil {
			return nil, err
		}
		if roundIDs[r], err = res.LastInsertId(); err != nil {
			return nil, err
		}
	}
	if err := tx.storeEventGames(&t, plan, rep.Entries, roundIDs); err != nil {
		return nil, err
	}
	summary := map[string]any{
		"source": source, "games": plan.games, "legal": plan.legal, "players": len(plan.Players),
		"rounds": plan.rounds, "round_source": plan.RoundSource, "warnings": plan.Warnings, "possible_duplicates": plan.Duplicates,
	}
	if plan.SHA256 != "" {
		summary["sha256"] = plan.SHA256
	}
	if err := tx.logEvent(t.ID, "event.import", nil, summary); err != nil {
		return nil, err
	}
	t.Players = len(plan.Players)
	t.RoundsPaired = plan.rounds
	return rep, nil
}

// checkNotImported refuses a file already imported (its SHA-256 in an event.import event)
// unless plan.Again.
func (tx *Tx) checkNotImported(plan *EventPlan) error {
	if plan.SHA256 == "" || plan.Again {
		return nil
	}
	var name, at string
	err := tx.queryRow(`SELECT coalesce(t.name, '?'), e.at FROM events e LEFT JOIN tournaments t ON t.id = e.tournament_id
			WHERE e.action = 'event.import' AND json_extract(e.after_json, '$.sha256') = ? ORDER BY e.id LIMIT 1`, plan.SHA256).Scan(&name, &at)
	switch {
	case err == nil:
		return fmt.Errorf("%w: this very file (SHA-256 %s...) was already imported as tournament %q on %s; give --again to import it once more as another tournament",
			ErrAlreadyImported, plan.SHA256[:12], name, at)
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	return nil
}

// addEventPlayers enters the plan's players with their pairing numbers, into rep.Entries
// in the order of plan.Players.
func (tx *Tx) addEventPlayers(t *Tournament, plan *EventPlan, rep *ImportReport) error {
	dups := newDupIndex(nil)
	for i, name := range plan.Players {
		e, err := tx.addPlayer(t, Player{Name: name}, dups, nil)
		if err != nil {
			return fmt.Errorf("player %q: %w", name, err)
		}
		e.Number = i + 1
		if _, err := tx.exec(`UPDATE entries SET pairing_number = ? WHERE id = ?`, e.Number, e.ID); err != nil {
			return err
		}
		rep.Entries = append(rep.Entries, *e)
	}
	return nil
}

// errFileChanged is the error of a second pass that does not find what the first found.
func errFileChanged(what string, args ...any) error {
	return fmt.Errorf("%w: the file changed while it was imported (%s)", ErrEventPDN, fmt.Sprintf(what, args...))
}

// storeEventGames is the second pass: it reads the games again and stores each one on its
// board, with its result and score, keeping counts and the first illegal games in the plan.
func (tx *Tx) storeEventGames(t *Tournament, plan *EventPlan, ents []Entry, roundIDs []int64) error {
	src, err := plan.open()
	if err != nil {
		return err
	}
	plan.legal, plan.illegal, plan.illegalMore = 0, nil, 0
	plan.Warnings = append([]string(nil), plan.planWarnings...)
	w := newWarner()
	mode := newRoundMode(plan.RoundSource)
	n := 0
	for {
		g, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return errFileChanged("%v", err)
		}
		if n++; n > plan.games {
			return errFileChanged("game %d is new", g.Index)
		}
		eg, err := plan.place(mode, g)
		if err != nil {
			return err
		}
		if err := tx.storeEventGame(t, plan, g, &eg, ents, roundIDs, w); err != nil {
			return err
		}
		if importProbe != nil && n%probeEvery == 0 {
			importProbe()
		}
	}
	if n != plan.games {
		return errFileChanged("%d games instead of %d", n, plan.games)
	}
	plan.Warnings = append(plan.Warnings, w.summary()...)
	return nil
}

// place finds the round, board and players of g as the first pass did.
func (plan *EventPlan) place(mode *roundMode, g *rules.Game) (EventGame, error) {
	eg := EventGame{Index: g.Index, Result: g.FinalResult()}
	var ns [2]int
	for i, written := range []string{g.White(), g.Black()} {
		n := EventPlayerName(written)
		if s, ok := plan.spelling[key(n)]; ok {
			n = s
		}
		k, ok := plan.number[n]
		if !ok {
			return eg, errFileChanged("game %d: player %s is new", g.Index, quoteShort(n))
		}
		ns[i] = k
	}
	eg.White, eg.Black = plan.Players[ns[0]], plan.Players[ns[1]]
	eg.Round, eg.Board = mode.place(g, ns[0], ns[1])
	if eg.Round == 0 || eg.Round > plan.rounds {
		return eg, errFileChanged("game %d has no round %d", g.Index, eg.Round)
	}
	eg.WhitePoints, eg.BlackPoints, eg.HasResult = resultPoints(eg.Result)
	return eg, nil
}

// storeEventGame writes one game: its board, result and score.
func (tx *Tx) storeEventGame(t *Tournament, plan *EventPlan, g *rules.Game, eg *EventGame, ents []Entry, roundIDs []int64, w *warner) error {
	we, be := &ents[plan.number[eg.White]], &ents[plan.number[eg.Black]]
	res, err := tx.exec(`INSERT INTO boards (round_id, board, game, white_entry, black_entry) VALUES (?, ?, 1, ?, ?)`,
		roundIDs[eg.Round], eg.Board, we.ID, be.ID)
	if err != nil {
		return err
	}
	b := &Board{Round: eg.Round, Board: eg.Board, Game: 1, WhiteEntry: we.ID, BlackEntry: be.ID, White: we.Player.Name, Black: be.Player.Name}
	if b.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	if eg.HasResult {
		if err := tx.importResult(t, b, eg.Result); err != nil {
			return fmt.Errorf("round %d board %d: %w", eg.Round, eg.Board, err)
		}
	} else {
		w.add("no-result", "games without a result", fmt.Sprintf("round %d board %d (%s - %s, game %d): no result recorded (%q); the board stays pending until a result is entered",
			eg.Round, eg.Board, eg.White, eg.Black, eg.Index, eg.Result))
	}
	if tag := g.ResultTag(); tag != "" && g.Result != "" && g.Result != "*" && tag != "*" && tag != g.Result {
		w.add("result-tag", "games whose Result tag disagrees with the moves", fmt.Sprintf("round %d board %d (game %d): the Result tag says %s but the moves end %s; %s was used",
			eg.Round, eg.Board, eg.Index, tag, g.Result, eg.Result))
	}
	var pdn bytes.Buffer
	if err := rules.WritePDN(&pdn, g); err != nil {
		return fmt.Errorf("%w: game %d (line %d): %w", ErrEventPDN, g.Index, g.Line, err)
	}
	// Force: the names in the score are the ones the entries were made from; any remaining
	// disagreement is kept in the event log, as for 'game add --force'.
	rec, err := tx.AddGame(t, eg.Round, eg.Board, 1, g, pdn.String(), GameOptions{Force: true})
	if err != nil {
		return fmt.Errorf("round %d board %d: %w", eg.Round, eg.Board, err)
	}
	if rec.Verdict.Legal {
		plan.legal++
		return nil
	}
	if len(plan.illegal) < maxListed {
		eg.Verdict = rec.Verdict
		plan.illegal = append(plan.illegal, *eg)
	} else {
		plan.illegalMore++
	}
	return nil
}

// importResult records the result of a new board of an imported event and logs
// "result.set", as SetResult does; an imported event has no pairing bye to score, so the
// round's boards are not read again for each game (SetResult's scoreByes), which would make
// the import's time grow with the square of the boards of a round.
func (tx *Tx) importResult(t *Tournament, b *Board, spec string) error {
	o, err := ParseOutcome(spec)
	if err != nil {
		return err
	}
	wp, bp := o.Points(t)
	r := &Result{Kind: o.Kind, WhitePoints: wp, BlackPoints: bp, EnteredAt: tx.nowText(), EnteredBy: tx.actor}
	if err := tx.writeResult(b.ID, r); err != nil {
		return err
	}
	return tx.logEvent(t.ID, "result.set", resultEvent(b, nil, ""), resultEvent(b, r, ""))
}

// warner keeps at most maxListed warnings of each kind and counts the rest.
type warner struct {
	list  []string
	count map[string]int
	more  map[string]string // kind -> what the rest are
	kinds []string
}

func newWarner() *warner { return &warner{count: map[string]int{}, more: map[string]string{}} }

func (w *warner) add(kind, what, msg string) {
	if w.count[kind] == 0 {
		w.kinds = append(w.kinds, kind)
		w.more[kind] = what
	}
	w.count[kind]++
	if w.count[kind] <= maxListed {
		w.list = append(w.list, msg)
	}
}

// summary returns the warnings kept, then one line per kind with more than maxListed.
func (w *warner) summary() []string {
	out := w.list
	for _, k := range w.kinds {
		if n := w.count[k] - maxListed; n > 0 {
			out = append(out, fmt.Sprintf("and %d more %s ('arbitro audit' and 'arbitro standings' show them)", n, w.more[k]))
		}
	}
	return out
}

// ImportEventPDN reads a PDN file of a played event from r, plans it and writes it
// (Tx.ImportEvent) in one transaction of st: all of it or nothing. A file (an
// io.ReadSeeker) is read twice and never held in memory (PrepareEventImportFile); another
// reader is read whole first (PrepareEventImport). source names the file in the event log.
// Errors: those of the Prepare functions and of ImportEvent.
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

// PrepareEventImport reads every game of a PDN file of a played event into memory
// (ReadEventPDN) and plans its import (PlanEventImport) without touching any database, so
// that a command refuses a bad file before it opens, or creates, the database file. For a
// file of any size use PrepareEventImportFile or PrepareEventImportSpool. Errors wrap
// ErrEventPDN.
func PrepareEventImport(r io.Reader, opts EventImportOptions) (*EventPlan, error) {
	dr, err := DecodingReader(r, opts.Encoding)
	if err != nil {
		return nil, err
	}
	games, cp, err := ReadEventPDN(dr)
	if err != nil {
		return nil, err
	}
	plan, err := PlanEventImport(games, opts)
	if err != nil {
		return nil, err
	}
	plan.Windows1252 = cp
	plan.addLatin2Warnings()
	return plan, nil
}

// ImportEventPlan writes a prepared plan into st in one transaction: everything or
// nothing. source names the file in the event log.
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

// PrepareEventImportFile plans the import of a PDN file that can be read twice (a file on
// disk) without touching any database, in bounded memory: the first pass keeps the players,
// the rounds and a few counts, never a game, and stops at the first game that refuses the
// file (unreadable, of another variant, without players, a name CheckText refuses);
// Tx.ImportEvent then reads the file again and replays and stores the games one at a time.
// A player twice in one round is found only at the end of the file: a later game without a
// Round tag would make the rounds follow file order, where it is no error. rs must stay
// open and unchanged until ImportEvent. opts.Encoding names the file's encoding
// (DecodingReader). The plan's SHA256 is the file's. Errors wrap ErrEventPDN, ErrMalformed
// (an unknown variant or encoding) or ErrInvalid.
func PrepareEventImportFile(rs io.ReadSeeker, opts EventImportOptions) (*EventPlan, error) {
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return prepareEventStream(rs, func() (io.Reader, error) {
		_, err := rs.Seek(0, io.SeekStart)
		return rs, err
	}, opts)
}

// PrepareEventImportSpool is PrepareEventImportFile for a reader that can be read only
// once (standard input): the first pass copies every byte it reads to spool (a temporary
// file, which the caller removes after ImportEvent), and the second reads spool. A refusal
// at game 37 stops reading r there.
func PrepareEventImportSpool(r io.Reader, spool io.ReadWriteSeeker, opts EventImportOptions) (*EventPlan, error) {
	return prepareEventStream(io.TeeReader(r, spool), func() (io.Reader, error) {
		_, err := spool.Seek(0, io.SeekStart)
		return spool, err
	}, opts)
}

// prepareEventStream runs the first pass over first (hashing it) and makes again read the
// same bytes for the second.
func prepareEventStream(first io.Reader, again func() (io.Reader, error), opts EventImportOptions) (*EventPlan, error) {
	sum := sha256.New()
	dr, err := DecodingReader(io.TeeReader(first, sum), opts.Encoding)
	if err != nil {
		return nil, err
	}
	pr := rules.NewPDNReader(dr)
	plan, err := planEvents(pr, opts)
	if err != nil {
		return nil, err
	}
	plan.SHA256 = hex.EncodeToString(sum.Sum(nil))
	plan.Windows1252 = pr.Windows1252()
	plan.addLatin2Warnings()
	plan.open = func() (gameSource, error) {
		r, err := again()
		if err != nil {
			return nil, err
		}
		dr, err := DecodingReader(r, opts.Encoding)
		if err != nil {
			return nil, err
		}
		return rules.NewPDNReader(dr), nil
	}
	return plan, nil
}

// addLatin2Warnings warns, for a file read as Windows-1252, about the players whose names
// hold characters unusual in names (Latin-2 read as Windows-1252: "Dvoøák").
func (plan *EventPlan) addLatin2Warnings() {
	if !plan.Windows1252 {
		return
	}
	for _, n := range plan.Players {
		if i := strings.IndexAny(n, unusualInNames); i >= 0 {
			r, _ := utf8.DecodeRuneInString(n[i:])
			msg := fmt.Sprintf("player %q: the file is not UTF-8 and was read as Windows-1252, which gives %s, unusual in a name; if the file is Latin-2 (Czech, Polish, Hungarian...), import it again with --encoding iso-8859-2 (or windows-1250)",
				n, RuneName(r))
			plan.planWarnings = append(plan.planWarnings, msg)
			plan.Warnings = append(plan.Warnings, msg)
		}
	}
}
