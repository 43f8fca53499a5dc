package pairing

import "fmt"

func teamSwiss(teams []Team, opt TeamSwissOptions) (TeamSwissResult, error) {
	return TeamSwissResult{}, fmt.Errorf("%w: the team Swiss is not implemented yet", ErrTeamSnapshot)
}
