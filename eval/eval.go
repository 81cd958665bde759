// Package eval scores positions for the search: a number in centipawns from the point of
// view of the side to move. It knows the games only through movegen's data.
package eval

import "varchess/movegen"

// pieceValue is a first material table in centipawns. The search issue replaces it with
// per-variant values and positional terms.
var pieceValue = [movegen.NumTypes]int{
	movegen.Pawn:       100,
	movegen.Knight:     320,
	movegen.Bishop:     330,
	movegen.Rook:       500,
	movegen.Queen:      900,
	movegen.Marshall:   850,
	movegen.WarMachine: 300,
}

// Value is the material value of a piece of type t in centipawns (kings count zero).
func Value(t movegen.PieceType) int { return pieceValue[t] }

// Evaluate scores p for the side to move.
func Evaluate(p *movegen.Position) int {
	score := 0
	for c := movegen.White; c <= movegen.Black; c++ {
		sign := 1
		if c != p.SideToMove() {
			sign = -1
		}
		for t := movegen.Pawn; t < movegen.NumTypes; t++ {
			score += sign * pieceValue[t] * (p.Count(c, t) + p.Hand(c, t))
		}
	}
	return score
}
