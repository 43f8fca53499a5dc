package tournament

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"arbitro/rules"
)

// MaxImportBytes is the largest file `game import` reads (it attaches one tournament's
// games in one transaction). Larger files are refused with ErrBadPDN; audit an archive with
// `arbitro audit FILE.pdn`, which streams.
const MaxImportBytes = 64 << 20

// gameRoundRes are GameRound's patterns, compiled on first use (not at start-up).
var gameRoundRes = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		// "1° TURNO", "3 turno", "round 5", "5th round"
		regexp.MustCompile(`(?i)(\d{1,2})\s*(?:°|º|ª|\.|st|nd|rd|th|a|o)?\s*(?:turno|round|ronde|runde|tour)\b`),
		// "turno 2", "Round 3", "rd. 4", "R3"
		regexp.MustCompile(`(?i)\b(?:turno|round|ronde|runde|tour|rd|r)\.?\s*(\d{1,2})\b`),
	}
})

// GameRound returns the round of g: the Round (or Turno) tag ("3", "3.1" → 3), else the
// round written in the Event tag or the Italian Dati ("69° ASSOLUTO 1° TURNO" → 1,
// "Open round 5" → 5); 0 when none is written.
func GameRound(g *rules.Game) int {
	if s := strings.TrimSpace(g.Round()); s != "" {
		if i := strings.IndexAny(s, ".,/"); i > 0 {
			s = s[:i]
		}
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n >= 1 && n <= 99 {
			return n
		}
	}
	dati, _ := g.Tag("Dati")
	for _, text := range []string{g.Event(), dati} {
		for _, re := range gameRoundRes() {
			if m := re.FindStringSubmatch(text); m != nil {
				if n, err := strconv.Atoi(m[1]); err == nil && n >= 1 && n <= 99 {
					return n
				}
			}
		}
	}
	return 0
}

// ImportedGame is what `game import` did with one game of the file.
type ImportedGame struct {
	Index  int    `json:"index"` // 1-based position in the file
	Line   int    `json:"line"`
	White  string `json:"white"`
	Black  string `json:"black"`
	Round  int    `json:"round,omitempty"`
	Board  int    `json:"board,omitempty"`
	Game   int    `json:"game,omitempty"`
	Status string `json:"status"` // "stored", "already-stored", "unmatched", "rejected"
	// Why the game was not stored (unmatched, rejected), or the problems stored with
	// --force.
	Why string `json:"why,omitempty"`
	// WhyErrs is Why as coded errors when it is made of them (a score stored with --force
	// despite its disagreements, a score the board refuses), for reports to word in the
	// reader's language; Why keeps their English for JSON.
	WhyErrs []error `json:"-"`
	// Unreadable is, for a score the PDN reader could not read (rejected), the reader's
	// error (a *rules.GameError or *rules.PDNError): Why is "unreadable: " and its English,
	// a report words it in the reader's language. Not part of the JSON.
	Unreadable error          `json:"-"`
	Legal      bool           `json:"legal"`
	Verdict    *rules.Verdict `json:"-"` // the verdict of a stored score; nil otherwise
	Score      *rules.Game    `json:"-"` // the game as read
}

// Statuses of ImportedGame.
const (
	ImportStored    = "stored"
	ImportAlready   = "already-stored" // the same score is already stored for the board
	ImportUnmatched = "unmatched"      // no board (or several) fits the round and the players
	ImportRejected  = "rejected"       // a board fits but the score cannot be stored there
)

// GameImportReport sums up `game import`.
type GameImportReport struct {
	Games  []ImportedGame `json:"games"`
	Read   int            `json:"read"`
	Stored int            `json:"stored"`
	// Illegal, Ambiguous and NotJudged count the stored scores of those verdict classes
	// (rules.VerdictClass, issue 33): an ambiguous capture or a score not judged is never
	// counted as illegal. Classes counts every stored score by class.
	Illegal   int               `json:"illegal"`
	Ambiguous int               `json:"ambiguous"`
	NotJudged int               `json:"not_judged"`
	Classes   rules.ClassCounts `json:"-"`
	Already   int               `json:"already_stored"`
	Unmatched int               `json:"unmatched"`
	Rejected  int               `json:"rejected"`
}

