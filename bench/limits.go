package bench

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// infiniteMoveWait is how long the referee waits for a move when there is no clock
// (-tc inf with -nodes or -depth): an engine that takes longer has hung.
const infiniteMoveWait = 10 * time.Minute

// TimeControl is how long the engines may think: a clock (Base for the game, or for each
// session of Moves moves, plus Inc after each move), or a fixed time per move, or no
// clock; and a node or depth limit on top of either.
type TimeControl struct {
	Base, Inc time.Duration
	// Moves is the moves of a session: after each Moves moves Base is added again (0: Base
	// is for the whole game).
	Moves int
	// MoveTime is a fixed time for every move (XBoard "st", UCI "go movetime"); the clock
	// is not used.
	MoveTime time.Duration
	// Nodes and Depth limit every search (UCI "go nodes", "go depth"; XBoard "sd"); 0: none.
	Nodes int64
	Depth int
	// Infinite: no clock at all, only Nodes or Depth (a move may take infiniteMoveWait).
	Infinite bool
}

// String is the PGN TimeControl tag: "10+0.1", "40/60+0", for a fixed time per move
// "st=1", without a clock "inf", and the node and depth limits after a blank.
func (tc TimeControl) String() string {
	var s string
	switch {
	case tc.MoveTime > 0:
		s = fmt.Sprintf("st=%g", tc.MoveTime.Seconds())
	case tc.Infinite:
		s = "inf"
	case tc.Moves > 0:
		s = fmt.Sprintf("%d/%g+%g", tc.Moves, tc.Base.Seconds(), tc.Inc.Seconds())
	default:
		s = fmt.Sprintf("%g+%g", tc.Base.Seconds(), tc.Inc.Seconds())
	}
	if tc.Nodes > 0 {
		s += fmt.Sprintf(" nodes=%d", tc.Nodes)
	}
	if tc.Depth > 0 {
		s += fmt.Sprintf(" depth=%d", tc.Depth)
	}
	return s
}

// check says what is wrong with tc, nil if nothing.
func (tc TimeControl) check() error {
	switch {
	case tc.Infinite && tc.Nodes == 0 && tc.Depth == 0:
		return fmt.Errorf("time control inf needs -nodes or -depth: without them a search never ends")
	case !tc.Infinite && tc.MoveTime == 0 && tc.Base <= 0:
		return fmt.Errorf("time control %s: the base must be positive", tc)
	case tc.Inc < 0 || tc.Moves < 0 || tc.Nodes < 0 || tc.Depth < 0 || tc.MoveTime < 0:
		return fmt.Errorf("time control %s: negative limits", tc)
	}
	return nil
}

// seconds reads a non-negative number of seconds.
func seconds(x string) (time.Duration, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 1e6 {
		return 0, errors.New("bad")
	}
	return time.Duration(f * float64(time.Second)), nil
}

// ParseTC reads a time control: "BASE+INC" or "BASE" in seconds, fractions allowed;
// "MOVES/BASE+INC" for sessions of MOVES moves (40/60+0: 60 s for every 40 moves); "inf"
// for no clock (with a node or depth limit).
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	if strings.TrimSpace(s) == "inf" {
		tc.Infinite = true
		return tc, nil
	}
	rest := s
	if moves, after, ok := strings.Cut(s, "/"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(moves))
		if err != nil || n < 1 || n > 1000 {
			return tc, fmt.Errorf("time control %q: want MOVES/BASE+INC with MOVES from 1 to 1000, like 40/60+0", s)
		}
		tc.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = seconds(base); err != nil || tc.Base <= 0 {
		return tc, fmt.Errorf("time control %q: want BASE+INC in seconds with BASE above 0, like 10+0.1 (or 40/60+0, or inf)", s)
	}
	if hasInc {
		if tc.Inc, err = seconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: want BASE+INC in seconds, like 10+0.1", s)
		}
	}
	return tc, nil
}

// parseKeyValues reads "k1=v1,k2=v2" or "k1=v1 k2=v2" into integers, each key one of keys.
func parseKeyValues(flagName, s string, keys ...string) (map[string]int, error) {
	out := map[string]int{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, v, ok := strings.Cut(w, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 0 {
			return nil, fmt.Errorf("%s %q: want %s=N words (N a whole number from 0)", flagName, s, strings.Join(keys, "=N,"))
		}
		found := false
		for _, key := range keys {
			found = found || k == key
		}
		if !found {
			return nil, fmt.Errorf("%s %q: unknown key %q (want %s)", flagName, s, k, strings.Join(keys, ", "))
		}
		out[k] = n
	}
	return out, nil
}

// parseDrawRule sets a's draw rule from -draw "movenumber=N,movecount=N,score=CP" (cutechess's
// words): from move movenumber, movecount moves of each side scored within score
// centipawns of zero. Keys left out keep their values.
func parseDrawRule(a *Adjudication, s string) error {
	m, err := parseKeyValues("-draw", s, "movenumber", "movecount", "score")
	if err != nil {
		return err
	}
	if v, ok := m["movenumber"]; ok {
		a.DrawFromMove = v
	}
	if v, ok := m["movecount"]; ok {
		a.DrawMoves = v
	}
	if v, ok := m["score"]; ok {
		a.DrawScore = v
	}
	return nil
}

// parseResignRule sets a's win rule from -resign "movecount=N,score=CP": movecount moves
// of each side in which the winner scores at least score and the loser at most -score.
func parseResignRule(a *Adjudication, s string) error {
	m, err := parseKeyValues("-resign", s, "movecount", "score")
	if err != nil {
		return err
	}
	if v, ok := m["movecount"]; ok {
		a.WinMoves = v
	}
	if v, ok := m["score"]; ok {
		a.WinScore = v
	}
	return nil
}
