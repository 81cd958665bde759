package bench

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"varchess/movegen"
)

// Errors a player reports instead of a move. The referee turns each into a lost game.
var (
	// errNoReply: the engine said nothing useful before its deadline (hung, or too slow).
	errNoReply = errors.New("no reply in time")
	// errExited: the engine's output ended (it crashed or quit). The error returned wraps
	// it in an *exitError that says how.
	errExited = errors.New("engine exited")
	// errUnreadable: the engine's output cannot be read as lines (a line over maxLine).
	errUnreadable = errors.New("engine output unreadable")
)

// rejectError is an engine refusing a command the referee sent, usually a legal move of
// its opponent ("Illegal move: e2e4"): the two no longer agree on the game.
type rejectError struct{ line string }

func (e *rejectError) Error() string { return "rejects a command: " + e.line }

// exitError is errExited with what the referee knows of the death: the exit status (or
// the signal) and the last lines the engine wrote on its standard error.
type exitError struct {
	status string // "exit status 3", "signal: segmentation fault"; "" if it still runs
	stderr string // the end of its standard error, lines joined by " / "
}

func (e *exitError) Error() string {
	var b strings.Builder
	b.WriteString(errExited.Error())
	if e.status == "" {
		b.WriteString(" (it closed its output but still runs)")
	} else {
		b.WriteString(" (" + e.status + ")")
	}
	if e.stderr == "" {
		b.WriteString(", nothing on stderr")
	} else {
		b.WriteString(`, stderr ends: "` + e.stderr + `"`)
	}
	return b.String()
}

func (e *exitError) Unwrap() error { return errExited }

// EngineSpec is how to start one engine and talk to it.
type EngineSpec struct {
	Cmd   []string // program and arguments
	Proto string   // "xboard", "uci", or "auto" (or ""): found out at the handshake
	// Name is the engine's name in the tables and the PGN ("": the engine's own).
	Name string
	// Dir is the working directory the engine runs in ("": the referee's).
	Dir string
	// Options are set after each handshake, in order (engines.go says how).
	Options []EngineOption
}

// player is one engine process seen by the referee, whatever its protocol.
type player interface {
	// Name is the engine's own name (myname, id name), or its program's.
	Name() string
	// Protocol is "xboard" or "uci".
	Protocol() string
	// NewGame sets the engine up for a game and waits until it is ready.
	NewGame(s *gameSetup) error
	// Move sends the moves played since the engine last heard of the game (texts are all
	// the game's moves from s.Start) and the clocks, and waits for the engine's move.
	// A cancelled ctx ends the wait with ctx's error.
	Move(ctx context.Context, texts []string, c clocks) (reply, error)
	// EndGame tells the engine the game is over.
	EndGame(r movegen.Result, reason string)
	// Close ends the process: politely if it answers, by force if not.
	Close()
}

// gameSetup is what an engine needs to know before a game.
type gameSetup struct {
	Variant *movegen.Variant
	Start   *movegen.Position
	TC      TimeControl
	// Standard: the game starts from the variant's fixed start position, which engines can
	// be told without a FEN ("new", "position startpos").
	Standard bool
}

// newSetup is the setup of a game of v from start.
func newSetup(v *movegen.Variant, start *movegen.Position, tc TimeControl) *gameSetup {
	std := start.FEN() == v.Start(nil).FEN() && !hasRandomStart(v)
	return &gameSetup{Variant: v, Start: start, TC: tc, Standard: std}
}

// hasRandomStart reports whether the variant picks its start at random (Shuffle arrays),
// so that its default start is only an example and never "the" start.
func hasRandomStart(v *movegen.Variant) bool {
	r1 := v.Start(newRand(1, 0)).FEN()
	for i := uint64(2); i < 6; i++ {
		if v.Start(newRand(i, 0)).FEN() != r1 {
			return true
		}
	}
	return false
}

// clocks are both sides' remaining times when an engine is asked to move.
type clocks struct {
	Left   [2]time.Duration // by movegen.Color
	Inc    time.Duration
	Side   movegen.Color // the side to move, whom the engine plays
	Budget time.Duration // how long to wait for the move: its time left plus the margin
	// MovesToGo is the moves left in the session of a MOVES/BASE control (0: none).
	MovesToGo int
}

