package protocol

import (
	"bufio"
	"context"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// Tests of the defects and console items of issue 20, each failing before its fix. Races
// are forced with gatedSearcher (a search that starts only when the test says), never
// with sleeps.

// gatedSearcher wraps a Searcher: each search waits for gate to be closed before it starts
// (so the test decides what the session has done by then), and the limits and the Move
// Overhead it is given are recorded.
type gatedSearcher struct {
	Searcher
	gate chan struct{}

	mu       sync.Mutex
	limits   []search.Limits
	overhead []time.Duration
}

func newGated(inner Searcher) *gatedSearcher {
	return &gatedSearcher{Searcher: inner, gate: make(chan struct{})}
}

func (g *gatedSearcher) open() { close(g.gate) }

func (g *gatedSearcher) SetMoveOverhead(d time.Duration) {
	g.mu.Lock()
	g.overhead = append(g.overhead, d)
	g.mu.Unlock()
	g.Searcher.SetMoveOverhead(d)
}

func (g *gatedSearcher) Search(ctx context.Context, root *movegen.Position, history []uint64, lim search.Limits, report func(search.Info)) search.Result {
	g.mu.Lock()
	g.limits = append(g.limits, lim)
	g.mu.Unlock()
	<-g.gate
	return g.Searcher.Search(ctx, root, history, lim, report)
}

func (g *gatedSearcher) recorded() ([]search.Limits, []time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]search.Limits(nil), g.limits...), append([]time.Duration(nil), g.overhead...)
}

// pipeSession is a session on pipes, for tests that interleave input and output.
type pipeSession struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string
	exit chan int
}

func startSession(t *testing.T, eng Searcher) *pipeSession {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &pipeSession{t: t, in: inW, out: make(chan string, 1000), exit: make(chan int, 1)}
	go func() {
		s.exit <- Run(inR, outW, eng)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			s.out <- sc.Text()
		}
		close(s.out)
	}()
	t.Cleanup(s.close)
	return s
}

func (s *pipeSession) send(lines ...string) {
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// next is the next output line; skip drops lines that match it first (progress reports).
func (s *pipeSession) next(skip *regexp.Regexp) string {
	s.t.Helper()
	for {
		select {
		case l, ok := <-s.out:
			if !ok {
				s.t.Fatal("the session ended")
			}
			if skip != nil && skip.MatchString(l) {
				continue
			}
			return l
		case <-time.After(lineWait):
			s.t.Fatalf("no output for %v", lineWait)
		}
	}
}

// until reads lines up to the first that matches re, and returns it.
func (s *pipeSession) until(re string) string {
	s.t.Helper()
	r := regexp.MustCompile("^(?:" + re + ")$")
	for {
		if l := s.next(nil); r.MatchString(l) {
			return l
		}
	}
}

func (s *pipeSession) close() {
	s.in.Close()
	for range s.out {
	}
}

var infoLine = regexp.MustCompile(`^info |^\d+ -?\d+ \d+ \d+`)

// TestUCIPonderHitBeforeTheSearchStarts (item 1): the ponderhit comes, and is handled,
// before the ponder search has started (the gate holds it). The hit belongs to that search
// from its go, so the bestmove comes; with an engine-wide flag that the starting search
// cleared, it never did.
func TestUCIPonderHitBeforeTheSearchStarts(t *testing.T) {
	eng := newGated(search.NewEngine())
	s := startSession(t, eng)
	s.send("uci")
	s.until("uciok")
	s.send("position startpos", "go ponder wtime 2000 btime 2000", "ponderhit", "isready")
	if l := s.next(infoLine); l != "readyok" {
		t.Fatalf("got %q, want readyok", l)
	}
	eng.open()
	if l := s.next(infoLine); !strings.HasPrefix(l, "bestmove ") {
		t.Fatalf("got %q, want the bestmove", l)
	}
}

// TestXBoardPongAfterTheMove (item 4): a ping received while the engine thinks about its
// move is answered after the move. The gate keeps the engine thinking until the session
// has read the ping (the error for the line after it shows it has).
func TestXBoardPongAfterTheMove(t *testing.T) {
	eng := newGated(instantSearcher{})
	s := startSession(t, eng)
	s.send("xboard", "protover 2")
	s.until("feature done=1")
	s.send("new", "st 1", "go", "ping 77", "frobnicate")
	if l := s.next(nil); l != "Error (unknown command): frobnicate" {
		t.Fatalf("got %q before the move, want only the error", l)
	}
	eng.open()
	if l := s.next(nil); !strings.HasPrefix(l, "move ") {
		t.Fatalf("got %q, want the move first", l)
	}
	if l := s.next(nil); l != "pong 77" {
		t.Fatalf("got %q, want pong 77 after the move", l)
	}
	// not thinking: answered at once
	s.send("force", "ping 78")
	if l := s.next(nil); l != "pong 78" {
		t.Fatalf("got %q, want pong 78", l)
	}
}

// TestMovesToPVResetsItsList (item 2): a move legal only at an earlier ply ends the PV,
// and a Hop Chess PV of 16 plies (hundreds of moves per ply) is written whole.
func TestMovesToPVResetsItsList(t *testing.T) {
	text := func(p *movegen.Position, m movegen.Move) (string, bool) { return p.MoveText(m), true }
	p := movegen.FIDE.Start(nil)
	e4, _ := p.ParseMove("e2e4")
	d4, _ := p.ParseMove("d2d4")
	if got := movesToPV(p, []movegen.Move{e4, d4}, text); strings.Join(got, " ") != "e2e4" {
		t.Errorf("PV e2e4 d2d4 (d2d4 is White's, not Black's): got %q", got)
	}
	h := movegen.HopChess.Start(nil)
	q := *h
	var pv []movegen.Move
	var want []string
	for range 16 {
		var ml movegen.MoveList
		q.LegalMoves(&ml)
		m := ml.At(ml.Len() / 2)
		pv = append(pv, m)
		want = append(want, q.MoveText(m))
		q.Apply(m)
	}
	if got := movesToPV(h, pv, text); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Hop Chess PV of 16 plies written as %d: %q", len(got), got)
	}
}

