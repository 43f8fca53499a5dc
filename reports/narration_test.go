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
	lot := &tournament.LotResult{Seed: 20261121, DrawnAt: "2026-11-21T09:00:00Z", Method: "lot",
		Numbers: []tournament.LotNumber{{Number: 1, Name: "Rossi, Mario"}, {Number: 12, Name: "Verdi, Anna"}}}
	goldenLangs(t, "golden/narration.txt", func(l *Locale, b *bytes.Buffer) error {
		n := &Narration{W: b}
		for _, err := range []error{
			n.Plain(l.T("demo.start", "dir", "/tmp/demo", "db", "/tmp/demo/arbitro.db")),
			n.Step(l.T("demo.lot", "seed", lot.Seed)),
			n.Line(l.T("demo.by_hand", "db", "/tmp/demo/arbitro.db", "cmd", "--tournament 3 lot")),
			n.Block(LotBlock(l, lot)),
			n.Block("one\ntwo\n\n"),
			n.Line(l.T("demo.stored", "plies", 76)),
			n.Paragraph(l.T("demo.done", "db", "/tmp/demo/arbitro.db")),
			n.Files([]string{"/tmp/demo/standings.txt", "/tmp/demo/standings.pdf"}),
		} {
			if err != nil {
				return err
			}
		}
		return nil
	})
}
