package tournament

import (
	"arbitro/pairing"
)

// ItaloSwiss is the FID Italo-Swiss (italo-svizzero a rotazione continua), in the format
// of Tournament.ItaloFormat (pairing.ItaloFormat).
var ItaloSwiss = registerSystem(italoSwiss{})

type italoSwiss struct{}

func (italoSwiss) code() string { return "italo-swiss" }
func (italoSwiss) nameKeys() (string, string) {
	return "system.italo-swiss", "site.system.italo-swiss"
}
func (italoSwiss) rank() int                          { return 2 }
func (italoSwiss) defaultTieBreaks() []string         { return swissTieBreaks() }
func (italoSwiss) fixedTable() bool                   { return false }
func (italoSwiss) italoFormat() bool                  { return true }
func (italoSwiss) dutchSettings() bool                { return false }
func (italoSwiss) trfEngine() bool                    { return false }
func (italoSwiss) fieldRounds(int) int                { return 0 }
func (italoSwiss) manual() error                      { return nil }
func (italoSwiss) initialColour(int64) pairing.Colour { return pairing.NoColour }
func (italoSwiss) trfType(int, int) (string, string) {
	return "Individual: Swiss-System (FID Italo-Swiss)", "CUSTOM_SWISS"
}
func (italoSwiss) lot(_ *Tournament, seed int64, ids []int, _ []Entry) (map[int]int, []pairing.ClubMeeting, error) {
	return lotByDraw(seed, ids)
}

// needs: from round 2 the round before's pairs, and with a FID format its rests; with a
// FID format and club separation the entries (their clubs).
func (italoSwiss) needs(t *Tournament, round int) FactNeeds {
	fid := t.ParsedItaloFormat().FID()
	return FactNeeds{Prev: round > 1, PrevRests: round > 1 && fid, Entries: fid && t.ClubSeparation == "club"}
}

// lotNote warns when the planned rounds are outside FID's advice (Capo V Art. 1).
func (italoSwiss) lotNote(res *LotResult, cur *Tournament, players int) {
	if lo, hi := pairing.ItaloRoundsAdvised(players); cur.Rounds < lo || cur.Rounds > hi {
		res.Warnings = append(res.Warnings, NewNote(NoteRoundsAdvised, "rounds", cur.Rounds, "players", players, "lo", lo, "hi", hi))
	}
}

// plan plans an Italo-Swiss round around the arbiter's pairs, with a warning for every
// player who gets the same colour a third time running.
func (italoSwiss) plan(p *RoundPlan, s *PairingSnapshot, r planRequest) ([]Note, error) {
	start, res, err := italoPair(&s.Tournament, s.Entrants, s.Round, r.fixed, s.SystemFacts)
	if err != nil {
		return nil, err
	}
	p.Explanation.Start, p.Explanation.Italo, p.Pairs = start, &res, res.Pairs
	if res.Format.FID() {
		p.Explanation.StartFrom, p.Explanation.StartRest = startFrom(start, s.Prev, s.PrevRests)
	}
	for _, rest := range res.Rests {
		p.Rests[rest.ID] = string(rest.Kind)
	}
	var warnings []Note
	for _, st := range res.Steps {
		for _, id := range st.SameColourThrice {
			warnings = append(warnings, NewNote(NoteSameColourThrice, "player", r.byID[id].Name))
		}
	}
	return warnings, nil
}

// check re-pairs the round with the tournament's format and lists the differences.
func (italoSwiss) check(c *PairingCheck, cur *Tournament, es []pairing.Entrant, f SystemFacts) error {
	_, res, err := italoPair(cur, es, c.Round, nil, f)
	if err != nil {
		return err
	}
	c.Engine = res.Pairs
	c.Diffs = pairing.DiffPairings(c.Engine, c.Checked)
	return nil
}
