package movegen

import (
	"strings"
	"testing"
)

// Tests of The Weak Square of the Jumping King, one per rule of
// docs/weaksquare.md and per way the game ends, on hand-built positions. The
// independent reference generator and the comparisons with it are in
// variant_weaksquare_ref_test.go.

func wsSq(name string) Square { return wsBoard.SquareByName(name) }

func TestWeakSquareBoard(t *testing.T) {
	g := WeakSquare.Geometry
	if n := len(g.Squares()); n != 38 {
		t.Errorf("%d squares, want 38", n)
	}
	for _, name := range []string{"a1", "f8", "a2", "f2", "a7", "f7"} {
		if wsSq(name) == NoSquare {
			t.Errorf("%s is not a square", name)
		}
	}
	for _, name := range []string{"b1", "c1", "d1", "e1", "f1", "a8", "b8", "c8", "d8", "e8"} {
		if wsSq(name) != NoSquare {
			t.Errorf("%s is a square, the board has no %s", name, name)
		}
	}
	// a1 is dark (file 1 + row 1 even), c2 light; only the bishop rule uses colours.
	if g.IsLight(wsSq("a1")) || !g.IsLight(wsSq("c2")) || g.IsLight(wsSq("d2")) {
		t.Error("square colours differ from a FIDE board's")
	}
	if wsWeak != [2]Square{wsSq("a1"), wsSq("f8")} {
		t.Error("the weak squares are not a1 (White) and f8 (Black)")
	}
}

// wsCase is a position with moves that must and must not be legal there, or the exact
// list of legal moves.
type wsCase struct {
	rule   string
	fen    string
	exact  []string
	has    []string
	hasNot []string
}

func (c wsCase) check(t *testing.T) {
	t.Helper()
	checkMoves(t, c.rule+"\n"+c.fen, movesOf(t, WeakSquare, c.fen), c.exact, c.has, c.hasNot)
}

func TestWeakSquareJumpingPhase(t *testing.T) {
	for _, c := range []wsCase{
		{rule: "1.3.1-2: the first jump leaves the weak square empty and places nothing",
			fen: WeakSquare.StartFEN, exact: []string{"a1b3", "a1c2"}},
		{rule: "1.3.1-2: Black's first jump, from f8 into rows 5-7",
			fen: "*****k/6/6/6/6/6/2K3/1*****[RRBBNNPPPrrbbnnppp] b - - 0 1 JJ", exact: []string{"f8d7", "f8e6"}},
		{rule: "1.3.1-3: later jumps leave one hand piece of each type, only on empty squares of the area; " +
			"the second bishop may not go on the colour of the first (d3 and e2 are light)",
			fen:   "*****1/r2b2/3pn1/2k3/1P2P1/2NK1R/R3B1/1*****[BNPrbnpp] w - - 0 5 JJ",
			exact: []string{"d3b2n", "d3b2p", "d3f2n", "d3f2p", "d3f4n", "d3f4p"}},
		{rule: "1.3.3: with the first bishop on a dark square the second may go on the light d3",
			fen:   "*****1/r2b2/3pn1/2k3/1P2P1/2NK1R/R4B/1*****[BNPrbnpp] w - - 0 5 JJ",
			exact: []string{"d3b2b", "d3b2n", "d3b2p", "d3f4b", "d3f4n", "d3f4p"}},
		{rule: "1.3.1, 1.3.6: a jump never captures (a3, e3 hold black pieces) and may land on an attacked square (d4)",
			fen:   "*****1/5k/6/6/6/p3b1/2K3/1*****[RRBBNNPPP] w - - 0 20 JM",
			exact: []string{"c2b4b", "c2b4n", "c2b4p", "c2b4r", "c2d4b", "c2d4n", "c2d4p", "c2d4r"}},
		{rule: "1.3.5: only a bishop left and the king on its first bishop's colour: stuck, it passes while Black jumps",
			fen: "*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ", exact: []string{"0000"}},
		{rule: "1.3.5: no empty square to jump to while Black already moves: a normal move on that very turn",
			fen: "*****1/r4r/1nbb1k/p1p1n1/1B1N2/R2PP1/1PK1B1/1*****[RN] w - - 0 14 JM",
			has: []string{"d4c6", "c2d2", "a3a5"}, hasNot: []string{"0000", "c2a3r", "c2e3n"}},
		{rule: "1.3.5: a jumping king with a free square and a knight in hand jumps",
			fen:   "*****1/r1b1n1/3k1p/1p3b/2P3/1P1PN1/R1K1BR/1*****[Nrnp] w - - 0 7 JJ",
			exact: []string{"c2a3n", "c2b4n", "c2d4n"}},
		{rule: "1.3.5: the same king once stuck (W) never jumps again: it passes while Black jumps",
			fen: "*****1/r1b1n1/3k1p/1p3b/2P3/1P1PN1/R1K1BR/1*****[Nrnp] w - - 0 7 WJ", exact: []string{"0000"}},
		{rule: "1.3.5: ... and moves normally once Black is done, its hand staying off the board",
			fen: "*****1/r1b1n1/3k1p/1p3b/2P3/1P1PN1/R1K1BR/1*****[N] w - - 0 7 WM",
			has: []string{"c2b2", "c2c3", "c2d2", "b3b4"}, hasNot: []string{"0000", "c2a3n", "c2d4n"}},
		{rule: "1.3.7: a moving side obeys check while the opponent jumps; no move captures the king on a7; " +
			"b2 is attacked through the king",
			fen:    "*****1/k5/5b/6/6/2K3/R5/1*****[rrbnnppp] w - - 0 20 MJ",
			exact:  []string{"c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3"},
			hasNot: []string{"a2a7", "c3b2", "c3d4"}},
	} {
		c.check(t)
	}
}

