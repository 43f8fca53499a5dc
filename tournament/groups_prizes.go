package tournament

// GroupPrizes is the prize list of one tournament of an event: the event itself (Group
// nil) or one of its groups, after its last round whose results are all in (docs/groups.md,
// "The combined prize list"). Awards is the tournament's prize list, highest prize first.
type GroupPrizes struct {
	Group  *Group  `json:"group,omitempty"`
	Awards []Award `json:"awards"`
}
