package tournament

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"arbitro/rules"

	"golang.org/x/text/encoding/charmap"
)

// MaxGameBytes is the largest game score `game add` accepts (one game; real scores are a
// few kilobytes). Larger input is refused with ErrBadPDN before it is parsed.
const MaxGameBytes = 1 << 20

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
		return nil, "", fmt.Errorf("%w: more than %d bytes; one game score is a few kilobytes (for a whole file use 'game import' or 'audit FILE')", ErrBadPDN, MaxGameBytes)
	}
	return ParseGameScore(data)
}

// ParseGameScore is ReadGameScore on data already in memory.
func ParseGameScore(data []byte) (*rules.Game, string, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, "", fmt.Errorf("%w: the file is empty", ErrBadPDN)
	}
	if LooksBinary(data[:min(len(data), 8192)]) {
		return nil, "", fmt.Errorf("%w: the file is binary, not PDN text", ErrBadPDN)
	}
	pr := rules.NewPDNReader(bytes.NewReader(data))
	g, err := pr.Next()
	if err == io.EOF {
		return nil, "", fmt.Errorf("%w: no game found in the text", ErrBadPDN)
	}
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", ErrBadPDN, err)
	}
	if len(g.Moves) == 0 && len(g.Tags) == 0 {
		return nil, "", fmt.Errorf("%w: no tags and no moves: this is not a game score", ErrBadPDN)
	}
	n := 1
	for {
		_, err := pr.Next()
		if err == io.EOF {
			break
		}
		n++
		if err != nil && !errors.Is(err, rules.ErrPDNSyntax) && !errors.Is(err, rules.ErrPDNTooLarge) {
			return nil, "", fmt.Errorf("%w: %w", ErrBadPDN, err)
		}
	}
	if n > 1 {
		return nil, "", fmt.Errorf("%w: the file holds %d games; 'game add' takes one (attach a whole file with 'game import')", ErrBadPDN, n)
	}
	if err := checkTags(g); err != nil { // the tags are free text entering arbitro
		return nil, "", fmt.Errorf("%w: %w", ErrBadPDN, err)
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

func outcomeWord(o byte) string {
	switch o {
	case 'W':
		return "White wins"
	case 'B':
		return "Black wins"
	case 'D':
		return "draw"
	}
	return "no result"
}

// CheckAgainstBoard compares the players and the result written in g (White/Bianco,
// Black/Nero, Result/Risultato or the movetext marker) with board b and returns one
// sentence per disagreement; nil when they agree. A tag that is absent or empty is not
// checked. Names are compared with MatchName (case, accents and word order ignored;
// initials accepted). A recorded adjourned result, or none, is not compared.
func CheckAgainstBoard(g *rules.Game, b *Board) []string {
	var out []string
	w, bl := strings.TrimSpace(g.White()), strings.TrimSpace(g.Black())
	okW := w == "" || MatchName(w, b.White) != NameNoMatch
	okB := bl == "" || b.Bye() || MatchName(bl, b.Black) != NameNoMatch
	if !okW || !okB {
		if w != "" && bl != "" && !b.Bye() && MatchName(w, b.Black) != NameNoMatch && MatchName(bl, b.White) != NameNoMatch {
			out = append(out, fmt.Sprintf("colours reversed: the score has %s White and %s Black, the pairing has %s White", w, bl, b.White))
		} else {
			if !okW {
				out = append(out, fmt.Sprintf("White in the score is %q, the pairing has %q", w, b.White))
			}
			if !okB {
				out = append(out, fmt.Sprintf("Black in the score is %q, the pairing has %q", bl, b.Black))
			}
		}
	}
	if b.Bye() {
		out = append(out, fmt.Sprintf("round %d board %d is a bye: no game is played on it", b.Round, b.Board))
	}
	if pr := g.FinalResult(); b.Result != nil && b.Result.Kind != KindAdjourned {
		po := pdnOutcome(pr)
		switch {
		case b.Result.Kind != KindPlayed && len(g.Moves) > 0:
			out = append(out, fmt.Sprintf("the board is recorded as %s (%s), yet the score has %d moves", b.Result.String(), b.Result.Kind, len(g.Moves)))
		case b.Result.Kind == KindPlayed && po != 0 && po != b.Result.Winner():
			out = append(out, fmt.Sprintf("the score's result is %s (%s), the recorded result is %s (%s)", pr, outcomeWord(po), b.Result.String(), outcomeWord(b.Result.Winner())))
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
	Replaced bool          `json:"replaced,omitempty"`
	SHA256   string        `json:"sha256"`
}

// checkVariant returns a sentence when g's GameType tag names another variant than v.
func checkVariant(g *rules.Game, v *rules.Variant) string {
	gt := strings.TrimSpace(g.GameType())
	if gt == "" {
		return ""
	}
	gv, err := rules.VariantByGameTypeTag(gt)
	if err != nil {
		return fmt.Sprintf("the score's GameType %q is not a variant arbitro judges (the tournament plays %s)", gt, v.Name())
	}
	if gv != v {
		return fmt.Sprintf("the score's GameType %q is %s, the tournament plays %s", gt, gv.Name(), v.Name())
	}
	return ""
}

// ReplayForTournament replays g with t's variant (forced over the GameType tag).
func ReplayForTournament(g *rules.Game, t *Tournament) rules.Verdict {
	return rules.Replay(g, rules.ReplayOptions{Variant: t.Variant, ForceVariant: true})
}

func hashText(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

type gameEventJSON struct {
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

// AddGame stores the game score text (parsed as g, see ParseGameScore) for board board
// (game game) of round round of t, replays it at once with t's variant and stores the
// verdict (games.verdict is the JSON of rules.Verdict). An illegal score is stored too: the
// returned record's Verdict says where and why; the arbiter decides. Logs "game.add" (or
// "game.replace").
//
// Errors: ErrNotPaired, ErrNoBoard; ErrGameExists when the board has a score and
// !opts.Replace (also when the same text is submitted again); ErrMismatch when the players,
// the result or the GameType of the score disagree with the pairing, the recorded result or
// the tournament's variant and !opts.Force (the error lists each disagreement).
func (tx *Tx) AddGame(t *Tournament, round, board, game int, g *rules.Game, text string, opts GameOptions) (*GameRecord, error) {
	b, err := tx.BoardAt(t, round, board, game)
	if err != nil {
		return nil, err
	}
	return tx.addGame(t, b, g, text, opts, "")
}

func (tx *Tx) addGame(t *Tournament, b *Board, g *rules.Game, text string, opts GameOptions, source string) (*GameRecord, error) {
	v := t.Variant
	rec := &GameRecord{Board: b, SHA256: hashText(text)}
	var old *gameEventJSON
	if b.Bye() {
		return nil, fmt.Errorf("%w: round %d board %d is the bye of %s: no game is played on it", ErrInvalid, b.Round, b.Board, b.White)
	}
	if b.GameID != 0 {
		var err error
		if old, err = tx.replacedGame(b, text, opts.Replace); err != nil {
			return nil, err
		}
		rec.Replaced = true
	}
	problems := CheckAgainstBoard(g, b)
	if s := checkVariant(g, v); s != "" {
		problems = append(problems, s)
	}
	if len(problems) > 0 && !opts.Force {
		return nil, fmt.Errorf("%w: round %d board %d (%s - %s): %s", ErrMismatch, b.Round, b.Board, b.White, b.Black, strings.Join(problems, "; "))
	}
	rec.Problems = problems
	rec.Verdict = rules.Replay(g, rules.ReplayOptions{Variant: v, ForceVariant: true})
	vj, err := json.Marshal(rec.Verdict)
	if err != nil {
		return nil, err
	}
	var illegalPly any
	if !rec.Verdict.Legal {
		illegalPly = rec.Verdict.Ply
	}
	if b.GameID != 0 {
		if _, err := tx.exec(`DELETE FROM games WHERE id = ?`, b.GameID); err != nil {
			return nil, err
		}
	}
	res, err := tx.exec(`INSERT INTO games (board_id, pdn, verdict, legal, illegal_ply, reason, pdn_result, submitted_at, submitted_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, b.ID, text, string(vj), boolToInt(rec.Verdict.Legal), illegalPly,
		rec.Verdict.Reason, g.FinalResult(), tx.nowText(), tx.actor)
	if err != nil {
		return nil, err
	}
	if rec.ID, err = res.LastInsertId(); err != nil {
		return nil, err
	}
	b.GameID = rec.ID
	ev := gameEventOf(b, rec, g, source)
	action := "game.add"
	if rec.Replaced {
		action = "game.replace"
	}
	if err := tx.logEvent(t.ID, action, old, ev); err != nil {
		return nil, err
	}
	return rec, nil
}

// gameEventOf is the event-log view of score g stored on board b as rec (from source):
// its hash, plies, verdict, result, the problems forced through, whether it replaced one.
func gameEventOf(b *Board, rec *GameRecord, g *rules.Game, source string) *gameEventJSON {
	ev := &gameEventJSON{Round: b.Round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black,
		SHA256: rec.SHA256, Plies: rec.Verdict.Plies, Legal: rec.Verdict.Legal, Result: g.FinalResult(),
		Forced: rec.Problems, Source: source, Replace: rec.Replaced}
	if !rec.Verdict.Legal {
		ev.Ply, ev.Reason = rec.Verdict.Ply, rec.Verdict.Reason
	}
	return ev
}

// replacedGame is the event-log view of the score stored on board b, which text is to
// replace: ErrGameExists when text is that very score, or when replace (--replace) is not
// given.
func (tx *Tx) replacedGame(b *Board, text string, replace bool) (*gameEventJSON, error) {
	var oldText, oldReason string
	var oldLegal, oldPly int
	if err := tx.queryRow(`SELECT pdn, coalesce(legal, 0), coalesce(illegal_ply, 0), reason FROM games WHERE id = ?`, b.GameID).Scan(&oldText, &oldLegal, &oldPly, &oldReason); err != nil {
		return nil, err
	}
	if oldText == text {
		return nil, fmt.Errorf("%w: round %d board %d: this very score is already stored (game %d)", ErrGameExists, b.Round, b.Board, b.GameID)
	}
	if !replace {
		return nil, fmt.Errorf("%w: round %d board %d (%s - %s) has game %d; to replace it use --replace", ErrGameExists, b.Round, b.Board, b.White, b.Black, b.GameID)
	}
	return &gameEventJSON{Round: b.Round, Board: b.Board, Game: b.Game, White: b.White, Black: b.Black,
		SHA256: hashText(oldText), Legal: oldLegal == 1, Ply: oldPly, Reason: oldReason}, nil
}

func boolToInt(b bool) int {
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

// GameOf returns the stored score of board b; ErrNoGame when there is none.
func (tx *Tx) GameOf(b *Board) (*StoredGame, error) {
	if b.GameID == 0 {
		return nil, fmt.Errorf("%w: round %d board %d (%s - %s); add it with 'arbitro game add %d %d FILE.pdn'", ErrNoGame, b.Round, b.Board, b.White, b.Black, b.Round, b.Board)
	}
	sg := &StoredGame{ID: b.GameID, Board: b}
	var legal int
	if err := tx.queryRow(`SELECT pdn, coalesce(legal, 0), submitted_at FROM games WHERE id = ?`, b.GameID).Scan(&sg.PDN, &legal, &sg.SubmittedAt); err != nil {
		return nil, err
	}
	sg.Legal = legal == 1
	return sg, nil
}

// Parse reads the stored PDN text back into a game. Errors wrap ErrBadPDN.
func (sg *StoredGame) Parse() (*rules.Game, error) {
	pr := rules.NewPDNReader(strings.NewReader(sg.PDN))
	g, err := pr.Next()
	if err == io.EOF {
		return nil, fmt.Errorf("%w: stored game %d is empty", ErrBadPDN, sg.ID)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: stored game %d: %w", ErrBadPDN, sg.ID, err)
	}
	return g, nil
}
