package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"arbitro/reports"
	"arbitro/tournament"
)

// openInputFile opens the file a command reads (a CSV of players, a TRF or PDN file, a
// conversion table): a file that does not exist, cannot be read or is a folder gives a
// tournament.CodedError naming the file, the problem and its fix, worded in the run's
// language by reports.ErrorText (issue 29); any other error of the system keeps its own
// text inside that frame ("cannot read x: ..."); the hint says the fix. The error wraps the system's, so that
// errors.Is(err, fs.ErrNotExist) holds.
func openInputFile(msg *reports.Locale, name string) (*os.File, error) {
	f, err := openFileToRead(name)
	if err != nil {
		return nil, fail(err, inputFileHint(msg, err))
	}
	return f, nil
}

// openFileToRead is os.Open(name) with openInputFile's errors, without a hint (the commands
// that read several files, audit and replay, give one hint for all).
func openFileToRead(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, inputFileError(name, err)
	}
	fi, err := f.Stat()
	if err == nil && fi.IsDir() {
		f.Close()
		return nil, inputFileError(name, syscall.EISDIR)
	}
	return f, nil
}

// inputFileHint is the fix of an inputFileError, in msg's words.
func inputFileHint(msg *reports.Locale, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return msg.T("hint.file.not_found")
	case errors.Is(err, fs.ErrPermission):
		return msg.T("hint.file.permission")
	case errors.Is(err, syscall.EISDIR):
		return msg.T("hint.file.is_directory")
	}
	return msg.T("hint.file.read")
}

// inputFileError is err, met opening or reading the input file name, as a CodedError:
// the file missing (fs.ErrNotExist), not readable (fs.ErrPermission), a folder
// (syscall.EISDIR), or another error of the system in a frame naming the file.
func inputFileError(name string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return tournament.Errf(err, "err.file.not_found", "cannot read {name}: there is no such file", "name", name)
	case errors.Is(err, fs.ErrPermission):
		return tournament.Errf(err, "err.file.permission", "cannot read {name}: permission denied", "name", name)
	case errors.Is(err, syscall.EISDIR):
		return tournament.Errf(err, "err.file.is_directory", "cannot read {name}: it is a folder, not a file", "name", name)
	}
	return tournament.Errf(nil, "err.file.read", "cannot read {name}: {cause}", "name", name, "cause", err.Error())
}

// namingFile is err of the input file name with the name in front ("x.pdn: ..."), unless
// err is one of inputFileError's, which names it already.
func namingFile(name string, err error) error {
	if p := tournament.AsCodedError(err); p != nil && strings.HasPrefix(p.Code, "err.file.") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}
