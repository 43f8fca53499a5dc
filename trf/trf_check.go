package trf

import "arbitro/pairing"

// TRFRoundCheck is one round of CheckTRF.
type RoundReport struct {
	Round  int      `json:"round"`
	Boards int      `json:"boards"`          // pairs in the file's round, the bye counted
	Same   bool     `json:"same"`            // the engine pairs the round as the file does, colours included
	Diffs  []string `json:"diffs,omitempty"` // pairing.PairDiff texts, players by starting rank
	// DiffCodes are Diffs as the engine's differences, one for one, worded by reports.
	DiffCodes  []pairing.PairDiff `json:"-"`
	Violations []string           `json:"violations,omitempty"` // absolute criteria the file's round breaks
	// ViolationCodes are Violations as codes (pairing.DutchCheck), worded by reports.
	ViolationCodes []pairing.Violation `json:"-"`
	Error          string              `json:"error,omitempty"` // the engine could not pair the round (no pairing, search limit)
}

// TRFCheck is the report of CheckTRF: every paired round of a TRF.
type CheckReport struct {
	Name      string        `json:"name"`
	Players   int           `json:"players"`
	Rounds    []RoundReport `json:"rounds"`
	Identical int           `json:"identical"` // rounds the engine pairs exactly as the file
}

// CheckTRF is the free pairings checker FIDE asks of a pairing program (C.04.A, endorsement
// of pairing programs): every paired round r of t is re-paired with the Dutch engine from
// the state before it (rounds 1..r-1; the players paired in r are the available ones; the
// file's rounds, initial colour, prohibited pairs and acceleration: TRF.DutchOptions) and
// compared with the file, pairs and colours. seed draws the initial colour when the file
// has none. The engine failing on a round (pairing.ErrNoPairing, pairing.ErrSearchLimit)
// is reported in that round, not as an error; other engine errors are returned.
func Check(t *File, seed uint64) (*CheckReport, error) {
	out := &CheckReport{Name: t.Name, Players: len(t.Players)}
	for r := 1; r <= t.PlayedRounds(); r++ {
		rc, err := checkTRFRound(t, r, seed)
		switch {
		case engineGaveUp(err):
			rc.Error = err.Error()
		case err != nil:
			return nil, err
		}
		if rc.Same {
			out.Identical++
		}
		out.Rounds = append(out.Rounds, rc)
	}
	return out, nil
}
