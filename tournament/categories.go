package tournament

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"arbitro/pairing"
)

// TBLot: the lot as the very last tie-break (RULES-TESTS.md F58): players still tied after
// every criterion before it are placed in an order drawn from the tournament's seed
// (pairing.LotTieBreak; value = players + 1 − drawn place, so higher is better). Without
// it, such players share the place.
const TBLot TieBreak = "lot"

func init() {
	tieBreakDefs[TBLot] = tieBreakDef{"Lot", "Lot (drawn from the seed)", oneDiv, (*normalized).lotValue, nil}
}

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
func parseCategoryRule(rule string) (key, val string, n int, err error) {
	rule = strings.TrimSpace(rule)
	if rule == "" {
		return "", "", 0, nil
	}
	key, val, ok := strings.Cut(rule, "=")
	key, val = strings.TrimSpace(strings.ToLower(key)), strings.TrimSpace(val)
	if !ok || val == "" {
		return "", "", 0, fmt.Errorf("%w: rule %q (use title=T, born-from=YEAR, born-to=YEAR, rating-below=R or rating-from=R)", ErrCategory, rule)
	}
	switch key {
	case "title":
		return key, val, 0, nil
	case "born-from", "born-to", "rating-below", "rating-from":
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return "", "", 0, fmt.Errorf("%w: rule %q needs a whole number", ErrCategory, rule)
		}
		return key, val, n, nil
	}
	return "", "", 0, fmt.Errorf("%w: rule %q (use title=T, born-from=YEAR, born-to=YEAR, rating-below=R or rating-from=R)", ErrCategory, rule)
}

// AddCategory creates category name of t with rule (see Category) and logs "category.add".
// Errors: ErrCategory (empty or duplicate name, bad rule).
func (tx *Tx) AddCategory(t *Tournament, name, rule string) (*Category, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, fmt.Errorf("%w: a category needs a name", ErrCategory)
	}
	if _, _, _, err := parseCategoryRule(rule); err != nil {
		return nil, err
	}
	var n int
	if err := tx.queryRow(`SELECT count(*) FROM categories WHERE tournament_id = ? AND name = ? COLLATE NOCASE`, t.ID, name).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, fmt.Errorf("%w: %s already has a category %q", ErrCategory, t.Name, name)
	}
	res, err := tx.exec(`INSERT INTO categories (tournament_id, name, rule) VALUES (?, ?, ?)`, t.ID, name, strings.TrimSpace(rule))
	if err != nil {
		return nil, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return nil, err
	}
	c := &Category{ID: id, Name: name, Rule: strings.TrimSpace(rule)}
	return c, tx.logEvent(t.ID, "category.add", nil, c)
}

// AddToCategory puts the entries refs (entry ids or names, as findEntry reads them) of t into category name by hand and logs
// "category.member". Errors: ErrCategory (unknown category), findEntry's errors (ErrNotFound, ErrInvalid).
func (tx *Tx) AddToCategory(t *Tournament, name string, refs []string) (*Category, error) {
	c, err := tx.category(t, name)
	if err != nil {
		return nil, err
	}
	for _, ref := range refs {
		e, err := tx.findEntry(t, ref)
		if err != nil {
			return nil, err
		}
		if _, err := tx.exec(`INSERT OR IGNORE INTO category_members (category_id, entry_id) VALUES (?, ?)`, c.ID, e.ID); err != nil {
			return nil, err
		}
	}
	if err := tx.logEvent(t.ID, "category.member", nil, map[string]any{"category": c.Name, "players": refs}); err != nil {
		return nil, err
	}
	return tx.category(t, name)
}

// Categories returns the categories of t with their members (by hand and by rule).
func (tx *Tx) Categories(t *Tournament) ([]Category, error) {
	rows, err := tx.query(`SELECT id, name, rule FROM categories WHERE tournament_id = ? ORDER BY id`, t.ID)
	if err != nil {
		return nil, err
	}
	var out []Category
	for rows.Next() {
		var c Category
		if err := rows.Scan(&c.ID, &c.Name, &c.Rule); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, c)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	entries, err := tx.Entries(t.ID)
	if err != nil {
		return nil, err
	}
	for k := range out {
		c := &out[k]
		in := map[int64]bool{}
		mr, err := tx.query(`SELECT entry_id FROM category_members WHERE category_id = ?`, c.ID)
		if err != nil {
			return nil, err
		}
		for mr.Next() {
			var id int64
			if err := mr.Scan(&id); err != nil {
				mr.Close()
				return nil, err
			}
			in[id] = true
		}
		if err := mr.Close(); err != nil {
			return nil, err
		}
		key, val, n, _ := parseCategoryRule(c.Rule)
		for _, e := range entries {
			switch {
			case key == "title" && strings.EqualFold(strings.TrimSpace(e.Player.Title), val),
				key == "born-from" && e.Player.BirthYear != 0 && e.Player.BirthYear >= n,
				key == "born-to" && e.Player.BirthYear != 0 && e.Player.BirthYear <= n,
				key == "rating-below" && e.Rating < n,
				key == "rating-from" && e.Rating >= n:
				in[e.ID] = true
			}
		}
		c.Members = []int64{}
		for id := range in {
			c.Members = append(c.Members, id)
		}
		sort.Slice(c.Members, func(a, b int) bool { return c.Members[a] < c.Members[b] })
	}
	return out, nil
}

func (tx *Tx) category(t *Tournament, name string) (*Category, error) {
	all, err := tx.Categories(t)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if strings.EqualFold(all[i].Name, strings.TrimSpace(name)) {
			return &all[i], nil
		}
	}
	var names []string
	for _, c := range all {
		names = append(names, c.Name)
	}
	return nil, fmt.Errorf("%w: %s has no category %q (categories: %s)", ErrCategory, t.Name, name, strings.Join(names, ", "))
}

