package site

import (
	"context"
	"sync"
	"time"
)

// bus tells the listening screens that the file changed: one poller reads the data
// version every PollInterval while anyone listens (and at once when kicked), and sends
// each new version to every subscriber. A slow subscriber misses nothing that matters: it
// keeps the latest version only (a buffered channel of one, replaced).
type bus struct {
	read func(context.Context) (int64, error)

	mu      sync.Mutex
	subs    map[chan int64]struct{}
	running bool
	closed  bool
	kickc   chan struct{}
	done    chan struct{}
}

func newBus(read func(context.Context) (int64, error)) *bus {
	return &bus{read: read, subs: map[chan int64]struct{}{}, kickc: make(chan struct{}, 1), done: make(chan struct{})}
}

// subscribe returns a channel of new versions (closed when the bus closes) and its cancel.
func (b *bus) subscribe() (<-chan int64, func()) {
	ch := make(chan int64, 1)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		close(ch)
		return ch, func() {}
	}
	b.subs[ch] = struct{}{}
	if !b.running {
		b.running = true
		go b.poll()
	}
	return ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.subs, ch)
	}
}

// kick makes the poller read the version now (after a write through the hall).
func (b *bus) kick() {
	select {
	case b.kickc <- struct{}{}:
	default:
	}
}

func (b *bus) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	close(b.done)
	for ch := range b.subs {
		close(ch)
		delete(b.subs, ch)
	}
}

// poll runs while anyone listens.
func (b *bus) poll() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	last, err := b.read(ctx)
	if err != nil {
		last = -1
	}
	t := time.NewTicker(PollInterval)
	defer t.Stop()
	for {
		select {
		case <-b.done:
			return
		case <-t.C:
		case <-b.kickc:
		}
		v, err := b.read(ctx)
		b.mu.Lock()
		if len(b.subs) == 0 || b.closed {
			b.running = false
			b.mu.Unlock()
			return
		}
		if err == nil && v != last {
			last = v
			for ch := range b.subs {
				select { // keep only the latest version
				case <-ch:
				default:
				}
				ch <- v
			}
		}
		b.mu.Unlock()
	}
}
