package bench

import (
	"fmt"
	"sync"
	"time"
)

// stallWatch measures how late the referee's own ticker fires. A machine that stops
// running processes for a while (a host that pauses its virtual machine, a box at a load
// of dozens) shows up as a gap between ticks; an engine that loses on time during such a
// gap lost to the machine, not to its time management, and the game's reason says so.
// The soak still counts the forfeit: the note only tells the reader where to look.
type stallWatch struct {
	period time.Duration
	mu     sync.Mutex
	gaps   [stallGaps]stall // ring of the latest gaps beyond stallMin
	next   int
	// over and longest count, for the whole run, the gaps of stallNoted or more.
	over    int
	longest time.Duration
}

// stall is one late tick: the ticker was due at from and fired at to.
type stall struct{ from, to time.Time }

const (
	// stallPeriod is the watch's tick: short enough to see a gap of a tenth of a second,
	// long enough to cost nothing (a hundred wakeups a second).
	stallPeriod = 10 * time.Millisecond
	// stallMin is the smallest lateness recorded; a loaded scheduler delays a tick by a few
	// milliseconds all the time.
	stallMin = 100 * time.Millisecond
	// stallGaps is how many gaps the ring keeps: more than a match sees between the start of
	// a move and its forfeit.
	stallGaps = 64
	// stallNoted is the smallest gap that a time forfeit's reason mentions.
	stallNoted = 250 * time.Millisecond
)

var (
	machineOnce  sync.Once
	machineWatch *stallWatch
)

// machine is the process's one stall watch, started at its first use.
func machine() *stallWatch {
	machineOnce.Do(func() {
		machineWatch = &stallWatch{period: stallPeriod}
		go machineWatch.run()
	})
	return machineWatch
}

// run ticks for the life of the process.
func (w *stallWatch) run() {
	t := time.NewTicker(w.period)
	last := time.Now()
	for range t.C {
		now := time.Now() // when the watch ran, not when its tick was due
		w.observe(last.Add(w.period), now)
		last = now
	}
}

// observe notes a tick due at due that fired at now.
func (w *stallWatch) observe(due, now time.Time) {
	if now.Sub(due) < stallMin {
		return
	}
	w.mu.Lock()
	w.gaps[w.next%stallGaps] = stall{from: due, to: now}
	w.next++
	if d := now.Sub(due); d >= stallNoted {
		w.over++
		w.longest = max(w.longest, d)
	}
	w.mu.Unlock()
}

// worst is the longest part of any recorded gap that falls between from and to.
func (w *stallWatch) worst(from, to time.Time) time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	var most time.Duration
	for _, s := range w.gaps[:min(w.next, stallGaps)] {
		lo, hi := s.from, s.to
		if lo.Before(from) {
			lo = from
		}
		if hi.After(to) {
			hi = to
		}
		most = max(most, hi.Sub(lo))
	}
	return most
}

// note is what a time forfeit's reason adds when the referee itself was not run for a
// while since the move was asked for at asked: "" when it ran on time.
func (w *stallWatch) note(asked time.Time) string {
	if d := w.worst(asked, time.Now()); d >= stallNoted {
		return fmt.Sprintf("; the machine stalled: the referee itself did not run for %.3f s", d.Seconds())
	}
	return ""
}

// summary is a line for the end of a run that saw gaps of stallNoted or more, "" if none.
func (w *stallWatch) summary() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.over == 0 {
		return ""
	}
	return fmt.Sprintf("machine: %d stall(s) of %.2f s or more, the longest %.3f s (the referee itself was not run)",
		w.over, stallNoted.Seconds(), w.longest.Seconds())
}
