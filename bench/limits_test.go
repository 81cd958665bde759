package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestParseTCForms: sessions, no clock, and the errors.
func TestParseTCForms(t *testing.T) {
	for s, want := range map[string]TimeControl{
		"40/60+0":   {Moves: 40, Base: time.Minute},
		"40/60":     {Moves: 40, Base: time.Minute},
		"1/0.5+0.1": {Moves: 1, Base: 500 * time.Millisecond, Inc: 100 * time.Millisecond},
		"inf":       {Infinite: true},
	} {
		got, err := ParseTC(s)
		if err != nil || got != want {
			t.Errorf("ParseTC(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
	for _, bad := range []string{"0/60", "x/60", "40/", "40/0+1", "-1+0"} {
		if _, err := ParseTC(bad); err == nil {
			t.Errorf("ParseTC(%q) accepted", bad)
		}
	}
	if err := (TimeControl{Infinite: true}).check(); err == nil || !strings.Contains(err.Error(), "needs -nodes or -depth") {
		t.Errorf("inf alone: %v", err)
	}
	for tc, want := range map[TimeControl]string{
		{Base: 10 * time.Second, Inc: 100 * time.Millisecond}: "10+0.1",
		{Moves: 40, Base: time.Minute}:                        "40/60+0",
		{MoveTime: 1500 * time.Millisecond, Nodes: 5000}:      "st=1.5 nodes=5000",
		{Infinite: true, Depth: 6}:                            "inf depth=6",
	} {
		if got := tc.String(); got != want {
			t.Errorf("%+v: %q, want %q", tc, got, want)
		}
	}
}

// TestUCIGo: the go command of each limit.
func TestUCIGo(t *testing.T) {
	c := clocks{Left: [2]time.Duration{3 * time.Second, 2 * time.Second}, Inc: 100 * time.Millisecond}
	for _, x := range []struct {
		tc   TimeControl
		mtg  int
		want string
	}{
		{TimeControl{Base: time.Second}, 0, "go wtime 3000 btime 2000 winc 100 binc 100"},
		{TimeControl{Base: time.Second, Moves: 40}, 7, "go wtime 3000 btime 2000 winc 100 binc 100 movestogo 7"},
		{TimeControl{MoveTime: 250 * time.Millisecond}, 0, "go movetime 250"},
		{TimeControl{Base: time.Second, Nodes: 1000}, 0, "go wtime 3000 btime 2000 winc 100 binc 100 nodes 1000"},
		{TimeControl{Infinite: true, Depth: 5}, 0, "go depth 5"},
	} {
		c.MovesToGo = x.mtg
		if got := uciGo(x.tc, c); got != x.want {
			t.Errorf("%+v: %q, want %q", x.tc, got, x.want)
		}
	}
}

// limitRun plays a one-game match from the start between a UCI and an XBoard fake (both
// logging what they are told) with the command line's limit flags.
func limitRun(t *testing.T, uciOpts, xbOpts []string, flags ...string) (string, string, string, int) {
	t.Helper()
	dir := t.TempDir()
	ulog, xlog := filepath.Join(dir, "u.log"), filepath.Join(dir, "x.log")
	args := append([]string{
		"-engine1", quoteCommand(fakeCmd("uci", append(uciOpts, "log="+ulog, "name=U")...)), "-proto1", "uci",
		"-engine2", quoteCommand(fakeCmd("xboard", append(xbOpts, "log="+xlog, "name=X")...)), "-proto2", "xboard",
		"-games", "1", "-openings", "random:0", "-seed", "1"}, flags...)
	var out, errb bytes.Buffer
	code := RunCommand(args, &out, &errb)
	u, _ := os.ReadFile(ulog)
	x, _ := os.ReadFile(xlog)
	return string(u), string(x), out.String() + errb.String(), code
}

// TestLimitsSent: each limit reaches each protocol in its own words.
func TestLimitsSent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		flags    []string
		uci, xb  []string
		tcTagPGN string
	}{
		{[]string{"-st", "0.3", "-maxmoves", "3"}, []string{"go movetime 300"}, []string{"st 0.3"}, "st=0.3"},
		{[]string{"-tc", "inf", "-depth", "3", "-maxmoves", "3"}, []string{"go depth 3"}, []string{"sd 3", "st 600"}, "inf depth=3"},
		{[]string{"-tc", "40/60+0", "-maxmoves", "3"}, []string{"movestogo 40", "movestogo 39"}, []string{"level 40 1 0"}, "40/60+0"},
		{[]string{"-tc", "5+0.5", "-depth", "7", "-maxmoves", "3"}, []string{"winc 500 binc 500 depth 7"}, []string{"level 0 0:05 0.5", "sd 7"}, "5+0.5 depth=7"},
	} {
		u, x, out, code := limitRun(t, nil, nil, c.flags...)
		if code != 0 {
			t.Fatalf("%q: exit %d\n%s", c.flags, code, out)
		}
		for _, w := range c.uci {
			if !strings.Contains(u, w) {
				t.Errorf("%q: the UCI engine was not sent %q:\n%s", c.flags, w, u)
			}
		}
		for _, w := range c.xb {
			if !strings.Contains(x, w+"\n") {
				t.Errorf("%q: the XBoard engine was not sent %q:\n%s", c.flags, w, x)
			}
		}
		if !strings.Contains(out, "tc "+c.tcTagPGN) {
			t.Errorf("%q: the match line lacks tc %s:\n%s", c.flags, c.tcTagPGN, out)
		}
	}
	// nodes: UCI only
	u, _, out, code := limitRun(t, nil, nil, "-nodes", "1000")
	if code != 1 || !strings.Contains(out, "engine2 speaks XBoard, which has no node limit") || strings.Contains(u, "go ") {
		t.Errorf("nodes with an XBoard engine: exit %d\n%s", code, out)
	}
}

// TestFixedTimePerMove: with -st an engine loses on time when one move takes longer
// than the time per move and the margin, whatever is left of any clock; within the margin
// it does not.
func TestFixedTimePerMove(t *testing.T) {
	t.Parallel()
	_, _, out, code := limitRun(t, []string{"at=2", "act=slow", "sleep=700ms"}, nil, "-st", "0.2", "-timemargin", "100")
	if code != 0 || !strings.Contains(out, "White loses on time (no move in 0.300 s; it wrote nothing after it was asked)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	_, _, out, code = limitRun(t, []string{"delay=250ms"}, nil, "-st", "0.2", "-timemargin", "700", "-maxmoves", "3")
	if code != 0 || strings.Contains(out, "on time") || !strings.Contains(out, "adjudicated draw: 6 plies played") {
		t.Errorf("within the margin: exit %d:\n%s", code, out)
	}
}

// TestSessionClock: under MOVES/BASE the clock gets BASE again after each session, so an
// engine that spends 0.25 s a move plays on at 3/1 (0.75 s a session) where it loses at
// 1+0 (1.25 s for 5 moves); the margin leaves room for a loaded machine.
func TestSessionClock(t *testing.T) {
	t.Parallel()
	_, _, out, code := limitRun(t, []string{"delay=250ms"}, nil, "-tc", "3/1+0", "-maxmoves", "5", "-timemargin", "200")
	if code != 0 || strings.Contains(out, "on time") || !strings.Contains(out, "adjudicated draw: 10 plies played") {
		t.Errorf("3/1+0: exit %d:\n%s", code, out)
	}
	_, _, out, code = limitRun(t, []string{"delay=250ms"}, nil, "-tc", "1+0", "-maxmoves", "5", "-timemargin", "200")
	if code != 0 || !strings.Contains(out, "White loses on time") {
		t.Errorf("1+0: exit %d:\n%s", code, out)
	}
}

// TestAdjudicationFlags: -draw and -resign tune the rules, -noadjudicate turns them off
// (a game where both engines agree White is winning at move 4 then goes on until the
// rules end it: here by repetition).
func TestAdjudicationFlags(t *testing.T) {
	t.Parallel()
	a := DefaultAdjudication
	if err := parseDrawRule(&a, "movenumber=30,movecount=5,score=20"); err != nil || a.DrawFromMove != 30 || a.DrawMoves != 5 || a.DrawScore != 20 {
		t.Errorf("-draw: %+v, %v", a, err)
	}
	if err := parseResignRule(&a, "movecount=3 score=600"); err != nil || a.WinMoves != 3 || a.WinScore != 600 {
		t.Errorf("-resign: %+v, %v", a, err)
	}
	for _, bad := range []string{"movecount=x", "moves=3", "score=-1", "movecount"} {
		if err := parseResignRule(&a, bad); err == nil {
			t.Errorf("-resign %q accepted", bad)
		}
	}
	winning := []string{"score=1500"}
	losing := []string{"score=-1500"}
	_, _, out, _ := limitRun(t, winning, losing, "-tc", "10+0")
	if !strings.Contains(out, "both engines agree White is winning") {
		t.Errorf("default: not adjudicated:\n%s", out)
	}
	_, _, out, _ = limitRun(t, winning, losing, "-tc", "10+0", "-resign", "movecount=6,score=1000")
	if !strings.Contains(out, "agree White is winning") || !strings.Contains(out, "game 1/1") {
		t.Errorf("-resign movecount=6:\n%s", out)
	}
	_, _, out, _ = limitRun(t, winning, losing, "-tc", "10+0", "-noadjudicate", "-maxmoves", "12")
	if strings.Contains(out, "agree") || !strings.Contains(out, "game 1/1") || !strings.Contains(out, "Results by termination:\n  normal") {
		t.Errorf("-noadjudicate:\n%s", out)
	}
	cfg, _, err := parseMatchArgs([]string{"-engine1", "a", "-engine2", "b", "-noadjudicate", "-maxmoves", "0"})
	if err != nil || cfg.Adjudicate.WinMoves != 0 || cfg.Adjudicate.DrawMoves != 0 || cfg.Adjudicate.MaxPlies != 0 {
		t.Errorf("-noadjudicate -maxmoves 0: %+v, %v", cfg.Adjudicate, err)
	}
}
