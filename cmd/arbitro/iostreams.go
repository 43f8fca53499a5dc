package main

import (
	"io"
	"os"

	"golang.org/x/term"
)

// ioStreams are the standard streams of one run of arbitro, as gh's iostreams: run gets
// them from main (the process's own) or from a test (buffers), gives them to cobra (so a
// command writes to cmd.OutOrStdout and cmd.ErrOrStderr and reads cmd.InOrStdin) and keeps
// them in globalOptions for what cobra does not carry (whether stderr is a terminal, for
// progress bars). No command touches os.Stdin, os.Stdout or os.Stderr.
type ioStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// ErrTTY says ErrOut is a terminal: progress is shown there, and only there.
	ErrTTY bool
}

// systemStreams are the process's standard streams.
func systemStreams() *ioStreams {
	return &ioStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, ErrTTY: term.IsTerminal(int(os.Stderr.Fd()))}
}

// bufferStreams are streams for a test or an in-process run: no input, out and errOut
// as given, not a terminal.
func bufferStreams(out, errOut io.Writer) *ioStreams {
	return &ioStreams{In: eofReader{}, Out: out, ErrOut: errOut}
}

// eofReader is an empty standard input.
type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
