package movegen

import (
	"math/rand/v2"
	"testing"
)

// mixedModes is FIDE chess with a rook that captures by hop and a knight that never
// captures: no game of ours mixes the capture modes, so this one takes the general
// generator's paths that Jumping Knights (every capture a hop, quiet moves restricted)
// does not: replacement next to hop captures, a move-only atom, FIDE en passant.
var mixedModes = (&Variant{
	Name:     "mixedmodes",
	Title:    "capture modes test",
	Geometry: board8x8,
	Pieces: []PieceDef{
		{Type: Pawn, Letter: 'P', Name: "pawn"},
		{Type: Knight, Letter: 'N', Name: "knight", Atoms: []Atom{{DF: 1, DR: 2, Capture: MoveOnly}}},
		{Type: Bishop, Letter: 'B', Name: "bishop", Atoms: []Atom{BishopRide}},
		{Type: Rook, Letter: 'R', Name: "rook", Atoms: []Atom{{DF: 1, DR: 0, Rider: true, Capture: CaptureByHop}}},
		{Type: Queen, Letter: 'Q', Name: "queen", Atoms: []Atom{RookRide, BishopRide}},
		{Type: King, Letter: 'K', Name: "king", Atoms: []Atom{Wazir, Ferz}},
	},
	Pawn:     FIDE.Pawn,
	Castling: FIDE.Castling,
	StartFEN: FIDE.StartFEN,
}).compile()

