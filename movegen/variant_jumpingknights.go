package movegen

import (
	"fmt"
	"strings"
)

// Jumping Knights Chess (David Paulowich), docs/jumpingknights.md.
//
// A 10x10 board whose 36 edge squares (files z and i, ranks 0 and 9) only captures may
// reach. Every capture hops over its one victim to an empty square beyond it, so no piece
// ever lands on an occupied square. Check is the capture pattern over the king to an empty
// landing square: filling that square parries it. Rule 4 forces a capture from the edge to
// the centre unless the player gives check instead; a stalemate can be a win (Rule 2).
//
// The pieces are data (atoms). A capture is derived from them: the piece approaches the
// victim along one of its lines (a rider over empty squares, a leaper by one of its leaps
// in that direction) and goes on beyond it along the same line (a rider over empty squares,
// a leaper by one of its leaps), to an empty square. So the King captures like a Ferz or a
// Wazir, sliders choose their landing square, the Nightrider keeps its line, and the War
// Machine (leaps of 1 and 3) may approach and continue by 1 or 3.

// jkBoard is the 10x10 board: files z, a..h, i, ranks 0..9. The War Machine's 3-square
// leap needs a padding of 3.
var jkBoard = MustGeometry(`
	..........
	..........
	..........
	..........
	..........
	..........
	..........
	..........
	..........
	..........`, "zabcdefghi", 0, 3)

// JumpingKnights is Jumping Knights Chess, the variant called jumpingknights.
var JumpingKnights = (&Variant{
	Name:     "jumpingknights",
	Title:    "Jumping Knights Chess",
	Geometry: jkBoard,
	Pieces: []PieceDef{
		{Type: Pawn, Letter: 'P', Name: "pawn"},
		{Type: Knight, Letter: 'N', Name: "nightrider", Atoms: []Atom{{DF: 1, DR: 2, Rider: true}}},
		{Type: Bishop, Letter: 'B', Name: "bishop", Atoms: []Atom{BishopRide}},
		{Type: Rook, Letter: 'R', Name: "rook", Atoms: []Atom{RookRide}},
		{Type: Queen, Letter: 'Q', Name: "queen", Atoms: []Atom{RookRide, BishopRide}},
		{Type: King, Letter: 'K', Name: "king", Atoms: []Atom{Wazir, Ferz}},
		{Type: WarMachine, Letter: 'W', Name: "war machine", Atoms: []Atom{Wazir, {DF: 3, DR: 0}}},
	},
	Pawn: PawnRules{
		StartRank:  [2]int{2, 7},
		FirstSteps: 2,
		PromoRank:  [2]int{8, 1}, // rank 8 or 9 (Black: 1 or 0), both compulsory
		PromoTypes: []PieceType{Queen, Rook, Bishop, Knight, WarMachine},
	},
	Castling: CastlingRules{
		BackRank: [2]int{1, 8},
		KingFile: [2]int{3, 7}, // c1, g1
		RookFile: [2]int{4, 6}, // d1, f1
		// The square the king crosses is tested with the king on it: its home square,
		// then empty, may be a capture's landing square.
		CrossWithKing: true,
	},
	StartFEN:     "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1",
	turns:        turnGenerator{legalMoves: jkLegalMoves, forcedMoves: jkForcedMoves},
	play:         movePlay{apply: jkApply, attacked: jkAttacked, epCapturable: jkEPCapturable},
	end:          gameEnd{outcome: jkOutcome},
	fen:          fenFields{validate: jkValidate},
	parseMove:    jkParseMove,
	explain:      explanations{pseudoMoves: jkPseudo, whyNot: jkWhyNot},
	quietTargets: &jkCentral,
	Zones: []Zone{{Name: "edge", Label: "The edge squares: only a capture reaches them",
		Squares: jkBoard.squaresWhere(func(sq Square) bool { return !jkCentral[sq] })}},
}).compile()

// jkCentral marks the central 64 squares a1..h8, where every non-capturing move ends.
var jkCentral = func() (c [maxCells]bool) {
	for f := 1; f <= 8; f++ {
		for r := 1; r <= 8; r++ {
			c[jkBoard.Square(f, r)] = true
		}
	}
	return c
}()

