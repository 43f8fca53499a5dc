package reports

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"arbitro/tournament"
)

// Every status, note, warning and error line of the commands, with the cases each one
// tells apart (a commit known or not, a date set or cleared, one later round or several
// paired on a corrected result, an error with and without a hint), in every language
// (the error lines of WriteErrorLines and the JSON are the same in each).
func TestNoticeLines(t *testing.T) {
	missing := tournament.Note{Code: tournament.NoteMissingResult, Args: map[string]any{"round": 2, "board": 3, "game": 1, "white": "Rossi, Mario", "black": "Verdi, Anna", "adjourned": false}}
	goldenLangs(t, "golden/notices.txt", func(l *Locale, b *bytes.Buffer) error {
		for _, f := range []func() error{
			func() error {
				return WriteVersion(b, l, BuildInfo{Version: "v1.2.0", Commit: "1c09412a", GoVersion: "go1.26.8", OS: "windows", Arch: "amd64"})
			},
			func() error {
				return WriteVersion(b, l, BuildInfo{Version: "dev", GoVersion: "go1.26.8", OS: "linux", Arch: "arm64"})
			},
			func() error { return WriteServing(b, l, "club.db", "127.0.0.1:8080") },
			func() error { return WriteServeStopped(b, l) },
			func() error {
				return WritePublished(b, l, PublishSummary{Tournaments: 2, Files: 40, Written: 3, Removed: 1, Index: "site/index.html"})
			},
			func() error {
				return WriteRoundSet(b, l, "Open", tournament.RoundSchedule{Round: 3, Date: "2026-11-21", Time: "15:30"})
			},
			func() error {
				return WriteRoundSet(b, l, "Open", tournament.RoundSchedule{Round: 3, Date: "2026-11-21"})
			},
			func() error { return WriteRoundSet(b, l, "Open", tournament.RoundSchedule{Round: 4}) },
			func() error { return WriteWrote(b, l, "standings.pdf") },
			func() error { return WriteWrote(b, l, "classifica.pdf") },
			func() error {
				return WriteNotes(b, l, []string{"a player named Rossi, Mario is already entered (id 3)", "same result"})
			},
			func() error {
				return WriteWarnings(b, l, []tournament.Note{missing})
			},
			func() error { return WriteWarnings(b, l, []tournament.Note{missing}) },
			func() error {
				return WriteFileWarnings(b, l, "iscritti.csv", []tournament.Note{tournament.NewNote(tournament.NoteCSVLatin2, "line", 4, "char", "ø", "name", "LATIN SMALL LETTER O WITH STROKE", "text", "Dvoøák, Jan")})
			},
			func() error {
				return WriteResultWarnings(b, l, 2, 5, []string{"the game score ends 1-1"}, false, 4)
			},
			func() error { return WriteResultWarnings(b, l, 2, 5, nil, true, 3) },
			func() error {
				return WriteResultWarnings(b, l, 2, 5, []string{"the game score ends 1-1"}, true, 5)
			},
			func() error { return WriteResultWarnings(b, l, 2, 5, nil, true, 2) }, // no later round: no line
			func() error { return WriteTRFGenerated(b, l, 30, 9, "t.trf", 42) },
			func() error {
				return WriteErrorLines(b, l, []error{errors.New("a.pdn: no such file"), errors.New("b.pdn: no such file")})
			},
			func() error { return WriteError(b, l, errors.New("no tournament"), "create one first") },
			func() error { return WriteError(b, l, errors.New("interrupted"), "") },
			func() error {
				return WriteJSON(b, tournament.RoundSchedule{Round: 3, Date: "2026-11-21", Time: "15:30"})
			},
			func() error {
				return WriteUnsafeNames(b, l, []tournament.UnsafeName{{PlayerID: 7, Shown: `"Rossi\u202e"`, Reason: "U+202E RIGHT-TO-LEFT OVERRIDE at 6", Fix: `arbitro player set 7 name "Rossi"`}})
			},
			func() error { return WritePerftSpeed(b, l, 1234567*time.Microsecond, 3860875) },
			func() error { return WritePerftSpeed(b, l, 0, 1) }, // no time measured: no line
			func() error {
				return WriteUnsafeTexts(b, l, []tournament.UnsafeText{
					{Table: "tournament", Row: 3, Column: "place", Shown: `Roma\u001b[2J`, Reason: "character 5 is U+001B ESCAPE", Fix: `arbitro --tournament 3 tournament set place "..."`},
					{Table: "event", Row: 12, Column: "actor", Shown: `\u3164`, Reason: "character 1 is U+3164 HANGUL FILLER"},
				})
			},
		} {
			if err := f(); err != nil {
				return err
			}
		}
		return nil
	})
}
