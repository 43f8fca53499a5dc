package reports

// The confirmations of the commands that put a slip right (player remove, player
// reinstate, a withdrawal before round 1, undo), in the reader's language (cli.json).

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// WritePlayerChanged confirms `arbitro player withdraw`, `player remove` and `player
// reinstate` (action "withdraw", "remove", "reinstate") for c: the entry's line, then
// the rounds recorded as absences, the number left empty, and the lot drawn again with
// its numbers. A withdrawal keeps its English line (WritePlayerWithdrawn).
func WritePlayerChanged(w io.Writer, loc *Locale, action string, c *tournament.PlayerChange) error {
	var lines []string
	switch action {
	case "withdraw":
		if err := WritePlayerWithdrawn(w, &c.Entry); err != nil {
			return err
		}
	case "remove":
		lines = append(lines, loc.T("confirm.removed", "name", c.Player.Name, "id", c.ID))
	case "reinstate":
		lines = append(lines, loc.T("confirm.reinstated", "name", c.Player.Name, "id", c.ID, "round", c.From))
	}
	if len(c.Absent) > 0 {
		rs := make([]string, len(c.Absent))
		for i, r := range c.Absent {
			rs[i] = strconv.Itoa(r)
		}
		lines = append(lines, loc.N("confirm.absent_rounds", len(c.Absent), "rounds", strings.Join(rs, ", ")))
	}
	if c.Gap != 0 {
		lines = append(lines, loc.T("confirm.gap", "number", c.Gap))
	}
	if c.Lot != nil {
		nums := make([]string, len(c.Lot.Numbers))
		for i, n := range c.Lot.Numbers {
			nums[i] = fmt.Sprintf("%d %s", n.Number, n.Name)
		}
		lines = append(lines, loc.T("confirm.relot", "seed", c.Lot.Seed, "numbers", strings.Join(nums, "; ")))
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}
