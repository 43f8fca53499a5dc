package main

import (
	"encoding/json"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"arbitro/rules"
)

func init() { addCommand(newPerftCmd) }

// perftJSON is the output of `arbitro perft --json`.
type perftJSON struct {
	Variant string          `json:"variant"`
	FEN     string          `json:"fen"`
	Depth   int             `json:"depth"`
	Leaves  uint64          `json:"leaves"`
	Divide  []perftDivideJS `json:"divide,omitempty"`
}

type perftDivideJS struct {
	Move   string `json:"move"`
	Leaves uint64 `json:"leaves"`
}

// maxPerftDepth bounds --depth: beyond it a count from the start takes hours.
const maxPerftDepth = 20

func newPerftCmd() *cobra.Command {
	var variant, fen string
	var depth int
	var divide bool
	c := &cobra.Command{
		Use:   "perft --variant italian|international --depth N [--fen FEN] [--divide]",
		Short: "Count the positions N plies ahead (checks the move generator against published tables)",
		Long: `perft counts the leaf positions reached by every sequence of N legal plies from the
start position, or from --fen (PDN FEN, e.g. "W:W21-32:B1-12"). Capture paths with the same
start, end and captured pieces count once. --divide prints the count under each first move.
Published counts from the start: Italian perft(9) = 3860875, International perft(8) = 6483961.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := rules.VariantByName(variant)
			if err != nil {
				return usageErr("%v", err)
			}
			if depth < 0 || depth > maxPerftDepth {
				return usageErr("--depth %d is out of range 0..%d", depth, maxPerftDepth)
			}
			pos := v.Start()
			if fen != "" {
				pos, err = rules.ParseFEN(v, fen)
				if err != nil {
					return fail(err, `write the position as in a PDN FEN tag, e.g. "W:W21-32:B1-12"`)
				}
			}
			start := time.Now()
			out := perftJSON{Variant: v.Name(), FEN: pos.FEN(), Depth: depth}
			if divide && depth > 0 {
				for _, e := range rules.PerftDivide(pos, depth) {
					out.Divide = append(out.Divide, perftDivideJS{Move: e.Move.String(), Leaves: e.Leaves})
					out.Leaves += e.Leaves
				}
			} else {
				out.Leaves = rules.Perft(pos, depth)
			}
			elapsed := time.Since(start)
			if f, ok := cmd.ErrOrStderr().(*os.File); ok && term.IsTerminal(int(f.Fd())) && elapsed > 0 {
				fmt.Fprintf(f, "%s, %.0f leaves/s\n", elapsed.Round(time.Millisecond), float64(out.Leaves)/elapsed.Seconds())
			}
			w := cmd.OutOrStdout()
			if flagJSON {
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				return enc.Encode(out)
			}
			if divide {
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
				for _, e := range out.Divide {
					fmt.Fprintf(tw, "%s\t%d\n", e.Move, e.Leaves)
				}
				fmt.Fprintf(tw, "total\t%d\n", out.Leaves)
				return tw.Flush()
			}
			_, err = fmt.Fprintln(w, out.Leaves)
			return err
		},
	}
	c.Flags().StringVar(&variant, "variant", "italian", "italian or international")
	c.Flags().IntVar(&depth, "depth", 1, "plies to look ahead (0.."+fmt.Sprint(maxPerftDepth)+")")
	c.Flags().StringVar(&fen, "fen", "", "start from this PDN FEN position instead of the initial one")
	c.Flags().BoolVar(&divide, "divide", false, "print the count under each first move")
	return c
}
