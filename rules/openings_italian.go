package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// ItalianOpening is one opening of the FID ballot for Italian draughts (sorteggio delle
// aperture, FID Regolamento tecnico Capo IV, table annexed as Capo XIV Tabella 4): the first
// three plies every game of a round must begin with (White, Black, White), in FID square
// numbers, a capture written from-to like a move.
type ItalianOpening struct {
	Number int    // the opening's number in the table, 1-174
	Moves  string // e.g. "21-17 10-14 26-21"
}

// ItalianOpenings returns the FID three-move opening table for Italian draughts, by number.
//
// Source: we could not read Capo IV or Tabella 4 in a FID publication. The table is the one
// the LiFiDama fork of lidraughts (berengan/lidraughts,
// modules/draughts/src/main/ItalianOpeningTable.scala, "FID Italian draughts three-move
// opening tables", linking federdama.org's Regolamento tecnico) gives with the official FID
// numbers 1-174; the numbers and moves are facts of that table, written here in our own
// form. Consistent with the FID elementary course (fid.it/corsi/italiana/aperture): 7 first
// moves for White, and 21-18 9-13 and 22-18 9-13 (which lose a man at once) excluded. Every
// opening is checked to be legal from the start position (rules tests).
func ItalianOpenings() []ItalianOpening {
	out := make([]ItalianOpening, len(italianOpeningMoves))
	for i, m := range italianOpeningMoves {
		out[i] = ItalianOpening{Number: i + 1, Moves: m}
	}
	return out
}

// ItalianOpeningByNumber returns opening n of ItalianOpenings; ok is false when there is none.
func ItalianOpeningByNumber(n int) (ItalianOpening, bool) {
	if n < 1 || n > len(italianOpeningMoves) {
		return ItalianOpening{}, false
	}
	return ItalianOpening{Number: n, Moves: italianOpeningMoves[n-1]}, true
}

// Plies returns the opening's plies as (from, to) square pairs.
func (o ItalianOpening) Plies() [][2]int {
	var out [][2]int
	for _, tok := range strings.Fields(o.Moves) {
		a, b, _ := strings.Cut(tok, "-")
		f, _ := strconv.Atoi(a)
		t, _ := strconv.Atoi(b)
		out = append(out, [2]int{f, t})
	}
	return out
}

// Position plays the opening from the Italian start position and returns the position
// reached (Black to move). Errors: a ply that is not a legal move (a broken table).
func (o ItalianOpening) Position() (Position, error) {
	p := Italian.Start()
	for i, pl := range o.Plies() {
		var found *Move
		for _, m := range p.LegalMoves() {
			if int(m.From) == pl[0] && int(m.To) == pl[1] {
				found = &m
				break
			}
		}
		if found == nil {
			return p, fmt.Errorf("rules: FID opening %d: ply %d (%d-%d) is not a legal move", o.Number, i+1, pl[0], pl[1])
		}
		p = p.Play(*found)
	}
	return p, nil
}

