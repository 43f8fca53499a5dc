// Announced absences from rounds not yet paired (set and removed by the arbiter).

package tournament

// Absence is a player's announced absence from a round not yet paired (table absences):
// he is not paired in that round and gets Points game points (usually 0; FID and FIDE
// events may grant a half-point bye, i.e. 1).
type Absence struct {
	Entry  int64  `json:"entry"`
	Name   string `json:"name"`
	Round  int    `json:"round"`
	Points int    `json:"points"`
	Reason string `json:"reason,omitempty"`
}