// TestWeakSquareStuckInCheck: a stuck king passes while the opponent jumps even when it is
// attacked (the c7 rook); passes ignore check like jumps.
func TestWeakSquareStuckInCheck(t *testing.T) {
	fen := "*****1/b1r1n1/3k1p/1p3b/6/NP1PNP/R1K1BR/1*****[Brnp] w - - 0 6 JJ"
	wsCase{rule: "1.3.5-6: stuck in check, it passes", fen: fen, exact: []string{"0000"}}.check(t)
	p := WeakSquare.MustParseFEN(fen)
	if !p.InCheck() || p.Status().Over() {
		t.Errorf("%s: in check %v, status %v; want in check and the game going on", fen, p.InCheck(), p.Status())
	}
}

func TestWeakSquareJumpRecordsPhases(t *testing.T) {
	// The pass makes the stuck side W for good; the hand stays listed; passes and jumps do
	// not count for the fifty-move rule, normal moves do.
	p := playMoves(t, WeakSquare, "*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 7 6 JJ", "0000")
	if got := p.FEN(); got != "*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] b - - 7 6 WJ" {
		t.Errorf("after the pass: %s", got)
	}
	p = playMoves(t, WeakSquare, p.FEN(), "d6b7r")
	if got := p.FEN(); got != "*****1/rkb1n1/3r1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Bnp] w - - 7 7 WJ" {
		t.Errorf("after the jump: %s", got)
	}
	// The jump that places the last hand piece starts the moving phase: the king then
	// moves as a FIDE king (but never onto its own weak square).
	p = playMoves(t, WeakSquare, "*****1/r1b3/3k1n/2p1p1/P2PP1/R1KN2/1BB1NR/1*****[p] b - - 3 9 MJ", "d6b7p")
	if got := p.FEN(); got != "*****1/rkb3/3p1n/2p1p1/P2PP1/R1KN2/1BB1NR/1*****[] w - - 3 10 MM" {
		t.Errorf("after the last placement: %s", got)
	}
	p = playMoves(t, WeakSquare, p.FEN(), "c3b3")
	if p.HalfmoveClock() != 4 {
		t.Errorf("a normal move leaves the halfmove clock at %d, want 4", p.HalfmoveClock())
	}
	wsCase{rule: "1.3.4: after its last placement the king is a FIDE king",
		fen: p.FEN(), has: []string{"b7a6", "b7b6", "b7c6"}, hasNot: []string{"b7a5", "b7a5p"}}.check(t)
	// A stuck side that moves normally at once becomes W as well.
	p = playMoves(t, WeakSquare, "*****1/r4r/1nbb1k/p1p1n1/1B1N2/R2PP1/1PK1B1/1*****[RN] w - - 0 14 JM", "d4c6")
	if got := p.FEN(); !strings.HasSuffix(got, "[RN] b - - 0 14 WM") {
		t.Errorf("after the stuck side's capture: %s", got)
	}
}