// jkLine is one direction of a piece: the unit step u along it, whether the piece rides
// along it, and the leaps (multiples of u) it makes along it.
type jkLine struct {
	u     Step
	rider bool
	leaps []Step
}

// jkRiderDir is one direction with the set of types that ride along it, for the attack
// test, which walks each line once for all of them.
type jkRiderDir struct {
	u    Step
	mask uint16
}

// jkLeaperLine is a leaper's line for the attack test.
type jkLeaperLine struct {
	t PieceType
	jkLine
}

// jkPatternSet is the capture patterns the attack test looks for.
type jkPatternSet struct {
	riders  []jkRiderDir
	leapers []jkLeaperLine
}

var (
	jkLines [NumTypes][]jkLine // the lines of each type, from its atoms
	jkAll   jkPatternSet       // every capture pattern
	// jkAlong[u] is the patterns that run along unit step u, either way.
	jkAlong [maxCells]jkPatternSet
)

func init() {
	g := JumpingKnights.Geometry
	for _, d := range JumpingKnights.Pieces {
		var lines []jkLine
		for _, a := range d.Atoms {
			for _, s := range symmetric(a.DF, a.DR) {
				k := gcd(abs(s[0]), abs(s[1]))
				if a.Rider && k != 1 {
					panic("jumpingknights: a rider's step must not be a multiple of a shorter one")
				}
				u := g.Delta(s[0]/k, s[1]/k)
				i := 0
				for i < len(lines) && lines[i].u != u {
					i++
				}
				if i == len(lines) {
					lines = append(lines, jkLine{u: u})
				}
				if a.Rider {
					lines[i].rider = true
				} else {
					lines[i].leaps = append(lines[i].leaps, g.Delta(s[0], s[1]))
				}
			}
		}
		jkLines[d.Type] = lines
		for _, ln := range lines {
			if ln.rider {
				jkAll.riders = addRiderDir(jkAll.riders, ln.u, d.Type)
			}
			if len(ln.leaps) > 0 {
				jkAll.leapers = append(jkAll.leapers, jkLeaperLine{t: d.Type, jkLine: jkLine{u: ln.u, leaps: ln.leaps}})
			}
		}
	}
	for _, d := range jkAll.riders {
		for _, u := range [2]Step{d.u, -d.u} {
			jkAlong[u].riders = append(jkAlong[u].riders, d)
		}
	}
	for _, ln := range jkAll.leapers {
		for _, u := range [2]Step{ln.u, -ln.u} {
			jkAlong[u].leapers = append(jkAlong[u].leapers, ln)
		}
	}
	jkDir = jkLineDirections(g)
}

// jkLineDirections tabulates, for every two squares, the unit step from the first towards
// the second when they lie on one line of some piece (a pawn's capture diagonal included),
// 0 when they do not. Steps are compared as cells: with a stride of 13 and at most 9 files
// between two squares, no vector of this board has the Step of a unit of 1 or 2 files.
func jkLineDirections(g *Geometry) *[maxCells][maxCells]Step {
	var units [maxCells]bool
	for _, lines := range jkLines {
		for _, ln := range lines {
			units[ln.u] = true
		}
	}
	for _, d := range JumpingKnights.pawnTake {
		units[d[0]], units[d[1]] = true, true
	}
	dir := new([maxCells][maxCells]Step)
	for _, a := range g.Squares() {
		for _, b := range g.Squares() {
			df, dr := g.File(b)-g.File(a), g.Rank(b)-g.Rank(a)
			if a == b {
				continue
			}
			k := gcd(abs(df), abs(dr))
			if u := g.Delta(df/k, dr/k); units[u] {
				dir[a][b] = u
			}
		}
	}
	return dir
}

