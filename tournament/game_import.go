package tournament

import (
	"bytes"
	"errors"
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
	Why     string         `json:"why,omitempty"`
	Legal   bool           `json:"legal"`
	Verdict *rules.Verdict `json:"-"` // the verdict of a stored score; nil otherwise
	Score   *rules.Game    `json:"-"` // the game as read
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
	Games     []ImportedGame `json:"games"`
	Read      int            `json:"read"`
	Stored    int            `json:"stored"`
	Illegal   int            `json:"illegal"` // stored with an illegal move
	Already   int            `json:"already_stored"`
	Unmatched int            `json:"unmatched"`
	Rejected  int            `json:"rejected"`
}

// ImportGames attaches every game of the PDN text in r to the boards of t, in the caller's
// transaction: the round from GameRound, the board whose two players fit the White and
// Black tags (MatchName: case, accents and word order ignored; an exact fit is preferred to
// one by initials). A game that fits no board, or several equally well, is reported as
// unmatched and not stored (never guessed); a board that already holds another score, or a
// score whose result disagrees with the recorded one (unless opts.Force), is reported as
// rejected. The same score imported twice is "already-stored". Scores are stored as
// rules.WritePDN writes them, with their verdicts (see AddGame). opts.Round is the round of
// games whose tags name none.
//
// The import is logged (one game.import event) only when at least one game is stored.
//
// Errors (nothing is stored; the caller rolls back): ErrBadPDN for an empty, binary or too
// large file or one without any game; read errors.
func (tx *Tx) ImportGames(t *Tournament, r io.Reader, opts GameOptions) (*GameImportReport, error) {
	data, err := readImportFile(r)
	if err != nil {
		return nil, err
	}
	boards, err := tx.Boards(t, 0)
	if err != nil {
		return nil, err
	}
	byRound := map[int][]*Board{}
	for _, b := range boards {
		byRound[b.Round] = append(byRound[b.Round], b)
	}
	rep := &GameImportReport{Games: []ImportedGame{}}
	pr := rules.NewPDNReader(bytes.NewReader(data))
	for {
		g, perr := pr.Next()
		if perr == io.EOF {
			break
		}
		if g == nil {
			return nil, fmt.Errorf("%w: %w", ErrBadPDN, perr)
		}
		if perr == nil && len(g.Tags) == 0 && len(g.Moves) == 0 {
			continue // only comments
		}
		rep.Read++
		ig := ImportedGame{Index: g.Index, Line: g.Line, White: g.White(), Black: g.Black(), Round: GameRound(g), Score: g}
		if err := tx.importGame(t, g, perr, &ig, byRound, opts); err != nil {
			return nil, err
		}
		rep.add(ig)
	}
	if rep.Read == 0 {
		return nil, fmt.Errorf("%w: no game found in the file", ErrBadPDN)
	}
	if rep.Stored == 0 {
		// Nothing stored: nothing is logged either, so the file stays byte-identical (the
		// event log records changes, not attempts).
		return rep, nil
	}
	if err := tx.logEvent(t.ID, "game.import", nil, map[string]int{"read": rep.Read, "stored": rep.Stored, "illegal": rep.Illegal,
		"already_stored": rep.Already, "unmatched": rep.Unmatched, "rejected": rep.Rejected}); err != nil {
		return nil, err
	}
	return rep, nil
}

// readImportFile reads the whole file of game import, refusing one that is too large,
// empty or binary (ErrBadPDN).
func readImportFile(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxImportBytes {
		return nil, fmt.Errorf("%w: the file is larger than %d MB; split it by round, or audit it with 'arbitro audit FILE'", ErrBadPDN, MaxImportBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%w: the file is empty", ErrBadPDN)
	}
	if LooksBinary(data[:min(len(data), 8192)]) {
		return nil, fmt.Errorf("%w: the file is binary, not PDN text", ErrBadPDN)
	}
	return data, nil
}

// add counts ig under its status and lists it.
func (rep *GameImportReport) add(ig ImportedGame) {
	switch ig.Status {
	case ImportUnmatched:
		rep.Unmatched++
	case ImportRejected:
		rep.Rejected++
	case ImportAlready:
		rep.Already++
	case ImportStored:
		rep.Stored++
		if !ig.Legal {
			rep.Illegal++
		}
	}
	rep.Games = append(rep.Games, ig)
}

// importGame attaches one game read from the file (perr: the reader's error for it) to
// its board, setting ig's status and reason. Its error is a database error: the import
// stops and nothing is stored.
func (tx *Tx) importGame(t *Tournament, g *rules.Game, perr error, ig *ImportedGame, byRound map[int][]*Board, opts GameOptions) error {
	set := func(status, why string) error {
		ig.Status, ig.Why = status, why
		return nil
	}
	if perr != nil {
		return set(ImportRejected, "unreadable: "+perr.Error())
	}
	if err := checkTags(g); err != nil {
		// Never echo a hostile tag: the report shows it quoted, escapes visible.
		ig.White, ig.Black = quoteShort(ig.White), quoteShort(ig.Black)
		return set(ImportRejected, err.Error())
	}
	if ig.Round == 0 {
		ig.Round = opts.Round
	}
	if ig.Round == 0 {
		return set(ImportUnmatched, "no round in the Round, Event or Dati tags (give it with --round)")
	}
	cands := byRound[ig.Round]
	if cands == nil {
		return set(ImportUnmatched, fmt.Sprintf("round %d is not paired", ig.Round))
	}
	b, why := matchBoard(g, cands)
	if b == nil {
		return set(ImportUnmatched, why)
	}
	ig.Board, ig.Game = b.Board, b.Game
	var buf bytes.Buffer
	if err := rules.WritePDN(&buf, g); err != nil {
		return set(ImportRejected, err.Error())
	}
	rec, err := tx.addGame(t, b, g, buf.String(), GameOptions{Force: opts.Force}, "import")
	switch {
	case err != nil && errors.Is(err, ErrGameExists) && strings.Contains(err.Error(), "already stored"):
		return set(ImportAlready, "")
	case err != nil && (errors.Is(err, ErrGameExists) || errors.Is(err, ErrMismatch) || errors.Is(err, ErrInvalid)):
		return set(ImportRejected, err.Error())
	case err != nil:
		return err
	}
	vd := rec.Verdict
	ig.Legal, ig.Verdict = vd.Legal, &vd
	if len(rec.Problems) > 0 {
		ig.Why = strings.Join(rec.Problems, "; ")
	}
	return set(ImportStored, ig.Why)
}

// matchBoard finds the one board of cands whose players fit g's White and Black tags; nil
// and the reason when none or several fit.
func matchBoard(g *rules.Game, cands []*Board) (*Board, string) {
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
func checkTags(g *rules.Game) error {
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