// reply is an engine's answer when asked to move.
type reply struct {
	Move     string
	Score    int  // centipawns from the engine's side, from its last report
	HasScore bool // the engine reported a score for this move
	Depth    int  // the depth of that report, 0 if it gave none
	Elapsed  time.Duration
	Resign   bool
	Claim    string // a result it claimed instead of moving ("1/2-1/2 {Draw by repetition}")
	// Heard is the last line the engine wrote after it was asked to move, and HeardAt
	// when: what a time forfeit's reason quotes, to tell an engine that searched past its
	// time from one that never started or stopped talking.
	Heard   string
	HeardAt time.Duration
}

// line is one line of engine output with the time it was read.
type line struct {
	text string
	at   time.Time
}

// proc is a running engine process: its standard input, and its standard output as a
// channel of lines that is closed when the output ends.
type proc struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan line
	quit    chan struct{}
	waited  chan struct{}
	once    sync.Once
	readErr error // why the output ended early (an over-long line), set before lines closes
	argv0   string
	id      string // program and pid in the debug log
	stderr  *tailBuffer
	// pending is a line read and put back (unread): the protocol detection reads the
	// first line of the handshake, which the protocol's own handshake then reads again.
	// Only the referee's goroutine touches it.
	pending *line

	// Lines to the engine go through a queue and a writer goroutine, so that an engine
	// that stops reading its input can never block the referee.
	mu     sync.Mutex
	queue  chan string
	closed bool
}

// queueLen bounds the lines waiting for an engine that does not read; more are dropped
// (such an engine loses on time anyway).
const queueLen = 1024

// debugLog, when MATCH_DEBUG is set in the environment, receives every line sent to (">")
// and read from ("<") every engine, and the lines of its standard error ("!"), with the
// time: the dialogue that explains a forfeit.
var debugLog = func() io.Writer {
	if os.Getenv("MATCH_DEBUG") == "" {
		return nil
	}
	return os.Stderr
}()

var debugMu sync.Mutex

// debugf writes one line of the dialogue to debugLog.
func (p *proc) debugf(dir, text string) {
	if debugLog == nil {
		return
	}
	debugMu.Lock()
	defer debugMu.Unlock()
	fmt.Fprintf(debugLog, "%s %s %s %s\n", time.Now().Format("15:04:05.000"), p.id, dir, text)
}

// maxLine bounds one line of engine output; a longer one is garbage and ends the talk.
const maxLine = 1 << 20

// stderrTail bounds what is kept of an engine's standard error: its end, where the
// reason for a death usually is, for the message that reports it.
const (
	stderrTailBytes = 4096
	stderrTailLines = 4   // lines of it in the message
	stderrTailShown = 400 // bytes of it in the message at most
)

// exitWait is how long the referee waits, after an engine's output ends, for its exit
// status (it has usually exited already; one that closed its output and runs on is killed
// later by stop).
const exitWait = 500 * time.Millisecond

// tailBuffer keeps the last stderrTailBytes written to it; with debugLog set, it also
// copies each whole line to the dialogue, marked "!" (an engine's own account of a hang
// or a crash: this engine's stall report, a panic).
type tailBuffer struct {
	mu      sync.Mutex
	buf     []byte
	p       *proc  // set once the process runs (setProc): the dialogue's name for it
	partial []byte // the start of a line not yet ended, for the dialogue
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > 2*stderrTailBytes {
		b.buf = append([]byte(nil), b.buf[len(b.buf)-stderrTailBytes:]...)
	}
	if debugLog != nil {
		b.partial = append(b.partial, p...)
		for {
			i := bytes.IndexByte(b.partial, '\n')
			if i < 0 {
				break
			}
			if b.p != nil {
				b.p.debugf("!", strings.TrimRight(string(b.partial[:i]), "\r"))
			}
			b.partial = b.partial[i+1:]
		}
		if len(b.partial) > maxLine {
			b.partial = b.partial[:0]
		}
	}
	return len(p), nil
}

// setProc names the process whose standard error b receives, for the dialogue.
func (b *tailBuffer) setProc(p *proc) {
	b.mu.Lock()
	b.p = p
	b.mu.Unlock()
}

// tail is the last stderrTailLines non-blank lines, joined by " / ", at most
// stderrTailShown bytes (the end kept).
func (b *tailBuffer) tail() string {
	b.mu.Lock()
	text := string(b.buf)
	b.mu.Unlock()
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	lines = lines[max(0, len(lines)-stderrTailLines):]
	s := strings.Join(lines, " / ")
	if len(s) > stderrTailShown {
		s = "..." + s[len(s)-stderrTailShown:]
	}
	return strings.ToValidUTF8(s, "?")
}

