package tournament

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"arbitro/pairing"
)

// Note is something the domain tells the arbiter — a warning of a pairing, of a lot or of
// an event import — as a code and its arguments, never a sentence: reports renders it in
// the reader's language from the catalogs (reports.Locale.Note). Args are named values
// (ints, strings, bools), filled into the catalog text's {name} placeholders.
//
// JSON: {"code":"missing-result","args":{"round":1,...}}; integers read back as int. A
// note stored before notes had codes (a plain JSON string: the English sentence of an
// older arbitro, in rounds.explanation) reads back as a Note with Code "" and that Text,
// printed as stored, and is written back as the same string.
type Note struct {
	Code string         `json:"code"`
	Args map[string]any `json:"args,omitempty"`
	Text string         `json:"-"` // a sentence stored by an older arbitro (Code "")
}

// Note codes. Each has an entry note.<code> in every catalog of reports (its test checks
// NoteCodes against them); the arguments are listed beside each.
const (
	// NoteMissingResult: a round paired with --force although a board of an earlier round
	// has no final result. Args: round, board, game (1 or 2), white, black, adjourned (bool).
	NoteMissingResult = "missing-result"
	// NoteManualMet: an arbiter's pair (--set) repeats a game. Args: pair ("12-7"), white,
	// black, round (when they met).
	NoteManualMet = "manual-met"
	// NoteManualByeAgain: an arbiter's bye (--set N-bye) goes to a player who had one.
	// Args: pair, player, round (of the earlier bye).
	NoteManualByeAgain = "manual-bye-again"
	// NoteUnavailable: a round-robin player withdrawn or absent in the round (his game is a
	// forfeit). Args: player, round.
	NoteUnavailable = "unavailable"
	// NoteSameColourThrice: an Italo-Swiss player gets the same colour a third game
	// running (allowed, docs/pairing-fid.md 2.6). Args: player.
	NoteSameColourThrice = "same-colour-thrice"
	// NoteByes: more than one bye in a round. Args: n (byes), round, manual (given by --set).
	NoteByes = "byes"
	// NoteRoundsAdvised: an Italo-Swiss plans more or fewer rounds than FID Capo V Art. 1
	// advises. Args: rounds, players, lo, hi.
	NoteRoundsAdvised = "rounds-advised"
	// NoteImportNoGames: an imported round without games. Args: round.
	NoteImportNoGames = "import-no-games"
	// NoteImportDates: the games of an imported round carry different dates. Args: round,
	// dates ("2007.05.12 (8), 2007.05.24 (2)": each date with its number of games).
	NoteImportDates = "import-dates"
	// NoteImportLatin2: a name read as Windows-1252 holds a character unusual in names.
	// Args: player, char (its Unicode name, RuneName).
	NoteImportLatin2 = "import-latin2"
	// NoteImportNoResult: an imported game without a result. Args: round, board, white,
	// black, game (its index in the file), result (as the file gives it).
	NoteImportNoResult = "import-no-result"
	// NoteImportResultTag: an imported game whose Result tag disagrees with its moves.
	// Args: round, board, game, tag, moves, used.
	NoteImportResultTag = "import-result-tag"
	// NoteImportMore: more warnings of one kind than an import lists. Args: n, kind (the
	// code of the warnings left out: NoteImportNoResult or NoteImportResultTag).
	NoteImportMore = "import-more"
	// NotePrizeMovedDown: a prize goes to a player below its place, the players above having
	// a higher prize. Args: rank (his place in the standings).
	NotePrizeMovedDown = "prize-moved-down"
	// NotePrizeShared: the prize winner's place is shared. Args: place ("2-3").
	NotePrizeShared = "prize-shared"
	// NotePrizeNotAwarded: nobody is left in the prize's standings. No args.
	NotePrizeNotAwarded = "prize-not-awarded"
	// NotePrizePlayoff: a play-off decided the prize winner's place (docs/playoffs.md).
	// Args: playoff (its number).
	NotePrizePlayoff = "prize-playoff"
	// NoteCSVLatin2: a players CSV read as Windows-1252 gives a character unusual in names.
	// Args: line, char (the character), name (its Unicode name, RuneName), text (the line).
	NoteCSVLatin2 = "csv-latin2"
	// NoteRoundRobinShort: a round robin plans fewer rounds than its Berger tables (a
	// shorter schedule: the last table rounds are not played). Args: rounds, players, full
	// (the rounds of the whole single or double round robin).
	NoteRoundRobinShort = "round-robin-short"
	// NoteForfeitNoNotice: a player who lost the round before by forfeit without notice
	// (paired, and did not come) is paired again; FID practice leaves it to the arbiter to
	// withdraw him or keep him. Args: player, number (pairing number), round (the round
	// he forfeited), board.
	NoteForfeitNoNotice = "forfeit-no-notice"
	// NoteImportIdle: players of an imported event without a game in one of its rounds
	// (a rest, an absence, a game missing from the file). Args: round, n (how many),
	// players (the first ImportIdleShown of them by pairing number, "; " between, "; …"
	// after them when there are more).
	NoteImportIdle = "import-idle"
)

