package bench

import (
	"math/rand/v2"
	"strings"
	"testing"

	"varchess/movegen"
)

// board is a rectangle drawing for NewGeometry.
func board(files, ranks int) string {
	return strings.TrimSuffix(strings.Repeat(strings.Repeat(".", files)+"\n", ranks), "\n")
}

// TestXBNames checks the translation on the two boards whose names differ in XBoard: a
// 10x10 board with files z..i and ranks 0..9 (Jumping Knights: XBoard's files a..j, ranks
// 0..9 as native), and a 9x13 board with ranks 0..12 (Black Hole: XBoard's ranks 1..13).
func TestXBNames(t *testing.T) {
	jk, err := movegen.NewGeometry(board(10, 10), "zabcdefghi", 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	bh, err := movegen.NewGeometry(board(9, 13), "", 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g          *movegen.Geometry
		native, xb string
	}{
		{jk, "z0a1", "a0b1"},
		{jk, "g8d2,d2c0", "h8e2,e2d0"},
		{jk, "c7d8,d8e9q", "d7e8,e8f9q"},
		{jk, "a8a9b", "b8b9b"}, // promotion to a bishop: a letter that is also a file
		{jk, "i9z9", "j9a9"},
		{bh, "e12e10", "e13e11"},
		{bh, "b10b7", "b11b8"},
		{bh, "e0g0", "e1g1"},
		{bh, "a11a12m", "a12a13m"},
		{bh, "0000", "@@@@"},
	} {
		x := newXBNames(c.g)
		if !x.translate {
			t.Errorf("%s: no translation", c.native)
		}
		if got := x.toXB(c.native); got != c.xb {
			t.Errorf("toXB(%s) = %s, want %s", c.native, got, c.xb)
		}
		if got := x.fromXB(c.xb); got != c.native {
			t.Errorf("fromXB(%s) = %s, want %s", c.xb, got, c.native)
		}
	}
	x := newXBNames(bh)
	for native, want := range map[string]string{
		"9/9/9/9/9/9/9/9/9/9/9/9/4K4 w - e9 0 1":     "9/9/9/9/9/9/9/9/9/9/9/9/4K4 w - e10 0 1",
		"9/9/9/9/9/9/9/9/9/9/9/9/4K4 b - b9b8 0 1":   "9/9/9/9/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
		"9/9/9/9/9/9/9/9/9/9/9/9/4K4 w KQkq - 3 7 x": "9/9/9/9/9/9/9/9/9/9/9/9/4K4 w KQkq - 3 7",
	} {
		if got := x.fen(native); got != want {
			t.Errorf("fen(%s) = %s, want %s", native, got, want)
		}
	}
}

// TestXBNamesEveryVariant: in every registered variant, the legal moves of random games
// come back unchanged from XBoard's names, and the 8-rank boards are not translated.
func TestXBNamesEveryVariant(t *testing.T) {
	for _, v := range movegen.All {
		x := newXBNames(v.Geometry)
		if v.Geometry.Ranks == 8 && x.translate {
			t.Errorf("%s: an 8-rank board translated", v.Name)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for game := 0; game < 5; game++ {
			g := movegen.NewGame(v.Start(rng))
			var ml movegen.MoveList
			for ply := 0; ply < 60 && !g.Outcome().Over(); ply++ {
				p := g.Position()
				ml.Reset()
				p.LegalMoves(&ml)
				for _, m := range ml.Moves() {
					text := p.MoveText(m)
					if back := x.fromXB(x.toXB(text)); back != text {
						t.Fatalf("%s: %s -> %s -> %s", v.Name, text, x.toXB(text), back)
					}
				}
				g.Play(ml.At(rng.IntN(ml.Len())))
			}
		}
	}
}

func FuzzXBNames(f *testing.F) {
	jk, err := movegen.NewGeometry(board(10, 10), "zabcdefghi", 0, 2)
	if err != nil {
		f.Fatal(err)
	}
	x := newXBNames(jk)
	f.Add("g8d2,d2c0")
	f.Add("z0")
	f.Fuzz(func(t *testing.T, s string) {
		x.fromXB(x.toXB(s)) // must not panic
		x.fen(s)
	})
}