func TestWeakSquareMovingPhase(t *testing.T) {
	for _, c := range []wsCase{
		{rule: "1.4: no piece enters its own weak square (White, a1)",
			fen: "*****1/4k1/6/6/R5/6/1K4/1*****[] w - - 0 30 MM",
			has: []string{"a4a2", "a4a3", "b2a2", "b2a3"}, hasNot: []string{"a4a1", "b2a1"}},
		{rule: "1.4: no piece enters its own weak square (Black, f8): rook, king, knight",
			fen: "*****1/3nk1/6/6/5r/6/1K4/1*****[] b - - 0 30 MM",
			has: []string{"f4f7", "d7f6", "e7f7"}, hasNot: []string{"f4f8", "e7f8", "d7f8"}},
		{rule: "1.2: the f file and the a3-f8 diagonal lead to f8",
			fen: "*****1/6/2k3/6/6/B5/4KR/1*****[] w - - 0 30 MM", has: []string{"a3f8", "f2f8"}},
		{rule: "1.2: knights reach a1 from b3 and c2, f8 from d7 and e6",
			fen: "*****1/3N2/4N1/6/2k3/1n4/2n2K/1*****[] b - - 0 30 MM",
			has: []string{"b3a1", "c2a1"}},
		{rule: "1.2: ... and f8 from d7 and e6",
			fen: "*****1/3N2/4N1/6/2k3/1n4/2n2K/1*****[] w - - 0 30 MM", has: []string{"d7f8", "e6f8"}},
		{rule: "1.4: a winning move is still illegal if it leaves the king in check (the c5 bishop is pinned)",
			fen: "*****1/k1r3/6/2B3/6/2K3/6/1*****[] w - - 0 30 MM", hasNot: []string{"c5f8", "c5d6"}},
		{rule: "1.4: ... and legal when the pin is gone",
			fen: "*****1/k4r/6/2B3/6/2K3/6/1*****[] w - - 0 30 MM", has: []string{"c5f8"}},
		{rule: "1.4: a king may not step onto the weak square a rook looks at, though Black may not enter f8 itself",
			fen: "*****1/4K1/6/6/6/5r/k5/1*****[] w - - 0 30 MM", hasNot: []string{"e7f8", "e7f7"}, has: []string{"e7e6"}},
		{rule: "1.4: ... without the rook it may",
			fen: "*****1/4K1/6/6/6/6/k5/1*****[] w - - 0 30 MM", has: []string{"e7f8"}},
		{rule: "1.4: White pawns double-step only from row 2",
			fen: "*****1/2p3/3pk1/6/4P1/3P2/K1P3/1*****[] w - - 0 30 MM",
			has: []string{"c2c3", "c2c4", "d3d4", "e4e5"}, hasNot: []string{"d3d5", "e4e6"}},
		{rule: "1.4: Black pawns double-step only from row 7",
			fen: "*****1/2p3/3pk1/6/4P1/3P2/K1P3/1*****[] b - - 0 30 MM",
			has: []string{"c7c6", "c7c5", "d6d5"}, hasNot: []string{"d6d4"}},
		{rule: "1.4: promotion only to what the pool holds (one bishop); a capture adds its victim (the a7 rook)",
			fen: "*****1/r3kr/1Pbn1p/4bn/R2pP1/N3N1/1KPB1R/1*****[] w - - 0 20 MM",
			has: []string{"b6a7b", "b6a7r", "b6b7b"}, hasNot: []string{"b6b7r", "b6b7n", "b6a7n", "b6b7"}},
		{rule: "1.4: an empty pool (Black's hand still to place) bars d6-d7; the c7 knight taken is the only choice",
			fen: "*****1/r1n3/3P1k/1p2P1/1PN3/R3N1/1KBB1R/1*****[rbbnpp] w - - 0 12 MJ",
			has: []string{"d6c7n"}, hasNot: []string{"d6d7", "d6d7r", "d6d7b", "d6d7n", "d6c7r", "d6c7b", "d6c7"}},
		{rule: "1.4: the pool holds a waiting side's never-placed pieces (B, N) and the victim (f7 rook, d7 knight)",
			fen: "*****1/r2n1r/k1nbP1/p2pb1/1PP2p/1K1N1R/R1B3/1*****[BN] w - - 0 15 WM",
			has: []string{"e6e7b", "e6e7n", "e6f7r", "e6f7b", "e6f7n", "e6d7b", "e6d7n"}, hasNot: []string{"e6e7r", "e6d7r"}},
		{rule: "1.4: with every R, B, N on the board a pawn cannot reach its last row",
			fen: "*****1/rr3k/bb1P2/nn4/6/RRBNN1/1KB3/1*****[] w - - 0 30 MM", hasNot: []string{"d6d7", "d6d7r", "d6d7b", "d6d7n"}},
		{rule: "1.4: ... but it still attacks e7 (and the bishop f6), so the black king may go to e6 only",
			fen: "*****1/rr3k/bb1P2/nn4/6/RRBNN1/1KB3/1*****[] b - - 0 30 MM",
			has: []string{"f7e6"}, hasNot: []string{"f7e7", "f7f6", "f7f8"}},
	} {
		c.check(t)
	}
}

