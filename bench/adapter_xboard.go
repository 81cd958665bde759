package bench

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
)

// xboard is an engine spoken to in XBoard/CECP v2, the way XBoard itself does: the engine
// is put in force mode, told the start and the moves, then sent "go" on its first turn;
// afterwards each opponent move, preceded by time and otim, makes it think and answer
// "move M".
type xboard struct {
	p        *proc
	name     string
	setboard bool     // feature setboard=1
	ping     bool     // feature ping=1
	usermove bool     // feature usermove=1: moves are sent as "usermove M"
	variants []string // feature variants, nil if not given
	told     int      // moves of the game the engine knows
	force    bool     // the engine is in force mode (waits for "go")
	pings    int
	t        timeouts
	names    xbNames // the variant's square names as XBoard writes them
}

// startXBoard completes the CECP v2 handshake after "xboard" and "protover 2" (sent by
// detect): features until done=1.
func startXBoard(p *proc, v *movegen.Variant, t timeouts, opts []EngineOption) (*xboard, error) {
	e := &xboard{p: p, name: baseName(p.argv0), t: t, names: newXBNames(v.Geometry)}
	var options []string // the names of feature option="..." lines
	memory, smp := false, false
	// Protocol version 1 engines (no features at all) are not supported: without ping the
	// referee cannot tell a slow engine from a dead one.
	deadline := time.Now().Add(t.Start)
	for {
		l, err := p.readLine(deadline)
		if err != nil {
			return nil, fmt.Errorf("xboard handshake (protover 2 features up to done=1): %w", err)
		}
		if !strings.HasPrefix(l.text, "feature ") {
			continue
		}
		done := false
		for _, f := range parseFeatures(l.text[len("feature "):]) {
			ok := true
			switch f.name {
			case "myname":
				e.name = f.value
			case "setboard":
				e.setboard = f.value == "1"
			case "ping":
				e.ping = f.value == "1"
			case "usermove":
				e.usermove = f.value == "1"
			case "variants":
				e.variants = strings.Split(f.value, ",")
			case "san":
				ok = f.value == "0" // moves must be coordinates
			case "option":
				options = append(options, xboardOptionName(f.value))
			case "memory":
				memory = f.value == "1" // sent only when an option asks for it
			case "smp":
				smp = f.value == "1"
			case "egt", "exclude", "pause", "nps", "analyze":
				ok = false // commands the referee never sends
			case "done":
				if f.value == "1" {
					done = true
				} else {
					deadline = time.Now().Add(t.Start) // done=0: the engine asks for more time
				}
			}
			if ok {
				p.send("accepted %s", f.name)
			} else {
				p.send("rejected %s", f.name)
			}
		}
		if done {
			break
		}
	}
	if e.variants != nil && !contains(e.variants, v.Name) {
		return nil, &variantError{proto: "xboard", variant: v.Name, plays: e.variants}
	}
	for _, o := range opts {
		switch {
		case o.Name == "memory" && memory, o.Name == "cores" && smp:
			p.send("%s %s", o.Name, o.Value)
		case o.Name == "memory" || o.Name == "cores":
			return nil, fmt.Errorf("the engine does not take the XBoard command %q (no feature %s=1)", o.Name, map[string]string{"memory": "memory", "cores": "smp"}[o.Name])
		case slices.Contains(options, o.Name):
			p.send("option %s=%s", o.Name, o.Value)
		default:
			return nil, fmt.Errorf("the engine has no XBoard option %q (it offers: %s; memory and cores are XBoard's own)", o.Name, optionNames(options))
		}
	}
	return e, nil
}

// feature is one name=value pair of a feature line.
type feature struct{ name, value string }

// parseFeatures reads `a=1 b="two words" c=3`; it never fails: malformed text ends the list.
func parseFeatures(s string) []feature {
	var out []feature
	for {
		s = strings.TrimLeft(s, " \t")
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return out
		}
		name := s[:eq]
		if strings.ContainsAny(name, " \t") {
			return out
		}
		s = s[eq+1:]
		var value string
		if strings.HasPrefix(s, `"`) {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				value, s = s[1:], ""
			} else {
				value, s = s[1:end+1], s[end+2:]
			}
		} else {
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			value, s = s[:end], s[end:]
		}
		out = append(out, feature{name, value})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.TrimSpace(x) == s {
			return true
		}
	}
	return false
}

func (e *xboard) Name() string { return e.name }

func (e *xboard) Protocol() string { return "xboard" }

// NewGame resets the engine, announces the variant and the clock, puts it in force mode
// on the start position and waits for the pong that proves it has read all that.
func (e *xboard) NewGame(s *gameSetup) error {
	p := e.p
	p.send("new")
	if !s.Variant.StandardChess { // the game of XBoard's new
		p.send("variant %s", s.Variant.Name)
	}
	p.send("easy")
	p.send("post")
	switch {
	case s.TC.Nodes > 0:
		return fmt.Errorf("XBoard has no node limit: play this engine over UCI, or limit it by -depth or -st")
	case s.TC.MoveTime > 0:
		p.send("st %s", strconv.FormatFloat(s.TC.MoveTime.Seconds(), 'f', -1, 64))
	case s.TC.Infinite:
		p.send("st %d", int(infiniteMoveWait.Seconds())) // XBoard has no infinite: the referee's own wait
	default:
		p.send("level %d %s %s", s.TC.Moves, xboardBase(s.TC.Base), strconv.FormatFloat(s.TC.Inc.Seconds(), 'f', -1, 64))
	}
	if s.TC.Depth > 0 {
		p.send("sd %d", s.TC.Depth)
	}
	p.send("force")
	if !s.Standard {
		if !e.setboard {
			return fmt.Errorf("the engine cannot be given the start position (no setboard feature)")
		}
		p.send("setboard %s", e.names.fen(s.Start.FEN()))
	}
	e.told = 0
	e.force = true
	return e.sync()
}

