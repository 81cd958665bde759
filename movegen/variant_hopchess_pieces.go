package movegen

import "math/bits"

// Hop Chess: the piece moves, the first half of a turn. A piece walks its lines; landing on
// a trampoline it bounces on along a line of the same kind (variant_hopchess_lines.go),
// using each trampoline at most once; a pawn goes on as a pawn, or as its new piece if it
// promotes there. Each distinct (from, to, promotion) is listed once whatever its route.
// Whether the turns they start are legal, and with which placements, is
// variant_hopchess_turns.go's question.

// maxPieceMoves bounds the piece moves of one position (16 pieces reaching at most 63
// squares each, times the promotion types of a pawn that promotes onto a trampoline).
const maxPieceMoves = 2048

// hopPieceMoves is the list of piece moves (aux not yet set) of one position.
type hopPieceMoves struct {
	n int
	m [maxPieceMoves]Move
	// castling is the copy genHopCastling tests castlings on: the shared castling code
	// calls the variant's attack test indirectly, through which the callers' local scratch
	// board would escape to the heap. It lives here, in the caller's MoveList, rather than
	// in a sync.Pool, which drops what it holds at random under the race detector and
	// would then allocate at every node.
	castling Position
}

func (l *hopPieceMoves) add(m Move) {
	if l.n < maxPieceMoves {
		l.m[l.n] = m
		l.n++
	}
}

// hopGen walks the routes of one piece. p is a scratch copy of the position with the
// moving piece lifted off its square (pieces may pass over their own start square).
type hopGen struct {
	p     *Position
	us    Color
	from  Square
	enemy Piece
	tramp [2]Square
	seen  [NumTypes]sqSet // destinations listed so far, by promotion type (NoType: none)
	out   *hopPieceMoves
	path  [4]Square // trampolines of the route being walked
	depth int

	// Route matching (hopParseMove): instead of listing moves, report whether a route
	// with exactly these stops reaches wantTo with wantPromo.
	match     bool
	want      []Square
	wantTo    Square
	wantPromo PieceType
	found     bool
}

// trampAt is the index of the trampoline on the empty square s, -1 if there is none.
func (h *hopGen) trampAt(s Square) int {
	switch s {
	case h.tramp[0]:
		return 0
	case h.tramp[1]:
		return 1
	}
	return -1
}

// end lists the move ending on s, once per destination and promotion.
func (h *hopGen) end(kind MoveKind, s Square, promo PieceType) {
	if h.match {
		if s == h.wantTo && promo == h.wantPromo && h.depth == len(h.want) {
			same := true
			for i, w := range h.want {
				same = same && h.path[i] == w
			}
			h.found = h.found || same
		}
		return
	}
	if kind == Turn {
		if h.seen[promo].has(s) {
			return
		}
		h.seen[promo].add(s)
	}
	h.out.add(NewMove(kind, h.from, s, NoSquare, promo))
}

// ride moves the piece from sq along every line of kind c, hopping on each unused
// trampoline it lands on and ending on every other empty square but its start and on
// every enemy piece but the king.
func (h *hopGen) ride(sq Square, c int, used uint8, promo PieceType) {
	cells := &h.p.cells
	rider := hopLines.rider[c]
	for _, d := range hopLines.dirs[c][:hopLines.ndirs[c]] {
		s := sq
		for {
			s += Square(d)
			pc := cells[s]
			if pc == Empty {
				if i := h.trampAt(s); i >= 0 {
					if used&(1<<i) == 0 {
						h.hop(s, c, used|1<<i, promo)
					}
				} else if s != h.from {
					h.end(Turn, s, promo)
				}
				if rider {
					continue
				}
				break
			}
			if pc&h.enemy != 0 && pc.Type() != King {
				h.end(Turn, s, promo)
			}
			break
		}
	}
}

// hop continues a move from the trampoline s with lines of kind c.
func (h *hopGen) hop(s Square, c int, used uint8, promo PieceType) {
	h.path[h.depth] = s
	h.depth++
	h.ride(s, c, used, promo)
	h.depth--
}

// pawn lists the moves of the pawn on from: a step or a double step (each of which may
// end on a trampoline and go on), a capture, en passant.
func (h *hopGen) pawn() {
	p := h.p
	push := Square(p.v.pawnPush[h.us])
	s1 := h.from + push
	if p.cells[s1] == Empty {
		h.pawnArrive(s1, 0)
		if int(p.v.Geometry.rank[h.from]) == p.v.Pawn.StartRank[h.us] {
			if s2 := s1 + push; p.cells[s2] == Empty {
				h.pawnArrive(s2, 0)
			}
		}
	}
	for _, d := range p.v.pawnTake[h.us] {
		s := h.from + Square(d)
		pc := p.cells[s]
		if pc&h.enemy != 0 && pc.Type() != King {
			h.pawnEnd(s)
		} else if pc == Empty && s == p.ep[0] && h.trampAt(s) < 0 && !h.match {
			h.out.add(NewMove(TurnEnPassant, h.from, s, NoSquare, NoType))
		}
	}
}

