package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Reason codes of a Verdict: stable kebab-case strings that other tools may rely on (they
// appear in `arbitro replay --json`, see REPLAY-JSON.md). Never change an existing code.
const (
	ReasonParseError        = "parse-error"           // the PDN text (or the FEN tag) could not be read
	ReasonUnknownSquare     = "unknown-square"        // a square outside the board (or algebraic notation)
	ReasonNotOwnPiece       = "not-own-piece"         // the start square is empty or holds the opponent's piece
	ReasonNotALegalMove     = "not-a-legal-move"      // no legal move fits, and no more specific reason applies
	ReasonCaptureCompulsory = "capture-compulsory"    // an ordinary move while a capture was available
	ReasonCapturePriority   = "capture-priority"      // Italian: a capture, but a better one was compulsory (Detail: which rule)
	ReasonManBackwards      = "man-backwards"         // a man moved (or, Italian, captured) backwards
	ReasonManCapturesKing   = "man-captures-king"     // Italian: a man captured a king (RegTec 5.3b)
	ReasonMoveAfterPromote  = "move-after-promotion"  // Italian: a man's capture went on after it reached the far row
	ReasonAmbiguousCapture  = "ambiguous-capture"     // from-to fits captures removing different pieces; the game does not decide
	ReasonMoveAfterEnd      = "move-after-end"        // a move after a position where the side to move had no legal move
	ReasonCaptureNotMaximal = "capture-not-maximal"   // International: the capture took fewer pieces than the maximum (FMJD 4.13)
	ReasonPromotionPassing  = "promotion-passing"     // International: a man treated as promoted after passing the far row mid-capture (FMJD 4.15)
	ReasonUnsupportedType   = "unsupported-game-type" // the GameType tag names a variant arbitro does not judge
	// ReasonUnsupportedVariant: no GameType tag, but the game is recognisably another variant
	// (algebraic notation, Black moving first as in English draughts, "Red" pieces); not judged.
	ReasonUnsupportedVariant = "unsupported-variant"
	// ReasonVariantUnknown: nothing decides between Italian and International (see
	// GameVariant); not judged: pass --variant.
	ReasonVariantUnknown = "variant-unknown"
	// ReasonImpossiblePosition: the FEN tag's position cannot arise in a game (see
	// Position.CheckPossible); not judged.
	ReasonImpossiblePosition = "impossible-position"
)

// NotationNote and NonStandardResultNote prefix the notes of a Verdict that report a
// tolerated deviation from PDN 3.0 (one per Game.Warnings entry) and a result outside the
// PDN 3.0 set ("4-6").
const (
	NotationNote          = "notation-tolerated: "
	NonStandardResultNote = "non-standard-result: "
)

// Judged reports whether the verdict judged the moves: false when the game was not replayed
// because its variant is unsupported or unknown or its position impossible (or unreadable).
func (vd *Verdict) Judged() bool {
	switch vd.Reason {
	case ReasonUnsupportedType, ReasonUnsupportedVariant, ReasonVariantUnknown, ReasonImpossiblePosition, ReasonFragment:
		return false
	}
	return true
}

// ResultCheck says whether the recorded result agrees with the moves.
type ResultCheck string

const (
	// ResultConsistent: nothing in the moves contradicts the result (when the final
	// position has no legal move for the side to move, the result is that side's loss).
	ResultConsistent ResultCheck = "consistent"
	// ResultInconsistent: the side to move has no legal move but the result does not give
	// it the loss, or the Result tag and the movetext result disagree.
	ResultInconsistent ResultCheck = "inconsistent"
	// ResultUnknown: no result recorded ("*" or none), or one that names neither a winner
	// nor a draw ("0-0", both players lost: an arbiter's decision the moves cannot check).
	ResultUnknown ResultCheck = "unknown"
	// ResultUnchecked: the game has an illegal move, so the final position is not known.
	ResultUnchecked ResultCheck = "unchecked"
)

// ReplayOptions control Replay.
type ReplayOptions struct {
	// Variant is used when the game has no GameType tag (for example a tournament's
	// variant, or `--variant`). Nil: inferred (see GameVariant).
	Variant *Variant
	// ForceVariant makes Variant win over the game's GameType tag.
	ForceVariant bool
	// Strict asks the caller that reads the PDN (arbitro replay, the archive audit) to set
	// PDNReader.Strict: the PDN 3.0 reading grammar, every tolerance a parse error. Replay
	// itself does not read it.
	Strict bool
}

// Repetition is a position that occurred three or more times in a game (same pieces, same
// side to move), reported as information (Italian rules do not make it an automatic draw;
// see DrawEvent for International).
type Repetition struct {
	FEN   string
	Plies []int // the plies after which the position stood (0 = the starting position)
}

// DrawEvent is an International draw rule (FMJD Article 6) that applied during the game.
type DrawEvent struct {
	// Rule: "threefold-repetition" (6.2), "25-move" (kings only, no capture, 50 plies),
	// "16-move" (one king against three pieces with a king, 32 plies), "5-move" (one king
	// against at most two pieces with a king, 10 plies).
	Rule string
	// Ply is the ply after which the game was drawn by the rule.
	Ply int
	// StartPly is where the counted sequence began (the ply of the first occurrence, of the
	// last man move or capture, or of the material configuration); 0 = the start position.
	StartPly int
	Message  string
}

// Verdict is the judgement of one game score by Replay.
type Verdict struct {
	Variant *Variant // Italian or International; nil when the variant is not supported (JSON: its Name, "" for nil)
	Legal   bool     // every move is legal (and the score is unambiguous)
	Plies   int      // plies replayed legally (the number of moves when Legal)
	// At the first illegal ply (zero values when Legal):
	Ply        int      // 1-based ply of the first illegal move (0 for an error before any move)
	Move       string   // that move as written
	Reason     string   // a Reason* code
	Detail     string   // capture-priority: "quantity", "king", "kings", "order" (Italian rules 1-4); capture-not-maximal: "quantity" (REPLAY-JSON.md)
	Message    string   // a sentence for people
	FEN        string   // the position before that ply
	LegalMoves []string // the legal moves there, full path form ("22x13x6")
	// Before is the position FEN names, typed (its Variant() is the verdict's variant), and
	// MoveFrom, MoveTo the first and last square of Move as written (0 when not numeric):
	// a report draws them without parsing text again. Zero when Legal or when no move was
	// replayed (a parse error). Not part of the JSON (games.verdict keeps FEN and Move).
	Before           Position `json:"-"`
	MoveFrom, MoveTo Square   `json:"-"`
	// Err is, for a parse error (ReasonParseError) found by the reader, its error (a
	// *GameError or *PDNError, whose Code a report words in the reader's language; Message
	// is its English). Not part of the JSON; nil for a verdict read back from it.
	Err error `json:"-"`

	Result      string      // the recorded result used (movetext marker, else Result tag)
	ResultCheck ResultCheck // see the constants
	Terminal    bool        // the final position has no legal move for the side to move
	FinalFEN    string      // the position after the last legal ply

	// Readings are, for an ambiguous capture (ReasonAmbiguousCapture, ClassAmbiguous),
	// the captures the written move fits and the rest of the game allows: the full path,
	// the pieces it removes and the position after it.
	Readings []CaptureReading `json:",omitempty"`

	Notes       []string     // information: resolved ambiguities, notation remarks, result remarks
	Repetitions []Repetition // positions that occurred 3 or more times
	Draws       []DrawEvent  // International: FMJD draw rules that applied (first time each)
	// Claim40Ply is, for Italian, the first ply at which a 40-move claim (counted from the
	// last man move or capture) became valid; 0 if never. See Count40.
	Claim40Ply int
}

// CaptureReading is one reading of an ambiguous from-to capture: its full path ("3x10x17x26"),
// the squares of the pieces it removes, and the FEN of the position after it.
type CaptureReading struct {
	Path     string
	Captured []Square
	After    string
}

// ErrNotReplayable is wrapped by Count40, CheckClaim40, FirstClaim40 and CheckDrawClaim when
// the game cannot be replayed as far as the ply asked about.
var ErrNotReplayable = errors.New("game cannot be replayed that far")

// GameVariant chooses the variant of g, in this order:
//  1. opts.Variant when ForceVariant;
//  2. the GameType tag (short "20" or full "20,W,10,10,N1,0"; other types give an error
//     wrapping ErrUnsupportedGameType, "unsupported game type 21 (English draughts)");
//  3. opts.Variant (`--variant`, a tournament's variant);
//  4. another variant recognised without a GameType tag, an error wrapping
//     ErrUnsupportedVariant: moves in algebraic notation (Russian, Brazilian, Czech
//     draughts), a first move from squares 1-12 in the standard position (Black moves first:
//     English draughts), a player named "Red" or an Event naming checkers (English draughts);
//  5. International when the FEN tag or a move names a square above 32, or the FEN position
//     is impossible on the 8x8 board (more than 12 pieces a side) but not on the 10x10;
//  6. Italian when the game uses Italian tag names (Bianco, Nero, Risultato, Dati, Anno);
//  7. else by replay: the variant under whose rules every move is legal when only one is;
//     when neither is, the one that can at least play the first move when the other cannot.
//     Otherwise (no moves, legal under both, illegal under both from the first move or
//     both after it) the error wraps ErrVariantUnknown: the game names no variant.
func GameVariant(g *Game, opts ReplayOptions) (*Variant, error) {
	v, err := tagVariant(g, opts)
	if v != nil || err != nil {
		return v, err
	}
	v, _, _, err = replayVariant(g)
	return v, err
}

// tagVariant is steps 1-6 of GameVariant; (nil, nil) when they do not decide.
func tagVariant(g *Game, opts ReplayOptions) (*Variant, error) {
	if opts.ForceVariant && opts.Variant != nil {
		return opts.Variant, nil
	}
	if gt := g.GameType(); strings.TrimSpace(gt) != "" {
		return VariantByGameTypeTag(gt)
	}
	if opts.Variant != nil {
		return opts.Variant, nil
	}
	if len(g.Moves) > 0 && g.Moves[0].Algebraic {
		return nil, fmt.Errorf("%w: algebraic squares (%s) as in Russian, Brazilian or Czech draughts (GameType 25, 26, 29); arbitro judges Italian (22) and International (20) draughts", ErrUnsupportedVariant, g.Moves[0].Text)
	}
	fen := strings.TrimSpace(g.FENTag())
	if fen == "" && len(g.Moves) > 0 && !g.Moves[0].Second && g.Moves[0].From >= 1 && g.Moves[0].From <= 12 {
		// From the start, White's men stand on 21-32 (31-50): a first move from 1-12 is
		// Black's, as in English draughts (checkers), where Black moves first.
		return nil, fmt.Errorf("%w: English draughts (GameType 21): the first move %s is made from Black's side, and Black moves first only in English draughts", ErrUnsupportedVariant, g.Moves[0].Text)
	}
	for _, side := range []string{g.White(), g.Black()} {
		if strings.EqualFold(strings.TrimSpace(side), "red") {
			return nil, fmt.Errorf("%w: English draughts (GameType 21): a player is named %q, the colour of Black's pieces in checkers", ErrUnsupportedVariant, side)
		}
	}
	if containsFold(g.Event(), "checkers") {
		return nil, fmt.Errorf("%w: English draughts (GameType 21): the event %q names checkers", ErrUnsupportedVariant, g.Event())
	}
	for _, m := range g.Moves {
		if m.From > 32 || m.To > 32 {
			return International, nil
		}
		for _, s := range m.Via {
			if s > 32 {
				return International, nil
			}
		}
	}
	if fen != "" {
		// A square above 32, or more men and kings for a side than the 12 of an 8x8 game:
		// the 10x10 board (a man on a far row says nothing about the board).
		pi, errI := parseFENAnyTurn(Italian, fen)
		wm, wk, bm, bk := pi.Counts()
		if errI != nil || max(wm+wk, bm+bk) > 12 {
			if pn, err := parseFENAnyTurn(International, fen); err == nil && (errI != nil || pn.CheckPossible() == nil) {
				return International, nil
			}
		}
	}
	if g.HasItalianTags() {
		return Italian, nil
	}
	return nil, nil
}

// replayVariant is step 7 of GameVariant: it replays g under Italian and International
// rules and returns the variant decided, the verdict under it, and a note saying how it was
// decided; or an error wrapping ErrVariantUnknown with both verdicts' first failures.
func replayVariant(g *Game) (*Variant, Verdict, string, error) {
	vi := replayWith(g, Italian)
	vn := replayWith(g, International)
	if vi.Ply == 0 && vn.Ply == 0 && vi.Reason == vn.Reason && (vi.Reason == ReasonParseError || vi.Reason == ReasonImpossiblePosition) {
		vi.Variant = nil // the FEN tag is unreadable (or impossible) on both boards
		return Italian, vi, "", nil
	}
	if len(g.Moves) == 0 {
		// Nothing to replay: a position alone (a problem set-up) does not say whose rules
		// apply; one board refusing the FEN still leaves the other 8x8 variants.
		return nil, Verdict{}, "", fmt.Errorf("%w: no GameType tag and no move; nothing in the game says whether it is Italian, International or another draughts (pass --variant)", ErrVariantUnknown)
	}
	switch {
	case vi.Legal && !vn.Legal:
		return Italian, vi, fmt.Sprintf("variant: no GameType tag; the moves are legal under Italian rules only (International: %s)", shortFail(vn)), nil
	case vn.Legal && !vi.Legal:
		return International, vn, fmt.Sprintf("variant: no GameType tag; the moves are legal under International rules only (Italian: %s)", shortFail(vi)), nil
	case vi.Legal && vn.Legal:
		return nil, Verdict{}, "", fmt.Errorf("%w: no GameType tag, and the moves are legal under both Italian and International rules (pass --variant)", ErrVariantUnknown)
	}
	// Neither replays: condemn a game from the standard position only under rules that can
	// at least play its first move when the other rules cannot (English draughts, the other
	// 8x8 game from that position, is recognised before: Black moves first). A set-up
	// position (FEN) may be of any 8x8 variant: no verdict.
	ti, tn := vi.Ply > 1, vn.Ply > 1
	if strings.TrimSpace(g.FENTag()) != "" {
		ti, tn = false, false
	}
	switch {
	case ti && !tn:
		return Italian, vi, fmt.Sprintf("variant: no GameType tag; judged under Italian rules, under which the first moves are legal (International: %s)", shortFail(vn)), nil
	case tn && !ti:
		return International, vn, fmt.Sprintf("variant: no GameType tag; judged under International rules, under which the first moves are legal (Italian: %s)", shortFail(vi)), nil
	}
	return nil, Verdict{}, "", fmt.Errorf("%w: no GameType tag, and the moves are legal neither under Italian rules (%s) nor under International rules (%s); this may be another draughts variant (pass --variant to judge it)", ErrVariantUnknown, shortFail(vi), shortFail(vn))
}

// containsFold reports whether s contains the lower-case ASCII word w, ignoring case,
// without allocating.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

// shortFail is a verdict's first failure in a few words.
func shortFail(vd Verdict) string {
	if vd.Ply == 0 {
		return vd.Reason
	}
	return fmt.Sprintf("%s at ply %d, %s", vd.Reason, vd.Ply, vd.Move)
}

// parseFENAnyTurn is ParseFEN that also reads "?" (colour unknown, PDN 3.0 FEN) as the side
// to move, taking White.
func parseFENAnyTurn(v *Variant, fen string) (Position, error) {
	if strings.HasPrefix(fen, "?") {
		fen = "W" + fen[1:]
	}
	return ParseFEN(v, fen)
}

// StartPosition returns the position g starts from in variant v: the FEN tag when present
// (errors wrap ErrBadFEN), else v.Start(). A FEN whose side to move is "?" (unknown, PDN 3.0
// FEN) takes the colour of the piece on the first move's start square.
func StartPosition(g *Game, v *Variant) (Position, error) {
	return startPosition(g, v, g.FENTag())
}

// startPosition is StartPosition with the FEN tag's value given.
func startPosition(g *Game, v *Variant, fen string) (Position, error) {
	fen = strings.TrimSpace(fen)
	if fen == "" {
		return v.Start(), nil
	}
	p, err := parseFENAnyTurn(v, fen)
	if err == nil && strings.HasPrefix(fen, "?") && len(g.Moves) > 0 {
		if pc := p.At(Square(g.Moves[0].From)); pc != Empty {
			p = p.WithTurn(pc.Side())
		}
	}
	return p, err
}

// ParseErrorVerdict is the verdict for a game the PDN reader could not read to its end
// (err from PDNReader.Next): reason parse-error at the ply after the last move read.
func ParseErrorVerdict(g *Game, err error) Verdict {
	if g != nil && g.Fragment {
		vd := fragmentVerdict(g)
		vd.Message += "; it cannot be read either: " + err.Error()
		return vd
	}
	vd := Verdict{Reason: ReasonParseError, Message: err.Error(), Err: err, ResultCheck: ResultUnchecked}
	if g != nil {
		vd.Ply = len(g.Moves) + 1
		vd.Plies = len(g.Moves)
		vd.Result = g.FinalResult()
	}
	return vd
}

// Replay plays every move of g from its start (the FEN tag, or the variant's initial
// position) and judges the score: the first illegal ply with a reason code, the position
// before it and the legal moves there; whether the result agrees with the final position;
// repetitions; for International the FMJD draw rules that applied; for Italian the first ply
// at which a 40-move claim was valid.
//
// Matching: a move written from-to ("22x6") matches the legal move with that start and end;
// written with landing squares ("22x13x6") it must match a legal path exactly. Paths with the
// same start, end and captured pieces are one move. When from-to fits several legal captures
// that remove different pieces, the rest of the game decides: if exactly one reading lets the
// game replay to its end it is taken (with a note); if several do, the verdict is
// ambiguous-capture at that ply.
func Replay(g *Game, opts ReplayOptions) Verdict {
	if g.Fragment {
		return fragmentVerdict(g)
	}
	v, err := tagVariant(g, opts)
	var vd Verdict
	note := ""
	switch {
	case err != nil:
		vd = notJudged(g, ReasonUnsupportedType, unsupportedMessage(err))
		if errors.Is(err, ErrUnsupportedVariant) {
			vd.Reason = ReasonUnsupportedVariant
		}
	case v != nil:
		vd = replayWith(g, v)
	default:
		_, vd, note, err = replayVariant(g)
		if err != nil {
			vd = notJudged(g, ReasonVariantUnknown, err.Error())
		}
	}
	if note != "" {
		vd.Notes = append([]string{note}, vd.Notes...)
	}
	addReaderNotes(g, &vd)
	return vd
}

// fragmentVerdict is the verdict of a fragment (Game.Fragment): not judged as a game,
// its lines named.
func fragmentVerdict(g *Game) Verdict {
	lines := fmt.Sprintf("line %d", g.Line)
	if g.EndLine > g.Line {
		lines = fmt.Sprintf("lines %d-%d", g.Line, g.EndLine)
	}
	return Verdict{Result: g.FinalResult(), Reason: ReasonFragment, ResultCheck: ResultUnchecked,
		Message: fmt.Sprintf("%s: move text without tags after the previous game (%s); not a game, not judged", lines, fragmentText(g))}
}

// fragmentText is the start of a fragment's moves and result, as written.
func fragmentText(g *Game) string {
	var parts []string
	for i, m := range g.Moves {
		if i == 6 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, m.Text)
	}
	if g.Result != "" {
		parts = append(parts, g.Result)
	}
	if len(parts) == 0 {
		return "no move"
	}
	return strings.Join(parts, " ")
}

