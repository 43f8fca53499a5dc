package tournament

import (
	"fmt"
	"slices"
	"testing"
)

func groupEntries(n int) []Entry {
	var es []Entry
	for i := 1; i <= n; i++ {
		es = append(es, Entry{ID: int64(i), Rating: 2000 - 10*i, Player: Player{Name: fmt.Sprintf("P%03d", i)}})
	}
	return es
}

func memberIDs(g PlannedGroup) []int64 {
	var ids []int64
	for _, m := range g.Members {
		ids = append(ids, m.Entry.ID)
	}
	return ids
}

func TestGroupSizesEvenLargerFirst(t *testing.T) {
	for _, c := range []struct {
		n, size int
		want    []int
	}{{144, 4, []int{4 /* x36 */}}, {10, 4, []int{4, 3, 3}}, {11, 4, []int{4, 4, 3}}, {3, 4, []int{3}}, {21, 10, []int{7, 7, 7}}} {
		got := GroupSizes(c.n, c.size)
		if c.n == 144 {
			if len(got) != 36 || slices.Max(got) != 4 || slices.Min(got) != 4 {
				t.Fatalf("144 by 4: %v", got)
			}
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("GroupSizes(%d, %d) = %v, want %v", c.n, c.size, got, c.want)
		}
	}
	if GroupName(0) != "A" || GroupName(25) != "Z" || GroupName(26) != "AA" || GroupName(35) != "AJ" {
		t.Fatalf("names: %s %s %s %s", GroupName(0), GroupName(25), GroupName(26), GroupName(35))
	}
}

func TestPlanGroupsBlockAndSnake(t *testing.T) {
	es := groupEntries(10) // ratings 1990 (P001) down to 1900 (P010)
	block, err := PlanGroups(es, GroupRule{By: GroupByRating, Size: 4, Seeding: SeedingBlock})
	if err != nil {
		t.Fatal(err)
	}
	if len(block) != 3 || !slices.Equal(memberIDs(block[0]), []int64{1, 2, 3, 4}) || !slices.Equal(memberIDs(block[2]), []int64{8, 9, 10}) {
		t.Fatalf("block: %+v", block)
	}
	snake, err := PlanGroups(es, GroupRule{By: GroupByRating, Size: 4, Seeding: SeedingSnake})
	if err != nil {
		t.Fatal(err)
	}
	// rows: 1 2 3 | 6 5 4 | 7 8 9 | then A is the only group with room: 10
	if !slices.Equal(memberIDs(snake[0]), []int64{1, 6, 7, 10}) || !slices.Equal(memberIDs(snake[1]), []int64{2, 5, 8}) || !slices.Equal(memberIDs(snake[2]), []int64{3, 4, 9}) {
		t.Fatalf("snake: %v %v %v", memberIDs(snake[0]), memberIDs(snake[1]), memberIDs(snake[2]))
	}
	if _, err := PlanGroups(es, GroupRule{By: GroupByRating, Size: 4, Names: []string{"X", "Y"}}); err == nil {
		t.Fatal("two names for three groups accepted")
	}
	if _, err := PlanGroups(es, GroupRule{By: GroupByRating, Size: 1}); err == nil {
		t.Fatal("groups of one accepted")
	}
}

func TestPlanGroupsByCategoryStrongestFirst(t *testing.T) {
	es := groupEntries(6)
	for i := range es {
		es[i].Player.Title = map[bool]string{true: "M", false: "1N"}[i%3 == 0] // P001, P004 masters
	}
	es[5].Rating = 2500 // P006, a 1N, is the strongest player: 1N first
	gs, err := PlanGroups(es, GroupRule{By: GroupByCategory})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || gs[0].Name != "1N" || gs[1].Name != "M" || !slices.Equal(memberIDs(gs[1]), []int64{1, 4}) {
		t.Fatalf("by category: %+v", gs)
	}
}

func TestPlanStageSplitsSharedPlaceAndCarries(t *testing.T) {
	ce := make([]CrossEntry, 5)
	for i := range ce {
		ce[i] = CrossEntry{ID: i + 1}
	}
	// 1 beat 2 and 3; 2 beat 3; 4 and 5 drew. 2 and 3 share place 2-3.
	ce[0].Results = []CrossResult{{Round: 1, Opponent: 2, Points: 2, Kind: CrossPlayed}, {Round: 2, Opponent: 3, Points: 2, Kind: CrossPlayed}}
	ce[1].Results = []CrossResult{{Round: 1, Opponent: 1, Kind: CrossPlayed}, {Round: 2, Opponent: 3, Points: 2, Kind: CrossPlayed}}
	ce[3].Results = []CrossResult{{Round: 1, Opponent: 5, Points: 1, Kind: CrossPlayed}}
	rows := []Standing{{Rank: 1, Entry: &ce[0]}, {Rank: 2, RankTo: 3, Entry: &ce[1]}, {Rank: 2, RankTo: 3, Entry: &ce[2]}, {Rank: 4, Entry: &ce[3]}, {Rank: 5, Entry: &ce[4]}}
	gs, err := PlanStage(rows, StageRule{Size: 2, Carry: CarryMutual})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 3 || gs[0].Name != "A" || gs[1].From != 3 || !slices.Equal(memberIDs(gs[1]), []int64{3, 4}) {
		t.Fatalf("stage: %+v", gs)
	}
	if !gs[0].Members[1].Split || !gs[1].Members[0].Split || gs[0].Members[0].Split {
		t.Fatalf("split flags: %+v %+v", gs[0].Members, gs[1].Members)
	}
	if gs[0].Members[0].Carried != 2 || gs[0].Members[1].Carried != 0 || gs[1].Members[1].Carried != 0 {
		t.Fatalf("mutual carry: %+v %+v", gs[0].Members, gs[1].Members)
	}
	all, _ := PlanStage(rows, StageRule{Top: 3, Carry: CarryAll})
	if len(all) != 1 || len(all[0].Members) != 3 || all[0].Members[0].Carried != 4 || all[0].Members[1].Carried != 2 {
		t.Fatalf("top 3, all carried: %+v", all)
	}
}
