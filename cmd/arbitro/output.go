package main

// The files the commands write (PDF reports, TRF exports, the demo's files, the site of
// publish) all go through internal/outfile under this run's guard; this file words its
// refusals and failures for the arbiter.

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"arbitro/internal/outfile"
	"arbitro/reports"
)

// outputAnnotation marks a flag (pflag annotation) or a command (cobra annotation, for
// its positional FILE) as a path arbitro writes: TestSafetyEveryOutputRefusesDatabase
// finds every output of the command tree by it, and fails on a path flag or argument that
// is neither marked nor known as an input.
const outputAnnotation = "arbitro-output"

// markOutput marks the flags named of c as output paths (see outputAnnotation).
func markOutput(c *cobra.Command, flags ...string) {
	for _, f := range flags {
		if err := c.Flags().SetAnnotation(f, outputAnnotation, []string{"file"}); err != nil {
			panic(err) // a flag name misspelt in the code
		}
	}
}

// markOutputArg marks c's positional argument as the path it writes (export trf [FILE]).
func markOutputArg(c *cobra.Command) *cobra.Command {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[outputAnnotation] = "arg"
	return c
}

// guard is the outfile.Guard of the run: the --db file, its -wal, -shm and -journal are
// never written over, also by the commands that do not open it (generate, pair --trf).
func (g *globalOptions) guard() outfile.Guard { return outfile.Protect(g.db) }

// writeOutput writes path with fn through the guard (a temporary file beside it, renamed
// over it), its refusal or failure explained by explainOutput.
func (g *globalOptions) writeOutput(path string, fn func(io.Writer) error) error {
	return g.explainOutput(g.guard().Write(path, fn), "")
}

// checkOutput refuses, before any work, an output path (not "" or "-") that writeOutput
// would refuse (the database, a SQLite file, a folder, a device; its folder missing),
// explained as writeOutput explains it.
func (g *globalOptions) checkOutput(path string) error {
	if path == "" || path == "-" {
		return nil
	}
	return g.explainOutput(g.guard().Check(path), "")
}

// explainOutput words an *outfile.Error in err for the arbiter: what happened to which
// file and why (the database, a SQLite file, a link, a full disk, a read-only medium...),
// then the state of the file ("nothing was written; FILE is as it was") and the fix. With
// site (publish's --out folder), a failure inside the folder says what a stopped publish
// leaves instead. Other errors are returned as they are.
func (g *globalOptions) explainOutput(err error, site string) error {
	var oe *outfile.Error
	if !errors.As(err, &oe) {
		return err
	}
	msg := g.cliLocale()
	link := oe.Link
	if link == "" {
		link = oe.Path // NotFolder: --out names a file
	}
	args := []any{"file", oe.Path, "db", g.db, "link", link, "err", osCause(oe)}
	var what, fix string
	switch oe.Reason {
	case outfile.Database:
		what, fix = "err.out.database", "hint.out.other_name"
	case outfile.SQLite:
		what, fix = "err.out.sqlite", "hint.out.other_name"
	case outfile.NotRegular:
		what, fix = "err.out.not_regular", "hint.out.other_name"
		key, ok := kindKeys[oe.Kind]
		if !ok {
			key = kindKeys[outfile.KindOther]
		}
		args = append(args, "kind", msg.T(key))
	case outfile.Symlink:
		what, fix = "err.out.symlink", "hint.out.symlink"
	case outfile.NotFolder:
		what, fix = "err.out.not_folder", "hint.out.other_name"
	case outfile.Unreadable:
		what, fix = "err.out.unreadable", "hint.out.other_name"
	case outfile.NoFolder:
		what, fix = "err.out.no_folder", "hint.out.no_folder"
	case outfile.NotWritable:
		what, fix = "err.out.not_writable", "hint.out.not_writable"
	case outfile.ReadOnly:
		what, fix = "err.out.read_only", "hint.out.read_only"
	case outfile.DiskFull:
		what, fix = "err.out.disk_full", "hint.out.disk_full"
	default: // Render, IO
		what, fix = "err.out.io", "hint.out.io"
	}
	state := msg.T("hint.out.not_created", "file", oe.Path)
	switch {
	case site != "" && oe.Path != site:
		state = msg.T("hint.out.site", "file", oe.Path, "dir", site)
	case oe.Existed:
		state = msg.T("hint.out.kept", "file", oe.Path)
	}
	return fail(errors.New(msg.T(what, args...)), msg.T(fix, "state", state))
}

// kindKeys are the catalog keys of the kinds of outfile.NotRegular targets.
var kindKeys = map[string]string{
	outfile.KindDirectory: "out.kind.directory",
	outfile.KindDevice:    "out.kind.device",
	outfile.KindFifo:      "out.kind.fifo",
	outfile.KindSocket:    "out.kind.socket",
	outfile.KindDangling:  "out.kind.dangling-link",
	outfile.KindOther:     "out.kind.other",
}

// osCause is the cause of e as the system gave it, without the temporary file's path of
// an *fs.PathError ("permission denied"), or the renderer's error as it is.
func osCause(e *outfile.Error) string {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case e.Err == nil:
		return ""
	case e.Reason == outfile.Render:
	case errors.As(e.Err, &pe):
		return pe.Err.Error()
	case errors.As(e.Err, &le):
		return le.Err.Error()
	}
	return e.Err.Error()
}

// writePDF renders a PDF report into file through writeOutput (file is replaced only by a
// whole rendering; the database, a SQLite file and non-regular files are refused) and
// prints "wrote FILE".
func writePDF(cmd *cobra.Command, g *globalOptions, file string, render func(w io.Writer, m reports.Meta) error) error {
	m, err := reportMeta()
	if err != nil {
		return err
	}
	if err := g.writeOutput(file, func(w io.Writer) error { return render(w, m) }); err != nil {
		return err
	}
	return reports.WriteWrote(cmd.OutOrStdout(), g.cliLocale(), file)
}
