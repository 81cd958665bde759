// Package protocol is how people and programs talk to the engine: XBoard/CECP v2, UCI and
// a console for people, each read from an io.Reader and written to an io.Writer.
//
// Run reads the first line: "xboard" starts a CECP session, "uci" a UCI session, and
// anything else a console session that treats that line as its first command. Every
// session reads its input in its own goroutine and runs the search in another, so that
// "stop", "?", "isready" and "ping" are answered while the engine thinks.
package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// Searcher is what the sessions need from a search engine. *search.Engine is one; tests may
// use others.
type Searcher interface {
	SetHashMB(mb int)
	SetThreads(n int)
	NewGame()
	PonderHit()
	Search(ctx context.Context, root *movegen.Position, history []uint64, lim search.Limits, report func(search.Info)) search.Result
}

// Name and Author are what the engine calls itself in every protocol.
const (
	Name   = "varchess"
	Author = "the varchess authors"
)

// moveOverhead is taken off the clock the GUI reports before the search plans its time:
// the time between the GUI's clock reading and the move reaching it (pipes, scheduling on a
// loaded machine).
const moveOverhead = 30 * time.Millisecond

// clockLeft is a remaining clock less the move overhead, never below a millisecond; zero
// (no clock) stays zero.
func clockLeft(t time.Duration) time.Duration {
	if t <= 0 {
		return 0
	}
	return max(t-moveOverhead, time.Millisecond)
}

// Greeting is what a person sees on starting the engine at a terminal.
const Greeting = Name + ": type help for the commands, or xboard / uci to start a GUI protocol"

// maxLine bounds one input line (a long "position ... moves ..." line of a long game).
const maxLine = 1 << 20

// Run is the protocol loop on in and out with a new search engine; it returns the exit
// status.
func Run(in io.Reader, out io.Writer) int {
	return RunWith(in, out, search.NewEngine())
}

// RunWith is Run with a given search engine.
func RunWith(in io.Reader, out io.Writer, eng Searcher) int {
	lines := newLineReader(in)
	defer lines.close()
	w := &lineWriter{w: out}
	for {
		line, ok := lines.next()
		if !ok {
			return 0
		}
		first := strings.TrimSpace(line)
		if first == "" {
			continue
		}
		switch strings.Fields(first)[0] {
		case "xboard":
			return newXBoard(w, eng).run(lines)
		case "uci":
			return newUCI(w, eng).run(lines, first)
		}
		return newConsole(w, eng).run(lines, first)
	}
}

// lineReader delivers the lines of an input from a goroutine, so that a session can wait
// for a line and for the end of a search at once.
type lineReader struct {
	ch   chan string
	done chan struct{}
	once sync.Once
}

func newLineReader(in io.Reader) *lineReader {
	r := &lineReader{ch: make(chan string), done: make(chan struct{})}
	go func() {
		defer close(r.ch)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		for sc.Scan() {
			select {
			case r.ch <- strings.TrimRight(sc.Text(), "\r"):
			case <-r.done:
				return
			}
		}
	}()
	return r
}

// next waits for the next line; ok is false at the end of the input.
func (r *lineReader) next() (string, bool) {
	l, ok := <-r.ch
	return l, ok
}

// close lets the reading goroutine end when the session ends before the input does.
func (r *lineReader) close() { r.once.Do(func() { close(r.done) }) }

// lineWriter writes whole lines to the output from any goroutine (the session and the
// search's progress reports), never interleaving two lines.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// println writes one line.
func (w *lineWriter) println(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	io.WriteString(w.w, s+"\n")
}

// printf writes one formatted line.
func (w *lineWriter) printf(format string, args ...any) {
	w.println(fmt.Sprintf(format, args...))
}

// runner runs one search at a time in a goroutine.
type runner struct {
	eng    Searcher
	cancel context.CancelFunc
	done   chan search.Result
	active bool
}

func newRunner(eng Searcher) *runner {
	return &runner{eng: eng, done: make(chan search.Result, 1)}
}

// start searches a copy of root; the result arrives on r.results().
func (r *runner) start(root *movegen.Position, history []uint64, lim search.Limits, report func(search.Info)) {
	if r.active {
		r.stop()
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel, r.active = cancel, true
	pos := *root
	hist := append([]uint64(nil), history...)
	go func() {
		r.done <- r.eng.Search(ctx, &pos, hist, lim, report)
	}()
}

// results is the channel on which the running search's result arrives, nil when no search
// runs (a nil channel never delivers, which suits a select).
func (r *runner) results() <-chan search.Result {
	if !r.active {
		return nil
	}
	return r.done
}

// finished records that the result of the running search was received.
func (r *runner) finished() {
	r.cancel()
	r.active = false
}

// stop cancels the running search and waits for its result; ok is false if none ran.
func (r *runner) stop() (search.Result, bool) {
	if !r.active {
		return search.Result{}, false
	}
	r.cancel()
	res := <-r.done
	r.active = false
	return res, true
}

// movesToPV plays the moves of a principal variation on a copy of p and writes each with
// text, stopping at the first move that is not legal there (a stale table entry) or that
// text cannot write.
func movesToPV(p *movegen.Position, pv []movegen.Move, text func(*movegen.Position, movegen.Move) (string, bool)) []string {
	pos := *p
	var out []string
	var ml movegen.MoveList
	for _, m := range pv {
		pos.LegalMoves(&ml)
		if !ml.Contains(m) {
			break
		}
		s, ok := text(&pos, m)
		if !ok {
			break
		}
		out = append(out, s)
		pos.Apply(m)
	}
	return out
}

// isLegal reports whether m is a legal move of p.
func isLegal(p *movegen.Position, m movegen.Move) bool {
	if m == movegen.NullMove {
		return false
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	return ml.Contains(m)
}

// variantNames lists the names of the variants in menu order.
func variantNames() []string {
	var out []string
	for _, v := range movegen.All {
		out = append(out, v.Name)
	}
	return out
}