// TestOverlongLine (item 3): a line over maxLine is refused in each protocol's own form,
// a legal "position startpos moves ..." included, and the session goes on; the line
// reader keeps only the start of such a line and reads the next whole.
func TestOverlongLine(t *testing.T) {
	junk := strings.Repeat("a", maxLine+1000)
	longPosition := "position startpos moves" + strings.Repeat(" g1f3 g8f6 f3g1 f6g8", maxLine/20+10)
	for _, c := range []struct {
		name  string
		input []string
		want  []string
	}{
		{"uci", []string{"uci", junk, "isready", longPosition, "go depth 1", "quit"}, []string{
			`info string error: line longer than 1048576 bytes ignored: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"...`,
			"readyok",
			`info string error: line longer than 1048576 bytes ignored: "position startpos moves g1f3 g8f6 f3g1 f"...`,
		}},
		{"xboard", []string{"xboard", "protover 2", junk, "ping 5", "quit"}, []string{
			`Error (line too long): line longer than 1048576 bytes ignored: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"...`,
			"pong 5",
		}},
		{"console", []string{"help", junk, "fen", "quit"}, []string{
			`error: line longer than 1048576 bytes ignored: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"...`,
			movegen.FIDE.StartFEN,
		}},
		{"first line", []string{junk, "uci", "isready"}, []string{
			`error: line longer than 1048576 bytes ignored: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"...`,
			"uciok", "readyok",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := session(t, c.input...)
			i := 0
			for _, l := range out {
				if i < len(c.want) && l == c.want[i] {
					i++
				}
			}
			if i < len(c.want) {
				t.Errorf("missing %q (in order) in\n%s", c.want[i], strings.Join(out, "\n"))
			}
			// the refused position changed nothing: White moves from the start
			if c.name == "uci" && !regexp.MustCompile(`(?m)^bestmove [a-h][12][a-h][34]`).MatchString(strings.Join(out, "\n")) {
				t.Errorf("no White first move after the refused position:\n%s", strings.Join(out, "\n"))
			}
		})
	}
	r := bufio.NewReaderSize(strings.NewReader(junk+"\r\nnext\r\nlast"), 64*1024)
	var got []inputLine
	for {
		l, err := readLine(r)
		if err != nil {
			break
		}
		got = append(got, l)
	}
	if len(got) != 3 || !got[0].tooLong || len(got[0].text) != tooLongStart || got[1] != (inputLine{text: "next"}) || got[2] != (inputLine{text: "last"}) {
		t.Errorf("readLine: %d lines %+v", len(got), got[1:])
	}
}

// TestConsolePerftStops (item 7): any line stops a perft, as it stops a search, and is
// then carried out; a perft that is let run gives its count.
func TestConsolePerftStops(t *testing.T) {
	s := startSession(t, instantSearcher{})
	s.send("variant hopchess", "perft 6", "fen")
	if l := s.until(`perft 6 .*`); !strings.HasPrefix(l, "perft 6 stopped after ") {
		t.Fatalf("got %q", l)
	}
	if l := s.next(nil); l != movegen.HopChess.StartFEN {
		t.Fatalf("got %q, want the fen the line asked for", l)
	}
	s.send("variant normal", "perft 3")
	if l := s.until(`perft 3.*`); !strings.HasPrefix(l, "perft 3: 8902 nodes in ") {
		t.Fatalf("got %q", l)
	}
}

