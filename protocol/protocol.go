// Package protocol is how people and programs talk to the engine: XBoard/CECP v2, UCI and
// a console for people, each read from an io.Reader and written to an io.Writer.
//
// Run reads the first line: "xboard" starts a CECP session, "uci" a UCI session, and
// anything else a console session that treats that line as its first command (and hands
// over to CECP or UCI when xboard or uci is typed in it). Every session reads its input in
// its own goroutine and runs the search in another, so that "stop", "?", "isready" and
// "ping" are answered while the engine thinks.
package protocol

import (
	"bufio"
	"bytes"
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
	SetMoveOverhead(d time.Duration)
	NewGame()
	Search(ctx context.Context, root *movegen.Position, history []uint64, lim search.Limits, report func(search.Info)) search.Result
}

// Name and Author are what the engine calls itself in every protocol.
const (
	Name   = "varchess"
	Author = "the varchess authors"
)

// Greeting is what a person sees on starting the engine at a terminal.
const Greeting = Name + ": type help for the commands, or xboard / uci to start a GUI protocol"

// Run is the protocol loop on in and out with the search engine eng, which the caller
// builds and configures (cmd/engine); it returns the exit status. The options a GUI sets
// go to eng; until then eng keeps the settings it came with.
func Run(in io.Reader, out io.Writer, eng Searcher) int {
	return run(in, out, eng, true)
}

// RunInteractive is Run for a person at a terminal: it greets first (GUIs never see the
// greeting), and the console does not greet again.
func RunInteractive(in io.Reader, out io.Writer, eng Searcher) int {
	io.WriteString(out, Greeting+"\n")
	return run(in, out, eng, false)
}

// run reads the first line: xboard or uci start that protocol, anything else the console
// (greeting with its banner if banner is set), which hands over to a protocol when uci or
// xboard is typed in it.
func run(in io.Reader, out io.Writer, eng Searcher, banner bool) int {
	lines := newLineReader(in)
	defer lines.close()
	w := &lineWriter{w: out}
	for {
		line, ok := lines.next()
		if !ok {
			return 0
		}
		first := strings.TrimSpace(line.text)
		if first == "" && !line.tooLong {
			continue
		}
		proto := ""
		if !line.tooLong {
			proto = strings.Fields(first)[0]
		}
		if proto != "xboard" && proto != "uci" {
			c := newConsole(w, eng)
			c.banner = banner
			if proto = c.run(lines, line); proto == "" {
				return 0
			}
		}
		if proto == "xboard" {
			return newXBoard(w, eng).run(lines)
		}
		return newUCI(w, eng).run(lines, "uci")
	}
}

// maxLine bounds one input line (a long "position ... moves ..." line of a long game). A
// longer line is read to its end and refused with an error in the session's own form.
const maxLine = 1 << 20

// inputLine is one line of input, without its line end.
type inputLine struct {
	text    string // the line; for a line beyond maxLine, only its start
	tooLong bool   // the line was longer than maxLine and is not to be carried out
}

// tooLongStart is how much of an over-long line an error message quotes.
const tooLongStart = 40

// lineReader delivers the lines of an input from a goroutine, so that a session can wait
// for a line and for the end of a search at once.
type lineReader struct {
	ch   chan inputLine
	done chan struct{}
	once sync.Once
}

func newLineReader(in io.Reader) *lineReader {
	r := &lineReader{ch: make(chan inputLine), done: make(chan struct{})}
	go func() {
		defer close(r.ch)
		br := bufio.NewReaderSize(in, 64*1024)
		for {
			l, err := readLine(br)
			if err != nil {
				return
			}
			select {
			case r.ch <- l:
			case <-r.done:
				return
			}
		}
	}()
	return r
}

// readLine reads one line, ended by a newline (a carriage return before it is dropped) or
// by the end of the input. A line beyond maxLine is read to its end, keeping only its
// start, so memory stays bounded and the next line is read whole. err is set only when no
// line is left.
func readLine(br *bufio.Reader) (inputLine, error) {
	var buf []byte
	long := false
	for {
		chunk, err := br.ReadSlice('\n')
		chunk = bytes.TrimSuffix(chunk, []byte("\n"))
		switch {
		case long:
		case len(buf)+len(chunk) > maxLine:
			long = true
			buf = append(buf, chunk[:min(len(chunk), max(tooLongStart-len(buf), 0))]...)
			buf = buf[:min(len(buf), tooLongStart)]
		default:
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && len(buf) == 0 && !long {
			return inputLine{}, err
		}
		return inputLine{text: strings.TrimRight(string(buf), "\r"), tooLong: long}, nil
	}
}

// next waits for the next line; ok is false at the end of the input.
func (r *lineReader) next() (inputLine, bool) {
	l, ok := <-r.ch
	return l, ok
}

// close lets the reading goroutine end when the session ends before the input does.
func (r *lineReader) close() { r.once.Do(func() { close(r.done) }) }

// tooLongError is the text of the error for an over-long line, after the session's prefix.
func tooLongError(l inputLine) string {
	return fmt.Sprintf("line longer than %d bytes ignored: %q...", maxLine, l.text)
}

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
		ml.Reset() // LegalMoves appends
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

// standardGame is the variant the protocols and PGN mean when they name none
// (movegen.Variant.StandardChess): the game a session starts with.
var standardGame = func() *movegen.Variant {
	for _, v := range movegen.All {
		if v.StandardChess {
			return v
		}
	}
	panic("protocol: no variant is StandardChess")
}()
