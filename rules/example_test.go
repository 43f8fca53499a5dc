package rules_test

import (
	"fmt"

	"arbitro/rules"
)

func ExamplePerft() {
	fmt.Println(rules.Perft(rules.Italian.Start(), 5), rules.Perft(rules.International.Start(), 4))
	// Output: 7361 4265
}

func ExamplePosition_LegalMoves() {
	// FID RegTec rule 4: the king must take the sequence meeting a king first.
	p, err := rules.ParseFEN(rules.Italian, "W:WK30:B10,12,18,K20,K26,27")
	if err != nil {
		panic(err)
	}
	for _, m := range p.LegalMoves() {
		fmt.Println(m, m.ShortString(), m.Captured)
	}
	// Output: 30x21x14x5 30x5 [26 18 10]
}

func ExampleVariant_ComparePriority() {
	p, _ := rules.ParseFEN(rules.Italian, "W:W30,K32:B26,28")
	var byMan, byKing rules.Move
	for _, m := range p.AllCaptures() {
		if p.At(m.From).IsKing() {
			byKing = m
		} else {
			byMan = m
		}
	}
	cmp, rule := rules.Italian.ComparePriority(p.CaptureRank(byKing), p.CaptureRank(byMan))
	fmt.Println(byKing, "beats", byMan, cmp, rule, rule.Number())
	// Output: 32x23 beats 30x21 1 king-captures 2
}
