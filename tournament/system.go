package tournament

import (
	"fmt"
	"sort"
	"strings"

	"arbitro/pairing"
)

// System is a pairing system: one of the values registered by the system_*.go files
// (RoundRobin, ItaloSwiss, Dutch), chosen once where a name is parsed (ParseSystem, the
// column tournaments.system, a TRF import) and carried typed after. Systems compare with
// ==; the zero System is no system (a tournament not validated yet). In JSON, text and
// the database a System is its Code ("round-robin", "italo-swiss", "dutch").
//
// A new system is one new file: a type implementing behaviour, registered with
// registerSystem, plus its names in the catalogs of package reports (CatalogKey and
// SiteCatalogKey).
type System struct{ b behaviour }

// behaviour is what varies from one pairing system to another; each system_*.go file
// implements it for one system.
type behaviour interface {
	code() string                    // the stored name
	rank() int                       // place in the list of systems (errors, help)
	nameKeys() (report, site string) // CatalogKey, SiteCatalogKey
	defaultTieBreaks() []string      // DefaultTieBreaks
	fixedTable() bool                // FixedTable
	italoFormat() bool               // HasItaloFormat
	dutchSettings() bool             // DutchSettings
	trfEngine() bool                 // TRFEngine
	trfType(players, rounds int) (name, code string)
	fieldRounds(players int) int // FieldRounds
	manual() error               // nil when manual pairs are allowed, else the refusal
	initialColour(seed int64) pairing.Colour
	needs(t *Tournament, round int) FactNeeds
	lot(cur *Tournament, seed int64, ids []int, entries []Entry) (map[int]int, []pairing.ClubMeeting, error)
	lotNote(res *LotResult, cur *Tournament, players int)
	plan(p *RoundPlan, s *PairingSnapshot, r planRequest) ([]Note, error)
	check(c *PairingCheck, cur *Tournament, es []pairing.Entrant, f SystemFacts) error
}

// planRequest is what PlanRound hands a system's plan besides the snapshot: the arbiter's
// pairs as entry ids (boards 1..k), the pairing numbers they use, and the entrants by id.
type planRequest struct {
	fixed []pairing.Pair
	used  map[int]bool
	byID  map[int]*pairing.Entrant
}

// FactNeeds says which stored facts (SystemFacts) a system's plan and check of one round
// need; the store reads those and no others.
type FactNeeds struct {
	Late      bool // SystemFacts.Late: players who entered after round 1
	Prev      bool // SystemFacts.Prev: game 1 of the round before
	PrevRests bool // SystemFacts.PrevRests: the rests of the round before
	Entries   bool // SystemFacts.Entries: the entries (club separation)
	Forbidden bool // SystemFacts.Forbidden: the prohibited pairs of the round
	Accel     bool // SystemFacts.Acceleration: the acceleration
}

// systems are the registered systems in rank order.
var systems []System

// registerSystem adds b to the systems and returns it as a System; each system_*.go file
// calls it once in the declaration of its exported variable.
func registerSystem(b behaviour) System {
	s := System{b}
	systems = append(systems, s)
	sort.SliceStable(systems, func(i, j int) bool { return systems[i].b.rank() < systems[j].b.rank() })
	return s
}

// Systems returns every pairing system in the order help and errors list them
// (round-robin, italo-swiss, dutch).
func Systems() []System { return append([]System(nil), systems...) }

// SystemCodes returns the codes of Systems ("round-robin", "italo-swiss", "dutch").
func SystemCodes() []string {
	out := make([]string, len(systems))
	for i, s := range systems {
		out[i] = s.Code()
	}
	return out
}

// ParseSystem returns the system whose code is name, in any case ("Dutch", "ITALO-SWISS").
// An unknown name gives an error wrapping ErrMalformed, `pairing system "swiss" (use
// round-robin, italo-swiss or dutch)`, the name lower-cased.
func ParseSystem(name string) (System, error) {
	code := strings.ToLower(name)
	for _, s := range systems {
		if s.Code() == code {
			return s, nil
		}
	}
	return System{}, &UnknownSystemError{Name: code}
}

// SystemList is the codes of Systems for a help or an error: "round-robin, italo-swiss or
// dutch".
func SystemList() string {
	c := SystemCodes()
	if len(c) < 2 {
		return strings.Join(c, "")
	}
	return strings.Join(c[:len(c)-1], ", ") + " or " + c[len(c)-1]
}

// UnknownSystemError is ParseSystem's error for a name that is no system, and
// Tournament.Validate's for a tournament without one (Name ""): `pairing system "swiss"
// (use round-robin, italo-swiss or dutch)`. It wraps ErrMalformed.
type UnknownSystemError struct{ Name string }

func (e *UnknownSystemError) Error() string {
	return fmt.Sprintf("%v: pairing system %q (use %s)", ErrMalformed, e.Name, SystemList())
}

// Unwrap is ErrMalformed.
func (e *UnknownSystemError) Unwrap() error { return ErrMalformed }

