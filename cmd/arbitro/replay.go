package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"arbitro/reports"
	"arbitro/rules"
	"arbitro/tournament"
)

// replayCmdOptions are the flags of `arbitro replay`.
type replayCmdOptions struct {
	Variant  string              // of games without a GameType tag
	WithTags bool                // --tags, with --json
	Strict   bool                // --strict: the PDN 3.0 grammar
	Jobs     int                 // --jobs: games replayed at once (0: one per processor, tournament.DefaultJobs)
	Encoding string              // --encoding of the files (tournament.DecodingReader)
	Files    []string            // FILE.pdn...
	replay   rules.ReplayOptions // --variant and --strict, parsed
	g        *globalOptions
}

// complete reads the files and checks --encoding and --variant.
func (o *replayCmdOptions) complete(_ *cobra.Command, args []string) (err error) {
	o.Files = args
	if err := tournament.CheckEncoding(o.Encoding); err != nil {
		return o.g.explain(err)
	}
	if o.replay, err = replayOptions(o.Variant); err != nil {
		return err
	}
	o.replay.Strict = o.Strict
	return nil
}

func newReplayCmd(g *globalOptions, runF func(*cobra.Command, *replayCmdOptions) error) *cobra.Command {
	o := &replayCmdOptions{g: g}
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

Each game's verdict is one of: legal; illegal (an illegal move or a parse error: the first
illegal ply, its reason, the position and the legal moves); ambiguous (every move legal,
but a from-to capture fits captures taking different pieces and nothing later decides:
both readings and the position after each); not judged (unsupported or unknown variant,
impossible position); fragment (move text without tags after a game: junk in the file,
named by its lines, never judged as a game). Notes never change a verdict. The last line
counts each verdict, the fragments and the notes by kind.

