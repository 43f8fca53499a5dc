package tournament

import (
	"sort"
	"strconv"
	"strings"
)

// One number per player (issue 28): every command that names a player takes the number
// the sheets print — the pairing number (numero di sorteggio) once the entries are
// numbered, the entry number that `arbitro player list` prints before the lot — or the
// name. FindEntry is the one resolver; Ref is how a message names an entry so that the
// same resolver finds it again.

// Numbered reports whether the entries es carry pairing numbers: after the lot, or in an
// event imported with its numbers (TRF starting ranks). Before that, a number that names
// a player is his entry id.
func Numbered(es []Entry) bool {
	for i := range es {
		if es[i].Number > 0 {
			return true
		}
	}
	return false
}

// Ref is how a command names entry e of an event whose entries are numbered (Numbered) or
// not: the pairing number the sheets print ("7"), the entry id before the lot ("12"), and
// the name, quoted, for a player without a number after the lot (one who did not start).
// FindEntry reads every such ref back to e, unless the name is shared (then it is refused
// as ambiguous, naming the candidates).
func (e *Entry) Ref(numbered bool) string {
	switch {
	case !numbered:
		return strconv.FormatInt(e.ID, 10)
	case e.Number > 0:
		return strconv.Itoa(e.Number)
	}
	return strconv.Quote(e.Player.Name)
}

// FindEntry finds the entry of es (the entries of tournament tname) that ref names:
//   - a whole number: the pairing number once the entries are numbered (Numbered: the lot
//     is drawn, or the event was imported with its numbers), the entry id before;
//   - else a name: exactly (case and spaces ignored, Key), or else the only name containing
//     ref.
//
// Errors: ErrNotFound (no such number or name, with the way to list them); ErrInvalid when
// the name is shared (two entries of the same name, or a part of several names): the
// candidates are listed with their numbers and clubs, to give the number instead.
func FindEntry(es []Entry, ref, tname string) (*Entry, error) {
	ref = strings.TrimSpace(ref)
	numbered := Numbered(es)
	if n, err := strconv.ParseInt(ref, 10, 64); err == nil {
		for i := range es {
			if numbered && int64(es[i].Number) == n || !numbered && es[i].ID == n {
				return &es[i], nil
			}
		}
		if numbered {
			return nil, Errf(ErrNotFound, "err.player.no_number", "{err}: no player has pairing number {number} in {tournament} (the number the sheets print; a player without one by his name; see 'arbitro player list')", "number", int(n), "tournament", tname)
		}
		return nil, Errf(ErrNotFound, "err.player.no_id", "{err}: no player with id {id} in {tournament} (see 'arbitro player list')", "id", int(n), "tournament", tname)
	}
	k := Key(NormalizeName(ref))
	var exact, partial []*Entry
	for i := range es {
		n := Key(es[i].Player.Name)
		if n == k {
			exact = append(exact, &es[i])
		} else if strings.Contains(n, k) {
			partial = append(partial, &es[i])
		}
	}
	m := exact
	if len(m) == 0 {
		m = partial
	}
	switch len(m) {
	case 0:
		return nil, Errf(ErrNotFound, "err.player.not_found", "{err}: no player {ref} in {tournament} (see 'arbitro player list')", "ref", strconv.Quote(ref), "tournament", tname)
	case 1:
		return m[0], nil
	}
	sort.Slice(m, func(i, j int) bool { return entryOrder(m[i], m[j]) })
	var names []error
	for _, e := range m {
		if r := e.Ref(numbered); strings.HasPrefix(r, `"`) {
			names = append(names, Errf(nil, "err.player.candidate_unnumbered", "{ref} ({apart}, did not start: no number)", "ref", r, "apart", e.tellApart()))
		} else {
			names = append(names, Errf(nil, "err.player.candidate", "{ref} {name} ({apart})", "ref", r, "name", strconv.Quote(e.Player.Name), "apart", e.tellApart()))
		}
	}
	if numbered {
		return nil, Errf(ErrInvalid, "err.player.ambiguous_number", "{err}: {ref} matches several players: {players}; give the pairing number", "ref", strconv.Quote(ref), "players", names)
	}
	return nil, Errf(ErrInvalid, "err.player.ambiguous_id", "{err}: {ref} matches several players: {players}; give the id", "ref", strconv.Quote(ref), "players", names)
}

// entryOrder sorts the candidates of an ambiguous name: numbered ones by number, then the
// others by entry id.
func entryOrder(a, b *Entry) bool {
	if (a.Number > 0) != (b.Number > 0) {
		return a.Number > 0
	}
	if a.Number != b.Number {
		return a.Number < b.Number
	}
	return a.ID < b.ID
}

// tellApart is what tells e from a namesake in a list of candidates: his club (or "no
// club"), and his FID or FMJD id when he has one.
func (e *Entry) tellApart() error {
	club := ClubArg(e.Player.Club)
	if e.Player.FIDID != "" {
		return Errf(nil, "err.phrase.club_fid", "{club}, FID id {id}", "club", club, "id", e.Player.FIDID)
	} else if e.Player.FMJDID != "" {
		return Errf(nil, "err.phrase.club_fmjd", "{club}, FMJD id {id}", "club", club, "id", e.Player.FMJDID)
	}
	return Errf(nil, "err.phrase.club", "{club}", "club", club)
}
