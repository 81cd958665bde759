package movegen_test

// Pure utilities the independent oracles share. Nothing here knows a rule of any game.

import (
	"testing"

	"varchess/movegen"
)

// oracleCase is a line of a perft table: a FEN and the leaf counts by depth.
type oracleCase struct {
	fen    string
	counts map[int]uint64
}

// oracleTable reads testdata/perft/<variant>.epd with movegen.PerftTable, a plain file
// reader with no move logic, and fails unless it holds at least min positions.
func oracleTable(t *testing.T, variant string, min int) []oracleCase {
	t.Helper()
	fens, counts := movegen.PerftTable(t, variant)
	if len(fens) < min {
		t.Fatalf("%s.epd holds %d positions, want the start and at least %d more", variant, len(fens), min-1)
	}
	out := make([]oracleCase, len(fens))
	for i, fen := range fens {
		out[i] = oracleCase{fen, counts[i]}
	}
	return out
}
