package tournament

import (
	"runtime"
	"sync"
)

// DefaultJobs is the number of workers an audit uses when none is given: the number of
// processors the Go runtime may use (GOMAXPROCS).
func DefaultJobs() int { return runtime.GOMAXPROCS(0) }

// OrderedMap applies work to every item that next produces, on jobs goroutines, and hands
// the results to emit one at a time, in the order next produced the items, whatever the
// number of workers: the output of jobs = 1 and jobs = N is the same. At most about 16
// times 5*jobs+1 items are in flight, so memory does not grow with the number of items.
//
// next returns the next item, false when there is none left, or an error; it and emit run
// on the caller's side one call at a time (next on one goroutine, emit on the caller's),
// work runs concurrently and must not share state between calls. The first error of next
// or emit stops the walk and is returned (next's first when both fail); the items read
// before a read error are all emitted. jobs < 1 means 1; with jobs = 1 everything runs on
// the caller's goroutine.
func OrderedMap[In, Out any](jobs int, next func() (In, bool, error), work func(In) Out, emit func(Out) error) error {
	if jobs <= 1 {
		return orderedSerial(next, work, emit)
	}
	// Items travel in batches of up to batchSize, so that the hand-offs between goroutines
	// cost little next to the work.
	const batchSize = 16
	type task = orderedTask[In, Out]
	tasks := make(chan task, jobs)
	order := make(chan chan []Out, 4*jobs) // the results to come, in input order
	done := make(chan struct{})
	var nextErr error
	var wg sync.WaitGroup
	startWorkers(jobs, tasks, work, &wg)
	go func() { // the producer
		defer close(order)
		defer close(tasks)
		for last := false; !last; {
			var batch []In
			batch, last, nextErr = readBatch(next, batchSize)
			if len(batch) == 0 {
				return
			}
			out := make(chan []Out, 1)
			select {
			case order <- out:
			case <-done:
				return
			}
			tasks <- task{batch, out}
		}
	}()
	var emitErr error
	for out := range order {
		for _, r := range <-out {
			if emitErr == nil {
				if emitErr = emit(r); emitErr != nil {
					close(done)
				}
			}
		}
	}
	wg.Wait()
	if nextErr != nil {
		return nextErr
	}
	return emitErr
}

// orderedSerial is OrderedMap with one worker: next, work and emit in turn on the
// caller's goroutine.
func orderedSerial[In, Out any](next func() (In, bool, error), work func(In) Out, emit func(Out) error) error {
	for {
		in, ok, err := next()
		if err != nil || !ok {
			return err
		}
		if err := emit(work(in)); err != nil {
			return err
		}
	}
}

// readBatch reads up to n items from next. last is true when next said there is none left
// or failed (err, with the items read before it).
func readBatch[In any](next func() (In, bool, error), n int) (batch []In, last bool, err error) {
	batch = make([]In, 0, n)
	for len(batch) < n {
		in, ok, err := next()
		if err != nil {
			return batch, true, err
		}
		if !ok {
			return batch, true, nil
		}
		batch = append(batch, in)
	}
	return batch, false, nil
}

// orderedTask is a batch of OrderedMap's items and where its results go.
type orderedTask[In, Out any] struct {
	in  []In
	out chan []Out
}

// startWorkers starts jobs goroutines (counted in wg) that apply work to each task's
// items, in order, until tasks is closed.
func startWorkers[In, Out any](jobs int, tasks <-chan orderedTask[In, Out], work func(In) Out, wg *sync.WaitGroup) {
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				outs := make([]Out, len(t.in))
				for i, in := range t.in {
					outs[i] = work(in)
				}
				t.out <- outs
			}
		}()
	}
}
