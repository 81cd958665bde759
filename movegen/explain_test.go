package movegen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestWhyIllegal checks every reason WhyIllegal gives on a position built for it, and that
// it gives none for a legal move (clicked as people click it: castling onto the rook, a hop
// capture's victim).
func TestWhyIllegal(t *testing.T) {
	for _, c := range []struct {
		name     string
		v        *Variant
		fen      string
		moves    string // played from fen first, space-separated
		from, to string
		want     string // a part of the sentence; "" for a legal move
	}{
		{"legal", FIDE, "", "", "e2", "e4", ""},
		{"castling by the king onto its rook", FIDE, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "e1", "h1", ""},
		{"castling to the king's destination", FIDE, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "e1", "c1", ""},
		{"no piece", FIDE, "", "", "e3", "e4", "There is no piece on e3."},
		{"the other side's piece", FIDE, "", "", "e7", "e5", "The pawn on e7 is Black's, and it is White's turn."},
		{"not the piece's pattern", FIDE, "", "", "g1", "g3", "The knight on g1 cannot go to g3."},
		{"own piece on the target", FIDE, "", "", "d1", "d2", "your own pawn stands there"},
		{"a piece with no move at all", FIDE, "", "", "a1", "a1", "The rook on a1 has no legal move."},
		{"pinned piece", FIDE, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "", "e2", "d3", "would leave your king in check"},
		{"check not parried", FIDE, "4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", "", "d2", "d3", "Your king is in check, and moving the pawn to d3 does not parry it."},
		{"king into check", FIDE, "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "", "e1", "d1", "The king cannot go to d1: it would be in check there."},
		{"king stays in check", FIDE, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "", "e1", "d1", "it would still be in check there"},
		{"castling out of check", FIDE, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a2 e8d8 a2a1 a8a1", "e1", "g1", "The king cannot castle out of check."},
		{"castling through an attacked square", FIDE, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a2 h8f8", "e1", "g1", "it would cross or land on an attacked square"},
		{"castling with pieces between", FIDE, "", "", "e1", "g1", "the squares between the king and the rook must be empty"},
		{"game over", FIDE, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "", "e2", "e4", "The game is over: checkmate."},
		{"off the board", WeakSquare, "", "", "a1", "b1", "not a square of this board"},
		{"weak square: the first jump is a knight leap", WeakSquare, "", "", "a1", "a2", "leaps like a knight"},
		{"weak square: only the king moves while jumping", WeakSquare,
			"*****1/r2b2/3pn1/2k3/1P2P1/2NK1R/R3B1/1*****[BNPrbnpp] w - - 0 5 JJ", "", "c3", "b5", "its turn is a jump of the king"},
		{"weak square: a stuck king passes", WeakSquare,
			"*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ", "", "c2", "c3", "White's king is stuck"},
		{"weak square: no entering one's own", WeakSquare, "*****1/4k1/6/6/R5/6/1K4/1*****[] w - - 0 30 MM", "", "a4", "a1",
			"No piece may enter its own weak square, a1."},
		{"weak square: game won", WeakSquare, "*****1/4k1/6/6/6/6/1K3R/1*****[] w - - 0 30 MM", "f2f8", "e7", "e6", "The game is over: White reaches the weak square."},
		{"jumping knights: quiet move onto the edge", JumpingKnights, "", "", "b1", "z1", "Only a capture ends on an edge square such as z1"},
		{"jumping knights: hop capture by its victim", JumpingKnights, jkFEN("Ke1 Wb0 Ra5 bb1 ke8"), "", "b0", "b1", ""},
		{"jumping knights: Rule 4", JumpingKnights, jkFEN("Ke1 Wb0 Ra5 bb1 ke8"), "", "a5", "a6", "compulsory now (Rule 4), unless a move gives check: the war machine on b0 can jump b1."},
		{"jumping knights: Rule 4 on one click", JumpingKnights, jkFEN("Kf1 Pz3 pa4 kf8"), "", "f1", "f1", "compulsory now (Rule 4), unless a move gives check: the pawn on z3 can jump a4."},
		{"jumping knights: a capture needs an empty landing square", JumpingKnights, jkFEN("Ke1 Ra5 bb5 Pc5 ke8"), "", "a5", "b5", "a capture jumps over its victim to an empty square beyond it"},
		{"hop chess: a king never steps onto a trampoline", HopChess, "4k3/8/8/8/8/8/8/4K3 w - - 0 5 e2 -", "", "e1", "e2", "A king never steps onto a trampoline."},
		{"hop chess: no move ends on a trampoline", HopChess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 5 a4 -", "", "a1", "a4", "never ends its move on a trampoline"},
		{"hop chess: a bounce is a legal route", HopChess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 5 a4 -", "", "a1", "d4", ""},
		{"black hole: no line crosses the hole", Blackhole, "****k****/9/9/9/9/9/4*4/9/9/9/4R4/4K4/****1**** w - - 0 1", "", "e2", "e8", "no piece moves across e6, which is not a square of this board"},
		{"weak square: promotion with an empty pool", WeakSquare, "*****1/4k1/2P3/rrbbnn/6/RRBBNN/4K1/1*****[] w - - 0 30 MM", "", "c6", "c7", "the pool is empty"},
		{"bunker: the leap across an attacked square", Bunker, "5rk1/8/8/8/8/8/8/4K3 w - - 0 1 K", "", "e1", "g1", "may not cross or land on an attacked square"},
		{"bunker: the leap over an enemy piece", Bunker, "6k1/8/8/8/8/8/8/4Kn2 w - - 0 1 K", "", "e1", "g1", "over the enemy piece on f1"},
		{"bunker: the leap used up", Bunker, "6k1/8/8/8/8/8/8/4K3 w - - 0 1 -", "", "e1", "b1", "no bunker leap left"},
		{"bunker: a legal leap", Bunker, "6k1/8/8/8/8/8/8/4K3 w - - 0 1 K", "", "e1", "b1", ""},
		{"pre-chess: placements first", Prechess, "", "", "e2", "e4", "White first places its pieces"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fen := c.fen
			if fen == "" {
				fen = c.v.StartFEN
			}
			p := c.v.MustParseFEN(fen)
			for _, mv := range strings.Fields(c.moves) {
				m, err := p.ParseMove(mv)
				if err != nil {
					t.Fatalf("%s: %v", mv, err)
				}
				p.Apply(m)
			}
			g := c.v.Geometry
			from, to := g.SquareByName(c.from), g.SquareByName(c.to)
			got := p.WhyIllegal(from, to)
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("WhyIllegal(%s, %s) = %q, want %q", c.from, c.to, got, c.want)
			}
		})
	}
}

// jkFEN is a Jumping Knights position with the pieces listed ("Ke1 bb1"), White to move.
func jkFEN(pieces string) string { return jkSetup(pieces, "w - - 0 1") }

// TestWhyNoDrop checks the reasons a hand piece cannot be placed.
func TestWhyNoDrop(t *testing.T) {
	for _, c := range []struct {
		v     *Variant
		moves string
		t     PieceType
		to    string
		want  string
	}{
		{Prechess, "", Knight, "b1", ""},
		{Prechess, "", Knight, "b2", "back rank, rank 1"},
		{Prechess, "N@b1 N@b8", Queen, "b1", "b1 is not empty"},
		{Prechess, "N@b1 N@b8 N@g1 N@g8", Knight, "c1", "White has no knight in hand."},
		{Prechess, "B@a1 N@b8", Bishop, "c1", "c1 is a dark square, like a1 where the first bishop stands"},
		{Prechess, "B@b1 N@b8", Bishop, "d1", "d1 is a light square, like b1"},
		{WeakSquare, "", Knight, "b3", "by the king's jumps"},
		{FIDE, "", Knight, "e4", "White has no pieces left in hand."},
	} {
		p := c.v.Start(nil)
		for _, mv := range strings.Fields(c.moves) {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatalf("%s: %v", mv, err)
			}
			p.Apply(m)
		}
		got := p.WhyNoDrop(c.t, c.v.Geometry.SquareByName(c.to))
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: WhyNoDrop(%c, %s) = %q, want %q", p.FEN(), c.v.Letter(MakePiece(White, c.t)), c.to, got, c.want)
		}
	}
}

// TestRoute checks the squares shown for moves that are not one straight line: a Hop Chess
// bounce (from the published sample game: c1-g5(@)-xf6), a pawn's step onto a trampoline,
// a Jumping Knights hop; and none for a plain move.
func TestRoute(t *testing.T) {
	names := func(p *Position, sqs []Square) string {
		var out []string
		for _, s := range sqs {
			out = append(out, p.v.Geometry.Name(s))
		}
		return strings.Join(out, " ")
	}
	hop := HopChess.Start(nil)
	for _, mv := range hopSampleGame[:6] {
		m, err := hop.ParseMove(strings.TrimSuffix(mv, "+"))
		if err != nil {
			t.Fatal(err)
		}
		hop.Apply(m)
	}
	via := HopChess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 5 a4 -")
	step := HopChess.MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 5 e3 -")
	jk := JumpingKnights.MustParseFEN(jkFEN("Ke1 Wb0 Ra5 bb1 ke8"))
	for _, c := range []struct {
		p    *Position
		move string
		want string
	}{
		{hop, "c1f6,e5", "c1 g5 f6"},
		{hop, "c1d2,e5", ""},
		{via, "a1d4,h8", "a1 a4 d4"},
		{step, "e2e3e4,h8", "e2 e3 e4"},
		{jk, "b0b1,b1b4", "b0 b1 b4"},
		{FIDE.Start(nil), "e2e4", ""},
	} {
		m, err := c.p.ParseMove(c.move)
		if err != nil {
			t.Errorf("%s: %v", c.move, err)
			continue
		}
		if got := names(c.p, c.p.Route(m)); got != c.want {
			t.Errorf("Route(%s) = %q, want %q", c.move, got, c.want)
		}
	}
}

// TestCapturedSquare checks the victim's square of a plain capture, en passant and a hop.
func TestCapturedSquare(t *testing.T) {
	for _, c := range []struct {
		v          *Variant
		fen, move  string
		wantSquare string
	}{
		{FIDE, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "d5"},
		{FIDE, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "d5"},
		{FIDE, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4e5", "-"},
		{JumpingKnights, jkFEN("Ke1 Wb0 Ra5 bb1 ke8"), "b0b1,b1b2", "b1"},
	} {
		p := c.v.MustParseFEN(c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.v.Geometry.Name(p.CapturedSquare(m)); got != c.wantSquare {
			t.Errorf("%s %s: captured %s, want %s", c.fen, c.move, got, c.wantSquare)
		}
	}
}

// TestLegend checks the lone pieces' moves: a FIDE knight in the centre has 8, Black
// Hole's king beside the hole 7, Jumping Knights' rook quiet moves stay central and its
// captures jump, a Hop Chess rook moves as a rook; and every variant has an entry per piece.
func TestLegend(t *testing.T) {
	find := func(v *Variant, t PieceType) LegendEntry {
		for _, e := range v.Legend() {
			if e.Type == t {
				return e
			}
		}
		return LegendEntry{}
	}
	if e := find(FIDE, Knight); len(e.Moves) != 8 || FIDE.Geometry.Name(e.From) != "e5" {
		t.Errorf("FIDE knight from %s: %d moves, want 8 from e5", FIDE.Geometry.Name(e.From), len(e.Moves))
	}
	if e := find(FIDE, Pawn); len(e.Moves) != 2 {
		t.Errorf("FIDE pawn on its start rank: %d moves, want 2", len(e.Moves))
	}
	if e := find(Blackhole, King); len(e.Moves) != 7 {
		t.Errorf("Black Hole king on e5 below the hole: %d moves, want 7", len(e.Moves))
	}
	if e := find(HopChess, Rook); len(e.Moves) != 14 {
		t.Errorf("Hop Chess rook: %d moves, want 14", len(e.Moves))
	}
	jr := find(JumpingKnights, Rook)
	if len(jr.Moves) != 14 || len(jr.Captures) == 0 {
		t.Errorf("Jumping Knights rook: %d moves, %d captures; want 14 central moves and some hops", len(jr.Moves), len(jr.Captures))
	}
	for _, sq := range jr.Moves {
		if !JumpingKnights.QuietTarget(sq) {
			t.Errorf("Jumping Knights rook moves quietly to the edge square %s", JumpingKnights.Geometry.Name(sq))
		}
	}
	for _, c := range jr.Captures {
		if c[0] == c[1] {
			t.Errorf("a hop capture lands on its victim %s", JumpingKnights.Geometry.Name(c[0]))
		}
	}
	for _, v := range All {
		if got := len(v.Legend()); got != len(v.Pieces) {
			t.Errorf("%s: %d legend entries for %d pieces", v.Name, got, len(v.Pieces))
		}
	}
}

// TestZones checks the zone data: two weak squares, 36 edge squares, two shelters.
func TestZones(t *testing.T) {
	for _, c := range []struct {
		v     *Variant
		name  string
		count int
		has   string
	}{
		{WeakSquare, "weak", 2, "a1"},
		{JumpingKnights, "edge", 36, "z0"},
		{Blackhole, "shelter", 2, "e12"},
	} {
		if len(c.v.Zones) != 1 || c.v.Zones[0].Name != c.name || len(c.v.Zones[0].Squares) != c.count {
			t.Errorf("%s zones %+v, want one %q of %d squares", c.v.Name, c.v.Zones, c.name, c.count)
			continue
		}
		if !slices.Contains(c.v.Zones[0].Squares, c.v.Geometry.SquareByName(c.has)) {
			t.Errorf("%s zone %s lacks %s", c.v.Name, c.name, c.has)
		}
	}
}

// TestDescribe checks the status lines of the phases and the pass note.
func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		v          *Variant
		fen        string
		status     string
		noteSubstr string
	}{
		{FIDE, "", "White to move", ""},
		{FIDE, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "White to move, in check", ""},
		{WeakSquare, "", "White's king jumps out of its weak square", "rows 2 to 4; the first jump places nothing"},
		{WeakSquare, "*****1/r2b2/3pn1/2k3/1P2P1/2NK1R/R3B1/1*****[BNPrbnpp] w - - 0 5 JJ", "White jumps and places a piece", "rows 2 to 4, and a piece from the hand"},
		{WeakSquare, "*****1/r2b2/3pn1/2k3/1P2P1/2NK1R/R3B1/1*****[BNPrbnpp] b - - 0 5 JJ", "Black jumps and places a piece, in check", "rows 5 to 7, and a piece from the hand"},
		{WeakSquare, "*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ",
			"White's king is stuck: it must pass until Black has placed all its pieces", "passes"},
		// a side that was stuck moves as in chess once the other has placed everything: its
		// hand stays off the board
		{WeakSquare, "*****1/6/2n3/3k2/6/1K4/6/1*****[RRBBNNPPP] w - - 0 5 WM", "White to move", ""},
		{Prechess, "", "White places a piece on its back rank", ""},
		{Prechess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w HAha - 0 9 Kk", "White to move", "Every piece is placed"},
		{Prechess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b HAha - 0 9 Kk", "Black to move", ""},
		{HopChess, "", "White to move (no trampoline on the first turn)", ""},
		{JumpingKnights, jkFEN("Kf1 Pz3 pa4 kf8"), "White to move", "Rule 4: a capture from an edge square to a central square is compulsory now, unless a move gives check: the pawn on z3 can jump a4."},
		{JumpingKnights, "", "White to move", ""},
		{HopChess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 5 a4 -", "White to move, then places the trampoline", ""},
	} {
		fen := c.fen
		if fen == "" {
			fen = c.v.StartFEN
		}
		status, note := c.v.MustParseFEN(fen).Describe()
		if status != c.status || !strings.Contains(note, c.noteSubstr) || (c.noteSubstr == "") != (note == "") {
			t.Errorf("%s: Describe() = %q, %q; want %q and a note with %q", fen, status, note, c.status, c.noteSubstr)
		}
	}
}

// TestWhyIllegalAgreesWithLegalMoves plays random games of every variant and asks
// WhyIllegal about random clicks (a square of the side to move's pieces, or any square,
// then any square): it must give a reason exactly when no legal move goes there, and never
// panic.
func TestWhyIllegalAgreesWithLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range All {
		p := v.Start(rng)
		var ml MoveList
		for ply := 0; ply < 40; ply++ {
			ml.Reset()
			p.LegalMoves(&ml)
			sqs := v.Geometry.Squares()
			for range 12 {
				from := sqs[rng.IntN(len(sqs))]
				if own := p.Pieces(p.SideToMove()); rng.IntN(2) == 0 && len(own) > 0 {
					from = own[rng.IntN(len(own))]
				}
				to := sqs[rng.IntN(len(sqs))]
				if rng.IntN(3) == 0 && ml.Len() > 0 {
					m := ml.At(rng.IntN(ml.Len()))
					if m.From() != NoSquare {
						from, to = m.From(), m.To()
					}
				}
				legal := false
				for _, m := range ml.Moves() {
					legal = legal || p.reaches(m, from, to)
				}
				if why := p.WhyIllegal(from, to); (why == "") != legal {
					t.Fatalf("%s %s %s-%s: legal %v, WhyIllegal %q", v.Name, p.FEN(), v.Geometry.Name(from), v.Geometry.Name(to), legal, why)
				}
			}
			if ml.Len() == 0 {
				break
			}
			p.Apply(ml.At(rng.IntN(ml.Len())))
		}
	}
}

// TestLegendCapturesReadable checks that a legend's hop captures can be read: no square is
// both a victim and a landing (which every square on a rider's line was, when the legend
// listed every victim), each direction shows one victim, and the rook still jumps in all
// four directions with every landing beyond its victim.
func TestLegendCapturesReadable(t *testing.T) {
	for _, e := range JumpingKnights.Legend() {
		victims, landings := map[Square]bool{}, map[Square]bool{}
		for _, c := range e.Captures {
			victims[c[0]] = true
			landings[c[1]] = true
		}
		for sq := range victims {
			if landings[sq] {
				t.Errorf("Jumping Knights %s legend: %s is both a victim and a landing", JumpingKnights.PieceDef(e.Type).Name, JumpingKnights.Geometry.Name(sq))
			}
		}
		if e.Type == Rook {
			if len(victims) != 4 {
				t.Errorf("Jumping Knights rook legend: %d victims, want one per direction (4)", len(victims))
			}
			// from e5 on the 10x10 board: the victim next to it, then every square beyond
			// (e6 jumped: e7, e8, e9; e4: e3 to e0; f5: g5 to i5; d5: c5 to z5).
			if len(landings) != 14 {
				t.Errorf("Jumping Knights rook legend: %d landings, want 14", len(landings))
			}
		}
	}
}
