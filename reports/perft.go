package reports

import (
	"fmt"
	"io"
)

// PerftJSON is the --json document of `arbitro perft`: the position, the depth, the
// number of leaves and, with --divide, the leaves under each first move.
type PerftJSON struct {
	Variant string            `json:"variant"`
	FEN     string            `json:"fen"`
	Depth   int               `json:"depth"`
	Leaves  uint64            `json:"leaves"`
	Divide  []PerftDivideJSON `json:"divide,omitempty"`
}

// PerftDivideJSON is one first move of PerftJSON.Divide.
type PerftDivideJSON struct {
	Move   string `json:"move"`
	Leaves uint64 `json:"leaves"`
}

// WritePerftText writes `arbitro perft`: the number of leaves, or with divide one row per
// first move and the total.
func WritePerftText(w io.Writer, p *PerftJSON, divide bool) error {
	if !divide {
		_, err := fmt.Fprintln(w, p.Leaves)
		return err
	}
	tw := newTable(w)
	for _, e := range p.Divide {
		fmt.Fprintf(tw, "%s\t%d\n", e.Move, e.Leaves)
	}
	fmt.Fprintf(tw, "total\t%d\n", p.Leaves)
	return tw.Flush()
}
