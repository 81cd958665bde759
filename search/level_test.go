package search

import (
	"context"
	"testing"

	"varchess/movegen"
)

// TestLevelScale: the weakening loosens monotonically up the scale (more nodes, less
// noise, no more candidates), and the ends are the anchors.
func TestLevelScale(t *testing.T) {
	prev := levelFor(MinElo)
	if prev.nodes != levelPoints[0].nodes || prev.noise != levelPoints[0].noise {
		t.Fatalf("bottom of the scale %+v, want %+v", prev, levelPoints[0])
	}
	for elo := MinElo + 50; elo <= MaxElo; elo += 50 {
		lv := levelFor(elo)
		if lv.nodes < prev.nodes || lv.noise > prev.noise || lv.lines > prev.lines ||
			prev.depth > 0 && lv.depth > 0 && lv.depth < prev.depth || prev.depth == 0 && lv.depth > 0 {
			t.Fatalf("Elo %d: %+v after %+v at Elo %d", elo, lv, prev, prev.elo)
		}
		prev = lv
	}
	if top := levelFor(MaxElo + 500); top.noise != 0 || top.lines != 1 {
		t.Fatalf("above the scale: %+v, want no noise and one line", top)
	}
}

// TestLevelPlay: a levelled engine keeps its node budget whatever the limits ask, is
// deterministic from a new game, plays a second-best move sometimes at the bottom of the
// scale and never at the top, and SetElo(0) is the full engine again.
func TestLevelPlay(t *testing.T) {
	v := movegen.ByName("normal")
	fens := []string{
		v.StartFEN,
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
		"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
		"r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 6 8",
		"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
	}
	moves := func(elo int) []movegen.Move {
		e := NewEngine()
		e.SetHashMB(1)
		e.SetElo(elo)
		var out []movegen.Move
		for _, fen := range fens {
			e.NewGame()
			res := e.Search(context.Background(), mustFEN(t, v, fen), nil, Limits{Depth: 8}, nil)
			if elo > 0 && res.Nodes > levelFor(elo).nodes+checkPeriod+1 {
				t.Fatalf("Elo %d: %d nodes, over the level's %d", elo, res.Nodes, levelFor(elo).nodes)
			}
			out = append(out, res.Best)
		}
		return out
	}
	weak, again := moves(MinElo), moves(MinElo)
	for i := range weak {
		if weak[i] != again[i] {
			t.Fatalf("position %d: %v then %v: the noise is not reproducible from a new game", i, weak[i], again[i])
		}
	}
	// The same budget without noise: where the weak level differs, its noise chose.
	e := NewEngine()
	e.SetHashMB(1)
	differ := 0
	for i, fen := range fens {
		e.NewGame()
		lv := levelFor(MinElo)
		res := e.Search(context.Background(), mustFEN(t, v, fen), nil, Limits{Depth: lv.depth, Nodes: lv.nodes}, nil)
		if res.Best != weak[i] {
			differ++
		}
	}
	if differ == 0 {
		t.Fatalf("the lowest level played the best move of its own search in all %d positions", len(fens))
	}
	e.SetElo(0)
	if e.Elo() != 0 {
		t.Fatalf("Elo %d after SetElo(0)", e.Elo())
	}
	res := e.Search(context.Background(), mustFEN(t, v, fens[1]), nil, Limits{Nodes: 20000}, nil)
	if res.Nodes < 20000 {
		t.Fatalf("full engine stopped at %d nodes of 20000", res.Nodes)
	}
}

// TestRefinementsByGameAndLevel: FIDE chess and Bunker at full strength search with the
// refinements; the strength levels (calibrated on the plain search) and the other games
// do not.
func TestRefinementsByGameAndLevel(t *testing.T) {
	cases := []struct {
		variant string
		elo     int
		want    bool
	}{
		{"normal", 0, true},
		{"normal", 1500, false},
		{"bunker", 0, true},
		{"bunker", 1500, false},
		{"prechess", 0, false},
		{"hopchess", 0, false},
		{"blackhole", 0, false},
	}
	for _, c := range cases {
		v := movegen.ByName(c.variant)
		w := newWorker(0, NewEngine())
		sh := &shared{tt: newTable(1), workers: []*worker{w}}
		if c.elo != 0 {
			sh.level = levelFor(c.elo)
		}
		w.prepare(sh, mustFEN(t, v, v.StartFEN), nil)
		if w.refine != c.want {
			t.Errorf("%s at level %d: refinements %v, want %v", c.variant, c.elo, w.refine, c.want)
		}
		// The exchange evaluation comes with the refinements (FIDE chess and Bunker have one).
		if w.exchange != c.want {
			t.Errorf("%s at level %d: exchange evaluation %v, want %v", c.variant, c.elo, w.exchange, c.want)
		}
	}
}
