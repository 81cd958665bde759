package movegen

// MaxPieces bounds the pieces of one side on the board (a position and the evaluation size
// their arrays by it).
const MaxPieces = 32

// Position is a game state of one variant. It is a flat value with no pointers but its
// variant, so copying it is one memmove: the search and perft play moves by copying the
// position and applying the move to the copy (copy-make), and every rule is written once,
// forwards only.
type Position struct {
	v       *Variant
	cells   [maxCells]Piece
	side    Color
	kings   [2]Square // NoSquare while a king is still in the hand (Pre-chess)
	pieces  [2][MaxPieces]Square
	nPieces [2]uint8
	count   [2][NumTypes]uint8 // pieces of each type on the board
	present [2]uint16          // set of the types with a count above zero, for quick attack tests
	hand    [2][NumTypes]uint8 // pieces not yet placed (Weak Square, Pre-chess)

	castleRook [2][2]Square // [colour][0: towards file a, 1: towards the last file]
	ep         [2]Square    // squares the last double or triple step passed, nearest the start first
	epPawn     Square       // the pawn that made that step
	epHashed   bool         // whether ep is in the hash: only when an en passant capture may follow
	bunker     [2]bool      // the once-per-game bunker leap is still available
	phase      [2]uint8     // Weak Square phase of each side
	tramp      [2]Square    // Hop Chess trampolines, NoSquare while off the board

	halfmove int32 // plies since the last capture, pawn move or placement
	fullmove int32 // starts at 1, grows after Black's turn
	hash     uint64
}

// Variant is the game p is a position of.
func (p *Position) Variant() *Variant { return p.v }

// Geometry is the board of p's variant.
func (p *Position) Geometry() *Geometry { return p.v.Geometry }

// At is the content of cell sq.
func (p *Position) At(sq Square) Piece { return p.cells[sq] }

// SideToMove is the side whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// King is the square of c's king, NoSquare if it is not on the board.
func (p *Position) King(c Color) Square { return p.kings[c] }

// Pieces lists the squares of c's pieces on the board (kings included), in no set order.
func (p *Position) Pieces(c Color) []Square { return p.pieces[c][:p.nPieces[c]] }

// Count is the number of c's pieces of type t on the board.
func (p *Position) Count(c Color, t PieceType) int { return int(p.count[c][t]) }

// Hand is the number of c's pieces of type t not yet placed.
func (p *Position) Hand(c Color, t PieceType) int { return int(p.hand[c][t]) }

// CastleRook is the square of the rook with which c may still castle on side s (0 towards
// the a-file, 1 towards the last file), NoSquare if there is no such right.
func (p *Position) CastleRook(c Color, s int) Square { return p.castleRook[c][s] }

// EnPassant lists the squares the last double or triple pawn step passed over.
func (p *Position) EnPassant() []Square {
	switch {
	case p.ep[0] == NoSquare:
		return nil
	case p.ep[1] == NoSquare:
		return p.ep[:1]
	}
	return p.ep[:2]
}

// EnPassantPawn is the square of the pawn that made the last double or triple step.
func (p *Position) EnPassantPawn() Square { return p.epPawn }

// BunkerRight reports whether c may still make the bunker leap.
func (p *Position) BunkerRight(c Color) bool { return p.bunker[c] }

// Phase is c's Weak Square phase.
func (p *Position) Phase(c Color) uint8 { return p.phase[c] }

// Trampoline is the square of c's Hop Chess trampoline, NoSquare while off the board.
func (p *Position) Trampoline(c Color) Square { return p.tramp[c] }

// HalfmoveClock counts the plies since the last capture, pawn move or placement.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber starts at 1 and grows after each of Black's turns.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Hash is the position's Zobrist key, kept up to date by every change.
func (p *Position) Hash() uint64 { return p.hash }

// put places pc on the empty square sq.
func (p *Position) put(sq Square, pc Piece) {
	c, t := pc.Color(), pc.Type()
	p.cells[sq] = pc
	p.hash ^= zobrist.piece[pc][sq]
	p.pieces[c][p.nPieces[c]] = sq
	p.nPieces[c]++
	p.count[c][t]++
	p.present[c] |= typeBit(t)
	if t == King {
		p.kings[c] = sq
	}
}

// remove takes the piece off sq and returns it.
func (p *Position) remove(sq Square) Piece {
	pc := p.cells[sq]
	c, t := pc.Color(), pc.Type()
	p.cells[sq] = Empty
	p.hash ^= zobrist.piece[pc][sq]
	list := &p.pieces[c]
	last := p.nPieces[c] - 1
	for i := uint8(0); i <= last; i++ {
		if list[i] == sq {
			list[i] = list[last]
			break
		}
	}
	p.nPieces[c] = last
	p.count[c][t]--
	if p.count[c][t] == 0 {
		p.present[c] &^= typeBit(t)
	}
	if t == King {
		p.kings[c] = NoSquare
	}
	return pc
}

// relocate moves the piece on from to the empty square to.
func (p *Position) relocate(from, to Square) {
	pc := p.cells[from]
	c := pc.Color()
	p.cells[from] = Empty
	p.cells[to] = pc
	p.hash ^= zobrist.piece[pc][from] ^ zobrist.piece[pc][to]
	list := &p.pieces[c]
	for i := range list[:p.nPieces[c]] {
		if list[i] == from {
			list[i] = to
			break
		}
	}
	if pc.Type() == King {
		p.kings[c] = to
	}
}

