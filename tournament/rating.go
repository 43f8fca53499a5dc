package tournament

import (
	"arbitro/rules"
	"bufio"
	"errors"
	"io"
	"sort"
	"strconv"
	"strings"
)

// The Elo-Rubele report (FID Regolamento tecnico, Capo VI) for the federation's rating
// officer. What arbitro could source, and so computes:
//   - Art. 7: the points obtained by forfeit, by the rest (turno di riposo) and because the
//     opponent withdrew are not counted: only games played over the board count
//     (docs/elo-rubele.md on the reading of "because the opponent withdrew");
//   - Tabella 17 as amended by the FID Commissione Tecnica in 2021 (federdama.org, comunicati
//     2021, "Modifiche al Regolamento Tecnico"): CF = CI + V + Q, where Q, the anti-deflation
//     term, is 10 for an event of Italian draughts and 15 for International draughts;
//   - Art. 6: the capital never goes below 500 and is rounded on the final capital.
// What it could NOT source (RatingGaps names each with its article and annex, and
// RatingSources where it was looked for): the Gauss conversion table of Art. 4 (the
// expected score), the formulas of Tabella 17 for the variation V (Art. 9-10, with the
// coefficient S and its thresholds) and the starting capitals of Tabelle 11-12 (Art. 9).
// The expected score is computed only from a conversion table the officer supplies
// (ParseExpectedTable); V and CF are not computed.

// RatingQ returns the per-event term Q of the 2021 amendment: 10 Italian, 15 International.
func RatingQ(variant *rules.Variant) int {
	if variant == VariantInternational {
		return 15
	}
	return 10
}

// RatingMinimum is the floor of the capital (Capo VI Art. 6).
const RatingMinimum = 500

// ExpectedTable converts a capital difference into the expected score of one game (a
// fraction 0..1 of a win): rows sorted by difference; a difference d >= 0 takes the row with
// the largest Diff <= d, a negative one 1 − that of −d.
type ExpectedTable []ExpectedRow

// ExpectedRow is one line of the conversion table.
type ExpectedRow struct {
	Diff     int     `json:"diff"`
	Expected float64 `json:"expected"`
}

// ErrExpectedTable: the conversion table given cannot be read.
var ErrExpectedTable = errors.New("expected-score table")

// ParseExpectedTable reads a conversion table as CSV lines "difference,expected" (comma or
// semicolon; a header line is skipped; expected as 0.64 or 64%): the FID's Tabella, typed in
// by the officer. Errors: ErrExpectedTable naming the line.
func ParseExpectedTable(r io.Reader) (ExpectedTable, error) {
	sc := bufio.NewScanner(r)
	var out ExpectedTable
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		sep := ","
		if strings.Contains(text, ";") {
			sep = ";" // then a decimal comma is allowed
		}
		rec := strings.SplitN(text, sep, 3)
		if len(rec) < 2 {
			return nil, Errf(ErrExpectedTable, "err.expected_table.short_line", "{err}: line {line}: want difference,expected", "line", line)
		}
		d, err1 := strconv.Atoi(strings.TrimSpace(rec[0]))
		es := strings.TrimSpace(strings.ReplaceAll(rec[1], ",", "."))
		pct := strings.HasSuffix(es, "%")
		e, err2 := strconv.ParseFloat(strings.TrimSuffix(es, "%"), 64)
		if pct {
			e /= 100
		}
		if err1 != nil || err2 != nil {
			if line == 1 {
				continue // header
			}
			return nil, Errf(ErrExpectedTable, "err.expected_table.bad_line", "{err}: line {line}: {text} is not difference,expected", "line", line, "text", strconv.Quote(strings.Join(rec, ",")))
		}
		if d < 0 || e < 0 || e > 1 {
			return nil, Errf(ErrExpectedTable, "err.expected_table.range", "{err}: line {line}: difference must be >= 0 and expected between 0 and 1", "line", line)
		}
		out = append(out, ExpectedRow{d, e})
	}
	if err := sc.Err(); err != nil {
		return nil, Errf(ErrExpectedTable, "err.expected_table.read", "{err}: {cause}", "cause", err.Error())
	}
	if len(out) == 0 {
		return nil, Errf(ErrExpectedTable, "err.expected_table.no_rows", "{err}: no rows")
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Diff < out[j].Diff })
	return out, nil
}

// Expected returns the expected score of one game for a capital difference d (own − opponent).
func (t ExpectedTable) Expected(d int) float64 {
	if d < 0 {
		return 1 - t.Expected(-d)
	}
	e := 0.5
	for _, r := range t {
		if r.Diff > d {
			break
		}
		e = r.Expected
	}
	return e
}

