package search

import (
	"context"
	"io"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"varchess/movegen"
)

// Engine holds what lives across searches: options, the transposition table and the
// workers with their histories. One search at a time; the option setters may be called
// at any time and take effect at the next search.
type Engine struct {
	mu       sync.Mutex // guards the options
	hashMB   int
	threads  int
	maxDepth int           // every search stops at this depth (0: no cap), for weakened sparring partners
	elo      int           // the strength setting (SetElo), 0: the full engine
	overhead time.Duration // kept back from every timed move (SetMoveOverhead)
	stallLog io.Writer     // where a search that overruns its stop is reported (SetStallLog); nil: nowhere

	searching sync.Mutex // held for the whole of a search: one at a time
	tt        *table
	ttMB      int // the size tt was made for
	workers   []*worker
	cleared   bool     // NewGame asked for fresh tables before the next search
	lag       lagMeter // the GUI's clock latency learnt in this game; guarded by searching
	// levelRNG is the state of the levels' noise (chooseWeak), reseeded at every new
	// game; guarded by searching.
	levelRNG uint64
}

// MaxMultiPV bounds Limits.MultiPV: the lines a MultiPV search reports.
const MaxMultiPV = 16

// Option limits.
const (
	MinHashMB  = 1
	MaxHashMB  = 4096
	MaxThreads = 64
	// DefaultMoveOverhead is the Move Overhead a new engine keeps back per timed move: a
	// pipe and a GUI on an idle machine take a few milliseconds; the rest covers a busy
	// one until the engine has measured the GUI's real latency (lagMeter).
	DefaultMoveOverhead = 30 * time.Millisecond
	// MaxMoveOverhead bounds the option (Stockfish's bound): beyond it no move could be
	// played at a blitz clock.
	MaxMoveOverhead = 5 * time.Second
)

// NewEngine is an engine with 16 MB of hash and one thread, its tables allocated.
func NewEngine() *Engine {
	e := &Engine{hashMB: 16, threads: 1, overhead: DefaultMoveOverhead, levelRNG: levelSeed}
	e.allocate()
	return e
}

// SetHashMB sizes the transposition table (clamped to MinHashMB..MaxHashMB).
func (e *Engine) SetHashMB(mb int) {
	e.mu.Lock()
	e.hashMB = min(max(mb, MinHashMB), MaxHashMB)
	e.mu.Unlock()
	e.allocate()
}

// SetThreads sets the number of search threads (clamped to 1..MaxThreads).
func (e *Engine) SetThreads(n int) {
	e.mu.Lock()
	e.threads = min(max(n, 1), MaxThreads)
	e.mu.Unlock()
	e.allocate()
}

// allocate sizes the table and the workers to the options now, unless a search is running
// (then the next search does it): memory is taken when the options are set, not on the
// clock of the first move.
func (e *Engine) allocate() {
	if e.searching.TryLock() {
		e.resize()
		e.searching.Unlock()
	}
}

// resize makes the table and the workers match the options; the caller holds searching.
// It reports the number of threads and whether the table is new (so empty).
func (e *Engine) resize() (threads int, fresh bool) {
	e.mu.Lock()
	mb, threads := e.hashMB, e.threads
	e.mu.Unlock()
	if e.tt == nil || e.ttMB != mb {
		e.tt, e.ttMB, fresh = newTable(mb), mb, true
	}
	for len(e.workers) < threads {
		e.workers = append(e.workers, newWorker(len(e.workers), e))
	}
	return threads, fresh
}

// HashMB and Threads report the current settings.
// SetMaxDepth caps the depth of every search (0: no cap), whatever the GUI asks: an engine
// limited to a few plies is the sparring partner of the strength tests.
func (e *Engine) SetMaxDepth(n int) {
	e.mu.Lock()
	e.maxDepth = min(max(n, 0), MaxPly-1)
	e.mu.Unlock()
}

func (e *Engine) HashMB() int  { e.mu.Lock(); defer e.mu.Unlock(); return e.hashMB }
func (e *Engine) Threads() int { e.mu.Lock(); defer e.mu.Unlock(); return e.threads }

// NewGame forgets everything learnt in earlier games (tables, histories). It does so at
// once, off the clock, unless a search runs; then it takes effect before the next search.
func (e *Engine) NewGame() {
	e.mu.Lock()
	e.cleared = true
	e.mu.Unlock()
	if e.searching.TryLock() {
		e.resize()
		e.freshen()
		e.searching.Unlock()
	}
}

