package tournament

import (
	"errors"
	"runtime"
	"testing"
)

// OrderedMap hands the results out in input order for any number of workers, even when
// later items finish first, and a read error comes after every item read before it.
func TestOrderedMapOrderAndErrors(t *testing.T) {
	const n = 500
	readErr := errors.New("read error")
	for _, jobs := range []int{0, 1, 2, 5, 16} {
		for _, failAt := range []int{-1, 137} {
			i := 0
			next := func() (int, bool, error) {
				if i == failAt {
					return 0, false, readErr
				}
				if i == n {
					return 0, false, nil
				}
				i++
				return i - 1, true, nil
			}
			work := func(x int) int {
				if x%7 == 0 { // early items yield, so later ones may finish first
					for range 50 {
						runtime.Gosched()
					}
				}
				return x * x
			}
			var got []int
			err := OrderedMap(jobs, next, work, func(y int) error { got = append(got, y); return nil })
			want := n
			if failAt >= 0 {
				want = failAt
				if !errors.Is(err, readErr) {
					t.Fatalf("jobs %d: error %v, want the read error", jobs, err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if len(got) != want {
				t.Fatalf("jobs %d fail %d: %d results, want %d", jobs, failAt, len(got), want)
			}
			for k, y := range got {
				if y != k*k {
					t.Fatalf("jobs %d: result %d is %d, want %d", jobs, k, y, k*k)
				}
			}
		}
	}
}