// notJudged is the verdict of a game whose moves were not replayed.
func notJudged(g *Game, reason, msg string) Verdict {
	return Verdict{Result: g.FinalResult(), Reason: reason, Message: msg, ResultCheck: ResultUnchecked}
}

// addReaderNotes adds the reader's tolerated deviations and a non-standard result as notes.
func addReaderNotes(g *Game, vd *Verdict) {
	for _, w := range g.Warnings {
		vd.Notes = append(vd.Notes, NotationNote+w)
	}
	note := func(what, res string) {
		if t := strings.TrimSpace(res); t != "" && !IsStandardResult(t) && t != "½-½" {
			vd.Notes = append(vd.Notes, fmt.Sprintf("%s%s is %s, not a PDN 3.0 result (1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *); a match score?", NonStandardResultNote, what, t))
		}
	}
	note("the movetext result", g.Result)
	note("the Result tag", g.ResultTag())
	if n := plyCountNote(g); n != "" {
		vd.Notes = append(vd.Notes, n)
	}
}

// plyCountNote checks the PlyCount tag (PDN 3.0 "PDN Tags", since PDN 2.0: "the number of
// ply (moves) in the game") against the plies written: "" when the tag is absent, agrees, or is not a
// number (then a note says so).
func plyCountNote(g *Game) string {
	pc, ok := g.Tag("PlyCount")
	if !ok {
		return ""
	}
	pc = strings.TrimSpace(pc)
	n, err := strconv.Atoi(pc)
	switch {
	case err != nil || n < 0:
		return fmt.Sprintf("%sthe PlyCount tag %q is not a number of plies", PlyCountNote, pc)
	case n != len(g.Moves):
		unit := "plies"
		if len(g.Moves) == 1 {
			unit = "ply"
		}
		return fmt.Sprintf("%sthe PlyCount tag says %d but the movetext has %d %s", PlyCountNote, n, len(g.Moves), unit)
	}
	return ""
}

