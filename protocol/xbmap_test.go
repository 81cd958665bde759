package protocol

import (
	"strconv"
	"strings"
	"testing"

	"varchess/movegen"
)

// geometryVariant is a variant with only a board, enough for the square mapping, which
// needs nothing else; it lets the mapping of boards whose variants are not registered yet
// be tested.
func geometryVariant(t *testing.T, drawing, files string, rankBase int) *movegen.Variant {
	t.Helper()
	g, err := movegen.NewGeometry(drawing, files, rankBase, 2)
	if err != nil {
		t.Fatal(err)
	}
	return &movegen.Variant{Name: "test", Geometry: g}
}

var (
	drawing10x10 = strings.Repeat("..........\n", 10)
	drawing9x13  = "****.****\n" + strings.Repeat(".........\n", 5) + "....*....\n" + strings.Repeat(".........\n", 5) + "****.****\n"
)

// TestXBoardSquares checks the square mapping XBoard 4.9.1 uses on each board shape:
// files always a.. from the left, ranks from 0 on 10-rank boards and from 1 (or from 0
// under -rankOffset 1) on the others.
func TestXBoardSquares(t *testing.T) {
	jk := geometryVariant(t, drawing10x10, "zabcdefghi", 0)
	bh := geometryVariant(t, drawing9x13, "", 0)
	cases := []struct {
		v          *movegen.Variant
		rankOffset int
		native, xb string
	}{
		{movegen.FIDE, 0, "a1", "a1"},
		{movegen.FIDE, 0, "h8", "h8"},
		{movegen.FIDE, 1, "e4", "e3"}, // -rankOffset 1 numbers an 8x8 board from 0
		{jk, 0, "z0", "a0"},           // Jumping Knights: files z..i are a..j, ranks 0..9 as they are
		{jk, 0, "i9", "j9"},
		{jk, 0, "a1", "b1"},
		{jk, 1, "e5", "f5"}, // the offset is not applied to 10-rank boards
		{bh, 0, "e0", "e1"}, // Black Hole: ranks 0..12 are XBoard's 1..13
		{bh, 0, "e12", "e13"},
		{bh, 0, "a1", "a2"},
		{bh, 1, "e12", "e12"}, // unless XBoard runs with -rankOffset 1
		{bh, 1, "e0", "e0"},
	}
	for _, c := range cases {
		b := newXBBoard(c.v, c.rankOffset)
		sq := c.v.Geometry.SquareByName(c.native)
		if sq == movegen.NoSquare {
			t.Fatalf("%s: no native square %s", c.v.Name, c.native)
		}
		if got := b.square(sq); got != c.xb {
			t.Errorf("%s offset %d: %s is XBoard's %s, want %s", c.v.Name, c.rankOffset, c.native, got, c.xb)
		}
		if back := b.squareByName(c.xb); back != sq {
			t.Errorf("%s offset %d: XBoard's %s read back as %s, want %s", c.v.Name, c.rankOffset, c.xb, c.v.Geometry.Name(back), c.native)
		}
	}
	// holes and cells outside the board have no XBoard name that reads back
	b := newXBBoard(bh, 0)
	for _, s := range []string{"e7", "a1", "a14", "j5", "e0", "x3", "e", "3e", "e-1"} {
		if sq := b.squareByName(s); sq != movegen.NoSquare {
			t.Errorf("blackhole: XBoard square %q read as %s, want none", s, bh.Geometry.Name(sq))
		}
	}
}

