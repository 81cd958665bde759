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
// The pieces are data: atoms that capture by hop (CaptureByHop), which the shared generator
// and attack test play. So the King captures like a Ferz or a Wazir, sliders choose their
// landing square, the Nightrider keeps its line, and the War Machine (leaps of 1 and 3) may
// approach and continue by 1 or 3. What this file adds is the game's own: the edge squares
// that only captures reach (quietTargets), Rule 4, castling's test of the passed square,
// the stalemate victory and the notation.

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
		{Type: Knight, Letter: 'N', Name: "nightrider", Atoms: jkHopping(Atom{DF: 1, DR: 2, Rider: true})},
		{Type: Bishop, Letter: 'B', Name: "bishop", Atoms: jkHopping(BishopRide)},
		{Type: Rook, Letter: 'R', Name: "rook", Atoms: jkHopping(RookRide)},
		{Type: Queen, Letter: 'Q', Name: "queen", Atoms: jkHopping(RookRide, BishopRide)},
		{Type: King, Letter: 'K', Name: "king", Atoms: jkHopping(Wazir, Ferz)},
		{Type: WarMachine, Letter: 'W', Name: "war machine", Atoms: jkHopping(Wazir, Atom{DF: 3, DR: 0})},
	},
	Pawn: PawnRules{
		StartRank:  [2]int{2, 7},
		FirstSteps: 2,
		PromoRank:  [2]int{8, 1}, // rank 8 or 9 (Black: 1 or 0), both compulsory
		PromoTypes: []PieceType{Queen, Rook, Bishop, Knight, WarMachine},
		Capture:    CaptureByHop, // a forward Ferz over the victim
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
	end:          gameEnd{outcome: jkOutcome},
	fen:          fenFields{validate: jkValidate},
	parseMove:    jkParseMove,
	explain:      explanations{pseudoMoves: jkPseudo, whyNot: jkWhyNot, describePhase: jkDescribePhase},
	quietTargets: &jkCentral,
	Zones: []Zone{sharedZone(EdgeSquares, "edge", "The edge squares: only a capture reaches them",
		jkBoard.squaresWhere(func(sq Square) bool { return !jkCentral[sq] }))},
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

// jkHopping is the atoms, capturing by hop: every capture of the game jumps its victim.
func jkHopping(atoms ...Atom) []Atom {
	out := make([]Atom, len(atoms))
	for i, a := range atoms {
		a.Capture = CaptureByHop
		out[i] = a
	}
	return out
}

// jkLegalMoves lists the legal moves: the pseudo-legal ones that do not leave the mover's
// king in check (keepLegalModes' test, in the same pass that looks for Rule 4's captures),
// then Rule 4: if any of them is a capture from an edge square to a central square, only
// those captures and the moves that give check remain. Both tests play each move on the
// board cells only and take it back, since check depends on nothing else.
func jkLegalMoves(p *Position, ml *MoveList) {
	start := ml.n
	jkPseudo(p, ml)
	w := p.watchKing()
	w.inCheck = w.king != NoSquare && p.Attacked(w.king, p.side.Other())
	n := start
	forced := false
	for _, m := range ml.moves[start:ml.n] {
		if p.leavesKingSafe(m, &w) {
			ml.moves[n] = m
			n++
			forced = forced || jkEdgeToCentre(m)
		}
	}
	ml.n = n
	if !forced {
		return
	}
	n = start
	for _, m := range ml.moves[start:ml.n] {
		if jkEdgeToCentre(m) || p.givesCheckModes(m) {
			ml.moves[n] = m
			n++
		}
	}
	ml.n = n
}

// jkForcedMoves is Rule 4's condition alone: whether some legal move of the side to move
// is a capture from an edge square to a central one. Only the pieces on edge squares can
// make one, and they are few, so only their captures are generated (into scratch) and
// tested for king safety, until one passes.
func jkForcedMoves(p *Position, scratch *MoveList) bool {
	us := p.side
	w := p.watchKing()
	enemy := colorBit(us.Other())
	known := false
	for _, from := range p.pieces[us][:p.nPieces[us]] {
		if jkCentral[from] {
			continue
		}
		scratch.Reset()
		p.genPiece(from, scratch, false, enemy)
		for _, m := range scratch.moves[:scratch.n] {
			if !jkEdgeToCentre(m) {
				continue
			}
			if !known {
				w.inCheck, known = w.king != NoSquare && p.Attacked(w.king, us.Other()), true
			}
			if p.leavesKingSafe(m, &w) {
				return true
			}
		}
	}
	return false
}

// jkEdgeToCentre reports whether m is a capture from an edge square to a central one, the
// kind of move Rule 4 makes compulsory.
func jkEdgeToCentre(m Move) bool {
	k := m.Kind()
	return (k == HopCapture || k == HopEnPassant) && !jkCentral[m.From()] && jkCentral[m.To()]
}

// jkPseudo adds every move of the side to move by the piece patterns, without regard to
// its own king's safety or to Rule 4. Every piece of the game hops, so each goes straight
// to the generator of the capture modes.
func jkPseudo(p *Position, ml *MoveList) {
	us := p.side
	enemy := colorBit(us.Other())
	for _, from := range p.pieces[us][:p.nPieces[us]] {
		if t := p.cells[from].Type(); t == Pawn {
			p.genModePawn(from, ml, true)
		} else {
			p.genModePiece(from, t, ml, true, enemy)
		}
	}
	if p.castleRook[us] != [2]Square{} {
		p.genCastling(ml)
	}
}

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
