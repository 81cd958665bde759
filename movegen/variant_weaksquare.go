package movegen

import (
	"fmt"
	"strings"
)

// The Weak Square of the Jumping King (João Pedro Neto), docs/weaksquare.md.
//
// A 38-square board; each side starts with its king on its own weak square and every other
// piece in hand. In its jumping phase a side's king leaps like a knight into its own area and
// leaves a piece from the hand on the square it left (not on the first jump); jumps ignore
// check. Afterwards the game is FIDE chess without queens or castling, but a side may never
// enter its own weak square, wins by entering the opponent's, and promotes pawns to a piece
// from the pool of R, B, N that are off the board.
//
// The data (board, pieces, pawn rows) is FIDE's shape on this board; three capabilities
// carry the rules: legal moves (jumps, passes, the weak squares, the pool), apply (jumps, passes and
// the phase letters) and the outcome (a won weak square). The others read and write the
// phase field, refuse positions no game reaches and accept the placed piece in upper case.

// The phase of one side, Position.Phase, as the FEN's 7th field writes it.
const (
	wsJumping uint8 = 1 // J: the king jumps and places the hand
	wsWaiting uint8 = 2 // W: the king was stuck; its hand never comes on the board
	wsMoving  uint8 = 3 // M: FIDE moves
)

// wsPhaseLetters maps a phase to its FEN letter.
var wsPhaseLetters = [4]byte{wsJumping: 'J', wsWaiting: 'W', wsMoving: 'M'}

// wsBoard is the 38 squares: rows 2-7 whole (a2..f7) plus a1 and f8 alone, drawn in a
// 6x8 box. Knights leap two, so the padding is 2.
var wsBoard = MustGeometry(`
	*****.
	......
	......
	......
	......
	......
	......
	.*****`, "", 1, 2)

// wsPieces has no queen: each side owns K, 2 R, 2 B, 2 N, 3 P.
var wsPieces = []PieceDef{
	{Type: Pawn, Letter: 'P', Name: "pawn"},
	{Type: Knight, Letter: 'N', Name: "knight", Atoms: []Atom{KnightLeap}},
	{Type: Bishop, Letter: 'B', Name: "bishop", Atoms: []Atom{BishopRide}},
	{Type: Rook, Letter: 'R', Name: "rook", Atoms: []Atom{RookRide}},
	{Type: King, Letter: 'K', Name: "king", Atoms: []Atom{Wazir, Ferz}},
}

// wsOwned is how many pieces of each type one side owns in all; the pool of a type is
// what both sides own minus what stands on the board and what jumping sides still hold.
var wsOwned = [NumTypes]int{King: 1, Rook: 2, Bishop: 2, Knight: 2, Pawn: 3}

// wsPlaceable are the hand types a jump may leave behind, in generation order.
var wsPlaceable = [...]PieceType{Rook, Bishop, Knight, Pawn}

var (
	// wsWeak is each side's weak square: entering it is not allowed, the enemy entering it
	// wins. Declared once as the variant's WeakSquares zone; the rules read it from there.
	wsWeak = [2]Square{wsBoard.Square(0, 0), wsBoard.Square(5, 7)}
	// wsArea is the rows (box ranks) a jumping king may land on: 2-4 and 5-7.
	wsArea = [2][2]int{{1, 3}, {4, 6}}
	// wsLeaps are the knight's eight leaps on this board.
	wsLeaps = func() (out [8]Step) {
		for i, s := range symmetric(1, 2) {
			out[i] = wsBoard.Delta(s[0], s[1])
		}
		return out
	}()
)

// WeakSquare is The Weak Square of the Jumping King, the variant called weaksquare.
var WeakSquare = (&Variant{
	Name:     "weaksquare",
	Title:    "The Weak Square of the Jumping King",
	Geometry: wsBoard,
	Pieces:   wsPieces,
	Pawn: PawnRules{
		StartRank:  [2]int{1, 6}, // rows 2 and 7 only: FIDE's double-step rows
		FirstSteps: 2,
		PromoRank:  [2]int{6, 1},                      // row 7 for White, row 2 for Black
		PromoTypes: []PieceType{Rook, Bishop, Knight}, // if the pool holds one
	},
	Castling:          CastlingRules{KingFile: [2]int{-1, -1}, RookFile: [2]int{-1, -1}},
	StartFEN:          "*****k/6/6/6/6/6/6/K*****[RRBBNNPPPrrbbnnppp] w - - 0 1 JJ",
	HandInFEN:         true,
	KingsMayBeInCheck: true, // checks are ignored while a side jumps
	turns:             turnGenerator{legalMoves: wsLegalMoves},
	play:              movePlay{apply: wsApply},
	end:               gameEnd{outcome: wsOutcome},
	fen:               fenFields{parseFields: wsParseFields, formatFields: wsFormatFields, validate: wsValidate},
	parseMove:         wsParseMove,
	explain:           explanations{whyNot: wsWhyNot, describePhase: wsDescribePhase},
	Zones: []Zone{sideZone(WeakSquares, "weak", "The weak squares: a side may not enter its own, and wins by entering the other's",
		wsWeak)},
}).compile()

