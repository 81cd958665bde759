package movegen

import "testing"

// TestPerftNormal checks the FIDE perft table (testdata/perft/normal.epd); the reader and
// runner every variant shares are in helpers_test.go.
func TestPerftNormal(t *testing.T) { runPerftTable(t, FIDE) }