func TestWeakSquarePromotionAndPool(t *testing.T) {
	pool := func(p *Position) [3]int {
		all := wsPool(p)
		return [3]int{all[Rook], all[Bishop], all[Knight]}
	}
	p := WeakSquare.MustParseFEN("*****1/r3kr/1Pbn1p/4bn/R2pP1/N3N1/1KPB1R/1*****[] w - - 0 20 MM")
	if got := pool(p); got != [3]int{0, 1, 0} {
		t.Errorf("pool %v, want R0 B1 N0", got)
	}
	q := playMoves(t, WeakSquare, p.FEN(), "b6b7b")
	if q.At(wsSq("b7")) != MakePiece(White, Bishop) || pool(q) != [3]int{0, 0, 0} {
		t.Errorf("after b6b7b: b7 holds %v and the pool is %v, want a white bishop and an empty pool", q.At(wsSq("b7")), pool(q))
	}
	q = playMoves(t, WeakSquare, p.FEN(), "b6a7r")
	if q.At(wsSq("a7")) != MakePiece(White, Rook) || pool(q) != [3]int{0, 1, 0} {
		t.Errorf("after b6a7r: a7 holds %v and the pool is %v, want a white rook and R0 B1 N0", q.At(wsSq("a7")), pool(q))
	}
	// The pool counts a waiting side's hand but not a jumping side's.
	if got := pool(WeakSquare.MustParseFEN("*****1/r2n1r/k1nbP1/p2pb1/1PP2p/1K1N1R/R1B3/1*****[BN] w - - 0 15 WM")); got != [3]int{0, 1, 1} {
		t.Errorf("pool with a waiting hand B N: %v, want R0 B1 N1", got)
	}
	if got := pool(WeakSquare.MustParseFEN("*****1/r1n3/3P1k/1p2P1/1PN3/R3N1/1KBB1R/1*****[rbbnpp] w - - 0 12 MJ")); got != [3]int{0, 0, 0} {
		t.Errorf("pool with a jumping hand r b b n: %v, want empty", got)
	}
	// The stuck side's hand stays listed unchanged when a promotion uses one of its pieces.
	q = playMoves(t, WeakSquare, "*****1/r2n1r/k1nbP1/p2pb1/1PP2p/1K1N1R/R1B3/1*****[BN] w - - 0 15 WM", "e6e7b")
	if got := q.FEN(); got != "*****1/r2nBr/k1nb2/p2pb1/1PP2p/1K1N1R/R1B3/1*****[BN] b - - 0 15 WM" || pool(q) != [3]int{0, 0, 1} {
		t.Errorf("after e6e7b: %s, pool %v", got, pool(q))
	}
}

func TestWeakSquareEnPassant(t *testing.T) {
	p := playMoves(t, WeakSquare, "*****1/4k1/6/6/3p2/6/2P2K/1*****[] w - - 0 30 MM", "c2c4")
	if got := p.FEN(); got != "*****1/4k1/6/6/2Pp2/6/5K/1*****[] b - c3 0 30 MM" {
		t.Errorf("after c2c4: %s", got)
	}
	p = playMoves(t, WeakSquare, p.FEN(), "d4c3")
	if got := p.FEN(); got != "*****1/4k1/6/6/6/2p3/5K/1*****[] w - - 0 31 MM" {
		t.Errorf("after d4c3 en passant: %s", got)
	}
	// A double step from row 7 allows en passant from row 5 the same way.
	p = playMoves(t, WeakSquare, "*****1/1p2k1/6/P5/6/6/5K/1*****[] b - - 0 30 MM", "b7b5", "a5b6")
	if got := p.FEN(); got != "*****1/4k1/1P4/6/6/6/5K/1*****[] b - - 0 31 MM" {
		t.Errorf("after b7b5 a5b6: %s", got)
	}
}

