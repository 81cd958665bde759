package movegen

import (
	"sort"
	"strconv"
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

func jkPos(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := JumpingKnights.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// jkFrom is the sorted texts of the legal moves of p that start on square from.
func jkFrom(p *Position, from string) string {
	var out []string
	for _, s := range jkTexts(p) {
		if strings.HasPrefix(s, from) {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// jkPatterns is the sorted texts of the moves the piece on from makes by its pattern,
// before king safety and Rule 4; captures only if captures is set.
func jkPatterns(p *Position, from string, captures bool) string {
	var ml MoveList
	jkPseudo(p, &ml)
	sq := p.Geometry().SquareByName(from)
	var out []string
	for _, m := range ml.Moves() {
		if m.From() == sq && (!captures || m.Kind() == HopCapture) {
			out = append(out, p.MoveText(m))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func sorted(s string) string {
	f := strings.Fields(s)
	sort.Strings(f)
	return strings.Join(f, " ")
}

func TestJKFENRoundTrip(t *testing.T) {
	fens := []string{
		JumpingKnights.StartFEN,
		// the FEN of the rules file after the sample's fourth move
		"2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5",
		// the endgames of the rules file
		"10/10/10/10/10/4k5/3R6/1pK7/10/10 b - - 0 1",
		"10/10/10/10/10/10/10/6k1Kp/10/9W w - - 0 1",
		"10/10/10/10/3B6/10/10/3KB5/1k8/10 w - - 0 1",
		"2w4w2/1rnbqkbnr1/1pppp1ppp1/10/5p4/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w Kq e6 0 2",
	}
	for _, c := range jkPositions {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		p := jkPos(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("round trip: got %q, want %q", got, fen)
		}
		if msg := p.CheckIncrementals(); msg != "" {
			t.Errorf("%s: %s", fen, msg)
		}
	}
	// KQ names the outermost rook; the right belongs to the rook on the corner.
	p := jkPos(t, "4k5/10/10/10/10/10/10/10/RR3K2RR/10 w KQ - 0 1")
	if p.CastleRook(White, 0) != p.Geometry().SquareByName("a1") || p.CastleRook(White, 1) != p.Geometry().SquareByName("h1") {
		t.Errorf("castling rooks %s %s, want a1 h1", p.Geometry().Name(p.CastleRook(White, 0)), p.Geometry().Name(p.CastleRook(White, 1)))
	}
}

func TestJKFENErrors(t *testing.T) {
	bad := map[string]string{
		"2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1 w KQkq - 0 1": "ranks",
		"4k5/10/10/10/10/10/10/10/10/4K5 w K - 0 1":                                  "castling",
		"4k5/10/10/10/10/10/10/10/5K1R2/10 w K - 0 1":                                "castling needs",
		"4k4P/10/10/10/10/10/10/10/4K5/10 w - - 0 1":                                 "promotion rank",
		"4k5/10/10/10/10/10/10/10/p3K5/10 w - - 0 1":                                 "promotion rank",
		"10/4k5/10/10/10/10/10/10/4K5/4r5 w - - 0 1":                                 "",
		"10/10/10/10/10/4R5/10/4k5/10/9K w - - 0 1":                                  "not to move is in check",
		"10/10/10/10/10/10/10/4R5/10/4k4K w - e3 0 1":                                "en passant",
		"10/10/10/10/10/10/10/10/10/4k4K w - - 0 1 x":                                "unexpected field",
	}
	for fen, want := range bad {
		_, err := JumpingKnights.ParseFEN(fen)
		if want == "" {
			if err != nil {
				t.Errorf("ParseFEN(%q): %v, want it accepted", fen, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFEN(%q) = %v, want an error about %q", fen, err, want)
		}
	}
}

// TestJKQuietMovesEndCentrally: Rule 3, a non-capturing move ends on one of the central 64
// squares; a piece on the edge may leave it, a pawn on the edge file and a War Machine in
// a corner cannot move without capturing; the Nightrider's leap squares must be empty and
// the War Machine's leap ignores the squares it jumps.
func TestJKQuietMovesEndCentrally(t *testing.T) {
	p := jkPos(t, "9N/5k4/10/10/R9/3WP5/P9/1P8/5K4/W9 w - - 0 1")
	cases := map[string]string{
		"z5": "z5a5 z5b5 z5c5 z5d5 z5e5 z5f5 z5g5 z5h5",
		"z0": "",
		"z3": "",
		"a2": "a2a3 a2a4",
		"i9": "i9h7 i9g5 i9f3 i9g8 i9e7 i9c6 i9a5", // e1 blocks the h7 line; e8 is not on a line
		"c4": "c4c1 c4c3 c4c5 c4c7 c4b4 c4f4",
	}
	for from, want := range cases {
		if got := jkFrom(p, from); got != sorted(want) {
			t.Errorf("moves from %s: %q, want %q", from, got, sorted(want))
		}
	}
}

// jkSetup writes the FEN of a position given as pieces on squares ("Ke1 ke8 Wb0", upper
// case White) and the fields after the board ("w - - 0 1").
func jkSetup(pieces, rest string) string {
	var board [10][10]byte
	for _, tok := range strings.Fields(pieces) {
		f := strings.IndexByte(oFiles, tok[1])
		r := int(tok[2] - '0')
		board[r][f] = tok[0]
	}
	var b strings.Builder
	for r := 9; r >= 0; r-- {
		empty := 0
		for f := 0; f < 10; f++ {
			if board[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(board[r][f])
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String() + " " + rest
}

// TestJKCapturePatterns: Rule 3, every capture hops over one enemy piece to an empty square
// beyond, by each piece's own pattern. Patterns, before king safety and Rule 4.
func TestJKCapturePatterns(t *testing.T) {
	cases := []struct{ name, pieces, from, want string }{
		// King: Ferz and Wazir captures; b4 blocks the landing beyond c4; c3 is a friend.
		{"king", "Kd4 pe5 pd5 pc4 pb4 pe3 Pc3 ki9", "d4",
			"d4d5,d5d6 d4e5,e5f6 d4e3,e3f2"},
		// Pawn: forward Ferz captures only; f6 is occupied, so e5 cannot be taken.
		{"pawn", "Pd4 nc5 ne5 nf6 nc3 ne3 Ka1 ki9", "d4",
			"d4c5,c5b6"},
		// Bishop: any landing beyond, edge squares included; never over a second piece.
		{"bishop", "Bd4 pf6 pc5 pa7 Pe3 na1 Kh1 ki5", "d4",
			"d4f6,f6g7 d4f6,f6h8 d4f6,f6i9 d4c5,c5b6 d4a1,a1z0"},
		// Rook: e4 cannot be taken (f4 is a friend), z4 has nothing beyond it.
		{"rook", "Rd4 pd6 pe4 Pf4 pd3 pz4 Kh1 ki5", "d4",
			"d4d6,d6d7 d4d6,d6d8 d4d6,d6d9 d4d3,d3d2 d4d3,d3d1 d4d3,d3d0"},
		{"queen", "Qd4 pf6 pd6 Kh1 ki5", "d4",
			"d4d6,d6d7 d4d6,d6d8 d4d6,d6d9 d4f6,f6g7 d4f6,f6h8 d4f6,f6i9"},
		// Nightrider: on its line, leap squares empty before and after the victim; the
		// squares between leap squares (b2, c2) do not matter; f3 blocks the d2 capture.
		{"nightrider", "Nb1 Pb2 Pc2 pd5 pd2 Pf3 pz2 Kh1 ki5", "b1",
			"b1d5,d5e7 b1d5,d5f9"},
		// War Machine: approach by 1 or 3 and continue by 1 or 3, jumped squares ignored;
		// a4 is two squares away and z4 has nothing beyond.
		{"war machine", "Wc4 pd4 pf4 Pc5 pc7 nc1 pz4 pa4 Kh1 ki5", "c4",
			"c4d4,d4e4 c4d4,d4g4 c4f4,f4g4 c4f4,f4i4 c4c7,c7c8 c4c1,c1c0"},
	}
	for _, c := range cases {
		p := jkPos(t, jkSetup(c.pieces, "w - - 0 1"))
		if got := jkPatterns(p, c.from, true); got != sorted(c.want) {
			t.Errorf("%s on %s captures %q, want %q", c.name, c.from, got, sorted(c.want))
		}
	}
	// Kings are never captured: a rook with the king in its line gives check instead.
	p := jkPos(t, jkSetup("Rd4 kd2 Ki0", "b - - 0 1"))
	p.side = White
	if got := jkPatterns(p, "d4", true); got != "" {
		t.Errorf("rook over the king: captures %q, want none", got)
	}
}

// TestJKCheck: check is a capture pattern over the king to an empty landing square.
func TestJKCheck(t *testing.T) {
	cases := []struct {
		pieces string
		check  bool
		why    string
	}{
		{"Kd2 rd4 ki0", true, "rook over d2 to d1"},
		{"Kd2 rd4 Bd1 ki0", false, "the landing square d1 is filled"},
		{"Kd2 rd4 Bd0 ki0", true, "the rook may land on d1 when d0 is filled"},
		{"Kd4 wd7 ki0", true, "War Machine approaches by 3, lands 1 behind (d3)"},
		{"Kd4 wd7 Pd3 ki0", true, "... or 3 behind (d1) when d3 is filled"},
		{"Kd4 wd7 Pd3 Bd1 ki0", false, "both landing squares filled"},
		{"Kd4 wd7 kd6 Pd3 Bi0", true, "the War Machine leaps over its own king and over d5"},
		{"Kd4 wd5 Pd3 Bd1 ki0", false, "approach by 1, both landing squares filled"},
		{"Kd4 wd6 ki0", false, "a War Machine two squares away"},
		{"Kd4 ke4 Pc4 pf4", false, "kings side by side, the squares beyond filled"},
		{"Ke3 pd4 ki0", true, "pawn capture pattern over the king (d4 over e3 to f2)"},
		{"Ke3 Pf2 pd4 ki0", false, "... parried by filling f2"},
		{"Ke5 pd4 ki0", false, "a pawn's pattern goes forward only"},
		{"Ke1 nc5 ki0", false, "nightrider c5, d3, e1: the landing square is off the board"},
		{"Ke2 nc6 ki0", true, "nightrider c6, d4, over e2 to f0"},
		{"Ke2 nc6 Pd4 ki0", false, "nightrider blocked on its leap square d4"},
		{"Ke2 nc6 Pd5 Pd3 ki0", true, "squares between leap squares do not matter"},
		{"Ke2 nc6 Bf0 ki0", false, "nightrider's landing square f0 filled"},
	}
	for _, c := range cases {
		fen := jkSetup(c.pieces, "w - - 0 1")
		p, err := JumpingKnights.ParseFEN(fen)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if p.InCheck() != c.check {
			t.Errorf("%s (%s): in check %v, want %v", c.pieces, c.why, p.InCheck(), c.check)
		}
	}
	// Kings side by side with an empty square beyond each check each other: the side not
	// to move would be in check, so the position cannot arise.
	if _, err := JumpingKnights.ParseFEN(jkSetup("Kd4 ke4", "w - - 0 1")); err == nil {
		t.Errorf("kings side by side with empty squares beyond: accepted, want an error")
	}
}
