// Package pairing makes the pairings of a draughts tournament: round-robin by Berger tables
// (FIDE Handbook C.05; FID Capo XIV), the FID Italo-Swiss with continuous rotation
// ("italo-svizzero a rotazione continua", FID Capo V, read as docs/pairing-fid.md)
// and the FIDE Dutch Swiss (Handbook C.04.3).
//
// It is a pure library: a snapshot of the tournament goes in ([]Entrant), the pairings of
// one round come out. No database, no files, no printing. Every random choice (the lot,
// colours drawn by lot) comes from a seeded PRNG whose seed the caller stores, so the same
// snapshot and seed always give the same pairings.
//
// The FIDE Dutch engine (Dutch) pairs bracket by bracket with an exact branch-and-bound
// inside each bracket and Edmonds' blossom matching for the completion criterion; its
// doc comment lists the criteria in the order they are applied.
package pairing

import "errors"

// Sentinel errors of the package. Callers test them with errors.Is; the wrapped message
// names the players or values at fault.
var (
	// ErrBadSnapshot: the []Entrant snapshot (or an argument) is inconsistent: duplicate or
	// zero ids, duplicate pairing numbers, an unknown start player, a bad manual pair.
	ErrBadSnapshot = errors.New("pairing: inconsistent tournament snapshot")
	// ErrNoPairing: no complete pairing of the round exists under the system's absolute
	// rules (nobody meets an opponent twice; nobody rests twice). Exit code 4 in the CLI.
	ErrNoPairing = errors.New("pairing: no valid pairing exists")
)

// Colour is the colour a player had or will have on a board.
type Colour int8

// Colours. NoColour marks a round without a game (a bye, an absence).
const (
	NoColour Colour = iota
	White
	Black
)

// String returns "white", "black" or "-".
func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "-"
}

// Opposite returns the other colour (NoColour stays NoColour).
func (c Colour) Opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// Kind says what a player's round was.
type Kind int8

// Kinds of round for one player.
const (
	Played      Kind = iota // a game was played over the board
	Bye                     // the pairing bye (odd number of players), scored by the tournament's rule
	ForfeitWin              // paired, the opponent did not appear
	ForfeitLoss             // paired, did not appear
	Absent                  // not paired this round (withdrawn, requested absence, late entry)
)

// Float records whether a player was moved out of his score group in a round.
type Float int8

// Floats (FIDE C.04.3 Art. 1.4.2–1.4.3: downfloater / upfloater).
const (
	NoFloat Float = iota
	Down
	Up
)

// Round is one past round of one player, as the pairing systems need it.
type Round struct {
	Number   int    // round number, 1-based
	Opponent int    // opponent's Entrant.ID; 0 for a bye or absence
	Colour   Colour // colour played; NoColour for a bye, absence or forfeit not played
	Kind     Kind
	Points   int      // game points earned in draughts scoring: win 2, draw 1, loss 0
	Float    Float    // float in this round, when the system records it
	Rest     RestKind // for a Bye: the kind of rest (Italo-Swiss FID formats); "" otherwise
}

// Entrant is one player as the pairing systems see him: the snapshot the caller builds.
type Entrant struct {
	ID        int     // stable identifier (the tournament's entry id); never 0
	Number    int     // pairing number from the lot (numero di sorteggio), 1-based
	Rating    int     // rating used for ordering where a system uses it; 0 if none
	Name      string  // for explanations only
	Score     int     // game points so far in draughts scoring (win 2, draw 1, loss 0)
	History   []Round // past rounds in order
	Available bool    // false: withdrawn or absent for the round being paired
	Withdrawn bool    // withdrawn before the round being paired (ItaloFID's withdrawal rest)
}

// Pair is one board of a round. Black == 0 means White has the bye.
type Pair struct {
	Board int // 1-based board number
	White int // Entrant.ID
	Black int // Entrant.ID, or 0 for the bye
}

// IsBye reports whether the pair is a bye.
func (p Pair) IsBye() bool { return p.Black == 0 }
