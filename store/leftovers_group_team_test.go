package store

import (
	"errors"
	"testing"

	"arbitro/tournament"
)

// TestGroupsRefuseTeamEvent: group make, group add and group stage on a team event are
// refused with err.group.team_event and nothing written: a group is a tournament of
// single players made from the event's entries, so a team event's groups would split its
// teams into players and show no team page (docs/groups.md, "Team events").
func TestGroupsRefuseTeamEvent(t *testing.T) {
	st := teamEvent(t, 4)
	before := ucRows(t, st)
	check := func(what string, err error) {
		t.Helper()
		var ce *tournament.CodedError
		if !errors.Is(err, tournament.ErrInvalid) || !errors.As(err, &ce) || ce.Code != "err.group.team_event" {
			t.Errorf("%s on a team event: %v, want err.group.team_event", what, err)
		}
	}
	_, _, err := st.MakeGroups(ucCtx, "", tournament.GroupRule{By: tournament.GroupByRating, Size: 4}, GroupSpec{})
	check("group make", err)
	_, _, err = st.AddGroup(ucCtx, "", "A", 0, GroupSpec{})
	check("group add", err)
	_, _, err = st.MakeStage(ucCtx, "", "", tournament.StageRule{Size: 4}, GroupSpec{})
	check("group stage", err)
	ucSameRows(t, st, before, "groups refused on a team event")
}
