package tournament

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"arbitro/rules"

	"golang.org/x/text/encoding/charmap"
)

// MaxGameBytes is the largest game score `game add` accepts (one game; real scores are a
// few kilobytes). Larger input is refused with ErrBadPDN before it is parsed.
const MaxGameBytes = 1 << 20

// IsBlankText reports whether text (a whole file, or its start when that is the whole
// file) holds nothing but byte-order marks (UTF-8 EF BB BF, as Notepad writes before
// anything) and white space: such a file is "empty" for every reader of PDN and CSV files
// (replay, audit, game add and import, event import, player import), an error, rather
// than a file of no games.
func IsBlankText(text []byte) bool {
	for {
		text = bytes.TrimLeft(text, " \t\r\n\f\v")
		rest, ok := bytes.CutPrefix(text, []byte("\xEF\xBB\xBF"))
		if !ok {
			return len(bytes.TrimSpace(text)) == 0
		}
		text = rest
	}
}

// LooksBinary reports whether the start of a file (its first few kilobytes) is not text: it
// holds a NUL byte, or more than 1 in 20 bytes are control characters other than tab, CR,
// LF and form feed. Windows-1252 and UTF-8 text pass.
func LooksBinary(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	ctl := 0
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
			ctl++
		}
	}
	return len(head) > 0 && ctl*20 > len(head)
}

// toUTF8 returns text with every line that is not valid UTF-8 decoded as Windows-1252 (the
// PDN reader's rule), so that the database holds UTF-8 only.
func toUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	dec := charmap.Windows1252.NewDecoder()
	var out strings.Builder
	for _, l := range lines {
		if utf8.Valid(l) {
			out.Write(l)
			continue
		}
		d, err := dec.Bytes(l)
		if err != nil {
			out.Write(bytes.ToValidUTF8(l, []byte("\uFFFD")))
			continue
		}
		out.Write(d)
	}
	return out.String()
}

// ReadGameScore reads one game score from r for `game add`: at most MaxGameBytes, text (see
// LooksBinary), exactly one game, without PDN syntax errors. It returns the game and its
// text as UTF-8. Errors wrap ErrBadPDN and say what is wrong: empty input, binary data, too
// large, a syntax error (line and column), no game, or several games (use game import).
func ReadGameScore(r io.Reader) (*rules.Game, string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxGameBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(data) > MaxGameBytes {
		return nil, "", Errf(ErrBadPDN, "err.game.too_large", "{err}: more than {max_game_bytes} bytes; one game score is a few kilobytes (for a whole file use 'game import' or 'audit FILE')", "max_game_bytes", MaxGameBytes)
	}
	return ParseGameScore(data)
}

// ParseGameScore is ReadGameScore on data already in memory.
func ParseGameScore(data []byte) (*rules.Game, string, error) {
	if IsBlankText(data) {
		return nil, "", Errf(ErrBadPDN, "err.game.empty", "{err}: the file is empty")
	}
	if LooksBinary(data[:min(len(data), 8192)]) {
		return nil, "", Errf(ErrBadPDN, "err.game.binary", "{err}: the file is binary, not PDN text")
	}
	pr := rules.NewPDNReader(bytes.NewReader(data))
	g, err := pr.Next()
	if err == io.EOF {
		return nil, "", Errf(ErrBadPDN, "err.game.no_game", "{err}: no game found in the text")
	}
	if err != nil {
		return nil, "", ErrfWrap(ErrBadPDN, err, "err.game.cause", "{err}: {cause}")
	}
	if len(g.Moves) == 0 && len(g.Tags) == 0 {
		return nil, "", Errf(ErrBadPDN, "err.game.no_moves", "{err}: no tags and no moves: this is not a game score")
	}
	n := 1
	for {
		_, err := pr.Next()
		if err == io.EOF {
			break
		}
		n++
		if err != nil && !errors.Is(err, rules.ErrPDNSyntax) && !errors.Is(err, rules.ErrPDNTooLarge) {
			return nil, "", ErrfWrap(ErrBadPDN, err, "err.game.cause", "{err}: {cause}")
		}
	}
	if n > 1 {
		return nil, "", Errf(ErrBadPDN, "err.game.several", "{err}: the file holds {n} games; 'game add' takes one (attach a whole file with 'game import')", "n", n)
	}
	if err := CheckTags(g); err != nil { // the tags are free text entering arbitro
		return nil, "", ErrfWrap(ErrBadPDN, err, "err.game.cause", "{err}: {cause}")
	}
	return g, toUTF8(data), nil
}