// replayWith replays g under variant v (the work of Replay once the variant is known).
func replayWith(g *Game, v *Variant) Verdict {
	var vd Verdict
	vd.Result = g.FinalResult()
	vd.Variant = v
	fen := g.FENTag()
	start, err := startPosition(g, v, fen)
	if err != nil {
		vd.Reason = ReasonParseError
		vd.Message = "FEN tag: " + err.Error()
		vd.ResultCheck = ResultUnchecked
		return vd
	}
	if fen != "" {
		if err := start.CheckPossible(); err != nil {
			vd.Reason = ReasonImpossiblePosition
			vd.Message = "FEN tag: " + err.Error() + "; nothing is judged from it"
			vd.ResultCheck = ResultUnchecked
			return vd
		}
	}
	sc := replayScratchPool.Get().(*replayScratch)
	r := replayer{v: v, g: g, budget: lookaheadBudget, hist: sc.hist[:0]}
	r.f.g.buf = sc.buf[:0]
	r.run(start, &vd)
	sc.buf, sc.hist = r.f.g.buf[:0], r.hist[:0]
	replayScratchPool.Put(sc)
	return vd
}

// unsupportedMessage is the message of an unsupported-game-type or unsupported-variant
// verdict: "unsupported game type 21 (English draughts)", "unsupported variant: ...".
func unsupportedMessage(err error) string {
	return err.Error()
}

