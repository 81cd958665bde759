package movegen

import (
	"sort"
)

// Perft counts the leaf nodes of the legal-move tree of p to the given depth. The last ply
// is bulk-counted: the legal moves of the positions at depth-1 are counted, not played (the
// counting mode of Stockfish's and Fairy-Stockfish's perft).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	w := newPerftWalker(depth)
	return w.count(p, depth, 0)
}

// perftWalker owns one move list and one child position per ply, so that counting does
// not allocate per node.
type perftWalker struct {
	lists []MoveList
	kids  []Position
}

func newPerftWalker(depth int) *perftWalker {
	return &perftWalker{lists: make([]MoveList, depth), kids: make([]Position, depth)}
}

func (w *perftWalker) count(p *Position, depth, ply int) uint64 {
	ml := &w.lists[ply]
	ml.Reset()
	p.LegalMoves(ml)
	if depth == 1 {
		return uint64(ml.n)
	}
	var n uint64
	child := &w.kids[ply]
	for _, m := range ml.moves[:ml.n] {
		*child = *p
		child.Apply(m)
		n += w.count(child, depth-1, ply+1)
	}
	return n
}

// DivideEntry is one root move with the number of leaves below it.
type DivideEntry struct {
	Move  string
	Nodes uint64
}

// Divide counts the leaves below each root move, sorted in plain byte order of the move
// text (conventions.md).
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]DivideEntry, 0, ml.n)
	w := newPerftWalker(max(depth, 1))
	for _, m := range ml.Moves() {
		child := *p
		child.Apply(m)
		n := uint64(1)
		if depth > 1 {
			n = w.count(&child, depth-1, 0)
		}
		out = append(out, DivideEntry{Move: p.MoveText(m), Nodes: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move < out[j].Move })
	return out
}
