package movegen

import "math/bits"

// Hop Chess turn generation. A position has some 30-60 piece moves and some 30-60 empty
// squares for the trampoline, so about 600-2000 turns; playing each of them to test the
// king would cost a full attack test per turn. Instead:
//
//  1. the piece moves are generated once, hops included, each distinct (from, to, promotion)
//     once whatever its route (hopGen);
//  2. each piece move is played on a scratch board (cells only) and the mover's king is
//     tested once with the mover's trampoline lifted off the board. Trampolines never
//     block, so adding one only adds routes: if the king is attacked without it, every
//     placement is illegal;
//  3. otherwise only the placements that open a route to the king are illegal, and those
//     lie on the king's lines and leaps, on the enemy trampoline's lines and leaps, or one
//     pawn step from the enemy trampoline (hopDanger lists them; the rare routes with a
//     promotion on a trampoline are tested square by square); every other empty square
//     gives a legal turn without any further test.

// The three kinds of line a hopping piece keeps to: a queen keeps the kind she arrived
// with, rooks and bishops have one kind, knights leap.
const (
	hopOrth = iota
	hopDiag
	hopKnight
	hopClasses
)

// hopLines are the directions of each kind of line on the 8x8 board and the piece types
// that move along them.
var hopLines = func() (t struct {
	dirs  [hopClasses][8]Step
	n     [hopClasses]int
	rider [hopClasses]bool
	types [hopClasses]uint16
}) {
	g := board8x8
	add := func(c int, df, dr int) {
		t.dirs[c][t.n[c]] = g.Delta(df, dr)
		t.n[c]++
	}
	for _, s := range symmetric(1, 0) {
		add(hopOrth, s[0], s[1])
	}
	for _, s := range symmetric(1, 1) {
		add(hopDiag, s[0], s[1])
	}
	for _, s := range symmetric(1, 2) {
		add(hopKnight, s[0], s[1])
	}
	t.rider = [hopClasses]bool{true, true, false}
	t.types = [hopClasses]uint16{
		typeBit(Rook) | typeBit(Queen),
		typeBit(Bishop) | typeBit(Queen),
		typeBit(Knight),
	}
	return t
}()

// hopClassOf is the kind of line a piece of type t hops with; a queen has two and is
// given the orthogonal one (a promoted queen arrived by a straight pawn step).
func hopClassOf(t PieceType) int {
	switch t {
	case Bishop:
		return hopDiag
	case Knight:
		return hopKnight
	}
	return hopOrth
}

// sqSet is a set of cells.
type sqSet [maxCells / 64]uint64

func (s *sqSet) add(sq Square)      { s[sq>>6] |= 1 << (sq & 63) }
func (s *sqSet) has(sq Square) bool { return s[sq>>6]&(1<<(sq&63)) != 0 }
func (s *sqSet) remove(sq Square)   { s[sq>>6] &^= 1 << (sq & 63) }

// noSquares is the empty set.
var noSquares sqSet

// last is the highest square of s, NoSquare if s is empty.
func (s *sqSet) last() Square {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] != 0 {
			return Square(i<<6 | (63 - bits.LeadingZeros64(s[i])))
		}
	}
	return NoSquare
}

// maxPieceMoves bounds the piece moves of one position (16 pieces reaching at most 63
// squares each, times the promotion types of a pawn that promotes onto a trampoline).
const maxPieceMoves = 2048

