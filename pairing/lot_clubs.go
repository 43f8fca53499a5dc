package pairing

import (
	"fmt"
	"slices"
	"sort"
)

// ClubMeeting says in which rounds of the Berger table the members of one club meet after
// LotSeparated.
type ClubMeeting struct {
	Club    string `json:"club"`
	Members []int  `json:"members"` // entrant ids, by pairing number
	Rounds  []int  `json:"rounds"`  // the round of each game among them, sorted
	Last    int    `json:"last"`    // the last of those rounds
}

// LotSeparated draws the pairing numbers of a round robin of the entrants ids so that
// players of the same club (group: id → club; "" for none) meet in the first rounds of the
// Berger table (BergerRound), the purpose of FID Capo XIV Tabella 10 ("accoppiamento
// giocatori della stessa provincia o sodalizio", 6 to 24 players) and of FIDE's Varma
// tables (C.05 Annex 2). [arbitro] Tabella 10 itself could not be read, so this is
// arbitro's own construction (docs/club-separation.md):
//
//  1. the plain lot (Lot(seed, ids)) orders the players; that order breaks every tie below;
//  2. clubs with two or more players are placed first, largest first (then by name); each
//     gets the set of free numbers whose games among themselves end in the earliest round
//     (then the smallest sum of those rounds, then the lexicographically lowest numbers),
//     found by an exact search; its members take them in lot order;
//  3. the other players take the numbers left, in lot order.
//
// It returns id → number (1..len(ids)) and, per club, the rounds its members meet in.
// Errors: those of Lot.
func LotSeparated(seed uint64, ids []int, group map[int]string) (map[int]int, []ClubMeeting, error) {
	base, err := Lot(seed, ids)
	if err != nil {
		return nil, nil, err
	}
	n := len(ids)
	if n < 2 {
		return base, nil, nil
	}
	meet := bergerMeetings(n)
	order := slices.Clone(ids) // lot order
	sort.Slice(order, func(i, j int) bool { return base[order[i]] < base[order[j]] })
	clubs := map[string][]int{}
	for _, id := range order {
		if c := group[id]; c != "" {
			clubs[c] = append(clubs[c], id)
		}
	}
	var names []string
	for c, m := range clubs {
		if len(m) >= 2 {
			names = append(names, c)
		}
	}
	sort.Slice(names, func(i, j int) bool {
		if len(clubs[names[i]]) != len(clubs[names[j]]) {
			return len(clubs[names[i]]) > len(clubs[names[j]])
		}
		return names[i] < names[j]
	})
	free := make([]bool, n+1)
	for k := 1; k <= n; k++ {
		free[k] = true
	}
	out := map[int]int{}
	var report []ClubMeeting
	for _, c := range names {
		members := clubs[c]
		if len(members) > countFree(free) {
			break
		}
		best, bestLast := bestClique(meet, free, n, len(members))
		if best == nil {
			break
		}
		cm := ClubMeeting{Club: c, Last: bestLast}
		for i, id := range members {
			out[id] = best[i]
			free[best[i]] = false
		}
		sorted := slices.Clone(best)
		slices.Sort(sorted)
		for i := range sorted {
			for j := i + 1; j < len(sorted); j++ {
				cm.Rounds = append(cm.Rounds, meet[sorted[i]][sorted[j]])
			}
		}
		slices.Sort(cm.Rounds)
		byNum := slices.Clone(members)
		sort.Slice(byNum, func(i, j int) bool { return out[byNum[i]] < out[byNum[j]] })
		cm.Members = byNum
		report = append(report, cm)
	}
	k := 1
	for _, id := range order {
		if _, done := out[id]; done {
			continue
		}
		for !free[k] {
			k++
		}
		out[id] = k
		free[k] = false
	}
	if len(out) != n {
		return nil, nil, fmt.Errorf("%w: club lot placed %d of %d players", ErrBadSnapshot, len(out), n)
	}
	return out, report, nil
}

func countFree(free []bool) int {
	c := 0
	for _, f := range free {
		if f {
			c++
		}
	}
	return c
}

// bergerMeetings returns meet[a][b], the round of the Berger table for n players in which
// numbers a and b meet (1-based; n odd: the table for n+1, its phantom left out).
func bergerMeetings(n int) [][]int {
	meet := make([][]int, n+2)
	for i := range meet {
		meet[i] = make([]int, n+2)
	}
	for r := 1; r <= BergerRounds(n); r++ {
		ps, _ := BergerRound(n, r)
		for _, p := range ps {
			if p.Black != 0 {
				meet[p.White][p.Black], meet[p.Black][p.White] = r, r
			}
		}
	}
	return meet
}

// bestClique returns k free numbers whose mutual games in the Berger table (meet) end
// earliest — smallest last round, then smallest sum of rounds, then lowest numbers — and
// that last round; nil if fewer than k numbers are free.
func bestClique(meet [][]int, free []bool, n, k int) ([]int, int) {
	var cand []int
	for x := 1; x <= n; x++ {
		if free[x] {
			cand = append(cand, x)
		}
	}
	if len(cand) < k {
		return nil, 0
	}
	for limit := 1; limit <= BergerRounds(n); limit++ {
		var best []int
		bestSum := 0
		var cur []int
		var dfs func(from, sum int)
		dfs = func(from, sum int) {
			if len(cur) == k {
				if best == nil || sum < bestSum {
					best, bestSum = slices.Clone(cur), sum
				}
				return
			}
			for i := from; i < len(cand); i++ {
				x := cand[i]
				add, ok := 0, true
				for _, y := range cur {
					r := meet[x][y]
					if r == 0 || r > limit {
						ok = false
						break
					}
					add += r
				}
				if ok {
					cur = append(cur, x)
					dfs(i+1, sum+add)
					cur = cur[:len(cur)-1]
				}
			}
		}
		dfs(0, 0)
		if best != nil {
			return best, limit
		}
	}
	return nil, 0
}