// TestXBoardMoveKinds writes hand-made moves of every kind the way XBoard reads them, on
// the FIDE board (the text needs only squares and letters), so that the mapping of each kind
// is proven without the variant that plays it.
func TestXBoardMoveKinds(t *testing.T) {
	p := movegen.FIDE.Start(nil)
	g := movegen.FIDE.Geometry
	sq := g.SquareByName
	b := newXBBoard(movegen.FIDE, 0)
	cases := []struct {
		m    movegen.Move
		want string
	}{
		{movegen.NewMove(movegen.Normal, sq("e2"), sq("e4"), 0, movegen.NoType), "e2e4"},
		{movegen.NewMove(movegen.Normal, sq("e7"), sq("e8"), 0, movegen.Queen), "e7e8q"},
		{movegen.NewMove(movegen.EnPassant, sq("e5"), sq("d6"), 0, movegen.NoType), "e5d6"},
		{movegen.NewMove(movegen.Castle, sq("e1"), sq("g1"), sq("h1"), movegen.NoType), "e1g1"},
		{movegen.NewMove(movegen.Drop, 0, sq("b1"), movegen.Square(movegen.Knight), movegen.NoType), "N@b1"},
		{movegen.NewMove(movegen.Jump, sq("a1"), sq("c2"), movegen.Square(movegen.NoType), movegen.NoType), "a1c2"},
		{movegen.NewMove(movegen.Jump, sq("c2"), sq("e3"), movegen.Square(movegen.Bishop), movegen.NoType), "c2e3b"},
		{movegen.NewMove(movegen.Pass, 0, 0, 0, movegen.NoType), "@@@@"},
		{movegen.NewMove(movegen.HopCapture, sq("c3"), sq("e5"), sq("d4"), movegen.NoType), "c3d4,d4e5"},
		{movegen.NewMove(movegen.HopCapture, sq("c6"), sq("e8"), sq("d7"), movegen.Queen), "c6d7,d7e8q"},
		// en passant hop: the first leg ends on the pawn that passed e3 (e4), which XBoard
		// empties (TestXBoardHopEnPassant)
		{movegen.NewMove(movegen.HopEnPassant, sq("d4"), sq("f2"), sq("e3"), movegen.NoType), "d4e4,e4f2"},
	}
	for _, c := range cases {
		got, ok := b.moveText(p, c.m)
		if !ok || got != c.want {
			t.Errorf("kind %d: got %q (ok %v), want %q", c.m.Kind(), got, ok, c.want)
		}
	}
	// Hop Chess turns move two pieces in one ply: XBoard 4.9.1 cannot show them.
	for _, k := range []movegen.MoveKind{movegen.Turn, movegen.TurnViaStep, movegen.TurnCastle, movegen.TurnEnPassant} {
		m := movegen.NewMove(k, sq("e2"), sq("e4"), sq("d5"), movegen.NoType)
		if s, ok := b.moveText(p, m); ok {
			t.Errorf("kind %d written for XBoard as %q; it must be refused", k, s)
		}
	}
	// On the 10x10 board hop captures go out with XBoard's file letters.
	jk := geometryVariant(t, drawing10x10, "zabcdefghi", 0)
	jb := newXBBoard(jk, 0)
	jsq := jk.Geometry.SquareByName
	m := movegen.NewMove(movegen.HopCapture, jsq("g8"), jsq("c0"), jsq("d2"), movegen.NoType)
	// native g8d2,d2c0 (conventions.md): files g, d, c are XBoard's h, e, d
	if got, _ := jb.moveText(nil, m); got != "h8e2,e2d0" {
		t.Errorf("jumpingknights hop capture: got %q, want h8e2,e2d0", got)
	}
}

// TestXBoardCastlingForms reads castling in every form XBoard or a person may send.
func TestXBoardCastlingForms(t *testing.T) {
	p := movegen.FIDE.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	b := newXBBoard(movegen.FIDE, 0)
	for s, want := range map[string]string{"e1g1": "e1g1", "O-O": "e1g1", "o-o": "e1g1", "0-0": "e1g1", "e1h1": "e1g1", "e1c1": "e1c1", "O-O-O": "e1c1", "e1a1": "e1c1"} {
		m, err := b.parseMove(p, s)
		if err != nil || p.MoveText(m) != want {
			t.Errorf("%s: got %v %v, want %s", s, p.MoveText(m), err, want)
		}
	}
	for s, want := range map[string]string{"e1g1;h1": "e1g1", "e1c1;a1": "e1c1"} {
		m, err := b.parseMove(p, s)
		if err != nil || p.MoveText(m) != want {
			t.Errorf("%s: got %v %v, want %s", s, p.MoveText(m), err, want)
		}
	}
	for _, s := range []string{"", "O-O-O-O", "e1", "e1i1", "e1g1q", "@@@@", "K@e2", "e1g1,g1h1", "e1g1;a1", "e1g1;", ";"} {
		if m, err := b.parseMove(p, s); err == nil {
			t.Errorf("%q read as %s, want an error", s, p.MoveText(m))
		}
	}
}

