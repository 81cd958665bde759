package protocol

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"varchess/search"
)

// maxClock bounds every time a GUI sends (a week), so that no arithmetic on it overflows.
const maxClock = 7 * 24 * time.Hour

// level is XBoard's time control: mps moves per period (0: the whole game), base time per
// period and increment per move.
type level struct {
	mps       int
	base, inc time.Duration
}

// parseLevel reads the arguments of "level MPS BASE INC": BASE is minutes or min:sec, INC
// seconds, possibly fractional (XBoard prints it with %g).
func parseLevel(arg string) (level, error) {
	f := strings.Fields(arg)
	if len(f) != 3 {
		return level{}, fmt.Errorf("level needs 3 values, got %d", len(f))
	}
	mps, err := strconv.Atoi(f[0])
	if err != nil || mps < 0 || mps > 10000 {
		return level{}, fmt.Errorf("moves per session %q", f[0])
	}
	min, sec, hasSec := strings.Cut(f[1], ":")
	m, err := strconv.Atoi(min)
	if err != nil || m < 0 || m > 10000 {
		return level{}, fmt.Errorf("base time %q", f[1])
	}
	base := time.Duration(m) * time.Minute
	if hasSec {
		s, err := strconv.Atoi(sec)
		if err != nil || s < 0 || s > 59 {
			return level{}, fmt.Errorf("base time %q", f[1])
		}
		base += time.Duration(s) * time.Second
	}
	inc, err := parseSeconds(f[2])
	if err != nil {
		return level{}, fmt.Errorf("increment %q", f[2])
	}
	return level{mps: mps, base: base, inc: inc}, nil
}

// String writes the level back in XBoard's form.
func (l level) String() string {
	base := strconv.Itoa(int(l.base / time.Minute))
	if s := int(l.base % time.Minute / time.Second); s != 0 {
		base += fmt.Sprintf(":%02d", s)
	}
	return fmt.Sprintf("%d %s %s", l.mps, base, strconv.FormatFloat(l.inc.Seconds(), 'g', -1, 64))
}

// parseSeconds reads a non-negative number of seconds, possibly fractional.
func parseSeconds(s string) (time.Duration, error) {
	x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(x) || x < 0 || x > maxClock.Seconds() {
		return 0, fmt.Errorf("%q is not a number of seconds from 0 to %v", s, maxClock.Seconds())
	}
	return time.Duration(x * float64(time.Second)).Round(time.Millisecond), nil
}

// goParams are the arguments of UCI's go.
type goParams struct {
	wtime, btime, winc, binc time.Duration
	movesToGo                int
	depth                    int
	nodes                    uint64
	mate                     int
	moveTime                 time.Duration
	infinite, ponder         bool
	searchMoves              []string
}

// parseGo reads the words after "go". As the UCI specification asks, words it does not
// understand are skipped and returned so the caller can say so; a value that is missing or
// not a number is an error, and times are clamped to a week.
func parseGo(args []string) (g goParams, ignored []string, err error) {
	num := func(i int) (int64, error) {
		if i+1 >= len(args) {
			return 0, fmt.Errorf("go %s needs a value", args[i])
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("go %s %q is not a whole number", args[i], args[i+1])
		}
		return n, nil
	}
	ms := func(n int64) time.Duration {
		return time.Duration(min(max(n, 0), maxClock.Milliseconds())) * time.Millisecond
	}
	for i := 0; i < len(args); i++ {
		switch w := args[i]; w {
		case "infinite":
			g.infinite = true
		case "ponder":
			g.ponder = true
		case "searchmoves":
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				g.searchMoves = append(g.searchMoves, args[i])
			}
		case "wtime", "btime", "winc", "binc", "movetime", "movestogo", "depth", "nodes", "mate":
			n, e := num(i)
			if e != nil {
				return goParams{}, nil, e
			}
			i++
			switch w {
			case "wtime":
				g.wtime = ms(n)
			case "btime":
				g.btime = ms(n)
			case "winc":
				g.winc = ms(n)
			case "binc":
				g.binc = ms(n)
			case "movetime":
				g.moveTime = ms(n)
			case "movestogo":
				g.movesToGo = int(min(max(n, 0), 10000))
			case "depth":
				g.depth = int(min(max(n, 0), search.MaxPly))
			case "nodes":
				g.nodes = uint64(max(n, 0))
			case "mate":
				g.mate = int(min(max(n, 0), search.MaxPly/2))
			}
		default:
			ignored = append(ignored, w)
		}
	}
	return g, ignored, nil
}

// goKeywords are the words of go that end a searchmoves list.
var goKeywords = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true, "depth": true,
	"nodes": true, "mate": true, "movetime": true, "infinite": true, "ponder": true, "searchmoves": true,
}

// String writes the parameters back as go arguments, in a fixed order.
func (g goParams) String() string {
	var f []string
	add := func(k string, v int64, on bool) {
		if on {
			f = append(f, k, strconv.FormatInt(v, 10))
		}
	}
	add("wtime", g.wtime.Milliseconds(), g.wtime > 0)
	add("btime", g.btime.Milliseconds(), g.btime > 0)
	add("winc", g.winc.Milliseconds(), g.winc > 0)
	add("binc", g.binc.Milliseconds(), g.binc > 0)
	add("movestogo", int64(g.movesToGo), g.movesToGo > 0)
	add("depth", int64(g.depth), g.depth > 0)
	add("nodes", int64(g.nodes), g.nodes > 0)
	add("mate", int64(g.mate), g.mate > 0)
	add("movetime", g.moveTime.Milliseconds(), g.moveTime > 0)
	if g.infinite {
		f = append(f, "infinite")
	}
	if g.ponder {
		f = append(f, "ponder")
	}
	if len(g.searchMoves) > 0 {
		f = append(append(f, "searchmoves"), g.searchMoves...)
	}
	return strings.Join(f, " ")
}
