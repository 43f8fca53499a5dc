package quiet

import "unsafe"

// System call numbers of linux/amd64 (asm/unistd_64.h).
const (
	sysClose             = 3
	sysGetpid            = 39
	sysSchedSetscheduler = 144
	sysGettid            = 186
	sysGetdents64        = 217
	sysTgkill            = 234
	sysOpenat            = 257
	sysNewfstatat        = 262
)

// taskLinks returns the link count of /proc/self/task (stat(2); struct stat of
// linux/amd64 is 144 bytes, st_nlink its third word).
func taskLinks() (uint64, bool) {
	var st [18]uint64
	_, errno := rawSyscall6(sysNewfstatat, atFDCWD, uintptr(unsafe.Pointer(&taskDir[0])), uintptr(unsafe.Pointer(&st)), 0, 0, 0)
	return st[2], errno == 0
}

// rawSyscall6 makes system call trap with six arguments, without telling the scheduler
// (like syscall.RawSyscall6): it returns the result and, on failure, the error number.
// In sys_linux_amd64.s.
//
//go:noescape
func rawSyscall6(trap, a1, a2, a3, a4, a5, a6 uintptr) (r1, errno uintptr)
