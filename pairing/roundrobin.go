package pairing

import (
	"fmt"
)

// BergerRounds returns the number of rounds of one cycle of a round robin (girone
// all'italiana) for n players: n-1 for even n, n for odd n (everyone rests once).
func BergerRounds(n int) int {
	if n%2 == 1 {
		return n
	}
	return n - 1
}

// BergerRound returns round r (1-based, 1..BergerRounds(n)) of the Berger table for n >= 2
// players, as pairs of PAIRING NUMBERS (not entrant ids), White first, boards in the
// published order (FIDE Handbook C.05 Annex 1; FID Capo XIV Tabella 8 is assumed identical,
// see docs/pairing-fid.md 3.1 and section 7).
//
// Construction (docs/pairing-fid.md 3.1, "board view"): for m players (m even) round 1 is
// 1–m, 2–(m−1), …, m/2–(m/2+1); in every later round each number 1..m−1 moves up by m/2
// (mod m−1, keeping its board and its side) and the pivot m, always on board 1, has Black
// in odd rounds and White in even rounds.
//
// Odd n (docs/pairing-fid.md 3.2): the table for n+1 is used; the player scheduled against
// n+1 rests. His pair is returned LAST with Black == 0 (a bye) and the games keep their
// relative order on boards 1..(n−1)/2.
//
// Errors (ErrBadSnapshot): n < 2 or r out of range.
func BergerRound(n, r int) ([]Pair, error) {
	if n < 2 {
		return nil, fmt.Errorf("%w: a round robin needs at least 2 players, got %d", ErrBadSnapshot, n)
	}
	if r < 1 || r > BergerRounds(n) {
		return nil, fmt.Errorf("%w: round %d out of range 1..%d for %d players", ErrBadSnapshot, r, BergerRounds(n), n)
	}
	m := n + n%2
	shift := (r - 1) * (m / 2)
	move := func(x int) int { return (x-1+shift)%(m-1) + 1 }
	pairs := make([]Pair, 0, m/2)
	var bye *Pair
	for b := 1; b <= m/2; b++ {
		var w, bl int
		if b == 1 {
			x := move(1)
			if r%2 == 1 {
				w, bl = x, m
			} else {
				w, bl = m, x
			}
		} else {
			w, bl = move(b), move(m+1-b)
		}
		if m != n && (w == m || bl == m) {
			rest := w
			if w == m {
				rest = bl
			}
			bye = &Pair{White: rest}
			continue
		}
		pairs = append(pairs, Pair{Board: len(pairs) + 1, White: w, Black: bl})
	}
	if bye != nil {
		bye.Board = len(pairs) + 1
		pairs = append(pairs, *bye)
	}
	return pairs, nil
}

// RoundRobinOptions chooses among the variants of the round robin.
type RoundRobinOptions struct {
	// Cycles is 1 (single round robin) or 2 (double: the table is played twice, in the
	// second cycle the second-named player of each pair has White — docs/pairing-fid.md 3.3, FSI).
	// 0 means 1.
	Cycles int
	// SwapLastTwo, in a double round robin, plays the last two rounds of the first cycle in
	// reverse order, as FIDE C.05 Annex 1 recommends to avoid three games running with the
	// same colour at the junction of the cycles. Off by default: docs/pairing-fid.md 3.3 (FSI)
	// plays the same table twice.
	SwapLastTwo bool
}

// RoundRobinRounds is the total number of rounds of a round robin of n players.
func RoundRobinRounds(n int, opt RoundRobinOptions) int {
	c := max(opt.Cycles, 1)
	return c * BergerRounds(n)
}

// RoundRobin returns round r (1-based, 1..RoundRobinRounds) of a round robin among the
// entrants, whose Number fields must be distinct numbers 1..N (the lot), N the table's size:
// the highest number, at least len(entrants). A number no entrant holds (left empty when a
// player left the field between the lot and round 1 and the arbiter kept the numbers,
// issue 28) is a rest for whoever the table pairs with it, as the n+1 of an odd field
// (docs/pairing-fid.md 3.2). Pairs hold entrant ids, White first; the byes come last with
// Black 0 (the odd field's last), the games keep their relative order on boards 1..k.
// Availability is not looked at: a round robin's rounds are fixed in advance, and the
// tournament records the games of a withdrawn player as forfeits.
//
// Errors (ErrBadSnapshot): numbers not 1..n, fewer than 2 entrants, r out of range,
// Cycles not 0, 1 or 2.
func RoundRobin(entrants []Entrant, r int, opt RoundRobinOptions) ([]Pair, error) {
	n := RoundRobinTable(entrants)
	if opt.Cycles < 0 || opt.Cycles > 2 {
		return nil, fmt.Errorf("%w: %d round-robin cycles (1 or 2 allowed)", ErrBadSnapshot, opt.Cycles)
	}
	byNumber := make([]int, n+1)
	for _, e := range entrants {
		if e.Number < 1 || byNumber[e.Number] != 0 {
			return nil, fmt.Errorf("%w: entrant %d has pairing number %d; a round robin of %d needs the numbers 1..%d once each (draw the lot first)", ErrBadSnapshot, e.ID, e.Number, n, n)
		}
		if e.ID <= 0 {
			return nil, fmt.Errorf("%w: entrant id %d (ids must be positive)", ErrBadSnapshot, e.ID)
		}
		byNumber[e.Number] = e.ID
	}
	if r < 1 || r > RoundRobinRounds(n, opt) {
		return nil, fmt.Errorf("%w: round %d out of range 1..%d", ErrBadSnapshot, r, RoundRobinRounds(n, opt))
	}
	per := BergerRounds(n)
	tr, second := roundRobinTableRound(per, r, opt)
	pairs, err := BergerRound(n, tr)
	if err != nil {
		return nil, err
	}
	out := make([]Pair, 0, len(pairs))
	var byes []Pair
	for _, p := range pairs {
		p.White = byNumber[p.White]
		if p.Black != 0 {
			p.Black = byNumber[p.Black]
		}
		switch {
		case p.White == 0 && p.Black == 0: // an empty number against an empty number
			continue
		case p.White == 0 || p.Black == 0: // a rest: the odd field's, or an empty number's
			byes = append(byes, Pair{White: p.White + p.Black})
			continue
		case second:
			p.White, p.Black = p.Black, p.White
		}
		p.Board = len(out) + 1
		out = append(out, p)
	}
	for _, b := range byes {
		b.Board = len(out) + 1
		out = append(out, b)
	}
	return out, nil
}

// RoundRobinTable is the size of the Berger table the entrants are paired on: the highest
// pairing number, at least the number of entrants (numbers 1..N, some maybe empty).
func RoundRobinTable(entrants []Entrant) int {
	n := len(entrants)
	for _, e := range entrants {
		n = max(n, e.Number)
	}
	return n
}

// roundRobinTableRound maps round r of the event to the table round it plays and whether
// colours are reversed (second cycle). With SwapLastTwo the last two rounds of the first
// cycle are exchanged (FIDE C.05 Annex 1 recommendation for double round robins).
func roundRobinTableRound(per, r int, opt RoundRobinOptions) (tableRound int, reversed bool) {
	if r > per {
		return r - per, true
	}
	if opt.Cycles == 2 && opt.SwapLastTwo && per >= 2 {
		switch r {
		case per - 1:
			return per, false
		case per:
			return per - 1, false
		}
	}
	return r, false
}
