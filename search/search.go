// Package search finds the best move of a position: iterative deepening alpha-beta over
// movegen's legal moves, scored by eval.
//
// This file fixes the API the protocols and the match runner build on. The search behind it
// is deliberately plain (a first version); the search issue replaces the inside, not the API.
package search

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"varchess/eval"
	"varchess/movegen"
)

// Score bounds. A mate in n plies from the root scores MateScore-n for the winner.
const (
	Infinity  = 32000
	MateScore = 30000
	// MateBound: scores beyond it are mates.
	MateBound = MateScore - 1000
	// MaxPly bounds the depth of the search tree.
	MaxPly = 128
)

// Limits say when a search must stop. Zero values mean "no limit" except that a search
// with no limit at all and Infinite false thinks for a default move time.
type Limits struct {
	Depth     int           // plies; 0: no depth limit
	Nodes     uint64        // 0: no node limit
	MoveTime  time.Duration // think exactly this long (UCI movetime, XBoard st)
	Time      time.Duration // the mover's remaining clock (UCI wtime/btime, XBoard time)
	Inc       time.Duration // the mover's increment per move
	MovesToGo int           // moves until the next time control; 0: the rest of the game
	Infinite  bool          // until the context is cancelled (analysis, UCI infinite)
	Ponder    bool          // pondering: the clock starts only at PonderHit
}

// Info is one progress report, sent after every completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	Score    int // centipawns from the side to move's point of view, or a mate score
	Nodes    uint64
	Time     time.Duration
	HashFull int // permille of the transposition table in use
	PV       []movegen.Move
}

// Mate is the number of moves (not plies) to mate of Score: positive when the side to move
// mates, negative when it is mated, 0 when Score is not a mate score.
func (i Info) Mate() int { return MateMoves(i.Score) }

// MateMoves converts a score into moves to mate (see Info.Mate).
func MateMoves(score int) int {
	switch {
	case score > MateBound:
		return (MateScore - score + 1) / 2
	case score < -MateBound:
		return -(MateScore + score) / 2
	}
	return 0
}

// Result is the outcome of a search.
type Result struct {
	Best   movegen.Move // NullMove only when the position has no legal move
	Ponder movegen.Move // the expected reply, NullMove if unknown
	Score  int
	Depth  int
	Nodes  uint64
}

// Engine holds what lives across searches: options and the tables. One search at a time.
type Engine struct {
	mu        sync.Mutex
	hashMB    int
	threads   int
	ponderHit atomic.Bool
}

// Option limits.
const (
	MinHashMB  = 1
	MaxHashMB  = 4096
	MaxThreads = 64
)

// NewEngine is an engine with 16 MB of hash and one thread.
func NewEngine() *Engine { return &Engine{hashMB: 16, threads: 1} }

// SetHashMB sizes the transposition table (clamped to MinHashMB..MaxHashMB).
func (e *Engine) SetHashMB(mb int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.hashMB = min(max(mb, MinHashMB), MaxHashMB)
}

// SetThreads sets the number of search threads (clamped to 1..MaxThreads).
func (e *Engine) SetThreads(n int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.threads = min(max(n, 1), MaxThreads)
}

// HashMB and Threads report the current settings.
func (e *Engine) HashMB() int  { e.mu.Lock(); defer e.mu.Unlock(); return e.hashMB }
func (e *Engine) Threads() int { e.mu.Lock(); defer e.mu.Unlock(); return e.threads }

// NewGame forgets everything learnt in earlier games (tables, histories).
func (e *Engine) NewGame() {}

// PonderHit tells a pondering search that the expected move was played: from now on its
// time limits count.
func (e *Engine) PonderHit() { e.ponderHit.Store(true) }

