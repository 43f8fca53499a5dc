package reports

// The layout of `arbitro demo`'s account of an arbiter's session: numbered steps, the
// indented lines of a step, blocks of text (the lot, a sheet), and the closing list of the
// files written. The demo chooses the words (message keys of the catalogs, in Messages'
// language); the layout is here, like every other output of the commands.

import (
	"fmt"
	"io"
	"strings"

	"arbitro/tournament"
)

// Narration writes the demo's account to W. The zero step count starts at [1].
type Narration struct {
	W    io.Writer
	step int
}

// Step writes the next numbered step after an empty line: "\n[N] text".
func (n *Narration) Step(text string) error {
	n.step++
	_, err := fmt.Fprintf(n.W, "\n[%d] %s\n", n.step, text)
	return err
}

// Line writes one line of the current step, indented by four spaces.
func (n *Narration) Line(text string) error {
	_, err := fmt.Fprintf(n.W, "    %s\n", text)
	return err
}

// Block writes text (several lines, trailing newlines dropped) as lines of the current
// step.
func (n *Narration) Block(text string) error {
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if err := n.Line(l); err != nil {
			return err
		}
	}
	return nil
}

// Paragraph writes text after an empty line, unindented (the demo's closing notes).
func (n *Narration) Paragraph(text string) error {
	_, err := fmt.Fprintln(n.W, "\n"+text)
	return err
}

// Plain writes text as one unindented line (the demo's opening line).
func (n *Narration) Plain(text string) error {
	_, err := fmt.Fprintln(n.W, text)
	return err
}

// Files writes the list of the files the demo wrote, one per line indented by two spaces.
func (n *Narration) Files(files []string) error {
	for _, f := range files {
		if _, err := fmt.Fprintf(n.W, "  %s\n", f); err != nil {
			return err
		}
	}
	return nil
}

// LotBlock is the demo's account of a drawn lot in l's words (catalog keys demo.lot_block,
// demo.lot_method.<method>; nil is English): the seed, when it was drawn and how, then
// each pairing number (right-aligned in three columns) and player.
func LotBlock(l *Locale, lot *tournament.LotResult) string {
	l = orEnglish(l)
	var b strings.Builder
	for _, n := range lot.Numbers {
		fmt.Fprintf(&b, "%3d  %s\n", n.Number, n.Name)
	}
	method := l.codeWord(lotMethodKeys[lot.Method], lot.Method)
	return l.T("demo.lot_block", "seed", fmt.Sprint(lot.Seed), "at", lot.DrawnAt, "method", method) + "\n" + b.String()
}
