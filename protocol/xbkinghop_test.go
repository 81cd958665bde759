package protocol

import (
	"os"
	"strings"
	"testing"

	"varchess/movegen"
)

// TestXBoardKingHopAlongRank: a king's hop capture along its rank goes to XBoard as the
// plain king move (XBoard 4.9.1 castles every king move of two files, see
// kingHopAlongRank), is read back in that form and in two legs; from an edge file, up or
// down a file, and for any other piece it stays two legs.
func TestXBoardKingHopAlongRank(t *testing.T) {
	v := needVariant(t, "jumpingknights")
	b := newXBBoard(v, 0)
	cases := []struct {
		fen, native, want string
	}{
		// e1xf1-g1 (native) is XBoard's f1 over g1 to h1; the rook on h1 (XBoard i1) is the
		// piece XBoard's castling moved when the hop came in two legs.
		{"10/5k4/10/10/10/10/10/10/5Kr1R1/10 w - - 0 1", "e1f1,f1g1", "f1h1"},
		{"10/5k4/10/10/10/10/10/10/R2rK5/10 w - - 0 1", "d1c1,c1b1", "e1c1"},
		{"10/5k4/10/10/10/10/10/10/Kr8/10 w - - 0 1", "z1a1,a1b1", "a1b1,b1c1"},     // from the z edge file
		{"10/5k4/10/10/10/10/10/10/8rK/10 w - - 0 1", "i1h1,h1g1", "j1i1,i1h1"},     // from the i edge file
		{"10/5k4/10/10/10/10/10/5r4/5K4/10 w - - 0 1", "e1e2,e2e3", "f1f2,f2f3"},    // along a file
		{"10/5k4/10/10/10/10/10/10/2R1n1K3/10 w - - 0 1", "b1d1,d1e1", "c1e1,e1f1"}, // a rook's hop
		{"10/5kR1r1/10/10/10/10/10/10/5K4/10 b - - 0 1", "e8f8,f8g8", "f8h8"},       // Black's king
	}
	for _, c := range cases {
		p, err := b.parseFEN(c.fen, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := p.ParseMove(c.native)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.fen, c.native, err)
		}
		if m.Kind() != movegen.HopCapture {
			t.Fatalf("%s: %s is kind %d, not a hop capture", c.fen, c.native, m.Kind())
		}
		got, ok := b.moveText(p, m)
		if !ok || got != c.want {
			t.Errorf("%s: %s written %q, want %q", c.fen, c.native, got, c.want)
		}
		for _, s := range []string{c.want, b.hopLegs(m)} {
			if r, err := b.parseMove(p, s); err != nil || r != m {
				t.Errorf("%s: %q read as %v (%v), want %s", c.fen, s, r, err, c.native)
			}
		}
	}
}

// xbModel is XBoard 4.9.1's own board as its ApplyMove changes it with legality testing
// off, for the move forms our engine sends: the kill square of a two-leg move is emptied
// first; a king move of two or more files along a rank, from a file that is not an edge
// file, is castling: the nearest piece beyond the king in that direction goes onto the
// square next to the king's destination (written there first, then its old square is
// emptied); anything else moves the piece from-to, a promotion letter replacing it. Each
// rule was seen in XBoard 4.9.1 with a scripted engine (the PGN and a later move that XBoard
// accepted or ruled a forfeit).
type xbModel struct {
	files, ranks int
	cell         [][]byte // [rank][file], '.' empty
}

func newXBModel(t *testing.T, p *movegen.Position) *xbModel {
	g := p.Geometry()
	x := &xbModel{files: g.Files, ranks: g.Ranks}
	x.cell = make([][]byte, g.Ranks)
	for r := range x.cell {
		x.cell[r] = []byte(strings.Repeat(".", g.Files))
	}
	for _, sq := range g.Squares() {
		if pc := p.At(sq); pc.IsPiece() {
			x.cell[g.Rank(sq)][g.File(sq)] = p.Variant().Letter(pc)
		}
	}
	return x
}

// sq reads an XBoard square of the 10x10 board (files a..j, ranks 0..9).
func (x *xbModel) sq(t *testing.T, s string) (f, r int) {
	if len(s) != 2 || s[0] < 'a' || int(s[0]-'a') >= x.files || s[1] < '0' || int(s[1]-'0') >= x.ranks {
		t.Fatalf("bad XBoard square %q", s)
	}
	return int(s[0] - 'a'), int(s[1] - '0')
}

