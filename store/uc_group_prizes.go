package store

import (
	"context"

	"arbitro/tournament"
)

// EventPrizes is the combined prize list of the event ref names (docs/groups.md, "The
// combined prize list"): the event's own prizes first (those of its stage-1 tournament,
// when it has any), then each group's prizes in the groups' order, of stage stage only
// (0: every stage). Each list is Tx.PrizeList of that tournament after its last round
// whose results are all in, so each group gives each of its prizes once, the higher
// first; a player who is in groups of two stages may appear in both lists (the event's
// rules say whether the prizes add up; arbitro does not cross either out). Groups without
// prizes are left out. It writes nothing.
//
// Returns the lists and the event. Errors: ErrInvalid (no groups, or no prize in the
// event or any of its groups); Tx.PrizeList's, prefixed with the group's name; those of
// viewIn.
func (s *Store) EventPrizes(ctx context.Context, ref string, stage int) ([]tournament.GroupPrizes, tournament.Tournament, error) {
	var out []tournament.GroupPrizes
	t, err := s.viewIn(ctx, ref, func(tx *Tx, ev *tournament.Tournament) error {
		gs, err := tx.listGroups(ev.ID)
		if err != nil {
			return err
		}
		if len(gs) == 0 {
			return tournament.Errf(tournament.ErrInvalid, "err.group_prizes.no_groups", "{err}: {name} has no groups (its prizes: 'arbitro prize list')", "name", ev.Name)
		}
		if stage <= 1 {
			if own, err := tx.prizes(ev); err != nil {
				return err
			} else if len(own) > 0 {
				awards, err := tx.PrizeList(ev, -1)
				if err != nil {
					return err
				}
				out = append(out, tournament.GroupPrizes{Awards: awards})
			}
		}
		for i := range gs {
			g := &gs[i]
			if stage != 0 && g.Stage != stage {
				continue
			}
			if own, err := tx.prizes(&g.Tournament); err != nil {
				return err
			} else if len(own) == 0 {
				continue
			}
			awards, err := tx.PrizeList(&g.Tournament, -1)
			if err != nil {
				return tournament.Errf(err, "err.group_prizes.in_group", "group {name}: {err}", "name", g.Name)
			}
			out = append(out, tournament.GroupPrizes{Group: g, Awards: awards})
		}
		if len(out) == 0 {
			return tournament.Errf(tournament.ErrInvalid, "err.group_prizes.none", "{err}: no prize in {name} or its groups (add them with 'arbitro --group NAME prize add')", "name", ev.Name)
		}
		return nil
	})
	return out, t, err
}
