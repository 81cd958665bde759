package bench

import (
	"strings"
	"testing"

	"varchess/movegen"
)

// TestAdjudicate checks the adjudication rules on score sequences (each the mover's view,
// alternating sides, the last by the side not to move now).
func TestAdjudicate(t *testing.T) {
	a := Adjudication{DrawFromMove: 2, DrawMoves: 2, DrawScore: 10, WinMoves: 2, WinScore: 500, MaxPlies: 100}
	whiteToMove := movegen.FIDE.Start(nil) // the last score was Black's
	blackToMove := movegen.FIDE.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	sc := func(cps ...int) []scored {
		var out []scored
		for _, c := range cps {
			out = append(out, scored{c, true})
		}
		return out
	}
	cases := []struct {
		name   string
		scores []scored
		plies  int
		p      *movegen.Position
		result movegen.Result
		reason string
	}{
		{"white wins, black agrees", sc(600, -700, 900, -800), 10, whiteToMove, movegen.WhiteWins, "White is winning"},
		{"black wins, white agrees", sc(-600, 700, -900, 800), 10, whiteToMove, movegen.BlackWins, "Black is winning"},
		{"last mover white, black wins", sc(-700, 600, -800, 900, -800), 11, blackToMove, movegen.BlackWins, "Black is winning"},
		{"last mover white wins", sc(1, -600, 700, -900, 800), 11, blackToMove, movegen.WhiteWins, "White is winning"},
		{"only the loser sees it", sc(10, -700, 20, -800), 10, whiteToMove, movegen.Ongoing, ""},
		{"one score missing", []scored{{600, true}, {0, false}, {900, true}, {-800, true}}, 10, whiteToMove, movegen.Ongoing, ""},
		{"too few moves", sc(900, -800), 10, whiteToMove, movegen.Ongoing, ""},
		{"draw", sc(3, -5, 0, 10), 10, whiteToMove, movegen.Draw, "adjudicated draw"},
		{"draw too early", sc(3, -5, 0, 10), 3, whiteToMove, movegen.Ongoing, ""},
		{"not quite a draw", sc(3, -5, 11, 10), 10, whiteToMove, movegen.Ongoing, ""},
		{"too long", nil, 100, whiteToMove, movegen.Draw, "100 plies"},
	}
	for _, c := range cases {
		r, reason, ok := adjudicate(a, c.scores, c.plies, c.p)
		if r != c.result || ok != (c.result != movegen.Ongoing) || !strings.Contains(reason, c.reason) {
			t.Errorf("%s: %v %q %v, want %v %q", c.name, r, reason, ok, c.result, c.reason)
		}
	}
	if _, _, ok := adjudicate(Adjudication{}, sc(900, -900, 900, -900), 1000, whiteToMove); ok {
		t.Error("adjudication with every rule off")
	}
}
