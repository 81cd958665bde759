package movegen

import (
	"fmt"
	"strings"
)

// Hop Chess (João Pedro Neto, docs/hopchess.md): FIDE chess plus one trampoline
// per side. A turn is a piece move, in which a piece ending on a trampoline must move on
// ("hop"), and then the placement of the mover's trampoline on any empty square. The
// pieces, board and start are FIDE's; the capabilities below add the trampolines.
//
// This file holds the variant, its FEN fields, applying a turn and reading a turn's route.
// The rest of Hop Chess is in the files variant_hopchess_*.go:
//
//	lines      the kinds of line a hopping piece keeps to, read from the pieces and board
//	pieces     the piece moves (routes over the trampolines), the first half of a turn
//	castle     castling, generated and played on the scratch board
//	turns      the legal turns: piece moves with their placements, and the checks
//	placement  square sets, the opponent's landings and the order of placements
//	attack     the attack test through the trampolines
//	danger     the placements that open a route to a king

// HopChess is the variant called hopchess.
var HopChess = (&Variant{
	Name:     "hopchess",
	Title:    "Hop Chess",
	Geometry: board8x8,
	Pieces:   fidePieces,
	Pawn:     FIDE.Pawn,
	Castling: hopCastling,
	StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -",
	turns: turnGenerator{
		legalMoves:          hopLegalMoves,
		legalMovesChecks:    hopLegalMovesChecks,
		legalTactical:       hopLegalTactical,
		legalTacticalPlaced: hopLegalTacticalPlaced,
		hasLegalMove:        hopHasLegalMove,
	},
	play:      movePlay{apply: hopApply, attacked: hopAttacked, epCapturable: hopEPCapturable},
	end:       gameEnd{deadPosition: hopDeadPosition},
	fen:       fenFields{parseFields: hopParseFields, formatFields: hopFormatFields, validate: hopValidate},
	parseMove: hopParseMove,
	explain:   explanations{pseudoMoves: hopPseudoMoves, whyNot: hopWhyNot, describePhase: hopDescribePhase},
}).compile()

// hopCastling is FIDE's, but the square the king crosses is tested with the king put on it,
// and its destination is judged with the rest of the turn, after the placement (3.3).
var hopCastling = CastlingRules{
	BackRank:      [2]int{0, 7},
	KingFile:      [2]int{2, 6}, // c1, g1
	RookFile:      [2]int{3, 5}, // d1, f1
	CrossWithKing: true,
}

// hopPlaces reports whether the side to move places its trampoline this turn: every turn
// but White's very first (White to move, fullmove 1, White's trampoline off the board).
func hopPlaces(p *Position) bool {
	return !(p.side == White && p.fullmove == 1 && p.tramp[White] == NoSquare)
}

// hopParseFields reads the two trampoline fields, White's then Black's, "-" when off the
// board. Both may be left out together (both off the board).
func hopParseFields(p *Position, fields []string) error {
	switch len(fields) {
	case 0:
		return nil
	case 2:
	default:
		return fmt.Errorf("fen: hopchess wants two trampoline fields after the fullmove number, got %d", len(fields))
	}
	g := p.v.Geometry
	for c, f := range fields {
		if f == "-" {
			continue
		}
		sq := g.SquareByName(f)
		if sq == NoSquare {
			return fmt.Errorf("fen: bad %s trampoline square %q", Color(c), f)
		}
		p.tramp[c] = sq
	}
	return nil
}

// hopFormatFields writes the two trampoline fields.
func hopFormatFields(p *Position) []string {
	g := p.v.Geometry
	return []string{g.Name(p.tramp[White]), g.Name(p.tramp[Black])}
}

// hopValidate refuses trampolines under pieces or on one square: a trampoline always stands
// on an empty square (3.2: "no piece on it and not the other trampoline's square").
func hopValidate(p *Position) error {
	g := p.v.Geometry
	for c, sq := range p.tramp {
		if sq != NoSquare && p.cells[sq] != Empty {
			return fmt.Errorf("fen: %s trampoline on %s, which holds a piece", Color(c), g.Name(sq))
		}
	}
	if p.tramp[White] != NoSquare && p.tramp[White] == p.tramp[Black] {
		return fmt.Errorf("fen: both trampolines on %s", g.Name(p.tramp[White]))
	}
	return nil
}