func (x *xbModel) apply(t *testing.T, move string) {
	fx, fy, tx, ty := 0, 0, 0, 0
	promo := byte(0)
	if first, second, ok := strings.Cut(move, ","); ok {
		fx, fy = x.sq(t, first[:2])
		kx, ky := x.sq(t, first[2:4])
		tx, ty = x.sq(t, second[2:4])
		if len(second) > 4 {
			promo = second[4]
		}
		x.cell[ky][kx] = '.'
	} else {
		fx, fy = x.sq(t, move[:2])
		tx, ty = x.sq(t, move[2:4])
		if len(move) > 4 {
			promo = move[4]
		}
	}
	piece := x.cell[fy][fx]
	x.cell[fy][fx] = '.'
	if (piece == 'K' || piece == 'k') && fy == ty && (tx-fx > 1 || fx-tx > 1) && fx != 0 && fx != x.files-1 {
		dir := 1
		if tx < fx {
			dir = -1
		}
		rook := fx + dir
		for rook+dir >= 0 && rook+dir < x.files && x.cell[fy][rook] == '.' {
			rook += dir
		}
		x.cell[ty][tx-dir] = x.cell[fy][rook]
		x.cell[fy][rook] = '.'
	}
	if promo != 0 {
		piece = promo
		if piece >= 'a' && piece <= 'z' && (fy < ty) {
			piece -= 'a' - 'A'
		}
	}
	x.cell[ty][tx] = piece
}

// relay is how XBoard 4.9.1 passes move, about to be applied to the model's board, to the
// other engine: as it came, except a two-leg move whose first leg ends on an empty square
// or on a piece of the mover's colour (XBoard counts an empty square as Black's), which it
// takes for castling and sends as from-to, kill square to the square beside the
// destination (its SendMoveToProgram; seen when a black pawn's e4f3,f3g2 reached White as
// e4g2,f3f2).
func (x *xbModel) relay(t *testing.T, move string) string {
	first, second, ok := strings.Cut(move, ",")
	if !ok {
		return move
	}
	fx, fy := x.sq(t, first[:2])
	kx, ky := x.sq(t, first[2:4])
	white := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	if white(x.cell[ky][kx]) != white(x.cell[fy][fx]) {
		return move
	}
	to, promo := second[2:4], second[4:]
	side := byte(0) // XBoard: the destination's file, plus one if from is right of kill, else minus one
	if fx > kx {
		side = 1
	}
	beside := string([]byte{to[0] + side - (1 - side), to[1]})
	return first[:2] + to + "," + first[2:4] + beside + promo
}

// same reports the first square on which the model and p disagree, "" if none.
func (x *xbModel) same(p *movegen.Position) string {
	y := newXBModel(nil, p)
	for r := range x.cell {
		for f := range x.cell[r] {
			if x.cell[r][f] != y.cell[r][f] {
				return string(rune('a'+f)) + string(rune('0'+r)) + ": XBoard " + string(x.cell[r][f]) + ", engine " + string(y.cell[r][f])
			}
		}
	}
	return ""
}

// TestXBoardKingHopForfeitGame replays the jumpingknights game XBoard ruled a forfeit
// (testdata/xboard/jk-king-hop-forfeit.moves) on our board and on a model of XBoard's. With
// the moves as the engines sent them then, the boards part at White's king hop f1g1,g1h1
// (XBoard's castling moved the rook i1 to g1), which made the last move i1h1 "invalid".
// With the moves as moveText writes them now (that hop as f1h1) they agree to the end.
func TestXBoardKingHopForfeitGame(t *testing.T) {
	v := needVariant(t, "jumpingknights")
	b := newXBBoard(v, 0)
	data, err := os.ReadFile("testdata/xboard/jk-king-hop-forfeit.moves")
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			moves = append(moves, l)
		}
	}
	for _, now := range []bool{false, true} {
		p := v.Start(nil)
		x := newXBModel(t, p)
		parted := -1
		for i, s := range moves {
			m, err := b.parseMove(p, s)
			if err != nil {
				t.Fatalf("ply %d: %s: %v", i+1, s, err)
			}
			sent := s
			if now {
				sent, _ = b.moveText(p, m)
			}
			x.apply(t, sent)
			p = copyApply(p, m)
			if d := x.same(p); d != "" && parted < 0 {
				parted = i + 1
				t.Logf("now=%v: boards part at ply %d (%s sent as %s): %s", now, parted, s, sent, d)
			}
		}
		switch {
		case now && parted >= 0:
			t.Errorf("the moves as written now still part XBoard's board from ours at ply %d", parted)
		case !now && parted != 73:
			t.Errorf("the moves as sent then part the boards at ply %d, want 73 (the king hop f1g1,g1h1)", parted)
		}
	}
}

// copyApply returns the position after m, leaving p as it was.
func copyApply(p *movegen.Position, m movegen.Move) *movegen.Position {
	q := *p
	q.Apply(m)
	return &q
}
