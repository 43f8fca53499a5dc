package main

import (
	"syscall"
	"unsafe"
)

// quietHelpers gives every thread of the process but the calling one the SCHED_IDLE
// policy (sched(7)), so that the Go runtime's own threads do not interrupt the count.
//
// Why: the runtime's monitor thread (sysmon) sleeps 20 µs at a time while a program is
// busy, for its first 50 wake-ups, then backs off. The kernel rounds each sleep up by the
// thread's timer slack (50 µs by default), so a count of a few milliseconds is interrupted
// every 70 µs or so; on one processor each wake-up preempts the count (two context
// switches and cold caches), which cost the driver a sixth of the CPU time of a Woldouby
// perft(10) (docs/perft.md). A thread under SCHED_IDLE does not preempt a normal one when
// it wakes up: it waits for the count to leave the processor, or for the scheduler's tick.
// The runtime needs nothing from those threads while the count runs (it does not
// allocate), and the count itself stays on the calling thread: nothing in it blocks, so the
// goroutine is never moved to another thread.
//
// The runtime starts its few threads right after the main one, so their thread ids
// usually follow the process id: those are tried first, each checked to belong to this
// process with tgkill(2) and signal 0, and /proc/self/task is read only when the number of
// threads (the link count of that directory, less two) says some were missed. Lowering
// the priority of one's own threads needs no privilege (sched_setscheduler(2)); a failure is
// ignored, as it changes nothing but speed.
func quietHelpers() {
	pid, _, _ := syscall.RawSyscall(syscall.SYS_GETPID, 0, 0, 0)
	self, _, _ := syscall.RawSyscall(syscall.SYS_GETTID, 0, 0, 0)
	var st syscall.Stat_t
	if syscall.Stat("/proc/self/task", &st) != nil {
		return
	}
	others := int(st.Nlink) - 3 // the task directory links to itself, its parent and each thread
	for tid := pid; tid < pid+16 && others > 0; tid++ {
		if tid == self {
			continue
		}
		if _, _, errno := syscall.RawSyscall(syscall.SYS_TGKILL, pid, tid, 0); errno == 0 {
			idle(tid)
			others--
		}
	}
	if others > 0 {
		idleListed(self)
	}
}

// taskDir is /proc/self/task as a NUL-terminated path.
var taskDir = [...]byte{'/', 'p', 'r', 'o', 'c', '/', 's', 'e', 'l', 'f', '/', 't', 'a', 's', 'k', 0}

const (
	atFDCWD   = ^uintptr(99) // AT_FDCWD (-100)
	schedIdle = 5            // SCHED_IDLE
)

// idle puts the thread tid under SCHED_IDLE.
func idle(tid uintptr) {
	var param int32 // struct sched_param { int sched_priority; }, 0 for SCHED_IDLE
	syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, tid, schedIdle, uintptr(unsafe.Pointer(&param)))
}

// idleListed puts every thread listed in /proc/self/task but self under SCHED_IDLE.
func idleListed(self uintptr) {
	fd, _, errno := syscall.RawSyscall6(syscall.SYS_OPENAT, atFDCWD, uintptr(unsafe.Pointer(&taskDir[0])),
		syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0, 0, 0)
	if errno != 0 {
		return
	}
	var buf [2048]byte
	n, _, errno := syscall.RawSyscall(syscall.SYS_GETDENTS64, fd, uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
	syscall.RawSyscall(syscall.SYS_CLOSE, fd, 0, 0)
	if errno != 0 {
		return
	}
	for off := 0; off+19 < int(n); {
		// struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name
		reclen := int(buf[off+16]) | int(buf[off+17])<<8
		if reclen == 0 || off+reclen > int(n) {
			break
		}
		if tid := direntNumber(buf[off+19 : off+reclen]); tid > 0 && tid != self {
			idle(tid)
		}
		off += reclen
	}
}

// direntNumber returns the decimal number a NUL-terminated directory entry name spells,
// or 0 when the name is not a number ("." and "..").
func direntNumber(name []byte) uintptr {
	var v uintptr
	for _, c := range name {
		if c == 0 {
			break
		}
		if c < '0' || c > '9' {
			return 0
		}
		v = v*10 + uintptr(c-'0')
	}
	return v
}
