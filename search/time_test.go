package search

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"varchess/internal/syncbuf"
	"varchess/movegen"
)

// TestPlanKeepsTheReserve: at low clocks the hard limit never reaches into the reserve
// (with the latency of the moves to come that the increment does not pay) and the
// overhead; once the clock is in the reserve a move spends less than the
// increment, so the clock grows back. Pure arithmetic on the plan, no timing.
func TestPlanKeepsTheReserve(t *testing.T) {
	ms := time.Millisecond
	for _, gameMoves := range []int{defaultMovesToGo, placingMovesToGo} {
		for _, inc := range []time.Duration{0, 10 * ms, 20 * ms, 50 * ms, 100 * ms} {
			for _, mtg := range []int{0, 1, 2, 5, 40} {
				for _, lag := range []time.Duration{0, 40 * ms, 300 * ms} {
					for clock := ms; clock <= 3*time.Second; clock += 7 * ms {
						lim := Limits{Time: clock, Inc: inc, MovesToGo: mtg}
						pl := newPlan(lim, moveOverhead, lag, gameMoves)
						if !pl.timed() || pl.soft > pl.hard || pl.soft <= 0 {
							t.Fatalf("%+v lag %v: plan %+v", lim, lag, pl)
						}
						horizon := latencyMoves
						if mtg > 0 {
							horizon = min(mtg, latencyMoves)
						}
						reserve := max(clock*reserveShare/100, reserveFloor) + max(lag-inc, 0)*time.Duration(horizon)
						usable := clock - reserve - moveOverhead - lag
						switch {
						case usable > 0 && pl.hard > usable:
							t.Fatalf("%+v lag %v: hard %v beyond the usable %v", lim, lag, pl.hard, usable)
						case usable <= 0 && inc > 0 && pl.hard >= inc:
							t.Fatalf("%+v lag %v: in the reserve, hard %v not below the increment", lim, lag, pl.hard)
						case pl.hard > max(clock/2*maxClockShare/100, ms) && usable <= 0:
							t.Fatalf("%+v lag %v: in the reserve, hard %v is too much of the clock", lim, lag, pl.hard)
						}
					}
				}
			}
		}
	}
}

// TestPlanWorstCaseGame plays out games in which every move runs to its hard limit, then
// loses a steady latency to the GUI (less than the increment, else no plan can last) and
// every 50th move a stall (a process descheduled on a loaded machine): the clock must
// never run out, and stays above floor instead of draining.
func TestPlanWorstCaseGame(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct{ base, inc, lag, stall, floor time.Duration }{
		{2 * time.Second, 20 * ms, 0, 0, reserveFloor * 19 / 20},
		{2 * time.Second, 20 * ms, 10 * ms, 0, reserveFloor * 19 / 20},
		{2 * time.Second, 20 * ms, 2 * ms, 400 * ms, reserveFloor / 2},
		{5 * time.Second, 50 * ms, 0, 0, reserveFloor * 19 / 20},
		{5 * time.Second, 50 * ms, 20 * ms, 0, reserveFloor * 19 / 20},
		{5 * time.Second, 50 * ms, 10 * ms, 600 * ms, reserveFloor * 2 / 5},
		{5 * time.Second, 0, 0, 0, 100 * ms},
	} {
		for _, gameMoves := range []int{defaultMovesToGo, placingMovesToGo} {
			var meter lagMeter
			clock, lowest := tc.base, tc.base
			for move := 0; move < 300; move++ {
				lim := Limits{Time: clock, Inc: tc.inc}
				pl := newPlan(lim, moveOverhead, meter.observe(lim), gameMoves)
				meter.record(lim, pl.hard)
				clock -= pl.hard + tc.lag
				if move%50 == 49 {
					clock -= tc.stall
				}
				if clock <= 0 {
					t.Fatalf("%+v game %d moves: lost on time at move %d", tc, gameMoves, move)
				}
				lowest = min(lowest, clock)
				clock += tc.inc
			}
			t.Logf("%v+%v lag %v stall %v game %d moves: lowest clock %v", tc.base, tc.inc, tc.lag, tc.stall, gameMoves, lowest)
			if lowest < tc.floor {
				t.Errorf("%+v game %d moves: clock fell to %v", tc, gameMoves, lowest)
			}
		}
	}
}

