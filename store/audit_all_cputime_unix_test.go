//go:build unix

package store

import (
	"syscall"
	"time"
)

// auditCPU returns the user+system CPU time used by this process so far (the archive
// audit's benchmarks report it per operation).
func auditCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
