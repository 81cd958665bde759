package movegen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// King to Bunker Leap (Charles Daniel, docs/bunker.md): FIDE chess whose king may,
// once per game, leap from its original square to the b or g file over friendly pieces,
// beside a modified Fischer Random castling (a-side: king to b, rook to c; h-side: king to g,
// rook to f), written as the king taking its rook. Two systems give the back ranks:
//
//   - bunker (Shuffle Chess): one of the 2880 arrays of K, Q, R, R, B, B, N, N with the
//     bishops on opposite colours, Black mirrored; numbered by BunkerArray.
//   - prechess (Pre-chess): only pawns on the board; White and Black place their pieces on
//     their back ranks one at a time (N@b1), then play as in bunker.
//
// The leap is an ordinary king move (kind Normal) of more than one file: it loses the
// castling rights and the leap like any king move, and its text is the king's from and to.

// bunkerLeap: the king's once-per-game leap to its bunker, the b or the g file.
var bunkerLeap = KingLeapRules{Files: []int{1, 6}}

// bunkerCastling: a-side castling ends with king b, rook c; h-side with king g, rook f.
var bunkerCastling = CastlingRules{
	BackRank:      [2]int{0, 7},
	KingFile:      [2]int{1, 6},
	RookFile:      [2]int{2, 5},
	KingTakesRook: true,
}

// Bunker is King to Bunker Leap in the Shuffle Chess system. Its StartFEN is array 518, the
// FIDE array; Start with a random source picks one of the 2880 arrays uniformly.
var Bunker = (&Variant{
	Name:        "bunker",
	Title:       "King to Bunker Leap (Shuffle Chess)",
	Geometry:    board8x8,
	Pieces:      fidePieces,
	Pawn:        FIDE.Pawn,
	Castling:    bunkerCastling,
	KingLeap:    bunkerLeap,
	StartFEN:    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 Kk",
	end:         gameEnd{deadPosition: fideDeadPosition},
	fen:         fenFields{parseFields: bunkerParseFields, formatFields: bunkerFormatFields, validate: bunkerValidate},
	parseMove:   bunkerParseMove,
	randomStart: bunkerRandomStart,
	explain:     explanations{whyNot: bunkerWhyNot},
}).compile()

// Prechess is King to Bunker Leap in the Pre-chess system: a placement phase of 16 turns,
// then the game as in Bunker, with the castling rights the final arrays give.
var Prechess = (&Variant{
	Name:      "prechess",
	Title:     "King to Bunker Leap (Pre-chess)",
	Geometry:  board8x8,
	Pieces:    fidePieces,
	Pawn:      FIDE.Pawn,
	Castling:  bunkerCastling,
	KingLeap:  bunkerLeap,
	StartFEN:  "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1 Kk",
	HandInFEN: true,
	turns:     turnGenerator{legalMoves: prechessLegalMoves},
	play:      movePlay{apply: prechessApply},
	end:       gameEnd{deadPosition: fideDeadPosition},
	fen:       fenFields{parseFields: bunkerParseFields, formatFields: bunkerFormatFields, validate: prechessValidate},
	parseMove: bunkerParseMove,
	explain:   explanations{whyNot: prechessWhyNot, describePhase: prechessDescribePhase},
}).compile()

// bunkerRandomStart picks one of the 2880 Shuffle Chess arrays uniformly.
func bunkerRandomStart(rng *rand.Rand) string { return BunkerArrayFEN(rng.IntN(BunkerArrays)) }

// bunkerParseFields reads the bunker-leap field: Kk, K, k or -. Without it, a side keeps its
// leap exactly when it keeps a castling right (an unmoved king), so FRC FENs read sensibly.
func bunkerParseFields(p *Position, fields []string) error {
	if len(fields) == 0 {
		for c := range p.castleRook {
			p.bunker[c] = p.castleRook[c] != [2]Square{}
		}
		return nil
	}
	if len(fields) > 1 {
		return fmt.Errorf("fen: unexpected field %q after the bunker field", fields[1])
	}
	switch fields[0] {
	case "Kk":
		p.bunker = [2]bool{true, true}
	case "K":
		p.bunker = [2]bool{true, false}
	case "k":
		p.bunker = [2]bool{false, true}
	case "-":
		p.bunker = [2]bool{}
	default:
		return fmt.Errorf("fen: bunker field %q, want Kk, K, k or -", fields[0])
	}
	return nil
}