// setCastle sets c's castling right on side s to the rook on sq (NoSquare: none).
func (p *Position) setCastle(c Color, s int, sq Square) {
	p.hash ^= zobrist.castle[c][p.castleRook[c][s]] ^ zobrist.castle[c][sq]
	p.castleRook[c][s] = sq
}

// loseCastlingOn drops every castling right whose rook stood on sq (the rook moved or was
// captured there).
func (p *Position) loseCastlingOn(sq Square) {
	if p.castleRook == [2][2]Square{} { // no right left (NoSquare is 0): one test per move
		return
	}
	for c := range p.castleRook {
		for s := range p.castleRook[c] {
			if p.castleRook[c][s] == sq {
				p.setCastle(Color(c), s, NoSquare)
			}
		}
	}
}

// loseKingRights drops c's castling rights and bunker leap: its king moved.
func (p *Position) loseKingRights(c Color) {
	for s := range p.castleRook[c] {
		if p.castleRook[c][s] != NoSquare {
			p.setCastle(c, s, NoSquare)
		}
	}
	p.setBunker(c, false)
}

// clearEP forgets the last double step.
func (p *Position) clearEP() {
	if p.epHashed {
		p.hash ^= zobrist.ep[p.ep[0]] ^ zobrist.ep[p.ep[1]]
		p.epHashed = false
	}
	p.ep = [2]Square{}
	p.epPawn = NoSquare
}

// setEP records a double (or triple) step of the pawn now on pawn over the passed
// squares; by is the side that may answer en passant. The hash includes it only when an
// enemy pawn could take en passant, so that positions that differ in nothing else repeat,
// as the FIDE rules count them.
func (p *Position) setEP(passed [2]Square, pawn Square, by Color) {
	p.clearEP()
	p.ep, p.epPawn = passed, pawn
	if p.v.epCapturable(p, by) {
		p.hash ^= zobrist.ep[passed[0]] ^ zobrist.ep[passed[1]]
		p.epHashed = true
	}
}

// setHand sets the number of c's type-t pieces in the hand.
func (p *Position) setHand(c Color, t PieceType, n int) {
	p.hash ^= zobrist.hand[c][t][p.hand[c][t]] ^ zobrist.hand[c][t][n]
	p.hand[c][t] = uint8(n)
}

// setPhase sets c's Weak Square phase.
func (p *Position) setPhase(c Color, ph uint8) {
	p.hash ^= zobrist.phase[c][p.phase[c]] ^ zobrist.phase[c][ph]
	p.phase[c] = ph
}

// setBunker sets c's bunker-leap right.
func (p *Position) setBunker(c Color, on bool) {
	if p.bunker[c] != on {
		p.hash ^= zobrist.bunker[c]
		p.bunker[c] = on
	}
}

// setTramp puts c's trampoline on sq (NoSquare: off the board).
func (p *Position) setTramp(c Color, sq Square) {
	p.hash ^= zobrist.tramp[c][p.tramp[c]] ^ zobrist.tramp[c][sq]
	p.tramp[c] = sq
}

// flipSide passes the turn to the other side and counts the move.
func (p *Position) flipSide() {
	if p.side == Black {
		p.fullmove++
	}
	p.side ^= 1
	p.hash ^= zobrist.side
}

// computeHash recomputes the hash from scratch; tests compare it with the incremental one.
func (p *Position) computeHash() uint64 {
	var h uint64
	for _, sq := range p.v.Geometry.squares {
		if pc := p.cells[sq]; pc.IsPiece() {
			h ^= zobrist.piece[pc][sq]
		}
	}
	if p.side == Black {
		h ^= zobrist.side
	}
	for c := range 2 {
		for s := range 2 {
			h ^= zobrist.castle[c][p.castleRook[c][s]]
		}
		for t := range NumTypes {
			h ^= zobrist.hand[c][t][p.hand[c][t]]
		}
		h ^= zobrist.phase[c][p.phase[c]]
		if p.bunker[c] {
			h ^= zobrist.bunker[c]
		}
		h ^= zobrist.tramp[c][p.tramp[c]]
	}
	if p.epHashed {
		h ^= zobrist.ep[p.ep[0]] ^ zobrist.ep[p.ep[1]]
	}
	return h
}

// CheckIncrementals compares everything the position keeps up to date incrementally
// (hash, piece lists, counts, king squares) with a recomputation from the cells, and
// returns a description of the first difference, or "" if there is none. Tests call it
// after every move.
func (p *Position) CheckIncrementals() string {
	if h := p.computeHash(); h != p.hash {
		return "hash differs from a recomputation"
	}
	var count [2][NumTypes]uint8
	var kings [2]Square
	var n [2]int
	for _, sq := range p.v.Geometry.squares {
		pc := p.cells[sq]
		if !pc.IsPiece() {
			if pc != Empty {
				return "a square holds a wall"
			}
			continue
		}
		c := pc.Color()
		count[c][pc.Type()]++
		n[c]++
		if pc.Type() == King {
			kings[c] = sq
		}
		found := false
		for _, s := range p.Pieces(c) {
			found = found || s == sq
		}
		if !found {
			return "piece on " + p.v.Geometry.Name(sq) + " missing from the piece list"
		}
	}
	if count != p.count {
		return "piece counts differ from the board"
	}
	for c := range count {
		var present uint16
		for t, n := range count[c] {
			if n > 0 {
				present |= typeBit(PieceType(t))
			}
		}
		if present != p.present[c] {
			return "set of piece types present differs from the board"
		}
	}
	if kings != p.kings {
		return "king squares differ from the board"
	}
	if n[0] != int(p.nPieces[0]) || n[1] != int(p.nPieces[1]) {
		return "piece list lengths differ from the board"
	}
	return ""
}
