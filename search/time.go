package search

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"
)

// plan is the time a search may use: it starts no new iteration after soft, and stops
// whatever it is doing at hard. Zero values mean no limit.
type plan struct {
	soft, hard time.Duration
}

func (pl plan) timed() bool { return pl.hard > 0 }

// newPlan turns the limits into a plan. overhead is the Move Overhead option; lag is the
// latency observed on earlier moves of the game (the clock the GUI charged beyond the
// search's own time: reading the position, pipes, a process waiting for a processor on a
// loaded machine). Every move costs their sum, perMove, beyond its search.
//
// It never plans to use the whole clock. Kept back from every move: perMove, and a
// reserve of reserveShare of the clock but at least reserveFloor, so that an engine
// descheduled for a moment still has time in hand, plus the measured latency (lag) of the
// moves still to come, less the increment that pays part of it back (latencyMoves of them
// in sudden death, those to the control otherwise): however fast the engine plays, each of
// those moves will cost that much. (The overhead, a margin set by the user rather than a
// cost seen on the clock, is kept back from each move only.) Once the clock is into the reserve, a move spends half the increment, or in
// sudden death a share of what is left above the latency reserve: even if every move ran
// to its hard limit, the clock would settle near the reserve (or, in sudden death, last
// the latency reserve's moves) instead of draining to nothing. No move may take more than
// maxClockShare of the usable clock while more moves are due before the next control,
// and even the last move before a control (MovesToGo 1) keeps the reserve.
func newPlan(lim Limits, overhead, lag time.Duration, gameMoves int) plan {
	lag = min(max(lag, 0), maxLag)
	perMove := max(overhead, 0) + lag
	switch {
	case lim.Infinite:
		return plan{}
	case lim.MoveTime > 0:
		hard := max(lim.MoveTime-perMove, lim.MoveTime/2)
		return plan{soft: hard, hard: hard}
	case lim.Time > 0:
		mtg := lim.MovesToGo
		if mtg <= 0 || mtg > gameMoves {
			mtg = gameMoves
		}
		horizon := latencyMoves
		if lim.MovesToGo > 0 {
			horizon = min(lim.MovesToGo, latencyMoves)
		}
		latency := max(lag-lim.Inc, 0) * time.Duration(horizon)
		reserve := max(lim.Time*reserveShare/100, reserveFloor) + latency
		usable := lim.Time - reserve - perMove
		if usable <= 0 {
			// Into the reserve: a quick move that spends half the increment, so that the
			// clock grows back (in sudden death, a small share of what is left).
			hard := lim.Inc / 2
			if hard == 0 {
				// With no increment the clock only shrinks: in sudden death it is spread
				// over the default game however short the variant's games usually are,
				// and what the latency reserve needs is not spent.
				spread := mtg
				if lim.MovesToGo <= 0 {
					spread = max(mtg, defaultMovesToGo)
				}
				hard = max(lim.Time-latency-perMove, 0) / time.Duration(4*spread)
			}
			hard = max(min(hard, lim.Time/2*maxClockShare/100), time.Millisecond)
			return plan{soft: hard / 2, hard: hard}
		}
		most := usable
		if mtg > 1 {
			most = usable * maxClockShare / 100
		}
		soft := min(usable/time.Duration(mtg)+lim.Inc*incShare/100, most)
		hard := min(soft*hardFactor, most)
		return plan{soft: max(soft, time.Millisecond), hard: max(hard, time.Millisecond)}
	case lim.Depth > 0 || lim.Nodes > 0:
		return plan{}
	}
	return plan{soft: defaultMoveTime, hard: defaultMoveTime}
}

// lagMeter learns the latency of the GUI's clock: after a timed move, the clock the GUI
// reports for the next one tells how much it charged for that move; what it charged beyond
// the search's own time is latency the search must keep back from then on. It follows a
// rise at once and forgets slowly (lagDecay), so one slow move protects the next ones.
type lagMeter struct {
	last, inc, used time.Duration // the previous timed move: clock, increment, time searched
	lag             time.Duration
}

// observe reads the clock of a new search and returns the latency to plan with.
func (m *lagMeter) observe(lim Limits) time.Duration {
	if lim.Time <= 0 || lim.Ponder != nil || lim.Infinite {
		m.last = 0 // no clock to compare the next one with
		return m.lag
	}
	if m.last > 0 {
		extra := m.last + m.inc - lim.Time - m.used
		m.lag -= m.lag / lagDecay
		// A negative extra is rounding or a new time control; one beyond the whole
		// previous clock is a new game the GUI did not announce.
		if extra > m.lag && extra < m.last {
			m.lag = min(extra, maxLag)
		}
	}
	return m.lag
}