// IsZero reports whether s is no system.
func (s System) IsZero() bool { return s.b == nil }

// Code is the stable name of s as stored in the database, JSON and TRF-less text:
// "round-robin", "italo-swiss" or "dutch"; "" for no system.
func (s System) Code() string {
	if s.b == nil {
		return ""
	}
	return s.b.code()
}

// String is Code.
func (s System) String() string { return s.Code() }

// CatalogKey is the key of the system's printed name in the catalogs of package reports
// (locales/<lang>/reports.json: "system.dutch"); "" for no system.
func (s System) CatalogKey() string {
	if s.b == nil {
		return ""
	}
	k, _ := s.b.nameKeys()
	return k
}

// SiteCatalogKey is the key of the system's name on the web site's pages
// (locales/<lang>/site.json: "site.system.dutch"); "" for no system.
func (s System) SiteCatalogKey() string {
	if s.b == nil {
		return ""
	}
	_, k := s.b.nameKeys()
	return k
}

// MarshalText is Code: JSON holds "dutch".
func (s System) MarshalText() ([]byte, error) { return []byte(s.Code()), nil }

// UnmarshalText is ParseSystem; an empty text is no system.
func (s *System) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*s = System{}
		return nil
	}
	v, err := ParseSystem(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// DefaultTieBreaks returns the tie-break order a new tournament of s gets when none is
// given (read in docs/pairing-fid.md §4.1): quoziente, Sonneborn-Berger, direct encounter
// for the Swiss systems; Sonneborn-Berger, direct encounter, wins for a round robin, where
// the quoziente separates nobody. The arbiter changes the order with --tiebreaks before
// round 1. nil for no system.
func (s System) DefaultTieBreaks() []string {
	if s.b == nil {
		return nil
	}
	return s.b.defaultTieBreaks()
}

// FixedTable reports whether the rounds of s follow a table fixed by the lot (Berger
// tables): every entrant has his board in every round, so a player who does not come
// forfeits (no announced absence), nobody floats, a re-pairing keeps every entrant, and the
// crosstable is a grid.
func (s System) FixedTable() bool { return s.b != nil && s.b.fixedTable() }

// HasItaloFormat reports whether s has an Italo-Swiss format (Tournament.ItaloFormat).
func (s System) HasItaloFormat() bool { return s.b != nil && s.b.italoFormat() }

// DutchSettings reports whether s takes the Dutch settings: prohibited pairs and the Baku
// acceleration.
func (s System) DutchSettings() bool { return s.b != nil && s.b.dutchSettings() }

// TRFEngine reports whether arbitro pairs and checks a TRF with s without a database
// (pair --trf, check, generate).
func (s System) TRFEngine() bool { return s.b != nil && s.b.trfEngine() }

// TRFType returns the TRF 022 line of a tournament of s ("Individual: Swiss-System (FIDE
// Dutch)") and its TRF-2026 192 code ("FIDE_DUTCH_2025"; for a round robin
// BERGER_DOUBLEROUNDROBIN when rounds cover two cycles of the players); "", "" for no
// system.
func (s System) TRFType(players, rounds int) (name, code string) {
	if s.b == nil {
		return "", ""
	}
	return s.b.trfType(players, rounds)
}

// FieldRounds returns the rounds s plays with the number of players when the field fixes
// them (a round robin: players-1, or players when odd: one bye a round), else 0.
func (s System) FieldRounds(players int) int {
	if s.b == nil {
		return 0
	}
	return s.b.fieldRounds(players)
}

// ManualPairs reports whether the arbiter may impose pairs (pair --set) in s.
func (s System) ManualPairs() bool { return s.b != nil && s.b.manual() == nil }

// InitialColour is the colour of round 1's first board drawn with seed when s draws it
// (Dutch: pairing.LotColour), else pairing.NoColour.
func (s System) InitialColour(seed int64) pairing.Colour {
	if s.b == nil {
		return pairing.NoColour
	}
	return s.b.initialColour(seed)
}

// Needs returns the stored facts the plan and the check of round `round` of t need (t's
// system).
func (s System) Needs(t *Tournament, round int) FactNeeds {
	if s.b == nil {
		return FactNeeds{}
	}
	return s.b.needs(t, round)
}

// behaviourOf is the behaviour of s, or an error wrapping ErrInvalid for no system.
func behaviourOf(s System) (behaviour, error) {
	if s.b == nil {
		return nil, fmt.Errorf("%w: unknown pairing system %q", ErrInvalid, s.Code())
	}
	return s.b, nil
}

// lotByDraw numbers ids by pairing.Lot with seed (the lot of the Swiss systems and of a
// round robin without club separation).
func lotByDraw(seed int64, ids []int) (map[int]int, []pairing.ClubMeeting, error) {
	nums, err := pairing.Lot(uint64(seed), ids)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return nums, nil, nil
}

// swissTieBreaks are the default tie-breaks of the Swiss systems.
func swissTieBreaks() []string { return []string{"quoziente", "sonneborn-berger", "direct-encounter"} }