// lookaheadBudget bounds the plies replayed while resolving ambiguous captures in one game.
const lookaheadBudget = 200000

// replayer holds the state of one replay.
type replayer struct {
	v      *Variant
	g      *Game
	f      fastGen
	budget int
	// onPly, when set, is called after each legal ply with the position after it and
	// whether the ply was a man move or a capture.
	onPly func(ply int, before, after Position, irreversible bool)
	// promoted-in-passing tracking (International): square of a man that passed its far
	// row during a capture but ended elsewhere (0 if none).
	passSq Square
	// hist, when not nil, is the buffer the draw tracker's history starts from (Replay
	// lends one from replayScratchPool); run leaves the grown buffer here.
	hist []histEntry
}

// step matches written move w in position p. It returns the move's internal form or, when
// the written move needs the public API (full path, several fits), the public move; ok false
// when no legal move fits. amb lists the distinct fits when there are several.
type stepResult struct {
	ok      bool
	fast    bool
	im      imove
	mv      Move
	amb     []Move
	nLegal  int
	unknown bool
}

// step matches written move w in position p and writes the answer to *out (a result the
// caller keeps across plies, so that the common ply copies none).
func (r *replayer) step(p *Position, w *PDNMove, out *stepResult) {
	n := r.v.Squares()
	if !w.Algebraic && len(w.Via) == 0 && w.From >= 1 && w.From <= n && w.To >= 1 && w.To <= n {
		cnt, im, nLegal := r.f.fastMatch(p, Square(w.From), Square(w.To))
		if cnt <= 1 {
			*out = stepResult{ok: cnt == 1, fast: cnt == 1, im: im, nLegal: nLegal}
			return
		}
	}
	*out = r.slowStep(p, w)
}