Exit status: 0 no game illegal, ambiguous or not judged; 3 some game is illegal; else 5
some game is ambiguous; else 6 some game was not judged; 1 a file could not be read (the
other files are still replayed).`,
		Args: cobra.MinimumNArgs(1),
	}
	c.Flags().StringVar(&o.Variant, "variant", "", "italian or international: the variant of games without a GameType tag")
	c.Flags().BoolVar(&o.WithTags, "tags", false, "with --json, include every tag of the game")
	c.Flags().IntVar(&o.Jobs, "jobs", 0, "games replayed at once (0: one per processor); the output is the same for any value")
	c.Flags().BoolVar(&o.Strict, "strict", false, "read by the PDN 3.0 grammar: every tolerated deviation is a parse error")
	c.Flags().StringVar(&o.Encoding, "encoding", "", "the files' encoding when it is not UTF-8 (detected: UTF-16 with its byte-order mark, Windows-1252): "+tournament.EncodingNames)
	return withRun(c, o, runF)
}

// runReplay replays every file, printing one verdict per game and the summary; exit 3
// when a game is illegal or not judged, 1 when a file could not be read.
func runReplay(cmd *cobra.Command, g *globalOptions, o *replayCmdOptions) error {
	auditGC() // games stream through as in the archive audit: the same collector setting
	opts := o.replay
	// One write a verdict was one system call a game (issue 33: 56,400 of them for a
	// 54 MB file); the verdicts are buffered and written out after each file, as the
	// audit of files does.
	out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	var tally reports.VerdictTally
	var readErrs []error
	for _, file := range o.Files {
		t, err := replayFile(out, file, opts, g.json, o)
		tally.Merge(t)
		if err != nil {
			readErrs = append(readErrs, err)
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
	if !g.json {
		if err := reports.WriteReplaySummary(out, g.cliLocale(), tally); err != nil {
			return err
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
	if len(readErrs) == 1 {
		return fail(readErrs[0], g.cliLocale().T("hint.pdn_file"))
	}
	if len(readErrs) > 1 {
		if err := reports.WriteErrorLines(cmd.ErrOrStderr(), g.cliLocale(), readErrs[:len(readErrs)-1]); err != nil {
			return err
		}
		return fail(readErrs[len(readErrs)-1], g.cliLocale().T("hint.pdn_files"))
	}
	if illegal := tally.Classes[rules.ClassIllegal]; illegal > 0 {
		msg := g.cliLocale()
		return withCode(exitIllegal, errors.New(msg.N("err.games_not_legal", illegal, "illegal", illegal, "games", tally.Games())), msg.T("hint.see_verdicts"))
	}
	return verdictExit(g.cliLocale(), tally, 0, "cmd.what.games")
}

// replayFile replays every game of file and writes the verdicts; it returns their count by
// class and note kind, and a read error.
func replayFile(w io.Writer, file string, opts rules.ReplayOptions, asJSON bool, o *replayCmdOptions) (t reports.VerdictTally, err error) {
	f, err := openFileToRead(file)
	if err != nil {
		return t, err
	}
	defer f.Close()
	br, err := pdnText(f, file, o.Encoding)
	if err != nil {
		return t, err
	}
	// The games are replayed and rendered on --jobs workers (tournament.JudgePDN) and
	// written in file order, the same for any --jobs.
	type replayed struct {
		vd  rules.Verdict
		out []byte
	}
	r := rules.NewPDNReader(br)
	r.Strict = opts.Strict
	msg := o.g.cliLocale()
	err = tournament.JudgePDN(r, o.Jobs, func(g *rules.Game, err error) replayed {
		var vd rules.Verdict
		if err != nil {
			vd = rules.ParseErrorVerdict(g, err)
		} else {
			vd = rules.Replay(g, opts)
		}
		var buf bytes.Buffer
		buf.Grow(256) // one allocation for a verdict's lines (a legal game's is about 120 bytes)
		if asJSON {
			_ = reports.WriteReplayJSONLine(&buf, file, g, vd, o.WithTags) // plain data into memory: cannot fail
		} else {
			reports.WriteVerdictText(&buf, msg, file, g, vd)
		}
		rules.RecycleGame(g) // rendered: its lists serve the games read next
		return replayed{vd, buf.Bytes()}
	}, func(rp replayed) error {
		t.Add(&rp.vd)
		_, err := w.Write(rp.out)
		return err
	})
	if err != nil {
		return t, fmt.Errorf("%s: %w", file, err)
	}
	return t, nil
}

// pdnText decodes f (--encoding) and checks it is PDN text, as the audit does
// (tournament.AuditPDN): an empty or binary file is a file that cannot be read (exit 1),
// not a game with a parse error (exit 3).
func pdnText(f io.Reader, file, encoding string) (*bufio.Reader, error) {
	dr, err := tournament.DecodingReader(f, encoding)
	if err != nil {
		return nil, err
	}
	br, err := checkPDNText(dr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return br, nil
}

// checkPDNText buffers r (decoded text) and checks that it is PDN text: an empty or binary
// file is an error wrapping tournament.ErrBadPDN, as tournament.AuditPDN says it.
func checkPDNText(r io.Reader) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(8192)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	if tournament.IsBlankText(head) && len(head) < 8192 {
		return nil, tournament.Errf(tournament.ErrBadPDN, "err.game.empty", "{err}: the file is empty")
	}
	if tournament.LooksBinary(head) {
		return nil, tournament.Errf(tournament.ErrBadPDN, "err.game.binary", "{err}: the file is binary, not PDN text")
	}
	return br, nil
}

// replayOptions turns --variant (the variant of games without a GameType tag; "" = decide
// from the tags) into rules.ReplayOptions; an unknown name is a usage error. Shared by
// replay and the archive audit, which judge files the same way.
func replayOptions(variant string) (rules.ReplayOptions, error) {
	var opts rules.ReplayOptions
	if variant != "" {
		v, err := rules.VariantByName(variant)
		if err != nil {
			return opts, usageCoded(tournament.Errf(nil, "err.cli.variant_flag", "--variant: {error}", "error", err))
		}
		opts.Variant = v
	}
	return opts, nil
}