// bunkerFormatFields writes the bunker-leap field.
func bunkerFormatFields(p *Position) []string {
	s := ""
	if p.bunker[White] {
		s += "K"
	}
	if p.bunker[Black] {
		s += "k"
	}
	if s == "" {
		s = "-"
	}
	return []string{s}
}

// bunkerValidate refuses rights a real game cannot have: a leap right for a king off its
// back rank, and a castling right for a king that has moved (no leap right).
func bunkerValidate(p *Position) error {
	g := p.v.Geometry
	for c := White; c <= Black; c++ {
		k := p.kings[c]
		if p.bunker[c] && k != NoSquare && int(g.rank[k]) != p.v.Castling.BackRank[c] {
			return fmt.Errorf("fen: %s has the bunker leap but its king is not on its back rank", c)
		}
		if p.castleRook[c] != [2]Square{} && !p.bunker[c] {
			return fmt.Errorf("fen: %s may castle but has lost the bunker leap: its king has moved", c)
		}
	}
	return nil
}

// bunkerParseMove reads the other spellings of bunker.md 2.7: O-O (h-side castling), O-O-O
// (a-side castling) and Game Courier's placement K-e1.
func bunkerParseMove(p *Position, s string) (Move, bool) {
	us := p.side
	switch s {
	case "O-O", "O-O-O":
		side := 1
		if s == "O-O-O" {
			side = 0
		}
		r := p.castleRook[us][side]
		if r == NoSquare || p.kings[us] == NoSquare {
			return NullMove, false
		}
		kd, _ := p.castlingTargets(us, side)
		return NewMove(Castle, p.kings[us], kd, r, NoType), true
	}
	if len(s) == 4 && s[1] == '-' {
		t := p.v.TypeOf(s[0])
		to := p.v.Geometry.SquareByName(s[2:])
		if t == NoType || t == Pawn || to == NoSquare || s[0] >= 'a' {
			return NullMove, false
		}
		return NewMove(Drop, NoSquare, to, Square(t), NoType), true
	}
	return NullMove, false
}

// BunkerArrays is the number of Shuffle Chess start arrays.
const BunkerArrays = 2880

// BunkerArray is White's back rank, files a to h, of Shuffle Chess array n (0 <= n < 2880).
// The numbering extends Scharnagl's Chess960 numbering: n = 960*k + s, where s places, as in
// Chess960, the light-squared bishop on file b, d, f or h by s%4, then the dark-squared bishop
// on a, c, e or g by (s/4)%4, the queen on the ((s/16)%6)-th free square, and the two knights
// by s/96 (0..9, the pairs of the five free squares in the order 01 02 03 04 12 13 14 23 24
// 34). The last three free squares then get, left to right, R K R for k = 0 (so arrays 0-959
// are the Chess960 arrays with their usual numbers, and 518 is RNBQKBNR), K R R for k = 1
// and R R K for k = 2. It returns "" for n out of range.
func BunkerArray(n int) string {
	if n < 0 || n >= BunkerArrays {
		return ""
	}
	var rank [8]byte
	k, s := n/960, n%960
	rank[2*(s%4)+1] = 'B'
	s /= 4
	rank[2*(s%4)] = 'B'
	s /= 4
	putNth(&rank, s%6, 'Q')
	s /= 6
	pairs := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}
	// Place the later knight first, so that the earlier one's index still counts the same
	// free squares.
	putNth(&rank, pairs[s][1], 'N')
	putNth(&rank, pairs[s][0], 'N')
	last := [3]string{"RKR", "KRR", "RRK"}[k]
	for i := range last {
		putNth(&rank, 0, last[i])
	}
	return string(rank[:])
}

// putNth puts piece on the i-th (0-based) empty cell of rank.
func putNth(rank *[8]byte, i int, piece byte) {
	for f := range rank {
		if rank[f] != 0 {
			continue
		}
		if i == 0 {
			rank[f] = piece
			return
		}
		i--
	}
}

