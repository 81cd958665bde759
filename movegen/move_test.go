package movegen

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMoveParts: the parts a move shows to search and protocol agree with the move's text
// and with each other, along random games of every variant. Placing turns are exactly the
// moves of the variants with trampolines; a turn's Placement is the square its text names
// after the comma; WithPlacement puts another turn's placement on a turn of the same piece
// move and kind and gives that legal turn; and two moves have the same PieceMove exactly
// when they share origin, destination and promotion.
func TestMoveParts(t *testing.T) {
	type displacement struct {
		from, to Square
		promo    PieceType
	}
	type grouping struct {
		piece PieceMove
		kind  MoveKind
	}
	for _, v := range All {
		rng := rand.New(rand.NewPCG(21, 4))
		placing := 0
		for game := 0; game < 3; game++ {
			playRandom(v.MustParseFEN(v.StartFEN), rng, 12, func(p *Position) {
				var ml MoveList
				p.LegalMoves(&ml)
				g := p.Geometry()
				byPiece := map[PieceMove]displacement{}
				triples := map[displacement]bool{}
				placements := map[grouping][]Square{}
				for _, m := range ml.Moves() {
					text := p.MoveText(m)
					if m.IsPlacingTurn() != v.HasTrampolines() {
						t.Fatalf("%s %s: IsPlacingTurn %v in a variant with trampolines %v", p.FEN(), text, m.IsPlacingTurn(), v.HasTrampolines())
					}
					sq := m.Placement()
					if m.IsPlacingTurn() {
						placing++
						_, after, comma := strings.Cut(text, ",")
						if comma != (sq != NoSquare) || comma && after != g.Name(sq) {
							t.Fatalf("%s %s: Placement %v", p.FEN(), text, sq)
						}
						if m.WithPlacement(sq) != m {
							t.Fatalf("%s %s: WithPlacement(Placement()) changes the move", p.FEN(), text)
						}
						k := grouping{m.PieceMove(), m.Kind()}
						placements[k] = append(placements[k], sq)
					} else if sq != NoSquare {
						t.Fatalf("%s %s: not a placing turn, Placement %v", p.FEN(), text, sq)
					}
					d := displacement{m.From(), m.To(), m.Promo()}
					if seen, ok := byPiece[m.PieceMove()]; ok && seen != d {
						t.Fatalf("%s %s: PieceMove shared with a move %v", p.FEN(), text, seen)
					}
					byPiece[m.PieceMove()] = d
					triples[d] = true
				}
				if len(byPiece) != len(triples) {
					t.Fatalf("%s: %d PieceMoves for %d origin, destination, promotion triples", p.FEN(), len(byPiece), len(triples))
				}
				legal := map[Move]bool{}
				for _, m := range ml.Moves() {
					legal[m] = true
				}
				for _, m := range ml.Moves() {
					if !m.IsPlacingTurn() {
						continue
					}
					for _, sq := range placements[grouping{m.PieceMove(), m.Kind()}] {
						if !legal[m.WithPlacement(sq)] {
							t.Fatalf("%s %s with the placement %v is not a legal turn", p.FEN(), p.MoveText(m), sq)
						}
					}
				}
			})
		}
		if v.HasTrampolines() && placing == 0 {
			t.Fatalf("%s: no placing turn seen", v.Name)
		}
	}
}