// TestCaptureModes: each atom captures by its mode. The hopping rook jumps its victim to
// every empty square beyond it and never lands on it; the move-only knight neither takes
// nor attacks; the attack test of a hop wants an empty landing square; replacement
// captures and FIDE's en passant still work beside them.
func TestCaptureModes(t *testing.T) {
	const fen = "4k3/8/8/3b4/R1p2n2/2N5/8/4K3 w - - 0 1"
	got := movesOf(t, mixedModes, fen)
	checkMoves(t, "rook a4", movesFrom(got, "a4"),
		[]string{"a4a1", "a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4b4", "a4c4,c4d4", "a4c4,c4e4"}, nil, nil)
	checkMoves(t, "knight c3", movesFrom(got, "c3"), []string{"c3a2", "c3b1", "c3b5", "c3d1", "c3e2", "c3e4"}, nil, nil)
	p := mustParse(t, mixedModes, fen)
	g := p.Geometry()
	for _, c := range []struct {
		sq   string
		by   Color
		want bool
	}{
		{"d5", White, false}, // only the move-only knight reaches it
		{"c4", White, true},  // the rook's hop, landing on d4
		{"f4", White, false}, // the rook stops on c4
		{"e1", Black, false}, // the knight on f4 moves only, the bishop's diagonal misses
	} {
		sq, _, _ := g.ParseSquare(c.sq)
		if got := p.Attacked(sq, c.by); got != c.want {
			t.Errorf("Attacked(%s, %s) = %v, want %v", c.sq, c.by, got, c.want)
		}
	}
	// A hop needs its landing square: with d4 filled the rook no longer attacks c4.
	q := mustParse(t, mixedModes, "4k3/8/8/3b4/R1pP1n2/2N5/8/4K3 w - - 0 1")
	if c4, _, _ := g.ParseSquare("c4"); q.Attacked(c4, White) {
		t.Errorf("%s: the rook attacks c4 with no empty square beyond it", q.FEN())
	}
	// Replacement beside hop: the black bishop takes the knight on f3 by replacement, and
	// a hop capture plays as one: the victim goes, the rook lands beyond it.
	r := playMoves(t, mixedModes, "4k3/8/8/3b4/R1p2n2/5N2/8/4K3 b - - 0 1", "d5f3")
	if r.FEN() != "4k3/8/8/8/R1p2n2/5b2/8/4K3 w - - 0 2" {
		t.Errorf("after the bishop's capture: %s", r.FEN())
	}
	r = playMoves(t, mixedModes, fen, "a4c4,c4e4")
	if r.FEN() != "4k3/8/8/3b4/4Rn2/2N5/8/4K3 b - - 0 1" {
		t.Errorf("after the hop: %s", r.FEN())
	}
	// FIDE's en passant in a variant with modes.
	e := playMoves(t, mixedModes, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5")
	checkMoves(t, "en passant", movesFrom(sortedMoves(e), "e5"), []string{"e5d6", "e5e6"}, nil, nil)
	e = playMoves(t, mixedModes, e.FEN(), "e5d6")
	if e.FEN() != "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2" {
		t.Errorf("after en passant: %s", e.FEN())
	}
}

// TestCaptureModesAgree: over random games of Jumping Knights and of mixedModes, the
// shared legality filter, which tests each move on the cells along the lines it opens,
// keeps exactly the moves that leave the king safe when played on a copy; and the attack
// test calls a piece attacked exactly when some move of the other side captures it (en
// passant aside, whose victim is not where the capturer lands or jumps).
func TestCaptureModesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	var pseudo, kept MoveList
	for _, v := range []*Variant{JumpingKnights, mixedModes} {
		positions, tested := 0, 0
		for game := 0; game < 40; game++ {
			playRandom(v.Start(nil), rng, 120, func(p *Position) {
				positions++
				pseudo.Reset()
				if v == JumpingKnights {
					jkPseudo(p, &pseudo)
				} else {
					p.genPseudo(&pseudo)
				}
				kept.Reset()
				for _, m := range pseudo.Moves() {
					kept.Add(m)
				}
				p.keepLegal(&kept, 0)
				n := 0
				for _, m := range pseudo.Moves() {
					if p.legalByCopy(m) {
						if n >= kept.Len() || kept.At(n) != m {
							t.Fatalf("%s %s: %s is legal, the filter drops it", v.Name, p.FEN(), p.MoveText(m))
						}
						n++
					}
				}
				if n != kept.Len() {
					t.Fatalf("%s %s: the filter keeps %d moves, %d are legal", v.Name, p.FEN(), kept.Len(), n)
				}
				// The attack test against the generator, from the other side's view.
				q := *p
				q.side = p.side.Other()
				pseudo.Reset()
				if v == JumpingKnights {
					jkPseudo(&q, &pseudo)
				} else {
					q.genPseudo(&pseudo)
				}
				var taken [maxCells]bool
				for _, m := range pseudo.Moves() {
					switch m.Kind() {
					case Normal:
						taken[m.To()] = taken[m.To()] || q.cells[m.To()] != Empty
					case HopCapture:
						taken[m.Aux()] = true
					}
				}
				for _, sq := range p.Pieces(p.side) {
					if p.cells[sq].Type() == King {
						continue
					}
					tested++
					if got := q.Attacked(sq, q.side); got != taken[sq] {
						t.Fatalf("%s %s: Attacked(%s) = %v, a capture there: %v", v.Name, p.FEN(), v.Geometry.Name(sq), got, taken[sq])
					}
				}
			})
		}
		if positions < 1000 || tested < 10000 {
			t.Errorf("%s: only %d positions, %d squares tested", v.Name, positions, tested)
		}
	}
}

// TestCaptureModesRouting: only the pieces that need the general generator take it, so
// FIDE's pieces keep their fast loops and a variant without modes has no tables.
func TestCaptureModesRouting(t *testing.T) {
	for _, v := range []*Variant{FIDE, HopChess, Blackhole, Bunker, WeakSquare, Prechess} {
		if v.modes != nil {
			t.Errorf("%s has capture-mode tables", v.Name)
		}
	}
	if mixedModes.stepKind[Bishop] != kindRider || mixedModes.stepKind[King] != kindLeaper {
		t.Errorf("mixedmodes: bishop and king leave the fast loops")
	}
	if mixedModes.stepKind[Rook] != kindModes || mixedModes.stepKind[Knight] != kindModes {
		t.Errorf("mixedmodes: the hopping rook or the move-only knight takes a fast loop")
	}
	for _, d := range JumpingKnights.Pieces {
		if d.Type != Pawn && JumpingKnights.stepKind[d.Type] != kindModes {
			t.Errorf("jumpingknights: %s takes a fast loop", d.Name)
		}
	}
}
