//go:build windows

package tournament

import "syscall"

// cpuSeconds returns the CPU time (user + system) this process has used.
func cpuSeconds() float64 {
	var creation, exit, kernel, user syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0
	}
	if err := syscall.GetProcessTimes(h, &creation, &exit, &kernel, &user); err != nil {
		return 0
	}
	// A Filetime counts 100 ns intervals.
	ft := func(t syscall.Filetime) float64 { return float64(int64(t.HighDateTime)<<32|int64(t.LowDateTime)) / 1e7 }
	return ft(kernel) + ft(user)
}