// RatingGame is one game of a player as the report sees it.
type RatingGame struct {
	Round    int     `json:"round"`
	Opponent int     `json:"opponent,omitempty"` // entry id
	OppName  string  `json:"opponent_name,omitempty"`
	Capital  int     `json:"opponent_capital,omitempty"`
	Points   int     `json:"points"`             // game points 2-1-0
	Counted  bool    `json:"counted"`            // counts for the variation (Art. 7)
	Reason   string  `json:"reason,omitempty"`   // why not
	Expected float64 `json:"expected,omitempty"` // with a conversion table, of a win (0..1)
}

// RatingRow is one player of the report.
type RatingRow struct {
	Entry    int          `json:"entry"`
	Number   int          `json:"number"`
	Name     string       `json:"name"`
	FIDID    string       `json:"fid_id,omitempty"`
	Capital  int          `json:"capital"`       // CI: the rating of the event (0: none)
	Games    int          `json:"games_counted"` // games counted (Art. 7)
	Points   int          `json:"points"`        // game points in them, 2-1-0
	Score    float64      `json:"score"`         // the same in games (win 1, draw ½)
	OppAvg   float64      `json:"opponents_average,omitempty"`
	Expected *float64     `json:"expected,omitempty"` // sum of the expected scores (games), with a table
	Detail   []RatingGame `json:"games"`
}

// RatingReport is the Elo-Rubele report of one event.
type RatingReport struct {
	Tournament string         `json:"tournament"`
	Variant    string         `json:"variant"`
	Q          int            `json:"q"`
	Minimum    int            `json:"minimum"`
	Table      bool           `json:"expected_from_table"`
	Rows       []RatingRow    `json:"players"`
	Missing    []RatingGap    `json:"not_computed"` // RatingGaps
	LookedIn   []RatingSource `json:"looked_in"`    // RatingSources
	Event      EventInfo      `json:"-"`
}

// ratingRow is the row of player p (FID id fid) of the rating report: each game in round
// order with whether it counts (ratingGame), the points, the opponents' average capital
// and, with a table and a capital of p's own, the expected score.
func RatingRowOf(p CrossEntry, fid string, byID map[int]*CrossEntry, table ExpectedTable) RatingRow {
	row := RatingRow{Entry: p.ID, Number: p.Number, Name: p.Name, FIDID: fid, Capital: p.Rating, Detail: []RatingGame{}}
	res := append([]CrossResult(nil), p.Results...)
	sort.Slice(res, func(i, j int) bool {
		if res[i].Round != res[j].Round {
			return res[i].Round < res[j].Round
		}
		return res[i].Game < res[j].Game
	})
	oppSum, exp := 0, 0.0
	for _, r := range res {
		g := ratingGame(r, byID)
		if g.Counted {
			row.Games++
			row.Points += r.Points
			oppSum += g.Capital
			if table != nil && p.Rating > 0 {
				g.Expected = table.Expected(p.Rating - g.Capital)
				exp += g.Expected
			}
		}
		row.Detail = append(row.Detail, g)
	}
	row.Score = float64(row.Points) / 2
	if row.Games > 0 {
		row.OppAvg = float64(oppSum) / float64(row.Games)
		if table != nil && p.Rating > 0 {
			e := exp
			row.Expected = &e
		}
	}
	return row
}

// The reasons a game is left out of the Elo-Rubele report (RatingGame.Reason, as the JSON
// document writes them; package reports words them in the report's language).
const (
	RatingReasonRest      = "rest (Art. 7)"              // a rest (riposo), Capo VI Art. 7
	RatingReasonForfeit   = "forfeit (Art. 7)"           // won or lost by forfeit, Art. 7
	RatingReasonPending   = "no result yet"              // the result is not entered
	RatingReasonUnplayed  = "not played"                 // paired but not played (a withdrawn opponent's)
	RatingReasonNoCapital = "opponent without a capital" // the opponent has no Elo-Rubele capital
)

// ratingGame is one result of a player in the rating report: counted when played against
// an opponent with a capital; otherwise the reason it is left out (a rest or a forfeit,
// Art. 7; no result yet; not played).
func ratingGame(r CrossResult, byID map[int]*CrossEntry) RatingGame {
	g := RatingGame{Round: r.Round, Opponent: r.Opponent, Points: r.Points}
	if o := byID[r.Opponent]; o != nil {
		g.OppName, g.Capital = o.Name, o.Rating
	}
	switch r.Kind {
	case CrossPlayed:
		g.Counted = true
	case CrossBye:
		g.Reason = RatingReasonRest
	case CrossForfeitWin, CrossForfeitLoss:
		g.Reason = RatingReasonForfeit
	case CrossPending:
		g.Reason = RatingReasonPending
	default:
		g.Reason = RatingReasonUnplayed
	}
	if g.Counted && g.Capital == 0 {
		g.Counted, g.Reason = false, RatingReasonNoCapital
	}
	return g
}