// slowStep is step for a move written with its path, with an unknown square, or fitting
// several captures from-to.
func (r *replayer) slowStep(p *Position, w *PDNMove) stepResult {
	n := r.v.Squares()
	if w.Algebraic || w.From < 1 || w.From > n || w.To < 1 || w.To > n {
		return stepResult{unknown: true}
	}
	for _, s := range w.Via {
		if s < 1 || s > n {
			return stepResult{unknown: true}
		}
	}
	// Slow path: full path written, or several captures fit from-to.
	legal := p.LegalMoves()
	var fits []Move
	for _, m := range legal {
		if m.From != Square(w.From) || m.To != Square(w.To) {
			continue
		}
		if len(w.Via) > 0 && !pathMatches(m, w.Via) {
			continue
		}
		fits = append(fits, m)
	}
	if len(fits) == 0 && len(w.Via) > 0 {
		// The generator keeps one path per captured set; the written path may be another
		// path of the same capture, or name only some of the landing squares (PDN: enough
		// of them to tell the paths apart). Look at every path: the written squares must be
		// an ordered subsequence of its landing squares. Distinct captured sets that fit
		// are an ambiguity, resolved below like a from-to capture.
		for _, m := range p.AllCaptures() {
			if m.From != Square(w.From) || m.To != Square(w.To) || !pathFits(m, w.Via) {
				continue
			}
			for _, l := range legal {
				if l.SameAs(m) {
					dup := false
					for _, f := range fits {
						dup = dup || f.SameAs(l)
					}
					if !dup {
						fits = append(fits, l)
					}
					break
				}
			}
		}
	}
	switch len(fits) {
	case 0:
		return stepResult{nLegal: len(legal)}
	case 1:
		return stepResult{ok: true, mv: fits[0], nLegal: len(legal)}
	}
	return stepResult{ok: true, mv: fits[0], amb: fits, nLegal: len(legal)}
}