func TestWeakSquareGameEnds(t *testing.T) {
	for _, c := range []struct {
		fen    string
		move   string // played first, if any
		result Result
		reason string
	}{
		{"*****1/4k1/6/6/6/6/1K3R/1*****[] w - - 0 30 MM", "f2f8", WhiteWins, "White reaches the weak square"},
		{"*****1/4k1/6/6/6/1n4/3K2/1*****[] b - - 0 30 MM", "b3a1", BlackWins, "Black reaches the weak square"},
		{"*****1/6/2k3/6/6/B5/4K1/1*****[] w - - 0 30 MM", "a3f8", WhiteWins, "White reaches the weak square"},
		{"*****1/4K1/6/6/6/6/k5/1*****[] b - - 0 30 MM", "a2a1", BlackWins, "Black reaches the weak square"},
		// The king's only escape would be its own weak square, which it may not enter.
		{"*****1/5k/6/6/3B2/K5/4R1/1*****[] b - - 0 50 MM", "", Draw, "stalemate"},
		// Mate only because f8 is Black's own weak square.
		{"*****1/5k/6/6/6/K5/4RR/1*****[] b - - 0 50 MM", "", WhiteWins, "checkmate"},
		{"*****1/5k/6/6/6/K5/4R1/1*****[] b - - 100 80 MM", "", Draw, "fifty-move rule"},
		// No draw by material: a bare king can still walk onto the enemy weak square.
		{"*****1/5k/6/6/6/K5/6/1*****[] w - - 0 1 MM", "", Ongoing, ""},
		{"*****1/5k/6/6/6/KB4/6/1*****[] w - - 0 1 MM", "", Ongoing, ""},
	} {
		p := WeakSquare.MustParseFEN(c.fen)
		if c.move != "" {
			p = playMoves(t, WeakSquare, c.fen, c.move)
			var ml MoveList
			if p.LegalMoves(&ml); ml.Len() != 0 {
				t.Errorf("%s after %s: %d moves in a finished game", c.fen, c.move, ml.Len())
			}
		}
		checkOutcome(t, c.fen+" "+c.move, p.Status(), c.result, c.reason)
	}
	// Threefold repetition, as in FIDE.
	g := NewGame(WeakSquare.MustParseFEN("*****1/5k/6/6/6/K5/6/1*****[] w - - 0 1 MM"))
	checkThreefold(t, g, "a3b3 f7e7 b3a3 e7f7 a3b3 f7e7 b3a3 e7f7")
}

// wsSample is the sample game of the seed and the rules file 1.8, with the coordinate form
// of each move. 12...Nxb5 is the c7 knight (14...Ndb5 proves the d6 knight stayed).
var wsSample = []struct{ san, move string }{
	{"Kc2", "a1c2"}, {"Kd7", "f8d7"},
	{"Ke3<B", "c2e3b"}, {"Kf6<B", "d7f6b"},
	{"Kc4<R", "e3c4r"}, {"Kd5<B", "f6d5b"},
	{"Kd2<P", "c4d2p"}, {"Kc7<p", "d5c7p"},
	{"Ke4<B", "d2e4b"}, {"Ka6<N", "c7a6n"},
	{"Kc3<P", "e4c3p"}, {"Kc5<R", "a6c5r"},
	{"Ka2<N", "c3a2n"}, {"Kb7<p", "c5b7p"},
	{"Kb4<R", "a2b4r"}, {"Kd6<R", "b7d6r"},
	{"Kd3<P", "b4d3p"}, {"Kb5<N", "d6b5n"},
	{"Kb2<N", "d3b2n"}, {"Ka7<p", "b5a7p"},
	{"Rxa6+", "a2a6"}, {"Kxa6", "a7a6"},
	{"cxb5+", "c4b5"}, {"Nxb5", "c7b5"},
	{"bxc5?", "b4c5"}, {"Nxc3+", "b5c3"},
	{"Ka3", "b2a3"}, {"Ndb5+", "d6b5"},
	{"Kb2", "a3b2"}, {"Nd4+", "b5d4"},
	{"Ka3", "b2a3"}, {"Nxc2++", "d4c2"},
}

