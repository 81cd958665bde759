package protocol

import (
	"sync/atomic"
	"time"

	"varchess/movegen"
)

// perftJob is a perft count of the console running in its own goroutine, so that the next
// input line stops it as it stops a search (Hop Chess's perft 4 has billions of leaves).
type perftJob struct {
	halt atomic.Bool
	done chan perftResult
}

// perftResult is a finished or stopped count.
type perftResult struct {
	depth int
	nodes uint64 // the leaves counted (all of them unless stopped)
	took  time.Duration
}

// startPerft counts the leaves of p's legal-move tree of depth n in a goroutine, on a copy
// of p.
func startPerft(p *movegen.Position, n int) *perftJob {
	j := &perftJob{done: make(chan perftResult, 1)}
	root := *p
	go func() {
		t0 := time.Now()
		w := &stoppablePerft{halt: &j.halt, lists: make([]movegen.MoveList, n), kids: make([]movegen.Position, n)}
		nodes := w.count(&root, n, 0)
		j.done <- perftResult{depth: n, nodes: nodes, took: time.Since(t0)}
	}()
	return j
}

// results is the channel of the count's result, nil for no job (never ready in a select).
func (j *perftJob) results() <-chan perftResult {
	if j == nil {
		return nil
	}
	return j.done
}

// stop halts the count and waits for what it had counted.
func (j *perftJob) stop() perftResult {
	j.halt.Store(true)
	return <-j.done
}

// stoppablePerft is movegen.Perft's walk (the last ply bulk-counted, one move list and one
// child per ply) with a stop flag read at every interior node.
type stoppablePerft struct {
	halt  *atomic.Bool
	lists []movegen.MoveList
	kids  []movegen.Position
}

func (w *stoppablePerft) count(p *movegen.Position, depth, ply int) uint64 {
	if w.halt.Load() {
		return 0
	}
	ml := &w.lists[ply]
	ml.Reset()
	p.LegalMoves(ml)
	if depth == 1 {
		return uint64(ml.Len())
	}
	var n uint64
	child := &w.kids[ply]
	for _, m := range ml.Moves() {
		*child = *p
		child.Apply(m)
		n += w.count(child, depth-1, ply+1)
	}
	return n
}
