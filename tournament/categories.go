package tournament

import (
	"errors"
	"strconv"
	"strings"

	"arbitro/pairing"
)

// TBLot: the lot as the very last tie-break (RULES-TESTS.md F58): players still tied after
// every criterion before it are placed in an order drawn from the tournament's seed
// (pairing.LotTieBreak; value = players + 1 − drawn place, so higher is better). Without
// it, such players share the place.
const TBLot TieBreak = "lot"

func (nz *normalized) lotValue(i int) int {
	ct := nz.ct
	ids := make([]int, len(ct.Players))
	for k, p := range ct.Players {
		ids[k] = p.ID
	}
	return len(ids) + 1 - pairing.LotTieBreak(ct.LotSeed, ids)[ct.Players[i].ID]
}

// Category is a named group of players with its own standings and prizes (FID categories,
// age groups, women, rating bands). A player may be in several.
//
// Rule says who belongs, besides the players added by hand:
//   - ""                by hand only (arbitro category add NAME PLAYER...);
//   - "title=CM"        players whose title / FID category (players.title) is CM;
//   - "born-from=2010"  players born in 2010 or later (an age group);
//   - "born-to=1966"    players born in 1966 or earlier (seniors);
//   - "rating-below=1600", "rating-from=1600" rating bands on the rating of the event.
type Category struct {
	ID      int64   `json:"id"`
	Name    string  `json:"name"`
	Rule    string  `json:"rule,omitempty"`
	Members []int64 `json:"members"` // entry ids, by hand and by rule
}

// ErrCategory: a category operation was refused (unknown category, bad rule, duplicate).
var ErrCategory = errors.New("category")

// parseCategoryRule checks a rule (see Category).
func ParseCategoryRule(rule string) (key, val string, n int, err error) {
	rule = strings.TrimSpace(rule)
	if rule == "" {
		return "", "", 0, nil
	}
	key, val, ok := strings.Cut(rule, "=")
	key, val = strings.TrimSpace(strings.ToLower(key)), strings.TrimSpace(val)
	if !ok || val == "" {
		return "", "", 0, Errf(ErrCategory, "err.category.rule", "{err}: rule {rule} (use title=T, born-from=YEAR, born-to=YEAR, rating-below=R or rating-from=R)", "rule", strconv.Quote(rule))
	}
	switch key {
	case "title":
		return key, val, 0, nil
	case "born-from", "born-to", "rating-below", "rating-from":
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return "", "", 0, Errf(ErrCategory, "err.category.rule_number", "{err}: rule {rule} needs a whole number", "rule", strconv.Quote(rule))
		}
		return key, val, n, nil
	}
	return "", "", 0, Errf(ErrCategory, "err.category.rule", "{err}: rule {rule} (use title=T, born-from=YEAR, born-to=YEAR, rating-below=R or rating-from=R)", "rule", strconv.Quote(rule))
}

// Prize is one prize of the event: the place it rewards in a category ("" = the overall
// standings). Prizes are listed in the order of their value, highest first.
type Prize struct {
	ID       int64  `json:"id"`
	Category string `json:"category,omitempty"`
	Place    int    `json:"place"`
	Label    string `json:"label"` // e.g. "1st prize 300 EUR"
}

// Award is one prize given: who gets it, or nobody.
type Award struct {
	Prize Prize  `json:"prize"`
	Entry int    `json:"entry,omitempty"`
	Name  string `json:"name,omitempty"`
	Notes []Note `json:"notes,omitempty"` // NotePrizeMovedDown, NotePrizeShared, NotePrizeNotAwarded
}

// award gives prize p to the player at p.Place of standings st, or to the next one below
// who has no prize yet (given, by entry id, which it updates): one prize per player, the
// higher first. The note says when the place moved down or is shared, or that nobody was
// left.
func AwardPrize(p Prize, st []Standing, given map[int]bool) Award {
	a := Award{Prize: p}
	for k := p.Place - 1; k < len(st); k++ {
		id := st[k].Entry.ID
		if given[id] {
			continue
		}
		given[id] = true
		a.Entry, a.Name = id, st[k].Entry.Name
		if k != p.Place-1 {
			a.Notes = append(a.Notes, NewNote(NotePrizeMovedDown, "rank", st[k].Rank))
		}
		if st[k].RankTo > st[k].Rank {
			a.Notes = append(a.Notes, NewNote(NotePrizeShared, "place", st[k].Place()))
		}
		break
	}
	if a.Entry == 0 {
		a.Notes = []Note{NewNote(NotePrizeNotAwarded)}
	}
	return a
}
