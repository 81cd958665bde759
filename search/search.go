// Package search finds the best move of a position for any variant: iterative deepening
// with aspiration windows over a principal variation search with quiescence, a lock-free
// transposition table shared by Lazy SMP workers, and time management that never loses on
// time. It knows the games through movegen (moves, ends of game) and eval (scores,
// tactical moves) only.
//
// This file is the API the protocols and the match runner build on; engine.go, iterate.go,
// negamax.go and the rest are the inside.
package search

import (
	"sync/atomic"
	"time"

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
	Ponder    *Ponder       // non-nil: a ponder search, whose clock starts at Ponder.Hit
	MultiPV   int           // how many best lines to report (UCI MultiPV); 0 or 1: one
}

// Ponder is the ponder hit of one ponder search. The protocol makes it before it starts the
// search and keeps it: a hit that comes before the search has even begun still counts,
// and a hit meant for one search can never reach another (a flag on the engine, cleared
// when a search starts, lost a ponderhit sent right after go ponder).
type Ponder struct{ hit atomic.Bool }

// NewPonder is the signal of a new ponder search, not yet hit.
func NewPonder() *Ponder { return new(Ponder) }

// Hit tells the search that the expected move was played: from now on its time limits
// count. Hitting twice, or after the search ended, does nothing more.
func (p *Ponder) Hit() { p.hit.Store(true) }

// waiting reports whether the search is still pondering: a ponder search not yet hit.
func (p *Ponder) waiting() bool { return p != nil && !p.hit.Load() }

// Info is one progress report, sent after every completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	Score    int // centipawns from the side to move's point of view, or a mate score
	Nodes    uint64
	Time     time.Duration
	HashFull int // permille of the transposition table in use
	PV       []movegen.Move
	MultiPV  int // which line this is, 1 the best (MultiPV searches report several)
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
