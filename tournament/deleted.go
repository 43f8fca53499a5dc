package tournament

// DeletedTournament is what store.DeleteTournament removed (arbitro tournament delete), for the confirmation and the
// file-wide entry of the event log.
type DeletedTournament struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Entries int    `json:"entries"` // players entered (the players themselves stay in the file)
	Rounds  int    `json:"rounds"`
	Boards  int    `json:"boards"`
	Games   int    `json:"games"`  // game scores
	Events  int    `json:"events"` // its entries of the event log, kept
	// LogHead is the event log's chain head just before the deletion was logged.
	LogHead string `json:"log_head"`
	// EventID is the id of the file-wide entry "tournament.delete" (tournament_id NULL).
	EventID int64 `json:"event_id,omitempty"`
}