// TestXBoardSetup checks the setup command built from the variant data: the piece table
// (king last in each half, fairy pieces in their XBoard slots), the board size, holdings,
// parent and the start FEN.
func TestXBoardSetup(t *testing.T) {
	b := newXBBoard(movegen.FIDE, 0)
	if got := b.pieceTable(); got != "PNBRQKpnbrqk" {
		t.Errorf("normal piece table %q", got)
	}
	if lines := b.setupLines(movegen.FIDE.Start(nil)); len(lines) != 0 {
		t.Errorf("normal chess needs no setup, got %q", lines)
	}
	for _, v := range movegen.All {
		if v.Name == "normal" || !xbSupported(v) {
			continue
		}
		start := v.Start(nil)
		xb := newXBBoard(v, 0)
		lines := xb.setupLines(start)
		if len(lines) == 0 || !strings.HasPrefix(lines[0], "setup (") {
			t.Errorf("%s: no setup line: %q", v.Name, lines)
			continue
		}
		f := strings.Fields(lines[0])
		table := strings.Trim(f[1], "()")
		half := table[:len(table)/2]
		king := half[len(half)-1] == 'K'
		if xbVariants[v].kingAsMan {
			king = half[len(half)-1] == '.' && half[xbManSlot] == 'K'
		}
		if len(table)%2 != 0 || len(table) < 12 || !king || strings.ToLower(half) != table[len(half):] {
			t.Errorf("%s: bad piece table %q", v.Name, table)
		}
		for _, pt := range pieceTypes(v) {
			if !strings.ContainsRune(half, rune(v.PieceDef(pt).Letter)) {
				t.Errorf("%s: piece %c missing from the table %q", v.Name, v.PieceDef(pt).Letter, table)
			}
		}
		wantSize := strings.Join([]string{strconv.Itoa(v.Geometry.Files), "x", strconv.Itoa(v.Geometry.Ranks), "+"}, "")
		if !strings.HasPrefix(f[2], wantSize) {
			t.Errorf("%s: size %q, want %s...", v.Name, f[2], wantSize)
		}
		if _, err := xb.parseFEN(strings.Join(f[3:], " "), nil); err != nil {
			t.Errorf("%s: the setup FEN does not read back: %v", v.Name, err)
		}
	}
}

// TestXBoardPieceTableSlots checks the slots of fairy pieces with hand-made definitions.
func TestXBoardPieceTableSlots(t *testing.T) {
	nightrider := &movegen.PieceDef{Type: movegen.Knight, Letter: 'N', Atoms: []movegen.Atom{{DF: 1, DR: 2, Rider: true}}}
	marshall := &movegen.PieceDef{Type: movegen.Marshall, Letter: 'M', Atoms: []movegen.Atom{movegen.RookRide, movegen.KnightLeap}}
	if s := xbSlot(nightrider); s != 12 {
		t.Errorf("nightrider slot %d, want 12", s)
	}
	if s := xbSlot(marshall); s != 8 {
		t.Errorf("marshall slot %d, want 8", s)
	}
	if b, ok := betzaOf(marshall); !ok || b != "RN" {
		t.Errorf("marshall Betza %q %v, want RN", b, ok)
	}
	if b, ok := betzaOf(nightrider); !ok || b != "N0" {
		t.Errorf("nightrider Betza %q %v, want N0 (NN would be two knight atoms)", b, ok)
	}
	war := &movegen.PieceDef{Type: movegen.WarMachine, Letter: 'W', Atoms: []movegen.Atom{movegen.Wazir, {DF: 3, DR: 0}}}
	if b, ok := betzaOf(war); !ok || b != "WH" {
		t.Errorf("war machine Betza %q %v, want WH", b, ok)
	}
}

// TestXBoardHighlight writes a highlight board with holes and multi-digit runs.
func TestXBoardHighlight(t *testing.T) {
	jk := geometryVariant(t, drawing10x10, "zabcdefghi", 0)
	b := newXBBoard(jk, 0)
	sq := jk.Geometry.SquareByName
	got := b.highlight(map[movegen.Square]byte{sq("c4"): hlLeg})
	// native c4 is XBoard's d4: the example verified in XBoard 4.9.1 marks d4 cyan
	if want := "10/10/10/10/10/3C6/10/10/10/10"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	bh := geometryVariant(t, drawing9x13, "", 0)
	b = newXBBoard(bh, 0)
	got = b.highlight(map[movegen.Square]byte{bh.Geometry.SquareByName("e0"): hlMove, bh.Geometry.SquareByName("e5"): hlCapture})
	if want := "9/9/9/9/9/9/9/4R4/9/9/9/9/4Y4"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestXBoardFEN writes FENs for XBoard and reads XBoard's back.
func TestXBoardFEN(t *testing.T) {
	b := newXBBoard(movegen.FIDE, 0)
	p := movegen.FIDE.MustParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	if got, want := b.fen(p), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"; got != want {
		t.Errorf("fen %q, want %q", got, want)
	}
	q, err := b.parseFEN(b.fen(p), nil)
	if err != nil || q.FEN() != p.FEN() {
		t.Errorf("read back %v %v", q, err)
	}
	start := movegen.FIDE.Start(nil)
	q, err = b.parseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", start)
	if err != nil || q.Hash() != start.Hash() {
		t.Errorf("start position read as %v %v", q, err)
	}
	for _, bad := range []string{"", "x", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z3 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra"} {
		if _, err := b.parseFEN(bad, nil); err == nil {
			t.Errorf("%q read without error", bad)
		}
	}
}

