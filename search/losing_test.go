package search

import (
	"testing"

	"varchess/movegen"
)

// TestLosingCapture: quiescence passes over a capture only when a dearer piece takes a
// cheaper one on a square the enemy attacks and its own side does not guard.
func TestLosingCapture(t *testing.T) {
	cases := []struct {
		name string
		v    *movegen.Variant
		fen  string
		move string
		want bool
	}{
		{"queen takes a pawn that a pawn guards", movegen.FIDE,
			"4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5", true},
		{"the same, the queen guarded by a knight", movegen.FIDE,
			"4k3/8/3p4/4p3/8/5N2/8/4QK2 w - - 0 1", "e1e5", false},
		{"queen takes an unguarded pawn", movegen.FIDE,
			"4k3/8/8/4p3/8/8/8/4QK2 w - - 0 1", "e1e5", false},
		{"pawn takes a guarded pawn", movegen.FIDE,
			"4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1", "d4e5", false},
		{"rook takes a guarded rook", movegen.FIDE,
			"4k3/8/3p4/4r3/8/8/8/4RK2 w - - 0 1", "e1e5", false},
		{"rook takes a knight the queen attacks and a pawn guards", movegen.FIDE,
			"4k3/8/8/q2n4/2P5/8/8/3R1K2 w - - 0 1", "d1d5", false},
		{"rook takes a knight the queen attacks, unguarded", movegen.FIDE,
			"4k3/8/8/q2n4/8/8/8/3R1K2 w - - 0 1", "d1d5", true},
		{"a queen sacrifice (TestFindsMates: a mate in 2)", movegen.FIDE,
			"5r1k/pp4pp/8/5P1Q/2B5/4R3/8/6K1 w - - 0 1", "h5h7", true},
		{"a quiet move", movegen.FIDE,
			"4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e4", false},
		{"black queen takes a pawn that a pawn guards", movegen.FIDE,
			"4qk2/8/8/8/4P3/3P4/8/4K3 b - - 0 1", "e8e4", true},
		// Jumping Knights: the queen hops the pawn on c5 and chooses where to land; c6 is
		// guarded by the bishop on a4 (it would hop there to d7), c7 is not, and the rook
		// on c8 hops either.
		{"hop capture landing on a guarded square", movegen.JumpingKnights,
			"10/3r4k1/10/10/3p6/1B8/10/3Q6/5K4/10 w - - 0 1", "c2c5,c5c6", false},
		{"hop capture landing where the rook hops it", movegen.JumpingKnights,
			"10/3r4k1/10/10/3p6/1B8/10/3Q6/5K4/10 w - - 0 1", "c2c5,c5c7", true},
	}
	for _, c := range cases {
		p := mustFEN(t, c.v, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		w := preparedWorker(p, nil)
		next := *p
		next.Apply(m)
		if got := w.losingCapture(p, &next, m); got != c.want {
			t.Errorf("%s: %s %s: losingCapture %v, want %v", c.name, c.fen, c.move, got, c.want)
		}
	}
}