// record notes the clock and the time searched of a search that has ended.
func (m *lagMeter) record(lim Limits, used time.Duration) {
	if lim.Time <= 0 || lim.Ponder != nil || lim.Infinite {
		m.last = 0
		return
	}
	m.last, m.inc, m.used = lim.Time, lim.Inc, used
}

// watch stops the search when ctx is cancelled (at once) or the hard limit passes
// (within watchPeriod; the workers also check it), and starts the clock at a ponder hit.
// It returns when done is closed; a search still running stallGrace after it was stopped
// is reported to stallLog (see SetStallLog).
func (e *Engine) watch(ctx context.Context, sh *shared, done <-chan struct{}, stallLog io.Writer) {
	pondering := sh.lim.Ponder != nil
	var tick <-chan time.Time // nil, never ready, in an untimed search until the ponder hit
	if sh.plan.timed() || pondering {
		t := time.NewTicker(watchPeriod)
		defer t.Stop()
		tick = t.C
	}
	for !sh.stop.Load() {
		select {
		case <-ctx.Done():
			sh.stop.Store(true)
		case <-done:
			return
		case now := <-tick:
			if pondering {
				if sh.lim.Ponder.waiting() {
					continue
				}
				pondering = false
				sh.startClock(now)
			}
			if sh.plan.timed() && now.Sub(time.Unix(0, sh.clockStart.Load())) >= sh.plan.hard {
				sh.stop.Store(true)
			}
		}
	}
	stopped := time.Now()
	grace := time.NewTimer(stallGrace)
	defer grace.Stop()
	select {
	case <-done:
		return
	case <-grace.C:
	}
	if stallLog != nil {
		writeStall(stallLog, sh, stopped)
	}
	<-done
}

// writeStall reports a search that has not ended stallGrace after it was stopped.
func writeStall(w io.Writer, sh *shared, stopped time.Time) {
	var b strings.Builder
	fmt.Fprintf(&b, "search stall: no result %v after the stop (%v after the clock started; hard limit %v)\n",
		time.Since(stopped).Round(time.Millisecond), time.Since(time.Unix(0, sh.clockStart.Load())).Round(time.Millisecond), sh.plan.hard)
	for _, wk := range sh.workers {
		fmt.Fprintf(&b, "worker %d: %d nodes published\n", wk.id, wk.published.Load())
	}
	stacks := make([]byte, 1<<20)
	stacks = stacks[:runtime.Stack(stacks, true)]
	b.Write(stacks)
	io.WriteString(w, b.String())
}

// startClock makes the time limits count from t: at the start of the search, or at the
// ponder hit.
func (sh *shared) startClock(t time.Time) {
	sh.clockStart.Store(t.UnixNano())
	if sh.plan.timed() {
		sh.deadline.Store(t.Add(sh.plan.hard).UnixNano())
	}
}

// softExpired reports whether the main worker should start no new iteration, with the
// planned time stretched to scale percent (see timeScale).
func (sh *shared) softExpired(scale int) bool {
	if !sh.plan.timed() {
		return false
	}
	cs := sh.clockStart.Load()
	if cs == 0 {
		return false // still pondering
	}
	return time.Since(time.Unix(0, cs)) >= sh.plan.newIterationUntil(scale)
}

// newIterationUntil is how long after the clock starts a new iteration may still begin,
// with the planned time stretched to scale percent: six tenths of it (an iteration begun
// later would seldom finish within the plan).
func (pl plan) newIterationUntil(scale int) time.Duration {
	return pl.soft * time.Duration(scale) / 100 * 6 / 10
}

// timeScale is the share of the planned time (in percent) the search may use before it
// starts no new iteration, after an iteration that scored score and one before it that
// scored prev: a score that fell, or a best move that changed, means the deeper search
// found something the shallower one missed, and the next iteration may find the answer
// to it. (Measured with placing turns: winning positions thrown away by a move chosen at
// the depth where the score first fell.) The hard limit still bounds every move.
func timeScale(prev, score int, changed bool) int {
	scale := 100
	if abs(prev) < MateBound && abs(score) < MateBound {
		switch drop := prev - score; {
		case drop >= fallLarge:
			scale += fallLargeExtra
		case drop >= fallSmall:
			scale += fallSmallExtra
		}
	}
	if changed {
		scale += changeExtra
	}
	return scale
}

// mustWait reports whether a search that has nothing left to search must still wait for
// stop: UCI's infinite and an unanswered ponder return only when told.
func (e *Engine) mustWait(sh *shared) bool {
	return sh.lim.Infinite || sh.lim.Ponder.waiting()
}
