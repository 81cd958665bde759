package movegen

import (
	"strings"
	"testing"
)

// TestFENRefusesImpossiblePositions: a 0 in an empty-square count, a pawn behind the rank
// its variant's pawns start from (no pawn moves backwards, and no variant places one
// there), a pawn on its promotion rank and a fullmove number of 0 are refused in every
// variant; the ranks where a variant's rules let a pawn stand are accepted.
func TestFENRefusesImpossiblePositions(t *testing.T) {
	for _, c := range []struct {
		v    *Variant
		fen  string
		want string // "" for a position the rules allow
	}{
		{FIDE, "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "starting with 0"},
		{FIDE, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0R w KQkq - 0 1", "starting with 0"},
		{FIDE, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "white pawn on a1, behind its start rank"},
		{FIDE, "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black pawn on a8, behind its start rank"},
		{FIDE, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", ""},
		{FIDE, "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove number"},
		{FIDE, "4k3/8/8/8/8/8/8/4K3 w - - 0 -3", "fullmove number"},
		{FIDE, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", ""},
		{HopChess, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1 - -", "behind its start rank"},
		{HopChess, "4k3/8/8/8/8/8/P7/4K3 w - - 0 2 - -", ""},
		{Bunker, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "behind its start rank"},
		{Prechess, "8/pppppppp/8/8/8/8/PPPPPPPP/P7[KQRRBBNNkqrrbbnn] w - - 0 1", "behind its start rank"},
		// Weak Square: pawns are placed on rows 2-4 (White) and 5-7 (Black) and move on up
		// to row 6 (3); a1 and f8 hold no pawn.
		{WeakSquare, "*****1/6/3k2/6/6/6/1K4/P*****[RRBBNNPPrrbbnnppp] w - - 0 5 WW", "white pawn on a1"},
		{WeakSquare, "*****p/6/6/6/2k3/6/1K4/1*****[RRBBNNPPPrrbbnnpp] w - - 0 5 WW", "black pawn on f8"},
		{WeakSquare, "*****1/6/3k2/6/P5/6/1K4/1*****[RRBBNNPPrrbbnnppp] w - - 0 5 WW", ""},
		// Jumping Knights: 10x10 with ranks 0-9, pawns from 2 (White) and 7 (Black).
		{JumpingKnights, "10/5k4/10/10/10/10/10/10/5K4/5P4 w - - 0 1", "white pawn on e0"},
		{JumpingKnights, "10/5k4/10/10/10/10/10/10/4PK4/10 w - - 0 1", "white pawn on d1"},
		{JumpingKnights, "10/4pk4/10/10/10/10/10/10/5K4/10 w - - 0 1", "black pawn on d8"},
		{JumpingKnights, "10/5k4/10/10/10/10/10/4P5/5K4/10 w - - 0 1", ""},
		// Black Hole: ranks 0-12, pawns from 2 and 10, e0/e12 behind the back ranks.
		{Blackhole, "****1****/4k4/9/9/9/9/4*4/9/9/9/9/4K4/****P**** w - - 0 1", "white pawn on e0"},
		{Blackhole, "****p****/4k4/9/9/9/9/4*4/9/9/9/9/4K4/****1**** w - - 0 1", "black pawn on e12"},
		{Blackhole, "****1****/4k4/9/9/9/9/4*4/9/9/9/P8/4K4/****1**** w - - 0 1", ""},
		{Blackhole, "****1****/4k4/09/9/9/9/4*4/9/9/9/9/4K4/****1**** w - - 0 1", "starting with 0"},
	} {
		_, err := c.v.ParseFEN(c.fen)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s %q: refused (%v), but the rules allow it", c.v.Name, c.fen, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s %q: error %v, want one about %q", c.v.Name, c.fen, err, c.want)
		}
	}
	// Jumping Knights' ten files: "10" is a count, not a 1 and a 0.
	if _, err := JumpingKnights.ParseFEN(JumpingKnights.StartFEN); err != nil {
		t.Errorf("Jumping Knights start: %v", err)
	}
}
