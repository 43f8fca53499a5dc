package tournament

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"
)

// The event log is a hash chain (issue 27, class 9), as a transparency log is: each entry
// carries the SHA-256 of the previous entry's hash and of its own content, so that an
// entry changed, deleted or inserted outside arbitro (with the sqlite3 shell, after
// dropping the append-only triggers) no longer matches the entries after it. It is
// evidence, not prevention: whoever rewrites the file can also recompute every hash from
// the changed entry on; only a chain head kept elsewhere (printed, published) shows that.

// chainDomain starts every hashed entry, so that an entry's hash can never be taken for
// another kind of SHA-256 (and a new form of the chain can take another name).
const chainDomain = "arbitro event log v1"

// EventHash returns the chain hash of e (lower-case hex SHA-256) after the entry whose
// hash is prev ("" for the first entry): SHA-256 over the domain name, prev and every
// stored field of e (ID, TournamentID, At, Actor, Action, Before, After, ActionID), each
// written as its length (8 bytes, big-endian) and its bytes, so that no two different
// entries hash the same text.
func EventHash(prev string, e *Event) string {
	h := sha256.New()
	var n [8]byte
	put := func(s string) {
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	put(chainDomain)
	put(prev)
	put(strconv.FormatInt(e.ID, 10))
	put(strconv.FormatInt(e.TournamentID, 10))
	put(e.At)
	put(e.Actor)
	put(e.Action)
	put(string(e.Before))
	put(string(e.After))
	put(strconv.FormatInt(e.ActionID, 10))
	return hex.EncodeToString(h.Sum(nil))
}

// The kinds of ChainBreak.
const (
	// ChainMismatch: the entry's hash is not that of its content after the previous
	// entry: the entry was changed, or inserted, outside arbitro.
	ChainMismatch = "mismatch"
	// ChainGap: entries are missing before this one (the log's ids follow each other):
	// deleted outside arbitro.
	ChainGap = "gap"
	// ChainUnhashed: the entry carries no hash: written outside arbitro after the chain
	// began.
	ChainUnhashed = "unhashed"
	// ChainTriggers: the triggers that refuse changing or deleting an entry are missing
	// or changed.
	ChainTriggers = "triggers"
)

// ChainBreak is the first place where the event log's chain does not hold.
type ChainBreak struct {
	Kind    string `json:"kind"`               // ChainMismatch, ChainGap, ChainUnhashed, ChainTriggers
	EventID int64  `json:"event_id,omitempty"` // the first entry that does not verify (0: ChainTriggers)
	// MissingFrom and MissingTo are the ids missing before EventID (ChainGap).
	MissingFrom int64 `json:"missing_from,omitempty"`
	MissingTo   int64 `json:"missing_to,omitempty"`
}

// ChainVerifier checks the entries of the event log one at a time, in the order of their
// ids, without keeping them: Next for each, then Head.
type ChainVerifier struct {
	prev    string
	lastID  int64
	entries int
	broken  *ChainBreak
}

// Next checks e, whose stored hash is hash, after the entries already given; it returns
// the first break found (the same one on every later call: after a break nothing more can
// be verified), or nil.
func (v *ChainVerifier) Next(e *Event, hash string) *ChainBreak {
	if v.broken != nil {
		return v.broken
	}
	switch {
	case e.ID != v.lastID+1:
		v.broken = &ChainBreak{Kind: ChainGap, EventID: e.ID, MissingFrom: v.lastID + 1, MissingTo: e.ID - 1}
	case hash == "":
		v.broken = &ChainBreak{Kind: ChainUnhashed, EventID: e.ID}
	case hash != EventHash(v.prev, e):
		v.broken = &ChainBreak{Kind: ChainMismatch, EventID: e.ID}
	default:
		v.prev, v.lastID = hash, e.ID
		v.entries++
	}
	return v.broken
}

// Head returns the number of entries verified and the hash of the last one (the chain
// head, "" for an empty log), the value to keep elsewhere to anchor the chain.
func (v *ChainVerifier) Head() (entries int, head string) { return v.entries, v.prev }
