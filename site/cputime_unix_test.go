//go:build unix

package site

import (
	"syscall"
	"time"
)

// processCPU returns the user+system CPU time used by this process so far; benchmarks
// report it per operation because wall time on a shared machine counts the waits too.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