// TestWeakSquareSampleGame replays the sample game from the start: every move legal and
// as its notation says (piece, destination, capture, placed piece), every + a check and
// ++ the mate, the kings attacked where the rules file's check of the sample says, the
// position after the jumping phase as the rules file prints it, and Black winning by mate.
func TestWeakSquareSampleGame(t *testing.T) {
	g := NewGame(WeakSquare.Start(nil))
	// Kings the rules file 1.8 finds attacked during the jumping phase, by ply: after
	// 3...Kd5 both, after 4.Kd2<P Black's, after White's 5th-8th jumps White's, after
	// 9...Kb5<N and 10.Kb2<N Black's; after 10...Ka7<p neither.
	attacked := map[int][2]bool{
		6: {true, true}, 7: {false, true}, 9: {true, false}, 11: {true, false},
		13: {true, false}, 15: {true, false}, 18: {false, true}, 19: {false, true}, 20: {false, false},
	}
	for i, mv := range wsSample {
		p := g.Position()
		san := strings.TrimRight(mv.san, "?!")
		m, err := p.ParseMove(mv.move)
		if err != nil {
			t.Fatalf("ply %d %s (%s): %v", i+1, mv.san, mv.move, err)
		}
		mate := strings.HasSuffix(san, "++")
		check := strings.HasSuffix(san, "+")
		san = strings.TrimRight(san, "+")
		// The notation and the move agree.
		body, placed, jump := strings.Cut(san, "<")
		piece := Pawn
		if c := body[0]; c >= 'A' && c <= 'Z' {
			piece = WeakSquare.TypeOf(c)
		}
		dest := body[len(body)-2:]
		if p.MovingPiece(m).Type() != piece || p.Geometry().Name(m.To()) != dest ||
			strings.Contains(body, "x") != (p.Captured(m) != Empty) {
			t.Errorf("ply %d: %s does not match the move %s", i+1, mv.san, mv.move)
		}
		if i < 20 {
			if m.Kind() != Jump || (jump != (m.AuxType() != NoType)) || jump && WeakSquare.TypeOf(placed[0]) != m.AuxType() {
				t.Errorf("ply %d: %s is not the jump %s", i+1, mv.san, mv.move)
			}
		}
		g.Play(m)
		q := g.Position()
		if i >= 20 && q.InCheck() != check {
			t.Errorf("ply %d %s: check is %v", i+1, mv.san, q.InCheck())
		}
		if want, ok := attacked[i+1]; ok {
			got := [2]bool{q.Checks(White), q.Checks(Black)}
			if i+1 == 20 && got != want || want[0] && !got[0] || want[1] && !got[1] {
				t.Errorf("after ply %d %s: kings attacked %v, want %v", i+1, mv.san, got, want)
			}
		}
		if o := g.Outcome(); o.Over() != mate {
			t.Errorf("ply %d %s: outcome %v", i+1, mv.san, o)
		}
		switch i + 1 {
		case 19: // 10.Kb2<N places White's last piece
			if q.Phase(White) != wsMoving || q.Phase(Black) != wsJumping {
				t.Errorf("after 10.Kb2<N: phases %d %d, want White moving, Black jumping", q.Phase(White), q.Phase(Black))
			}
		case 20:
			if got, want := q.FEN(), "*****1/krnb2/r2n1b/1ppp2/1PP1P1/2NNR1/RKBB2/1*****[] w - - 0 11 MM"; got != want {
				t.Errorf("after the jumping phase:\n%s\nwant (rules file 1.8)\n%s", got, want)
			}
		case 23: // 12...Nxb5 is ambiguous: both knights can take
			for _, s := range []string{"c7b5", "d6b5"} {
				if _, err := q.ParseMove(s); err != nil {
					t.Errorf("after 12.cxb5+: %s is not legal", s)
				}
			}
		}
	}
	if o := g.Outcome(); o.Result != BlackWins || o.Reason != "checkmate" {
		t.Errorf("final: %v, want Black wins by checkmate", o)
	}
}

