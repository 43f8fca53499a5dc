package tournament

// GroupPrizes is the prize list of one tournament of an event: the event itself (Group
// nil) or one of its groups, after its last round whose results are all in (docs/groups.md,
// "The combined prize list"). Awards is the tournament's prize list, highest prize first.
type GroupPrizes struct {
	Group  *Group  `json:"group,omitempty"`
	Awards []Award `json:"awards"`
}

// GroupSite is one group of an event with its site data (store.SitePage with Groups): the
// hall's screens of an event with groups list every group's current round.
type GroupSite struct {
	Group Group
	Event *SiteEvent
}
