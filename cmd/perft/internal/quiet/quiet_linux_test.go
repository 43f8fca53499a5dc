package quiet

import (
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"unsafe"
)

// TestHelpers checks that Helpers leaves the calling thread under the normal
// policy and puts the process's other threads under SCHED_BATCH (then puts them back).
func TestHelpers(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	needPolicies(t)
	Helpers()
	checkBatch(t)
}

// TestBatchListed is TestHelpers for the fallback through /proc/self/task.
func TestBatchListed(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	needPolicies(t)
	batchListed(uintptr(syscall.Gettid()))
	checkBatch(t)
}

// needPolicies skips the test where the kernel (or a sandbox's system-call filter) does
// not let the calling thread change its own scheduling policy to SCHED_BATCH and back.
func needPolicies(t *testing.T) {
	t.Helper()
	var param int32
	if _, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, schedBatch, uintptr(unsafe.Pointer(&param))); errno != 0 {
		t.Skip("sched_setscheduler(SCHED_BATCH):", errno)
	}
	if _, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, 0, uintptr(unsafe.Pointer(&param))); errno != 0 {
		t.Fatal("sched_setscheduler(SCHED_OTHER) after SCHED_BATCH:", errno)
	}
}

func checkBatch(t *testing.T) {
	t.Helper()
	self := syscall.Gettid()
	ents, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skip("no /proc/self/task:", err)
	}
	batched := 0
	for _, e := range ents {
		tid, err := strconv.Atoi(e.Name())
		if err != nil {
			t.Fatalf("task entry %q", e.Name())
		}
		pol, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, uintptr(tid), 0, 0)
		if errno != 0 {
			continue // the thread has exited
		}
		if tid == self {
			if pol != 0 {
				t.Errorf("calling thread: policy %d, want SCHED_OTHER (0)", pol)
			}
			continue
		}
		if pol == schedBatch {
			batched++
		}
		var param int32
		syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), 0, uintptr(unsafe.Pointer(&param)))
	}
	if len(ents) > 1 && batched == 0 {
		t.Errorf("none of the %d other threads is under SCHED_BATCH", len(ents)-1)
	}
}

func TestDirentNumber(t *testing.T) {
	for _, c := range []struct {
		name string
		want uintptr
	}{{"1234\x00", 1234}, {"7", 7}, {".\x00", 0}, {"..\x00", 0}, {"12a\x00", 0}, {"42\x00\x00\x00", 42}} {
		if got := direntNumber([]byte(c.name)); got != c.want {
			t.Errorf("direntNumber(%q) = %d, want %d", c.name, got, c.want)
		}
	}
}