func TestWeakSquareFENRoundTrip(t *testing.T) {
	for _, fen := range tableFENs(t, "weaksquare",
		WeakSquare.StartFEN,
		"*****1/krnb2/r2n1b/1ppp2/1PP1P1/2NNR1/RKBB2/1*****[] w - - 0 11 MM", // rules file 1.8
		"*****1/4k1/6/6/2Pp2/6/5K/1*****[] b - c3 0 30 MM",
		"*****R/4k1/6/6/6/6/1K4/1*****[] b - - 3 31 MM", // White has won on f8
		"*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] b - - 0 6 WJ",
	) {
		checkFENRoundTrip(t, WeakSquare, fen)
	}
	// Without the phase field a side with a hand jumps and one without moves.
	for fen, want := range map[string]string{
		"*****k/6/6/6/6/6/6/K*****[RRBBNNPPPrrbbnnppp] w - - 0 1":         WeakSquare.StartFEN,
		"*****1/krnb2/r2n1b/1ppp2/1PP1P1/2NNR1/RKBB2/1*****[] w - - 0 11": "*****1/krnb2/r2n1b/1ppp2/1PP1P1/2NNR1/RKBB2/1*****[] w - - 0 11 MM",
	} {
		if p, err := WeakSquare.ParseFEN(fen); err != nil || p.FEN() != want {
			t.Errorf("%s: %v, want %s", fen, err, want)
		}
	}
}

func TestWeakSquareFENErrors(t *testing.T) {
	const hand = "[RRBBNNPPPrrbbnnppp]"
	for fen, want := range map[string]string{
		"*****k/6/6/6/6/6/6/K*****" + hand + " w - - 0 1 JX":         "phase field",
		"*****k/6/6/6/6/6/6/K*****" + hand + " w - - 0 1 J":          "phase field",
		"*****k/6/6/6/6/6/6/K*****" + hand + " w - - 0 1 JJ JJ":      "unexpected field",
		"*****k/6/6/6/6/6/6/K*****" + hand + " w KQ - 0 1 JJ":        "no castling",
		"*****k/6/6/6/6/6/6/K*****[] w - - 0 1 JJ":                   "jumping with an empty hand",
		"*****k/6/6/6/6/6/6/K*****[R] w - - 0 1 MJ":                  "moving with pieces in hand",
		"*****1/4k1/6/6/6/6/1K4/1*****[] w - - 0 1 WM":               "waiting with an empty hand",
		"*****1/4k1/6/6/6/6/K5/R*****[] w - - 0 1 MM":                "own weak square",
		"*****k/6/6/6/6/6/6/K*****[] w - - 0 1 MM":                   "own weak square",
		"*****R/4k1/6/6/6/6/1K4/1*****[] w - - 0 1 MM":               "has won",
		"*****k/6/6/6/6/6/6/K*****[RRRBBNNPPrrbbnnppp] w - - 0 1 JJ": "more than 4 rooks",
		"*****k/6/6/6/6/6/6/K*****[RRBBNPPPPrrbbnnppp] w - - 0 1 JJ": "more pieces than",
		"*****k/6/6/6/6/6/6/K*****[RRBBNNPPPQrbbnnppp] w - - 0 1 JJ": "unknown piece",
		"*****k/6/6/6/6/6/6/KR****" + hand + " w - - 0 1 JJ":         "off the board",
		"*****k/6/6/6/6/6/6/1*****" + hand + " w - - 0 1 JJ":         "no white king",
		"*****k/6/6/K5/6/6/6/1*****" + hand + " w - - 0 1 JJ":        "outside its area",
		"*****k/6/6/6/6/6/6/K*****[KRBBNNPPPrrbbnnppp] w - - 0 1 JJ": "must be on the board",
		"*****1/P4k/6/6/6/6/K5/1*****[] w - - 0 1 MM":                "promotion rank",
		"******/6/6/6/6/6/6/K*****" + hand + " w - - 0 1 JJ":         "'*'",
	} {
		checkFENError(t, WeakSquare, fen, want)
	}
}

func TestWeakSquareMoveText(t *testing.T) {
	p := playMoves(t, WeakSquare, WeakSquare.StartFEN, "a1c2", "f8d7")
	for _, s := range []string{"c2e3b", "c2e3B"} {
		m, err := p.ParseMove(s)
		if err != nil || m.Kind() != Jump || m.AuxType() != Bishop || p.MoveText(m) != "c2e3b" {
			t.Errorf("%s: %v %v", s, m, err)
		}
	}
	for _, s := range []string{"c2e3", "c2e3q", "c2e3k", "0000", "c2c3"} {
		if _, err := p.ParseMove(s); err == nil {
			t.Errorf("%q parsed in the jumping phase, want an error", s)
		}
	}
}

