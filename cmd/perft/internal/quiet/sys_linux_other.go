//go:build linux && !amd64

package quiet

import "syscall"

// Outside amd64 the system calls go through package syscall (so the package is
// initialised after it, a little later than on amd64).
const (
	sysClose             = syscall.SYS_CLOSE
	sysGetpid            = syscall.SYS_GETPID
	sysSchedSetscheduler = syscall.SYS_SCHED_SETSCHEDULER
	sysGettid            = syscall.SYS_GETTID
	sysGetdents64        = syscall.SYS_GETDENTS64
	sysTgkill            = syscall.SYS_TGKILL
	sysOpenat            = syscall.SYS_OPENAT
)

// taskLinks returns the link count of /proc/self/task.
func taskLinks() (uint64, bool) {
	var st syscall.Stat_t
	if syscall.Stat("/proc/self/task", &st) != nil {
		return 0, false
	}
	return uint64(st.Nlink), true
}

func rawSyscall6(trap, a1, a2, a3, a4, a5, a6 uintptr) (r1, errno uintptr) {
	r, _, e := syscall.RawSyscall6(trap, a1, a2, a3, a4, a5, a6)
	return r, uintptr(e)
}
