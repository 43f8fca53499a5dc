package tournament

import (
	"regexp"
	"strconv"
	"strings"
)

// TimeControl is a tournament's time control as the hall's round clock reads it from the
// free text of Tournament.TimeControl: each player's base time and the increment a move.
type TimeControl struct {
	BaseMinutes      int // each player's time for the game
	IncrementSeconds int // added after each move (Fischer); 0 none
}

// MovesPerGame is the number of moves per player the round clock counts the increment
// for: a long draughts game (docs/hall.md, "The round clock").
const MovesPerGame = 50

// timeControlRE reads "90 min", "90'", "90", "1h30", "2h", "1:30", each optionally
// followed by "+ 30 s", "+30\"", "+30" (an increment in seconds) and then by words such
// as "a mossa", "per move", "/move", "par coup", "per zet", "each", "per player".
var timeControlRE = regexp.MustCompile(`^(?:(\d{1,2})\s*h(?:\s*(\d{1,2})\s*(?:m|min|minutes?|minuti|')?)?|(\d{1,2}):(\d{2})|(\d{1,3})\s*(?:m|min|mins|minutes?|minuti|minuten|'|′)?)` +
	`(?:\s*\+\s*(\d{1,3})\s*(?:s|sec|secs|seconds?|secondi|secondes?|seconden|"|″)?)?` +
	`(?:\s*(?:/\s*(?:move|mossa|coup|zet)|per |a |par |each|ciascuno|ognuno|chacun|elk).*)?$`)

// ParseTimeControl reads a time control's text (Tournament.TimeControl) as the round
// clock needs it: the base time per player ("90 min", "90'", "1h30", "2h", "1:30", a bare
// number of minutes) and an optional increment in seconds ("+ 30 s", "90+30"), then
// optional words ("a mossa", "per player", "/move"). ok is false for anything else
// ("40 moves in 2h", moves-per-period controls, an empty field): the clock then shows the
// start alone. Case and spaces are free.
func ParseTimeControl(s string) (tc TimeControl, ok bool) {
	m := timeControlRE.FindStringSubmatch(strings.ToLower(strings.TrimSpace(s)))
	if m == nil {
		return TimeControl{}, false
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	switch {
	case m[1] != "":
		tc.BaseMinutes = 60*n(1) + n(2)
	case m[3] != "":
		tc.BaseMinutes = 60*n(3) + n(4)
	default:
		tc.BaseMinutes = n(5)
	}
	tc.IncrementSeconds = n(6)
	if tc.BaseMinutes <= 0 || m[2] != "" && n(2) >= 60 || m[4] != "" && n(4) >= 60 {
		return TimeControl{}, false
	}
	return tc, true
}

// RoundMinutes is how long a round lasts at most under tc, in minutes: both players' base
// times, and with an increment MovesPerGame moves of each player's increment (rounded up
// to the minute). A game may end later only with more moves than that.
func (tc TimeControl) RoundMinutes() int {
	return 2*tc.BaseMinutes + (2*MovesPerGame*tc.IncrementSeconds+59)/60
}
