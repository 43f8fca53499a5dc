package rules

import (
	"os"
	"testing"
)

// Published International perft figures for two positions other than the start: the
// perft thread of the FMJD forum (laatste.info, "Perft", 2010-2011), as recorded in the
// test suite of Rein Halbersma's dctl engine. Paths with the same start, end and captured
// set are counted once there, as here. The Woldouby position is the classic 1st-row
// position of that name; "random178" is a king-rich position posted in the same thread.
var publishedPerft = []struct {
	name   string
	fen    string
	leaves []uint64 // leaves[d-1] = perft(d)
	quick  int      // depth run in the normal suite; the rest with ARBITRO_DEEP_PERFT=1
}{
	{"woldouby", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
		[]uint64{6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645, 58360286, 346184885}, 11},
	{"random178", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
		[]uint64{14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193}, 6},
}

func TestPerftInternationalPublished(t *testing.T) {
	deep := os.Getenv("ARBITRO_DEEP_PERFT") == "1"
	for _, tc := range publishedPerft {
		p, err := ParseFEN(International, tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for d, want := range tc.leaves {
			depth := d + 1
			if depth > tc.quick && !deep {
				break
			}
			if got := Perft(p, depth); got != want {
				t.Errorf("%s perft(%d) = %d, published %d", tc.name, depth, got, want)
			}
		}
	}
}