// TestConsoleSwitchesToAProtocol (item 8): the first line no longer fixes the protocol:
// uci or xboard typed in the console starts that protocol.
func TestConsoleSwitchesToAProtocol(t *testing.T) {
	out := session(t, "isready", "uci", "isready", "quit")
	checkSession(t, out, "uciok", "readyok")
	out = session(t, "hello", "xboard", "protover 2", "ping 3", "quit")
	checkSession(t, out, "feature done=1", "pong 3")
}

// TestGreetingOnce (item 11): at a terminal the greeting is printed once, not again by the
// console; a piped console still greets once.
func TestGreetingOnce(t *testing.T) {
	for name, run := range map[string]func(io.Reader, io.Writer) int{
		"terminal": func(in io.Reader, out io.Writer) int { return RunInteractive(in, out, instantSearcher{}) },
		"pipe":     func(in io.Reader, out io.Writer) int { return Run(in, out, instantSearcher{}) },
	} {
		var out strings.Builder
		run(strings.NewReader("help\nquit\n"), &out)
		if n := strings.Count(out.String(), "type help for the commands"); n != 1 {
			t.Errorf("%s: greeted %d times:\n%s", name, n, out.String())
		}
	}
}

// TestConsoleMoveCounts (item 11): one legal move is "1 legal move", none says why.
func TestConsoleMoveCounts(t *testing.T) {
	out := session(t, "fen 4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "moves", "fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "force", "a1a8", "moves", "quit")
	checkSession(t, out, "1 legal move: e1e2", "no legal moves: the game is over, 1-0 {White mates}")
}

// TestReasonTextCapitalised (item 11): every end of game reads as a sentence.
func TestReasonTextCapitalised(t *testing.T) {
	for _, o := range []movegen.Outcome{
		{Result: movegen.WhiteWins, Reason: "white reaches the weak square"},
		{Result: movegen.Draw, Reason: "stalemate"},
		{Result: movegen.BlackWins, Reason: "checkmate"},
	} {
		if r := reasonText(o); r == "" || r[0] < 'A' || r[0] > 'Z' {
			t.Errorf("%+v: %q", o, r)
		}
	}
}

// TestMoveOverheadOption (item 13): Move Overhead is offered by UCI and XBoard, reaches the
// engine, refuses values out of range, and the clock reaches the search as the GUI gave
// it (the overhead is the engine's to take, once).
func TestMoveOverheadOption(t *testing.T) {
	eng := newGated(instantSearcher{})
	eng.open()
	out := session2(t, eng, "uci", "setoption name Move Overhead value 120", "setoption name Move Overhead value -1",
		"setoption name Move Overhead value 5001", "position startpos", "go wtime 5000 btime 4000", "isready", "quit")
	checkSession(t, out, "readyok",
		`info string error: option Move Overhead must be a number from 0 to 5000, not "-1"`,
		`info string error: option Move Overhead must be a number from 0 to 5000, not "5001"`)
	limits, overhead := eng.recorded()
	if len(overhead) != 1 || overhead[0] != 120*time.Millisecond || len(limits) != 1 || limits[0].Time != 5*time.Second {
		t.Errorf("uci: overheads %v, limits %+v", overhead, limits)
	}

	eng = newGated(instantSearcher{})
	eng.open()
	out = session2(t, eng, "xboard", "protover 2", "option Move Overhead=75", "option Move Overhead=x", "new", "level 0 1 0", "time 500", "otim 500", "usermove e2e4", "ping 1", "quit")
	checkSession2(t, out, []string{`feature option="Move Overhead -spin 30 0 5000"`, "pong 1", "Error (Move Overhead is 0 to 5000 ms): option Move Overhead=x"})
	limits, overhead = eng.recorded()
	if len(overhead) != 1 || overhead[0] != 75*time.Millisecond || len(limits) != 1 || limits[0].Time != 5*time.Second {
		t.Errorf("xboard: overheads %v, limits %+v", overhead, limits)
	}
}

// session2 is session with a given searcher.
func session2(t *testing.T, eng Searcher, input ...string) []string {
	t.Helper()
	var out strings.Builder
	Run(strings.NewReader(strings.Join(input, "\n")+"\n"), &out, eng)
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// checkSession2 reports each wanted line missing from out (errors may be wanted).
func checkSession2(t *testing.T, out, want []string) {
	t.Helper()
	for _, w := range want {
		if !contains(out, w) {
			t.Errorf("missing %q in\n%s", w, strings.Join(out, "\n"))
		}
	}
}
