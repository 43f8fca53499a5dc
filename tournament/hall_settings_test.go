package tournament

import (
	"errors"
	"testing"
	"time"
)

func TestHallSettingsOverdue(t *testing.T) {
	at := "2026-11-22T10:00:00Z"
	t0, _ := time.Parse(time.RFC3339, at)
	for _, c := range []struct {
		minutes int
		after   time.Duration
		want    bool
	}{{0, time.Hour, false}, {10, 9*time.Minute + 59*time.Second, false}, {10, 10 * time.Minute, true}, {1, time.Hour, true}} {
		if got := (HallSettings{SingleMinutes: c.minutes}).Overdue(at, t0.Add(c.after)); got != c.want {
			t.Errorf("%d minutes, %v later: %v", c.minutes, c.after, got)
		}
	}
	if !(HallSettings{SingleMinutes: 5}).Overdue("garbled", t0) {
		t.Error("an entry time that does not parse is not shown to the arbiter")
	}
}

func TestHallSettingsApply(t *testing.T) {
	url, empty, no, m := "https://sala.local", "", false, MaxSingleMinutes
	s, err := HallSettingsChange{URL: &url, SingleMinutes: &m}.Apply(HallSettings{Confirm: true}, 7)
	if err != nil || s != (HallSettings{URL: "https://sala.local/hall/7/", Confirm: true, SingleMinutes: MaxSingleMinutes}) {
		t.Errorf("%+v, %v", s, err)
	}
	if s, err = (HallSettingsChange{URL: &empty, Confirm: &no}).Apply(s, 7); err != nil || s.URL != "" || s.Confirm || s.SingleMinutes != MaxSingleMinutes {
		t.Errorf("removed: %+v, %v", s, err)
	}
	m++
	if _, err := (HallSettingsChange{SingleMinutes: &m}).Apply(s, 7); !errors.Is(err, ErrInvalid) {
		t.Errorf("%d minutes: %v", m, err)
	}
}
