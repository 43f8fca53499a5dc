package pairing

import (
	"fmt"
	"slices"
	"testing"
)

// The team Swiss against pairing.Dutch where the rules agree. What is compared:
//
//   - TeamColoursDutch (the individual rules on the team colours, nothing adapted) with
//     Dutch on entrants built here independently (score = match points, each round's
//     points its match points, the team colour as the player's colour): the same boards
//     with the same colours, the same bye and floats, over whole random events;
//   - TeamColoursNone with Dutch on the same entrants without colours: the same pairs on
//     the same boards, bye and floats (the two fictitious rounds, the moved round numbers
//     and the scores of absences with points change nothing but colours);
//   - TeamColoursB in rounds 1 and 2, where C.04.6 and C.04.3 agree on the pairs and
//     the colours (one played match: C.04.3's strong preference is C.04.6's mild one,
//     and C12 decides alone), with equal secondary scores: the same boards and colours.

// dutchEntrants is the reduction of teams to players, written independently of the
// adapter: match points as the score and the round points.
func dutchEntrants(teams []Team, colours bool) []Entrant {
	var out []Entrant
	for _, t := range teams {
		e := Entrant{ID: t.ID, Number: t.Number, Name: t.Name, Score: t.MatchPoints, Available: t.Available}
		for _, r := range t.History {
			c := r.Colour
			if !colours {
				c = NoColour
			}
			e.History = append(e.History, Round{Number: r.Number, Opponent: r.Opponent, Colour: c, Kind: r.Kind, Points: r.MatchPoints, Float: r.Float})
		}
		out = append(out, e)
	}
	return out
}

func unordered(ps []Pair) [][2]int {
	var out [][2]int
	for _, p := range ps {
		if p.IsBye() {
			continue
		}
		out = append(out, [2]int{min(p.White, p.Black), max(p.White, p.Black)})
	}
	return out
}

func TestTeamSwissReducesToDutch(t *testing.T) {
	compared := 0
	for _, n := range []int{7, 10, 12, 15, 24} {
		for seed := uint64(1); seed <= 8; seed++ {
			for _, rule := range []TeamColourRule{TeamColoursDutch, TeamColoursNone} {
				name := fmt.Sprintf("n%d/seed%d/rule%d", n, seed, rule)
				s := newTeamSim(n, seed, 10, 5)
				for r := 1; r <= 7; r++ {
					s.setAvailability()
					opt := TeamSwissOptions{Round: r, Rounds: 7, Seed: seed, Colours: rule}
					res, err := TeamSwiss(s.teams, opt)
					want, werr := Dutch(dutchEntrants(s.teams, rule == TeamColoursDutch), DutchOptions{Round: r, TotalRounds: 7, Seed: seed})
					if (err == nil) != (werr == nil) {
						t.Fatalf("%s round %d: team Swiss %v, Dutch %v", name, r, err, werr)
					}
					if err != nil {
						break
					}
					if rule == TeamColoursDutch {
						var got []Pair
						got = append(got, res.Pairs...)
						if res.Bye != 0 {
							got = append(got, Pair{Board: len(got) + 1, White: res.Bye})
						}
						if !slices.Equal(got, want.Pairs) {
							t.Fatalf("%s round %d: team Swiss %v, Dutch %v", name, r, got, want.Pairs)
						}
					} else if !slices.Equal(unordered(res.Pairs), unordered(want.Pairs)) || res.Bye != dutchByeOf(want.Pairs) {
						t.Fatalf("%s round %d: team Swiss %v bye %d, Dutch %v", name, r, res.Pairs, res.Bye, want.Pairs)
					}
					if fmt.Sprint(res.Floats) != fmt.Sprint(want.Floats) {
						t.Fatalf("%s round %d: floats %v, Dutch %v", name, r, res.Floats, want.Floats)
					}
					compared++
					s.play(r, res)
				}
			}
		}
	}
	if compared < 400 {
		t.Fatalf("only %d rounds compared", compared)
	}
}

func TestTeamSwissTypeBAgreesWithDutchInRoundsOneAndTwo(t *testing.T) {
	for n := 4; n <= 21; n++ {
		for seed := uint64(1); seed <= 6; seed++ {
			s := newTeamSim(n, seed, 0, 6)
			for r := 1; r <= 2; r++ {
				for i := range s.teams {
					s.teams[i].GamePoints = 0 // equal secondary scores: the first team is the higher ranked
				}
				opt := TeamSwissOptions{Round: r, Rounds: 7, Seed: seed, Colours: TeamColoursB}
				res, err := TeamSwiss(s.teams, opt)
				if err != nil {
					t.Fatal(err)
				}
				want, err := Dutch(dutchEntrants(s.teams, true), DutchOptions{Round: r, TotalRounds: 7, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				got := slices.Clone(res.Pairs)
				if res.Bye != 0 {
					got = append(got, Pair{Board: len(got) + 1, White: res.Bye})
				}
				if !slices.Equal(got, want.Pairs) {
					t.Fatalf("n%d seed%d round %d: type B %v, Dutch %v", n, seed, r, got, want.Pairs)
				}
				s.play(r, res)
			}
		}
	}
}
