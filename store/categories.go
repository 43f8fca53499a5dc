package store

import (
	"sort"
	"strconv"
	"strings"

	"arbitro/tournament"
)

// AddCategory creates category name of t with rule (see Category) and logs "category.add".
// The name passes the names check (tournament.CheckLabel: no control or invisible
// character, at most 200 characters, a visible letter or digit). Errors: ErrCategory
// (empty or duplicate name, bad rule), ErrMalformed (a name the check refuses).
func (tx *Tx) AddCategory(t *tournament.Tournament, name, rule string) (*tournament.Category, error) {
	name, err := tournament.CheckLabel("category name", name)
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, tournament.Errf(tournament.ErrCategory, "err.category.needs_name", "{err}: a category needs a name")
	}
	if _, _, _, err := tournament.ParseCategoryRule(rule); err != nil {
		return nil, err
	}
	var n int
	if err := tx.queryRow(`SELECT count(*) FROM categories WHERE tournament_id = ? AND name = ? COLLATE NOCASE`, t.ID, name).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, tournament.Errf(tournament.ErrCategory, "err.category.exists", "{err}: {tournament} already has a category {name}", "tournament", t.Name, "name", strconv.Quote(name))
	}
	res, err := tx.exec(`INSERT INTO categories (tournament_id, name, rule) VALUES (?, ?, ?)`, t.ID, name, strings.TrimSpace(rule))
	if err != nil {
		return nil, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return nil, err
	}
	c := &tournament.Category{ID: id, Name: name, Rule: strings.TrimSpace(rule)}
	return c, tx.logEvent(t.ID, "category.add", nil, c)
}

// AddToCategory puts the entries refs (entry ids or names, as findEntry reads them) of t into category name by hand and logs
// "category.member". Errors: ErrCategory (unknown category), findEntry's errors (ErrNotFound, ErrInvalid).
func (tx *Tx) AddToCategory(t *tournament.Tournament, name string, refs []string) (*tournament.Category, error) {
	c, err := tx.category(t, name)
	if err != nil {
		return nil, err
	}
	var added []int64 // the entries this call made members (undo takes them out again)
	for _, ref := range refs {
		e, err := tx.findEntry(t, ref)
		if err != nil {
			return nil, err
		}
		res, err := tx.exec(`INSERT OR IGNORE INTO category_members (category_id, entry_id) VALUES (?, ?)`, c.ID, e.ID)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return nil, err
		} else if n > 0 {
			added = append(added, e.ID)
		}
	}
	if err := tx.logEvent(t.ID, "category.member", nil, map[string]any{"category": c.Name, "players": refs, "category_id": c.ID, "entries": added}); err != nil {
		return nil, err
	}
	return tx.category(t, name)
}

