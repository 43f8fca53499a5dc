package store

import (
	"context"

	"arbitro/tournament"
)

// AddCategory creates category name, with rule for its automatic members (title=T,
// born-from=YEAR, born-to=YEAR, rating-below=R, rating-from=R; "" for none), in the
// tournament ref names (Tx.AddCategory).
//
// Returns the category as stored and the tournament as selected. Errors: ErrCategory (no
// name, a name taken, a bad rule); those of updateIn. On an error nothing is written.
func (s *Store) AddCategory(ctx context.Context, ref, name, rule string) (*tournament.Category, tournament.Tournament, error) {
	var c *tournament.Category
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		c, err = tx.AddCategory(t, name, rule)
		return err
	})
	return c, t, err
}

// AssignToCategory puts the entries players name (entry ids or names) into category name
// of the tournament ref names by hand (Tx.AddToCategory).
//
// Returns the category as stored after, with all its members, and the tournament as
// selected. Errors: ErrCategory (no such category), ErrNotFound and ErrInvalid (a player
// not found, or a name that fits several); those of updateIn. On an error nothing is
// written.
func (s *Store) AssignToCategory(ctx context.Context, ref, name string, players []string) (*tournament.Category, tournament.Tournament, error) {
	var c *tournament.Category
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		c, err = tx.AddToCategory(t, name, players)
		return err
	})
	return c, t, err
}

// CategoryList is what Categories reads: the categories and the names of the players.
type CategoryList struct {
	Categories []tournament.Category // by creation, with their members (by hand and by rule)
	Names      map[int64]string      // entry id -> player name, for every entry
}

// Categories reads the categories of the tournament ref names with their members, and the
// name of each entry, and returns the tournament as selected.
//
// Errors: those of viewIn. Nothing is written.
func (s *Store) Categories(ctx context.Context, ref string) (CategoryList, tournament.Tournament, error) {
	out := CategoryList{Names: map[int64]string{}}
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		if out.Categories, err = tx.Categories(t); err != nil {
			return err
		}
		es, err := tx.Entries(t.ID)
		for _, e := range es {
			out.Names[e.ID] = e.Player.Name
		}
		return err
	})
	return out, t, err
}

// AddPrize appends the prize label for place (1, 2, ...) of the standings of category
// ("" for the overall standings) to the tournament ref names, lower in value than every
// prize added before it (Tx.AddPrize).
//
// Returns the prize as stored and the tournament as selected. Errors: ErrCategory (no such
// category, place < 1); those of updateIn. On an error nothing is written.
func (s *Store) AddPrize(ctx context.Context, ref, category string, place int, label string) (*tournament.Prize, tournament.Tournament, error) {
	var p *tournament.Prize
	t, err := s.updateIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		p, err = tx.AddPrize(t, category, place, label)
		return err
	})
	return p, t, err
}

// PrizeList gives each prize of the tournament ref names once, after round afterRound (a
// negative afterRound: the last round with every result in), highest prize first
// (Tx.PrizeList), and returns the tournament as selected.
//
// Errors: ErrCategory, ErrInvalidCrosstable, ErrRoundRange (Tx.PrizeList's); those of
// viewIn. Nothing is written.
func (s *Store) PrizeList(ctx context.Context, ref string, afterRound int) ([]tournament.Award, tournament.Tournament, error) {
	var awards []tournament.Award
	t, err := s.viewIn(ctx, ref, func(tx *Tx, t *tournament.Tournament) (err error) {
		awards, err = tx.PrizeList(t, afterRound)
		return err
	})
	return awards, t, err
}
