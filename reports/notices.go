package reports

// The short lines of the commands that are neither a table nor a confirmation of a write:
// the version, the web server's and the site writer's status, a round's schedule, the file
// a PDF went to, the notes and warnings a command prints on standard error, and the error
// line every failing command ends with.

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"arbitro/tournament"
)

// BuildInfo is what `arbitro version` prints: the version ("v1.2.0", or "dev"), the Git
// commit ("" when unknown), the Go toolchain (runtime.Version) and the platform.
type BuildInfo struct {
	Version, Commit string
	GoVersion       string // "go1.26.8"
	OS, Arch        string // runtime.GOOS, runtime.GOARCH
}

// WriteVersion writes `arbitro version` in the language l: three lines, version, commit
// ("unknown" when the build does not know it) and toolchain with platform.
func WriteVersion(w io.Writer, l *Locale, b BuildInfo) error {
	l = orEnglish(l)
	commit := b.Commit
	if commit == "" {
		commit = l.T("cmd.version.unknown")
	}
	_, err := fmt.Fprintln(w, l.T("cmd.version", "version", b.Version, "commit", commit, "go", b.GoVersion, "os", b.OS, "arch", b.Arch))
	return err
}

// WriteServing writes the line `arbitro serve` prints once it listens, in the language l:
// the database file and the address (host:port) of the site.
func WriteServing(w io.Writer, l *Locale, db, addr string) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.serving", "db", db, "addr", addr))
	return err
}

// WriteServeStopped writes the line `arbitro serve` prints after a clean shutdown, in the
// language l.
func WriteServeStopped(w io.Writer, l *Locale) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.serve_stopped"))
	return err
}

// PublishSummary is what `arbitro publish` did: tournaments published, files of the site,
// files written because their content changed, files of an earlier publish removed, and
// the path of the site's index page.
type PublishSummary struct {
	Tournaments, Files, Written, Removed int
	Index                                string
}

// WritePublished writes the two lines of `arbitro publish` in the language l: the
// counts, then the index.
func WritePublished(w io.Writer, l *Locale, s PublishSummary) error {
	_, err := fmt.Fprintf(w, "%s\n%s\n", orEnglish(l).T("cmd.published", "tournaments", s.Tournaments, "files", s.Files,
		"written", s.Written, "removed", s.Removed), s.Index)
	return err
}

// WriteRoundSet confirms `arbitro round set` in the language of msg: the tournament, the
// round, its date (in the language's form) and start time, "-" for a value not set.
func WriteRoundSet(w io.Writer, msg *Locale, tournamentName string, rs tournament.RoundSchedule) error {
	_, err := fmt.Fprintln(w, msg.T("cli.round_set", "name", tournamentName, "round", rs.Round,
		"date", Dash(msg.DateText(rs.Date)), "time", Dash(rs.Time)))
	return err
}

// WriteWrote confirms, in the language of msg, that a report went to file (the --pdf of
// standings, crosstable, pairings, rating...).
func WriteWrote(w io.Writer, msg *Locale, file string) error {
	_, err := fmt.Fprintln(w, msg.T("cli.wrote", "file", file))
	return err
}

// WriteNotes writes one "arbitro: note: ..." line per note to errw (standard error), in
// the language l: what the command noticed and did anyway (a player entered twice under
// another club, a result given again unchanged); the note's text is the domain's.
func WriteNotes(errw io.Writer, l *Locale, notes []string) error {
	for _, n := range notes {
		if _, err := fmt.Fprintln(errw, orEnglish(l).T("cli.note", "text", n)); err != nil {
			return err
		}
	}
	return nil
}

// WriteWarnings writes one line per warning to errw in the language of msg
// ("arbitro: warning: ..." in English).
func WriteWarnings(errw io.Writer, msg *Locale, warnings []tournament.Note) error {
	for _, s := range warnings {
		if _, err := fmt.Fprintln(errw, msg.T("cli.warning", "text", msg.Note(s))); err != nil {
			return err
		}
	}
	return nil
}

