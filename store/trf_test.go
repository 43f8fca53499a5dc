package store

import (
	"bytes"
	"os"
	"testing"

	"arbitro/trf"
)

func readSmall(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../trf/testdata/trf/small.trf")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readTRFFixture reads a TRF of testdata and parses it, failing the test on error; it
// returns the file's bytes and the parsed TRF.
func readTRFFixture(t *testing.T, path string) ([]byte, *trf.File) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trf.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return b, tr
}