// hopEPCapturable: only a plain diagonal step can take en passant, so a trampoline on the
// passed-over square (where the capturing pawn would have to hop) forbids it (3.4).
func hopEPCapturable(p *Position, by Color) bool {
	sq := p.ep[0]
	if sq == NoSquare || sq == p.tramp[White] || sq == p.tramp[Black] {
		return false
	}
	pawn := MakePiece(by, Pawn)
	for _, d := range p.v.pawnTake[by] {
		if p.cells[sq-Square(d)] == pawn {
			return true
		}
	}
	return false
}

// hopDeadPosition reports the material with which no side can ever give mate. Only FIDE's
// bishop argument survives the trampolines (a bishop, hops included, stays on its colour,
// so it never covers the mated king's flight squares of the other colour). A lone knight
// can mate through a trampoline (Kb6, Na6, trampoline c7 against Ka8: a6-c7(@)-a8), so
// unlike FIDE a knight is not dead material. The rules file is silent here; "same as FIDE"
// is read as FIDE's dead-position rule, applied to what is provably dead.
func hopDeadPosition(p *Position) bool {
	var on [2]bool
	for c := White; c <= Black; c++ {
		for _, sq := range p.Pieces(c) {
			switch p.cells[sq].Type() {
			case King:
			case Bishop:
				on[boolIndex(p.v.Geometry.light[sq])] = true
			default:
				return false
			}
		}
	}
	return !(on[0] && on[1])
}

// hopApply plays a turn: the piece move, then the placement, then the en passant record of
// a plain double step (after the placement, since a trampoline on the passed square
// forbids the capture).
func hopApply(p *Position, m Move) {
	us := p.side
	from, to := m.From(), m.To()
	epPawn := p.epPawn
	p.halfmove++
	p.clearEP()
	var passed Square
	switch m.Kind() {
	case Turn, TurnViaStep:
		pc := p.cells[from]
		if p.cells[to] != Empty {
			p.remove(to)
			p.loseCastlingOn(to)
			p.halfmove = 0
		}
		switch pc.Type() {
		case Pawn:
			p.halfmove = 0
			g := p.v.Geometry
			push := Square(p.v.pawnPush[us])
			if m.Kind() == Turn && int(g.rank[from]) == p.v.Pawn.StartRank[us] && to == from+2*push {
				passed = from + push
			}
			if t := m.Promo(); t != NoType {
				p.remove(from)
				p.put(to, MakePiece(us, t))
			} else {
				p.relocate(from, to)
			}
		case King:
			p.loseKingRights(us)
			p.relocate(from, to)
		default:
			p.relocate(from, to)
			p.loseCastlingOn(from)
		}
	case TurnCastle:
		p.castle(from, to, p.castleRook[us][boolIndex(to > from)])
	case TurnEnPassant:
		p.remove(epPawn)
		p.relocate(from, to)
		p.halfmove = 0
	}
	if t := m.Aux(); t != NoSquare {
		p.setTramp(us, t)
	}
	if passed != NoSquare {
		p.setEP([2]Square{passed}, to, us.Other())
	}
	p.flipSide()
}

// hopParseMove reads a turn whose piece move is written with its route, square by square
// (c8f5e4,f5 is c8-f5 hop-e4, then the trampoline to f5), and returns the move it stands
// for, provided the route is one the piece can really take.
func hopParseMove(p *Position, s string) (Move, bool) {
	g := p.v.Geometry
	var route [5]Square
	n := 0
	rest := s
	for n < len(route) {
		sq, k, ok := g.ParseSquare(rest)
		if !ok {
			break
		}
		route[n] = sq
		n++
		rest = rest[k:]
	}
	if n < 2 {
		return NullMove, false
	}
	promo := NoType
	if rest != "" && rest[0] != ',' {
		promo = p.v.TypeOf(rest[0])
		if promo == NoType || promo == Pawn || promo == King {
			return NullMove, false
		}
		rest = rest[1:]
	}
	aux := NoSquare
	if rest != "" {
		if rest[0] != ',' {
			return NullMove, false
		}
		aux = g.SquareByName(strings.TrimSpace(rest[1:]))
		if aux == NoSquare {
			return NullMove, false
		}
	}
	from, to := route[0], route[n-1]
	if !p.hopRouteValid(from, route[1:n-1], to, promo) {
		return NullMove, false
	}
	kind := Turn
	push := Square(p.v.pawnPush[p.side])
	if n == 3 && p.cells[from].Type() == Pawn && route[1] == from+push && to == from+2*push {
		kind = TurnViaStep
	}
	return NewMove(kind, from, to, aux, promo), true
}
