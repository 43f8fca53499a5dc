package tournament

import (
	"strings"
	"testing"
)

// Q is 10 for Italian draughts and 15 for International (FID 2021 amendment of Tabella 17).
func TestRatingQ(t *testing.T) {
	if RatingQ(VariantItalian) != 10 || RatingQ(VariantInternational) != 15 {
		t.Fatalf("Q = %d / %d, want 10 / 15", RatingQ(VariantItalian), RatingQ(VariantInternational))
	}
}

// The conversion table: the largest difference not above |d|, mirrored for a negative d.
func TestExpectedTable(t *testing.T) {
	tab, err := ParseExpectedTable(strings.NewReader("diff;expected\n0;50%\n100;0,64\n200;0.76\n"))
	if err != nil {
		t.Fatal(err)
	}
	for d, want := range map[int]float64{0: 0.5, 99: 0.5, 100: 0.64, 150: 0.64, 250: 0.76, -150: 0.36} {
		if got := tab.Expected(d); got < want-1e-9 || got > want+1e-9 {
			t.Errorf("Expected(%d) = %v, want %v", d, got, want)
		}
	}
	if _, err := ParseExpectedTable(strings.NewReader("0,0.5\n-5,0.4\n")); err == nil {
		t.Error("a negative difference accepted")
	}
}
