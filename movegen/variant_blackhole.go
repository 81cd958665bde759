package movegen

import "fmt"

// Black Hole Chess (docs/blackhole.md): FIDE chess on a 9x11 board with two
// extra squares, e0 behind White's king and e12 behind Black's, and a hole on e6, plus a
// Marshall (rook + knight) on each side. Everything the game changes is board shape and
// numbers, so the standard rules of the core play it:
//
//   - The hole and the cells beside e0 and e12 are walls of the mailbox. A wall stops a
//     rider and a pawn step exactly as the board's edge does, and is never a capture
//     target, so no straight-line move lands on or crosses e6, while leaps (the knight,
//     the Marshall's knight part) only look at their landing cell and jump over it. The
//     diagonal neighbours of e6 (d6-e7 and so on) are not blocked: the hole is not on
//     their line.
//   - e0 and e12 are plain squares joined to the e-file and the two diagonals that end there.
//   - Pawns step up to three squares from rank 2 / 10 (FirstSteps 3); the FEN lists the one
//     or two squares passed, and an en passant capture may land on either.
//   - Castling to either side is FIDE's queenside castling: the king goes two squares, the
//     rook to the square the king crossed (the core's CastlingRules give those files).
//
// What the data cannot say is checked by blackholeValidate: positions a game cannot reach
// in ways the generator would misread (a castling right for a king or rook off its start
// square, an en passant field that no first step can have left).

// blackholeBoard is the 9x13 box: ranks 0 to 12 from the bottom, e0 and e12 the only
// squares of ranks 0 and 12, the hole on e6. Knights and Marshalls leap two squares.
var blackholeBoard = MustGeometry(`
	****.****
	.........
	.........
	.........
	.........
	.........
	....*....
	.........
	.........
	.........
	.........
	.........
	****.****`, "", 0, 2)

// blackholePieces are the FIDE pieces and the Marshall of Grand Chess.
var blackholePieces = append(append([]PieceDef(nil), fidePieces...),
	PieceDef{Type: Marshall, Letter: 'M', Name: "marshall", Atoms: []Atom{RookRide, KnightLeap}})

// Box ranks and files of Black Hole Chess (with rank base 0 a box rank is the rank number).
const (
	blackholeFileA = 0 // the queenside rook's file
	blackholeFileE = 4 // the king's file, e0, e12 and the hole
	blackholeFileI = 8 // the kingside rook's file
)

// Blackhole is Black Hole Chess, the variant called blackhole.
var Blackhole = (&Variant{
	Name:     "blackhole",
	Title:    "Black Hole Chess",
	Geometry: blackholeBoard,
	Pieces:   blackholePieces,
	Pawn: PawnRules{
		StartRank:  [2]int{2, 10},
		FirstSteps: 3,
		PromoRank:  [2]int{11, 1},
		PromoTypes: []PieceType{Queen, Marshall, Rook, Bishop, Knight},
	},
	Castling: CastlingRules{
		BackRank: [2]int{1, 11},
		KingFile: [2]int{2, 6}, // c1, g1: two squares from e1 either way
		RookFile: [2]int{3, 5}, // d1, f1: the square the king crossed
	},
	StartFEN: "****1****/rnbqkmbnr/ppppppppp/9/9/9/4*4/9/9/9/PPPPPPPPP/RNBQKMBNR/****1**** w KQkq - 0 1",
	end:      gameEnd{deadPosition: blackholeDeadPosition},
	fen:      fenFields{validate: blackholeValidate},
	Zones: []Zone{sideZone(ShelterSquares, "shelter", "The shelter squares behind the kings",
		[2]Square{blackholeBoard.Square(blackholeFileE, 0), blackholeBoard.Square(blackholeFileE, 12)})},
}).compile()

// blackholeDeadPosition reports the material with which no sequence of legal moves can
// mate (FIDE's dead position, on this board): kings, and bishops that all stand on squares
// of the other colour than e0 and e12, the colour of the bishops' start squares.
//
// FIDE's list (a single minor piece, same-coloured bishops) is wrong here, because a king
// on e0 has only three neighbours, d1, e1 and f1, and an enemy king on e2 holds all three:
// a knight checking from c1, g1, d2 or f2, or a bishop on e0's colour checking along
// a4-e0 or i4-e0, mates. Bishops of the other colour never attack e0 or e12, and elsewhere
// a king on their colour always has two orthogonal neighbours, of the other colour, that no
// bishop attacks and no king can hold both of without standing next to it (as in a FIDE
// corner), so they never mate.
func blackholeDeadPosition(p *Position) bool {
	g := p.v.Geometry
	e0 := g.Square(blackholeFileE, 0)
	for c := White; c <= Black; c++ {
		for _, sq := range p.Pieces(c) {
			switch p.cells[sq].Type() {
			case King:
			case Bishop:
				if g.IsLight(sq) == g.IsLight(e0) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// blackholeValidate refuses what the FEN reader lets through but no game can reach and the
// rules do not define: castling rights need the king on e1/e11 and the rook on its corner
// (castling is defined from the array only), an en passant field must name the squares of
// one double or triple step from the pawn's start rank, and pawns never stand behind it.
func blackholeValidate(p *Position) error {
	v, g := p.v, p.v.Geometry
	for c := White; c <= Black; c++ {
		back := v.Castling.BackRank[c]
		for s, file := range [2]int{blackholeFileA, blackholeFileI} {
			r := p.castleRook[c][s]
			if r == NoSquare {
				continue
			}
			if k := p.kings[c]; g.File(k) != blackholeFileE || g.Rank(k) != back {
				return fmt.Errorf("fen: %s castling right but the king is not on %s", c, g.Name(g.Square(blackholeFileE, back)))
			}
			if g.File(r) != file {
				return fmt.Errorf("fen: %s castling right but no rook on %s", c, g.Name(g.Square(file, back)))
			}
		}
	}
	for _, sq := range g.squares {
		pc := p.cells[sq]
		if pc.Type() != Pawn {
			continue
		}
		if r, c := g.Rank(sq), pc.Color(); c == White && r < v.Pawn.StartRank[White] || c == Black && r > v.Pawn.StartRank[Black] {
			return fmt.Errorf("fen: %s pawn on %s, behind its start rank", c, g.Name(sq))
		}
	}
	if p.ep[0] != NoSquare {
		mover := p.side.Other()
		from := p.ep[0] - Square(v.pawnPush[mover])
		if g.Rank(from) != v.Pawn.StartRank[mover] {
			return fmt.Errorf("fen: en passant %s%s is not the start of a first pawn step", g.Name(p.ep[0]), nameIf(g, p.ep[1]))
		}
	}
	return nil
}

// nameIf is the name of sq, or "" for NoSquare.
func nameIf(g *Geometry, sq Square) string {
	if sq == NoSquare {
		return ""
	}
	return g.Name(sq)
}