// italianOpeningMoves holds the table, opening n at index n-1.
var italianOpeningMoves = [...]string{
	"21-17 9-13 25-21",  // 1
	"21-17 9-13 26-21",  // 2
	"21-17 9-13 22-18",  // 3
	"21-17 10-13 17-10", // 4
	"21-17 10-14 26-21", // 5
	"21-17 10-14 17-13", // 6
	"21-17 10-14 22-18", // 7
	"21-17 10-14 22-19", // 8
	"21-17 10-14 23-19", // 9
	"21-17 10-14 23-20", // 10
	"21-17 10-14 24-20", // 11
	"21-17 11-14 25-21", // 12
	"21-17 11-14 26-21", // 13
	"21-17 11-14 22-18", // 14
	"21-17 11-14 22-19", // 15
	"21-17 11-14 23-19", // 16
	"21-17 11-14 23-20", // 17
	"21-17 11-14 24-20", // 18
	"21-17 11-15 25-21", // 19
	"21-17 11-15 26-21", // 20
	"21-17 11-15 22-18", // 21
	"21-17 11-15 22-19", // 22
	"21-17 11-15 23-20", // 23
	"21-17 12-15 25-21", // 24
	"21-17 12-15 26-21", // 25
	"21-17 12-15 22-18", // 26
	"21-17 12-15 22-19", // 27
	"21-17 12-15 23-19", // 28
	"21-17 12-15 23-20", // 29
	"21-17 12-16 25-21", // 30
	"21-17 12-16 26-21", // 31
	"21-17 12-16 22-18", // 32
	"21-17 12-16 22-19", // 33
	"21-17 12-16 23-19", // 34
	"21-17 12-16 23-20", // 35
	"21-17 12-16 24-20", // 36
	"21-18 10-13 25-21", // 37
	"21-18 10-13 26-21", // 38
	"21-18 10-13 22-19", // 39
	"21-18 10-13 23-19", // 40
	"21-18 10-13 23-20", // 41
	"21-18 10-14 25-21", // 42
	"21-18 10-14 22-19", // 43
	"21-18 10-14 23-19", // 44
	"21-18 10-14 23-20", // 45
	"21-18 11-14 18-11", // 46
	"21-18 11-15 25-21", // 47
	"21-18 11-15 26-21", // 48
	"21-18 11-15 23-20", // 49
	"21-18 11-15 18-14", // 50
	"21-18 11-15 22-19", // 51
	"21-18 12-15 25-21", // 52
	"21-18 12-15 23-19", // 53
	"21-18 12-15 23-20", // 54
	"21-18 12-15 22-19", // 55
	"21-18 12-16 25-21", // 56
	"21-18 12-16 22-19", // 57
	"21-18 12-16 23-19", // 58
	"21-18 12-16 23-20", // 59
	"22-18 10-13 27-22", // 60
	"22-18 10-13 18-14", // 61
	"22-18 10-13 21-17", // 62
	"22-18 10-13 23-19", // 63
	"22-18 10-13 23-20", // 64
	"22-18 10-14 26-22", // 65
	"22-18 10-14 27-22", // 66
	"22-18 10-14 23-19", // 67
	"22-18 10-14 23-20", // 68
	"22-18 10-14 24-20", // 69
	"22-18 11-14 18-11", // 70
	"22-18 11-15 23-19", // 71
	"22-18 11-15 23-20", // 72
	"22-18 11-15 18-14", // 73
	"22-18 11-15 27-22", // 74
	"22-18 12-15 26-22", // 75
	"22-18 12-15 27-22", // 76
	"22-18 12-15 23-19", // 77
	"22-18 12-15 23-20", // 78
	"22-18 12-15 18-14", // 79
	"22-18 12-16 26-22", // 80
	"22-18 12-16 27-22", // 81
	"22-18 12-16 23-19", // 82
	"22-18 12-16 23-20", // 83
	"22-18 12-16 18-14", // 84
	"22-19 9-13 26-22",  // 85
	"22-19 9-13 27-22",  // 86
	"22-19 9-13 21-17",  // 87
	"22-19 9-13 21-18",  // 88
	"22-19 9-13 23-20",  // 89
	"22-19 9-13 19-14",  // 90
	"22-19 10-13 26-22", // 91
	"22-19 10-13 27-22", // 92
	"22-19 10-13 21-17", // 93
	"22-19 10-13 23-20", // 94
	"22-19 10-13 19-15", // 95
	"22-19 10-14 19-10", // 96
	"22-19 11-14 26-22", // 97
	"22-19 11-14 27-22", // 98
	"22-19 11-14 21-18", // 99
	"22-19 11-14 23-20", // 100
	"22-19 11-14 24-20", // 101
	"22-19 11-15 26-22", // 102
	"22-19 11-15 27-22", // 103
	"22-19 11-15 23-20", // 104
	"22-19 12-15 19-12", // 105
	"22-19 12-16 26-22", // 106
	"22-19 12-16 27-22", // 107
	"22-19 12-16 19-15", // 108
	"22-19 12-16 23-20", // 109
	"22-19 12-16 24-20", // 110
	"23-19 9-13 28-23",  // 111
	"23-19 9-13 21-17",  // 112
	"23-19 9-13 21-18",  // 113
	"23-19 9-13 22-18",  // 114
	"23-19 9-13 19-15",  // 115
	"23-19 10-13 28-23", // 116
	"23-19 10-13 21-17", // 117
	"23-19 10-13 19-14", // 118
	"23-19 10-13 19-15", // 119
	"23-19 10-14 19-10", // 120
	"23-19 11-14 28-23", // 121
	"23-19 11-14 21-18", // 122
	"23-19 11-14 22-18", // 123
	"23-19 11-14 24-20", // 124
	"23-19 11-14 19-15", // 125
	"23-19 11-15 28-23", // 126
	"23-19 11-15 21-17", // 127
	"23-19 11-15 21-18", // 128
	"23-19 12-15 19-12", // 129
	"23-19 12-16 28-23", // 130
	"23-19 12-16 24-20", // 131
	"23-19 12-16 19-14", // 132
	"23-20 9-13 27-23",  // 133
	"23-20 9-13 28-23",  // 134
	"23-20 9-13 21-17",  // 135
	"23-20 9-13 21-18",  // 136
	"23-20 9-13 22-18",  // 137
	"23-20 9-13 20-16",  // 138
	"23-20 10-13 21-17", // 139
	"23-20 10-13 27-23", // 140
	"23-20 10-13 28-23", // 141
	"23-20 10-13 20-16", // 142
	"23-20 10-14 27-23", // 143
	"23-20 10-14 28-23", // 144
	"23-20 10-14 20-15", // 145
	"23-20 10-14 20-16", // 146
	"23-20 10-14 22-19", // 147
	"23-20 11-14 27-23", // 148
	"23-20 11-14 28-23", // 149
	"23-20 11-14 21-18", // 150
	"23-20 11-14 22-18", // 151
	"23-20 11-14 20-16", // 152
	"23-20 11-15 20-11", // 153
	"23-20 12-15 27-23", // 154
	"23-20 12-15 28-23", // 155
	"23-20 12-15 20-16", // 156
	"23-20 12-15 22-19", // 157
	"23-20 12-16 20-15", // 158
	"23-20 12-16 27-23", // 159
	"24-20 9-13 21-17",  // 160
	"24-20 9-13 21-18",  // 161
	"24-20 9-13 20-15",  // 162
	"24-20 9-13 20-16",  // 163
	"24-20 10-13 20-15", // 164
	"24-20 10-13 20-16", // 165
	"24-20 10-14 20-15", // 166
	"24-20 10-14 20-16", // 167
	"24-20 10-14 21-18", // 168
	"24-20 11-14 20-15", // 169
	"24-20 11-14 20-16", // 170
	"24-20 11-14 21-18", // 171
	"24-20 11-15 20-11", // 172
	"24-20 12-15 20-16", // 173
	"24-20 12-16 28-24", // 174
}