// wsWon reports whether the side not to move has just entered the weak square of the side
// to move: the game is over.
func wsWon(p *Position) bool {
	return p.cells[p.v.Goal(p.side.Other())].Is(p.side.Other())
}

// wsLegalMoves generates the moves of the phase the side to move is in. A jumping side
// jumps; a side with no jump is stuck and passes while the opponent still jumps; every
// other turn is a FIDE move filtered by the weak squares and the pool.
func wsLegalMoves(p *Position, ml *MoveList) {
	if wsWon(p) {
		return
	}
	us := p.side
	ph := p.phase[us]
	if ph == wsJumping && wsJumps(p, ml) > 0 {
		return
	}
	if ph != wsMoving && p.phase[us.Other()] == wsJumping {
		ml.Add(NewMove(Pass, NoSquare, NoSquare, NoSquare, NoType))
		return
	}
	start := ml.n
	p.genPseudo(ml)
	pool := wsPool(p)
	own := p.v.ZoneSquare(WeakSquares, us)
	n := start
	for _, m := range ml.moves[start:ml.n] {
		if m.To() == own {
			continue // a side never enters its own weak square
		}
		if t := m.Promo(); t != NoType {
			// The pool counts the victim of a promoting capture: it is taken off first.
			avail := pool[t]
			if p.cells[m.To()].Type() == t {
				avail++
			}
			if avail == 0 {
				continue
			}
		}
		ml.moves[n] = m
		n++
	}
	ml.n = n
	p.keepLegal(ml, start)
}

// wsJumps adds the jumping king's moves and returns how many: a knight leap to an empty
// square of its area, with one move per piece type it may leave behind (none on the first
// jump, from the weak square). The second bishop must go on the other colour than the
// first, so a bishop may not go where an own bishop's colour already is. Checks do not
// matter.
func wsJumps(p *Position, ml *MoveList) int {
	us := p.side
	g := p.v.Geometry
	k := p.kings[us]
	if k == NoSquare {
		return 0
	}
	var types [len(wsPlaceable)]PieceType
	nt := 0
	if k != p.v.ZoneSquare(WeakSquares, us) {
		for _, t := range wsPlaceable {
			if p.hand[us][t] == 0 || t == Bishop && wsBishopOn(p, us, g.light[k]) {
				continue
			}
			types[nt] = t
			nt++
		}
		if nt == 0 {
			return 0
		}
	}
	lo, hi := wsArea[us][0], wsArea[us][1]
	added := 0
	for _, d := range wsLeaps {
		to := k + Square(d)
		if p.cells[to] != Empty || int(g.rank[to]) < lo || int(g.rank[to]) > hi {
			continue
		}
		if nt == 0 {
			ml.Add(NewMove(Jump, k, to, NoSquare, NoType))
			added++
			continue
		}
		for _, t := range types[:nt] {
			ml.Add(NewMove(Jump, k, to, Square(t), NoType))
			added++
		}
	}
	return added
}

// wsBishopOn reports whether side c has a bishop on a square of the given colour.
func wsBishopOn(p *Position, c Color, light bool) bool {
	if p.count[c][Bishop] == 0 {
		return false
	}
	bishop := MakePiece(c, Bishop)
	for _, sq := range p.pieces[c][:p.nPieces[c]] {
		if p.cells[sq] == bishop && p.v.Geometry.light[sq] == light {
			return true
		}
	}
	return false
}

// wsPool counts the promotion pool: every rook, bishop and knight of either colour that is
// off the board and not still waiting in the hand of a jumping side (captured, or never
// placed by a stuck king). It is derived from the position, so it needs no state of its
// own.
func wsPool(p *Position) (pool [NumTypes]int) {
	for _, t := range wsPlaceable[:3] {
		n := 2 * wsOwned[t]
		for c := White; c <= Black; c++ {
			n -= int(p.count[c][t])
			if p.phase[c] == wsJumping {
				n -= int(p.hand[c][t])
			}
		}
		pool[t] = n
	}
	return pool
}

// wsApply plays jumps and passes and keeps the phase letters: the jump that places the last
// hand piece starts the moving phase; a jumping side that passes or moves normally was
// stuck and is waiting for good. Jumps and passes leave the fifty-move count alone.
func wsApply(p *Position, m Move) {
	us := p.side
	switch m.Kind() {
	case Jump:
		p.clearEP()
		from := m.From()
		p.relocate(from, m.To())
		if t := m.AuxType(); t != NoType {
			p.setHand(us, t, int(p.hand[us][t])-1)
			p.put(from, MakePiece(us, t))
			if p.hand[us] == [NumTypes]uint8{} {
				p.setPhase(us, wsMoving)
			}
		}
		p.flipSide()
	case Pass:
		p.clearEP()
		if p.phase[us] == wsJumping {
			p.setPhase(us, wsWaiting)
		}
		p.flipSide()
	default:
		if p.phase[us] == wsJumping {
			p.setPhase(us, wsWaiting)
		}
		p.applyStandard(m)
	}
}

