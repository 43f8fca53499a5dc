package pairing

import "testing"

// BenchmarkTeamSwiss pairs the rounds of a 200-team event of 11 rounds (the sizes of an
// Olympiad), colours type B, every round per iteration.
func BenchmarkTeamSwiss(b *testing.B) {
	for b.Loop() {
		s := newTeamSim(200, 1, 2, 1)
		for r := 1; r <= 11; r++ {
			s.setAvailability()
			res, err := TeamSwiss(s.teams, TeamSwissOptions{Round: r, Rounds: 11, Seed: 1, Colours: TeamColoursB})
			if err != nil {
				b.Fatal(err)
			}
			s.play(r, res)
		}
	}
}
