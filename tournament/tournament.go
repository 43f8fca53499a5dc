package tournament

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"arbitro/pairing"
	"arbitro/rules"
)

// Variants of draughts a tournament plays: the rules values themselves, so that a
// tournament's variant is compared by pointer and never parsed again. The column
// tournaments.variant stores their Name ("italian", "international").
var (
	VariantItalian       = rules.Italian       // dama italiana, 8x8, squares 1-32
	VariantInternational = rules.International // FMJD international draughts, 10x10, squares 1-50
)

// Tournament is one event of the database (table tournaments). Points fields are game
// points on the 2-1-0 draughts scale.
type Tournament struct {
	ID              int64          `json:"id"`                     // row id, also accepted by --tournament
	Name            string         `json:"name"`                   // unique in the file (case-insensitive)
	Variant         *rules.Variant `json:"variant"`                // rules.Italian or rules.International; JSON and the column hold its Name
	System          System         `json:"system"`                 // RoundRobin, ItaloSwiss or Dutch; JSON and the column hold its Code
	Rounds          int            `json:"rounds"`                 // number of rounds planned (>= 1)
	Scoring         string         `json:"scoring"`                // display scale: "2-1-0", "1-0.5-0" or "3-1-0"
	ByePoints       int            `json:"bye_points"`             // game points for the pairing bye (riposo), 0-2
	ForfeitPoints   int            `json:"forfeit_points"`         // game points for a win by forfeit, 0-2
	GamesPerPairing int            `json:"games_per_pairing"`      // 1, or 2 (andata e ritorno, colours reversed)
	TieBreaks       []string       `json:"tiebreaks"`              // tie-break names in order
	Seed            int64          `json:"seed"`                   // seed of the lot and of every random choice
	LotDrawnAt      string         `json:"lot_drawn_at,omitempty"` // RFC 3339 time the lot was drawn; "" before
	Start           string         `json:"start,omitempty"`        // YYYY-MM-DD
	End             string         `json:"end,omitempty"`          // YYYY-MM-DD
	Place           string         `json:"place,omitempty"`        // where it is played
	Federation      string         `json:"federation,omitempty"`   // organising federation (FID, FMJD...)
	Arbiter         string         `json:"arbiter,omitempty"`      // chief arbiter (arbitro principale)
	TimeControl     string         `json:"time_control,omitempty"` // as announced, free text
	CreatedAt       string         `json:"created_at"`             // RFC 3339 UTC
	// ItaloFormat is the Italo-Swiss format (pairing.ItaloFormat: art8, art9, art2 or
	// rotation); "" for the other systems. New Italo-Swiss tournaments default to art8.
	ItaloFormat string `json:"italo_format,omitempty"`
	// Openings is the opening ballot: "" none, OpeningsFIDItalian one opening drawn per
	// round from FID Tabella 4 (Capo IV).
	Openings string `json:"openings,omitempty"`
	// ClubSeparation is "" or "club": a round robin's lot places clubmates to meet in the
	// first rounds (pairing.LotSeparated); the Italo-Swiss avoids pairing clubmates while a
	// pairing without them exists (docs/club-separation.md).
	ClubSeparation string `json:"club_separation,omitempty"`
	Lang           Lang   `json:"lang"` // language of its sheets and messages
	// FieldCycles (round robin only) is 1 for a single, 2 for a double round robin whose
	// rounds come from the field when the lot is drawn (RoundRobin.FieldRounds of the
	// players who start, times FieldCycles; FIDE C.05 Annex 1, the Berger tables): Rounds is
	// 0 until then. 0 when Rounds was given (a shorter schedule, checked at the lot).
	FieldCycles int `json:"field_cycles,omitempty"`

	// Filled by the read functions, not stored in the tournaments row.
	Players      int `json:"players"`       // entries, withdrawn included
	RoundsPaired int `json:"rounds_paired"` // highest round number that exists (0 before round 1)
}

// validTieBreak reports whether name is a tie-break arbitro computes (tieBreakRegistry).
func validTieBreak(name string) bool { _, ok := tieBreakDefOf(TieBreak(name)); return ok }

