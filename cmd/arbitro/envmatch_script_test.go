package main

import (
	"regexp"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() { scriptCmds["envmatch"] = scriptEnvMatch }

// scriptEnvMatch is the script command `envmatch NAME REGEXP`: it sets $NAME to the first
// submatch of REGEXP in the last command's stdout, so that a later line can compare a
// value one output gives with another's (the seed of 'tournament show' on a round
// sheet). It fails when REGEXP has no submatch there.
func scriptEnvMatch(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: envmatch NAME REGEXP")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	m := re.FindStringSubmatch(ts.ReadFile("stdout"))
	if len(m) < 2 {
		ts.Fatalf("envmatch: %q matches nothing in stdout", args[1])
	}
	ts.Setenv(args[0], m[1])
}
