package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"arbitro/rules"
	"arbitro/tournament"
)

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
func (tx *Tx) ImportGames(t *tournament.Tournament, r io.Reader, opts tournament.GameOptions) (*tournament.GameImportReport, error) {
	data, err := tournament.ReadImportFile(r)
	if err != nil {
		return nil, err
	}
	boards, err := tx.Boards(t, 0)
	if err != nil {
		return nil, err
	}
	byRound := map[int][]*tournament.Board{}
	for _, b := range boards {
		byRound[b.Round] = append(byRound[b.Round], b)
	}
	rep := &tournament.GameImportReport{Games: []tournament.ImportedGame{}}
	pr := rules.NewPDNReader(bytes.NewReader(data))
	for {
		g, perr := pr.Next()
		if perr == io.EOF {
			break
		}
		if g == nil {
			return nil, fmt.Errorf("%w: %w", tournament.ErrBadPDN, perr)
		}
		if perr == nil && len(g.Tags) == 0 && len(g.Moves) == 0 {
			continue // only comments
		}
		rep.Read++
		ig := tournament.ImportedGame{Index: g.Index, Line: g.Line, White: g.White(), Black: g.Black(), Round: tournament.GameRound(g), Score: g}
		if err := tx.importGame(t, g, perr, &ig, byRound, opts); err != nil {
			return nil, err
		}
		rep.Add(ig)
	}
	if rep.Read == 0 {
		return nil, fmt.Errorf("%w: no game found in the file", tournament.ErrBadPDN)
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

// importGame attaches one game read from the file (perr: the reader's error for it) to
// its board, setting ig's status and reason. Its error is a database error: the import
// stops and nothing is stored.
func (tx *Tx) importGame(t *tournament.Tournament, g *rules.Game, perr error, ig *tournament.ImportedGame, byRound map[int][]*tournament.Board, opts tournament.GameOptions) error {
	set := func(status, why string) error {
		ig.Status, ig.Why = status, why
		return nil
	}
	if perr != nil {
		ig.Unreadable = perr
		return set(tournament.ImportRejected, "unreadable: "+perr.Error())
	}
	if err := tournament.CheckTags(g); err != nil {
		// Never echo a hostile tag: the report shows it quoted, escapes visible.
		ig.White, ig.Black = tournament.QuoteShort(ig.White), tournament.QuoteShort(ig.Black)
		ig.WhyErrs = []error{err}
		return set(tournament.ImportRejected, err.Error())
	}
	if ig.Round == 0 {
		ig.Round = opts.Round
	}
	if ig.Round == 0 {
		return set(tournament.ImportUnmatched, "no round in the Round, Event or Dati tags (give it with --round)")
	}
	cands := byRound[ig.Round]
	if cands == nil {
		return set(tournament.ImportUnmatched, fmt.Sprintf("round %d is not paired", ig.Round))
	}
	b, why := tournament.MatchBoard(g, cands)
	if b == nil {
		return set(tournament.ImportUnmatched, why)
	}
	ig.Board, ig.Game = b.Board, b.Game
	var buf bytes.Buffer
	if err := rules.WritePDN(&buf, g); err != nil {
		return set(tournament.ImportRejected, err.Error())
	}
	rec, err := tx.addGame(t, b, g, buf.String(), tournament.GameOptions{Force: opts.Force}, "import")
	switch {
	case err != nil && errors.Is(err, tournament.ErrGameExists) && strings.Contains(err.Error(), "already stored"):
		return set(tournament.ImportAlready, "")
	case err != nil && (errors.Is(err, tournament.ErrGameExists) || errors.Is(err, tournament.ErrMismatch) || errors.Is(err, tournament.ErrInvalid)):
		ig.WhyErrs = []error{err}
		return set(tournament.ImportRejected, err.Error())
	case err != nil:
		return err
	}
	vd := rec.Verdict
	ig.Legal, ig.Verdict = vd.Legal, &vd
	if len(rec.Problems) > 0 {
		ig.Why, ig.WhyErrs = strings.Join(rec.Problems, "; "), rec.ProblemErrs
	}
	return set(tournament.ImportStored, ig.Why)
}
