package rules

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// TestDecode1252MatchesCharmap: the reader's Windows-1252 decoding gives, for every byte
// value and for mixed text, exactly what the golang.org/x/text decoder gives.
func TestDecode1252MatchesCharmap(t *testing.T) {
	var all []byte
	for c := 0; c < 256; c++ {
		one := []byte{byte(c)}
		want, err := charmap.Windows1252.NewDecoder().Bytes(one)
		if err != nil {
			t.Fatal(err)
		}
		if got := decode1252(nil, one); !bytes.Equal(got, want) {
			t.Errorf("byte %#x: got %q, charmap decoder %q", c, got, want)
		}
		all = append(all, byte(c), 'a')
	}
	want, _ := charmap.Windows1252.NewDecoder().Bytes(all)
	if got := decode1252([]byte("keep"), all); !bytes.Equal(got, append([]byte("keep"), want...)) {
		t.Errorf("mixed text decoded differently from the charmap decoder")
	}
}

// refScanBraces is scanBraces written byte by byte: the comment state after b, and the index
// of a '[' outside comments after movetext (-1 if none).
func refScanBraces(b []byte, inComment bool, haveMoves *bool) (bool, int) {
	for i, c := range b {
		if inComment {
			if c == '}' {
				inComment = false
			}
			continue
		}
		switch c {
		case '{':
			inComment = true
			*haveMoves = true
		case ';':
			*haveMoves = true
			return false, -1
		case ' ', '\t', '\r':
		case '[':
			if *haveMoves {
				return false, i
			}
			*haveMoves = true
		default:
			*haveMoves = true
		}
	}
	return inComment, -1
}

// TestScanBracesAndIsASCII: the word-at-a-time scanners agree with byte-by-byte loops on
// random lines made of the bytes that matter (braces, ';', blanks, text, non-ASCII).
func TestScanBracesAndIsASCII(t *testing.T) {
	rng := rand.New(rand.NewPCG(1252, 3))
	alphabet := []byte("{};  \t\r1-x\xe0\x80a[")
	for i := 0; i < 200000; i++ {
		b := make([]byte, rng.IntN(24))
		for k := range b {
			b[k] = alphabet[rng.IntN(len(alphabet))]
		}
		for _, in := range []bool{false, true} {
			for _, had := range []bool{false, true} {
				h1, h2 := had, had
				r1, c1 := scanBraces(b, in, &h1)
				r2, c2 := refScanBraces(b, in, &h2)
				if r1 != r2 || h1 != h2 || c1 != c2 {
					t.Fatalf("%q in=%v had=%v: got (%v, %v, %d), want (%v, %v, %d)", b, in, had, r1, h1, c1, r2, h2, c2)
				}
			}
		}
		ascii := true
		for _, c := range b {
			ascii = ascii && c < 0x80
		}
		if isASCII(b) != ascii {
			t.Fatalf("isASCII(%q) = %v", b, !ascii)
		}
	}
}