// TestLagMeter: the latency is what the GUI charged beyond the search's time; it follows
// a rise at once, decays slowly, and ignores a new time control or an unannounced game.
func TestLagMeter(t *testing.T) {
	ms := time.Millisecond
	var m lagMeter
	if got := m.observe(Limits{Time: 1000 * ms, Inc: 10 * ms}); got != 0 {
		t.Fatalf("first move: lag %v", got)
	}
	m.record(Limits{Time: 1000 * ms, Inc: 10 * ms}, 100*ms)
	// 1000 + 10 - 100 would leave 910; the GUI reports 850: 60 ms of latency.
	if got := m.observe(Limits{Time: 850 * ms, Inc: 10 * ms}); got != 60*ms {
		t.Fatalf("lag %v, want 60ms", got)
	}
	m.record(Limits{Time: 850 * ms, Inc: 10 * ms}, 100*ms)
	if got := m.observe(Limits{Time: 760 * ms, Inc: 10 * ms}); got != 60*ms-60*ms/lagDecay {
		t.Fatalf("no new latency: lag %v, want a decay to %v", got, 60*ms-60*ms/lagDecay)
	}
	m.record(Limits{Time: 760 * ms, Inc: 10 * ms}, 100*ms)
	// A new time control adds time: no latency learnt, only the decay.
	before := m.lag
	if got := m.observe(Limits{Time: 5000 * ms, Inc: 10 * ms}); got != before-before/lagDecay {
		t.Fatalf("new control: lag %v", got)
	}
	// A ponder search has no clock to compare with: the next timed move learns nothing.
	m.observe(Limits{Time: 100 * ms, Ponder: NewPonder()})
	m.record(Limits{Time: 100 * ms, Ponder: NewPonder()}, 0)
	if m.last != 0 {
		t.Fatalf("ponder kept a clock: %+v", m)
	}
	// The plan keeps the learnt latency back, bounded by maxLag.
	lim := Limits{MoveTime: 5 * time.Second}
	if a, b := newPlan(lim, moveOverhead, 0, defaultMovesToGo), newPlan(lim, moveOverhead, 200*ms, defaultMovesToGo); a.hard-b.hard != 200*ms {
		t.Fatalf("movetime plans %+v and %+v differ by other than the lag", a, b)
	}
	if a, b := newPlan(lim, moveOverhead, maxLag, defaultMovesToGo), newPlan(lim, moveOverhead, 10*maxLag, defaultMovesToGo); a != b {
		t.Fatalf("lag not bounded: %+v vs %+v", a, b)
	}
}

// TestHopChessSpreadsItsClockOverFewerMoves: Hop Chess plans each sudden-death move
// with the clock spread over placingMovesToGo moves, the other variants over
// defaultMovesToGo; a given number of moves to the control overrides neither beyond it.
func TestHopChessSpreadsItsClockOverFewerMoves(t *testing.T) {
	lim := Limits{Time: 10 * time.Second, Inc: 100 * time.Millisecond}
	usable := lim.Time - reserveFloor - moveOverhead
	inc := lim.Inc * incShare / 100
	for _, c := range []struct {
		variant string
		moves   int
	}{{"normal", defaultMovesToGo}, {"jumpingknights", defaultMovesToGo}, {"hopchess", placingMovesToGo}} {
		v := movegen.ByName(c.variant)
		if got := gameMoves(v); got != c.moves {
			t.Fatalf("%s: spread over %d moves, want %d", c.variant, got, c.moves)
		}
		pl := newPlan(lim, moveOverhead, 0, gameMoves(v))
		if want := usable/time.Duration(c.moves) + inc; pl.soft != want {
			t.Errorf("%s: soft limit %v, want %v", c.variant, pl.soft, want)
		}
	}
	// Twenty moves to a control: Hop Chess still plans for at most placingMovesToGo of them.
	lim.MovesToGo = 20
	if pl := newPlan(lim, moveOverhead, 0, placingMovesToGo); pl.soft != usable/placingMovesToGo+inc {
		t.Errorf("hopchess, 20 moves to go: soft limit %v", pl.soft)
	}
	if pl := newPlan(lim, moveOverhead, 0, defaultMovesToGo); pl.soft != usable/20+inc {
		t.Errorf("normal, 20 moves to go: soft limit %v", pl.soft)
	}
}

