package tournament

import "testing"

// TestFieldSettersCoverTournamentFields: every field SetTournamentField accepts has its
// setter, and no setter is for a field it does not accept.
func TestFieldSettersCoverTournamentFields(t *testing.T) {
	for f := range TournamentFields {
		if FieldSetters[f] == nil {
			t.Errorf("field %q has no setter", f)
		}
	}
	for f := range FieldSetters {
		if _, ok := TournamentFields[f]; !ok {
			t.Errorf("setter for %q, which TournamentFields does not list", f)
		}
	}
}
