package tournament

import (
	"strconv"
	"strings"

	"arbitro/pairing"
)

// OpeningsFIDItalian is the opening ballot of FID Capo IV: one opening drawn by lot for each
// round from Tabella 4 (rules.ItalianOpenings), not repeated within the event.
const OpeningsFIDItalian = "fid-italian"

// validateFID checks and normalises the Italo-Swiss format and the opening ballot: an
// Italo-Swiss without a format gets art8 (the federation program's format for odd fields);
// the other systems have none. The opening ballot exists for Italian draughts only.
func (t *Tournament) validateFID() error {
	if !t.System.HasItaloFormat() {
		t.ItaloFormat = ""
	} else {
		if t.ItaloFormat == "" {
			t.ItaloFormat = string(pairing.ItaloArt8)
		}
		f, err := pairing.ParseItaloFormat(t.ItaloFormat)
		if err != nil {
			return Errf(ErrMalformed, "err.italo.cause", "{err}: {error}", "error", err)
		}
		t.ItaloFormat = string(f)
	}
	switch t.ClubSeparation {
	case "", "none":
		t.ClubSeparation = ""
	case "club":
	default:
		return Errf(ErrMalformed, "err.italo.club_separation", "{err}: club separation {club_separation} (use club or none)", "club_separation", strconv.Quote(t.ClubSeparation))
	}
	switch t.Openings {
	case "", "none":
		t.Openings = ""
	case OpeningsFIDItalian:
		if t.Variant != VariantItalian {
			return Errf(ErrMalformed, "err.italo.ballot_variant", "{err}: the FID opening ballot (Tabella 4) is for Italian draughts; this tournament is {variant}", "variant", t.Variant)
		}
	default:
		return Errf(ErrMalformed, "err.italo.ballot", "{err}: opening ballot {openings} (use fid-italian or none)", "openings", strconv.Quote(t.Openings))
	}
	return nil
}

// italoFormat is the stored format of an Italo-Swiss tournament (rotation when unset).
func (t *Tournament) ParsedItaloFormat() pairing.ItaloFormat {
	f, err := pairing.ParseItaloFormat(t.ItaloFormat)
	if err != nil {
		return pairing.ItaloRotation
	}
	return f
}

// italoPair pairs Italo-Swiss round `round` of t with the tournament's format: the
// federation program's procedure (pairing.ItaloFID) for art2/art8/art9, starting from the
// player who rested in the previous round or else the Black of its last pair
// (pairing.ItaloFIDStart); arbitro's earlier reading (pairing.ItaloSwiss) for rotation. It
// returns the start player and the engine's result; errors go through pairErr. The stored
// facts it needs (the round before's pairs and rests, the entries' clubs) are in f
// (Tx.loadSystemFacts).
func italoPair(t *Tournament, es []pairing.Entrant, round int, fixed []pairing.Pair, f SystemFacts) (int, pairing.ItaloResult, error) {
	format := t.ParsedItaloFormat()
	if !format.FID() {
		start := 0
		if round > 1 {
			start = pairing.ItaloStart(f.Prev)
		}
		res, err := pairing.ItaloSwiss(es, pairing.ItaloOptions{Start: start, Fixed: fixed})
		if err != nil {
			return 0, res, pairErr(t, round, err)
		}
		res.Format = pairing.ItaloRotation
		return start, res, nil
	}
	start := 0
	if round > 1 {
		num := map[int]int{}
		for _, e := range es {
			num[e.ID] = e.Number
		}
		start = pairing.ItaloFIDStart(f.Prev, f.PrevRests, num)
	}
	res, err := pairing.ItaloFID(es, pairing.ItaloFIDOptions{Format: format, Round: round, Rounds: t.Rounds, Start: start, Fixed: fixed,
		Avoid: clubAvoid(t, f.Entries)})
	if err != nil {
		return 0, res, pairErr(t, round, err)
	}
	return start, res, nil
}

// entryClubs maps entry id → the player's club ("" none), for club separation.
func entryClubs(entries []Entry) map[int]string {
	m := map[int]string{}
	for _, e := range entries {
		if c := strings.TrimSpace(e.Player.Club); c != "" {
			m[int(e.ID)] = strings.ToLower(c)
		}
	}
	return m
}

// clubAvoid returns, when t separates clubs, the pairs of entry ids of the same club
// (smaller id first) that the Italo-Swiss avoids while it can.
func clubAvoid(t *Tournament, entries []Entry) map[[2]int]bool {
	if t.ClubSeparation != "club" {
		return nil
	}
	clubs := entryClubs(entries)
	out := map[[2]int]bool{}
	for a, ca := range clubs {
		for b, cb := range clubs {
			if a < b && ca == cb {
				out[[2]int{a, b}] = true
			}
		}
	}
	return out
}
