package rules

import (
	"bytes"
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