// pathFits reports whether the written intermediate squares via appear, in order, among
// the intermediate landing squares of m (m.Path without its last square).
func pathFits(m Move, via []int) bool {
	k := 0
	for _, s := range m.Path[:len(m.Path)-1] {
		if k < len(via) && s == Square(via[k]) {
			k++
		}
	}
	return k == len(via)
}

// pathMatches reports whether via is exactly m's intermediate landing squares.
func pathMatches(m Move, via []int) bool {
	if len(m.Path) != len(via)+1 {
		return false
	}
	for i, s := range via {
		if m.Path[i] != Square(s) {
			return false
		}
	}
	return true
}

// playStep plays the matched move and reports irreversibility.
func playStep(p Position, s *stepResult, m Move) (Position, bool) {
	if s.fast {
		return fastPlay(p, s.im)
	}
	irrev := m.IsCapture() || p.At(m.From).IsMan()
	return p.Play(m), irrev
}

// tryRest replays plies from index i (0-based) in position p without diagnosis and reports
// how many plies replayed legally and whether that reached the end of the game.
func (r *replayer) tryRest(p Position, i int) (int, bool) {
	moves := r.g.Moves
	start := i
	for ; i < len(moves); i++ {
		if r.budget <= 0 {
			return i - start, false
		}
		r.budget--
		var s stepResult
		r.step(&p, &moves[i], &s)
		if !s.ok {
			return i - start, false
		}
		if s.amb != nil {
			best, bestN, okCount := -1, -1, 0
			for k, m := range s.amb {
				n, ok := r.tryRest(p.Play(m), i+1)
				if ok {
					okCount++
					best = k
				} else if okCount == 0 && n > bestN {
					best, bestN = k, n
				}
			}
			if okCount >= 1 {
				return len(moves) - start, true
			}
			p = p.Play(s.amb[best])
			continue
		}
		p, _ = playStep(p, &s, s.mv)
	}
	return i - start, true
}

