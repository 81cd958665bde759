package movegen

import (
	"strings"
	"testing"
)

// TestHopLineKinds: Hop Chess's kinds of line come from its pieces, shortest step first:
// the rook's ride, the bishop's ride and the knight's leap, with the types that move
// along each; the queen has the two rides, and a pawn's new piece goes on after a straight
// step straight on if it can (queen, rook), else along its own kind (bishop, knight).
func TestHopLineKinds(t *testing.T) {
	const orth, diag, leap = 0, 1, 2
	tb := newHopLineTables(HopChess)
	if tb != hopLines {
		t.Fatal("hopLines are not the tables of HopChess's pieces and board")
	}
	if tb.n != 3 || !tb.rider[orth] || !tb.rider[diag] || tb.rider[leap] {
		t.Fatalf("%d kinds, riders %v: want the rook's and bishop's rides, then the knight's leap", tb.n, tb.rider[:tb.n])
	}
	g := HopChess.Geometry
	for c, want := range [][2]int{orth: {1, 0}, diag: {1, 1}, leap: {1, 2}} {
		if tb.ndirs[c] != len(symmetric(want[0], want[1])) || tb.dirs[c][0] != g.Delta(want[0], want[1]) {
			t.Errorf("kind %d: directions %v, want the images of %v", c, tb.dirs[c][:tb.ndirs[c]], want)
		}
	}
	kinds := map[PieceType]uint8{Knight: 1 << leap, Bishop: 1 << diag, Rook: 1 << orth, Queen: 1<<orth | 1<<diag}
	promo := map[PieceType]uint8{Knight: 1 << leap, Bishop: 1 << diag, Rook: 1 << orth, Queen: 1 << orth}
	for pt := PieceType(0); pt < NumTypes; pt++ {
		if tb.kinds[pt] != kinds[pt] || tb.promo[pt] != promo[pt] {
			t.Errorf("type %d: kinds %b, promoted kinds %b; want %b, %b", pt, tb.kinds[pt], tb.promo[pt], kinds[pt], promo[pt])
		}
		for c := 0; c < tb.n; c++ {
			if (tb.types[c]&typeBit(pt) != 0) != (kinds[pt]&(1<<c) != 0) {
				t.Errorf("kind %d: types %b disagree with type %d's kinds", c, tb.types[c], pt)
			}
		}
	}
	if tb.promoted != 1<<orth|1<<diag|1<<leap || tb.nking != 8 {
		t.Errorf("promoted kinds %b, %d king steps: want all three, 8", tb.promoted, tb.nking)
	}
}

// TestHopLegTable: the leg between any two squares is read from the board, not assumed to
// be 8x8: on FIDE's board and on Black Hole's (9 files, 13 ranks, a hole, the Marshall)
// every pair of squares gets the kind of line a brute force finds from their file and rank
// difference, the step a piece takes along it, and the king's flag for neighbours.
func TestHopLegTable(t *testing.T) {
	const orth, diag, leap = 0, 1, 2
	for _, v := range []*Variant{FIDE, Blackhole} {
		tb := newHopLineTables(v)
		g := v.Geometry
		pairs := 0
		for _, a := range g.Squares() {
			for _, b := range g.Squares() {
				df, dr := int(g.file[b])-int(g.file[a]), int(g.rank[b])-int(g.rank[a])
				kind, step := -1, Step(0)
				switch {
				case a == b:
				case abs(df)*abs(dr) == 2:
					kind, step = leap, g.Delta(df, dr)
				case df == 0 || dr == 0:
					kind, step = orth, g.Delta(sign(df), sign(dr))
				case abs(df) == abs(dr):
					kind, step = diag, g.Delta(sign(df), sign(dr))
				}
				leg := tb.legBetween(g, a, b)
				king := a != b && abs(df) <= 1 && abs(dr) <= 1
				if int(leg.kind) != kind || kind >= 0 && leg.step != step || leg.kingStep != king {
					t.Fatalf("%s %s-%s: leg %+v, want kind %d step %d king %v", v.Name, g.Name(a), g.Name(b), *leg, kind, step, king)
				}
				pairs++
			}
		}
		t.Logf("%s: %d pairs of squares on a %dx%d board", v.Name, pairs, g.Files, g.Ranks)
	}
}

// TestHopLineTablesRefuseWhatTheyCannotFollow: pieces whose legs the tables cannot tell
// apart, or too many kinds of line, are refused with a sentence rather than followed
// wrongly: a rook's ride and a wazir's step join the same neighbours; Jumping Knights'
// pieces have five kinds.
func TestHopLineTablesRefuseWhatTheyCannotFollow(t *testing.T) {
	wazirAndRook := (&Variant{
		Name:     "wazirandrook",
		Geometry: board8x8,
		Pieces: []PieceDef{
			{Type: Pawn, Letter: 'P', Name: "pawn"},
			{Type: Rook, Letter: 'R', Name: "rook", Atoms: []Atom{RookRide}},
			{Type: WarMachine, Letter: 'W', Name: "wazir", Atoms: []Atom{Wazir}},
			{Type: King, Letter: 'K', Name: "king", Atoms: []Atom{Wazir, Ferz}},
		},
		Pawn: FIDE.Pawn,
	}).compile()
	for _, c := range []struct {
		v    *Variant
		want string
	}{
		{wazirAndRook, "two kinds of line"},
		{JumpingKnights, "more than hopMaxKinds"},
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, c.want) {
					t.Errorf("newHopLineTables(%s) panics with %q, want %q", c.v.Name, msg, c.want)
				}
			}()
			newHopLineTables(c.v)
		}()
	}
}
