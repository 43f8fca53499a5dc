package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"arbitro/rules"
	"arbitro/tournament"
)

func init() { addCommand(newReplayCmd()) }

// replayJSON is one line of `arbitro replay --json` (JSON Lines). The format is documented
// in rules/REPLAY-JSON.md; fields are only ever added, never renamed.
type replayJSON struct {
	File        string            `json:"file"`
	Index       int               `json:"index"`
	Line        int               `json:"line"`
	White       string            `json:"white"`
	Black       string            `json:"black"`
	Event       string            `json:"event,omitempty"`
	Date        string            `json:"date,omitempty"`
	Result      string            `json:"result"`
	Variant     string            `json:"variant"`
	Plies       int               `json:"plies"`
	Legal       bool              `json:"legal"`
	Ply         *int              `json:"ply,omitempty"`
	Move        *string           `json:"move,omitempty"`
	Reason      string            `json:"reason,omitempty"`
	Detail      string            `json:"detail,omitempty"`
	Message     string            `json:"message,omitempty"`
	FEN         *string           `json:"fen,omitempty"`
	LegalMoves  *[]string         `json:"legal_moves,omitempty"`
	ResultCheck string            `json:"result_check"`
	Terminal    bool              `json:"terminal"`
	Notes       []string          `json:"notes,omitempty"`
	Repetitions []repetitionJSON  `json:"repetitions,omitempty"`
	Draws       []drawJSON        `json:"draws,omitempty"`
	Claim40Ply  int               `json:"claim40_ply,omitempty"`
	Judged      bool              `json:"judged"` // false: not replayed (unsupported or unknown variant, impossible position)
	Tags        map[string]string `json:"tags,omitempty"`
}

type repetitionJSON struct {
	FEN   string `json:"fen"`
	Plies []int  `json:"plies"`
}

type drawJSON struct {
	Rule     string `json:"rule"`
	Ply      int    `json:"ply"`
	StartPly int    `json:"start_ply"`
	Message  string `json:"message"`
}