// ImportIdleShown is how many players a NoteImportIdle names.
const ImportIdleShown = 10

// NoteCodes returns every note code the domain writes, sorted.
func NoteCodes() []string {
	c := []string{NoteMissingResult, NoteManualMet, NoteManualByeAgain, NoteUnavailable, NoteSameColourThrice,
		NoteByes, NoteRoundsAdvised, NoteImportNoGames, NoteImportDates, NoteImportLatin2, NoteImportNoResult,
		NoteImportResultTag, NoteImportMore, NotePrizeMovedDown, NotePrizeShared, NotePrizeNotAwarded, NotePrizePlayoff, NoteCSVLatin2, NoteRoundRobinShort,
		NoteForfeitNoNotice, NoteImportIdle}
	sort.Strings(c)
	return c
}

// NewNote is the note code with its arguments given as name, value pairs:
// NewNote(NoteByes, "n", 3, "round", 1, "manual", 2).
func NewNote(code string, args ...any) Note {
	n := Note{Code: code}
	for i := 0; i+1 < len(args); i += 2 {
		if n.Args == nil {
			n.Args = map[string]any{}
		}
		n.Args[fmt.Sprint(args[i])] = args[i+1]
	}
	return n
}

// Int is the integer argument name (0 when absent).
func (n Note) Int(name string) int {
	v, _ := n.Args[name].(int)
	return v
}

// Str is the string argument name ("" when absent).
func (n Note) Str(name string) string {
	v, _ := n.Args[name].(string)
	return v
}

// Bool is the boolean argument name (false when absent).
func (n Note) Bool(name string) bool {
	v, _ := n.Args[name].(bool)
	return v
}

// MarshalJSON writes {"code":...,"args":{...}}, or the stored sentence of an old note.
func (n Note) MarshalJSON() ([]byte, error) {
	if n.Code == "" && n.Text != "" {
		return json.Marshal(n.Text)
	}
	type plain Note
	return json.Marshal(plain(n))
}

// UnmarshalJSON reads what MarshalJSON wrote (integers as int), or a plain string: a
// sentence stored before notes had codes.
func (n *Note) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*n = Note{}
		return json.Unmarshal(b, &n.Text)
	}
	var raw struct {
		Code string                     `json:"code"`
		Args map[string]json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*n = Note{Code: raw.Code}
	for k, v := range raw.Args {
		d := json.NewDecoder(bytes.NewReader(v))
		d.UseNumber()
		var x any
		if err := d.Decode(&x); err != nil {
			return err
		}
		if num, ok := x.(json.Number); ok {
			if i, err := strconv.Atoi(num.String()); err == nil {
				x = i
			} else if f, err := num.Float64(); err == nil {
				x = f
			}
		}
		if n.Args == nil {
			n.Args = map[string]any{}
		}
		n.Args[k] = x
	}
	return nil
}

// MissingResult is a board of an earlier round without a final result (no result, or
// adjourned), as PairingSnapshot.Missing lists them; names as shown (ShownName).
type MissingResult struct {
	Round, Board, Game int
	White, Black       string
	Adjourned          bool
}

// Note is the warning of a round paired without the result of m.
func (m MissingResult) Note() Note {
	return NewNote(NoteMissingResult, "round", m.Round, "board", m.Board, "game", m.Game, "white", m.White, "black", m.Black, "adjourned", m.Adjourned)
}

// Why the start player of an Italo-Swiss round in a FID format starts the scan
// (RoundExplanation.StartFrom).
const (
	StartRested = "rested" // he rested in the round before
	StartBlack  = "black"  // he had Black in the last pair formed in the round before
)

// startFrom says why start (pairing.ItaloFIDStart of the round before's pairs prev and
// rests) starts the scan: StartRested with his kind of rest when he rested in prev, else
// StartBlack; "" when there is no start player (round 1).
func startFrom(start int, prev []pairing.Pair, rests map[int]pairing.RestKind) (string, pairing.RestKind) {
	if start == 0 {
		return "", ""
	}
	for _, p := range prev {
		if p.IsBye() && p.White == start {
			return StartRested, rests[start]
		}
	}
	return StartBlack, ""
}