// tieBreakName is the form of a tie-break name, compiled on first use.
var tieBreakName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9-]*$`) })

// ParseTieBreaks splits a comma-separated list ("quoziente, sonneborn-berger") into names,
// lower-cased. An empty list is allowed (ties stay ties). Errors wrap ErrInvalid.
func ParseTieBreaks(s string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if f == "" {
			continue
		}
		if !tieBreakName().MatchString(f) || !validTieBreak(f) {
			return nil, Errf(ErrMalformed, "err.tournament.unknown_tie_break", "{err}: unknown tie-break {f} (the known ones are listed by 'arbitro tournament create --help')", "f", strconv.Quote(f))
		}
		if seen[f] {
			return nil, Errf(ErrMalformed, "err.tournament.tie_break_twice", "{err}: tie-break {f} listed twice", "f", strconv.Quote(f))
		}
		seen[f] = true
		out = append(out, f)
	}
	return out, nil
}

// NormalizeScoring returns the stored name of a scoring scale: "2-1-0", "1-0.5-0" (also
// written "1-½-0" or "1-0,5-0") or "3-1-0"; "" means "2-1-0". Other names wrap ErrInvalid.
func NormalizeScoring(s string) (string, error) {
	switch strings.TrimSpace(s) {
	case "", "2-1-0":
		return "2-1-0", nil
	case "1-0.5-0", "1-½-0", "1-0,5-0":
		return "1-0.5-0", nil
	case "3-1-0":
		return "3-1-0", nil
	}
	return "", Errf(ErrMalformed, "err.tournament.scoring", "{err}: scoring {s} (use 2-1-0, 1-0.5-0 or 3-1-0)", "s", strconv.Quote(s))
}

// ParseDate accepts YYYY-MM-DD or the Italian DD/MM/YYYY and returns YYYY-MM-DD; "" stays
// "". Errors wrap ErrInvalid.
func ParseDate(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	for _, layout := range []string{"2006-01-02", "02/01/2006", "2/1/2006", "02.01.2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02"), nil
		}
	}
	return "", Errf(ErrMalformed, "err.tournament.date", "{err}: date {s} (write 2026-11-21 or 21/11/2026)", "s", strconv.Quote(s))
}

// NewSeed returns a random seed for the lot, from crypto/rand, between 1 and 999,999,999
// (nine digits at most, so an arbiter can read it out and write it in the report).
func NewSeed() int64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return time.Now().UnixNano()%999_999_999 + 1
	}
	return int64(binary.LittleEndian.Uint64(b[:])%999_999_999) + 1
}

// checkRounds checks Rounds (1-99) and FieldCycles: a round robin without rounds takes
// them from the field at the lot (FieldCycles 1, or 2 for a double one); the Swiss
// systems need Rounds.
func (t *Tournament) checkRounds() error {
	if t.FieldCycles != 0 && (!t.System.FixedTable() || t.FieldCycles > 2 || t.FieldCycles < 0) {
		return Errf(ErrMalformed, "err.tournament.only_round_robin", "{err}: only a round robin takes its rounds from the field (--double goes with --system round-robin; set the rounds first: 'arbitro tournament set rounds N')")
	}
	if t.Rounds == 0 && t.System.FixedTable() && t.FieldCycles == 0 {
		t.FieldCycles = 1 // the rounds of a round robin come from the field at the lot
	}
	if (t.Rounds < 1 && t.FieldCycles == 0) || t.Rounds > 99 || t.Rounds < 0 {
		return Errf(ErrMalformed, "err.tournament.rounds", "{err}: {rounds} rounds (use 1 to 99)", "rounds", t.Rounds)
	}
	return nil
}

// validate checks the fields of t and fills the defaults (scoring, tie-breaks, points).
func (t *Tournament) CheckFields() error {
	if err := t.checkText(); err != nil {
		return err
	}
	t.Name = strings.TrimSpace(t.Name)
	if t.Name == "" {
		return Errf(ErrMalformed, "err.tournament.needs_name", "{err}: the tournament needs a name")
	}
	if _, err := strconv.ParseInt(t.Name, 10, 64); err == nil {
		return Errf(ErrMalformed, "err.tournament.name_is_number", "{err}: tournament name {tournament} is a number; numbers select tournaments by id, so add a word", "tournament", strconv.Quote(t.Name))
	}
	if t.Variant != rules.Italian && t.Variant != rules.International {
		return Errf(ErrMalformed, "err.tournament.variant", "{err}: variant {v} (use italian or international)", "v", strconv.Quote(t.Variant.Name()))
	}
	if t.System.IsZero() {
		return &UnknownSystemError{}
	}
	if err := t.checkRounds(); err != nil {
		return err
	}
	var err error
	if t.Scoring, err = NormalizeScoring(t.Scoring); err != nil {
		return err
	}
	if t.ByePoints < 0 || t.ByePoints > 2 || t.ForfeitPoints < 0 || t.ForfeitPoints > 2 {
		return Errf(ErrMalformed, "err.tournament.bye_forfeit_points", "{err}: bye and forfeit points are game points 0, 1 or 2 (2 = a win)")
	}
	if t.GamesPerPairing == 0 {
		t.GamesPerPairing = 1
	}
	if t.GamesPerPairing != 1 && t.GamesPerPairing != 2 {
		return Errf(ErrMalformed, "err.tournament.games_per_pairing", "{err}: games per pairing must be 1 or 2")
	}
	if t.Seed < 0 {
		return Errf(ErrMalformed, "err.tournament.seed_negative", "{err}: the seed must not be negative")
	}
	if err := t.validateFID(); err != nil {
		return err
	}
	if t.Start, err = ParseDate(t.Start); err != nil {
		return err
	}
	if t.End, err = ParseDate(t.End); err != nil {
		return err
	}
	if t.Lang == "" {
		t.Lang = DefaultLang(t.Variant)
	}
	if !t.Lang.known() {
		if t.Lang, err = ParseLang(string(t.Lang)); err != nil {
			return ErrfWrap(ErrMalformed, err, "err.tournament.malformed_cause", "{err}: {cause}")
		}
	}
	if t.Start != "" && t.End != "" && t.End < t.Start {
		return Errf(ErrInvalid, "err.tournament.end_date_before", "{err}: the end date {end} is before the start date {start}", "end", t.End, "start", t.Start)
	}
	return nil
}

// ParseVariant is rules.VariantByName for a command's --variant flag and for
// `tournament set variant`: any name of rules.VariantNames ("dama", "internazionale", "22",
// ...), so that every command accepts the names replay --variant accepts. An unknown name
// gives an error wrapping ErrMalformed, `variant "russian" (use italian or international)`
// (the name lower-cased and trimmed).
func ParseVariant(name string) (*rules.Variant, error) {
	v, err := rules.VariantByName(name)
	if err != nil {
		return nil, Errf(ErrMalformed, "err.tournament.variant", "{err}: variant {v} (use italian or international)", "v", strconv.Quote(strings.ToLower(strings.TrimSpace(name))))
	}
	return v, nil
}

// Validate checks a tournament about to be created (name, variant, system, rounds, scoring,
// tie-breaks, dates) without touching any database, filling the default tie-breaks
// (DefaultTieBreaks) when t.TieBreaks is nil. A command calls it before it opens or creates
// the database file, so a mistyped option leaves no file behind. Errors wrap ErrInvalid.
func (t *Tournament) Validate() error {
	if t.TieBreaks == nil {
		t.TieBreaks = t.System.DefaultTieBreaks()
	}
	return t.CheckFields()
}

// TournamentFields lists the names accepted by SetTournamentField, with whether the field
// bears on pairings (and so is locked once a round exists).
var TournamentFields = map[string]bool{
	"name": false, "place": false, "start": false, "end": false, "arbiter": false,
	"federation": false, "time-control": false, "lang": false,
	"variant": true, "system": true, "rounds": true, "scoring": true, "tiebreaks": true,
	"bye-points": true, "forfeit-points": true, "games-per-pairing": true, "seed": true,
	"italo-format": true, "openings": true, "club-separation": true,
}

// fieldSetters sets one field of nt (a copy of cur, the stored tournament) from the text
// value, for SetTournamentField; the whole tournament is validated afterwards.
var FieldSetters = map[string]func(nt, cur *Tournament, field, value string) error{
	"name":         func(nt, _ *Tournament, _, v string) error { nt.Name = v; return nil },
	"place":        func(nt, _ *Tournament, _, v string) error { nt.Place = v; return nil },
	"start":        func(nt, _ *Tournament, _, v string) error { nt.Start = v; return nil },
	"end":          func(nt, _ *Tournament, _, v string) error { nt.End = v; return nil },
	"arbiter":      func(nt, _ *Tournament, _, v string) error { nt.Arbiter = v; return nil },
	"federation":   func(nt, _ *Tournament, _, v string) error { nt.Federation = v; return nil },
	"time-control": func(nt, _ *Tournament, _, v string) error { nt.TimeControl = v; return nil },
	"lang":         func(nt, _ *Tournament, _, v string) error { nt.Lang = Lang(v); return nil },
	"scoring":      func(nt, _ *Tournament, _, v string) error { nt.Scoring = v; return nil },
	"variant": func(nt, _ *Tournament, _, v string) (err error) {
		nt.Variant, err = ParseVariant(v)
		return err
	},
	"system": func(nt, cur *Tournament, _, v string) (err error) {
		if nt.System, err = ParseSystem(v); err != nil {
			return err
		}
		if !nt.System.HasItaloFormat() {
			nt.ItaloFormat = ""
		} else if !cur.System.HasItaloFormat() {
			nt.ItaloFormat = string(pairing.ItaloArt8)
		}
		return nil
	},
	"italo-format":    func(nt, _ *Tournament, _, v string) error { nt.ItaloFormat = strings.ToLower(v); return nil },
	"openings":        func(nt, _ *Tournament, _, v string) error { nt.Openings = strings.ToLower(v); return nil },
	"club-separation": func(nt, _ *Tournament, _, v string) error { nt.ClubSeparation = strings.ToLower(v); return nil },
	"tiebreaks": func(nt, _ *Tournament, _, v string) (err error) {
		nt.TieBreaks, err = ParseTieBreaks(v)
		return err
	},
	"rounds": func(nt, _ *Tournament, f, v string) (err error) {
		nt.Rounds, nt.FieldCycles = 0, 0 // rounds given: no longer from the field
		nt.Rounds, err = wholeNumber(f, v)
		return err
	},
	"bye-points": func(nt, _ *Tournament, f, v string) (err error) { nt.ByePoints, err = wholeNumber(f, v); return err },
	"forfeit-points": func(nt, _ *Tournament, f, v string) (err error) {
		nt.ForfeitPoints, err = wholeNumber(f, v)
		return err
	},
	"games-per-pairing": func(nt, _ *Tournament, f, v string) (err error) {
		nt.GamesPerPairing, err = wholeNumber(f, v)
		return err
	},
	"seed": func(nt, _ *Tournament, _, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return Errf(ErrMalformed, "err.tournament.seed_not_number", "{err}: seed must be a whole number, not {v}", "v", strconv.Quote(v))
		}
		nt.Seed = n
		return nil
	},
}

// wholeNumber reads value, the new value of field, as an int; errors wrap ErrMalformed.
func wholeNumber(field, value string) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil {
		return 0, Errf(ErrMalformed, "err.tournament.not_a_number", "{err}: {field} must be a whole number, not {value}", "field", field, "value", strconv.Quote(value))
	}
	return n, nil
}

// RoundSchedule is when a round is played, as the pairing sheet announces it.
type RoundSchedule struct {
	Round int    `json:"round"`
	Date  string `json:"date,omitempty"` // YYYY-MM-DD, or ""
	Time  string `json:"time,omitempty"` // HH:MM local start time, or ""
}

// ParseClock reads a start time "15:30", "15.30" or "9:00" into "HH:MM"; "" stays "".
// Errors wrap ErrMalformed.
func ParseClock(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	s = strings.Replace(s, ".", ":", 1)
	hh, mm, ok := strings.Cut(s, ":")
	h, err1 := strconv.Atoi(hh)
	m, err2 := strconv.Atoi(mm)
	if !ok || err1 != nil || err2 != nil || len(hh) > 2 || len(mm) != 2 || h < 0 || h > 23 || m < 0 || m > 59 {
		return "", Errf(ErrMalformed, "err.tournament.start_time", "{err}: start time {s} (write it as 15:30)", "s", strconv.Quote(s))
	}
	return fmt.Sprintf("%02d:%02d", h, m), nil
}