// TestTimeScale: a score that fell, or a best move that changed, stretches the time
// before the next iteration; a steady or rising score does not, nor do mate scores,
// whose distance changes from one iteration to the next.
func TestTimeScale(t *testing.T) {
	for _, c := range []struct {
		prev, score int
		changed     bool
		want        int
	}{
		{30, 30, false, 100},
		{30, 200, false, 100},
		{30, 30 - fallSmall + 1, false, 100},
		{30, 30 - fallSmall, false, 100 + fallSmallExtra},
		{30, 30 - fallLarge, false, 100 + fallLargeExtra},
		{30, 30, true, 100 + changeExtra},
		{500, -400, true, 100 + fallLargeExtra + changeExtra},
		{MateScore - 5, MateScore - 9, false, 100},
		{200, -MateScore + 7, false, 100},
	} {
		if got := timeScale(c.prev, c.score, c.changed); got != c.want {
			t.Errorf("timeScale(%d, %d, %v) = %d, want %d", c.prev, c.score, c.changed, got, c.want)
		}
	}
	// The stretched soft limit still stops before the hard one.
	pl := newPlan(Limits{Time: 10 * time.Second, Inc: 100 * time.Millisecond}, moveOverhead, 0, defaultMovesToGo)
	if most := pl.newIterationUntil(100 + fallLargeExtra + changeExtra); most >= pl.hard {
		t.Errorf("stretched soft limit %v reaches the hard limit %v", most, pl.hard)
	}
}

// TestSuddenDeathLongGame replays the game lost on time in XBoard (30 s for the game, no
// increment, about 70 ms charged by the GUI beyond each search, lost at move 111 of a
// K+R v K) on a simulated clock: every move runs to its hard limit, the GUI adds its
// latency, and the engine learns that latency from the clocks it is given. A game of 150
// moves, and of 200 at 20 ms of latency, must not flag, at each Move Overhead a user might set.
func TestSuddenDeathLongGame(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		base, lag, overhead time.Duration
		moves               int
	}{
		{30 * time.Second, 70 * ms, DefaultMoveOverhead, 150},
		{30 * time.Second, 70 * ms, 0, 150},
		{30 * time.Second, 100 * ms, DefaultMoveOverhead, 150},
		{30 * time.Second, 20 * ms, DefaultMoveOverhead, 200},
		{60 * time.Second, 70 * ms, 100 * ms, 150},
		{10 * time.Second, 20 * ms, DefaultMoveOverhead, 150},
	} {
		for _, gameMoves := range []int{defaultMovesToGo, placingMovesToGo} {
			var meter lagMeter
			clock, lowest := tc.base, tc.base
			for move := 1; move <= tc.moves; move++ {
				lim := Limits{Time: clock}
				pl := newPlan(lim, tc.overhead, meter.observe(lim), gameMoves)
				meter.record(lim, pl.hard)
				clock -= pl.hard + tc.lag
				if clock <= 0 {
					t.Fatalf("%+v game %d moves: lost on time at move %d", tc, gameMoves, move)
				}
				lowest = min(lowest, clock)
			}
			t.Logf("%v lag %v overhead %v: lowest clock %v after %d moves", tc.base, tc.lag, tc.overhead, lowest, tc.moves)
		}
	}
}

// moveOverhead is the default Move Overhead, for the plan tests.
const moveOverhead = DefaultMoveOverhead

// TestStallIsReported: a search that cannot end when its hard limit passes (here its
// progress report blocks, as a write to a full pipe would) is reported to the stall log
// stallGrace after the stop, with the stack of the goroutine where it hangs, and still
// returns its move once it can go on. Without the report such a hang is only a game lost
// on time, with nothing to say why.
func TestStallIsReported(t *testing.T) {
	p := mustFEN(t, movegen.FIDE, movegen.FIDE.StartFEN)
	eng := NewEngine()
	log := &syncbuf.Buffer{}
	eng.SetStallLog(log)
	release := make(chan struct{})
	var once sync.Once
	report := func(Info) { once.Do(func() { <-release }) }
	got := make(chan Result, 1)
	go func() {
		got <- eng.Search(context.Background(), p, nil, Limits{MoveTime: 50 * time.Millisecond}, report)
	}()

	deadline := time.Now().Add(stallGrace + 10*time.Second)
	for !strings.Contains(log.String(), "goroutine") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	text := log.String()
	for _, want := range []string{"search stall: no result", "worker 0:", "TestStallIsReported"} {
		if !strings.Contains(text, want) {
			t.Errorf("stall report lacks %q:\n%.2000s", want, text)
		}
	}
	close(release)
	if res := <-got; res.Best == movegen.NullMove {
		t.Fatal("no move after the stall")
	}

	// A search that stops in time writes nothing.
	quiet := &syncbuf.Buffer{}
	eng.SetStallLog(quiet)
	eng.Search(context.Background(), p, nil, Limits{MoveTime: 20 * time.Millisecond}, nil)
	time.Sleep(stallGrace / 10)
	if quiet.String() != "" {
		t.Fatalf("report of a search that ended in time:\n%.500s", quiet.String())
	}
}