// hopPieceMoves is the list of piece moves (aux not yet set) of one position.
type hopPieceMoves struct {
	n int
	m [maxPieceMoves]Move
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
	for _, d := range hopLines.dirs[c][:hopLines.n[c]] {
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
			h.hop(s, hopClassOf(t), used, t)
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
	df := int(g.file[to]) - int(g.file[from])
	dr := int(g.rank[to]) - int(g.rank[from])
	if g.file[to] < 0 || df == 0 && dr == 0 || df < -1 || df > 1 || dr < -1 || dr > 1 {
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
		for c := hopOrth; c <= hopDiag; c++ {
			for _, d := range hopLines.dirs[c][:hopLines.n[c]] {
				s := from + Square(d)
				// Kings never step onto a trampoline.
				if pc := q.cells[s]; pc == Empty && h.trampAt(s) < 0 || pc&h.enemy != 0 && pc.Type() != King {
					h.end(Turn, s, NoType)
				}
			}
		}
	case Queen:
		h.ride(from, hopOrth, 0, NoType)
		h.ride(from, hopDiag, 0, NoType)
	default:
		h.ride(from, hopClassOf(t), 0, NoType)
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

// genHopCastling lists the castlings (castlings, with the king's crossing tested as
// HopChess's CastlingRules say): FIDE's conditions, no trampoline strictly between king
// and rook, and the king's square and the square it crosses not attacked now, with both
// trampolines where they stand (3.3); the destination is tested with the turn. castlings
// asks the variant's attack test, an indirect call through which its position escapes:
// it runs on a pooled copy, so that q, the callers' local scratch board, stays on the
// stack.
func (q *Position) genHopCastling(out *hopPieceMoves) {
	c := scratchPositions.Get().(*Position)
	*c = *q
	cs, n := c.castlings()
	scratchPositions.Put(c)
	for _, cm := range cs[:n] {
		out.add(NewMove(TurnCastle, cm.king, cm.kingTo, NoSquare, NoType))
	}
}

// hopWalk is what one walk over the piece moves of a position wants of their legal turns.
// Every walk plays each piece move on a scratch board and decides its placements the same
// way: none on White's first turn; none if the king is attacked even without the mover's
// trampoline (trampolines only add routes); otherwise every empty square outside
// hopDanger. The fields say what is done with the legal turns found. The walk is one
// function with flags rather than a visit callback: the flags cost a predictable branch,
// and nothing escapes to the heap on the hot path.
type hopWalk struct {
	ml     *MoveList // where the legal turns go, in generation order; nil: none listed
	checks *MoveList // with ml: the listed turns that give check

	// tactical lists only captures and promotions; once some legal turn is known, the
	// placements of quiet piece moves are not worked out (a quiescence search asks for
	// these at every node, and quiet moves are nine tenths of the turns).
	tactical bool

	// avoid, with tactical, lists each tactical piece move once, with the placement a
	// search orders first (see bestPlacement): a quiescence search plays no other.
	avoid *Landings

	// first stops at the first legal turn, trying the placement that keeps the trampoline
	// where it stands before computing hopDanger.
	first bool
	// found, with first, receives the piece move of the legal turn found.
	found *Move
}

// all walks every piece move of p and reports whether p has a legal turn; pm holds the
// piece moves meanwhile (the list's own buffer: see MoveList.hop).
func (w hopWalk) all(p *Position, pm *hopPieceMoves) bool {
	pm.n = 0
	q := *p
	q.genHopPieceMoves(pm)
	return w.walk(p, &q, pm.m[:pm.n])
}

// walk plays each of moves (piece moves of p) on q, p's scratch copy as it was before
// each move, hands the legal turns to w's lists and reports whether one was found.
//
// With checks, each piece move is tested like a placement in reverse: if it attacks the
// enemy king with our trampoline lifted, every placement gives check (trampolines only add
// routes); otherwise exactly the placements that open a route to that king do, and
// hopDanger finds those as it finds the illegal ones.
func (w hopWalk) walk(p, q *Position, moves []Move) (legal bool) {
	us, them := p.side, p.side.Other()
	e := p.tramp[them]
	own := p.tramp[us]
	ek := p.kings[them]
	place := hopPlaces(p)
	present := q.present[us]
	ml, checks := w.ml, w.checks
	// The empty squares before any move, worked out when first wanted (a walk that stops
	// at the first legal turn seldom needs them); each move's changes go on a copy.
	var empty sqSet
	haveEmpty := false
	// Likewise whether each side has a pawn near its last rank (hopDanger's promotions).
	var near [2]bool
	haveNear := false
	for _, m := range moves {
		list := ml != nil
		if w.tactical {
			list = m.Promo() != NoType || p.Captured(m) != Empty
			if !list && legal {
				continue
			}
		}
		var u hopUndo
		k := q.hopPlay(m, &u)
		// The scratch board keeps the piece lists and type sets of the position before the
		// move: a promoted piece must be known to the check tests by its type (the king's
		// tests look at the enemy's pieces only).
		q.present[us] = present | typeBit(m.Promo())
		switch {
		case k == NoSquare:
		case !place:
			if !q.hopAttackedAt(k, them, q.tramp[White], q.tramp[Black]) {
				legal = true
				if list && ml.n < MaxMoves {
					ml.Add(m)
					if checks != nil && ek != NoSquare && q.hopAttackedAt(ek, us, q.tramp[White], q.tramp[Black]) && checks.n < MaxMoves {
						checks.Add(m)
					}
				}
			}
		case !q.hopAttackedAt(k, them, e, NoSquare):
			if w.first && own != NoSquare && q.cells[own] == Empty && !q.hopOpens(k, them, e, own) {
				legal = true
				break
			}
			// The empty squares after the move but e, in the order of the board's squares
			// (rank by rank, as the cells are numbered); hopDanger's are taken out below.
			if !haveEmpty {
				haveEmpty = true
				for _, s := range p.v.Geometry.squares {
					if p.cells[s] == Empty {
						empty.add(s)
					}
				}
			}
			free := empty
			for _, sq := range u.sq[:u.n] {
				if q.cells[sq] == Empty {
					free.add(sq)
				} else {
					free.remove(sq)
				}
			}
			if e != NoSquare {
				free.remove(e)
			}
			if w.tactical && (w.avoid != nil || !list) {
				// Only the first placement in bestPlacement's order is listed, or none (a
				// quiet move, walked to learn whether there is a legal turn): testing the
				// candidates in that order usually settles it with one test, where hopDanger
				// would look at every square on the king's and the trampoline's lines.
				avoid := &noSquares
				if w.avoid != nil {
					avoid = &w.avoid.set
				}
				if s, ok := q.bestSafePlacement(k, them, e, own, &free, avoid); ok {
					if s != NoSquare {
						legal = true
						if list && ml.n < MaxMoves {
							ml.Add(m | Move(s)<<16)
						}
					}
					break
				}
			}
			var danger, check sqSet
			if !haveNear {
				haveNear = true
				near = [2]bool{p.hopPawnsNearPromotion(White), p.hopPawnsNearPromotion(Black)}
			}
			q.hopDanger(k, them, e, &danger, near[them])
			all := false
			if checks != nil && ek != NoSquare {
				all = q.hopAttackedAt(ek, us, e, NoSquare)
				if !all {
					// Our pawns near their last rank: those of p, and the one just moved.
					promo := near[us] || q.cells[m.To()] == MakePiece(us, Pawn) && q.hopNearPromotion(us, m.To())
					q.hopDanger(ek, us, e, &check, promo)
					if pc := q.cells[m.To()]; pc == MakePiece(us, Pawn) {
						// hopDanger looks for pawns near their last rank in the piece
						// list, which still has this one on its origin.
						q.hopPromoDangerFrom(m.To(), ek, us, e, &check)
					}
				}
			}
			for i := range free {
				free[i] &^= danger[i]
				if free[i] != 0 {
					legal = true
				}
			}
			if !list {
				break // only whether there is one
			}
			if w.avoid != nil {
				if s := bestPlacement(&free, &w.avoid.set, own); s != NoSquare && ml.n < MaxMoves {
					ml.Add(m | Move(s)<<16)
				}
				break
			}
			for i, word := range free {
				for ; word != 0; word &= word - 1 {
					s := Square(i<<6 | bits.TrailingZeros64(word))
					if ml.n < MaxMoves {
						t := m | Move(s)<<16
						ml.Add(t)
						if checks != nil && (all || check.has(s)) && checks.n < MaxMoves {
							checks.Add(t)
						}
					}
				}
			}
		}
		u.undo(q)
		q.present[us] = present
		if legal && w.first {
			if w.found != nil {
				*w.found = m
			}
			return true
		}
	}
	return legal
}

// hopLegalMoves lists the legal turns of p.
func hopLegalMoves(p *Position, ml *MoveList) { hopWalk{ml: ml}.all(p, &ml.hop) }

// hopLegalMovesChecks lists the legal turns of p in ml, in hopLegalMoves' order, and those
// among them that give check in checks.
func hopLegalMovesChecks(p *Position, ml, checks *MoveList) {
	hopWalk{ml: ml, checks: checks}.all(p, &ml.hop)
}

// hopLegalTactical lists the legal turns of p that capture or promote, as hopLegalMoves
// would list them (same order), and reports whether p has any legal turn.
func hopLegalTactical(p *Position, ml *MoveList) (anyLegal bool) {
	return hopWalk{ml: ml, tactical: true}.all(p, &ml.hop)
}

// hopLegalTacticalPlaced is hopLegalTactical with each piece move listed once, with the
// placement bestPlacement picks.
func hopLegalTacticalPlaced(p *Position, ml *MoveList, avoid *Landings) (anyLegal bool) {
	return hopWalk{ml: ml, tactical: true, avoid: avoid}.all(p, &ml.hop)
}

// bestPlacement is the square of free (the legal placements of one piece move) that a
// search orders first: one outside avoid if there is one, among those keep (the trampoline
// left where it stands) if it is one of them, else the highest square (the largest move
// code). NoSquare if free is empty.
func bestPlacement(free, avoid *sqSet, keep Square) Square {
	var off sqSet
	for i := range free {
		off[i] = free[i] &^ avoid[i]
	}
	if s := off.last(); s != NoSquare {
		if keep != NoSquare && off.has(keep) {
			return keep
		}
		return s
	}
	if keep != NoSquare && free.has(keep) {
		return keep
	}
	return free.last()
}

// maxPlacementTries is how many unsafe placements bestSafePlacement tests before it
// leaves the rest to hopDanger, which finds all of them at once. (A variable: the tests
// set it to 0 to check the hopDanger path on the same positions.)
var maxPlacementTries = 4

// bestSafePlacement tries the squares of free (the empty squares after a piece move but e)
// in bestPlacement's order and returns the first on which the mover's trampoline opens no
// route to its king k (safe with e alone) for a piece of by, NoSquare if there is none.
// decided is false once maxPlacementTries squares have failed.
func (q *Position) bestSafePlacement(k Square, by Color, e, keep Square, free, avoid *sqSet) (s Square, decided bool) {
	var off, inside sqSet
	for i := range free {
		off[i] = free[i] &^ avoid[i]
		inside[i] = free[i] & avoid[i]
	}
	tries := 0
	for _, set := range [2]*sqSet{&off, &inside} {
		if keep != NoSquare && set.has(keep) {
			if !q.hopOpens(k, by, e, keep) {
				return keep, true
			}
			tries++
			set.remove(keep)
		}
		for t := set.last(); t != NoSquare; t = set.last() {
			if tries == maxPlacementTries {
				return NoSquare, false
			}
			if !q.hopOpens(k, by, e, t) {
				return t, true
			}
			tries++
			set.remove(t)
		}
	}
	return NoSquare, true
}

// hopHasLegalMove reports whether p has a legal turn, as hopLegalMoves would list one: it
// stops at the first piece move that leaves a placement (a mate test after each check must
// not cost a whole generation). The hint's piece move, if the piece on its origin still
// makes it, is tried first and alone: the replies to a node's checks are tested one check
// after the other, and the escape from one nearly always escapes the next. Then the king's
// moves, alone: most checks are answered by one, and the other pieces' moves need not be
// generated then. The piece move found goes to *hint (hint may be nil). The piece moves go
// into scratch's buffer.
func hopHasLegalMove(p *Position, scratch *MoveList, hint *Move) bool {
	pm := &scratch.hop
	pm.n = 0
	q := *p
	us := p.side
	w := hopWalk{first: true, found: hint}
	h := hopGen{p: &q, us: us, enemy: colorBit(us.Other()), tramp: q.tramp, out: pm}
	if hint != nil && *hint != NullMove && hint.Kind() != TurnCastle && q.cells[hint.From()].Is(us) {
		if hint.From() == q.kings[us] {
			// A king's step, the usual escape, is checked as genPiece would make it.
			if h.kingStep(*hint) {
				pm.m[0] = *hint
				if w.walk(p, &q, pm.m[:1]) {
					return true
				}
			}
		} else {
			h.genPiece(&q, hint.From())
			for i, m := range pm.m[:pm.n] {
				if m == *hint {
					if w.walk(p, &q, pm.m[i:i+1]) {
						return true
					}
					break
				}
			}
			pm.n = 0
		}
	}
	if k := q.kings[us]; k != NoSquare {
		h.genPiece(&q, k)
		if w.walk(p, &q, pm.m[:pm.n]) {
			return true
		}
		pm.n = 0
	}
	for _, from := range q.pieces[us][:q.nPieces[us]] {
		if from != q.kings[us] {
			h.genPiece(&q, from)
		}
	}
	if q.castleRook[us] != [2]Square{} {
		q.genHopCastling(pm)
	}
	return w.walk(p, &q, pm.m[:pm.n])
}

// hopUndo remembers the cells a piece move changed on the scratch board.
type hopUndo struct {
	sq [4]Square
	pc [4]Piece
	n  int
}

func (u *hopUndo) set(q *Position, sq Square, pc Piece) {
	u.sq[u.n], u.pc[u.n] = sq, q.cells[sq]
	u.n++
	q.cells[sq] = pc
}

func (u *hopUndo) undo(q *Position) {
	for i := u.n - 1; i >= 0; i-- {
		q.cells[u.sq[i]] = u.pc[i]
	}
}

// hopPlay plays the piece move m on the cells of the scratch position q and returns the
// mover's king square after it.
func (q *Position) hopPlay(m Move, u *hopUndo) Square {
	us := q.side
	from, to := m.From(), m.To()
	k := q.kings[us]
	switch m.Kind() {
	case TurnCastle:
		r := q.castleRook[us][boolIndex(to > from)]
		rd := q.castlingRookTo(from, r)
		u.set(q, from, Empty)
		u.set(q, r, Empty)
		u.set(q, to, MakePiece(us, King))
		u.set(q, rd, MakePiece(us, Rook))
		return to
	case TurnEnPassant:
		u.set(q, q.epPawn, Empty)
	}
	pc := q.cells[from]
	if t := m.Promo(); t != NoType {
		pc = MakePiece(us, t)
	}
	u.set(q, from, Empty)
	u.set(q, to, pc)
	if pc.Type() == King {
		k = to
	}
	return k
}

// hopAttacked is the variant's attack test: by attacks sq if one of its pieces, moving
// now with both trampolines where they stand, could end a complete move on sq.
func hopAttacked(p *Position, sq Square, by Color) bool {
	return p.hopAttackedAt(sq, by, p.tramp[White], p.tramp[Black])
}

// hopAttackedAt tests sq against by's pieces with the trampolines on ta and tb (NoSquare:
// off the board): the plain attacks of the core, then the routes through trampolines.
//
// An attacker's own start square is empty while it moves, but the routes below treat it as
// occupied, except for a pawn that promotes on the way: a piece that passes over its own
// start square towards sq follows a line of its kind from the start square to sq, so the
// plain attack already finds it; a pawn promoted on a trampoline is another piece, which
// may come back over the square the pawn left (g7-g8(#)=Q, then down the file over g7).
func (p *Position) hopAttackedAt(sq Square, by Color, ta, tb Square) bool {
	if p.attackedStandard(sq, by) {
		return true
	}
	if ta == NoSquare {
		ta, tb = tb, NoSquare
	}
	if ta == NoSquare {
		return false
	}
	if p.hopRoute(sq, by, ta, NoSquare) {
		return true
	}
	if tb == NoSquare {
		return false
	}
	return p.hopRoute(sq, by, tb, NoSquare) || p.hopRoute(sq, by, ta, tb) || p.hopRoute(sq, by, tb, ta)
}

// hopOpens reports whether adding a trampoline on the empty square t lets a piece of by
// capture on k, which is known to be safe with the trampoline on e alone (NoSquare: none):
// hopAttackedAt(k, by, e, t) without the tests that found k safe, so only the routes
// through t.
func (p *Position) hopOpens(k Square, by Color, e, t Square) bool {
	return p.hopRoute(k, by, t, NoSquare) ||
		e != NoSquare && (p.hopRoute(k, by, t, e) || p.hopRoute(k, by, e, t))
}

// hopRoute reports whether a piece of by can capture on k with a move that hops on s1 and
// then, if s2 is set, on s2.
func (p *Position) hopRoute(k Square, by Color, s1, s2 Square) bool {
	last := s1
	if s2 != NoSquare {
		last = s2
	}
	if c := p.hopLegAlong(last, k, NoSquare); c >= 0 && (s2 == NoSquare || p.hopLeg(s1, s2, c, NoSquare)) && p.hopReaches(s1, c, by) {
		return true
	}
	o := p.hopPawnOrigin(s1, by) // a pawn whose step ends on s1
	if o == NoSquare {
		return false
	}
	if p.promotes(by, s1) {
		// It promotes there and goes on as any piece, with any kind of line.
		c := p.hopLegAlong(last, k, o)
		return c >= 0 && (s2 == NoSquare || p.hopLeg(s1, s2, c, o))
	}
	if s2 == NoSquare {
		return p.hopPawnTakes(s1, k, by)
	}
	return s2 == s1+Square(p.v.pawnPush[by]) &&
		(p.hopPawnTakes(s2, k, by) || p.promotes(by, s2) && p.hopLegAny(s2, k, o))
}

// hopLeg reports whether a piece hopping with lines of kind c goes from a to b in one leg:
// a leap, or a line whose squares between a and b are all empty (or are skip).
func (p *Position) hopLeg(a, b Square, c int, skip Square) bool {
	return p.hopLegAlong(a, b, skip) == c
}

// hopLegAlong is the kind of line on which a piece goes from a to b in one leg (hopLeg),
// -1 if there is none. Two squares lie on at most one kind of line together, so a route's
// leg is tested once rather than once per kind.
func (p *Position) hopLegAlong(a, b, skip Square) int {
	g := p.v.Geometry
	df := int(g.file[b]) - int(g.file[a])
	dr := int(g.rank[b]) - int(g.rank[a])
	adf, adr := abs(df), abs(dr)
	c := hopOrth
	switch {
	case adf == 1 && adr == 2 || adf == 2 && adr == 1:
		return hopKnight
	case a == b:
		return -1
	case df == 0 || dr == 0:
	case adf == adr:
		c = hopDiag
	default:
		return -1
	}
	step := Square(g.Delta(sign(df), sign(dr)))
	for s := a + step; s != b; s += step {
		if p.cells[s] != Empty && s != skip {
			return -1
		}
	}
	return c
}

// hopLegAny reports whether a promoted piece of some type could go from a to b in one leg.
func (p *Position) hopLegAny(a, b, skip Square) bool { return p.hopLegAlong(a, b, skip) >= 0 }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// hopReaches reports whether a piece of by that moves with lines of kind c ends a plain
// leg on the empty square s.
func (p *Position) hopReaches(s Square, c int, by Color) bool {
	bit := colorBit(by)
	mask := hopLines.types[c] & p.present[by]
	if mask == 0 {
		return false
	}
	rider := hopLines.rider[c]
	for _, d := range hopLines.dirs[c][:hopLines.n[c]] {
		t := s + Square(d)
		for rider && p.cells[t] == Empty {
			t += Square(d)
		}
		if pc := p.cells[t]; pc&bit != 0 && mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	return false
}

// hopReachesAcross is hopReaches(s, c, by) looking only off the line of direction dir
// through s (a rider's kind c).
func (p *Position) hopReachesAcross(s Square, c int, by Color, dir Step) bool {
	bit := colorBit(by)
	mask := hopLines.types[c] & p.present[by]
	if mask == 0 {
		return false
	}
	for _, d := range hopLines.dirs[c][:hopLines.n[c]] {
		if d == dir || d == -dir {
			continue
		}
		t := s + Square(d)
		for p.cells[t] == Empty {
			t += Square(d)
		}
		if pc := p.cells[t]; pc&bit != 0 && mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	return false
}

// hopPawnOrigin is the square of the pawn of by that ends its first step (single or
// double) on the empty square s, NoSquare if there is none.
func (p *Position) hopPawnOrigin(s Square, by Color) Square {
	push := Square(p.v.pawnPush[by])
	pawn := MakePiece(by, Pawn)
	if p.cells[s-push] == pawn {
		return s - push
	}
	if from := s - 2*push; p.cells[from] == pawn && p.cells[s-push] == Empty &&
		int(p.v.Geometry.rank[from]) == p.v.Pawn.StartRank[by] {
		return from
	}
	return NoSquare
}

// hopPawnReach reports whether a pawn of by ends its first step on the empty square s.
func (p *Position) hopPawnReach(s Square, by Color) bool { return p.hopPawnOrigin(s, by) != NoSquare }

// hopPawnTakes reports whether a pawn of by standing on s would capture on k.
func (p *Position) hopPawnTakes(s, k Square, by Color) bool {
	t := p.v.pawnTake[by]
	return k == s+Square(t[0]) || k == s+Square(t[1])
}

// hopNearPromotion reports whether the pawn of c on from is one or two steps from its last
// rank: only such pawns can promote on a trampoline (a pawn steps onto the last rank, or
// onto the trampoline in front of it and then onto the last rank).
func (p *Position) hopNearPromotion(c Color, from Square) bool {
	push := Square(p.v.pawnPush[c])
	return p.promotes(c, from+push) || p.promotes(c, from+2*push)
}

// hopPawnsNearPromotion reports whether some pawn of c is hopNearPromotion.
func (p *Position) hopPawnsNearPromotion(c Color) bool {
	pawn := MakePiece(c, Pawn)
	for _, from := range p.pieces[c][:p.nPieces[c]] {
		if p.cells[from] == pawn && p.hopNearPromotion(c, from) {
			return true
		}
	}
	return false
}

// hopDanger adds to d the empty squares where the mover's trampoline would let a piece of
// by reach k, given that k is safe with only the trampoline on e (NoSquare: none). Each
// such route uses the new trampoline t, alone or with e: t on a line or leap from k, or on
// a line or leap from e, or one pawn step from e. Routes with a promotion on a trampoline
// are rare (a pawn must step onto its last rank) and are tested square by square, when
// promo says a pawn of by may be near its last rank (hopPawnsNearPromotion).
func (p *Position) hopDanger(k Square, by Color, e Square, d *sqSet, promo bool) {
	cells := &p.cells
	var view [hopClasses]sqSet // the empty squares from which a leg of each kind reaches k
	for c := 0; c < hopClasses; c++ {
		if !hopLines.rider[c] {
			for _, dir := range hopLines.dirs[c][:hopLines.n[c]] {
				if t := k + Square(dir); cells[t] == Empty {
					view[c].add(t)
					if t != e && p.hopReaches(t, c, by) {
						d.add(t)
					}
				}
			}
			continue
		}
		for _, dir := range hopLines.dirs[c][:hopLines.n[c]] {
			// A rider reaching t along this very line would stand at its end and attack
			// k already, which is safe; behind t is k. So only the lines across it count.
			for t := k + Square(dir); cells[t] == Empty; t += Square(dir) {
				view[c].add(t)
				if t != e && p.hopReachesAcross(t, c, by, dir) {
					d.add(t)
				}
			}
		}
	}
	for _, dd := range p.v.pawnTake[by] {
		if t := k - Square(dd); cells[t] == Empty && t != e && p.hopPawnReach(t, by) {
			d.add(t)
		}
	}
	if e != NoSquare {
		for c := 0; c < hopClasses; c++ {
			eSeesK := view[c].has(e)
			eReached := p.hopReaches(e, c, by)
			if !eSeesK && !eReached {
				continue
			}
			rider := hopLines.rider[c]
			for _, dir := range hopLines.dirs[c][:hopLines.n[c]] {
				for t := e + Square(dir); cells[t] == Empty; t += Square(dir) {
					// origin-e-t-k or origin-t-e-k
					if eReached && view[c].has(t) || eSeesK && p.hopReaches(t, c, by) {
						d.add(t)
					}
					if !rider {
						break
					}
				}
			}
		}
		push := Square(p.v.pawnPush[by])
		// A pawn steps onto t, then onto e, then takes k; or onto e, then t, then takes k.
		if t := e - push; cells[t] == Empty && p.hopPawnTakes(e, k, by) && p.hopPawnReach(t, by) {
			d.add(t)
		}
		if t := e + push; cells[t] == Empty && p.hopPawnTakes(t, k, by) && p.hopPawnReach(e, by) {
			d.add(t)
		}
	}
	if promo && p.present[by]&typeBit(Pawn) != 0 {
		p.hopPromoDanger(k, by, e, d)
	}
}

// hopPromoDanger adds the placements that let a pawn of by promote on a trampoline and
// reach k with the new piece: t on the last rank in front of a pawn (or in front of e), t
// on the square between a pawn and e on the last rank, or any square after e there.
func (p *Position) hopPromoDanger(k Square, by Color, e Square, d *sqSet) {
	push := Square(p.v.pawnPush[by])
	exact := func(t Square) {
		if t != e && p.cells[t] == Empty && !d.has(t) &&
			(p.hopRoute(k, by, t, NoSquare) || e != NoSquare && (p.hopRoute(k, by, t, e) || p.hopRoute(k, by, e, t))) {
			d.add(t)
		}
	}
	if e != NoSquare && p.promotes(by, e) {
		if p.hopPawnReach(e, by) {
			for _, t := range p.v.Geometry.squares {
				exact(t)
			}
			return
		}
		if t := e - push; p.cells[t] == Empty && p.hopPawnReach(t, by) {
			exact(t)
		}
	}
	for _, from := range p.pieces[by][:p.nPieces[by]] {
		if p.cells[from] != MakePiece(by, Pawn) {
			continue // the scratch board may have taken it
		}
		p.hopPromoDangerFrom(from, k, by, e, d)
	}
}

// hopPromoDangerFrom adds the placements t that let the pawn of by on from promote on t
// (stepping onto it at once, or after a hop on e) and reach k with the new piece.
func (p *Position) hopPromoDangerFrom(from, k Square, by Color, e Square, d *sqSet) {
	push := Square(p.v.pawnPush[by])
	for t := from + push; p.cells[t] == Empty; t += push {
		if p.promotes(by, t) {
			if t != e && !d.has(t) && (p.hopRoute(k, by, t, NoSquare) || e != NoSquare && (p.hopRoute(k, by, t, e) || p.hopRoute(k, by, e, t))) {
				d.add(t)
			}
			return
		}
		if t != e {
			return // only a step onto e goes on towards the last rank
		}
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

// Landings is a set of squares: where the pieces of one side could end a plain move.
type Landings struct{ set sqSet }

// Has reports whether sq is in the set.
func (l *Landings) Has(sq Square) bool { return l.set.has(sq) }

// HopLandings returns the empty squares on which a piece of colour c (not its king, which
// never steps onto a trampoline) could end a plain, non-capturing step or ride from where
// the pieces stand now, trampolines passed over as the empty squares they are. A
// trampoline placed on such a square hands that piece a hop, so a search uses the set to
// put its own trampoline where the opponent cannot use it (a capture's placement, say,
// should not open the recapture). Second hops are not followed.
func (p *Position) HopLandings(c Color) (l Landings) {
	push := Square(p.v.pawnPush[c])
	for _, from := range p.pieces[c][:p.nPieces[c]] {
		switch t := p.cells[from].Type(); t {
		case King:
		case Pawn:
			s := from + push
			if p.cells[s] != Empty {
				continue
			}
			l.set.add(s)
			if int(p.v.Geometry.rank[from]) == p.v.Pawn.StartRank[c] && p.cells[s+push] == Empty {
				l.set.add(s + push)
			}
		default:
			for cl := hopOrth; cl < hopClasses; cl++ {
				if hopLines.types[cl]&typeBit(t) == 0 {
					continue
				}
				for _, d := range hopLines.dirs[cl][:hopLines.n[cl]] {
					for s := from + Square(d); p.cells[s] == Empty; s += Square(d) {
						l.set.add(s)
						if !hopLines.rider[cl] {
							break
						}
					}
				}
			}
		}
	}
	return l
}