// BunkerArrayNumber is the number of the Shuffle Chess array whose back rank (files a to h,
// upper case) is rank, or -1 if it is not one of the 2880: BunkerArray read backwards.
func BunkerArrayNumber(rank string) int {
	if len(rank) != 8 {
		return -1
	}
	var free []byte // the pieces other than the bishops, left to right
	light, dark := -1, -1
	for f := range 8 {
		switch {
		case rank[f] == 'B' && f%2 == 1 && light < 0:
			light = f / 2
		case rank[f] == 'B' && f%2 == 0 && dark < 0:
			dark = f / 2
		default:
			free = append(free, rank[f])
		}
	}
	q := strings.IndexByte(string(free), 'Q')
	if light < 0 || dark < 0 || q < 0 {
		return -1
	}
	free = append(free[:q], free[q+1:]...)
	n1 := strings.IndexByte(string(free), 'N')
	n2 := strings.LastIndexByte(string(free), 'N')
	pairs := [5][5]int{{-1, 0, 1, 2, 3}, {-1, -1, 4, 5, 6}, {-1, -1, -1, 7, 8}, {-1, -1, -1, -1, 9}}
	if n1 < 0 || n1 == n2 {
		return -1
	}
	pair := pairs[n1][n2]
	rest := string(free[:n1]) + string(free[n1+1:n2]) + string(free[n2+1:])
	k := slices.Index([]string{"RKR", "KRR", "RRK"}, rest)
	if k < 0 {
		return -1
	}
	return 960*k + light + 4*(dark+4*(q+6*pair))
}

// BunkerArrayFEN is the start position of Shuffle Chess array n (0 <= n < 2880), with the
// castling rights the array gives; "" for n out of range.
func BunkerArrayFEN(n int) string {
	white := BunkerArray(n)
	if white == "" {
		return ""
	}
	a, h := arrayCastlingFiles([]byte(white))
	rights := ""
	for _, f := range []int{h, a} {
		if f >= 0 {
			rights += string(rune('A' + f))
		}
	}
	rights += strings.ToLower(rights)
	if rights == "" {
		rights = "-"
	}
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + rights + " - 0 1 Kk"
}

// arrayCastlingFiles are the files of the rooks of a start array (files a to h; K and R in
// either case) that may castle, -1 for none: the outermost rook on each side of the king.
// With the king between the rooks that is each side's rook; with both rooks on one side it
// is only the farther one (bunker.md 2.3).
func arrayCastlingFiles(rank []byte) (a, h int) {
	a, h = -1, -1
	kf := -1
	for f := range rank {
		if rank[f]|0x20 == 'k' {
			kf = f
		}
	}
	for f := range rank {
		if rank[f]|0x20 != 'r' {
			continue
		}
		if f < kf && a < 0 {
			a = f
		}
		if f > kf {
			h = f
		}
	}
	return a, h
}

// prechessLegalMoves: while the side to move has pieces in hand it may only place one;
// afterwards the game is Bunker's.
func prechessLegalMoves(p *Position, ml *MoveList) {
	if p.inHand(p.side) == 0 {
		p.standardLegalMoves(ml)
		return
	}
	us := p.side
	g := p.v.Geometry
	back := p.v.Castling.BackRank[us]
	rank := p.backRankBishops(us)
	for _, t := range [...]PieceType{King, Queen, Rook, Bishop, Knight} {
		if p.hand[us][t] == 0 {
			continue
		}
		for f := range g.Files {
			to := g.cell(f, back)
			if p.cells[to] == Empty && p.keepsBishops(us, t, to, rank) {
				ml.Add(NewMove(Drop, NoSquare, to, Square(t), NoType))
			}
		}
	}
}

// inHand counts c's pieces in hand.
func (p *Position) inHand(c Color) int {
	n := 0
	for _, k := range p.hand[c] {
		n += int(k)
	}
	return n
}

// placementKeepsBishops reports whether c's bishops can still end on opposite colours after
// c places a piece of type t on to (NoSquare: as the position stands). Every piece in hand
// goes to the back rank, whose empty squares are exactly enough for them, so the only way
// to fail is a colour the bishops need that has no empty square left.
func (p *Position) placementKeepsBishops(c Color, t PieceType, to Square) bool {
	return p.keepsBishops(c, t, to, p.backRankBishops(c))
}

// bishopSquares counts, on one side's back rank, its bishops and the empty squares, each
// by square colour (index 1: light).
type bishopSquares struct{ onColour, empty [2]int }

// backRankBishops is c's bishopSquares as the position stands: counted once for all the
// placements of a position (prechessLegalMoves), not once for each (a rank walk per
// placement was a third of a Pre-chess search).
func (p *Position) backRankBishops(c Color) bishopSquares {
	g := p.v.Geometry
	back := p.v.Castling.BackRank[c]
	var b bishopSquares
	bishop := MakePiece(c, Bishop)
	for f := range g.Files {
		sq := g.cell(f, back)
		light := boolIndex(g.light[sq])
		switch p.cells[sq] {
		case bishop:
			b.onColour[light]++
		case Empty:
			b.empty[light]++
		}
	}
	return b
}