// pawnArrive handles a pawn step that reached the empty square s: the end of the move, a
// promotion, or a hop (as a pawn, or as the promoted piece on the last rank).
func (h *hopGen) pawnArrive(s Square, used uint8) {
	i := h.trampAt(s)
	if i < 0 {
		h.pawnEnd(s)
		return
	}
	if used&(1<<i) != 0 {
		return
	}
	used |= 1 << i
	if h.p.promotes(h.us, s) {
		for _, t := range h.p.v.Pawn.PromoTypes {
			for ks := hopLines.promo[t]; ks != 0; ks &= ks - 1 {
				h.hop(s, bits.TrailingZeros8(ks), used, t)
			}
		}
		return
	}
	h.path[h.depth] = s
	h.depth++
	h.pawnHop(s, used)
	h.depth--
}

// pawnHop continues a pawn's move from the trampoline sq: one step forward or a capture,
// never a double step or en passant.
func (h *hopGen) pawnHop(sq Square, used uint8) {
	p := h.p
	push := Square(p.v.pawnPush[h.us])
	if s := sq + push; p.cells[s] == Empty {
		if sq == h.from+push && h.trampAt(s) < 0 && int(p.v.Geometry.rank[h.from]) == p.v.Pawn.StartRank[h.us] {
			// e2-e3(trampoline)-e4: a different move from the double step e2e4.
			if h.match {
				h.end(Turn, s, NoType)
			} else {
				h.out.add(NewMove(TurnViaStep, h.from, s, NoSquare, NoType))
			}
		} else {
			h.pawnArrive(s, used)
		}
	}
	for _, d := range p.v.pawnTake[h.us] {
		s := sq + Square(d)
		if pc := p.cells[s]; pc&h.enemy != 0 && pc.Type() != King {
			h.pawnEnd(s)
		}
	}
}

// pawnEnd ends a pawn move on s, once per promotion type on the last rank.
func (h *hopGen) pawnEnd(s Square) {
	if !h.p.promotes(h.us, s) {
		h.end(Turn, s, NoType)
		return
	}
	for _, t := range h.p.v.Pawn.PromoTypes {
		h.end(Turn, s, t)
	}
}

// kingStep reports whether m is a piece move genPiece makes for the king on m's origin:
// one step on a line onto an empty square without a trampoline or onto an enemy piece
// other than the king.
func (h *hopGen) kingStep(m Move) bool {
	if m.Kind() != Turn || m.Promo() != NoType || m.Aux() != NoSquare {
		return false
	}
	g := h.p.v.Geometry
	from, to := m.From(), m.To()
	if !g.isSquare[to] || !hopLines.legBetween(g, from, to).kingStep {
		return false
	}
	pc := h.p.cells[to]
	return pc == Empty && h.trampAt(to) < 0 || pc&h.enemy != 0 && pc.Type() != King
}

// genPiece walks every route of the piece on from; q is the scratch position.
func (h *hopGen) genPiece(q *Position, from Square) {
	h.from = from
	h.seen = [NumTypes]sqSet{}
	pc := q.cells[from]
	q.cells[from] = Empty
	switch t := pc.Type(); t {
	case Pawn:
		h.pawn()
	case King:
		for _, d := range hopLines.king[:hopLines.nking] {
			s := from + Square(d)
			// Kings never step onto a trampoline.
			if pc := q.cells[s]; pc == Empty && h.trampAt(s) < 0 || pc&h.enemy != 0 && pc.Type() != King {
				h.end(Turn, s, NoType)
			}
		}
	default:
		// Each kind of line of the piece (a queen's two: she keeps the one she sets out on).
		for ks := hopLines.kinds[t]; ks != 0; ks &= ks - 1 {
			h.ride(from, bits.TrailingZeros8(ks), 0, NoType)
		}
	}
	q.cells[from] = pc
}

// genHopPieceMoves lists the piece moves of the side to move of q (a scratch copy), without
// the trampoline placement and without testing the king.
func (q *Position) genHopPieceMoves(out *hopPieceMoves) {
	us := q.side
	h := hopGen{p: q, us: us, enemy: colorBit(us.Other()), tramp: q.tramp, out: out}
	for _, from := range q.pieces[us][:q.nPieces[us]] {
		h.genPiece(q, from)
	}
	if q.castleRook[us] != [2]Square{} {
		q.genHopCastling(out)
	}
}

// hopRouteValid reports whether the side to move's piece on from can go to to, promoting
// to promo, hopping on exactly the trampolines stops in that order.
func (p *Position) hopRouteValid(from Square, stops []Square, to Square, promo PieceType) bool {
	if !p.cells[from].Is(p.side) || len(stops) > 2 {
		return false
	}
	q := *p
	h := hopGen{p: &q, us: p.side, enemy: colorBit(p.side.Other()), tramp: p.tramp,
		match: true, want: stops, wantTo: to, wantPromo: promo}
	h.genPiece(&q, from)
	return h.found
}
