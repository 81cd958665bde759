package movegen

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 11)) }

// hopMoveTexts lists the legal turns of p as sorted text.
func hopMoveTexts(p *Position) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		out = append(out, p.MoveText(m))
	}
	sortStrings(out)
	return out
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// diffLists describes the first differences between two sorted lists.
func diffLists(got, want []string) string {
	g := map[string]bool{}
	for _, s := range got {
		g[s] = true
	}
	w := map[string]bool{}
	for _, s := range want {
		w[s] = true
	}
	var b strings.Builder
	n := 0
	for _, s := range got {
		if !w[s] && n < 10 {
			b.WriteString(" extra " + s)
			n++
		}
	}
	for _, s := range want {
		if !g[s] && n < 20 {
			b.WriteString(" missing " + s)
			n++
		}
	}
	return b.String()
}

// checkAgainstOracle compares the legal turns of fen with the slow generator's.
func checkAgainstOracle(t *testing.T, fen string) {
	t.Helper()
	p := HopChess.MustParseFEN(fen)
	got := hopMoveTexts(p)
	b := hopOParse(p.FEN())
	want, _ := b.turns()
	if len(got) != len(want) || diffLists(got, want) != "" {
		t.Fatalf("%s: %d turns, oracle %d:%s", fen, len(got), len(want), diffLists(got, want))
	}
}

func TestHopOracleQuick(t *testing.T) {
	for _, fen := range []string{
		HopChess.StartFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 - -",
		"r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 1 d4 f5",
		"r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1 d4 f5",
	} {
		checkAgainstOracle(t, fen)
	}
}

// TestHopOracleRandomGames compares the turns of every position of random games with the
// slow generator's, and checks the incremental state and the FEN round trip on the way.
// The position after each turn must be the slow generator's. With HOP_ORACLE=1 it plays
// many more and longer games, from the start and from every line of the perft table
// (HOP_ORACLE=<n> with other random games).
func TestHopOracleRandomGames(t *testing.T) {
	games, plies := 3, 24
	starts := []string{HopChess.StartFEN}
	if os.Getenv("HOP_ORACLE") != "" {
		games, plies = 12, 80
		for _, c := range readPerftTable(t, HopChess.Name) {
			starts = append(starts, c.fen)
		}
	}
	seed, _ := strconv.ParseUint(os.Getenv("HOP_ORACLE"), 10, 64) // another seed, other games
	rng := newTestRand(5 + seed)
	var ml MoveList
	for _, start := range starts {
		for g := 0; g < games; g++ {
			p := HopChess.MustParseFEN(start)
			for ply := 0; ply < plies; ply++ {
				b := hopOParse(p.FEN())
				want, next := b.turns()
				got := hopMoveTexts(p)
				if d := diffLists(got, want); d != "" || len(got) != len(want) {
					t.Fatalf("%s: %d turns, slow generator %d:%s", p.FEN(), len(got), len(want), d)
				}
				ml.Reset()
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				m := ml.At(rng.IntN(ml.Len()))
				text := p.MoveText(m)
				before := p.FEN()
				p.Apply(m)
				if msg := p.CheckIncrementals(); msg != "" {
					t.Fatal(msg)
				}
				after := next[text]
				if p.FEN() != after.fen() {
					t.Fatalf("%s after %s: %s, slow generator %s", before, text, p.FEN(), after.fen())
				}
			}
		}
	}
}

// hopSampleGame is the sample game of docs/hopchess.md ("The author's sample game") in coordinate
// text, with the three corrections that section gives (10...N:d3+, 12...Na3+ e8, 14.Nd4); a
// trailing + marks the checks the sample gives.
var hopSampleGame = []string{
	"e2e4", "g8f6,d5",
	"d2d4,d3", "e7e6,b4+", // the placement on b4 gives the check: f8-b4(#)-e1
	"b1c3,g5", "f8e7,b4",
	"c1f6,e5", "e6d4,b4", // c1-g5(@)-xf6; e6-e5(@)-xd4
	"d1d4,e5", "g7f6,b4",
	"e4f6,e4", "b8a6,c5", // e4-e5(@)-xf6
	"f6e7,d5", "c7d4,b4", // c7-c5(#)-xd4
	"e7d8q,f3+", "e8d8,e8+", // Rh8-e8(#)-xe1 after the placement
	"c3e2,f3", "d4d3,b4",
	"c2d3,c1", "a6d3,e8+", // a6-b4(#)-xd3
	"e1d2,h3", "d3b2,c4+", // b2-c4(#)-d2
	"d2c2,a4", "b2a3,e8+", // b2-c4(#)-a3
	"c2b3,c1", "h8e5,a5", // h8-e8(#)-e5
	"e2d4,c6+", "d8e8,e3+", // d4-c6(@)-d8; e5-e3(#)-b3
	"d4e5,c6", "a7a5,a4+", // d4-c6(@)-xe5; a5-a4(#)-b3
	"b3a3,b1", "b7b5,b4+",
	"f1b5,e1",
}