// Categories returns the categories of t with their members (by hand and by rule).
func (tx *Tx) Categories(t *tournament.Tournament) ([]tournament.Category, error) {
	rows, err := tx.query(`SELECT id, name, rule FROM categories WHERE tournament_id = ? ORDER BY id`, t.ID)
	if err != nil {
		return nil, err
	}
	var out []tournament.Category
	for rows.Next() {
		var c tournament.Category
		if err := rows.Scan(&c.ID, &c.Name, &c.Rule); err != nil {
			rows.Close()
			return nil, err
		}
		c.Name, c.Rule = tournament.ShownText(c.Name), tournament.ShownText(c.Rule)
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
		key, val, n, _ := tournament.ParseCategoryRule(c.Rule)
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

func (tx *Tx) category(t *tournament.Tournament, name string) (*tournament.Category, error) {
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
	if len(names) == 0 {
		return nil, tournament.Errf(tournament.ErrCategory, "err.category.none", "{err}: {tournament} has no categories yet, so none called {name} (add one with 'arbitro category add')", "tournament", t.Name, "name", strconv.Quote(name))
	}
	return nil, tournament.Errf(tournament.ErrCategory, "err.category.not_found", "{err}: {tournament} has no category {name} (categories: {names})", "tournament", t.Name, "name", strconv.Quote(name), "names", strings.Join(names, ", "))
}

// CategoryStandings returns the standings of category name after round afterRound: only its
// members, placed among themselves (points, then the tournament's tie-breaks; direct
// encounter among the category's tied players; opponent-based tie-breaks over the whole
// event). Errors: ErrCategory, ComputeStandings' errors.
func (tx *Tx) CategoryStandings(t *tournament.Tournament, ct *tournament.Crosstable, name string, afterRound int) ([]tournament.Standing, error) {
	c, err := tx.category(t, name)
	if err != nil {
		return nil, err
	}
	in := map[int]bool{}
	for _, id := range c.Members {
		in[int(id)] = true
	}
	return tournament.ComputeStandingsAmong(ct, afterRound, func(i int) bool { return in[ct.Players[i].ID] })
}

// AddPrize appends a prize (lower in value than every prize added before it) and logs
// "prize.add". The label passes the names check (tournament.CheckText, at most 200
// characters). Errors: ErrCategory (unknown category, place < 1), ErrMalformed (a label
// the check refuses).
func (tx *Tx) AddPrize(t *tournament.Tournament, category string, place int, label string) (*tournament.Prize, error) {
	label, err := tournament.CheckText("prize label", label, tournament.MaxTextRunes)
	if err != nil {
		return nil, err
	}
	if place < 1 {
		return nil, tournament.Errf(tournament.ErrCategory, "err.category.prize_place", "{err}: a prize rewards a place 1, 2, ...; not {place}", "place", place)
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
	p := &tournament.Prize{ID: id, Category: category, Place: place, Label: label}
	return p, tx.logEvent(t.ID, "prize.add", nil, p)
}

// PrizeList gives each prize of t once, after round afterRound (a negative afterRound: the
// last round whose results are all in, CompletedRounds), highest prize first: the
// player at the prize's place in its standings (overall or category) gets it unless he
// already has a higher prize — a player eligible for two takes the higher — in which case
// it goes to the next player of those standings who has none. [arbitro] Players sharing a
// place (no "lot" tie-break) are taken in the order the standings list them (pairing
// number); the note says the place was shared, and the event's rules decide (split the
// money or use the lot tie-break, RULES-TESTS.md F58).
func (tx *Tx) PrizeList(t *tournament.Tournament, afterRound int) ([]tournament.Award, error) {
	prizes, err := tx.prizes(t)
	if err != nil {
		return nil, err
	}
	ct, err := tx.LoadCrosstable(t)
	if err != nil {
		return nil, err
	}
	if afterRound < 0 {
		afterRound = tournament.CompletedRounds(ct)
	}
	tables := map[string][]tournament.Standing{}
	decided := map[int64]int{} // entry id -> the play-off that decided his place
	standingsOf := func(cat string) ([]tournament.Standing, error) {
		if s, ok := tables[cat]; ok {
			return s, nil
		}
		var s []tournament.Standing
		var err error
		if cat == "" {
			s, err = tournament.ComputeStandings(ct, afterRound)
		} else {
			s, err = tx.CategoryStandings(t, ct, cat, afterRound)
		}
		if err == nil && afterRound == ct.Rounds && afterRound > 0 {
			s, err = tx.prizePlayoffs(t, s, decided)
		}
		tables[cat] = s
		return s, err
	}
	given := map[int]bool{}
	var out []tournament.Award
	for _, p := range prizes {
		st, err := standingsOf(p.Category)
		if err != nil {
			return nil, err
		}
		a := tournament.AwardPrize(p, st, given)
		if n := decided[int64(a.Entry)]; n > 0 && a.Entry != 0 {
			a.Notes = append(a.Notes, tournament.NewNote(tournament.NotePrizePlayoff, "playoff", n))
		}
		out = append(out, a)
	}
	return out, nil
}

// prizes reads the prizes of t in their order (prizes.rank).
func (tx *Tx) prizes(t *tournament.Tournament) ([]tournament.Prize, error) {
	rows, err := tx.query(`SELECT id, category, place, label FROM prizes WHERE tournament_id = ? ORDER BY rank`, t.ID)
	if err != nil {
		return nil, err
	}
	var prizes []tournament.Prize
	for rows.Next() {
		var p tournament.Prize
		if err := rows.Scan(&p.ID, &p.Category, &p.Place, &p.Label); err != nil {
			rows.Close()
			return nil, err
		}
		p.Category, p.Label = tournament.ShownText(p.Category), tournament.ShownText(p.Label)
		prizes = append(prizes, p)
	}
	return prizes, rows.Close()
}