// xboardBase writes a base time as the level command wants it: minutes, or min:sec.
// Fractions of a second are rounded up; the engine learns the exact clock from "time".
func xboardBase(d time.Duration) string {
	sec := int(math.Ceil(d.Seconds()))
	if sec%60 == 0 {
		return strconv.Itoa(sec / 60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}

// sync sends ping and waits for the matching pong, dropping everything before it (the end
// of the last game's output, such as a result claim after its last move). For engines
// without ping, what has arrived so far is dropped and the rest trusted.
func (e *xboard) sync() error {
	if !e.ping {
		for {
			select {
			case _, ok := <-e.p.lines:
				if !ok {
					return errExited
				}
			default:
				return nil
			}
		}
	}
	e.pings++
	e.p.send("ping %d", e.pings)
	want := fmt.Sprintf("pong %d", e.pings)
	deadline := time.Now().Add(e.t.Sync)
	for {
		l, err := e.p.readLine(deadline)
		if err != nil {
			return fmt.Errorf("no %q: %w", want, err)
		}
		if strings.TrimSpace(l.text) == want {
			return nil
		}
	}
}

func (e *xboard) sendMove(m string) {
	m = e.names.toXB(m)
	if e.usermove {
		e.p.send("usermove %s", m)
	} else {
		e.p.send("%s", m)
	}
}

// Move tells the engine what it has not heard yet and waits for its move.
func (e *xboard) Move(ctx context.Context, texts []string, c clocks) (reply, error) {
	p := e.p
	own, opp := c.Left[c.Side], c.Left[c.Side.Other()]
	// The clock starts before the command that sets the engine thinking: an engine that
	// answers at once must not be stamped as answering before it was asked.
	start := time.Now()
	times := func() {
		p.send("time %d", max(own.Milliseconds()/10, 0))
		p.send("otim %d", max(opp.Milliseconds()/10, 0))
	}
	if e.force {
		for _, m := range texts[e.told:] {
			e.sendMove(m)
		}
		times()
		p.send("go")
		e.force = false
	} else {
		for _, m := range texts[e.told : len(texts)-1] {
			e.sendMove(m) // normally none: only the opponent's last move is new
		}
		times()
		if e.told < len(texts) {
			e.sendMove(texts[len(texts)-1])
		}
	}
	e.told = len(texts)
	deadline := start.Add(c.Budget)
	var r reply
	for {
		l, err := p.readLineCtx(ctx, deadline)
		if err != nil {
			r.Elapsed = time.Since(start)
			return r, err
		}
		f := strings.Fields(l.text)
		if len(f) == 0 {
			continue
		}
		r.Heard, r.HeardAt = l.text, l.at.Sub(start)
		switch {
		case f[0] == "move" && len(f) >= 2:
			r.Move, r.Elapsed = e.names.fromXB(f[1]), l.at.Sub(start)
			e.told++
			return r, nil
		case f[0] == "resign":
			r.Resign, r.Elapsed = true, l.at.Sub(start)
			return r, nil
		case f[0] == "1-0" || f[0] == "0-1" || f[0] == "1/2-1/2":
			r.Claim, r.Elapsed = strings.TrimSpace(l.text), l.at.Sub(start)
			return r, nil
		case strings.HasPrefix(l.text, "Illegal move"):
			r.Elapsed = l.at.Sub(start)
			return r, &rejectError{strings.TrimSpace(l.text)}
		default:
			if s, depth, ok := xboardScore(f); ok {
				r.Score, r.HasScore, r.Depth = s, true, depth
			}
		}
	}
}

// xboardScore reads the score and the depth of a thinking line "depth score time nodes pv...".
// XBoard's engines write a mate in N moves as 100000+N and being mated in N as -100000-N;
// the score returned counts mates as uciScore does (mateScore - N), so that a PGN note reads
// "+M5", not "+M-5".
func xboardScore(f []string) (score, depth int, ok bool) {
	if len(f) < 4 {
		return 0, 0, false
	}
	depth, err := strconv.Atoi(strings.TrimRight(f[0], ".&"))
	if err != nil {
		return 0, 0, false
	}
	score, err = strconv.Atoi(f[1])
	if err != nil {
		return 0, 0, false
	}
	switch {
	case score >= xboardMate && score < xboardMate+maxMateMoves:
		score = mateScore - (score - xboardMate)
	case score <= -xboardMate && score > -xboardMate-maxMateMoves:
		score = -mateScore + (-score - xboardMate)
	}
	return score, depth, true
}

// xboardMate is the base of XBoard's mate scores: 100000+N is a mate in N moves.
const xboardMate = 100000

// EndGame tells the engine the result, which also stops it thinking.
func (e *xboard) EndGame(r movegen.Result, reason string) {
	e.p.send("result %s {%s}", r, reason)
	e.p.send("force")
	e.force = true
}

func (e *xboard) Close() { e.p.stop("quit") }
