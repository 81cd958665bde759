package movegen

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 11)) }

// hopMoveTexts lists the legal turns of p as sorted text.
func hopMoveTexts(p *Position) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		out = append(out, p.MoveText(m))
	}
	sortStrings(out)
	return out
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// diffLists describes the first differences between two sorted lists.
func diffLists(got, want []string) string {
	g := map[string]bool{}
	for _, s := range got {
		g[s] = true
	}
	w := map[string]bool{}
	for _, s := range want {
		w[s] = true
	}
	var b strings.Builder
	n := 0
	for _, s := range got {
		if !w[s] && n < 10 {
			b.WriteString(" extra " + s)
			n++
		}
	}
	for _, s := range want {
		if !g[s] && n < 20 {
			b.WriteString(" missing " + s)
			n++
		}
	}
	return b.String()
}

// checkAgainstOracle compares the legal turns of fen with the slow generator's.
func checkAgainstOracle(t *testing.T, fen string) {
	t.Helper()
	p := HopChess.MustParseFEN(fen)
	got := hopMoveTexts(p)
	b := oParse(p.FEN())
	want, _ := b.turns()
	if len(got) != len(want) || diffLists(got, want) != "" {
		t.Fatalf("%s: %d turns, oracle %d:%s", fen, len(got), len(want), diffLists(got, want))
	}
}

func TestHopOracleQuick(t *testing.T) {
	for _, fen := range []string{
		HopChess.StartFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 - -",
		"r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 1 d4 f5",
		"r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1 d4 f5",
	} {
		checkAgainstOracle(t, fen)
	}
}

// TestHopOracleRandomGames compares the turns of every position of random games with the
// slow generator's, and checks the incremental state and the FEN round trip on the way.
func TestHopOracleRandomGames(t *testing.T) {
	games, plies := 3, 24
	if testing.Short() {
		games = 2
	}
	rng := newTestRand(5)
	var ml MoveList
	for g := 0; g < games; g++ {
		p := HopChess.Start(nil)
		for ply := 0; ply < plies; ply++ {
			checkAgainstOracle(t, p.FEN())
			ml.Reset()
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			p.Apply(m)
			if msg := p.CheckIncrementals(); msg != "" {
				t.Fatal(msg)
			}
		}
	}
}
