package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// envCapture names a folder where every `exec arbitro` of the scripts appends what it was
// asked and what it answered (arguments, exit code, stdout, stderr), one file per script:
// two captures taken before and after a change that must not change any output are
// compared with diff -r. $WORK is replaced by the word WORK so that captures compare.
const envCapture = "ARBITRO_SCRIPT_CAPTURE"

// runCaptured runs the command as run does, appending its record to the capture folder
// when envCapture is set.
func runCaptured(args []string) int {
	dir := os.Getenv(envCapture)
	if dir == "" {
		return run(args, systemStreams())
	}
	var out, errb bytes.Buffer
	ios := systemStreams()
	ios.Out, ios.ErrOut = io.MultiWriter(ios.Out, &out), io.MultiWriter(ios.ErrOut, &errb)
	code := run(args, ios)
	work := os.Getenv("WORK")
	name := strings.TrimPrefix(filepath.Base(work), "script-")
	clean := func(s string) string { return strings.ReplaceAll(s, work, "WORK") }
	f, err := os.OpenFile(filepath.Join(dir, name+".log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		fmt.Fprintf(f, "$ arbitro %s\nexit %d\n--- stdout\n%s--- stderr\n%s\n", clean(strings.Join(args, " ")), code, clean(out.String()), clean(errb.String()))
		f.Close()
	}
	return code
}
