package search

import (
	"context"
	"sync"
	"testing"
	"time"

	"varchess/eval"
	"varchess/movegen"
)

// preparedWorker is a lone worker with a 1 MB table, ready to search p after the game
// positions history, for tests that call its node functions directly.
func preparedWorker(p *movegen.Position, history []uint64) *worker {
	w := newWorker(0, NewEngine())
	w.prepare(&shared{tt: newTable(1), workers: []*worker{w}}, p, history)
	return w
}

func mustFEN(t testing.TB, v *movegen.Variant, fen string) *movegen.Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFindsMateInOne: the back-rank mate Ra8# must be found at depth 2.
func TestFindsMateInOne(t *testing.T) {
	p := mustFEN(t, movegen.FIDE, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 2}, nil)
	if got := p.MoveText(res.Best); got != "a1a8" {
		t.Fatalf("best move %s, want a1a8", got)
	}
	if MateMoves(res.Score) != 1 {
		t.Fatalf("score %d is not mate in 1", res.Score)
	}
}

// TestFindsMates: mates in 1, 2 and 3 (checked with Fairy-Stockfish) are found with the
// right distance, and the move found really mates: after it, the defender's best is to be
// mated one move sooner (or the game is over by checkmate).
func TestFindsMates(t *testing.T) {
	cases := []struct {
		fen  string
		mate int
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
		{"1k6/ppp5/8/8/8/8/5Q2/K6R w - - 0 1", 1},
		{"kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2},
		// Qxh7+ Kxh7 Rh3#: the mate begins with a capture that losingCapture calls
		// losing (the queen, unguarded, takes a pawn the king recaptures), which only
		// quiescence may pass over.
		{"5r1k/pp4pp/8/5P1Q/2B5/4R3/8/6K1 w - - 0 1", 2},
		{"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3},
		{"3r1r1k/1p3p1p/p2p4/4n1NN/6bQ/1BPq4/P3p1PP/1R5K w - - 0 1", 3},
	}
	for _, c := range cases {
		t.Run(c.fen, func(t *testing.T) {
			p := mustFEN(t, movegen.FIDE, c.fen)
			e := NewEngine()
			res := e.Search(context.Background(), p, nil, Limits{Depth: 2*c.mate + 1}, nil)
			if got := MateMoves(res.Score); got != c.mate {
				t.Fatalf("score %d (mate %d), want mate in %d; best %s", res.Score, got, c.mate, p.MoveText(res.Best))
			}
			next := *p
			next.Apply(res.Best)
			if c.mate == 1 {
				if o := next.Status(); o.Result != movegen.WinFor(p.SideToMove()) {
					t.Fatalf("%s does not mate: %v", p.MoveText(res.Best), o)
				}
				return
			}
			reply := e.Search(context.Background(), &next, nil, Limits{Depth: 2 * c.mate}, nil)
			if got := MateMoves(reply.Score); got != -(c.mate - 1) {
				t.Fatalf("after %s the defender scores %d (mate %d), want mated in %d", p.MoveText(res.Best), reply.Score, got, c.mate-1)
			}
		})
	}
}

// TestGameOverAtRoot: a root without legal moves returns no move and the variant's
// verdict: checkmate is lost, FIDE stalemate is a draw.
func TestGameOverAtRoot(t *testing.T) {
	e := NewEngine()
	mated := mustFEN(t, movegen.FIDE, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
	if res := e.Search(context.Background(), mated, nil, Limits{Depth: 3}, nil); res.Best != movegen.NullMove || res.Score != -MateScore {
		t.Errorf("mated root: %+v, want no move and score %d", res, -MateScore)
	}
	stalemate := mustFEN(t, movegen.FIDE, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if res := e.Search(context.Background(), stalemate, nil, Limits{Depth: 3}, nil); res.Best != movegen.NullMove || res.Score != 0 {
		t.Errorf("stalemated root: %+v, want no move and score 0", res)
	}
}

// TestAvoidsStalemate: with king and queen against king, the engine must not take the
// draw by stalemate (Qf7 here) but keep the win.
func TestAvoidsStalemate(t *testing.T) {
	p := mustFEN(t, movegen.FIDE, "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1")
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 5}, nil)
	next := *p
	next.Apply(res.Best)
	if o := next.Status(); o.Result == movegen.Draw {
		t.Fatalf("%s stalemates", p.MoveText(res.Best))
	}
	if res.Score < 500 {
		t.Fatalf("score %d, want a winning score", res.Score)
	}
}

// TestRepetitionIsADraw: a position of the game's history met again in the search is a
// repetition (scored as a draw), and nothing repeats across an irreversible move.
func TestRepetitionIsADraw(t *testing.T) {
	// The game: A (Kg8, Qb2, White to move) 1.Qb3 Kh8 2.Qb2, reaching the root with Black to
	// move; Kh8-g8 now brings A back.
	a := mustFEN(t, movegen.FIDE, "6k1/8/8/8/8/8/1Q6/K7 w - - 10 40")
	g := movegen.NewGame(a)
	for _, m := range []string{"b2b3", "g8h8", "b3b2"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	root := g.Position()
	w := preparedWorker(root, g.History())
	w.path[w.base] = root.Hash()
	play := func(text string) *movegen.Position {
		m, err := root.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		next := *root
		next.Apply(m)
		return &next
	}
	if !w.repeated(play("h8g8"), 1) {
		t.Fatal("h8g8 back to a position of the history is not seen as a repetition")
	}
	if w.repeated(play("h8h7"), 1) {
		t.Fatal("h8h7 reported as a repetition")
	}
	// The same squares after an irreversible move (clock 0) cannot repeat anything.
	reset := mustFEN(t, movegen.FIDE, "6k1/8/8/8/8/8/1Q6/K7 w - - 0 41")
	if w.repeated(reset, 1) {
		t.Fatal("repetition found across an irreversible move")
	}
	// And the search scores the repetition as a draw: a queen up, White avoids it, so
	// from the root Black's best is the repetition (every other move loses).
	res := NewEngine().Search(context.Background(), root, g.History(), Limits{Depth: 3}, nil)
	if got := root.MoveText(res.Best); got != "h8g8" || res.Score != 0 {
		t.Fatalf("black plays %s scoring %d, want the repetition h8g8 scoring 0", got, res.Score)
	}
}

// TestDeterministic: one thread and a depth limit give the same nodes and move twice.
func TestDeterministic(t *testing.T) {
	p := mustFEN(t, movegen.FIDE, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	e := NewEngine()
	var got [2]Result
	for i := range got {
		e.NewGame()
		got[i] = e.Search(context.Background(), p, nil, Limits{Depth: 5}, nil)
	}
	if got[0] != got[1] {
		t.Fatalf("two runs differ: %+v and %+v", got[0], got[1])
	}
	if got[0].Nodes == 0 || got[0].Depth != 5 {
		t.Fatalf("suspicious result %+v", got[0])
	}
}

// TestReportsEveryIteration: the report is called once per depth with a PV that starts
// with a legal move and nodes that grow.
func TestReportsEveryIteration(t *testing.T) {
	p := movegen.FIDE.Start(nil)
	var infos []Info
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 4}, func(i Info) { infos = append(infos, i) })
	if len(infos) != 4 {
		t.Fatalf("%d reports, want 4", len(infos))
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	for i, info := range infos {
		if info.Depth != i+1 || len(info.PV) == 0 || !ml.Contains(info.PV[0]) {
			t.Fatalf("report %d: %+v", i, info)
		}
		if i > 0 && info.Nodes <= infos[i-1].Nodes {
			t.Fatalf("nodes do not grow: %d then %d", infos[i-1].Nodes, info.Nodes)
		}
	}
	if res.Best != infos[3].PV[0] {
		t.Fatalf("result %s is not the last PV's first move", p.MoveText(res.Best))
	}
}

// TestStopAndLimits: an infinite search ends when the context is cancelled, a ponder
// search when the ponder hit comes and its (short) time runs out, whether the hit comes
// during the search or before it has even started (a ponderhit right after go ponder), a
// node limit is honoured, and each returns a legal move. The stops and hits come from the
// search's own reports, not after sleeps; no timing is asserted.
func TestStopAndLimits(t *testing.T) {
	p := movegen.FIDE.Start(nil)
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	e := NewEngine()
	e.SetThreads(2)

	ctx, cancel := context.WithCancel(context.Background())
	if res := e.Search(ctx, p, nil, Limits{Infinite: true}, func(Info) { cancel() }); !ml.Contains(res.Best) {
		t.Fatalf("infinite: %+v", res)
	}

	ponder := NewPonder()
	if res := e.Search(context.Background(), p, nil, Limits{Ponder: ponder, MoveTime: 20 * time.Millisecond}, func(Info) { ponder.Hit() }); !ml.Contains(res.Best) {
		t.Fatalf("ponder: %+v", res)
	}
	// The hit before the search starts: the search must still end by itself (a watchdog
	// fails the test instead of hanging it).
	early := NewPonder()
	early.Hit()
	done := make(chan Result, 1)
	go func() {
		done <- e.Search(context.Background(), p, nil, Limits{Ponder: early, MoveTime: 20 * time.Millisecond}, nil)
	}()
	select {
	case res := <-done:
		if !ml.Contains(res.Best) {
			t.Fatalf("ponder hit before the start: %+v", res)
		}
	case <-time.After(time.Minute):
		t.Fatal("a ponder hit before the search started was lost: the search never ended")
	}

	e.SetThreads(1)
	res := e.Search(context.Background(), p, nil, Limits{Nodes: 5000}, nil)
	if !ml.Contains(res.Best) || res.Nodes < 5000 || res.Nodes > 5000+checkPeriod+1 {
		t.Fatalf("node limit 5000: %+v", res)
	}
	if res := e.Search(context.Background(), p, nil, Limits{Time: 5 * time.Millisecond}, nil); !ml.Contains(res.Best) {
		t.Fatalf("5 ms on the clock: %+v", res)
	}
}

// TestPlanNeverUsesTheWholeClock: whatever the clock, the hard limit leaves the move
// overhead (or half the clock, when less is left) and a move of a long game takes at most
// maxClockShare of it.
func TestPlanNeverUsesTheWholeClock(t *testing.T) {
	for _, lim := range []Limits{
		{Time: 10 * time.Millisecond},
		{Time: 100 * time.Millisecond, Inc: 100 * time.Millisecond},
		{Time: time.Second, MovesToGo: 1},
		{Time: 10 * time.Second, Inc: 100 * time.Millisecond},
		{Time: 60 * time.Second, MovesToGo: 40},
		{Time: 300 * time.Second, Inc: 10 * time.Second, MovesToGo: 2},
	} {
		pl := newPlan(lim, moveOverhead, 0, defaultMovesToGo)
		if !pl.timed() || pl.soft > pl.hard {
			t.Errorf("%+v: plan %+v", lim, pl)
		}
		limit := max(lim.Time-moveOverhead, lim.Time/2)
		if lim.MovesToGo != 1 {
			limit = limit * maxClockShare / 100
		}
		if pl.hard > max(limit, time.Millisecond) {
			t.Errorf("%+v: hard limit %v beyond %v", lim, pl.hard, limit)
		}
	}
	if pl := newPlan(Limits{MoveTime: time.Second}, moveOverhead, 0, defaultMovesToGo); pl.hard != time.Second-moveOverhead {
		t.Errorf("movetime 1s: hard %v", pl.hard)
	}
	if pl := newPlan(Limits{Depth: 5}, moveOverhead, 0, defaultMovesToGo); pl.timed() {
		t.Errorf("depth limit is timed: %+v", pl)
	}
	if pl := newPlan(Limits{Infinite: true, Time: time.Second}, moveOverhead, 0, defaultMovesToGo); pl.timed() {
		t.Errorf("infinite is timed: %+v", pl)
	}
}

// TestNodesDoNotAllocate: once the worker is set up, searching allocates nothing per node:
// in FIDE, in a Jumping Knights position where edge pieces can capture inwards, so that
// every node also asks movegen whether Rule 4 is in force, and in a Hop Chess middlegame.
func TestNodesDoNotAllocate(t *testing.T) {
	for _, c := range []struct {
		v     *movegen.Variant
		fen   string
		depth int
	}{
		{movegen.FIDE, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
		{movegen.JumpingKnights, "9w/8r1/1n3k4/P9/4p5/R1p7/3B3n2/4P2Q1N/2b2K4/W1W7 w - - 0 20", 3},
		// Hop Chess at depth 3: wide nodes, and the root's reply check (verifyReplies).
		{movegen.HopChess, "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 6 d4 e6", 3},
	} {
		p := mustFEN(t, c.v, c.fen)
		w := preparedWorker(p, nil)
		w.stack[0].pos = *p
		allocs := testing.AllocsPerRun(3, func() {
			w.rootDepth = c.depth
			w.negamax(&w.stack[0].pos, -Infinity, Infinity, c.depth, 0)
		})
		if allocs != 0 {
			t.Fatalf("%s: a depth-%d search allocates %v times", c.v.Name, c.depth, allocs)
		}
		if w.nodes < 1000 {
			t.Fatalf("%s: only %d nodes searched", c.v.Name, w.nodes)
		}
	}
}

// TestTableConcurrent stores and probes from several goroutines (run with -race): a probe
// returns either nothing or exactly what was stored for that key.
func TestTableConcurrent(t *testing.T) {
	tt := newTable(1)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				key := uint64(i%512)*0x9E3779B97F4A7C15 + 1
				tt.store(key, movegen.Move(key>>40), int(key%1000), int(key%50), boundExact)
				if hit, ok := tt.probe(key ^ uint64(g)); ok && g == 0 {
					if hit.move != movegen.Move(key>>40) || hit.score != int(key%1000) || hit.depth != int(key%50) {
						t.Errorf("probe of %x returned %+v", key, hit)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// TestMateScoresThroughTheTable: a mate score stored at one ply reads back as the same
// distance to mate from the stored node at another ply.
func TestMateScoresThroughTheTable(t *testing.T) {
	// Mate in 3 plies from a node at ply 5 is MateScore-8 from the root.
	stored := scoreToTT(MateScore-8, 5)
	if got := scoreFromTT(stored, 2); got != MateScore-5 {
		t.Fatalf("read back at ply 2: %d, want %d", got, MateScore-5)
	}
	if got := scoreFromTT(scoreToTT(-MateScore+8, 5), 2); got != -MateScore+5 {
		t.Fatalf("mated: %d, want %d", got, -MateScore+5)
	}
	if got := scoreFromTT(scoreToTT(123, 5), 2); got != 123 {
		t.Fatalf("plain score changed: %d", got)
	}
}

// TestTwoThreads: Lazy SMP with two workers finds the mate too (run with -race).
func TestTwoThreads(t *testing.T) {
	p := mustFEN(t, movegen.FIDE, "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1")
	e := NewEngine()
	e.SetThreads(2)
	res := e.Search(context.Background(), p, nil, Limits{Depth: 7}, nil)
	if MateMoves(res.Score) != 3 {
		t.Fatalf("two threads: score %d, want mate in 3", res.Score)
	}
}

// TestEvalCache: the worker's cached evaluation is the evaluator's, on first sight and on
// the next, in every variant played one after the other by the same worker (a cache of
// one game must not answer for another's position).
func TestEvalCache(t *testing.T) {
	w := newWorker(0, NewEngine())
	sh := &shared{tt: newTable(1), workers: []*worker{w}}
	var ml movegen.MoveList
	for _, v := range movegen.All {
		p := v.Start(nil)
		w.prepare(sh, p, nil)
		for ply := 0; ply < 40; ply++ {
			want := eval.For(v).Evaluate(p)
			for range 2 {
				if got := w.evaluate(p); got != want {
					t.Fatalf("%s %s: cached evaluation %d, evaluator says %d", v.Name, p.FEN(), got, want)
				}
			}
			ml.Reset()
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.Apply(ml.At((ply * 7) % ml.Len()))
		}
	}
}

// TestMultiPV: a MultiPV search reports, per depth, its lines best first, each starting with
// a different root move, and its best line and result are those of a one-line search. Lines
// are capped at the number of legal moves.
func TestMultiPV(t *testing.T) {
	p := mustFEN(t, movegen.FIDE, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	single := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	var infos []Info
	multi := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 3, MultiPV: 4}, func(in Info) { infos = append(infos, in) })
	if multi.Best != single.Best || multi.Score != single.Score {
		t.Fatalf("MultiPV best %s (%d), one line %s (%d)", p.MoveText(multi.Best), multi.Score, p.MoveText(single.Best), single.Score)
	}
	if len(infos) != 3*4 {
		t.Fatalf("%d reports, want 4 lines at each of 3 depths", len(infos))
	}
	for d := 0; d < 3; d++ {
		seen := map[movegen.Move]bool{}
		for line := 0; line < 4; line++ {
			in := infos[4*d+line]
			if in.Depth != d+1 || in.MultiPV != line+1 || len(in.PV) == 0 {
				t.Fatalf("report %d: depth %d line %d pv %v", 4*d+line, in.Depth, in.MultiPV, in.PV)
			}
			if seen[in.PV[0]] {
				t.Errorf("depth %d: line %d repeats the root move %s", d+1, line+1, p.MoveText(in.PV[0]))
			}
			seen[in.PV[0]] = true
			if line > 0 && in.Score > infos[4*d+line-1].Score {
				t.Errorf("depth %d: line %d scores %d, above line %d's %d", d+1, line+1, in.Score, line, infos[4*d+line-1].Score)
			}
		}
		if infos[4*d].PV[0] != multi.Best && d == 2 {
			t.Errorf("line 1 at the last depth starts with %s, the result is %s", p.MoveText(infos[4*d].PV[0]), p.MoveText(multi.Best))
		}
	}
	// A king with two moves: only two lines exist.
	k := mustFEN(t, movegen.FIDE, "7k/8/8/8/8/8/8/K7 w - - 0 1")
	infos = nil
	NewEngine().Search(context.Background(), k, nil, Limits{Depth: 1, MultiPV: 5}, func(in Info) { infos = append(infos, in) })
	if len(infos) != 3 {
		t.Errorf("Ka1 alone: %d reports at depth 1, want 3 (one per legal move)", len(infos))
	}
}

// TestMaxDepthCapsEverySearch: with SetMaxDepth(2) no search goes past depth 2, neither a
// timed one nor one asking for more; 0 lifts the cap.
func TestMaxDepthCapsEverySearch(t *testing.T) {
	p := mustFEN(t, movegen.FIDE, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	e := NewEngine()
	e.SetMaxDepth(2)
	for _, lim := range []Limits{{Depth: 6}, {MoveTime: 200 * time.Millisecond}, {Nodes: 1 << 30}} {
		if res := e.Search(context.Background(), p, nil, lim, nil); res.Depth != 2 {
			t.Errorf("%+v: searched to depth %d, want the cap 2", lim, res.Depth)
		}
	}
	e.SetMaxDepth(0)
	if res := e.Search(context.Background(), p, nil, Limits{Depth: 4}, nil); res.Depth != 4 {
		t.Errorf("cap lifted: depth %d, want 4", res.Depth)
	}
}

// TestReportLinesRanks: one depth's MultiPV lines are reported best first, line 1 (the
// search's answer) kept first, numbered by rank, only as many as asked.
func TestReportLinesRanks(t *testing.T) {
	m := func(n int) []movegen.Move { return []movegen.Move{movegen.Move(n)} }
	lines := []Info{{Score: 10, PV: m(1)}, {Score: 5, PV: m(2)}, {Score: 8, PV: m(3)}, {Score: 12, PV: m(4)}}
	var got []Info
	reportLines(lines, 3, func(in Info) { got = append(got, in) })
	want := []struct{ score, move, rank int }{{10, 1, 1}, {12, 4, 2}, {8, 3, 3}}
	if len(got) != len(want) {
		t.Fatalf("%d lines reported, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].Score != w.score || got[i].PV[0] != movegen.Move(w.move) || got[i].MultiPV != w.rank {
			t.Errorf("report %d: score %d move %d rank %d, want %d %d %d", i, got[i].Score, got[i].PV[0], got[i].MultiPV, w.score, w.move, w.rank)
		}
	}
}
