package main

import (
	"fmt"
	"io"
	"strings"

	"arbitro/tournament"
)

// writeLotClubs prints, after a round robin's restricted lot, the numbers of each club and
// the rounds in which they meet (docs/club-separation.md).
func writeLotClubs(w io.Writer, res *tournament.LotResult) {
	if len(res.Clubs) == 0 {
		return
	}
	num := map[int]int{}
	for _, n := range res.Numbers {
		num[int(n.Entry)] = n.Number
	}
	fmt.Fprintln(w, "clubs separated: clubmates meet in the first rounds the Berger table allows")
	for _, c := range res.Clubs {
		var ns, rs []string
		for _, id := range c.Members {
			ns = append(ns, fmt.Sprint(num[id]))
		}
		for _, r := range c.Rounds {
			rs = append(rs, fmt.Sprint(r))
		}
		fmt.Fprintf(w, "  %s: numbers %s meet in rounds %s\n", c.Club, strings.Join(ns, ", "), strings.Join(rs, ", "))
	}
}