// WriteFileWarnings writes the warnings of reading file (a players CSV: an encoding
// guessed, letters unusual in names), one "arbitro: warning: FILE: ..." line each, in the
// language of msg.
func WriteFileWarnings(errw io.Writer, msg *Locale, file string, warnings []tournament.Note) error {
	for _, s := range warnings {
		if _, err := fmt.Fprintln(errw, msg.T("cli.warning", "text", file+": "+msg.Note(s))); err != nil {
			return err
		}
	}
	return nil
}

// WriteResultWarnings writes what `arbitro result` found wrong with a result it recorded
// anyway, in the language l (disagreements with the game score, the domain's sentences;
// lastPaired the tournament's last paired round): one line per disagreement, then, for a
// correction (correct) of a round that later rounds were paired on, which rounds keep
// their pairings.
func WriteResultWarnings(errw io.Writer, l *Locale, round, board int, disagreements []string, correct bool, lastPaired int) error {
	l = orEnglish(l)
	for _, s := range disagreements {
		if _, err := fmt.Fprintln(errw, l.T("cli.warning", "text", l.T("cmd.result.disagrees", "round", round, "board", board, "text", s))); err != nil {
			return err
		}
	}
	if !correct || lastPaired <= round {
		return nil
	}
	since := l.T("cmd.result.since_rounds", "from", round+1, "to", lastPaired)
	if lastPaired == round+1 {
		since = l.T("cmd.result.since_round", "round", lastPaired)
	}
	_, err := fmt.Fprintln(errw, l.T("cli.warning", "text", l.T("cmd.result.paired_on_old", "round", round, "board", board, "since", since)))
	return err
}

// WriteTRFGenerated writes the line `arbitro generate --output FILE` prints to standard
// error, in the language l: players, rounds, the file and the seed that gives the same
// file again.
func WriteTRFGenerated(errw io.Writer, l *Locale, players, rounds int, file string, seed uint64) error {
	_, err := fmt.Fprintln(errw, orEnglish(l).T("cmd.generated", "players", players, "rounds", rounds, "file", file, "seed", fmt.Sprint(seed)))
	return err
}

// WriteErrorLines writes one "arbitro: ERROR" line per error (the files a command could
// not read before the last one, which ends the command).
func WriteErrorLines(errw io.Writer, l *Locale, errs []error) error {
	for _, e := range errs {
		if _, err := fmt.Fprintf(errw, "arbitro: %s\n", ErrorText(l, e)); err != nil {
			return err
		}
	}
	return nil
}

// WriteError writes the line a failing command ends with: "arbitro: WHAT (HINT)", or
// "arbitro: WHAT" without a hint; WHAT is err worded in the language l (ErrorText: the
// catalog's words of a tournament.Problem or a sentinel, else the error's own text).
func WriteError(errw io.Writer, l *Locale, err error, hint string) error {
	var werr error
	if hint != "" {
		_, werr = fmt.Fprintf(errw, "arbitro: %s (%s)\n", ErrorText(l, err), hint)
	} else {
		_, werr = fmt.Fprintf(errw, "arbitro: %s\n", ErrorText(l, err))
	}
	return werr
}

// WriteJSON writes v as one JSON document indented by two spaces, with a final newline:
// the --json output of the commands whose value is a tournament type (an entry, a board,
// a lot, a round's schedule...), in the field names of its json tags.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteUnsafeNames writes one warning line per stored player name that the names check
// refuses (stored by an older arbitro; listings show it escaped until it is corrected), in
// the language l: "arbitro: warning: player ID is stored as SHOWN, which the names check
// refuses (REASON); it is shown escaped until corrected: FIX" (reason and fix are the
// domain's).
func WriteUnsafeNames(errw io.Writer, l *Locale, names []tournament.UnsafeName) error {
	l = orEnglish(l)
	for _, u := range names {
		if _, err := fmt.Fprintln(errw, l.T("cli.warning", "text", l.T("cmd.unsafe_name", "id", fmt.Sprint(u.PlayerID), "shown", u.Shown,
			"reason", unsafeReason(l, u.Why, u.Reason), "fix", strings.ReplaceAll(u.Fix, `"Surname, Given name"`, l.T("cli.arg.surname_given"))))); err != nil {
			return err
		}
	}
	return nil
}