// startProc starts argv in dir ("": the referee's) with piped standard input and output; the end of its standard
// error is kept for the message if it dies.
func startProc(argv []string, dir string) (*proc, error) {
	if len(argv) == 0 {
		return nil, errors.New("empty engine command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.WaitDelay = time.Second
	stderr := &tailBuffer{}
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, in: in, lines: make(chan line, 256), quit: make(chan struct{}), waited: make(chan struct{}), argv0: argv[0], stderr: stderr}
	if debugLog != nil {
		p.id = fmt.Sprintf("%s[%d]", baseName(argv[0]), cmd.Process.Pid)
		stderr.setProc(p)
	}
	p.queue = make(chan string, queueLen)
	go p.write()
	go p.read(out)
	return p, nil
}

// read feeds the lines of out to p.lines until the output ends or p is stopped, then
// reaps the process (Wait must come after the last read: it closes the pipe).
func (p *proc) read(out io.Reader) {
	defer close(p.waited)
	defer p.cmd.Wait()
	defer close(p.lines)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 4096), maxLine)
	for sc.Scan() {
		l := line{text: strings.TrimRight(sc.Text(), "\r"), at: time.Now()}
		p.debugf("<", l.text)
		select {
		case p.lines <- l:
		case <-p.quit:
			p.cmd.Process.Kill()
			return
		}
	}
	p.readErr = sc.Err()
}

// send queues one line for the engine. A write error (the engine is gone) is not reported
// here: the engine's silence is, by the next read.
func (p *proc) send(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	p.debugf(">", text)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	select {
	case p.queue <- text + "\n":
	default:
	}
}

// write copies the queue to the engine's input, then closes it.
func (p *proc) write() {
	for s := range p.queue {
		io.WriteString(p.in, s)
	}
	p.in.Close()
}

// unread puts l back: the next read returns it.
func (p *proc) unread(l line) { p.pending = &l }

// readLine waits for the next line until deadline.
func (p *proc) readLine(deadline time.Time) (line, error) {
	return p.readLineCtx(context.Background(), deadline)
}

// readLineCtx is readLine that also gives up when ctx is done. A line already read is
// taken before the timer or ctx is looked at, and judged by the time it was read: one
// read after the deadline is no reply (so an engine that prints without end still runs
// out of time).
func (p *proc) readLineCtx(ctx context.Context, deadline time.Time) (line, error) {
	if l := p.pending; l != nil {
		p.pending = nil
		return *l, nil
	}
	select {
	case l, ok := <-p.lines:
		return p.got(l, ok, deadline)
	default:
	}
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return line{}, ctx.Err()
	case l, ok := <-p.lines:
		return p.got(l, ok, deadline)
	case <-t.C:
		select {
		case l, ok := <-p.lines:
			return p.got(l, ok, deadline)
		default:
		}
		return line{}, errNoReply
	}
}

// got is the result of a receive from p.lines.
func (p *proc) got(l line, ok bool, deadline time.Time) (line, error) {
	switch {
	case !ok && p.readErr != nil:
		return line{}, fmt.Errorf("%w: %v", errUnreadable, p.readErr)
	case !ok:
		return line{}, p.exited()
	case l.at.After(deadline):
		return line{}, errNoReply
	}
	return l, nil
}

// exited is the error for an engine whose output has ended: errExited with its exit
// status and the end of its standard error.
func (p *proc) exited() error {
	if p.cmd == nil { // a canned proc of the tests
		return errExited
	}
	e := &exitError{}
	select {
	case <-p.waited: // read closes lines, then waits for the process and closes waited
		e.status = p.cmd.ProcessState.String()
	case <-time.After(exitWait):
	}
	e.stderr = p.stderr.tail()
	return e
}

// stop asks the engine to quit with the line bye (if not empty), gives it a moment, then
// kills it. It is safe to call more than once.
func (p *proc) stop(bye string) {
	p.once.Do(func() {
		if bye != "" {
			p.send("%s", bye)
		}
		p.mu.Lock()
		p.closed = true
		close(p.queue) // the writer closes the input after the last line
		p.mu.Unlock()
		select {
		case <-p.waited:
		case <-time.After(quitWait):
			close(p.quit)
			p.cmd.Process.Kill()
			<-p.waited
			return
		}
		close(p.quit)
	})
}

// timeouts bound the waits that are not on a game clock.
type timeouts struct {
	Start time.Duration // the handshake after starting an engine
	Sync  time.Duration // ping/pong or isready/readyok before a game
	Probe time.Duration // silence after one protocol's greeting before the other's is tried
}

// baseName is the last element of a program path, a name for engines that give none.
func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