func addRiderDir(list []jkRiderDir, u Step, t PieceType) []jkRiderDir {
	for i := range list {
		if list[i].u == u {
			list[i].mask |= typeBit(t)
			return list
		}
	}
	return append(list, jkRiderDir{u: u, mask: typeBit(t)})
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// jkLegalMoves lists the legal moves: the pseudo-legal ones that do not leave the mover's
// king in check, then Rule 4: if any of them is a capture from an edge square to a central
// square, only those captures and the moves that give check remain. Both tests play the
// move on the board cells only and take it back, since check depends on nothing else.
func jkLegalMoves(p *Position, ml *MoveList) {
	start := ml.n
	jkPseudo(p, ml)
	us, them := p.side, p.side.Other()
	king := p.kings[us]
	inCheck := king != NoSquare && jkAttacked(p, king, them)
	n := start
	forced := false
	for _, m := range ml.moves[start:ml.n] {
		if !jkSafe(p, m, king, inCheck) {
			continue
		}
		ml.moves[n] = m
		n++
		forced = forced || jkEdgeToCentre(m)
	}
	ml.n = n
	if !forced {
		return
	}
	n = start
	for _, m := range ml.moves[start:ml.n] {
		keep := jkEdgeToCentre(m)
		if !keep && p.kings[them] != NoSquare {
			u := jkPlayCells(p, m)
			keep = jkAttacked(p, p.kings[them], us)
			u.restore(p)
		}
		if keep {
			ml.moves[n] = m
			n++
		}
	}
	ml.n = n
}

// jkSafe reports whether m, a pseudo-legal move of the side to move, leaves its king (on
// king, NoSquare if it has none) out of check; inCheck says whether the king is in check
// now. A king move or an evasion is played and tested; any other move only along the
// lines it opens (jkExposes).
func jkSafe(p *Position, m Move, king Square, inCheck bool) bool {
	them := p.side.Other()
	if inCheck || m.From() == king {
		u := jkPlayCells(p, m)
		k := king
		if m.From() == king {
			k = m.To()
		}
		safe := k == NoSquare || !jkAttacked(p, k, them)
		u.restore(p)
		return safe
	}
	d1, d2 := jkExposes(p, king, m)
	if d1 == 0 && d2 == 0 {
		return true
	}
	u := jkPlayCells(p, m)
	safe := (d1 == 0 || !jkAttackedAlong(p, king, them, d1)) && (d2 == 0 || d2 == d1 || !jkAttackedAlong(p, king, them, d2))
	u.restore(p)
	return safe
}

// jkForcedMoves is Rule 4's condition alone: whether some legal move of the side to move
// is a capture from an edge square to a central one. Only the pieces on edge squares can
// make one, and they are few, so only their moves are generated (into scratch) and tested
// for king safety, until one passes.
func jkForcedMoves(p *Position, scratch *MoveList) bool {
	us := p.side
	king := p.kings[us]
	inCheck, known := false, false
	for _, from := range p.pieces[us][:p.nPieces[us]] {
		if jkCentral[from] {
			continue
		}
		scratch.Reset()
		jkPieceMoves(p, from, scratch)
		for _, m := range scratch.moves[:scratch.n] {
			if !jkEdgeToCentre(m) {
				continue
			}
			if !known {
				inCheck, known = king != NoSquare && jkAttacked(p, king, us.Other()), true
			}
			if jkSafe(p, m, king, inCheck) {
				return true
			}
		}
	}
	return false
}

// jkExposes tells how m, a move of a piece other than the king made while the king is
// not in check, might expose the king on k: the directions from k of the squares it
// empties (its origin, its victim's square) when they lie on a line through k along which
// a capture pattern could run (a rank, file, diagonal or Nightrider line); 0 otherwise.
// Every square of a capture pattern over k (the capturer, the squares it passes, the
// landing squares) lies on one such line, and the square the move fills can only block a
// pattern, so only patterns along these lines can appear.
func jkExposes(p *Position, k Square, m Move) (d1, d2 Step) {
	if k == NoSquare {
		return 0, 0
	}
	d1 = jkDir[k][m.From()]
	switch m.Kind() {
	case HopCapture:
		d2 = jkDir[k][m.Aux()]
	case HopEnPassant:
		d2 = jkDir[k][p.epPawn]
	}
	return d1, d2
}

// jkDir is the unit step from one square towards another on the same line of some
// piece, 0 if there is none (jkLineDirections).
var jkDir *[maxCells][maxCells]Step

// jkAttackedAlong is jkAttacked for the capture patterns that run along the line through
// sq with unit step u, either way; for all of them if u is 0.
func jkAttackedAlong(p *Position, sq Square, by Color, u Step) bool {
	bit := colorBit(by)
	present := p.present[by]
	set := &jkAll
	if u != 0 {
		set = &jkAlong[u]
	}
	for _, d := range set.riders {
		if d.mask&present == 0 {
			continue
		}
		du := Square(d.u)
		if p.cells[sq+du] != Empty {
			continue
		}
		s := sq - du
		for p.cells[s] == Empty {
			s -= du
		}
		if pc := p.cells[s]; pc&bit != 0 && d.mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	for i := range set.leapers {
		ln := &set.leapers[i]
		if present&typeBit(ln.t) == 0 {
			continue
		}
		landing := false
		for _, b := range ln.leaps {
			landing = landing || p.cells[sq+Square(b)] == Empty
		}
		if !landing {
			continue
		}
		attacker := MakePiece(by, ln.t)
		for _, a := range ln.leaps {
			if p.cells[sq-Square(a)] == attacker {
				return true
			}
		}
	}
	if present&typeBit(Pawn) != 0 {
		pawn := MakePiece(by, Pawn)
		for _, d := range p.v.pawnTake[by] {
			if (u == 0 || d == u || d == -u) && p.cells[sq-Square(d)] == pawn && p.cells[sq+Square(d)] == Empty {
				return true
			}
		}
	}
	return false
}

// jkCells is what jkPlayCells changed, to be put back: squares with their old contents in
// the order saved, and the mover's set of piece types.
type jkCells struct {
	sq      [4]Square
	pc      [4]Piece
	n       int
	present uint16
}

func (u *jkCells) save(p *Position, sq Square) {
	u.sq[u.n], u.pc[u.n] = sq, p.cells[sq]
	u.n++
}

// restore puts the saved cells back, the last saved first, so a square saved twice ends
// with its first, original content.
func (u *jkCells) restore(p *Position) {
	for i := u.n - 1; i >= 0; i-- {
		p.cells[u.sq[i]] = u.pc[i]
	}
	p.present[p.side] = u.present
}

// jkPlayCells plays m of the side to move on p's cells (and the mover's set of piece types,
// for a promotion), all the attack test reads. The side to move does not change.
func jkPlayCells(p *Position, m Move) jkCells {
	us := p.side
	u := jkCells{present: p.present[us]}
	from, to := m.From(), m.To()
	pc := p.cells[from]
	var rookTo Square
	switch m.Kind() {
	case HopCapture:
		u.save(p, m.Aux())
		p.cells[m.Aux()] = Empty
	case HopEnPassant:
		u.save(p, p.epPawn)
		p.cells[p.epPawn] = Empty
	case Castle:
		rookTo = p.castlingRookTo(from, m.Aux())
		u.save(p, m.Aux())
		u.save(p, rookTo)
		p.cells[m.Aux()] = Empty
	}
	u.save(p, from)
	u.save(p, to)
	p.cells[from] = Empty
	if t := m.Promo(); t != NoType {
		pc = MakePiece(us, t)
		p.present[us] |= typeBit(t)
	}
	p.cells[to] = pc
	if rookTo != NoSquare {
		p.cells[rookTo] = MakePiece(us, Rook)
	}
	return u
}

// jkEdgeToCentre reports whether m is a capture from an edge square to a central one, the
// kind of move Rule 4 makes compulsory.
func jkEdgeToCentre(m Move) bool {
	k := m.Kind()
	return (k == HopCapture || k == HopEnPassant) && !jkCentral[m.From()] && jkCentral[m.To()]
}

// jkPseudo adds every move of the side to move by the piece patterns, without regard to
// its own king's safety or to Rule 4.
func jkPseudo(p *Position, ml *MoveList) {
	us := p.side
	for _, from := range p.pieces[us][:p.nPieces[us]] {
		jkPieceMoves(p, from, ml)
	}
	if p.castleRook[us] != [2]Square{} {
		p.genCastling(ml)
	}
}

// jkPieceMoves adds the moves of the side to move's piece on from by its patterns, castling
// aside, without regard to its own king's safety or to Rule 4.
func jkPieceMoves(p *Position, from Square, ml *MoveList) {
	t := p.cells[from].Type()
	if t == Pawn {
		jkPawn(p, from, ml)
		return
	}
	enemy := colorBit(p.side.Other())
	for i := range jkLines[t] {
		ln := &jkLines[t][i]
		u := Square(ln.u)
		if ln.rider {
			s := from + u
			for p.cells[s] == Empty {
				if jkCentral[s] {
					ml.Add(NewMove(Normal, from, s, NoSquare, NoType))
				}
				s += u
			}
			if pc := p.cells[s]; pc&enemy != 0 && pc.Type() != King {
				for to := s + u; p.cells[to] == Empty; to += u {
					ml.Add(NewMove(HopCapture, from, to, s, NoType))
				}
			}
		}
		for _, a := range ln.leaps {
			s := from + Square(a)
			pc := p.cells[s]
			if pc == Empty {
				if jkCentral[s] {
					ml.Add(NewMove(Normal, from, s, NoSquare, NoType))
				}
			} else if pc&enemy != 0 && pc.Type() != King {
				for _, b := range ln.leaps {
					if to := s + Square(b); p.cells[to] == Empty {
						ml.Add(NewMove(HopCapture, from, to, s, NoType))
					}
				}
			}
		}
	}
}

// jkPawn adds the moves of the pawn on from: steps to central squares, the double step
// from its first rank, forward Ferz captures and en passant by jumping over the passed
// square, each reaching rank 8 or 9 (Black: 1 or 0) once per promotion type.
func jkPawn(p *Position, from Square, ml *MoveList) {
	us := p.side
	v := p.v
	push := Square(v.pawnPush[us])
	if to := from + push; p.cells[to] == Empty && jkCentral[to] {
		p.addPawnMove(Normal, from, to, ml)
		if to2 := to + push; int(v.Geometry.rank[from]) == v.Pawn.StartRank[us] && p.cells[to2] == Empty && jkCentral[to2] {
			ml.Add(NewMove(Normal, from, to2, NoSquare, NoType))
		}
	}
	enemy := colorBit(us.Other())
	for _, d := range v.pawnTake[us] {
		over := from + Square(d)
		to := over + Square(d)
		if p.cells[to] != Empty {
			continue
		}
		if pc := p.cells[over]; pc&enemy != 0 && pc.Type() != King {
			if p.promotes(us, to) {
				for _, t := range v.Pawn.PromoTypes {
					ml.Add(NewMove(HopCapture, from, to, over, t))
				}
			} else {
				ml.Add(NewMove(HopCapture, from, to, over, NoType))
			}
		} else if pc == Empty && over == p.ep[0] {
			ml.Add(NewMove(HopEnPassant, from, to, over, NoType))
		}
	}
}

// jkApply plays hop captures; the standard apply plays steps, slides and castling.
func jkApply(p *Position, m Move) {
	kind := m.Kind()
	if kind != HopCapture && kind != HopEnPassant {
		p.applyStandard(m)
		return
	}
	us := p.side
	from, to := m.From(), m.To()
	victim := m.Aux()
	if kind == HopEnPassant {
		victim = p.epPawn
	}
	p.clearEP()
	p.halfmove = 0
	p.remove(victim)
	p.loseCastlingOn(victim) // a rook taken on its corner takes its castling right along
	if promo := m.Promo(); promo != NoType {
		p.remove(from)
		p.put(to, MakePiece(us, promo))
	} else {
		if p.cells[from].Type() == King {
			p.loseKingRights(us)
		}
		p.relocate(from, to)
		p.loseCastlingOn(from)
	}
	p.flipSide()
}

// jkAttacked reports whether a piece of side by has a capture pattern over sq to an empty
// landing square, whatever stands on sq. Over a king square this is check.
func jkAttacked(p *Position, sq Square, by Color) bool { return jkAttackedAlong(p, sq, by, 0) }

// jkOutcome is Rule 2's stalemate victory: a player without legal moves and not in check
// loses if the other king stands on a central square and he has a piece (king included)
// on an edge square. Every other end is the standard one (mate wins, stalemate draws).
func jkOutcome(p *Position, legal int) (Outcome, bool) {
	if legal > 0 || p.InCheck() {
		return Outcome{}, false
	}
	winner := p.side.Other()
	if !jkCentral[p.kings[winner]] {
		return Outcome{}, false
	}
	for _, sq := range p.Pieces(p.side) {
		if !jkCentral[sq] {
			return Outcome{WinFor(winner), "stalemate victory"}, true
		}
	}
	return Outcome{}, false
}

// jkValidate refuses castling rights the rules cannot give: castling is only with the
// king on e1 (e8) and the rook on its corner of the central board, a1 or h1 (a8, h8). The
// FEN letters K and Q name the outermost rook, which may stand on the edge file beyond
// the corner; the right then belongs to the rook on the corner.
func jkValidate(p *Position) error {
	g := p.v.Geometry
	for c := White; c <= Black; c++ {
		back := p.v.Castling.BackRank[c]
		for s, f := range [2]int{1, 8} {
			r := p.castleRook[c][s]
			if r == NoSquare {
				continue
			}
			corner := g.cell(f, back)
			if p.cells[corner] != MakePiece(c, Rook) || p.kings[c] != g.cell(5, back) {
				return fmt.Errorf("fen: %s castling needs the king on %s and the rook on %s", c, g.Name(g.cell(5, back)), g.Name(corner))
			}
			p.castleRook[c][s] = corner
		}
	}
	return nil
}

// jkEPCapturable reports whether a pawn of side by can jump over the passed square, so
// that the en passant square belongs in the hash only when it makes a difference.
func jkEPCapturable(p *Position, by Color) bool {
	sq := p.ep[0]
	if sq == NoSquare {
		return false
	}
	pawn := MakePiece(by, Pawn)
	for _, d := range p.v.pawnTake[by] {
		if p.cells[sq-Square(d)] == pawn && p.cells[sq+Square(d)] == Empty {
			return true
		}
	}
	return false
}

// jkParseMove reads the notation of the rules file besides the printed form: an optional
// piece letter, from, an optional "x" and victim, "-", to, an optional promotion ("=Q",
// "(Q)" or "q") and check marks: "Ng8xd2-c0+", "g2-g3", "a2-a1=Q", "b0xc0-f0". A capture
// written without its victim is read when only one victim fits.
func jkParseMove(p *Position, s string) (Move, bool) {
	g := p.v.Geometry
	s = strings.TrimRight(s, "+#!? ")
	if len(s) > 0 && s[0] >= 'A' && s[0] <= 'Z' {
		s = s[1:]
	}
	from, n, ok := g.ParseSquare(s)
	if !ok {
		return NullMove, false
	}
	s = s[n:]
	victim := NoSquare
	if strings.HasPrefix(s, "x") {
		if victim, n, ok = g.ParseSquare(s[1:]); !ok {
			return NullMove, false
		}
		s = s[1+n:]
	}
	if !strings.HasPrefix(s, "-") {
		return NullMove, false
	}
	to, n, ok := g.ParseSquare(s[1:])
	if !ok {
		return NullMove, false
	}
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s[1+n:], "="), "("), ")")
	promo := NoType
	if s != "" {
		if len(s) != 1 {
			return NullMove, false
		}
		if promo = p.v.TypeOf(s[0]); promo == NoType {
			return NullMove, false
		}
	}
	var ml MoveList
	p.LegalMoves(&ml)
	found := NullMove
	for _, m := range ml.Moves() {
		if m.From() != from || m.To() != to || m.Promo() != promo {
			continue
		}
		if victim != NoSquare && m.Aux() != victim {
			continue
		}
		if found != NullMove {
			return NullMove, false // ambiguous: name the victim
		}
		found = m
	}
	return found, found != NullMove
}
