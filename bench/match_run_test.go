package bench

import (
	"bytes"
	"context"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// randomConfig is a match of two fake engines from random openings of plies plies.
func randomConfig(e1, e2 EngineSpec, games, plies int, seed uint64) Config {
	return Config{
		Variant: movegen.FIDE, Engines: []EngineSpec{e1, e2}, Games: games,
		TC: TimeControl{Base: 10 * time.Second}, Concurrency: 2, Seed: seed,
		Openings: RandomOpenings(movegen.FIDE, plies, seed), Adjudicate: DefaultAdjudication,
		// the default waits off the clock: generous on a loaded machine
	}
}

// byRound sorts a match's games by round (they finish in any order).
func byRound(res *Result) []gameRecord {
	g := slices.Clone(res.Games)
	slices.SortFunc(g, func(a, b gameRecord) int { return a.Round - b.Round })
	return g
}

// TestCrashedEngineRestarted: an engine that crashes in every game loses every game, is
// restarted each time, and the match plays all its games.
func TestCrashedEngineRestarted(t *testing.T) {
	t.Parallel()
	cfg := randomConfig(EngineSpec{Cmd: fakeCmd("xboard", "at=2", "act=crash"), Proto: "xboard"},
		EngineSpec{Cmd: fakeCmd("uci", "pick=random", "seed=3"), Proto: "uci"}, 6, 2, 7)
	var progress bytes.Buffer
	cfg.Progress = &progress
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != (Score{Losses: 6}) {
		t.Errorf("score %+v, want 6 losses\n%s", res.Score, progress.String())
	}
	for _, g := range res.Games {
		if !strings.Contains(g.Reason, "exited") || g.Termination != termAbandoned {
			t.Errorf("game %d: %s {%s}", g.Round, g.Result, g.Reason)
		}
	}
	if n := len(regexp.MustCompile(`(?m)^game `).FindAllString(progress.String(), -1)); n != 6 || !strings.Contains(progress.String(), "Score of fake (1) vs fake (2): 0 - 6 - 0") {
		t.Errorf("progress:\n%s", progress.String())
	}
}

// TestHungEngineRestarted: an engine that hangs loses on time, is killed and replaced.
func TestHungEngineRestarted(t *testing.T) {
	t.Parallel()
	cfg := randomConfig(EngineSpec{Cmd: fakeCmd("uci", "pick=random"), Proto: "uci"},
		EngineSpec{Cmd: fakeCmd("xboard", "at=1", "act=hang"), Proto: "xboard"}, 4, 0, 1)
	cfg.TC = TimeControl{Base: time.Second} // White's move must come in time on a busy machine
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != (Score{Wins: 4}) {
		t.Errorf("score %+v, want 4 wins", res.Score)
	}
	for _, g := range res.Games {
		if g.Termination != termTime {
			t.Errorf("game %d: %s {%s}", g.Round, g.Result, g.Reason)
		}
	}
}

// TestOpeningsBothColoursAndSeed: each opening is played twice with the colours swapped,
// the same seed replays the same match, another seed gives other openings.
func TestOpeningsBothColoursAndSeed(t *testing.T) {
	t.Parallel()
	e1 := EngineSpec{Cmd: fakeCmd("xboard", "name=A"), Proto: "xboard"}
	e2 := EngineSpec{Cmd: fakeCmd("uci", "name=B"), Proto: "uci"}
	run := func(seed uint64) []gameRecord {
		res, err := Run(context.Background(), randomConfig(e1, e2, 6, 5, seed))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Games) != 6 {
			t.Fatalf("%d games", len(res.Games))
		}
		return byRound(res)
	}
	a, b, c := run(11), run(11), run(12)
	for i := 0; i < 6; i += 2 {
		g1, g2 := a[i], a[i+1]
		if g1.White != 0 || g2.White != 1 || g1.Names[g1.White] != "A" || g2.Names[g2.White] != "B" {
			t.Errorf("rounds %d,%d: colours %d,%d", g1.Round, g2.Round, g1.White, g2.White)
		}
		if g1.Start != g2.Start || g1.OpeningPlies != 5 || !slices.Equal(g1.Moves[:5], g2.Moves[:5]) {
			t.Errorf("rounds %d,%d do not share their opening: %v / %v", g1.Round, g2.Round, g1.Moves[:5], g2.Moves[:5])
		}
	}
	same, other := true, false
	for i := range a {
		same = same && slices.Equal(a[i].Moves, b[i].Moves) && a[i].Result == b[i].Result
		other = other || !slices.Equal(a[i].Moves[:5], c[i].Moves[:5])
	}
	if !same {
		t.Error("the same seed played a different match")
	}
	if !other {
		t.Error("another seed gave the same openings")
	}
}