// TestXBSupported offers XBoard every registered variant whose moves it can show.
func TestXBSupported(t *testing.T) {
	if !xbSupported(movegen.FIDE) {
		t.Error("normal chess must be offered to XBoard")
	}
	if v := movegen.ByName("hopchess"); v != nil && xbSupported(v) {
		t.Error("hopchess must not be offered to XBoard 4.9.1: its turns corrupt XBoard's board")
	}
}

// TestXBoardSetboardAsMove: a setboard one legal move away from the current position is
// that move (XBoard passes on null moves that way), so the game keeps its history.
func TestXBoardSetboardAsMove(t *testing.T) {
	b := newXBBoard(movegen.FIDE, 0)
	p := movegen.FIDE.Start(nil)
	m, ok := b.moveTo(p, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if !ok || p.MoveText(m) != "e2e4" {
		t.Errorf("got %v %v, want e2e4", p.MoveText(m), ok)
	}
	for _, fen := range []string{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/8/8 b - - 0 1", "x"} {
		if m, ok := b.moveTo(p, fen); ok {
			t.Errorf("%q read as the move %s", fen, p.MoveText(m))
		}
	}
}

// TestXBoardHoldings reads the holdings squares XBoard names in lift (seen in XBoard 4.9.1:
// clicking White's knight in hand on an 8x8 board with holdings sent "lift j2").
func TestXBoardHoldings(t *testing.T) {
	b := newXBBoard(movegen.FIDE, 0) // piece table PNBRQK: the knight is the second piece
	cases := []struct {
		s  string
		c  movegen.Color
		pt movegen.PieceType
		ok bool
	}{
		{"j2", movegen.White, movegen.Knight, true},
		{"j1", movegen.White, movegen.Pawn, true},
		{"j6", movegen.White, movegen.King, true},
		{"_8", movegen.Black, movegen.Pawn, true},
		{"_7", movegen.Black, movegen.Knight, true},
		{"_3", movegen.Black, movegen.King, true},
		{"j7", movegen.White, movegen.NoType, false},
		{"i2", movegen.White, movegen.NoType, false},
		{"`2", movegen.White, movegen.NoType, false},
		{"j", movegen.White, movegen.NoType, false},
	}
	for _, c := range cases {
		col, pt, ok := b.holdingPiece(c.s)
		if ok != c.ok || ok && (col != c.c || pt != c.pt) {
			t.Errorf("%s: got %v %v %v, want %v %v %v", c.s, col, pt, ok, c.c, c.pt, c.ok)
		}
	}
}

// TestXBoardBunkerKingMoves: in bunker and prechess the leap is the king's plain from-to
// and castling is two legs, king then rook, which XBoard 4.9.1 applies exactly (the king in
// the Man slot with the castling atom: xbVariant.kingAsMan, verified under Xvfb); each form
// XBoard or a person may send reads back as the same move. King-takes-rook and O-O, which
// XBoard would apply wrongly, are refused from XBoard and kept for other CECP peers.
func TestXBoardBunkerKingMoves(t *testing.T) {
	v := needVariant(t, "bunker")
	b := newXBBoard(v, 0)
	b.gui = true
	for _, c := range []struct {
		fen    string
		native string   // the move in conventions.md text
		xb     string   // what the engine sends to XBoard
		reads  []string // other forms read as the same move
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1 Kk", "e1b1", "e1b1", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1 Kk", "e1g1", "e1g1", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1 Kk", "e1a1", "e1b1,a1c1", []string{"e1a1,a1b1", "e1b1;a1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1 Kk", "e1h1", "e1g1,h1f1", []string{"e1h1,h1g1", "e1g1;h1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R b AHah - 0 1 Kk", "e8a8", "e8b8,a8c8", []string{"e8a8,a8b8"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R b AHah - 0 1 Kk", "e8b8", "e8b8", nil},
		// the king already on its destination: the rook's move alone
		{"4k3/8/8/8/8/8/8/RK5R w AH - 0 1 K", "b1a1", "a1c1", nil},
		// the rook on the king's destination: the king's plain move, which XBoard applies
		// as a swap under bunker's parent nocastle (swapsOwn); the two-leg forms of
		// prechess are read too
		{"5k2/8/8/8/8/8/8/R4KR1 w AG - 0 1 K", "f1g1", "f1g1", []string{"f1g1,g1f1", "f1g1,g1g1"}},
		// the rook already on its destination: it stays
		{"4k3/8/8/8/8/8/8/R3KR2 w AF - 0 1 K", "e1f1", "e1g1,f1f1", []string{"e1g1,f1f1"}},
	} {
		p, err := v.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		var ml movegen.MoveList
		p.LegalMoves(&ml)
		var m movegen.Move
		for _, o := range ml.Moves() {
			if p.MoveText(o) == c.native {
				m = o
			}
		}
		if m == movegen.NullMove {
			t.Errorf("%s: %s is not legal", c.fen, c.native)
			continue
		}
		if got, ok := b.moveText(p, m); !ok || got != c.xb {
			t.Errorf("%s: %s sent as %q, want %q", c.fen, c.native, got, c.xb)
		}
		// a CECP peer that is not XBoard (the match runner) gets the native text
		// a CECP peer that is not XBoard (the match runner) gets and may send the native
		// king-takes-rook; XBoard may not, as it would apply that as a capture
		plain := b
		plain.gui = false
		if got, ok := plain.moveText(p, m); !ok || got != c.native {
			t.Errorf("%s: %s sent to another peer as %q", c.fen, c.native, got)
		}
		if got, err := plain.parseMove(p, c.native); err != nil || got != m {
			t.Errorf("%s: %s from another peer read as %v (%v)", c.fen, c.native, p.MoveText(got), err)
		}
		if m.Kind() == movegen.Castle && c.native != c.xb {
			if got, err := b.parseMove(p, c.native); err == nil {
				t.Errorf("%s: king-takes-rook %s from XBoard read as %s, want an error", c.fen, c.native, p.MoveText(got))
			}
		}
		for _, s := range append([]string{c.xb}, c.reads...) {
			if got, err := b.parseMove(p, s); err != nil || got != m {
				t.Errorf("%s: %q read as %v (%v), want %s", c.fen, s, p.MoveText(got), err, c.native)
			}
		}
	}
	// a leg through a square that is not the rook's is no castling
	p, _ := v.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1 Kk")
	for _, s := range []string{"e1b1,b1c1", "e1b1,h1f1", "e1g1,a1c1", "e1c1,a1d1", "e1b1;c1", "O-O", "O-O-O", "e1h1"} {
		if m, err := b.parseMove(p, s); err == nil {
			t.Errorf("%q read as %s, want an error", s, p.MoveText(m))
		}
	}
}

