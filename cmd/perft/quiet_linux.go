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
// switches and cold caches), which cost the driver a third of the CPU time of a Woldouby
// perft(10) (docs/perft.md). A thread under SCHED_IDLE does not preempt a normal one when
// it wakes up: it waits for the count to leave the processor, or for the scheduler's tick.
// The runtime needs nothing from those threads while the count runs (it does not
// allocate), and the count itself stays on the calling thread: nothing in it blocks, so the
// goroutine is never moved to another thread.
//
// Lowering the priority of one's own threads needs no privilege (sched_setscheduler(2));
// the system calls are made raw (no hand-off of the processor in between) and a failure is
// ignored, as it changes nothing but speed.
func quietHelpers() {
	dir := [...]byte{'/', 'p', 'r', 'o', 'c', '/', 's', 'e', 'l', 'f', '/', 't', 'a', 's', 'k', 0}
	fd, _, errno := syscall.RawSyscall6(syscall.SYS_OPENAT, atFDCWD, uintptr(unsafe.Pointer(&dir[0])),
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
	self, _, _ := syscall.RawSyscall(syscall.SYS_GETTID, 0, 0, 0)
	var param int32 // struct sched_param { int sched_priority; }, 0 for SCHED_IDLE
	for off := 0; off+19 < int(n); {
		// struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name
		reclen := int(buf[off+16]) | int(buf[off+17])<<8
		if reclen == 0 || off+reclen > int(n) {
			break
		}
		if tid := direntNumber(buf[off+19 : off+reclen]); tid > 0 && tid != self {
			syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, tid, schedIdle, uintptr(unsafe.Pointer(&param)))
		}
		off += reclen
	}
}

const (
	atFDCWD   = ^uintptr(99) // AT_FDCWD (-100)
	schedIdle = 5            // SCHED_IDLE
)

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
