// Command perft is the rules engine's perft driver: it counts the leaf positions N plies
// ahead with package rules alone, and prints the count on one line.
//
//	perft [-variant italian|international] DEPTH [FEN]
//
// It does what `arbitro perft` does without the rest of arbitro (no database driver, PDF,
// web site or command tree linked in), so a run of a few milliseconds measures the move
// generator and a small program's start-up, like the small drivers other engines' perft
// figures come from (docs/perft.md). For --divide, JSON output and everything else, use
// `arbitro perft`.
//
// Exit status: 0 with the count on standard output; 2 for bad arguments or a FEN that does
// not parse, with the reason on standard error.
package main

import (
	"io"
	"os"
	"strconv"

	// Imported first thing, so that the runtime's helper threads stop interrupting the
	// program as early as a program can make them (see the package).
	_ "arbitro/cmd/perft/internal/quiet"
	"arbitro/rules"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = "usage: perft [-variant italian|international] DEPTH [FEN]\n"

// maxDepth bounds DEPTH as `arbitro perft --depth` does.
const maxDepth = 20

// run parses args (the command line without the program name), writes the count to stdout
// and returns the exit status. Arguments are read by hand, not with package flag, to keep
// the program's start-up to the runtime's own.
func run(args []string, stdout, stderr io.Writer) int {
	variant := "italian"
	if len(args) > 0 && (args[0] == "-variant" || args[0] == "--variant") {
		if len(args) < 2 {
			return bad(stderr, "-variant needs a value")
		}
		variant, args = args[1], args[2:]
	}
	if len(args) < 1 || len(args) > 2 {
		return bad(stderr, "")
	}
	v, err := rules.VariantByName(variant)
	if err != nil {
		return bad(stderr, err.Error())
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 0 || depth > maxDepth {
		return bad(stderr, "DEPTH must be a whole number from 0 to "+strconv.Itoa(maxDepth))
	}
	pos := v.Start()
	if len(args) == 2 {
		if pos, err = rules.ParseFEN(v, args[1]); err != nil {
			return bad(stderr, err.Error()+` (write the position as in a PDN FEN tag, e.g. "W:W21-32:B1-12")`)
		}
	}
	io.WriteString(stdout, strconv.FormatUint(rules.Perft(pos, depth), 10)+"\n")
	return 0
}

func bad(stderr io.Writer, why string) int {
	if why != "" {
		io.WriteString(stderr, "perft: "+why+"\n")
	}
	io.WriteString(stderr, usage)
	return 2
}
