package pairing

// The Baku acceleration, FIDE Handbook C.04.7 (accelerated pairing systems, 2026; it was
// C.04.5.1, https://spp.fide.com/c-04-5-1-baku-acceleration/, before 2026). Before round 1
// the players to be paired, in pairing-number order, are split in two groups: group A
// (GA) is the first half of them rounded up to the nearest even number, group B the rest.
// The text's example: 161 players, half is 80.5, group A has 82 players; the number is
// 2·Q with Q = ⌈n/4⌉, which is also the pairing number of the last player of group A.
// Late entries are put into the pairing list by C.04.2's initial-order rule, and the last
// player of group A stays the same player: group A is then everybody whose pairing number
// is at most his current one (so it may hold an odd number of players). The accelerated
// rounds are the first half of the rounds rounded up; before the first half of those
// (rounded up) every group-A player gets 1 virtual point (a win's worth: 2 draughts game
// points), before the others ½ (a draw's worth: 1 game point); group B and the later
// rounds get none. The virtual points count for the pairing only, never for standings.
//
// bbpPairings v6 (FIDE-endorsed; `applyBakuAcceleration`, used for a TRF whose record
// 192 is FIDE_DUTCH_2025_BAKU and which has no 250 record) makes group A the first ⌈n/2⌉
// players instead: one player fewer than the text when n mod 4 is 1 or 2. arbitro follows
// the text, and the TRF files it writes carry the acceleration as 250 records, which
// bbpPairings applies as written (docs/dutch.md, Acceleration).

// BakuGroupA is the size of the Baku method's group A for n players to be paired in
// round 1 (C.04.7; C.04.5.1 before 2026): the first half rounded up to the nearest even
// number, 2·⌈n/4⌉, never more than n (161 → 82, 10 → 6, 18 → 10, 20 → 10, 3 → 2, 1 → 1). It is
// also the pairing number of the last group-A player in round 1. 0 for n ≤ 0.
func BakuGroupA(n int) int {
	if n <= 0 {
		return 0
	}
	return min(n, 2*((n+3)/4))
}

// BakuLastA is the pairing number of the last group-A player (C.04.7): field is round 1's
// field, the pairing numbers of the players to be paired in round 1 in ascending order,
// and the last group-A player is its BakuGroupA(len(field))-th. Late entries do not move
// him (C.04.7, late entries): group A stays every pairing number up to his. 0 for an
// empty field.
func BakuLastA(field []int) int {
	if k := BakuGroupA(len(field)); k > 0 {
		return field[k-1]
	}
	return 0
}

// BakuRounds are the Baku method's accelerated rounds of a tournament of `rounds` rounds
// (C.04.7): rounds 1..accelerated get virtual points, rounds 1..full of them a win's worth
// and rounds full+1..accelerated a draw's. accelerated = ⌈rounds/2⌉, full =
// ⌈accelerated/2⌉ (9 rounds: 5 and 3, as the text's example; 7: 4 and 2; 11: 6 and 3).
// 0, 0 for rounds ≤ 0.
func BakuRounds(rounds int) (accelerated, full int) {
	if rounds <= 0 {
		return 0, 0
	}
	accelerated = (rounds + 1) / 2
	return accelerated, (accelerated + 1) / 2
}

// BakuPoints is the Baku method's virtual points (C.04.7), in draughts game points (a win
// = 2), of the player with pairing number `number` in round `round` of a tournament of
// `rounds` rounds, where lastA is the current pairing number of the last player of group
// A (BakuGroupA of round 1's field; with late entries, that player's pairing number now):
// 2 in the first half of the accelerated rounds (BakuRounds) and 1 in the others for a
// player numbered 1..lastA, else 0. Invalid arguments give 0.
func BakuPoints(lastA, rounds, round, number int) int {
	if number < 1 || number > lastA || round < 1 {
		return 0
	}
	acc, full := BakuRounds(rounds)
	switch {
	case round <= full:
		return 2
	case round <= acc:
		return 1
	}
	return 0
}

// BakuVirtualPoints is BakuPoints for a field without late entries: the player with
// pairing number `number` (1-based) among n players, in round `round` of `rounds`, group
// A being the first BakuGroupA(n) = 2·⌈n/4⌉ players (C.04.7; C.04.5.1 before 2026: 161
// players, group A 1..82). Draughts game points: 2, 1 or 0. Invalid arguments give 0.
func BakuVirtualPoints(n, rounds, round, number int) int {
	if n <= 0 || number > n {
		return 0
	}
	return BakuPoints(BakuGroupA(n), rounds, round, number)
}