// TestHopSampleGame replays the sample game: every turn legal, check exactly where the
// sample says check, and the final position of the published diagram.
func TestHopSampleGame(t *testing.T) {
	g := NewGame(HopChess.Start(nil))
	for i, mv := range hopSampleGame {
		check := strings.HasSuffix(mv, "+")
		mv = strings.TrimSuffix(mv, "+")
		if o := g.Outcome(); o.Over() {
			t.Fatalf("game over before turn %d: %v", i+1, o)
		}
		prev := *g.Position()
		before := prev.FEN()
		m, err := g.PlayText(mv)
		if err != nil {
			t.Fatalf("turn %d %s in %s: %v", i+1, mv, before, err)
		}
		if got := g.Position().InCheck(); got != check {
			t.Errorf("turn %d %s: check %v, the sample says %v", i+1, mv, got, check)
		}
		if text := prev.MoveText(m); text != mv {
			t.Errorf("turn %d: %s prints as %s", i+1, mv, text)
		}
	}
	const final = "r1b1k3/3p1p1p/8/pB2N3/8/K7/P4PPP/R5NR b - - 0 17 e1 b4"
	if got := g.Position().FEN(); got != final {
		t.Errorf("final position %s, want %s", got, final)
	}
	if o := g.Outcome(); o.Over() {
		t.Errorf("final position is over by rule (%v); the sample ends by resignation", o)
	}
	// The sample's uncorrected turns are illegal, as 3.8 says: the last turn of each
	// sequence fails, the ones before it are legal.
	for _, c := range []struct {
		prefix int
		moves  []string
	}{
		{19, []string{"a6d4,e8"}},                       // 10...Nd4+
		{23, []string{"b2a3,e6", "c2b3,c1", "h8e5,a5"}}, // 12...Na3+ e6, 13.Kb3 c1 Re5
		{26, []string{"e2e4,c6"}},                       // 14.Ne4
	} {
		g := NewGame(HopChess.Start(nil))
		for _, mv := range hopSampleGame[:c.prefix] {
			if _, err := g.PlayText(strings.TrimSuffix(mv, "+")); err != nil {
				t.Fatal(err)
			}
		}
		for i, mv := range c.moves {
			_, err := g.PlayText(mv)
			if last := i == len(c.moves)-1; last != (err != nil) {
				t.Errorf("after %d sample turns, %s: error %v", c.prefix+i, mv, err)
			}
		}
	}
}

// TestPerftHopChess checks the pinned perft values (testdata/perft/hopchess.epd), and the
// start position's depth 3 even in a quick run.
func TestPerftHopChess(t *testing.T) {
	runPerftTable(t, HopChess)
	cases := readPerftTable(t, HopChess.Name)
	if got, want := Perft(HopChess.Start(nil), 3), cases[0].counts[3]; got != want {
		t.Errorf("start perft(3) = %d, want %d", got, want)
	}
}

// TestHopOracleTable compares the turns of every position of the perft table with the slow
// generator's, move by move. With HOP_ORACLE=1 it also compares perft(2) of every line and
// perft(3) of the start with the slow generator's counts (minutes).
func TestHopOracleTable(t *testing.T) {
	deep := os.Getenv("HOP_ORACLE") != ""
	for i, c := range readPerftTable(t, HopChess.Name) {
		checkAgainstOracle(t, c.fen)
		if !deep {
			continue
		}
		depth := 2
		if i == 0 {
			depth = 3
		}
		b := hopOParse(c.fen)
		for d := 1; d <= depth; d++ {
			if got, want := b.perft(d), c.counts[d]; got != want {
				t.Errorf("%s: slow generator perft(%d) = %d, table %d", c.fen, d, got, want)
			}
		}
	}
}

// hopMirror is fen with the colours swapped (colourMirrorFEN on the 8x8 board), the two
// trampoline fields exchanged and mirrored as well.
func hopMirror(fen string) string {
	f := strings.Fields(colourMirrorFEN(fen, 9))
	flip := func(s string) string {
		if s == "-" {
			return s
		}
		return string(s[0]) + string(rune('1'+'8'-s[1]))
	}
	f[6], f[7] = flip(f[7]), flip(f[6])
	return strings.Join(f, " ")
}

// TestHopMirrorSymmetry: the rules are the same for both colours once both place their
// trampolines, so a position and its colour-flipped mirror have the same perft.
func TestHopMirrorSymmetry(t *testing.T) {
	for _, c := range readPerftTable(t, HopChess.Name)[1:] { // the start: White's first turn is special
		m := hopMirror(c.fen)
		p, q := HopChess.MustParseFEN(c.fen), HopChess.MustParseFEN(m)
		for d := 1; d <= 2; d++ {
			if a, b := Perft(p, d), Perft(q, d); a != b {
				t.Errorf("perft(%d): %s has %d, its mirror %s has %d", d, c.fen, a, m, b)
			}
		}
	}
	if got := hopMirror("r3k2r/1P6/8/8/2pP4/8/6p1/R3KB1R b KQkq d3 0 30 b8 g1"); got != "r3kb1r/6P1/8/2Pp4/8/8/1p6/R3K2R w KQkq d6 0 30 g8 b1" {
		t.Errorf("mirror: %s", got)
	}
}

