package movegen

// Move is one turn of one side, packed into 32 bits so that it can go into the
// transposition table as it is and be printed without a position:
//
//	bits  0- 7  from   origin square (NoSquare for a drop or a pass)
//	bits  8-15  to     destination square (of the king, for castling)
//	bits 16-23  aux    depends on the kind, see MoveKind
//	bits 24-27  promo  piece type a pawn becomes, NoType if none
//	bits 28-31  kind   MoveKind
//
// The zero Move is the null move: no move at all.
type Move uint32

// NullMove is no move.
const NullMove Move = 0

// MoveKind says how to read a Move's squares and aux field.
type MoveKind uint8

const (
	// Normal moves the piece on from to to, capturing whatever enemy stands there, and
	// promotes a pawn when promo is set. Pawn double and triple steps are Normal moves.
	Normal MoveKind = iota
	// Castle moves the king from from to to and the rook standing on aux to the square
	// beside the king's destination.
	Castle
	// EnPassant moves a pawn from from to to, a square the enemy pawn passed over; the
	// captured pawn stands on the position's en passant pawn square.
	EnPassant
	// Drop puts a piece of type aux from the mover's hand on to (a placement).
	Drop
	// Jump is the Weak Square king's knight jump from from to to, leaving a piece of type
	// aux from the hand on from (NoType on the first jump).
	Jump
	// Pass is a turn without a move (a stuck Weak Square king waiting).
	Pass
	// HopCapture moves the piece on from over the enemy piece on aux to to, capturing it
	// (Jumping Knights).
	HopCapture
	// HopEnPassant moves a pawn from from over the passed square aux to to, capturing the
	// pawn on the position's en passant pawn square (Jumping Knights).
	HopEnPassant
	// Turn is a Hop Chess turn: the piece on from ends on to (after any bounces, capturing
	// whatever enemy stands on to), then the mover's trampoline goes to aux (NoSquare on
	// White's first turn).
	Turn
	// TurnViaStep is a Hop Chess turn whose pawn stepped once onto a trampoline and bounced
	// one more step forward: written with the middle square (e2e3e4), unlike the plain
	// double step Turn e2e4.
	TurnViaStep
	// TurnCastle is a Hop Chess castling (king from, king to) followed by the trampoline
	// placement on aux.
	TurnCastle
	// TurnEnPassant is a Hop Chess en passant capture followed by the trampoline placement
	// on aux.
	TurnEnPassant
	numKinds
)

// firstPlacingKind is the first of the kinds whose aux is a placement square (Turn to
// TurnEnPassant: they come last, so that IsPlacingTurn is one comparison).
const firstPlacingKind = Turn

// pieceMoveBits are the fields of a Move that say what its piece does: from, to, promo.
const pieceMoveBits Move = 0x0F00FFFF

// NewMove packs a move.
func NewMove(kind MoveKind, from, to, aux Square, promo PieceType) Move {
	return Move(from) | Move(to)<<8 | Move(aux)<<16 | Move(promo)<<24 | Move(kind)<<28
}

// From is the origin square.
func (m Move) From() Square { return Square(m) }

// To is the destination square.
func (m Move) To() Square { return Square(m >> 8) }

// Aux is the kind-dependent extra square (castling rook, hop victim, passed square,
// trampoline destination).
func (m Move) Aux() Square { return Square(m >> 16) }

// AuxType is the aux field read as a piece type (the dropped or placed piece).
func (m Move) AuxType() PieceType { return PieceType(m >> 16) }

// Promo is the promotion piece type, NoType if none.
func (m Move) Promo() PieceType { return PieceType(m>>24) & 0xF }

// Kind is the move's kind.
func (m Move) Kind() MoveKind { return MoveKind(m >> 28) }

// The parts of a move, for code outside movegen (search, protocol), so that it never reads
// the bits above nor depends on the order of the kinds. A placing turn (Hop Chess's) is made
// of two parts, chosen apart: a piece move, then a placement of the mover's own marker on an
// empty square (the trampoline). One piece move thus comes with as many turns as there are
// squares to place on, which a search groups by piece move (PieceMove) and orders by
// placement (Placement).

// PieceMove says what a move does with its piece, without what it places: the origin, the
// destination and the promotion. Two moves have the same PieceMove when they take the same
// piece from the same square to the same square and promote it alike, whatever they place
// and by whatever route (a pawn's plain double step and its step and bounce off a
// trampoline are one piece move). It is a key to compare and group moves by, not a move to
// play.
type PieceMove uint32

// PieceMove is m's piece move.
func (m Move) PieceMove() PieceMove { return PieceMove(m & pieceMoveBits) }

// IsPlacingTurn reports whether m is a whole turn of a game whose turns end with a
// placement: a piece move followed by the placement of the mover's marker (Hop Chess's
// turns, whose marker is the trampoline). It is a property of the kind of move, true also
// of a turn that places nothing yet (White's first Hop Chess turn, Placement NoSquare).
// Drops and the jumps that leave a hand piece behind place pieces too, but there the square
// is not a choice apart from the move, so they are not placing turns.
func (m Move) IsPlacingTurn() bool { return m.Kind() >= firstPlacingKind }

// Placement is the square where the placing turn m puts the mover's marker, NoSquare when m
// places nothing (White's first Hop Chess turn) or is not a placing turn.
func (m Move) Placement() Square {
	if !m.IsPlacingTurn() {
		return NoSquare
	}
	return m.Aux()
}

// WithPlacement is the placing turn m with its placement on sq instead: the turn made of
// m's piece move and that placement. m must be a placing turn.
func (m Move) WithPlacement(sq Square) Move { return m&^(0xFF<<16) | Move(sq)<<16 }

// MaxMoves bounds the length of a move list: the most moves any position of any variant
// can have. Hop Chess turns (a piece move times a trampoline square) are the widest: about
// 600 in a normal position, a few thousand in the widest we know.
const MaxMoves = 8192

// MoveList is a fixed-size list of moves, so that generating moves never allocates.
type MoveList struct {
	n     int
	moves [MaxMoves]Move
	// scratch is where the legality filter plays moves on a copy: inside the caller's
	// list, so that filtering never allocates.
	scratch Position
	// hop holds Hop Chess's piece moves before their placements are worked out: inside
	// the caller's list, as a local it would be zeroed (8 KB) at every call, which was a
	// seventh of a mate-in-one test's time.
	hop hopPieceMoves
}

// Reset empties the list.
func (ml *MoveList) Reset() { ml.n = 0 }

// Add appends m.
func (ml *MoveList) Add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}

// Len is the number of moves in the list.
func (ml *MoveList) Len() int { return ml.n }

// At is the i-th move.
func (ml *MoveList) At(i int) Move { return ml.moves[i] }

// Set replaces the i-th move.
func (ml *MoveList) Set(i int, m Move) { ml.moves[i] = m }

// Moves is the list as a slice sharing the list's storage.
func (ml *MoveList) Moves() []Move { return ml.moves[:ml.n] }

// Truncate keeps the first n moves.
func (ml *MoveList) Truncate(n int) { ml.n = n }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.moves[:ml.n] {
		if x == m {
			return true
		}
	}
	return false
}
