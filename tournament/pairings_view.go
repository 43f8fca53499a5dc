package tournament

// PairingsView is a paired round with everything its sheets show (`arbitro pairings`,
// `arbitro pair`, the demo): the round's header, the crosstable, the standings before the
// round, the schedule, the boards with their results and the entries. It is read in one
// transaction, so every figure describes the same state.
type PairingsView struct {
	Tournament *Tournament
	Round      *RoundInfo
	Crosstable *Crosstable
	// Before is the standings after the previous round (ComputeStandings(ct, round-1)):
	// the points before the round in Scoring units, as the sheets print them.
	Before []Standing
	// GamePointsBefore is each entry's score before the round in draughts game points
	// (2-1-0) by entry id, from the same crosstable: snapshot's Score, as the JSON
	// document of `arbitro pairings` gives it whatever the tournament's scoring.
	GamePointsBefore map[int]int
	Schedule         RoundSchedule
	Boards           []*Board
	Entries          []Entry // every entry, in Entries order
	// HallURL is the event's hall address stored with `arbitro hall set --url`
	// (HallSettings.URL), printed with the boards' codes on the sheet; "" none.
	HallURL string
}

// gamePointsBefore sums each player's game points of the rounds before round (the sum
// snapshot gives as Score).
func GamePointsBefore(ct *Crosstable, round int) map[int]int {
	m := make(map[int]int, len(ct.Players))
	for _, p := range ct.Players {
		sum := 0
		for _, r := range p.Results {
			if r.Round < round {
				sum += r.Points
			}
		}
		m[p.ID] = sum
	}
	return m
}
