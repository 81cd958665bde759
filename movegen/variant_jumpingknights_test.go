package movegen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
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
	longDepth   int // the same with PERFT_LONG=1
}{
	{"start", "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1", 3, 4},
	// the sample game after 4...Qd8xd7-d1+: White in check, parried by filling f1
	{"sample", "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5", 3, 4},
	// castling both ways for both sides, en passant on d3 by the c4 and e4 pawns
	{"castle-ep", "2w4w2/1r3k2r1/2p4pp1/6n3/10/3pPpP3/10/2P4PP1/1R3K2R1/2W4W2 b KQkq d3 0 12", 2, 4},
	// Rule 4: War Machines and a Rook on the edge can capture into the centre; checks compete
	{"rule4", "9w/8r1/1n3k4/P9/4p5/R1p7/3B3n2/4P2Q1N/2b2K4/W1W7 w - - 0 20", 3, 4},
	// promotions on rank 8 by steps and on rank 9 by captures, for both sides
	{"promotion", "10/4n1r1K1/5P1P2/10/5k4/10/10/2p5p1/3R3B1W/10 w - - 0 40", 3, 4},
	{"promotion-b", "9K/4n1r3/5P1P2/10/5k4/10/10/2p5p1/3R3B1W/10 b - - 0 40", 2, 4},
	// the first endgame of the rules file: promotion, then a stalemate victory is near
	{"endgame1", "10/10/10/10/10/4k5/3R6/1pK7/10/10 b - - 0 1", 4, 5},
	// the two-Bishops problem: check, a forced edge capture, a stalemate victory
	{"twobishops", "10/10/10/10/3B6/10/10/3KB5/1k8/10 w - - 0 1", 4, 6},
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

// jkSameMoves fails unless movegen's legal moves of p are the oracle's of b, and returns
// the oracle's; path names the moves that led there.
func jkSameMoves(t *testing.T, p *Position, b *oBoard, path string) []oMove {
	t.Helper()
	got := sortedMoves(p)
	ms := b.legal()
	want := make([]string, len(ms))
	for i, m := range ms {
		want[i] = m.text
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("%s after %s: movegen has\n%v\noracle has\n%v", p.FEN(), path, got, want)
	}
	return ms
}

// jkCompareTree walks the legal-move tree of p to depth, comparing at every node the move
// list, the board and check with the oracle, and returns the number of leaves.
func jkCompareTree(t *testing.T, p *Position, b *oBoard, depth int, path string, st *jkStats) uint64 {
	t.Helper()
	st.add(p, b)
	ms := jkSameMoves(t, p, b, "["+path+"]")
	if depth == 1 {
		return uint64(len(ms))
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
// PERFT_LONG=1 goes deeper (depth 4 or more for every position).
func TestJKOracle(t *testing.T) {
	for _, c := range jkPositions {
		t.Run(c.name, func(t *testing.T) {
			depth := c.oracleDepth
			if perftLong {
				depth = c.longDepth
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

// jkFrom is the sorted texts of the legal moves of p that start on square from.
func jkFrom(p *Position, from string) string {
	return strings.Join(movesFrom(sortedMoves(p), from), " ")
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
		checkFENRoundTrip(t, JumpingKnights, fen)
	}
	// KQ names the outermost rook; the right belongs to the rook on the corner.
	p := mustParse(t, JumpingKnights, "4k5/10/10/10/10/10/10/10/RR3K2RR/10 w KQ - 0 1")
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
		if want != "" {
			checkFENError(t, JumpingKnights, fen, want)
		} else if _, err := JumpingKnights.ParseFEN(fen); err != nil {
			t.Errorf("ParseFEN(%q): %v, want it accepted", fen, err)
		}
	}
}

// TestJKQuietMovesEndCentrally: Rule 3, a non-capturing move ends on one of the central 64
// squares; a piece on the edge may leave it, a pawn on the edge file and a War Machine in
// a corner cannot move without capturing; the Nightrider's leap squares must be empty and
// the War Machine's leap ignores the squares it jumps.
func TestJKQuietMovesEndCentrally(t *testing.T) {
	p := mustParse(t, JumpingKnights, "9N/5k4/10/10/R9/3WP5/P9/1P8/5K4/W9 w - - 0 1")
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

// TestJKQuietTarget: the evaluation learns Rule 3's central squares from QuietTarget,
// which must name exactly a1-h8 in Jumping Knights and every square elsewhere.
func TestJKQuietTarget(t *testing.T) {
	g := JumpingKnights.Geometry
	central := 0
	for _, sq := range g.Squares() {
		name := g.Name(sq)
		want := name[0] >= 'a' && name[0] <= 'h' && name[1] >= '1' && name[1] <= '8'
		if got := JumpingKnights.QuietTarget(sq); got != want {
			t.Errorf("QuietTarget(%s) = %v, want %v", name, got, want)
		}
		if want {
			central++
		}
	}
	if central != 64 {
		t.Errorf("%d central squares, want 64", central)
	}
	for _, v := range []*Variant{FIDE, Blackhole} {
		for _, sq := range v.Geometry.Squares() {
			if !v.QuietTarget(sq) {
				t.Errorf("%s: QuietTarget(%s) false", v.Name, v.Geometry.Name(sq))
			}
		}
		if v.QuietTarget(NoSquare) {
			t.Errorf("%s: QuietTarget(NoSquare) true", v.Name)
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
		p := mustParse(t, JumpingKnights, jkSetup(c.pieces, "w - - 0 1"))
		if got := jkPatterns(p, c.from, true); got != sorted(c.want) {
			t.Errorf("%s on %s captures %q, want %q", c.name, c.from, got, sorted(c.want))
		}
	}
	// Kings are never captured: a rook with the king in its line gives check instead.
	p := mustParse(t, JumpingKnights, jkSetup("Rd4 kd2 Ki0", "b - - 0 1"))
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

// TestJKRule4: if a legal capture leads from an edge square to a central one, the player
// must make such a capture or give check.
func TestJKRule4(t *testing.T) {
	// W b0 takes b1 and lands on b2 or b4 (central); the rook checks from e5 or a8.
	p := mustParse(t, JumpingKnights, jkSetup("Ke1 Wb0 Ra5 bb1 ke8", "w - - 0 1"))
	if got, want := strings.Join(sortedMoves(p), " "), sorted("b0b1,b1b2 b0b1,b1b4 a5a8 a5e5"); got != want {
		t.Errorf("Rule 4: legal moves %q, want %q", got, want)
	}
	// Without the forcing capture the rook has all its moves.
	p = mustParse(t, JumpingKnights, jkSetup("Ke1 Wb0 Ra5 ke8", "w - - 0 1"))
	if got := jkFrom(p, "a5"); !strings.Contains(got, "a5a6") || !strings.Contains(got, "a5h5") {
		t.Errorf("no capture from the edge: rook moves %q, want all of them", got)
	}
	// A capture from the edge that lands on the edge does not trigger the rule.
	p = mustParse(t, JumpingKnights, jkSetup("Ke1 Wb0 Ra5 bc0 ke8", "w - - 0 1"))
	if got := sortedMoves(p); len(got) < 20 || !strings.Contains(strings.Join(got, " "), "b0c0,c0d0") {
		t.Errorf("edge-to-edge capture: %v, want every move", got)
	}
	// A capture from the edge that is illegal (the War Machine shields its king from the
	// rook on i7) does not count.
	p = mustParse(t, JumpingKnights, jkSetup("Ki2 Wi4 Ra5 nh4 ri7 ke8", "w - - 0 1"))
	if got := sortedMoves(p); slices.Contains(got, "i4h4,h4g4") || !slices.Contains(got, "a5a6") {
		t.Errorf("pinned edge piece: %v, want no restriction", got)
	}
	// The same position without the black rook: the capture is forced again.
	p = mustParse(t, JumpingKnights, jkSetup("Ki2 Wi4 Ra5 nh4 ke8", "w - - 0 1"))
	if got := sortedMoves(p); slices.Contains(got, "a5a6") || !slices.Contains(got, "i4h4,h4g4") || !slices.Contains(got, "i4h4,h4e4") {
		t.Errorf("Rule 4 unpinned: %v", got)
	}
}

// TestJKCastling: FIDE's castling with the king moving two squares; the square passed is
// tested with the king standing on it and its home square empty.
func TestJKCastling(t *testing.T) {
	p := mustParse(t, JumpingKnights, jkSetup("Ke1 Ra1 Rh1 ke8 ra8 rh8", "w KQkq - 0 1"))
	for _, c := range []struct{ mv, fen string }{
		{"e1g1", jkSetup("Kg1 Rf1 Ra1 ke8 ra8 rh8", "b kq - 1 1")},
		{"e1c1", jkSetup("Kc1 Rd1 Rh1 ke8 ra8 rh8", "b kq - 1 1")},
	} {
		g := NewGame(p)
		if _, err := g.PlayText(c.mv); err != nil {
			t.Fatalf("%s: %v", c.mv, err)
		}
		if got := g.Position().FEN(); got != c.fen {
			t.Errorf("after %s: %s, want %s", c.mv, got, c.fen)
		}
	}
	pb := mustParse(t, JumpingKnights, jkSetup("Ke1 Ra1 Rh1 ke8 ra8 rh8", "b KQkq - 0 1"))
	if got := jkFrom(pb, "e8"); !strings.Contains(got, "e8c8") || !strings.Contains(got, "e8g8") {
		t.Errorf("black castling: %q", got)
	}
	cases := []struct {
		pieces, rights string
		has, hasNot    []string
		why            string
	}{
		{"Ke1 Rh1 Bc1 wi1 ke8", "K", nil, []string{"e1g1"},
			"the War Machine leaps from i1 over f1 to e1, empty once the king stands on f1"},
		{"Ke1 Rh1 Bc1 ke8", "K", []string{"e1g1"}, nil, "the same without the War Machine"},
		{"Ke1 Rh1 ke8 re5", "K", nil, []string{"e1g1"}, "no castling out of check"},
		{"Ke1 Rh1 ke8 rg5", "K", nil, []string{"e1g1"}, "no castling into check"},
		{"Ke1 Rh1 ke8 rf5", "K", nil, []string{"e1g1"}, "no castling through check"},
		{"Ke1 Rh1 Bf0 ke8 rf5", "K", []string{"e1g1"}, nil, "f1 is not attacked: the landing f0 is filled"},
		{"Ke1 Ra1 Bb1 ke8", "Q", nil, []string{"e1c1"}, "b1 must be empty"},
		{"Ke1 Ra1 ke8 rb5", "Q", []string{"e1c1"}, nil, "b1 may be attacked"},
	}
	for _, c := range cases {
		p := mustParse(t, JumpingKnights, jkSetup(c.pieces, "w "+c.rights+" - 0 1"))
		checkMoves(t, c.pieces+" ("+c.why+")", sortedMoves(p), nil, c.has, c.hasNot)
	}
	// A right goes with its rook when the rook is captured on its corner, though the
	// capturer lands elsewhere, and a rook arriving there later does not bring it back.
	g := NewGame(mustParse(t, JumpingKnights, jkSetup("Ke1 Ra1 Rh1 Rb4 bd4 ke8", "b KQ - 0 1")))
	for _, mv := range []string{"d4a1,a1z0", "b4a4", "e8d8", "a4a1"} {
		if _, err := g.PlayText(mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		if f := strings.Fields(g.Position().FEN())[2]; f != "K" {
			t.Fatalf("after %s castling rights %q, want K", mv, f)
		}
	}
}

// TestJKEnPassant: right after a double step the pawn beside may jump over the passed
// square; the landing square must be empty.
func TestJKEnPassant(t *testing.T) {
	g := NewGame(mustParse(t, JumpingKnights, jkSetup("Ka1 Pe2 Pd2 pd4 pf4 kh8", "w - - 0 1")))
	playTexts(t, g, "e2e4")
	p := g.Position()
	if f := strings.Fields(p.FEN())[3]; f != "e3" {
		t.Errorf("en passant field %q, want e3", f)
	}
	got := sortedMoves(p)
	if !slices.Contains(got, "d4e3,e3f2") || slices.Contains(got, "f4e3,e3d2") {
		t.Errorf("after e2e4: %v, want d4e3,e3f2 and not f4e3,e3d2 (d2 is filled)", got)
	}
	playTexts(t, g, "d4e3,e3f2")
	if want := jkSetup("Ka1 Pd2 pf2 pf4 kh8", "w - - 0 2"); g.Position().FEN() != want {
		t.Errorf("after en passant: %s, want %s", g.Position().FEN(), want)
	}
	// Only immediately.
	g = NewGame(mustParse(t, JumpingKnights, jkSetup("Ka1 Pe2 Pd2 pd4 pf4 kh8", "w - - 0 1")))
	playTexts(t, g, "e2e4", "h8h7", "a1a2")
	if slices.Contains(sortedMoves(g.Position()), "d4e3,e3f2") {
		t.Errorf("en passant a move late")
	}
}

// TestJKPromotion: compulsory on rank 8 (a step or a capture from 6) or 9 (a capture from
// 7), Black on 1 or 0, to Q, R, B, N or W.
func TestJKPromotion(t *testing.T) {
	p := mustParse(t, JumpingKnights, jkSetup("Pe7 Kb3 nd8 rf8 kh5", "w - - 0 1"))
	want := "e7d8,d8c9b e7d8,d8c9n e7d8,d8c9q e7d8,d8c9r e7d8,d8c9w e7e8b e7e8n e7e8q e7e8r e7e8w " +
		"e7f8,f8g9b e7f8,f8g9n e7f8,f8g9q e7f8,f8g9r e7f8,f8g9w"
	if got := jkFrom(p, "e7"); got != want {
		t.Errorf("white promotions %q, want %q", got, want)
	}
	p = mustParse(t, JumpingKnights, jkSetup("Pe6 Ka1 nd7 kh5", "w - - 0 1"))
	if got := jkFrom(p, "e6"); got != "e6d7,d7c8b e6d7,d7c8n e6d7,d7c8q e6d7,d7c8r e6d7,d7c8w e6e7" {
		t.Errorf("capture from rank 6: %q", got)
	}
	p = mustParse(t, JumpingKnights, jkSetup("pb2 Nc1 Kh8 kh5", "b - - 0 1"))
	want = "b2b1b b2b1n b2b1q b2b1r b2b1w b2c1,c1d0b b2c1,c1d0n b2c1,c1d0q b2c1,c1d0r b2c1,c1d0w"
	if got := jkFrom(p, "b2"); got != want {
		t.Errorf("black promotions %q, want %q", got, want)
	}
	g := NewGame(p)
	playTexts(t, g, "b2c1,c1d0w")
	if got, want := g.Position().FEN(), jkSetup("Kh8 kh5 wd0", "w - - 0 2"); got != want {
		t.Errorf("after b2c1,c1d0w: %s, want %s", got, want)
	}
}

// jkReplay plays moves from fen; a move text followed by + must give check, by # mate.
func jkReplay(t *testing.T, fen, line string) *Game {
	t.Helper()
	g := NewGame(mustParse(t, JumpingKnights, fen))
	for _, mv := range strings.Fields(line) {
		text := strings.TrimRight(mv, "+#")
		if _, err := g.PlayText(text); err != nil {
			t.Fatalf("%s: %v (legal: %v)", mv, err, sortedMoves(g.Position()))
		}
		p := g.Position()
		if check := strings.ContainsAny(mv, "+#"); p.InCheck() != check {
			t.Errorf("after %s: check %v, want %v", mv, p.InCheck(), check)
		}
		if msg := p.CheckIncrementals(); msg != "" {
			t.Fatalf("after %s: %s", mv, msg)
		}
	}
	return g
}

func jkWantMoves(t *testing.T, g *Game, want string) {
	t.Helper()
	if got := strings.Join(sortedMoves(g.Position()), " "); got != sorted(want) {
		t.Errorf("%s: legal moves %q, want %q", g.Position().FEN(), got, sorted(want))
	}
}

func jkWantOutcome(t *testing.T, g *Game, r Result, reason string) {
	t.Helper()
	checkOutcome(t, g.Position().FEN(), g.Outcome(), r, reason)
}

// TestJKSampleGame replays the sample game of the seed and the rules file.
func TestJKSampleGame(t *testing.T) {
	g := jkReplay(t, JumpingKnights.StartFEN, "g2g3 g8d2,d2c0+")
	// The check is c0 over e1 to g2, emptied by g3; it is parried by taking the checker
	// or by filling g2.
	jkWantMoves(t, g, "b0c0,c0d0 b0c0,c0f0 f1g2")
	g = jkReplay(t, JumpingKnights.StartFEN, "g2g3 g8d2,d2c0+ b0c0,c0f0 d7d5 f1g2 c7c6 d1d5,d5d7+ d8d7,d7d1+")
	if got, want := g.Position().FEN(), "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5"; got != want {
		t.Errorf("after the sample: %s, want %s", got, want)
	}
	// The author's "5.King e1-f1 is the only legal move" overlooks the landing-square
	// blocks: the War Machine and the Bishop may fill f1 (rules file 4.9).
	jkWantMoves(t, g, "e1f1 f0f1 g2f1")
	jkWantOutcome(t, g, Ongoing, "")
}

// TestJKEndgames replays the endgames of the rules file.
func TestJKEndgames(t *testing.T) {
	const eg1 = "10/10/10/10/10/4k5/3R6/1pK7/10/10 b - - 0 1"
	g := jkReplay(t, eg1, "a2a1q")
	jkWantMoves(t, g, "b2c2 b2b3 b2a1,a1z0")
	g = jkReplay(t, eg1, "a2a1q b2a1,a1z0 d4c3,c3b2")
	jkWantMoves(t, g, "")
	jkWantOutcome(t, g, BlackWins, "stalemate victory")
	g = jkReplay(t, eg1, "a2a1q b2c2 a1a2+ c2c1 a2c2#")
	jkWantOutcome(t, g, BlackWins, "checkmate")

	g = jkReplay(t, "10/10/10/10/10/10/10/6k1Kp/10/9W w - - 0 1", "")
	jkWantMoves(t, g, "h2h3")

	const bishops = "10/10/10/10/3B6/10/10/3KB5/1k8/10 w - - 0 1"
	g = jkReplay(t, bishops, "d2c3+")
	jkWantMoves(t, g, "a1a2")
	g = jkReplay(t, bishops, "d2c3+ a1a2 c3a1")
	jkWantMoves(t, g, "a2a1,a1a0")
	g = jkReplay(t, bishops, "d2c3+ a1a2 c3a1 a2a1,a1a0 c5d4")
	jkWantOutcome(t, g, WhiteWins, "stalemate victory")
}

// TestJKGameEnds: Rule 1 and 2 (mate, stalemate draw or victory) and Rule 5 (repetition,
// fifty moves, no draw by material).
func TestJKGameEnds(t *testing.T) {
	cases := []struct {
		pieces, rest string
		result       Result
		reason       string
	}{
		// the two-Bishops finish: Black stalemated on the edge, White's king central
		{"Kc2 Bd4 ka0", "b - - 0 1", WhiteWins, "stalemate victory"},
		// the same with White's king on the edge: a draw
		{"Kc0 Bd4 ka0", "b - - 0 1", Draw, "stalemate"},
		// stalemated with no piece on the edge: a draw
		{"Kc3 Rb8 Bc4 ka1", "b - - 0 1", Draw, "stalemate"},
		// ... but an edge piece of the stalemated side, not only its king, makes it a win
		{"Kc3 Rb8 Bc4 ka1 pz5", "b - - 0 1", WhiteWins, "stalemate victory"},
		// mate
		{"Kc1 Rc3 qc2 kd4", "w - - 0 1", BlackWins, "checkmate"},
		// no draw by material, not even king against king
		{"Kc3 ke6", "w - - 0 1", Ongoing, ""},
		{"Kc3 ke6", "w - - 100 80", Draw, "fifty-move rule"},
	}
	for _, c := range cases {
		g := NewGame(mustParse(t, JumpingKnights, jkSetup(c.pieces, c.rest)))
		jkWantOutcome(t, g, c.result, c.reason)
	}
	g := jkReplay(t, jkSetup("Kc3 ke6", "w - - 0 1"), "c3c4 e6e7 c4c3 e7e6 c3c4 e6e7 c4c3")
	jkWantOutcome(t, g, Ongoing, "")
	g = jkReplay(t, jkSetup("Kc3 ke6", "w - - 0 1"), "c3c4 e6e7 c4c3 e7e6 c3c4 e6e7 c4c3 e7e6")
	jkWantOutcome(t, g, Draw, "threefold repetition")
}

// jkQuickLeaves bounds the perft counts make test checks: the whole table is over 300
// million leaves; PERFT_LONG=1 checks it all.
const jkQuickLeaves = 1_000_000

// TestPerftJumpingKnights checks the pinned perft table (testdata/perft/jumpingknights.epd).
func TestPerftJumpingKnights(t *testing.T) { runPerftTableUpTo(t, JumpingKnights, jkQuickLeaves) }

// jkMirror is the colour-flipped mirror of a FEN: ranks reversed (r to 9-r), colours swapped.
func jkMirror(fen string) string { return colourMirrorFEN(fen, 9) }

// TestJKMirror: the rules are colour-symmetric, so a position and its colour-flipped
// mirror have the same perft.
func TestJKMirror(t *testing.T) {
	for _, c := range jkPositions {
		m := jkMirror(c.fen)
		p, q := mustParse(t, JumpingKnights, c.fen), mustParse(t, JumpingKnights, m)
		if jkMirror(m) != c.fen {
			t.Fatalf("mirror of the mirror of %s is %s", c.fen, jkMirror(m))
		}
		checkSamePerft(t, p, m, q, 3, math.MaxUint64)
	}
}

// TestJKOracleRandomGames plays random games and compares every position's moves, board
// and check with the oracle: deep positions the perft trees do not reach.
func TestJKOracleRandomGames(t *testing.T) {
	games, plies := 12, 160
	if perftLong {
		games = 200
	}
	rng := rand.New(rand.NewPCG(6, 6))
	for gi := 0; gi < games; gi++ {
		p := JumpingKnights.Start(nil)
		b, _ := oParse(p.FEN())
		var path []string
		for ply := 0; ply < plies; ply++ {
			ms := jkSameMoves(t, p, b, fmt.Sprint(path))
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			mv, err := p.ParseMove(m.text)
			if err != nil {
				t.Fatal(err)
			}
			p.Apply(mv)
			b = b.play(m)
			path = append(path, m.text)
			if d := jkSameBoard(p, b); d != "" {
				t.Fatalf("%s after %v: boards differ at %s", p.FEN(), path, d)
			}
			if msg := p.CheckIncrementals(); msg != "" {
				t.Fatalf("%s after %v: %s", p.FEN(), path, msg)
			}
		}
	}
}

// TestJKRandomWalk checks the incremental state and FEN round trips along random games.
func TestJKRandomWalk(t *testing.T) {
	randomWalk(t, JumpingKnights, JumpingKnights.StartFEN, 30, 200, 3)
	randomWalk(t, JumpingKnights, jkPositions[2].fen, 20, 100, 4)
}

// TestJKHotPathDoesNotAllocate: generating and playing moves never touches the heap, in
// positions with castling, en passant, promotions and Rule 4.
func TestJKHotPathDoesNotAllocate(t *testing.T) {
	for _, c := range jkPositions {
		checkGenApplyNoAllocs(t, c.name, mustParse(t, JumpingKnights, c.fen), 50)
	}
}

// TestJKParseMoveForms: the rules file's notation is read as well as the printed form.
func TestJKParseMoveForms(t *testing.T) {
	g := NewGame(JumpingKnights.Start(nil))
	for _, mv := range []string{"Pawn g2-g3", "Ng8xd2-c0+", "b0xc0-f0", "d7-d5", "Bf1-g2", "c7c6", "Qd1xd5-d7 check", "Qd8xd7-d1+"} {
		mv = strings.TrimSuffix(strings.TrimPrefix(mv, "Pawn "), " check")
		if _, err := g.PlayText(mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	if got := strings.Fields(g.Position().FEN())[0]; got != "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2" {
		t.Errorf("sample in the rules' notation ends in %s", got)
	}
	p := mustParse(t, JumpingKnights, jkSetup("Pe7 Ka1 nd8 rf8 kh5", "w - - 0 1"))
	for s, want := range map[string]string{
		"e7-e8=Q": "e7e8q", "e7-e8(W)": "e7e8w", "e7xd8-c9=N": "e7d8,d8c9n", "e7-c9=R": "e7d8,d8c9r",
	} {
		m, err := p.ParseMove(s)
		if err != nil || p.MoveText(m) != want {
			t.Errorf("%s: %v %v, want %s", s, p.MoveText(m), err, want)
		}
	}
	// Ambiguous without the victim: b0 may take c0 or e0 and land on f0 either way.
	p = mustParse(t, JumpingKnights, jkSetup("Ke1 Wb0 bc0 ne0 ke8", "w - - 0 1"))
	for s, ok := range map[string]bool{"b0-f0": false, "b0xc0-f0": true, "b0xe0-f0": true, "e7-e8": false, "e1-e2=Q": false, "e1-": false, "x": false} {
		if _, err := p.ParseMove(s); (err == nil) != ok {
			t.Errorf("%s: error %v, want accepted %v", s, err, ok)
		}
	}
}

// FuzzJKParseMove: no move text crashes the parser, and what it accepts prints back to a
// text that parses to the same move.
func FuzzJKParseMove(f *testing.F) {
	for _, s := range []string{"g8d2,d2c0", "Ng8xd2-c0+", "e7-e8=Q", "b0xc0-f0", "e7xd8-c9(N)", "z0-i9", "a1a10", ""} {
		f.Add(s)
	}
	p := JumpingKnights.MustParseFEN(jkPositions[2].fen)
	f.Fuzz(func(t *testing.T, s string) { checkMoveTextRoundTrip(t, p, s) })
}

// jkUnrestricted lists the moves of p that do not leave the mover's king in check, before
// Rule 4, each played on a copy: the list Rule 4 filters.
func jkUnrestricted(p *Position) []Move {
	var ml MoveList
	jkPseudo(p, &ml)
	us := p.side
	var out []Move
	for _, m := range ml.Moves() {
		q := *p
		q.Apply(m)
		if k := q.kings[us]; k == NoSquare || !q.Attacked(k, us.Other()) {
			out = append(out, m)
		}
	}
	return out
}

// TestJKForcedMoves: ForcedMoves, which the search asks instead of generating the moves,
// says Rule 4 is in force exactly when the moves before Rule 4 hold a capture from the edge
// to the centre; then the legal list keeps those captures and the checks, and no other
// move (a strict subset whenever there was another); otherwise it is the whole list. Over
// random games and the perft positions, and without allocating.
func TestJKForcedMoves(t *testing.T) {
	var scratch, ml MoveList
	forcedSeen, cutSeen := 0, 0
	check := func(p *Position) {
		t.Helper()
		all := jkUnrestricted(p)
		edge := slices.ContainsFunc(all, jkEdgeToCentre)
		forced := p.ForcedMoves(&scratch)
		if forced != edge {
			t.Fatalf("%s: ForcedMoves %v, an edge-to-centre capture among the moves: %v", p.FEN(), forced, edge)
		}
		ml.Reset()
		p.LegalMoves(&ml)
		legal := ml.Moves()
		var want []Move
		for _, m := range all {
			q := *p
			q.Apply(m)
			if !forced || jkEdgeToCentre(m) || q.InCheck() {
				want = append(want, m)
			}
		}
		if !slices.Equal(legal, want) {
			t.Fatalf("%s (forced %v): legal %d moves, want %d", p.FEN(), forced, len(legal), len(want))
		}
		if len(legal) < len(all) && !forced {
			t.Fatalf("%s: Rule 4 cut moves but ForcedMoves says false", p.FEN())
		}
		if forced {
			forcedSeen++
			if len(legal) < len(all) {
				cutSeen++
			}
		}
	}
	for _, c := range jkPositions {
		check(mustParse(t, JumpingKnights, c.fen))
	}
	rng := rand.New(rand.NewPCG(4, 6))
	for g := 0; g < 24; g++ {
		playRandom(JumpingKnights.Start(nil), rng, 160, check)
	}
	// The walk must have met the rule, and cut moves with it, or it proved nothing.
	if forcedSeen < 20 || cutSeen < 10 {
		t.Fatalf("Rule 4 in force %d times, cutting moves %d times: too few to test", forcedSeen, cutSeen)
	}
	t.Logf("Rule 4 in force at %d positions, cutting moves at %d", forcedSeen, cutSeen)
	for _, c := range jkPositions {
		p := mustParse(t, JumpingKnights, c.fen)
		checkNoAllocs(t, c.name+": ForcedMoves", 50, func() { p.ForcedMoves(&scratch) })
	}
	if p := FIDE.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"); p.ForcedMoves(&scratch) {
		t.Fatalf("FIDE: ForcedMoves true")
	}
}
