package main

// Extra testscript commands for the result, game, claim and audit scripts (added to
// scriptCmds before the scripts run):
//
//	dbdump FILE             print every row of every arbitro table of database FILE
//	                        (tables in schema order, rows by rowid), to check with cmp that
//	                        a failed command left the database unchanged
//	repeatpdn OUT SRC N     write N copies of the PDN game(s) in SRC to OUT (a big archive)
//	sparse FILE BYTES       create FILE of BYTES bytes as a sparse file of zero bytes (a
//	                        "1 GB file" that costs no disk)
//	stripstr FILE TEXT      remove every occurrence of TEXT from FILE
//	shuffle OUT FEN TYPE N A B C D RESULT
//	                        write a one-game PDN with the FEN tag, GameType TYPE and N plies
//	                        of kings shuffling: White A<->B, Black C<->D

import (
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["dbdump"] = cmdDBDump
	scriptCmds["repeatpdn"] = cmdRepeatPDN
	scriptCmds["sparse"] = cmdSparse
	scriptCmds["shuffle"] = cmdShuffle
	scriptCmds["stripstr"] = cmdStripStr
}

func cmdStripStr(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: stripstr FILE TEXT")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(strings.ReplaceAll(string(b), args[1], "")), 0o644))
}

var dumpTables = []string{"tournaments", "players", "entries", "rounds", "absences", "boards", "results", "games", "claims", "events"}

func cmdDBDump(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: dbdump FILE")
	}
	db, err := sql.Open("sqlite", "file:"+ts.MkAbs(args[0])+"?mode=ro")
	ts.Check(err)
	defer db.Close()
	for _, t := range dumpTables {
		rows, err := db.Query("SELECT * FROM " + t + " ORDER BY rowid")
		ts.Check(err)
		n := 0
		for rows.Next() {
			fmt.Fprintf(ts.Stdout(), "%s: %s\n", t, rowText(ts, rows))
			n++
		}
		ts.Check(rows.Err())
		rows.Close()
		fmt.Fprintf(ts.Stdout(), "%s: %d rows\n", t, n)
	}
}

func cmdRepeatPDN(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: repeatpdn OUT SRC N")
	}
	src, err := os.ReadFile(ts.MkAbs(args[1]))
	ts.Check(err)
	n, err := strconv.Atoi(args[2])
	ts.Check(err)
	f, err := os.Create(ts.MkAbs(args[0]))
	ts.Check(err)
	defer f.Close()
	for i := 0; i < n; i++ {
		_, err := f.Write(src)
		ts.Check(err)
		_, err = f.WriteString("\n")
		ts.Check(err)
	}
}

func cmdSparse(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: sparse FILE BYTES")
	}
	n, err := strconv.ParseInt(args[1], 10, 64)
	ts.Check(err)
	f, err := os.Create(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Check(f.Truncate(n))
	ts.Check(f.Close())
}

func cmdShuffle(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 9 {
		ts.Fatalf("usage: shuffle OUT FEN TYPE N A B C D RESULT")
	}
	n, err := strconv.Atoi(args[3])
	ts.Check(err)
	a, b, c, d := args[4], args[5], args[6], args[7]
	w := [2]string{a + "-" + b, b + "-" + a}
	k := [2]string{c + "-" + d, d + "-" + c}
	var s strings.Builder
	fmt.Fprintf(&s, "[White \"Rossi, Mario\"]\n[Black \"Bianchi, Luca\"]\n[GameType \"%s\"]\n[FEN \"%s\"]\n[Result \"%s\"]\n\n", args[2], args[1], args[8])
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&s, "%d. %s ", i/2+1, w[(i/2)%2])
		} else {
			fmt.Fprintf(&s, "%s ", k[(i/2)%2])
		}
	}
	s.WriteString(args[8] + "\n")
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(s.String()), 0o644))
}