// pdnOutcome maps a PDN result to 'W', 'B', 'D', or 0 when unknown ("*", "", other).
func pdnOutcome(res string) byte {
	switch strings.ReplaceAll(strings.TrimSpace(res), " ", "") {
	case "1-0", "2-0":
		return 'W'
	case "0-1", "0-2":
		return 'B'
	case "1/2-1/2", "1-1", "½-½", "=", "0.5-0.5":
		return 'D'
	}
	return 0
}

func outcomeWord(o byte) error {
	switch o {
	case 'W':
		return Errf(nil, "err.phrase.white_wins", "White wins")
	case 'B':
		return Errf(nil, "err.phrase.black_wins", "Black wins")
	case 'D':
		return Errf(nil, "err.phrase.draw", "draw")
	}
	return Errf(nil, "err.phrase.no_result", "no result")
}

// CheckAgainstBoard compares the players and the result written in g (White/Bianco,
// Black/Nero, Result/Risultato or the movetext marker) with board b and returns one
// phrase per disagreement (a CodedError without a sentinel, worded by reports); nil when
// they agree. A tag that is absent or empty is not
// checked. Names are compared with MatchName (case, accents and word order ignored;
// initials accepted). A recorded adjourned result, or none, is not compared.
func CheckAgainstBoard(g *rules.Game, b *Board) []error {
	var out []error
	w, bl := strings.TrimSpace(g.White()), strings.TrimSpace(g.Black())
	okW := w == "" || MatchName(w, b.White) != NameNoMatch
	okB := bl == "" || b.Bye() || MatchName(bl, b.Black) != NameNoMatch
	if !okW || !okB {
		if w != "" && bl != "" && !b.Bye() && MatchName(w, b.Black) != NameNoMatch && MatchName(bl, b.White) != NameNoMatch {
			out = append(out, Errf(nil, "err.board.colours_reversed", "colours reversed: the score has {white} White and {black} Black, the pairing has {paired} White", "white", w, "black", bl, "paired", b.White))
		} else {
			if !okW {
				out = append(out, Errf(nil, "err.board.white_differs", "White in the score is {score}, the pairing has {paired}", "score", strconv.Quote(w), "paired", strconv.Quote(b.White)))
			}
			if !okB {
				out = append(out, Errf(nil, "err.board.black_differs", "Black in the score is {score}, the pairing has {paired}", "score", strconv.Quote(bl), "paired", strconv.Quote(b.Black)))
			}
		}
	}
	if b.Bye() {
		out = append(out, Errf(nil, "err.board.bye", "round {round} board {board} is a bye: no game is played on it", "round", b.Round, "board", b.Board))
	}
	if pr := g.FinalResult(); b.Result != nil && b.Result.Kind != KindAdjourned {
		po := pdnOutcome(pr)
		switch {
		case b.Result.Kind != KindPlayed && len(g.Moves) > 0:
			out = append(out, Errf(nil, "err.board.unplayed_has_moves", "the board is recorded as {result} ({kind}), yet the score has {moves} moves", "result", b.Result.String(), "kind", b.Result.Kind, "moves", len(g.Moves)))
		case b.Result.Kind == KindPlayed && po != 0 && po != b.Result.Winner():
			out = append(out, Errf(nil, "err.board.result_differs", "the score's result is {score} ({score_outcome}), the recorded result is {result} ({outcome})", "score", pr, "score_outcome", outcomeWord(po), "result", b.Result.String(), "outcome", outcomeWord(b.Result.Winner())))
		}
	}
	return out
}

// GameOptions modify AddGame.
type GameOptions struct {
	// Force stores the score even when its players, result or variant disagree with the
	// pairing (the disagreements are kept in the event log).
	Force bool
	// Replace allows replacing a score already stored for the board (logged with the old
	// score's hash and verdict).
	Replace bool
	// Round, for ImportGames: the round of the games whose tags name none (Round "?");
	// 0 leaves them unmatched.
	Round int
}

