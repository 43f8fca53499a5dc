package rules

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZDump(t *testing.T) {
	out := os.Getenv("DUMP")
	if out == "" {
		t.Skip()
	}
	var b strings.Builder
	for _, text := range scoreTexts(t) {
		for _, strict := range []bool{false, true} {
			r := NewPDNReader(strings.NewReader(text))
			r.Strict = strict
			for k := 0; k < 300; k++ {
				g, err := r.Next()
				fmt.Fprintf(&b, "%#v\n%v\n", g, err)
				if g == nil {
					break
				}
			}
		}
	}
	os.WriteFile(out, []byte(b.String()), 0o644)
}