// CategoryStandings returns the standings of category name after round afterRound: only its
// members, placed among themselves (points, then the tournament's tie-breaks; direct
// encounter among the category's tied players; opponent-based tie-breaks over the whole
// event). Errors: ErrCategory, ComputeStandings' errors.
func (tx *Tx) CategoryStandings(t *Tournament, ct *Crosstable, name string, afterRound int) ([]Standing, error) {
	c, err := tx.category(t, name)
	if err != nil {
		return nil, err
	}
	in := map[int]bool{}
	for _, id := range c.Members {
		in[int(id)] = true
	}
	return computeStandings(ct, afterRound, func(i int) bool { return in[ct.Players[i].ID] })
}

// Prize is one prize of the event: the place it rewards in a category ("" = the overall
// standings). Prizes are listed in the order of their value, highest first.
type Prize struct {
	ID       int64  `json:"id"`
	Category string `json:"category,omitempty"`
	Place    int    `json:"place"`
	Label    string `json:"label"` // e.g. "1st prize 300 EUR"
}

// AddPrize appends a prize (lower in value than every prize added before it) and logs
// "prize.add". Errors: ErrCategory (unknown category, place < 1).
func (tx *Tx) AddPrize(t *Tournament, category string, place int, label string) (*Prize, error) {
	if place < 1 {
		return nil, fmt.Errorf("%w: a prize rewards a place 1, 2, ...; not %d", ErrCategory, place)
	}
	if category != "" {
		c, err := tx.category(t, category)
		if err != nil {
			return nil, err
		}
		category = c.Name
	}
	var rank int
	if err := tx.queryRow(`SELECT coalesce(max(rank), 0) + 1 FROM prizes WHERE tournament_id = ?`, t.ID).Scan(&rank); err != nil {
		return nil, err
	}
	res, err := tx.exec(`INSERT INTO prizes (tournament_id, rank, category, place, label) VALUES (?, ?, ?, ?, ?)`,
		t.ID, rank, category, place, label)
	if err != nil {
		return nil, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return nil, err
	}
	p := &Prize{ID: id, Category: category, Place: place, Label: label}
	return p, tx.logEvent(t.ID, "prize.add", nil, p)
}

// Award is one prize given: who gets it, or nobody.
type Award struct {
	Prize Prize  `json:"prize"`
	Entry int    `json:"entry,omitempty"`
	Name  string `json:"name,omitempty"`
	Note  string `json:"note,omitempty"`
}

// PrizeList gives each prize of t once, after round afterRound (a negative afterRound: the
// last round whose results are all in, CompletedRounds), highest prize first: the
// player at the prize's place in its standings (overall or category) gets it unless he
// already has a higher prize — a player eligible for two takes the higher — in which case
// it goes to the next player of those standings who has none. [arbitro] Players sharing a
// place (no "lot" tie-break) are taken in the order the standings list them (pairing
// number); the note says the place was shared, and the event's rules decide (split the
// money or use the lot tie-break, RULES-TESTS.md F58).
func (tx *Tx) PrizeList(t *Tournament, afterRound int) ([]Award, error) {
	prizes, err := tx.prizes(t)
	if err != nil {
		return nil, err
	}
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	if afterRound < 0 {
		afterRound = CompletedRounds(ct)
	}
	tables := map[string][]Standing{}
	standingsOf := func(cat string) ([]Standing, error) {
		if s, ok := tables[cat]; ok {
			return s, nil
		}
		var s []Standing
		var err error
		if cat == "" {
			s, err = ComputeStandings(ct, afterRound)
		} else {
			s, err = tx.CategoryStandings(t, ct, cat, afterRound)
		}
		tables[cat] = s
		return s, err
	}
	given := map[int]bool{}
	var out []Award
	for _, p := range prizes {
		st, err := standingsOf(p.Category)
		if err != nil {
			return nil, err
		}
		out = append(out, award(p, st, given))
	}
	return out, nil
}

// prizes reads the prizes of t in their order (prizes.rank).
func (tx *Tx) prizes(t *Tournament) ([]Prize, error) {
	rows, err := tx.query(`SELECT id, category, place, label FROM prizes WHERE tournament_id = ? ORDER BY rank`, t.ID)
	if err != nil {
		return nil, err
	}
	var prizes []Prize
	for rows.Next() {
		var p Prize
		if err := rows.Scan(&p.ID, &p.Category, &p.Place, &p.Label); err != nil {
			rows.Close()
			return nil, err
		}
		prizes = append(prizes, p)
	}
	return prizes, rows.Close()
}

// award gives prize p to the player at p.Place of standings st, or to the next one below
// who has no prize yet (given, by entry id, which it updates): one prize per player, the
// higher first. The note says when the place moved down or is shared, or that nobody was
// left.
func award(p Prize, st []Standing, given map[int]bool) Award {
	a := Award{Prize: p}
	for k := p.Place - 1; k < len(st); k++ {
		id := st[k].Entry.ID
		if given[id] {
			continue
		}
		given[id] = true
		a.Entry, a.Name = id, st[k].Entry.Name
		if k != p.Place-1 {
			a.Note = fmt.Sprintf("place %d of the standings (the players above have a higher prize)", st[k].Rank)
		}
		if st[k].RankTo > st[k].Rank {
			a.Note = strings.TrimPrefix(a.Note+"; ", "; ") + "place " + st[k].Place() + " is shared"
		}
		break
	}
	if a.Entry == 0 {
		a.Note = "not awarded: nobody left in those standings"
	}
	return a
}