// TestSPRTStops: against an opponent that resigns at once the test accepts H1 long before
// the games run out, and the match stops there.
func TestSPRTStops(t *testing.T) {
	t.Parallel()
	cfg := randomConfig(EngineSpec{Cmd: fakeCmd("uci"), Proto: "uci"},
		EngineSpec{Cmd: fakeCmd("xboard", "at=1", "act=resign"), Proto: "xboard"}, 200, 0, 1)
	cfg.Concurrency = 1
	var err error
	if cfg.SPRT, err = ParseSPRT("0,50,0.05,0.05"); err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	cfg.Progress = &progress
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.SPRT != "H1 accepted" || len(res.Games) >= 50 || res.Score.Losses != 0 {
		t.Errorf("SPRT %q after %d games, score %+v", res.SPRT, len(res.Games), res.Score)
	}
	if !strings.Contains(progress.String(), "SPRT (pentanomial): elo0 0 elo1 50 alpha 0.05 beta 0.05") || !strings.Contains(progress.String(), ": H1 accepted") {
		t.Errorf("summary:\n%s", progress.String())
	}
}

// TestMatchCannotStart: engines that do not exist, do not answer or do not play the
// variant stop the match before it starts, with an error that says so.
func TestMatchCannotStart(t *testing.T) {
	t.Parallel()
	good := EngineSpec{Cmd: fakeCmd("uci"), Proto: "uci"}
	for _, c := range []struct {
		name string
		e    EngineSpec
		want string
	}{
		{"no such program", EngineSpec{Cmd: []string{"/nonexistent/engine"}, Proto: "xboard"}, "engine1"},
		{"xboard silent", EngineSpec{Cmd: fakeCmd("xboard", "starthang"), Proto: "xboard"}, "handshake"},
		{"uci silent", EngineSpec{Cmd: fakeCmd("uci", "starthang"), Proto: "uci"}, "handshake"},
		{"xboard other variants", EngineSpec{Cmd: fakeCmd("xboard", "variants=shatranj,fairy"), Proto: "xboard"}, "does not play variant normal"},
		{"bad protocol", EngineSpec{Cmd: fakeCmd("uci"), Proto: "ucci"}, "unknown protocol"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := randomConfig(c.e, good, 2, 0, 1)
			if strings.Contains(c.name, "silent") {
				cfg.StartTimeout = 300 * time.Millisecond // the wait that must run out
			}
			_, err := Run(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestNoSetboard: an XBoard engine without setboard cannot start a game from a FEN: it
// loses that game, and the reason says why.
func TestNoSetboard(t *testing.T) {
	t.Parallel()
	cfg := quickConfig(t, EngineSpec{Cmd: fakeCmd("xboard", "setboard=0"), Proto: "xboard"}, EngineSpec{Cmd: fakeCmd("uci"), Proto: "uci"},
		"k7/8/8/8/8/8/8/KR6 w - - 0 1", "5+0")
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := res.Games[0]
	if g.Result != movegen.BlackWins || !strings.Contains(g.Reason, "no setboard") {
		t.Errorf("%s {%s}", g.Result, g.Reason)
	}
}

// TestFairyMax plays a short real match against Debian's Fairy-Max (XBoard), two games at
// a fast time control, and checks that random moves never beat Fairy-Max by rule or
// adjudication, and that nothing goes wrong in the dialogue (no infraction, no abandon).
func TestFairyMax(t *testing.T) {
	path, err := exec.LookPath("fairymax")
	if err != nil {
		if path, err = exec.LookPath("/usr/games/fairymax"); err != nil {
			t.Skip("fairymax not installed")
		}
	}
	t.Parallel()
	cfg := randomConfig(EngineSpec{Cmd: []string{path}, Proto: "xboard"}, EngineSpec{Cmd: fakeCmd("uci", "pick=random", "name=random"), Proto: "uci"}, 2, 2, 5)
	cfg.TC = TimeControl{Base: 2 * time.Second, Inc: 50 * time.Millisecond}
	// A busy test machine: Fairy-Max may take seconds to start, and must not forfeit on
	// scheduling lag.
	cfg.StartTimeout, cfg.SyncTimeout = 0, 0
	cfg.Margin = 500 * time.Millisecond
	var pgn bytes.Buffer
	cfg.PGN = &pgn
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Names[0], "Fairy-Max") || len(res.Games) != 2 {
		t.Fatalf("names %q, %d games", res.Names, len(res.Games))
	}
	for _, g := range res.Games {
		t.Logf("game %d: %s - %s %s {%s}, %d plies", g.Round, g.Names[g.White], g.Names[g.Black], g.Result, g.Reason, len(g.Moves))
		switch g.Termination {
		case termNormal, termAdjudicated:
			if g.Result == movegen.WinFor(colorOf(g, 1)) {
				t.Errorf("game %d: random moves beat Fairy-Max: %s", g.Round, g.Reason)
			}
		case termTime:
			// Fairy-Max checks its clock only between iterations: on a loaded machine it
			// may overstep a fast clock. The fake never does (it answers at once).
			if g.Result != movegen.WinFor(colorOf(g, 1)) {
				t.Errorf("game %d: the fake lost on time: %s", g.Round, g.Reason)
			}
		default:
			t.Errorf("game %d: %s {%s} [%s]", g.Round, g.Result, g.Reason, g.Termination)
		}
	}
	if strings.Count(pgn.String(), `[Variant "normal"]`) != 2 {
		t.Errorf("PGN:\n%s", pgn.String())
	}
}

// colorOf is the colour engine k played in game g.
func colorOf(g gameRecord, k int) movegen.Color {
	if g.White == k {
		return movegen.White
	}
	return movegen.Black
}
