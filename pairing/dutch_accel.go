package pairing

// BakuVirtualPoints is the Baku acceleration (FIDE C.04.7, accelerated pairing systems,
// the Baku method) for one player, in draughts game points (a win = 2): the players of
// group A, the first half of the field by pairing number (⌈n/2⌉ players), get fictitious
// points added to their score for pairing purposes in the first ⌈rounds/2⌉ rounds: a
// win's worth (2) in the first half of those rounds (rounded up), a draw's worth (1) in
// the others; everybody else, and every later round, 0. number is the player's pairing
// number among n entrants (1-based); round is the round being paired. The group sizes
// and round counts are those of bbpPairings (FIDE-endorsed), which this package follows
// for agreement: group A = ⌈n/2⌉ players; accelerated rounds 1..⌊(rounds−1)/2⌋+1, of
// which 1..⌊⌊(rounds−1)/2⌋/2⌋+1 at a win's worth. Invalid arguments give 0.
func BakuVirtualPoints(n, rounds, round, number int) int {
	if n <= 0 || rounds <= 0 || round < 1 || number < 1 || number > n {
		return 0
	}
	if number-1 > (n-1)/2 {
		return 0
	}
	lastAcc := (rounds - 1) / 2 // 0-based index of the last accelerated round
	lastFull := lastAcc / 2
	switch r := round - 1; {
	case r <= lastFull:
		return 2
	case r <= lastAcc:
		return 1
	}
	return 0
}
