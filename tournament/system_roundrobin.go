package tournament

import (
	"arbitro/pairing"
)

// RoundRobin is the round robin (girone all'italiana): every player meets every other on
// the Berger tables, once or twice (GamesPerPairing, or rounds covering two cycles).
var RoundRobin = registerSystem(roundRobin{})

type roundRobin struct{}

func (roundRobin) code() string { return "round-robin" }
func (roundRobin) rank() int    { return 1 }
func (roundRobin) nameKeys() (string, string) {
	return "system.round-robin", "site.system.round-robin"
}

// defaultTieBreaks: every player meets the same opponents, so the quoziente separates
// nobody: Sonneborn-Berger, then direct encounter, then number of wins.
func (roundRobin) defaultTieBreaks() []string {
	return []string{"sonneborn-berger", "direct-encounter", "wins"}
}
func (roundRobin) fixedTable() bool    { return true }
func (roundRobin) italoFormat() bool   { return false }
func (roundRobin) dutchSettings() bool { return false }
func (roundRobin) trfEngine() bool     { return false }

// trfType: BERGER_DOUBLEROUNDROBIN when the rounds cover two cycles of the players.
func (r roundRobin) trfType(players, rounds int) (string, string) {
	single := r.fieldRounds(players) // rounds of one cycle
	if single > 0 && rounds >= 2*single {
		return "Individual: Round-Robin", "BERGER_DOUBLEROUNDROBIN"
	}
	return "Individual: Round-Robin", "BERGER_ROUNDROBIN"
}

// fieldRounds: n-1 rounds for an even field, n for an odd one (one bye a round).
func (roundRobin) fieldRounds(players int) int {
	if players%2 == 1 {
		return players
	}
	return players - 1
}

func (roundRobin) manual() error {
	return Errf(ErrInvalid, "err.round.rr_no_manual", "{err}: a round robin follows the Berger table; manual pairs (--set) are not allowed")
}

func (roundRobin) initialColour(int64) pairing.Colour { return pairing.NoColour }

// needs: the players who entered late, which a round robin refuses.
func (roundRobin) needs(*Tournament, int) FactNeeds { return FactNeeds{Late: true} }

// lot: pairing.Lot, or pairing.LotSeparated when the round robin separates clubs (issue 13:
// clubmates meet in the first rounds), with the club meetings it arranged.
func (roundRobin) lot(cur *Tournament, seed int64, ids []int, entries []Entry) (map[int]int, []pairing.ClubMeeting, error) {
	if cur.ClubSeparation != "club" {
		return lotByDraw(seed, ids)
	}
	nums, clubs, err := pairing.LotSeparated(uint64(seed), ids, entryClubs(entries))
	if err != nil {
		return nil, nil, ErrfWrap(ErrInvalid, err, "err.round.invalid_cause", "{err}: {cause}")
	}
	return nums, clubs, nil
}

func (roundRobin) lotNote(*LotResult, *Tournament, int) {}

// plan plans a round-robin round: the Berger table's round, a warning for each entrant who
// cannot play it.
func (roundRobin) plan(p *RoundPlan, s *PairingSnapshot, _ planRequest) ([]Note, error) {
	var err error
	if p.Pairs, p.Explanation.Berger, err = bergerRound(&s.Tournament, s.Entrants, s.Round, s.Late); err != nil {
		return nil, err
	}
	var warnings []Note
	for _, e := range s.Entrants {
		if !e.Available {
			warnings = append(warnings, NewNote(NoteUnavailable, "player", e.Name, "round", s.Round))
		}
	}
	return warnings, nil
}

// check re-pairs the round from the Berger table and lists the differences.
func (roundRobin) check(c *PairingCheck, cur *Tournament, es []pairing.Entrant, f SystemFacts) error {
	var err error
	if c.Engine, _, err = bergerRound(cur, es, c.Round, f.Late); err != nil {
		return err
	}
	c.Diffs = pairing.DiffPairings(c.Engine, c.Checked)
	return nil
}

// RoundRobinRounds is the number of rounds of round robin cur for a field of players (those
// who start): FieldCycles times the Berger tables' rounds (FieldRounds: n-1 for an even
// field, n for an odd one; FIDE C.05 Annex 1) when the rounds come from the field; else
// cur.Rounds, checked: a single (FieldRounds) or double (2 × FieldRounds) round robin, or a
// shorter schedule of a single one with a note (the last table rounds are not played).
// Errors: ErrInvalid for any other number (more than a single cycle and not a double).
func RoundRobinRounds(cur *Tournament, players int) (int, []Note, error) {
	one := RoundRobin.FieldRounds(players)
	if cur.FieldCycles > 0 {
		return cur.FieldCycles * one, nil, nil
	}
	switch {
	case cur.Rounds < one:
		return cur.Rounds, []Note{NewNote(NoteRoundRobinShort, "rounds", cur.Rounds, "players", players, "full", one)}, nil
	case cur.Rounds == one || cur.Rounds == 2*one:
		return cur.Rounds, nil, nil
	}
	return 0, nil, Errf(ErrInvalid, "err.round.rr_rounds_field", "{err}: a round robin of {players} players has {one} rounds ({double} for a double round robin; fewer for a shorter schedule), but the tournament plans {rounds}; set it with 'arbitro tournament set rounds {one}', or let the field decide: 'arbitro tournament set rounds 0'", "players", players, "one", one, "double", 2*one, "rounds", cur.Rounds)
}