// run replays the game from start and fills vd.
func (r *replayer) run(start Position, vd *Verdict) {
	moves := r.g.Moves
	p := start
	var tr drawTracker
	tr.hist = r.hist
	defer func() { r.hist = tr.hist }()
	tr.init(r.v, start)
	var s stepResult
	for i := range moves {
		w := &moves[i]
		before := p
		r.step(&p, w, &s)
		if !s.ok {
			r.fail(vd, i, before, w, s)
			tr.finish(vd)
			return
		}
		m := &s.mv // a pointer: a Move is copied only on the slow path
		if s.amb != nil {
			var okIdx []int
			best, bestN := -1, -1
			for k, c := range s.amb {
				n, ok := r.tryRest(p.Play(c), i+1)
				if ok {
					okIdx = append(okIdx, k)
				} else if n > bestN {
					best, bestN = k, n
				}
			}
			alts := make([]string, len(s.amb))
			for k, c := range s.amb {
				alts[k] = c.String() + " (takes " + squaresString(c.Captured) + ")"
			}
			switch {
			case len(okIdx) == 1:
				m = &s.amb[okIdx[0]]
				vd.Notes = append(vd.Notes, fmt.Sprintf("ply %d: %s fits %d captures that take different pieces: %s; only %s lets the rest of the game replay, so it was taken",
					i+1, w.Text, len(s.amb), strings.Join(alts, ", "), m.String()))
			case len(okIdx) > 1:
				for _, k := range okIdx {
					c := s.amb[k]
					after := p.Play(c)
					vd.Readings = append(vd.Readings, CaptureReading{Path: c.String(), Captured: append([]Square(nil), c.Captured...), After: after.FEN()})
				}
				r.failAt(vd, i, before, w, ReasonAmbiguousCapture, "",
					fmt.Sprintf("%s fits %d captures that take different pieces: %s; the rest of the game fits %d of them, so the score does not say which was played (write the full path)",
						w.Text, len(s.amb), strings.Join(alts, ", "), len(okIdx)))
				tr.finish(vd)
				return
			default:
				m = &s.amb[best]
				vd.Notes = append(vd.Notes, fmt.Sprintf("ply %d: %s fits %d captures that take different pieces: %s; no reading lets the rest of the game replay, %s (the one replaying furthest) was taken",
					i+1, w.Text, len(s.amb), strings.Join(alts, ", "), m.String()))
			}
			s.fast = false
		}
		if w.Capture != (s.fast && s.im.capt != 0 || !s.fast && m.IsCapture()) {
			if w.Capture {
				vd.Notes = append(vd.Notes, fmt.Sprintf("ply %d: %s is written as a capture but is an ordinary move", i+1, w.Text))
			} else {
				vd.Notes = append(vd.Notes, fmt.Sprintf("ply %d: %s is written as an ordinary move but is a capture", i+1, w.Text))
			}
		}
		var irrev bool
		if r.v.FlyingKings() {
			r.trackPassing(&p, &s, m)
		}
		if s.fast {
			p, irrev = fastPlay(p, s.im)
		} else {
			p, irrev = playStep(p, &s, *m)
		}
		vd.Plies = i + 1
		tr.ply(i+1, p, irrev)
		if r.onPly != nil {
			r.onPly(i+1, before, p, irrev)
		}
	}
	vd.Legal = true
	vd.FinalFEN = fenString(&p)
	vd.Terminal = !r.f.hasLegalMove(&p)
	r.checkResult(vd, p)
	tr.finish(vd)
}

