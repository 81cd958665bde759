package movegen_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"varchess/movegen"
)

// TestAgainstNotnilChess plays many random games and compares, at every position, our
// legal moves with those of github.com/notnil/chess, an independent FIDE implementation.
func TestAgainstNotnilChess(t *testing.T) {
	starts := []string{
		movegen.FIDE.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	}
	games := 25
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(1, 2))
	positions := 0
	for g := 0; g < games; g++ {
		fen := starts[g%len(starts)]
		p := movegen.FIDE.MustParseFEN(fen)
		opt, err := chess.FEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		ref := chess.NewGame(opt)
		for ply := 0; ply < 200; ply++ {
			var ml movegen.MoveList
			p.LegalMoves(&ml)
			ours := make([]string, 0, ml.Len())
			for _, m := range ml.Moves() {
				ours = append(ours, p.MoveText(m))
			}
			var theirs []string
			byText := map[string]*chess.Move{}
			for _, m := range ref.ValidMoves() {
				s := chess.UCINotation{}.Encode(ref.Position(), m)
				theirs = append(theirs, s)
				byText[s] = m
			}
			sort.Strings(ours)
			sort.Strings(theirs)
			if strings.Join(ours, " ") != strings.Join(theirs, " ") {
				t.Fatalf("game %d ply %d, %s:\nours   %v\ntheirs %v", g, ply, p.FEN(), ours, theirs)
			}
			positions++
			if len(ours) == 0 || p.HalfmoveClock() >= 100 {
				break
			}
			pick := ml.At(rng.IntN(ml.Len()))
			text := p.MoveText(pick)
			p.Apply(pick)
			if msg := p.CheckIncrementals(); msg != "" {
				t.Fatalf("after %s: %s", text, msg)
			}
			if err := ref.Move(byText[text]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions compared", positions)
}
