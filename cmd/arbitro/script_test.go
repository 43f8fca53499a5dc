package main

// End-to-end tests of the command line: testscript files in testdata/script/*.txtar.
// In a script, `exec arbitro ...` runs this package's run() in a child process (the test
// binary re-executed by testscript.Main), with $WORK as the working directory, so the
// default database is $WORK/arbitro.db.
//
// Extra script commands (see scriptCmds):
//
//	exits N PROG ARGS...   run PROG (e.g. arbitro) and require exit code N exactly
//	sql FILE QUERY         run one SQL statement on database FILE; rows go to stdout,
//	                       one per line, columns separated by '|'
//	setversion FILE N      set PRAGMA user_version of database FILE to N (current: this
//	                       arbitro's schema version)
//	gencsv FILE N [SEP]    write a players CSV with a header and N rows (SEP ';' or ',')
//	freeport, hallpins, httppost, httpget: the hall's (hall_script_test.go)
//	noenglish stdout|stderr  the last output has no word of testdata/english_words.txt
//	                       (english_script_test.go)
//	envmatch NAME REGEXP   set $NAME to REGEXP's first submatch in the last stdout
//	                       (envmatch_script_test.go)
//
// Conditions: [root] is true when the tests run as root.

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"arbitro/store"

	_ "modernc.org/sqlite"
)

// envRunMain makes the test binary behave as arbitro itself (used by the Go tests that
// start real processes: crash and concurrency tests).
const envRunMain = "ARBITRO_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(envRunMain) == "1" {
		os.Exit(run(os.Args[1:], systemStreams()))
	}
	testscript.Main(m, map[string]func(){
		"arbitro": func() { os.Exit(runCaptured(os.Args[1:])) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:  "testdata/script",
		Cmds: scriptCmds,
		Setup: func(env *testscript.Env) error {
			env.Setenv("ARBITRO_ARBITER", "Test Arbiter")
			env.Setenv(envCapture, os.Getenv(envCapture))
			env.Setenv("ARBITRO_DB", "")
			env.Setenv("LANG", "en_US.UTF-8") // messages in English; a script sets LANG to try another
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		RequireExplicitExec: true,
	})
}

var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"freeport": scriptFreePort,
	"hallpins": scriptHallPins,
	"httppost": scriptHTTPPost,
	"httpget":  scriptHTTPGet,
	"exits": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) < 2 {
			ts.Fatalf("usage: exits N PROG ARGS...")
		}
		want, err := strconv.Atoi(args[0])
		ts.Check(err)
		err = ts.Exec(args[1], args[2:]...)
		got := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			got = ee.ExitCode()
		} else if err != nil {
			ts.Fatalf("%v", err)
		}
		if got != want {
			ts.Fatalf("exit code %d, want %d", got, want)
		}
	},
	"sql": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: sql FILE QUERY")
		}
		db, err := sql.Open("sqlite", ts.MkAbs(args[0]))
		ts.Check(err)
		defer db.Close()
		rows, err := db.Query(args[1])
		if err != nil {
			if neg {
				fmt.Fprintln(ts.Stderr(), err)
				return
			}
			ts.Fatalf("%v", err)
		}
		defer rows.Close()
		for rows.Next() {
			fmt.Fprintln(ts.Stdout(), rowText(ts, rows))
		}
		err = rows.Err()
		if neg && err == nil {
			ts.Fatalf("sql succeeded")
		}
		if !neg {
			ts.Check(err)
		}
	},
	"setversion": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: setversion FILE N")
		}
		n, err := strconv.Atoi(args[1])
		if args[1] == "current" { // this arbitro's schema version
			n, err = store.SchemaVersion, nil
		}
		ts.Check(err)
		db, err := sql.Open("sqlite", ts.MkAbs(args[0]))
		ts.Check(err)
		defer db.Close()
		_, err = db.Exec(fmt.Sprintf("PRAGMA user_version = %d", n))
		ts.Check(err)
	},
	"gencsv": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) < 2 {
			ts.Fatalf("usage: gencsv FILE N [SEP]")
		}
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		sep := ";"
		if len(args) > 2 {
			sep = args[2]
		}
		ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(genCSV(n, sep, "Giocatore")), 0o644))
	},
}

// genCSV returns a players file with a header and n distinct players named prefix+index.
func genCSV(n int, sep, prefix string) string {
	var b strings.Builder
	b.WriteString(strings.Join([]string{"Cognome", "Nome", "Circolo", "Elo", "Tessera"}, sep) + "\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%s%05d%sMario%sCircolo %d%s%d%s%s-%d\n", prefix, i, sep, sep, i%40, sep, 1200+i%1000, sep, prefix, i)
	}
	return b.String()
}

// rowText scans the current row of rows into "v1|v2|...": text for blobs, NULL for NULL.
// The sql and dbdump script commands print rows with it.
func rowText(ts *testscript.TestScript, rows *sql.Rows) string {
	cols, err := rows.Columns()
	ts.Check(err)
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	ts.Check(rows.Scan(ptrs...))
	parts := make([]string, len(vals))
	for i, v := range vals {
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		if v == nil {
			v = "NULL"
		}
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, "|")
}
