package store

import (
	"path/filepath"
	"sync"
	"testing"
)

// TestSafetyConcurrentCreate: several writers opening the same new file at once all
// succeed and find the schema. The schema check must read the schema version and the
// table count as one snapshot: read in two statements, an opener could see the version
// before another opener's schema commit and the tables after it, and refuse the file
// as "tables but no arbitro schema version" (seen in TestConcurrentWriters).
func TestSafetyConcurrentCreate(t *testing.T) {
	const files, openers = 40, 6
	dir := t.TempDir()
	for f := 0; f < files; f++ {
		path := filepath.Join(dir, "new"+string(rune('a'+f%26))+string(rune('a'+f/26))+".db")
		var wg sync.WaitGroup
		errs := make([]error, openers)
		start := make(chan struct{})
		for i := 0; i < openers; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				s, err := Open(path)
				if err == nil {
					err = s.Close()
				}
				errs[i] = err
			}(i)
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("file %d, opener %d: %v", f, i, err)
			}
		}
	}
}
