package movegen

import (
	"sort"
	"strings"
	"testing"
)

// jkPositions are the positions the perft tables and the oracle cross-check use: the
// start, and positions where the special rules are live.
var jkPositions = []struct {
	name, fen   string
	oracleDepth int // depth of the full-tree cross-check with the oracle in make test
}{
	{"start", "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1", 3},
	// the sample game after 4...Qd8xd7-d1+: White in check, parried by filling f1
	{"sample", "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5", 3},
	// castling both ways for both sides, en passant on d3 by the c4 and e4 pawns
	{"castle-ep", "2w4w2/1r3k2r1/2p4pp1/6n3/10/3pPpP3/10/2P4PP1/1R3K2R1/2W4W2 b KQkq d3 0 12", 3},
	// Rule 4: War Machines and a Rook on the edge can capture into the centre; checks compete
	{"rule4", "9w/8r1/1n3k4/P9/4p5/R1p7/3B3n2/4P2Q1N/2b2K4/W1W7 w - - 0 20", 3},
	// promotions on rank 8 by steps and on rank 9 by captures, for both sides
	{"promotion", "10/4n1r1K1/5P1P2/10/5k4/10/10/2p5p1/3R3B1W/10 w - - 0 40", 3},
	{"promotion-b", "9K/4n1r3/5P1P2/10/5k4/10/10/2p5p1/3R3B1W/10 b - - 0 40", 3},
	// the first endgame of the rules file: promotion, then a stalemate victory is near
	{"endgame1", "10/10/10/10/10/4k5/3R6/1pK7/10/10 b - - 0 1", 4},
	// the two-Bishops problem: check, a forced edge capture, a stalemate victory
	{"twobishops", "10/10/10/10/3B6/10/10/3KB5/1k8/10 w - - 0 1", 5},
}

// jkTexts is the sorted move texts of the legal moves of p.
func jkTexts(p *Position) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		out = append(out, p.MoveText(m))
	}
	sort.Strings(out)
	return out
}

// jkSameBoard reports the first square where p and the oracle's board differ, "" if none.
func jkSameBoard(p *Position, b *oBoard) string {
	g := p.Geometry()
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			want := b.sq[f][r]
			got := byte('.')
			if pc := p.At(g.Square(f, r)); pc.IsPiece() {
				got = p.Variant().Letter(pc)
			}
			if got != want {
				return oName(f, r)
			}
		}
	}
	if p.InCheck() != b.inCheck(b.white) {
		return "check"
	}
	return ""
}

// jkCompareTree walks the legal-move tree of p to depth, comparing at every node the move
// list, the board and check with the oracle, and returns the number of leaves.
func jkCompareTree(t *testing.T, p *Position, b *oBoard, depth int, path string, st *jkStats) uint64 {
	t.Helper()
	got := jkTexts(p)
	st.add(p, b)
	ms := b.legal()
	want := make([]string, len(ms))
	for i, m := range ms {
		want[i] = m.text
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("%s after [%s]: movegen has\n%v\noracle has\n%v", p.FEN(), path, got, want)
	}
	if depth == 1 {
		return uint64(len(got))
	}
	var n uint64
	for _, m := range ms {
		mv, err := p.ParseMove(m.text)
		if err != nil {
			t.Fatal(err)
		}
		child := *p
		child.Apply(mv)
		cb := b.play(m)
		if d := jkSameBoard(&child, cb); d != "" {
			t.Fatalf("%s after [%s %s]: boards differ at %s", child.FEN(), path, m.text, d)
		}
		n += jkCompareTree(t, &child, cb, depth-1, path+" "+m.text, st)
	}
	return n
}

// TestJKOracle cross-checks every node of the trees of jkPositions against the oracle;
// PERFT_LONG=1 goes one ply deeper.
func TestJKOracle(t *testing.T) {
	for _, c := range jkPositions {
		t.Run(c.name, func(t *testing.T) {
			depth := c.oracleDepth
			if perftLong {
				depth++
			}
			p := JumpingKnights.MustParseFEN(c.fen)
			b, err := oParse(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			var st jkStats
			n := jkCompareTree(t, p, b, depth, "", &st)
			if got := Perft(p, depth); got != n {
				t.Errorf("perft(%d) = %d, the oracle's tree has %d leaves", depth, got, n)
			}
			t.Logf("%s: %d leaves at depth %d agree; %+v", c.name, n, depth, st)
		})
	}
}

// jkStats counts the special rules met in a tree, to show that a position exercises them.
type jkStats struct {
	Nodes, Checks, Rule4, Castles, EnPassant, Promotions, EdgeCaptures, Mates, Stalemates int
}

func (st *jkStats) add(p *Position, b *oBoard) {
	st.Nodes++
	if p.InCheck() {
		st.Checks++
	}
	if b.rule4Cuts() {
		st.Rule4++
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		switch {
		case m.Kind() == Castle:
			st.Castles++
		case m.Kind() == HopEnPassant:
			st.EnPassant++
		case m.Promo() != NoType:
			st.Promotions++
		}
		if m.Kind() == HopCapture && !jkCentral[m.From()] && jkCentral[m.To()] {
			st.EdgeCaptures++
		}
	}
	if ml.Len() == 0 {
		if p.InCheck() {
			st.Mates++
		} else {
			st.Stalemates++
		}
	}
}
