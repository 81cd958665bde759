package movegen

// FIDE chess: the baseline that proves the core against public perft numbers and known
// engines. Everything here is the standard rule set of the core, so this file is only data.

// fidePieces are the six FIDE pieces; other games reuse them.
var fidePieces = []PieceDef{
	{Type: Pawn, Letter: 'P', Name: "pawn"},
	{Type: Knight, Letter: 'N', Name: "knight", Atoms: []Atom{KnightLeap}},
	{Type: Bishop, Letter: 'B', Name: "bishop", Atoms: []Atom{BishopRide}},
	{Type: Rook, Letter: 'R', Name: "rook", Atoms: []Atom{RookRide}},
	{Type: Queen, Letter: 'Q', Name: "queen", Atoms: []Atom{RookRide, BishopRide}},
	{Type: King, Letter: 'K', Name: "king", Atoms: []Atom{Wazir, Ferz}},
}

// board8x8 is the FIDE board; knights leap at most two squares.
var board8x8 = MustGeometry(`
	........
	........
	........
	........
	........
	........
	........
	........`, "", 1, 2)

// FIDE is FIDE chess, the variant called normal.
var FIDE = (&Variant{
	Name:     "normal",
	Title:    "FIDE chess",
	Geometry: board8x8,
	Pieces:   fidePieces,
	Pawn: PawnRules{
		StartRank:  [2]int{1, 6},
		FirstSteps: 2,
		PromoRank:  [2]int{7, 0},
		PromoTypes: []PieceType{Queen, Rook, Bishop, Knight},
	},
	Castling: CastlingRules{
		BackRank: [2]int{0, 7},
		KingFile: [2]int{2, 6}, // c1, g1
		RookFile: [2]int{3, 5}, // d1, f1
	},
	StartFEN:      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	StandardChess: true, // the game PGN, UCI and XBoard assume, and SAN describes
	end:           gameEnd{deadPosition: fideDeadPosition},
}).compile()

// fideDeadPosition reports the material with which no sequence of legal moves can mate:
// kings alone, a single minor piece, or bishops that all stand on squares of one colour.
func fideDeadPosition(p *Position) bool {
	// Any piece but kings, knights and bishops keeps the game alive: the sets of types
	// present answer at once in nearly every position a search meets.
	if (p.present[White]|p.present[Black])&^(typeBit(King)|typeBit(Knight)|typeBit(Bishop)) != 0 {
		return false
	}
	minors, knights := 0, 0
	bishopOn := [2]bool{}
	for c := White; c <= Black; c++ {
		for _, sq := range p.Pieces(c) {
			switch p.cells[sq].Type() {
			case King:
			case Knight:
				minors++
				knights++
			case Bishop:
				minors++
				bishopOn[boolIndex(p.v.Geometry.light[sq])] = true
			default:
				return false
			}
		}
	}
	if minors <= 1 {
		return true
	}
	return knights == 0 && !(bishopOn[0] && bishopOn[1])
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