// unsafeTableKeys are the catalog keys of the words for what holds an unsafe text
// (tournament.UnsafeText.Table).
var unsafeTableKeys = map[string]string{
	"tournament": "unsafe.tournament", "player": "unsafe.player", "category": "unsafe.category",
	"prize": "unsafe.prize", "absence": "unsafe.absence", "claim": "unsafe.claim",
	"result": "unsafe.result", "round": "unsafe.round", "event": "unsafe.event",
}

// WriteUnsafeTexts writes one warning line per stored free text other than a player's
// name that the names check refuses (tournament.UnsafeText: stored by an older arbitro or
// another program; every listing shows it escaped), in the language l: "arbitro: warning:
// WHAT ID, COLUMN, is stored as SHOWN, which the names check refuses (REASON); it is shown
// escaped until corrected: FIX", or, when no command changes it, "...; no command changes
// it: it is always shown escaped" (reason and fix are the domain's).
func WriteUnsafeTexts(errw io.Writer, l *Locale, texts []tournament.UnsafeText) error {
	l = orEnglish(l)
	for _, u := range texts {
		what := u.Table
		if key, ok := unsafeTableKeys[u.Table]; ok {
			what = l.T(key)
		}
		args := []any{"what", what, "id", fmt.Sprint(u.Row), "column", ErrorText(l, tournament.ColumnWord(u.Column)),
			"shown", u.Shown, "reason", unsafeReason(l, u.Why, u.Reason)}
		key := "cmd.unsafe_text_kept"
		if u.Fix != "" {
			key, args = "cmd.unsafe_text", append(args, "fix", u.Fix)
		}
		if _, err := fmt.Fprintln(errw, l.T("cli.warning", "text", l.T(key, args...))); err != nil {
			return err
		}
	}
	return nil
}

// WritePerftSpeed writes perft's timing line for a terminal: the time taken (rounded to
// the millisecond) and the leaves counted per second, in the language l, "1.234s, 5678901 leaves/s". Nothing
// is written when elapsed is not positive.
func WritePerftSpeed(errw io.Writer, l *Locale, elapsed time.Duration, leaves uint64) error {
	if elapsed <= 0 {
		return nil
	}
	_, err := fmt.Fprintln(errw, orEnglish(l).T("cmd.perft_speed", "elapsed", elapsed.Round(time.Millisecond).String(),
		"speed", strconv.FormatFloat(float64(leaves)/elapsed.Seconds(), 'f', 0, 64)))
	return err
}

// WriteHallServing writes the lines `arbitro serve --hall` prints when it starts: the
// address of the hall to show on the screens (hall, a path: "/hall/" or one event's
// "/hall/3/"), and the arbiter's one-time login link (login, a path).
func WriteHallServing(w io.Writer, l *Locale, db, addr, hall, login string) error {
	l = orEnglish(l)
	_, err := fmt.Fprintf(w, "%s\n%s\n%s\n", l.T("cmd.serving", "db", db, "addr", addr),
		l.T("cmd.hall.address", "url", "http://"+addr+hall), l.T("cmd.hall.login", "url", "http://"+addr+login))
	return err
}

// WriteHallPasswordSet confirms `arbitro hall password`.
func WriteHallPasswordSet(w io.Writer, l *Locale, db string) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.hall.password_set", "db", db))
	return err
}

// WriteSheetDelaySet confirms 'arbitro hall delay': the spectators' delay d of event's
// games in the hall, in l's language.
func WriteSheetDelaySet(w io.Writer, l *Locale, event string, d tournament.SheetDelay) error {
	_, err := fmt.Fprintln(w, orEnglish(l).T("cmd.hall.delay_set", "event", event, "minutes", d.Minutes, "moves", d.Moves))
	return err
}

// unsafeReason is the names check's complaint in l's words: why worded by ErrorText, or
// the English reason when there is no error (an UnsafeName made without one).
func unsafeReason(l *Locale, why error, reason string) string {
	if why == nil {
		return reason
	}
	return ErrorText(l, why)
}
