package reports

import (
	"bytes"
	"testing"

	"arbitro/tournament"
)

// The demo's layout: steps numbered from 1 after an empty line, indented lines and blocks
// (trailing newlines dropped), the opening line, a closing paragraph, the list of files,
// and the lot's block with its numbers right-aligned.
func TestNarration(t *testing.T) {
	var b bytes.Buffer
	n := &Narration{W: &b}
	lot := &tournament.LotResult{Seed: 20261121, DrawnAt: "2026-11-21T09:00:00Z", Method: "lot",
		Numbers: []tournament.LotNumber{{Number: 1, Name: "Rossi, Mario"}, {Number: 12, Name: "Verdi, Anna"}}}
	for _, err := range []error{
		n.Plain("arbitro demo: a session in /tmp/demo"),
		n.Step("import the championship"),
		n.Line("by hand: arbitro --db /tmp/demo/arbitro.db event import x.pdn"),
		n.Step("the lot"),
		n.Block(LotBlock(nil, lot)),
		n.Block("one\ntwo\n\n"),
		n.Paragraph("done: the files are"),
		n.Files([]string{"/tmp/demo/standings.txt", "/tmp/demo/standings.pdf"}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "golden/narration.txt", b.Bytes())
}