// RatingGap is one part of the Elo-Rubele calculation arbitro does not do because the FID
// text that defines it was not found (docs/elo-rubele.md): What is a RatingGap* code,
// Article the article of Capo VI that calls for it ("9-10"), Tables the annexes of Capo
// XIV (Tabelle, by number) that hold it, as listed in the FID's index of Capo XIV and
// the 2021 amendment of Tabella 17. Package reports words it in the report's language.
type RatingGap struct {
	What    string `json:"what"`
	Article string `json:"article"`
	Tables  []int  `json:"tables"`
}

// The parts of the calculation not done (RatingGap.What).
const (
	// RatingGapExpected: the expected score. Art. 4: the Gauss function "esposta
	// nell'annessa tabella di conversione" (a normal table; its spread, the capital
	// difference for a given expected score, is not stated, so Elo's or FIDE's table is not
	// assumed: docs/elo-rubele.md); the index of Capo XIV lists Tabella 13 ("Fac-simile
	// tabellone dama italiana con punteggi attesi", Art. 10) and Tabella 14 ("Spiegazioni
	// del calcolo del punteggio Elo-Rubele"). Not a gap when the officer gives the table
	// (--expected-table).
	RatingGapExpected = "expected-score"
	// RatingGapVariation: V, Art. 9-10; its formulas, with the coefficient S and the
	// thresholds where S changes, are in Tabella 17 (2021 amendment: "nel dettaglio delle
	// formule per il calcolo della modifica del capitale punti", page 153); Tabelle 13-16
	// are worked examples.
	RatingGapVariation = "variation"
	// RatingGapFinal: CF = CI + V + Q (Tabella 17 as amended in 2021), floor and rounding
	// of Art. 6: known, not computable without V.
	RatingGapFinal = "final-capital"
	// RatingGapStart: the starting capital of a player without one, Art. 9, Tabelle 11
	// (International draughts) and 12 (Italian draughts), "Soglie di promozioni e punteggi
	// iniziali". A gap only when some player of the report has no capital.
	RatingGapStart = "starting-capital"
)

// RatingGaps returns what the report of rows does not compute, in this order: the expected
// score (unless a conversion table was given: table), V, CF, and the starting capital when
// a player of rows has no capital (Capital 0).
func RatingGaps(rows []RatingRow, table bool) []RatingGap {
	var out []RatingGap
	if !table {
		out = append(out, RatingGap{What: RatingGapExpected, Article: "4", Tables: []int{13, 14}})
	}
	out = append(out, RatingGap{What: RatingGapVariation, Article: "9-10", Tables: []int{17}},
		RatingGap{What: RatingGapFinal, Article: "6", Tables: []int{17}})
	for _, r := range rows {
		if r.Capital == 0 {
			return append(out, RatingGap{What: RatingGapStart, Article: "9", Tables: []int{11, 12}})
		}
	}
	return out
}

// RatingSource is one place where the FID's Elo-Rubele texts were looked for: Where, its
// address, and Found, a RatingFound* code for what it gave. docs/elo-rubele.md lists these
// and the other places searched.
type RatingSource struct {
	Where string `json:"where"`
	Found string `json:"found"`
}

// What a place looked in gave (RatingSource.Found).
const (
	RatingFoundCapoVI    = "capo-vi-art-1-7" // Capo VI Art. 1-7, no annex
	RatingFoundOldCapoVI = "old-capo-vi"     // an older Capo VI, its first articles only
	RatingFoundAmendment = "amendment-2021"  // CF = CI + V + Q and Q; the formulas not quoted
	RatingFoundIndex     = "capo-xiv-index"  // the titles of Tabelle 1-14, not the tables
	RatingFoundNoProgram = "no-program"      // no program computing the capital
)

// RatingSources returns the places where the conversion table, the formulas of V and the
// starting capitals were looked for, each with what it gave (docs/elo-rubele.md, "Where
// the tables were looked for").
func RatingSources() []RatingSource {
	return []RatingSource{
		{Where: "doczz.it/doc/565333", Found: RatingFoundCapoVI},
		{Where: "www.fid.it/regolamenti/capo6.htm", Found: RatingFoundOldCapoVI},
		{Where: "www.federdama.org/cms/index.php/atti-federali1/comunicati-e-circolari/comunicati-2021/2497-ctf", Found: RatingFoundAmendment},
		{Where: "docplayer.it/152833157-elenco-capo-xiv-allegati-e-tabelle.html", Found: RatingFoundIndex},
		{Where: "github.com", Found: RatingFoundNoProgram},
	}
}
