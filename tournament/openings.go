package tournament

// OpeningDraw is the opening drawn by lot for one round (FID Capo IV, Tabella 4).
type OpeningDraw struct {
	Code  string `json:"code"`  // the opening's number in the table
	Label string `json:"label"` // its moves, e.g. "21-17 10-14"
	Seed  int64  `json:"seed"`  // seed of the draw (derived from the tournament's seed and the round)
}