// SetMoveOverhead sets the time kept back from every timed move for what the GUI charges
// beyond the search (pipes, its own work, a loaded machine), clamped to 0..MaxMoveOverhead:
// UCI's and XBoard's "Move Overhead" option. The engine adds the latency it measures on
// the GUI's clock during the game.
func (e *Engine) SetMoveOverhead(d time.Duration) {
	e.mu.Lock()
	e.overhead = min(max(d, 0), MaxMoveOverhead)
	e.mu.Unlock()
}

// MoveOverhead reports the setting of SetMoveOverhead.
func (e *Engine) MoveOverhead() time.Duration { e.mu.Lock(); defer e.mu.Unlock(); return e.overhead }

// SetStallLog makes a search that has not ended stallGrace after it was told to stop (its
// hard time limit passed, or a stop came) write a report to w: the time, the workers'
// nodes and every goroutine's stack. Such a search is a bug that loses games on time, too
// rare to catch in a debugger; the report says where it was. nil (the default): no report.
func (e *Engine) SetStallLog(w io.Writer) { e.mu.Lock(); defer e.mu.Unlock(); e.stallLog = w }

// setup sizes the table and the workers for a search, and clears them after NewGame.
func (e *Engine) setup() (threads int) {
	threads, _ = e.resize()
	e.freshen()
	e.tt.age = (e.tt.age + 1) & 63
	return threads
}

// freshen clears the table, the histories and the learnt latency if NewGame asked for it;
// the caller holds searching.
func (e *Engine) freshen() {
	e.mu.Lock()
	newGame := e.cleared
	e.cleared = false
	e.mu.Unlock()
	if !newGame {
		return
	}
	e.tt.clear()
	for _, w := range e.workers {
		w.clearHistory()
	}
	e.lag = lagMeter{}
	e.levelRNG = levelSeed
}

// Search searches root until the limits or ctx say stop, calling report (if not nil) after
// every iteration, and returns the best move found. history holds the hashes of the game's
// positions before root, oldest first, for repetition draws.
//
// It always returns a legal move when there is one, however early it is stopped. With one
// thread and a depth or node limit it is deterministic: the same position, history and
// tables give the same nodes and move.
func (e *Engine) Search(ctx context.Context, root *movegen.Position, history []uint64, lim Limits, report func(Info)) Result {
	e.searching.Lock()
	defer e.searching.Unlock()
	start := time.Now()
	threads := e.setup()
	e.mu.Lock()
	if e.maxDepth > 0 && (lim.Depth == 0 || lim.Depth > e.maxDepth) {
		lim.Depth = e.maxDepth
	}
	overhead, stallLog := e.overhead, e.stallLog
	e.mu.Unlock()
	lv := e.weaken(&lim)

	defer func() { e.lag.record(lim, time.Since(start)) }()
	sh := &shared{tt: e.tt, lim: lim, level: lv, plan: newPlan(lim, overhead, e.lag.observe(lim), gameMoves(root.Variant())), workers: e.workers[:threads]}
	for _, w := range sh.workers {
		w.prepare(sh, root, history)
	}
	main := sh.workers[0]

	// The root's moves: none means the game is over and there is nothing to search.
	main.scratch.Reset()
	root.LegalMoves(&main.scratch)
	legal := main.scratch.Len()
	if legal == 0 {
		return Result{Score: outcomeScore(root.StatusWith(0), root, 0)}
	}
	res := Result{Best: main.scratch.At(0)}
	if hit, ok := e.tt.probe(root.Hash()); ok && main.scratch.Contains(hit.move) {
		res.Best = hit.move
	}

	if lim.Ponder == nil {
		sh.startClock(start)
	}
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		e.watch(ctx, sh, done, stallLog)
		close(watched)
	}()

	var g errgroup.Group
	for _, w := range sh.workers {
		g.Go(func() error {
			if w.id == 0 {
				w.iterate(root, legal, start, &res, report)
				sh.stop.Store(true)
			} else {
				w.help(root)
			}
			return nil
		})
	}
	_ = g.Wait()
	close(done)
	<-watched

	res.Nodes = 0
	for _, w := range sh.workers {
		res.Nodes += w.nodes
	}
	if main.nCandidates > 0 {
		e.chooseWeak(root, lv, main.candidates[:main.nCandidates], main.candidateScores[:main.nCandidates], &res)
	}
	return res
}