// wsMirror turns a position by half a turn and swaps the colours: a1 and f8, the areas,
// the pawn directions and the square colours all map onto each other, so every count must
// stay the same. The phase field lists White's phase first, so its letters swap.
func wsMirror(fen string) string {
	f := strings.Fields(flipFilesFEN(colourMirrorFEN(fen, 9), 6))
	f[6] = string([]byte{f[6][1], f[6][0]})
	return strings.Join(f, " ")
}

func TestWeakSquareMirrorSymmetry(t *testing.T) {
	for _, fen := range tableFENs(t, "weaksquare", "*****1/4k1/6/6/2Pp2/6/5K/1*****[] b - c3 0 30 MM") {
		mirror := wsMirror(fen)
		if wsMirror(mirror) != fen {
			t.Fatalf("mirroring twice changes %s into %s", fen, wsMirror(mirror))
		}
		checkSamePerft(t, WeakSquare.MustParseFEN(fen), mirror, WeakSquare.MustParseFEN(mirror), 4, 100_000)
	}
}

func TestPerftWeakSquare(t *testing.T) { runPerftTable(t, WeakSquare) }

func TestRandomWalkWeakSquare(t *testing.T) {
	randomWalk(t, WeakSquare, WeakSquare.StartFEN, 40, 200, 3)
	randomWalk(t, WeakSquare, "*****1/r1b3/3k1n/2p1p1/P2PP1/R1KN2/1BB1NR/1*****[rbnp] w - - 0 9 MJ", 20, 200, 4)
}

// TestWeakSquareHotPathDoesNotAllocate extends the core's allocation guard to positions of
// every phase: jumps, passes, the pool and promotions.
func TestWeakSquareHotPathDoesNotAllocate(t *testing.T) {
	for _, fen := range tableFENs(t, "weaksquare") {
		p := WeakSquare.MustParseFEN(fen)
		var ml MoveList
		var child Position
		checkNoAllocs(t, fen+": generate+apply", 50, func() {
			// StatusWith judges won weak squares without building a reason.
			playAll(p, &ml, &child, func(c *Position) { _ = c.StatusWith(1) })
			_ = p.StatusWith(ml.Len())
		})
	}
}

// FuzzWeakSquareFEN feeds the FEN reader weaksquare positions: nothing may crash, what it
// accepts must write back to itself, and every legal move must keep the position sound.
func FuzzWeakSquareFEN(f *testing.F) {
	f.Add(WeakSquare.StartFEN)
	f.Add("*****1/krnb2/r2n1b/1ppp2/1PP1P1/2NNR1/RKBB2/1*****[] w - - 0 11 MM")
	f.Add("*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ")
	f.Add("*****1/4k1/6/6/2Pp2/6/5K/1*****[] b - c3 0 30 MM")
	f.Add("*****1/r2n1r/k1nbP1/p2pb1/1PP2p/1K1N1R/R1B3/1*****[BN] w - - 0 15 WM")
	f.Fuzz(func(t *testing.T, fen string) { checkFENFuzz(t, WeakSquare, fen) })
}

// BenchmarkPerftWeakSquareMoving measures leaves per second in the moving phase (the sample
// game after its jumps), next to BenchmarkPerft's start position, which only jumps.
func BenchmarkPerftWeakSquareMoving(b *testing.B) {
	p := WeakSquare.MustParseFEN("*****1/krnb2/r2n1b/1ppp2/1PP1P1/2NNR1/RKBB2/1*****[] w - - 0 11 MM")
	benchPerft(b, p, 4)
}

// FuzzWeakSquareParseMove checks that no move text crashes the parser (with its upper-case
// placement form) and that what it accepts prints back to a text naming the same move.
func FuzzWeakSquareParseMove(f *testing.F) {
	for _, s := range []string{"c2e3b", "c2e3B", "a1c2", "0000", "b6b7b", "b6a7R", "c2c4", "", "c2e3bb", "f2f8", "a1a1a"} {
		f.Add(s)
	}
	positions := []*Position{
		playMoves(f, WeakSquare, WeakSquare.StartFEN, "a1c2", "f8d7"),
		WeakSquare.MustParseFEN("*****1/r3kr/1Pbn1p/4bn/R2pP1/N3N1/1KPB1R/1*****[] w - - 0 20 MM"),
		WeakSquare.MustParseFEN("*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ"),
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			checkMoveTextRoundTrip(t, p, s)
		}
	})
}