func newReplayCmd() *cobra.Command {
	var variant string
	var withTags, strict bool
	c := &cobra.Command{
		Use:   "replay FILE.pdn...",
		Short: "Replay PDN game scores through the rules; report the first illegal move of each game",
		Long: `Replay every game of each PDN file through the rules of its variant and print one
verdict per game: legal (with the number of plies), or the first illegal ply with a reason
code, the position before it (FEN) and the legal moves there; whether the recorded result
agrees with the final position; repetitions; the FMJD draw rules that applied (International)
and the first ply at which a 40-move claim was valid (Italian).

The variant comes from each game's GameType tag (22 Italian, 20 International; other
types are reported unsupported-game-type, not judged); games without one use --variant;
else another variant recognised in the game (algebraic notation, Black moving first,
"Red" pieces) is unsupported-variant; else International when the FEN or a move names a
square above 32; else Italian when the tags are Italian (Bianco, Nero, ...); else the
variant under whose rules the moves replay. When that does not decide, the game is
"variant-unknown: pass --variant" and is NOT JUDGED rather than condemned under rules
that may not be its own. A FEN position that cannot arise in a game (more pieces than a
side starts with, a man on its own promotion row) is impossible-position, not judged.
Files may be UTF-8 or Windows-1252.

The reader is tolerant of what real archives contain (stray '.', ';' comments, missing
results, match scores such as 4-6 as results, ...) and lists every tolerance as a note
"notation-tolerated: ..."; --strict applies the PDN 3.0 reading grammar instead: each
deviation is a parse-error naming the line, column and rule.

--json writes JSON Lines, one object per game (format: rules/REPLAY-JSON.md).

Exit status: 0 every game legal; 3 some game is not legal (an illegal move, an ambiguous
capture, a parse error) or not judged (unsupported or unknown variant, impossible
position); 1 a file could not be read (the other files are still replayed).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := tournament.CheckEncoding(replayEncoding); err != nil {
				return explain(err)
			}
			opts, err := replayOptions(variant)
			if err != nil {
				return err
			}
			opts.Strict = strict
			out := cmd.OutOrStdout()
			var total, illegal, unjudged int
			var readErrs []error
			for _, file := range args {
				n, bad, nj, err := replayFile(out, file, opts, flagJSON, withTags)
				total += n
				illegal += bad
				unjudged += nj
				if err != nil {
					readErrs = append(readErrs, err)
				}
			}
			if !flagJSON {
				fmt.Fprintf(out, "%s, %d legal, %d not legal", plural(total, "game", "games"), total-illegal, illegal)
				if unjudged > 0 {
					fmt.Fprintf(out, " (%d not judged: unsupported or unknown variant, impossible position)", unjudged)
				}
				fmt.Fprintln(out)
			}
			if len(readErrs) == 1 {
				return fail(readErrs[0], "check the file name and that it is a PDN text file")
			}
			if len(readErrs) > 1 {
				for _, e := range readErrs[:len(readErrs)-1] {
					fmt.Fprintf(cmd.ErrOrStderr(), "arbitro: %v\n", e)
				}
				return fail(readErrs[len(readErrs)-1], "check the file names and that they are PDN text files")
			}
			if illegal > 0 {
				return withCode(exitIllegal, fmt.Errorf("%d of %d games are not legal", illegal, total), "see the verdicts above")
			}
			return nil
		},
	}
	c.Flags().StringVar(&variant, "variant", "", "italian or international: the variant of games without a GameType tag")
	c.Flags().BoolVar(&withTags, "tags", false, "with --json, include every tag of the game")
	c.Flags().IntVar(&replayJobs, "jobs", 0, "games replayed at once (0: one per processor); the output is the same for any value")
	c.Flags().BoolVar(&strict, "strict", false, "read by the PDN 3.0 grammar: every tolerated deviation is a parse error")
	c.Flags().StringVar(&replayEncoding, "encoding", "", "the files' encoding when it is not UTF-8 (detected: UTF-16 with its byte-order mark, Windows-1252): "+tournament.EncodingNames)
	return c
}

// replayFile replays every game of file and writes the verdicts; it returns the number of
// games, of games not legal (the not judged included) and of games not judged, and a read
// error.
// replayEncoding is replay's --encoding (tournament.DecodingReader).
var replayEncoding string

func replayFile(w io.Writer, file string, opts rules.ReplayOptions, asJSON, withTags bool) (n, bad, unjudged int, err error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, 0, 0, err
	}
	defer f.Close()
	// The same checks as the audit (tournament.AuditPDN): an empty or binary file is a file
	// that cannot be read (exit 1), not a game with a parse error (exit 3).
	dr, err := tournament.DecodingReader(f, replayEncoding)
	if err != nil {
		return 0, 0, 0, err
	}
	br := bufio.NewReaderSize(dr, 64<<10)
	head, err := br.Peek(8192)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return 0, 0, 0, fmt.Errorf("%s: %w", file, err)
	}
	if len(bytes.TrimSpace(head)) == 0 && len(head) < 8192 {
		return 0, 0, 0, fmt.Errorf("%s: %w: the file is empty", file, tournament.ErrBadPDN)
	}
	if tournament.LooksBinary(head) {
		return 0, 0, 0, fmt.Errorf("%s: %w: the file is binary, not PDN text", file, tournament.ErrBadPDN)
	}
	// The games are replayed and rendered on --jobs workers (tournament.JudgePDN) and
	// written in file order, the same for any --jobs.
	type replayed struct {
		vd  rules.Verdict
		out []byte
	}
	r := rules.NewPDNReader(br)
	r.Strict = opts.Strict
	err = tournament.JudgePDN(r, replayJobs, func(g *rules.Game, err error) replayed {
		var vd rules.Verdict
		if err != nil {
			vd = rules.ParseErrorVerdict(g, err)
		} else {
			vd = rules.Replay(g, opts)
		}
		var buf bytes.Buffer
		if asJSON {
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(toReplayJSON(file, g, vd, withTags)) // plain data into memory: cannot fail
		} else {
			printVerdict(&buf, file, g, vd)
		}
		return replayed{vd, buf.Bytes()}
	}, func(rp replayed) error {
		n++
		if !rp.vd.Legal {
			bad++
		}
		if !rp.vd.Judged() {
			unjudged++
		}
		_, err := w.Write(rp.out)
		return err
	})
	if err != nil {
		return n, bad, unjudged, fmt.Errorf("%s: %w", file, err)
	}
	return n, bad, unjudged, nil
}

func toReplayJSON(file string, g *rules.Game, vd rules.Verdict, withTags bool) replayJSON {
	j := replayJSON{
		File: file, Index: g.Index, Line: g.Line, White: g.White(), Black: g.Black(),
		Event: g.Event(), Date: g.Date(), Result: vd.Result, Variant: vd.Variant,
		Plies: vd.Plies, Legal: vd.Legal, Judged: vd.Judged(), ResultCheck: string(vd.ResultCheck), Terminal: vd.Terminal,
		Notes: vd.Notes, Claim40Ply: vd.Claim40Ply,
	}
	if !vd.Legal {
		ply, move, fen := vd.Ply, vd.Move, vd.FEN
		j.Ply, j.Move, j.FEN = &ply, &move, &fen
		j.Reason, j.Detail, j.Message = vd.Reason, vd.Detail, vd.Message
		lm := vd.LegalMoves
		if lm == nil {
			lm = []string{}
		}
		j.LegalMoves = &lm
	}
	for _, r := range vd.Repetitions {
		j.Repetitions = append(j.Repetitions, repetitionJSON{r.FEN, r.Plies})
	}
	for _, d := range vd.Draws {
		j.Draws = append(j.Draws, drawJSON{d.Rule, d.Ply, d.StartPly, d.Message})
	}
	if withTags {
		j.Tags = map[string]string{}
		for _, t := range g.Tags {
			if _, ok := j.Tags[t.Name]; !ok {
				j.Tags[t.Name] = t.Value
			}
		}
	}
	return j
}

func printVerdict(w io.Writer, file string, g *rules.Game, vd rules.Verdict) {
	players := strings.TrimSpace(g.White() + " - " + g.Black())
	if players == "-" {
		players = "(no players)"
	}
	res := vd.Result
	if res == "" {
		res = "no result"
	}
	head := fmt.Sprintf("%s game %d (line %d): %s, %s", filepath.Base(file), g.Index, g.Line, players, res)
	if vd.Legal {
		fmt.Fprintf(w, "%s: legal, %s, result %s\n", head, plural(vd.Plies, "ply", "plies"), vd.ResultCheck)
	} else {
		verdict := "NOT LEGAL"
		if !vd.Judged() {
			verdict = "NOT JUDGED"
		}
		fmt.Fprintf(w, "%s: %s [%s", head, verdict, vd.Reason)
		if vd.Detail != "" {
			fmt.Fprintf(w, ": %s", vd.Detail)
		}
		fmt.Fprintf(w, "] %s\n", vd.Message)
		if vd.FEN != "" {
			fmt.Fprintf(w, "    position: %s\n", vd.FEN)
			fmt.Fprintf(w, "    legal moves: %s\n", strings.Join(vd.LegalMoves, " "))
		}
	}
	for _, n := range vd.Notes {
		fmt.Fprintf(w, "    note: %s\n", n)
	}
	for _, r := range vd.Repetitions {
		fmt.Fprintf(w, "    repetition: %s at plies %v\n", r.FEN, r.Plies)
	}
	for _, d := range vd.Draws {
		fmt.Fprintf(w, "    draw rule %s at ply %d: %s\n", d.Rule, d.Ply, d.Message)
	}
	if vd.Claim40Ply > 0 {
		fmt.Fprintf(w, "    40-move count reached 80 plies at ply %d\n", vd.Claim40Ply)
	}
}

// replayOptions turns --variant (the variant of games without a GameType tag; "" = decide
// from the tags) into rules.ReplayOptions; an unknown name is a usage error. Shared by
// replay and the archive audit, which judge files the same way.
func replayOptions(variant string) (rules.ReplayOptions, error) {
	var opts rules.ReplayOptions
	if variant != "" {
		v, err := rules.VariantByName(variant)
		if err != nil {
			return opts, usageErr("--variant: %v", err)
		}
		opts.Variant = v
	}
	return opts, nil
}