// TestXBoardBunkerFEN: XBoard keeps no castling rights for a king in the Man slot, so the
// engine sends none and, from a FEN XBoard sends at move 1 (the start of a game), takes
// the rights its back ranks give; later FENs keep none.
func TestXBoardBunkerFEN(t *testing.T) {
	v := needVariant(t, "bunker")
	b := newXBBoard(v, 0)
	start, err := v.ParseFEN("krbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/KRBQRBNN w Ee - 0 1 Kk")
	if err != nil {
		t.Fatal(err)
	}
	if got := b.fen(start); got != "krbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/KRBQRBNN w - - 0 1" {
		t.Errorf("fen for XBoard: %q", got)
	}
	for fen, want := range map[string]string{
		// engine 2 of an XBoard game gets engine 1's array this way
		"krbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/KRBQRBNN w - - 0 1": "krbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/KRBQRBNN w Ee - 0 1 Kk",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1": "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1 Kk",
		// any board at move 1: the rights its back ranks give (bunker.md 2.3)
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBK1BNR w - - 0 1": "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBK1BNR w HAha - 0 1 Kk",
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1":       "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 1 Kk",
		"k1r1r3/pppppppp/8/8/8/8/PPPPPPPP/K1R1R3 w - - 0 1":     "k1r1r3/pppppppp/8/8/8/8/PPPPPPPP/K1R1R3 w Ee - 0 1 Kk",
		// later in a game XBoard cannot say which rights are left: none
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 5": "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 5 Kk",
	} {
		p, err := b.parseFEN(fen, nil)
		if err != nil || p.FEN() != want {
			t.Errorf("%s: read as %v (%v), want %s", fen, p.FEN(), err, want)
		}
	}
}
