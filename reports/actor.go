package reports

import (
	"strconv"
	"strings"
)

// Actor renders who the event log names, in l's language. The log stores the actor as
// data, in the words the domain and the store write (tournament.HallActor: "player 7 via
// the hall"; store.HallActor: "arbiter via the hall", "arbiter NAME via the hall"); those
// known forms are given in the reader's words (catalog keys actor.hall_player,
// actor.hall_arbiter, actor.hall_arbiter_named), as is the store's default actor
// "arbiter" (store.DefaultActor: the command line without --actor; actor.arbiter,
// "arbitro"), any other actor (the arbiter's login name on the command line) as stored.
func (l *Locale) Actor(stored string) string {
	if stored == "arbiter" {
		return l.codeWord("actor.arbiter", stored)
	}
	rest, ok := strings.CutSuffix(stored, " via the hall")
	if !ok {
		return stored
	}
	if rest == "arbiter" {
		return l.T("actor.hall_arbiter")
	}
	if n, ok := strings.CutPrefix(rest, "player "); ok {
		if num, err := strconv.Atoi(n); err == nil && num > 0 {
			return l.T("actor.hall_player", "n", num)
		}
	}
	if name, ok := strings.CutPrefix(rest, "arbiter "); ok && strings.TrimSpace(name) != "" {
		return l.T("actor.hall_arbiter_named", "name", name)
	}
	return stored
}
