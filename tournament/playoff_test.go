package tournament

import (
	"errors"
	"testing"
)

func playoffRows(ranks ...[2]int) []Standing {
	rows := make([]Standing, len(ranks))
	for i, r := range ranks {
		rows[i] = Standing{Rank: r[0], RankTo: r[1], Entry: &CrossEntry{ID: i + 1, Number: i + 1}, Points: 5}
	}
	return rows
}

func poSide(id int64) PlayoffSide { return PlayoffSide{EntryID: id} }

func game(n int, w, b int64, wp int) PlayoffGame {
	return PlayoffGame{Game: n, White: poSide(w), Black: poSide(b), WhitePoints: wp}
}

func order(rows []Standing) (ids []int, places []string) {
	for _, r := range rows {
		ids = append(ids, r.Entry.ID)
		places = append(places, r.Place())
	}
	return ids, places
}

func TestApplyPlayoffs(t *testing.T) {
	tests := []struct {
		name    string
		rows    []Standing
		pos     []Playoff
		ids     []int
		places  []string
		decided []int64
	}{
		{"two tied for first, the second wins the play-off",
			playoffRows([2]int{1, 2}, [2]int{1, 2}, [2]int{3, 3}),
			[]Playoff{{Number: 1, Players: []PlayoffSide{poSide(1), poSide(2)}, Games: []PlayoffGame{game(1, 1, 2, 0)}}},
			[]int{2, 1, 3}, []string{"1", "2", "3"}, []int64{1, 2}},
		{"a drawn play-off leaves the place shared and decides nothing",
			playoffRows([2]int{1, 2}, [2]int{1, 2}, [2]int{3, 3}),
			[]Playoff{{Number: 1, Players: []PlayoffSide{poSide(1), poSide(2)}, Games: []PlayoffGame{game(1, 1, 2, 1)}}},
			[]int{1, 2, 3}, []string{"1-2", "1-2", "3"}, nil},
		{"a play-off without games orders nothing",
			playoffRows([2]int{1, 2}, [2]int{1, 2}, [2]int{3, 3}),
			[]Playoff{{Number: 1, Players: []PlayoffSide{poSide(1), poSide(2)}}},
			[]int{1, 2, 3}, []string{"1-2", "1-2", "3"}, nil},
		{"players no longer sharing a place: the tie-breaks decide, not the play-off",
			playoffRows([2]int{1, 1}, [2]int{2, 2}, [2]int{3, 3}),
			[]Playoff{{Number: 1, Players: []PlayoffSide{poSide(1), poSide(2)}, Games: []PlayoffGame{game(1, 1, 2, 0)}}},
			[]int{1, 2, 3}, []string{"1", "2", "3"}, nil},
		{"a third player sharing the place but not in the play-off: not applied",
			playoffRows([2]int{1, 3}, [2]int{1, 3}, [2]int{1, 3}),
			[]Playoff{{Number: 1, Players: []PlayoffSide{poSide(1), poSide(2)}, Games: []PlayoffGame{game(1, 1, 2, 0)}}},
			[]int{1, 2, 3}, []string{"1-3", "1-3", "1-3"}, nil},
		{"three tied for second, a round robin play-off: one wins, two stay level",
			playoffRows([2]int{1, 1}, [2]int{2, 4}, [2]int{2, 4}, [2]int{2, 4}),
			[]Playoff{{Number: 1, Players: []PlayoffSide{poSide(2), poSide(3), poSide(4)}, Games: []PlayoffGame{
				game(1, 2, 3, 2), game(2, 4, 2, 0), game(3, 3, 4, 1)}}},
			[]int{1, 2, 3, 4}, []string{"1", "2", "3-4", "3-4"}, []int64{2, 3, 4}},
		{"before the tie-breaks: the play-off's players take the first places of their score",
			playoffRows([2]int{1, 1}, [2]int{2, 2}, [2]int{3, 3}, [2]int{4, 4}),
			[]Playoff{{Number: 1, When: PlayoffBeforeTieBreaks, Players: []PlayoffSide{poSide(1), poSide(3)}, Games: []PlayoffGame{game(1, 1, 3, 0)}}},
			[]int{3, 1, 2, 4}, []string{"1", "2", "3", "4"}, []int64{1, 3}},
		{"before the tie-breaks, a drawn play-off: the tie-breaks order its players, the others follow",
			playoffRows([2]int{1, 1}, [2]int{2, 2}, [2]int{3, 3}, [2]int{4, 4}),
			[]Playoff{{Number: 1, When: PlayoffBeforeTieBreaks, Players: []PlayoffSide{poSide(1), poSide(3)}, Games: []PlayoffGame{game(1, 1, 3, 1)}}},
			[]int{1, 3, 2, 4}, []string{"1", "2", "3", "4"}, []int64{1, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			points := map[int]int{}
			for _, r := range tc.rows {
				points[r.Entry.ID] = r.Points
			}
			rows, decided := ApplyPlayoffs(tc.rows, tc.pos)
			ids, places := order(rows)
			if !equalInts(ids, tc.ids) || !equalStrings(places, tc.places) {
				t.Errorf("order %v places %v, want %v %v", ids, places, tc.ids, tc.places)
			}
			if len(decided) != len(tc.decided) {
				t.Errorf("decided %v, want %v", decided, tc.decided)
			}
			for _, id := range tc.decided {
				if !decided[id] {
					t.Errorf("entry %d not marked decided (%v)", id, decided)
				}
			}
			for _, r := range rows {
				if r.Points != points[r.Entry.ID] {
					t.Errorf("entry %d: points %d changed from %d: a play-off counts in no score", r.Entry.ID, r.Points, points[r.Entry.ID])
				}
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCheckPlayoff(t *testing.T) {
	if err := CheckPlayoffPlayers([]PlayoffSide{poSide(1)}); !errors.Is(err, ErrInvalid) {
		t.Errorf("one player: %v, want ErrInvalid", err)
	}
	if err := CheckPlayoffPlayers([]PlayoffSide{poSide(1), poSide(1)}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a player twice: %v, want ErrInvalid", err)
	}
	if err := CheckPlayoffPlayers([]PlayoffSide{poSide(1), poSide(2)}); err != nil {
		t.Errorf("two players: %v", err)
	}
	p := &Playoff{Number: 1, Players: []PlayoffSide{poSide(1), poSide(2)}}
	if err := CheckPlayoffGame(p, 1, 1); !errors.Is(err, ErrInvalid) {
		t.Errorf("against himself: %v", err)
	}
	if err := CheckPlayoffGame(p, 1, 3); !errors.Is(err, ErrInvalid) {
		t.Errorf("an outsider: %v", err)
	}
	if err := CheckPlayoffGame(p, 2, 1); err != nil {
		t.Errorf("its players: %v", err)
	}
}