// Search searches root until the limits or ctx say stop, calling report (if not nil) after
// every iteration, and returns the best move found. history holds the hashes of the game's
// positions before root, oldest first, for repetition draws.
func (e *Engine) Search(ctx context.Context, root *movegen.Position, history []uint64, lim Limits, report func(Info)) Result {
	e.ponderHit.Store(false)
	s := &searcher{ctx: ctx, start: time.Now(), lim: lim, history: history, eng: e}
	s.deadline = s.start.Add(budget(lim))
	var ml movegen.MoveList
	root.LegalMoves(&ml)
	if ml.Len() == 0 {
		return Result{}
	}
	res := Result{Best: ml.At(0)}
	maxDepth := MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	for depth := 1; depth <= maxDepth; depth++ {
		score, best, ok := s.root(root, &ml, depth, res.Best)
		if !ok {
			break
		}
		res.Best, res.Score, res.Depth, res.Nodes = best, score, depth, s.nodes
		if report != nil {
			report(Info{Depth: depth, SelDepth: depth, Score: score, Nodes: s.nodes, Time: time.Since(s.start), PV: []movegen.Move{best}})
		}
		if score > MateBound || score < -MateBound || s.softTimeUp() {
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// budget is the time a search may use under lim; 0 means no time limit.
func budget(lim Limits) time.Duration {
	switch {
	case lim.Infinite:
		return 0
	case lim.MoveTime > 0:
		return lim.MoveTime
	case lim.Time > 0:
		moves := time.Duration(lim.MovesToGo)
		if moves <= 0 || moves > 30 {
			moves = 30
		}
		t := lim.Time/moves + lim.Inc*3/4
		return min(t, lim.Time/2)
	case lim.Depth > 0 || lim.Nodes > 0:
		return 0
	}
	return 5 * time.Second
}

type searcher struct {
	ctx      context.Context
	eng      *Engine
	start    time.Time
	deadline time.Time
	lim      Limits
	history  []uint64
	nodes    uint64
	stopped  bool
}

func (s *searcher) timed() bool {
	return !s.lim.Infinite && !s.deadline.Equal(s.start) && (!s.lim.Ponder || s.eng.ponderHit.Load())
}

func (s *searcher) softTimeUp() bool {
	return s.timed() && time.Since(s.start) > s.deadline.Sub(s.start)/2
}

func (s *searcher) checkStop() bool {
	if s.stopped {
		return true
	}
	if s.nodes&1023 == 0 {
		select {
		case <-s.ctx.Done():
			s.stopped = true
		default:
		}
		if s.timed() && time.Now().After(s.deadline) {
			s.stopped = true
		}
	}
	if s.lim.Nodes > 0 && s.nodes >= s.lim.Nodes {
		s.stopped = true
	}
	return s.stopped
}

func (s *searcher) root(p *movegen.Position, ml *movegen.MoveList, depth int, first movegen.Move) (int, movegen.Move, bool) {
	alpha, best := -Infinity, first
	order := append([]movegen.Move{first}, ml.Moves()...)
	for i, m := range order {
		if i > 0 && m == first {
			continue
		}
		next := *p
		next.Apply(m)
		score := -s.negamax(&next, -Infinity, -alpha, depth-1, 1)
		if s.stopped {
			return 0, best, false
		}
		if score > alpha {
			alpha, best = score, m
		}
	}
	return alpha, best, true
}

func (s *searcher) negamax(p *movegen.Position, alpha, beta, depth, ply int) int {
	s.nodes++
	if s.checkStop() {
		return 0
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if o := p.StatusWith(ml.Len()); o.Over() {
		switch o.Result {
		case movegen.Draw:
			return 0
		case movegen.WinFor(p.SideToMove()):
			return MateScore - ply
		}
		return -MateScore + ply
	}
	if depth <= 0 || ply >= MaxPly-1 {
		return eval.Evaluate(p)
	}
	for _, m := range ml.Moves() {
		next := *p
		next.Apply(m)
		score := -s.negamax(&next, -beta, -alpha, depth-1, ply+1)
		if s.stopped {
			return 0
		}
		if score > alpha {
			alpha = score
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}