// GameRecord is a stored game score and its verdict.
type GameRecord struct {
	ID       int64         `json:"id"`
	Board    *Board        `json:"board"`
	Verdict  rules.Verdict `json:"verdict"`
	Problems []string      `json:"problems,omitempty"` // disagreements stored anyway (Force)
	// ProblemErrs are the same disagreements as coded errors (CheckAgainstBoard), for
	// reports to word in the reader's language; Problems keeps their English for JSON.
	ProblemErrs []error `json:"-"`
	Replaced    bool    `json:"replaced,omitempty"`
	SHA256      string  `json:"sha256"`
}

// CheckVariant is the phrase (a CodedError without a sentinel) of g's GameType tag naming
// another variant than v; nil when it does not.
func CheckVariant(g *rules.Game, v *rules.Variant) error {
	gt := strings.TrimSpace(g.GameType())
	if gt == "" {
		return nil
	}
	gv, err := rules.VariantByGameTypeTag(gt)
	if err != nil {
		return Errf(nil, "err.board.gametype_unknown", "the score's GameType {tag} is not a variant arbitro judges (the tournament plays {variant})", "tag", strconv.Quote(gt), "variant", v.Name())
	}
	if gv != v {
		return Errf(nil, "err.board.gametype_differs", "the score's GameType {tag} is {tag_variant}, the tournament plays {variant}", "tag", strconv.Quote(gt), "tag_variant", gv.Name(), "variant", v.Name())
	}
	return nil
}

// ReplayForTournament replays g with t's variant (forced over the GameType tag).
func ReplayForTournament(g *rules.Game, t *Tournament) rules.Verdict {
	return rules.Replay(g, rules.ReplayOptions{Variant: t.Variant, ForceVariant: true})
}

func HashText(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

type GameEventJSON struct {
	Round   int      `json:"round"`
	Board   int      `json:"board"`
	Game    int      `json:"game"`
	White   string   `json:"white"`
	Black   string   `json:"black,omitempty"`
	SHA256  string   `json:"sha256"`
	Plies   int      `json:"plies"`
	Legal   bool     `json:"legal"`
	Ply     int      `json:"illegal_ply,omitempty"`
	Reason  string   `json:"reason,omitempty"`
	Result  string   `json:"pdn_result"`
	Forced  []string `json:"forced,omitempty"`
	Source  string   `json:"source,omitempty"`
	Replace bool     `json:"replace,omitempty"`
}

// gameEventOf is the event-log view of score g stored on board b as rec (from source):
// its hash, plies, verdict, result, the problems forced through, whether it replaced one.
func GameEventOf(b *Board, rec *GameRecord, g *rules.Game, source string) *GameEventJSON {
	ev := &GameEventJSON{Round: b.Round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black,
		SHA256: rec.SHA256, Plies: rec.Verdict.Plies, Legal: rec.Verdict.Legal, Result: g.FinalResult(),
		Forced: rec.Problems, Source: source, Replace: rec.Replaced}
	if !rec.Verdict.Legal {
		ev.Ply, ev.Reason = rec.Verdict.Ply, rec.Verdict.Reason
	}
	return ev
}

func BoolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// StoredGame is a game score as stored, with its board.
type StoredGame struct {
	ID          int64
	Board       *Board
	PDN         string
	Legal       bool // the stored verdict (at submission)
	SubmittedAt string
}

// Parse reads the stored PDN text back into a game. Errors wrap ErrBadPDN.
func (sg *StoredGame) Parse() (*rules.Game, error) {
	pr := rules.NewPDNReader(strings.NewReader(sg.PDN))
	g, err := pr.Next()
	if err == io.EOF {
		return nil, Errf(ErrBadPDN, "err.game.stored_empty", "{err}: stored game {id} is empty", "id", sg.ID)
	}
	if err != nil {
		return nil, ErrfWrap(ErrBadPDN, err, "err.game.stored", "{err}: stored game {id}: {cause}", "id", sg.ID)
	}
	return g, nil
}