// trackPassing records (International) a man whose capture passed through its far row
// without ending there: FMJD 4.15 says it stays a man. Scores that then move it as a king
// get reason promotion-passing.
func (r *replayer) trackPassing(p *Position, s *stepResult, m *Move) {
	if r.passSq == 0 && s.fast && s.im.capt&(s.im.capt-1) == 0 {
		return // no marked man, and no capture of two pieces or more that could pass the far row
	}
	from, to := m.From, m.To
	if r.passSq != 0 && (s.fast && s.im.capt&(uint64(1)<<r.v.sqBit[r.passSq]) != 0 || !s.fast && containsSquare(m.Captured, r.passSq)) {
		r.passSq = 0 // the marked man was captured (by any capture, a man's multiple one included)
	}
	var path []Square
	if s.fast {
		from, to = r.v.bitSq[s.im.from], r.v.bitSq[s.im.to]
		if s.im.capt == 0 || s.im.capt&(s.im.capt-1) == 0 || !p.At(from).IsMan() {
			if r.passSq == from {
				r.passSq = to
			} else if r.passSq != 0 && p.At(r.passSq).IsMan() && s.im.capt&(uint64(1)<<r.v.sqBit[r.passSq]) != 0 {
				r.passSq = 0 // the marked man was captured
			}
			return
		}
		// Need the path: the generator's first path of this capture, as LegalMoves gives.
		path = r.f.manCapturePath(p, s.im)
		if path == nil {
			for _, c := range p.LegalMoves() {
				if c.From == from && c.To == to {
					path = c.Path
					break
				}
			}
		}
	} else {
		path = m.Path
	}
	if r.passSq == from {
		r.passSq = to
	}
	pc := p.At(from)
	if !pc.IsMan() || len(path) < 2 {
		return
	}
	farRow := 0
	if pc.Side() == Black {
		farRow = r.v.Size() - 1
	}
	for _, sq := range path[:len(path)-1] {
		if row, _ := r.v.Coords(sq); row == farRow {
			r.passSq = to
			return
		}
	}
}

func containsSquare(sqs []Square, sq Square) bool {
	for _, s := range sqs {
		if s == sq {
			return true
		}
	}
	return false
}

func squaresString(sqs []Square) string {
	var b strings.Builder
	for i, s := range sqs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(s)))
	}
	return b.String()
}

// fail diagnoses why written move w does not fit position p (ply index i).
func (r *replayer) fail(vd *Verdict, i int, p Position, w *PDNMove, s stepResult) {
	reason, detail, msg := r.diagnose(p, w, s)
	r.failAt(vd, i, p, w, reason, detail, msg)
}

func (r *replayer) failAt(vd *Verdict, i int, p Position, w *PDNMove, reason, detail, msg string) {
	vd.Legal = false
	vd.Ply = i + 1
	vd.Plies = i
	vd.Move = w.Text
	vd.Reason = reason
	vd.Detail = detail
	vd.Message = fmt.Sprintf("ply %d (move %d%s) %s: %s", i+1, w.Number, dots(w), w.Text, msg)
	vd.FEN = p.FEN()
	vd.Before, vd.MoveFrom, vd.MoveTo = p, Square(w.From), Square(w.To)
	legal := p.LegalMoves()
	vd.LegalMoves = make([]string, len(legal))
	for k, m := range legal {
		vd.LegalMoves[k] = m.String()
	}
	vd.FinalFEN = vd.FEN
	vd.ResultCheck = ResultUnchecked
}

func dots(w *PDNMove) string {
	if w.Second {
		return "..."
	}
	return "."
}

// resultOutcome normalises a result: 'W' white won, 'B' black won, 'D' draw, 0 unknown.
func resultOutcome(res string) byte {
	switch strings.TrimSpace(res) {
	case "1-0", "2-0":
		return 'W'
	case "0-1", "0-2":
		return 'B'
	case "1/2-1/2", "1-1", "½-½":
		return 'D'
	}
	return 0
}

func (r *replayer) checkResult(vd *Verdict, final Position) {
	g := r.g
	tagRes, textRes := strings.TrimSpace(g.ResultTag()), strings.TrimSpace(g.Result)
	to, oo := resultOutcome(tagRes), resultOutcome(textRes)
	vd.ResultCheck = ResultConsistent
	// Both recorded: they must name the same outcome (or, outside the PDN results, be the
	// same text: a Result tag "2-0 1-1" does not agree with a movetext 2-0).
	known := func(r string) bool { return r != "" && r != "*" }
	if known(tagRes) && known(textRes) && (to != oo || to == 0 && tagRes != textRes) {
		vd.ResultCheck = ResultInconsistent
		vd.Notes = append(vd.Notes, fmt.Sprintf("the Result tag says %s but the movetext ends %s", tagRes, textRes))
	}
	out := resultOutcome(vd.Result)
	if out == 0 {
		if vd.ResultCheck == ResultConsistent {
			vd.ResultCheck = ResultUnknown
		}
		if vd.Terminal {
			if r := strings.TrimSpace(vd.Result); r != "" && r != "*" {
				vd.Notes = append(vd.Notes, fmt.Sprintf("%s has no legal move in the final position and has lost, but the result %s names no winner", final.Turn(), r))
			} else {
				vd.Notes = append(vd.Notes, fmt.Sprintf("%s has no legal move in the final position and has lost, but no result is recorded", final.Turn()))
			}
		}
		return
	}
	if vd.Terminal {
		want := byte('W')
		if final.Turn() == White {
			want = 'B'
		}
		if out != want {
			vd.ResultCheck = ResultInconsistent
			vd.Notes = append(vd.Notes, fmt.Sprintf("%s has no legal move in the final position and has lost, but the result is %s", final.Turn(), vd.Result))
		}
	}
}
