package tournament

import (
	"fmt"
	"strconv"
	"strings"

	"arbitro/pairing"
)

// Dutch settings of a tournament (issue 19): prohibited pairs (TRF-2026 record 260) and
// the acceleration (FIDE C.04.7), stored in forbidden_pairs and dutch_settings.

// AccelerationBaku is the Baku method of FIDE C.04.7 (pairing.BakuVirtualPoints).
const AccelerationBaku = "baku"

// ForbiddenPair is a stored prohibited pair, by pairing number.
type ForbiddenPair struct {
	A          int `json:"a"`
	B          int `json:"b"`
	FirstRound int `json:"first_round"`
	LastRound  int `json:"last_round"` // 0: to the end
}

// ParseForbiddenPair reads "A-B" (pairing numbers). Errors wrap ErrMalformed.
func ParseForbiddenPair(s string) (ForbiddenPair, error) {
	a, b, ok := strings.Cut(strings.ReplaceAll(s, " ", ""), "-")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || x < 1 || y < 1 || x == y {
		return ForbiddenPair{}, fmt.Errorf("%w: forbidden pair %q (write two different pairing numbers, e.g. 12-7)", ErrMalformed, s)
	}
	return ForbiddenPair{A: min(x, y), B: max(x, y), FirstRound: 1}, nil
}

// dutchAcceleration is the acceleration of a Dutch tournament's rounds: the stored method
// (dutch_settings: "" or AccelerationBaku) and, for a tournament imported from a TRF, the
// fictitious points of the file's 250 records and XXA lines (kept in trf_records), by
// pairing number (an import makes the starting rank the pairing number).
type DutchAcceleration struct {
	Method  string
	Records func(num, r int) int // draughts game points; nil: none
	LastA   int                  // Baku: pairing number of the last player of group A (bakuLastA); 0 none
}

// dutchOptions are the options of pairing.Dutch for round r of t: rounds, the stored
// seed (round 1's colour), the prohibited pairs of r (forbidden, entry ids), the
// acceleration acc (Baku: group A is every entrant of es, the tournament's entrants,
// numbered up to the last group-A player's current pairing number, bakuLastA; an
// imported file's 250/XXA points by pairing number).
func DutchOptions(t *Tournament, r int, es []pairing.Entrant, forbidden [][2]int, acc DutchAcceleration) pairing.DutchOptions {
	opt := pairing.DutchOptions{Round: r, TotalRounds: t.Rounds, Seed: uint64(t.Seed), Forbidden: forbidden}
	if acc.Method != AccelerationBaku && acc.Records == nil {
		return opt
	}
	num := map[int]int{}
	for _, e := range es {
		num[e.ID] = e.Number
	}
	lastA, rounds := acc.LastA, t.Rounds
	if lastA == 0 {
		lastA = pairing.BakuGroupA(len(es))
	}
	opt.Acceleration = func(id, round int) int {
		gp := 0
		if acc.Method == AccelerationBaku {
			gp += pairing.BakuPoints(lastA, rounds, round, num[id])
		}
		if acc.Records != nil {
			gp += acc.Records(num[id], round)
		}
		return gp
	}
	return opt
}
