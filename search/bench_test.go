package search

import (
	"context"
	"testing"

	"varchess/movegen"
)

// BenchmarkSearch measures nodes per second on the middlegame Kiwipete at a fixed depth,
// one thread, tables cleared each time.
func BenchmarkSearch(b *testing.B) {
	p := movegen.FIDE.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	e := NewEngine()
	var nodes uint64
	for b.Loop() {
		e.NewGame()
		nodes += e.Search(context.Background(), p, nil, Limits{Depth: 9}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