// keepsBishops is placementKeepsBishops from c's back-rank counts b (backRankBishops).
func (p *Position) keepsBishops(c Color, t PieceType, to Square, b bishopSquares) bool {
	onColour, empty := b.onColour, b.empty
	if to != NoSquare {
		// The placement on to, if to is on the back rank: a bishop there counts on its
		// colour, and an empty square there is empty no more.
		g := p.v.Geometry
		if g.rank[to] == int8(p.v.Castling.BackRank[c]) && g.file[to] >= 0 {
			light := boolIndex(g.light[to])
			switch p.cells[to] {
			case MakePiece(c, Bishop):
			case Empty:
				empty[light]--
				if t == Bishop {
					onColour[light]++
				}
			default:
				if t == Bishop {
					onColour[light]++
				}
			}
		}
	}
	inHand := int(p.hand[c][Bishop])
	if t == Bishop {
		inHand--
	}
	need := 0
	for col := range onColour {
		if onColour[col] > 1 {
			return false
		}
		if onColour[col] == 0 {
			if empty[col] == 0 {
				return false
			}
			need++
		}
	}
	return need <= inHand
}

// prechessApply plays m; the 16th placement fixes both sides' castling rights from their
// arrays, as in Shuffle Chess (bunker.md 2.3).
func prechessApply(p *Position, m Move) {
	p.applyStandard(m)
	if m.Kind() != Drop || p.inHand(White)+p.inHand(Black) > 0 {
		return
	}
	g := p.v.Geometry
	for c := White; c <= Black; c++ {
		back := p.v.Castling.BackRank[c]
		var rank [8]byte
		for f := range rank {
			rank[f] = p.v.Letter(p.cells[g.cell(f, back)])
		}
		a, h := arrayCastlingFiles(rank[:])
		if a >= 0 {
			p.setCastle(c, 0, g.cell(a, back))
		}
		if h >= 0 {
			p.setCastle(c, 1, g.cell(h, back))
		}
	}
}

// fullArmy is each side's set of pieces in Pre-chess, pawns apart.
var fullArmy = [NumTypes]uint8{King: 1, Queen: 1, Rook: 2, Bishop: 2, Knight: 2}

// prechessValidate adds to bunkerValidate the shape of the placement phase: while any piece
// is in hand, every pawn is on its start square, every other piece of a side stands on its
// back rank or in its hand (a full army), White has placed as many pieces as Black (one
// more, with Black to move), no right has been fixed or lost yet, and the bishops can still
// end on opposite colours.
func prechessValidate(p *Position) error {
	if err := bunkerValidate(p); err != nil {
		return err
	}
	if p.inHand(White)+p.inHand(Black) == 0 {
		return nil
	}
	g := p.v.Geometry
	var placed [2]int
	for c := White; c <= Black; c++ {
		back := p.v.Castling.BackRank[c]
		pawnRank := p.v.Pawn.StartRank[c]
		for _, sq := range p.Pieces(c) {
			r := int(g.rank[sq])
			if p.cells[sq].Type() == Pawn && r != pawnRank || p.cells[sq].Type() != Pawn && r != back {
				return fmt.Errorf("fen: placement phase, but a %s piece stands on %s", c, g.Name(sq))
			}
		}
		if p.count[c][Pawn] != uint8(g.Files) || p.hand[c][Pawn] != 0 {
			return fmt.Errorf("fen: placement phase, but %s's pawns are not all on their start squares", c)
		}
		for t, n := range fullArmy {
			if t != int(Pawn) && p.count[c][t]+p.hand[c][t] != n {
				return fmt.Errorf("fen: placement phase, but %s's pieces on the board and in hand are not K, Q, R, R, B, B, N, N", c)
			}
		}
		if p.castleRook[c] != [2]Square{} || !p.bunker[c] {
			return fmt.Errorf("fen: placement phase, but %s's castling or bunker rights are not the start's (- and Kk)", c)
		}
		if !p.placementKeepsBishops(c, NoType, NoSquare) {
			return fmt.Errorf("fen: %s's bishops can no longer end on opposite colours", c)
		}
		placed[c] = int(p.nPieces[c]) - g.Files
	}
	if placed[White]-placed[Black] != int(p.side) {
		return fmt.Errorf("fen: placement phase, but %d white and %d black placements do not fit %s to move", placed[White], placed[Black], p.side)
	}
	return nil
}