// readImportFile reads the whole file of game import, refusing one that is too large,
// empty or binary (ErrBadPDN).
func ReadImportFile(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxImportBytes {
		return nil, Errf(ErrBadPDN, "err.game.import_too_large", "{err}: the file is larger than {mb} MB; split it by round, or audit it with 'arbitro audit FILE'", "mb", MaxImportBytes>>20)
	}
	if IsBlankText(data) {
		return nil, Errf(ErrBadPDN, "err.game.empty", "{err}: the file is empty")
	}
	if LooksBinary(data[:min(len(data), 8192)]) {
		return nil, Errf(ErrBadPDN, "err.game.binary", "{err}: the file is binary, not PDN text")
	}
	return data, nil
}

// add counts ig under its status and lists it.
func (rep *GameImportReport) Add(ig ImportedGame) {
	switch ig.Status {
	case ImportUnmatched:
		rep.Unmatched++
	case ImportRejected:
		rep.Rejected++
	case ImportAlready:
		rep.Already++
	case ImportStored:
		rep.Stored++
		switch {
		case ig.Verdict != nil:
			rep.Classes.Add(ig.Verdict)
		case ig.Legal:
			rep.Classes[rules.ClassLegal]++
		default:
			rep.Classes[rules.ClassIllegal]++
		}
		rep.Illegal, rep.Ambiguous = rep.Classes[rules.ClassIllegal], rep.Classes[rules.ClassAmbiguous]
		rep.NotJudged = rep.Classes[rules.ClassNotJudged]
	}
	rep.Games = append(rep.Games, ig)
}

// matchBoard finds the one board of cands whose players fit g's White and Black tags; nil
// and the reason when none or several fit.
func MatchBoard(g *rules.Game, cands []*Board) (*Board, string) {
	w, bl := strings.TrimSpace(g.White()), strings.TrimSpace(g.Black())
	if w == "" || bl == "" {
		return nil, "the score does not name both players"
	}
	var best []*Board
	bestLevel := NameNoMatch
	var swapped *Board
	for _, b := range cands {
		if b.Bye() {
			continue
		}
		lw, lb := MatchName(w, b.White), MatchName(bl, b.Black)
		if lw == NameNoMatch || lb == NameNoMatch {
			if MatchName(w, b.Black) != NameNoMatch && MatchName(bl, b.White) != NameNoMatch {
				swapped = b
			}
			continue
		}
		level := min(lw, lb)
		switch {
		case level > bestLevel:
			best, bestLevel = []*Board{b}, level
		case level == bestLevel:
			best = append(best, b)
		}
	}
	switch {
	case len(best) == 1:
		return best[0], ""
	case len(best) > 1:
		var where []string
		for _, b := range best {
			where = append(where, fmt.Sprintf("board %d game %d (%s - %s)", b.Board, b.Game, b.White, b.Black))
		}
		return nil, "the players fit several boards: " + strings.Join(where, ", ")
	case swapped != nil:
		return nil, fmt.Sprintf("colours reversed: board %d has %s White and %s Black; attach it with 'game add %d %d FILE --force' if the score is wrong", swapped.Board, swapped.White, swapped.Black, swapped.Round, swapped.Board)
	}
	return nil, fmt.Sprintf("no board of round %d has %s against %s", cands[0].Round, w, bl)
}

// checkTags passes every tag of g through CheckText: a PDN file is a boundary like the
// command line. The players (White, Black, Bianco, Nero) have at most MaxNameRunes
// characters, the event and place (Event, Site, Dati, Luogo...) at most MaxTextRunes; the
// other tags (FEN, annotator, time...) are checked for their characters only.
func CheckTags(g *rules.Game) error {
	for _, tag := range g.Tags {
		limit := maxTagRunes
		switch strings.ToLower(tag.Name) {
		case "white", "black", "bianco", "nero":
			limit = MaxNameRunes
		case "event", "site", "dati", "evento", "luogo":
			limit = MaxTextRunes
		}
		if _, err := CheckText("PDN tag "+ShownName(tag.Name), tag.Value, limit); err != nil {
			return err
		}
	}
	return nil
}

// maxTagRunes bounds the other tags (a FEN of the 10x10 board has about 150 characters).
const maxTagRunes = 4096
