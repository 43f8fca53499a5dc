package tournament

// Importing a played event from a PDN file: players, rounds, boards, results and every game
// score, each replayed and judged by the rules engine, written in one transaction.

import (
	"crypto/sha256"
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

// RoundMethodImported is the value of rounds.method for rounds created by importEvent (the
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
	// System recorded for the tournament; the zero System = round-robin when every pair met at most once
	// and the rounds found are all N-1 rounds (N even) or N (N odd) of a round robin, else
	// the Swiss system of the variant (italo-swiss for Italian, dutch for International).
	// The schema allows only the three systems arbitro pairs; the rounds themselves are
	// marked method "imported".
	System System
	// Rounds planned; 0 = the highest round found (or the round-robin length when System is
	// round-robin).
	Rounds int
	// Source names the file in the event log (tournament "event.import").
	Source string
	// Lang of the new tournament (its sheets and site); "" = DefaultLang of the variant
	// (Italian for dama italiana, English otherwise), as `tournament create` without --lang.
	Lang Lang
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

// EventPlan is a PDN file read and checked, ready to be written by ImportEventPlan. It is
// made without touching the database, and holds the event (players, rounds, counts), never
// the games: ImportEventPlan reads them again, one at a time. Its memory follows the number
// of players and rounds, not the size of the file.
type EventPlan struct {
	Tournament  Tournament // the tournament to create (ID 0)
	Players     []string   // names in order of first appearance; entry i gets pairing number i+1
	RoundSource string     // one of RoundFrom*
	Duplicates  []PossibleDuplicate
	// Warnings are things the arbiter should know (rounds without games, dates that
	// disagree; after importEvent also missing results), at most maxListed of one kind.
	Warnings    []Note
	Windows1252 bool // some line of the file was decoded as Windows-1252
	// SHA256 of the file (hex), kept in the event.import event; when set, ImportEventPlan
	// refuses a file already imported into the database (ErrAlreadyImported) unless Again.
	// PrepareEventImportFile and PrepareEventImportSpool set it.
	SHA256 string
	Again  bool // import it again as another tournament (event import --again)

	Games, Rounds int
	variant       *rules.Variant
	spelling      map[string]string // key(name) -> stored spelling
	Number        map[string]int    // stored spelling -> position in Players
	PlanWarnings  []Note            // the first pass's warnings
	// Filled by importEvent: legal games, the first maxListed illegal ones, how many more.
	LegalGames, IllegalMore int
	IllegalGames            []EventGame
	// Classes counts the stored scores by verdict class (legal, illegal, ambiguous, not
	// judged: rules.VerdictClass, issue 33); IllegalGames lists every one not legal.
	Classes rules.ClassCounts
	// open reads the games again for importEvent.
	Open func() (gameSource, error)
}

// GamesFound returns the number of games in the file.
func (p *EventPlan) GamesFound() int { return p.Games }

// Legal returns the number of games the rules engine found legal (known once ImportEventPlan
// has stored them; 0 before).
func (p *EventPlan) Legal() int { return p.LegalGames }

// Illegal returns the games whose score the rules engine did not find legal, in file
// order, at most maxListed (200) of them; IllegalFound counts them all. Known once
// ImportEventPlan has stored them.
func (p *EventPlan) Illegal() []EventGame { return p.IllegalGames }

// IllegalFound returns the number of games ImportEventPlan did not find legal (illegal,
// ambiguous or not judged: Classes splits them).
func (p *EventPlan) IllegalFound() int { return len(p.IllegalGames) + p.IllegalMore }

// RoundsFound returns the highest round that has games.
func (p *EventPlan) RoundsFound() int { return p.Rounds }

// ErrAlreadyImported: event import of a file (same SHA-256) already imported into this
// database, without EventPlan.Again.
var ErrAlreadyImported = Errf(ErrInvalid, "err.import.already_imported", "{err}: file already imported")

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
			return nil, false, ErrfWrap(ErrEventPDN, err, "err.import.cause", "{err}: {cause}")
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, false, Errf(ErrEventPDN, "err.import.no_game", "{err}: the file holds no game")
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
func ResultPoints(res string) (w, b int, ok bool) {
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
// listed in Duplicates, not merged. Verdicts are found by ImportEventPlan, which replays and
// stores every game.
//
// Errors wrap ErrEventPDN (a game without players, a player twice in one round, the same
// player as White and Black, games of two variants) or ErrInvalid (bad options).
func PlanEventImport(games []*rules.Game, opts EventImportOptions) (*EventPlan, error) {
	plan, err := planEvents(&sliceSource{games: games}, opts)
	if err != nil {
		return nil, err
	}
	plan.Open = func() (gameSource, error) { return &sliceSource{games: games}, nil }
	return plan, nil
}

var yearRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(1[89]\d\d|20\d\d)\b`) })

func yearOf(s string) string { return yearRE().FindString(s) }

// ImportReport is what ImportEventPlan wrote.
type ImportReport struct {
	Tournament *Tournament
	Plan       *EventPlan
	Entries    []Entry // in the order of Plan.Players
}

// errFileChanged is the error of a second pass that does not find what the first found.
func ErrFileChanged(what string, args ...any) error {
	return Errf(ErrEventPDN, "err.import.changed", "{err}: the file changed while it was imported ({what})", "what", fmt.Sprintf(what, args...))
}

// place finds the round, board and players of g as the first pass did.
func (plan *EventPlan) Place(mode *roundMode, g *rules.Game) (EventGame, error) {
	eg := EventGame{Index: g.Index, Result: g.FinalResult()}
	var ns [2]int
	for i, written := range []string{g.White(), g.Black()} {
		n := EventPlayerName(written)
		if s, ok := plan.spelling[Key(n)]; ok {
			n = s
		}
		k, ok := plan.Number[n]
		if !ok {
			return eg, ErrFileChanged("game %d: player %s is new", g.Index, QuoteShort(n))
		}
		ns[i] = k
	}
	eg.White, eg.Black = plan.Players[ns[0]], plan.Players[ns[1]]
	eg.Round, eg.Board = mode.place(g, ns[0], ns[1])
	if eg.Round == 0 || eg.Round > plan.Rounds {
		return eg, ErrFileChanged("game %d has no round %d", g.Index, eg.Round)
	}
	eg.WhitePoints, eg.BlackPoints, eg.HasResult = ResultPoints(eg.Result)
	return eg, nil
}

// Warner keeps at most MaxListed warnings of each kind (a note code) and counts the rest.
type Warner struct {
	list  []Note
	count map[string]int
	kinds []string
}

func NewWarner() *Warner { return &Warner{count: map[string]int{}} }

// Add keeps the warning n if fewer than MaxListed of its kind (n.Code) were kept.
func (w *Warner) Add(n Note) {
	kind := n.Code
	if w.count[kind] == 0 {
		w.kinds = append(w.kinds, kind)
	}
	w.count[kind]++
	if w.count[kind] <= MaxListed {
		w.list = append(w.list, n)
	}
}

// Summary returns the warnings kept, then one NoteImportMore per kind with more than
// MaxListed.
func (w *Warner) Summary() []Note {
	out := w.list
	for _, k := range w.kinds {
		if n := w.count[k] - MaxListed; n > 0 {
			out = append(out, NewNote(NoteImportMore, "n", n, "kind", k))
		}
	}
	return out
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

// PrepareEventImportFile plans the import of a PDN file that can be read twice (a file on
// disk) without touching any database, in bounded memory: the first pass keeps the players,
// the rounds and a few counts, never a game, and stops at the first game that refuses the
// file (unreadable, of another variant, without players, a name CheckText refuses);
// Tx.importEvent then reads the file again and replays and stores the games one at a time.
// A player twice in one round is found only at the end of the file: a later game without a
// Round tag would make the rounds follow file order, where it is no error. rs must stay
// open and unchanged until importEvent. opts.Encoding names the file's encoding
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
// file, which the caller removes after importEvent), and the second reads spool. A refusal
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
	plan.Open = func() (gameSource, error) {
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
			msg := NewNote(NoteImportLatin2, "player", n, "char", RuneName(r))
			plan.PlanWarnings = append(plan.PlanWarnings, msg)
			plan.Warnings = append(plan.Warnings, msg)
		}
	}
}
