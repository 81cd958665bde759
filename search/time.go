package search

import (
	"context"
	"time"
)

// plan is the time a search may use: it starts no new iteration after soft, and stops
// whatever it is doing at hard. Zero values mean no limit.
type plan struct {
	soft, hard time.Duration
}

func (pl plan) timed() bool { return pl.hard > 0 }

// newPlan turns the limits into a plan. It never plans to use the whole clock: moveOverhead
// is kept back for the GUI and the pipe, and no single move may take more than
// maxClockShare of the clock while more moves are due before the next control.
func newPlan(lim Limits) plan {
	switch {
	case lim.Infinite:
		return plan{}
	case lim.MoveTime > 0:
		hard := max(lim.MoveTime-moveOverhead, lim.MoveTime/2)
		return plan{soft: hard, hard: hard}
	case lim.Time > 0:
		mtg := lim.MovesToGo
		if mtg <= 0 || mtg > defaultMovesToGo {
			mtg = defaultMovesToGo
		}
		left := max(lim.Time-moveOverhead, lim.Time/2)
		most := left
		if mtg > 1 {
			most = left * maxClockShare / 100
		}
		soft := min(left/time.Duration(mtg)+lim.Inc*3/4, most)
		hard := min(soft*hardFactor, most)
		return plan{soft: max(soft, time.Millisecond), hard: max(hard, time.Millisecond)}
	case lim.Depth > 0 || lim.Nodes > 0:
		return plan{}
	}
	return plan{soft: defaultMoveTime, hard: defaultMoveTime}
}

// watch stops the search when ctx is cancelled (at once) or the hard limit passes
// (within watchPeriod), counting time from the start or, when pondering, from the ponder
// hit. It returns when done is closed.
func (e *Engine) watch(ctx context.Context, sh *shared, start time.Time, done <-chan struct{}) {
	pondering := sh.lim.Ponder
	if !pondering {
		sh.clockStart.Store(start.UnixNano())
	}
	if !sh.plan.timed() && !pondering {
		select {
		case <-ctx.Done():
			sh.stop.Store(true)
		case <-done:
		}
		return
	}
	tick := time.NewTicker(watchPeriod)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			sh.stop.Store(true)
			return
		case <-done:
			return
		case now := <-tick.C:
			if pondering {
				if !e.ponderHit.Load() {
					continue
				}
				pondering = false
				sh.clockStart.Store(now.UnixNano())
			}
			if sh.plan.timed() && now.Sub(time.Unix(0, sh.clockStart.Load())) >= sh.plan.hard {
				sh.stop.Store(true)
				return
			}
		}
	}
}

// softExpired reports whether the main worker should start no new iteration.
func (sh *shared) softExpired() bool {
	if !sh.plan.timed() {
		return false
	}
	cs := sh.clockStart.Load()
	if cs == 0 {
		return false // still pondering
	}
	return time.Since(time.Unix(0, cs)) >= sh.plan.soft*6/10
}

// mustWait reports whether a search that has nothing left to search must still wait for
// stop: UCI's infinite and an unanswered ponder return only when told.
func (e *Engine) mustWait(sh *shared) bool {
	return sh.lim.Infinite || sh.lim.Ponder && !e.ponderHit.Load()
}