// TestHopHotPathDoesNotAllocate: generating the turns of a middlegame and playing them
// never touches the heap.
func TestHopHotPathDoesNotAllocate(t *testing.T) {
	p := HopChess.MustParseFEN("r3k2r/pppq1ppp/2n2n2/2bpp1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8 c1 f8")
	var ml MoveList
	var child Position
	allocs := testing.AllocsPerRun(20, func() {
		ml.Reset()
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			child = *p
			child.Apply(m)
			_ = child.InCheck()
		}
	})
	if allocs != 0 || ml.Len() != 1244 {
		t.Errorf("generate+apply: %v allocations per run (want 0), %d turns", allocs, ml.Len())
	}
}

// FuzzHopParseMove: no text crashes the move reader, and whatever it accepts is a legal
// turn that prints to a text that reads back to the same turn.
func FuzzHopParseMove(f *testing.F) {
	for _, s := range []string{"c8f5e4,f5", "c6d4f5g3,e6", "c8e4,f5", "e7e5,d5", "c6d4f5g3h1", "a1", ",", "c8f5e4f5e4,a1", "e7e6e5,d5", "b7b8d6b,a1"} {
		f.Add(s)
	}
	p := HopChess.MustParseFEN("r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 1 d4 f5")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		again, err := p.ParseMove(p.MoveText(m))
		if err != nil || again != m {
			t.Fatalf("%q parses to %s, which does not read back", s, p.MoveText(m))
		}
	})
}

// TestHopRoutesMerge: every route to the same square is one turn, written without the
// route; a route written out square by square reads as that turn.
func TestHopRoutesMerge(t *testing.T) {
	g := NewGame(HopChess.Start(nil))
	for _, mv := range hopSampleGame[:5] {
		g.PlayText(strings.TrimSuffix(mv, "+"))
	}
	p := g.Position() // before 3...Be7 b4: f8-e7 directly or f8-b4(#)-e7
	direct, err1 := p.ParseMove("f8e7,b4")
	hop, err2 := p.ParseMove("f8b4e7,b4")
	if err1 != nil || err2 != nil || direct != hop {
		t.Errorf("f8e7,b4 and f8b4e7,b4: %v %v %v %v", direct, hop, err1, err2)
	}
	n := 0
	for _, s := range hopMoveTexts(p) {
		if s == "f8e7,b4" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("f8e7,b4 listed %d times", n)
	}
	// The rules' long forms: Bc8-f5-e4 and Nc6-d4-f5:g3 (two hops), d2-d4:c5.
	ex := HopChess.MustParseFEN("r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 1 d4 f5")
	for long, short := range map[string]string{"c8f5e4,f5": "c8e4,f5", "c6d4f5g3,f5": "c6g3,f5"} {
		if m, err := ex.ParseMove(long); err != nil || ex.MoveText(m) != short {
			t.Errorf("%s: %v %v, want %s", long, ex.MoveText(m), err, short)
		}
	}
	ex = HopChess.MustParseFEN("r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1 d4 f5")
	if m, err := ex.ParseMove("d2d4c5,d4"); err != nil || ex.MoveText(m) != "d2c5,d4" {
		t.Errorf("d2d4c5,d4: %v %v", ex.MoveText(m), err)
	}
}

// BenchmarkHopPerft measures turns per second (leaves, bulk-counted at the last ply) from
// the start and from a middlegame, next to FIDE's start:
// go test -run '^$' -bench HopPerft ./movegen
func BenchmarkHopPerft(b *testing.B) {
	for _, c := range []struct {
		name  string
		v     *Variant
		fen   string
		depth int
	}{
		{"normal-start", FIDE, FIDE.StartFEN, 5},
		{"hopchess-start", HopChess, HopChess.StartFEN, 3},
		{"hopchess-middlegame", HopChess, "r3k2r/pppq1ppp/2n2n2/2bpp1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8 c1 f8", 2},
		{"hopchess-sample", HopChess, "r1bk3r/pp1p1p1p/n7/8/3p4/2N5/PPP2PPP/R3KBNR w KQ - 0 9 f3 e8", 2},
	} {
		p := c.v.MustParseFEN(c.fen)
		b.Run(c.name, func(b *testing.B) {
			var leaves uint64
			for b.Loop() {
				leaves += Perft(p, c.depth)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

// FuzzHopFEN: no input crashes the reader of the trampoline fields; what it accepts writes
// out and reads back to the same position, and its turns can all be played.
func FuzzHopFEN(f *testing.F) {
	for _, s := range []string{
		HopChess.StartFEN,
		"r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 1 d4 f5",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30 d6 -",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 a5",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a9 -",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := HopChess.ParseFEN(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := HopChess.ParseFEN(out)
		if err != nil || q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q: output %q does not read back the same: %v", fen, out, err)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			c := *p
			c.Apply(m)
			if msg := c.CheckIncrementals(); msg != "" {
				t.Fatalf("%s after %s: %s", out, p.MoveText(m), msg)
			}
		}
	})
}
