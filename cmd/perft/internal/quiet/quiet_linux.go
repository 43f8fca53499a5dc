// Package quiet keeps the Go runtime's own threads from interrupting a short computation
// on one processor. Importing it is enough: its init runs Helpers.
//
// Why: the runtime's monitor thread (sysmon) sleeps 20 µs at a time while a program is
// busy, for its first 50 wake-ups, then backs off. The kernel rounds each sleep up by the
// thread's timer slack (50 µs by default), so a program of a few milliseconds is
// interrupted every 70 µs or so from the moment the runtime starts sysmon; on one
// processor each wake-up preempts the program (two context switches and cold caches). For
// the perft driver that cost about a fifth of the CPU time of a run of a millisecond
// (docs/perft.md).
//
// The package imports nothing but unsafe on linux/amd64 (it makes its few system calls
// itself), so Go initialises it right after the runtime, before the standard library's
// packages: that is the earliest a program's own code can run.
package quiet

import "unsafe"

func init() { Helpers() }

// Helpers gives every thread of the process but the calling one the SCHED_BATCH policy
// (sched(7)). A SCHED_BATCH thread does not preempt a running thread when it wakes up: it
// waits for the calling thread to leave the processor, or for the end of its time slice
// (milliseconds), and then runs at the normal weight. (SCHED_IDLE would save as much CPU
// time, but starves those threads on a busy machine, and a process's exit waits for every
// thread to run: with a busy loop on the same processor, the slowest of 60 runs of the
// driver's perft(1) took 256 ms on the clock under SCHED_IDLE, 12 ms under SCHED_BATCH.) The caller
// must need nothing from the runtime's threads meanwhile (no garbage collection worth the
// name, no timers) and should not block, so that its goroutine is not moved to another
// thread. Threads the runtime starts later from a batch thread inherit the policy.
//
// The runtime starts its few threads right after the main one, so their thread ids
// usually follow the process id: those are tried first, each checked to belong to this
// process with tgkill(2) and signal 0, and /proc/self/task is read only when the number of
// threads (the link count of that directory, less two) says some were missed. Changing
// one's own threads to SCHED_BATCH needs no privilege (sched_setscheduler(2)); a failure
// is ignored, as it changes nothing but speed.
func Helpers() {
	pid, _ := rawSyscall6(sysGetpid, 0, 0, 0, 0, 0, 0)
	self, _ := rawSyscall6(sysGettid, 0, 0, 0, 0, 0, 0)
	links, ok := taskLinks()
	if !ok {
		return
	}
	others := int(links) - 3 // the directory links to itself, its parent and each thread
	for tid := pid; tid < pid+16 && others > 0; tid++ {
		if tid == self {
			continue
		}
		if _, errno := rawSyscall6(sysTgkill, pid, tid, 0, 0, 0, 0); errno == 0 {
			batch(tid)
			others--
		}
	}
	if others > 0 {
		batchListed(self)
	}
}

// taskDir is /proc/self/task as a NUL-terminated path.
var taskDir = [...]byte{'/', 'p', 'r', 'o', 'c', '/', 's', 'e', 'l', 'f', '/', 't', 'a', 's', 'k', 0}

const (
	atFDCWD    = ^uintptr(99)      // AT_FDCWD (-100)
	schedBatch = 3                 // SCHED_BATCH
	oRdonly    = 0                 // O_RDONLY
	oDirCloex  = 0x10000 | 0x80000 // O_DIRECTORY | O_CLOEXEC
)

// batch puts the thread tid under SCHED_BATCH.
func batch(tid uintptr) {
	var param int32 // struct sched_param { int sched_priority; }, 0 for SCHED_BATCH
	rawSyscall6(sysSchedSetscheduler, tid, schedBatch, uintptr(unsafe.Pointer(&param)), 0, 0, 0)
}

// batchListed puts every thread listed in /proc/self/task but self under SCHED_BATCH.
func batchListed(self uintptr) {
	fd, errno := rawSyscall6(sysOpenat, atFDCWD, uintptr(unsafe.Pointer(&taskDir[0])), oRdonly|oDirCloex, 0, 0, 0)
	if errno != 0 {
		return
	}
	var buf [2048]byte
	n, errno := rawSyscall6(sysGetdents64, fd, uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0, 0, 0)
	rawSyscall6(sysClose, fd, 0, 0, 0, 0, 0)
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
			batch(tid)
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
