package movegen

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// perftLong says whether to run every depth of the perft tables (make perft-long) or only
// those that finish quickly (make test).
var perftLong = os.Getenv("PERFT_LONG") != ""

// quickLeaves bounds the leaf count of the perft cases make test runs.
const quickLeaves = 5_000_000

// perftCase is one line of a perft table: a position and its leaf counts by depth.
type perftCase struct {
	fen    string
	counts map[int]uint64
}

// readPerftTable reads testdata/perft/<variant>.epd: "FEN ;D1 n ;D2 n ...", # comments.
func readPerftTable(t *testing.T, variant string) []perftCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "perft", variant+".epd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, p := range parts[1:] {
			var d int
			var n uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &n); err != nil {
				t.Fatalf("bad perft entry %q: %v", p, err)
			}
			c.counts[d] = n
		}
		out = append(out, c)
	}
	return out
}

// runPerftTable checks every entry of a variant's perft table.
func runPerftTable(t *testing.T, v *Variant) {
	for i, c := range readPerftTable(t, v.Name) {
		p, err := v.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for d := 1; d <= 9; d++ {
			want, ok := c.counts[d]
			if !ok || (!perftLong && want > quickLeaves) {
				continue
			}
			t.Run(strconv.Itoa(i+1)+"/D"+strconv.Itoa(d), func(t *testing.T) {
				if got := Perft(p, d); got != want {
					t.Errorf("%s: perft(%d) = %d, want %d", c.fen, d, got, want)
				}
			})
		}
	}
}

func TestPerftNormal(t *testing.T) { runPerftTable(t, FIDE) }
