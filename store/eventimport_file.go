package store

import (
	"arbitro/tournament"
	"context"
	"io"
	"os"
	"path/filepath"
)

// EventInput is the PDN file of a played event that ImportEventFile reads: a file on disk,
// or standard input.
type EventInput struct {
	// Path of the file; "-" reads Stdin.
	Path  string
	Stdin io.Reader
	// SpoolDir is where standard input is copied as it is read, for the second reading
	// (the database's folder, so that the copy is on the same disk); when it cannot be
	// written there, the system's temporary folder. The copy is removed after the import
	// (on Unix it is unlinked at once, so not even a kill leaves it behind).
	SpoolDir string
}

// EventInputError is a failure to open the file of an EventInput (Spool false), or to
// create the temporary copy of standard input (Spool true). Nothing was written.
type EventInputError struct {
	Spool bool
	Err   error
}

func (e *EventInputError) Error() string { return e.Err.Error() }
func (e *EventInputError) Unwrap() error { return e.Err }

// ImportEventFile is `arbitro event import`: it plans the import of in without touching any
// database (PrepareEventImportFile, or PrepareEventImportSpool for standard input), then,
// only when the file is good, opens the store with open (so a bad file never creates the
// database file), and writes the whole event in one transaction (ImportEventPlan):
// everything or nothing. opts.Source is ignored: the event log names the file by its base
// name, or "standard input"; again imports a file already imported once more. Errors: an
// *EventInputError, open's error unchanged, and those of the Prepare functions and of
// Tx.ImportEvent (ErrEventPDN, ErrAlreadyImported, ErrMalformed, ErrInvalid).
func ImportEventFile(ctx context.Context, in EventInput, opts tournament.EventImportOptions, again bool, open func() (*Store, error)) (*tournament.ImportReport, error) {
	plan, source, cleanup, err := prepareEventInput(in, opts)
	defer cleanup()
	if err != nil {
		return nil, err
	}
	plan.Again = again
	st, err := open()
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return ImportEventPlan(ctx, st, plan, source)
}

// prepareEventInput plans the import of in. It returns the plan, the name the event log
// gives the source, and the cleanup that closes (and, where it was not unlinked, removes)
// what it opened; cleanup is never nil.
func prepareEventInput(in EventInput, opts tournament.EventImportOptions) (*tournament.EventPlan, string, func(), error) {
	if in.Path != "-" {
		fh, err := os.Open(in.Path)
		if err != nil {
			return nil, "", func() {}, &EventInputError{Err: err}
		}
		plan, err := tournament.PrepareEventImportFile(fh, opts)
		return plan, filepath.Base(in.Path), func() { fh.Close() }, err
	}
	spool, err := os.CreateTemp(in.SpoolDir, ".arbitro-stdin-*.pdn")
	if err != nil {
		spool, err = os.CreateTemp("", "arbitro-stdin-*.pdn")
	}
	if err != nil {
		return nil, "", func() {}, &EventInputError{Spool: true, Err: err}
	}
	// Unlinked at once where the system allows it (Unix: the open file lives on); else
	// removed after the import.
	cleanup := func() { spool.Close() }
	if err := os.Remove(spool.Name()); err != nil {
		cleanup = func() { spool.Close(); os.Remove(spool.Name()) }
	}
	plan, err := tournament.PrepareEventImportSpool(in.Stdin, spool, opts)
	return plan, "standard input", cleanup, err
}