// wsOutcome is the win by entering the enemy's weak square; mate, stalemate and the
// fifty-move rule are FIDE's, and there is no draw by material (a bare king can still walk
// onto the weak square).
func wsOutcome(p *Position, legal int) (Outcome, bool) {
	if wsWon(p) {
		winner := p.side.Other()
		return Outcome{WinFor(winner), wsWinReason[winner]}, true
	}
	return Outcome{}, false
}

// wsWinReason says how the game ended, a constant so that judging a position never
// allocates.
var wsWinReason = [2]string{"White reaches the weak square", "Black reaches the weak square"}

// wsParseFields reads the phase field: White's letter then Black's. Without it, a side with
// pieces in hand is jumping and one without is moving.
func wsParseFields(p *Position, fields []string) error {
	if len(fields) > 1 {
		return fmt.Errorf("fen: unexpected field %q after the phases", fields[1])
	}
	if len(fields) == 0 {
		for c := White; c <= Black; c++ {
			p.phase[c] = wsMoving
			if p.hand[c] != [NumTypes]uint8{} {
				p.phase[c] = wsJumping
			}
		}
		return nil
	}
	f := fields[0]
	if len(f) != 2 {
		return fmt.Errorf("fen: phase field %q, want two letters of J, W, M", f)
	}
	for c := White; c <= Black; c++ {
		ph := uint8(strings.IndexByte("?JWM", f[c]))
		if ph == 0 || ph > wsMoving {
			return fmt.Errorf("fen: phase field %q, want two letters of J, W, M", f)
		}
		p.phase[c] = ph
	}
	return nil
}

// wsFormatFields writes the phase field.
func wsFormatFields(p *Position) []string {
	return []string{string([]byte{wsPhaseLetters[p.phase[White]], wsPhaseLetters[p.phase[Black]]})}
}

// wsValidate refuses what no game reaches: a jumping side without a hand or with its king
// outside its area, a moving side with a hand, a waiting side without one, more pieces
// than the sides own, a piece on its own weak square (but a king that has not jumped yet),
// and a won weak square with the winner to move.
func wsValidate(p *Position) error {
	g := p.v.Geometry
	for c := White; c <= Black; c++ {
		inHand, onBoard := 0, 0
		for t := range NumTypes {
			inHand += int(p.hand[c][t])
			if t != King {
				onBoard += int(p.count[c][t])
			}
		}
		if p.hand[c][King] > 0 || p.kings[c] == NoSquare {
			return fmt.Errorf("fen: the %s king must be on the board", c)
		}
		army := wsOwned[Rook] + wsOwned[Bishop] + wsOwned[Knight] + wsOwned[Pawn]
		if onBoard+inHand > army || int(p.count[c][Pawn]+p.hand[c][Pawn]) > wsOwned[Pawn] {
			return fmt.Errorf("fen: %s has more pieces than 2 R, 2 B, 2 N and 3 P", c)
		}
		k, weak := p.kings[c], p.v.ZoneSquare(WeakSquares, c)
		switch p.phase[c] {
		case wsJumping:
			if inHand == 0 {
				return fmt.Errorf("fen: %s is jumping with an empty hand", c)
			}
			if r := int(g.rank[k]); k != weak && (r < wsArea[c][0] || r > wsArea[c][1]) {
				return fmt.Errorf("fen: jumping %s king on %s, outside its area", c, g.Name(k))
			}
		case wsWaiting:
			if inHand == 0 {
				return fmt.Errorf("fen: %s is waiting with an empty hand", c)
			}
		case wsMoving:
			if inHand > 0 {
				return fmt.Errorf("fen: %s is moving with pieces in hand", c)
			}
		}
		if pc := p.cells[weak]; pc.Is(c) && !(pc.Type() == King && p.phase[c] == wsJumping) {
			return fmt.Errorf("fen: %s piece on its own weak square %s", c, g.Name(weak))
		}
		if p.cells[weak].Is(c.Other()) && p.side != c {
			return fmt.Errorf("fen: %s has won on %s but is to move", c.Other(), g.Name(weak))
		}
	}
	for t, n := range wsPool(p) {
		if n < 0 {
			return fmt.Errorf("fen: more than %d %ss on the board and in jumping hands", 2*wsOwned[t], p.v.byType[t].Name)
		}
	}
	return nil
}

// wsParseMove accepts a jump with the placed piece in upper case (c2e3B), as the seed's
// notation writes it without meaning by the case.
func wsParseMove(p *Position, s string) (Move, bool) {
	if n := len(s); n > 4 && s[n-1] >= 'A' && s[n-1] <= 'Z' {
		if m, err := p.ParseMove(s[:n-1] + string(s[n-1]|0x20)); err == nil && m.Kind() == Jump {
			return m, true
		}
	}
	return NullMove, false
}
