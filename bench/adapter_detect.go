package bench

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"varchess/movegen"
)

// Protocol detection. An engine speaks XBoard (CECP) or UCI, some both (this project's
// engine and Fairy-Stockfish pick the protocol of their first line). The handshake greets
// the engine in one protocol and, when it refuses the greeting as an unknown command or
// stays silent for a moment (timeouts.Probe), in the other too: an XBoard engine answers
// "protover 2" with feature lines, a UCI engine answers "uci" with id, option and uciok
// lines, and each protocol tells its engines to ignore what they do not know. The first
// line that belongs to one protocol decides. So a UCI engine run as an XBoard engine is
// recognised in about a second instead of failing after the handshake's whole wait, and
// with -proto auto the runner needs no telling at all.

// protoAuto is the protocol of an EngineSpec to be found out ("" means the same).
const protoAuto = "auto"

// defaultProbe is the silence after one protocol's greeting before the other's is sent:
// XBoard's own wait for the features of a protocol 2 engine. An engine that refuses the
// greeting gets the other one at once.
const defaultProbe = 2 * time.Second

// protoError: the engine speaks the other protocol than the one it was to be spoken to in.
type protoError struct{ want, got string }

func (e *protoError) Error() string {
	return fmt.Sprintf("the engine speaks %s, not %s", protoTitle(e.got), protoTitle(e.want))
}

// variantError: the engine lists the variants it plays, and not this one.
type variantError struct {
	proto   string
	variant string
	plays   []string
}

func (e *variantError) Error() string {
	return fmt.Sprintf("the engine does not play variant %s over %s (it lists %s)",
		e.variant, protoTitle(e.proto), strings.Join(e.plays, ","))
}

// protoTitle is the protocol's name as written in prose.
func protoTitle(proto string) string {
	if proto == "uci" {
		return "UCI"
	}
	return "XBoard"
}

// otherProto is the protocol that is not proto.
func otherProto(proto string) string {
	if proto == "uci" {
		return "xboard"
	}
	return "uci"
}

// greet sends the first lines of proto's handshake.
func greet(p *proc, proto string) {
	if proto == "uci" {
		p.send("uci")
		return
	}
	p.send("xboard")
	p.send("protover 2")
}

// greeting is what greet sends, for messages.
func greeting(proto string) string {
	if proto == "uci" {
		return `"uci"`
	}
	return `"xboard" and "protover 2"`
}

// spokenBy is the protocol a line of handshake output belongs to, "" if neither.
func spokenBy(text string) string {
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, "feature "):
		return "xboard"
	case t == "uciok" || strings.HasPrefix(t, "id name ") || strings.HasPrefix(t, "id author ") ||
		strings.HasPrefix(t, "option name "):
		return "uci"
	}
	return ""
}

// refusesGreeting reports whether a line refuses a command as unknown: XBoard engines say
// "Error (unknown command): uci", Stockfish "Unknown command: 'xboard'", old XBoard
// engines take an unknown word for a move ("Illegal move: uci").
func refusesGreeting(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	return strings.HasPrefix(t, "error") || strings.HasPrefix(t, "illegal move") || strings.Contains(t, "unknown command")
}

// detect greets the engine in first, then in the other protocol too if it refuses or is
// silent for t.Probe, and returns the protocol of the first line that belongs to one.
// That line is put back for the protocol's handshake to read.
func detect(p *proc, first string, t timeouts) (string, error) {
	greet(p, first)
	start := time.Now()
	deadline := start.Add(t.Start)
	probe := start.Add(min(t.Probe, t.Start/2))
	both := false
	greetBoth := func() {
		if !both {
			greet(p, otherProto(first))
			both = true
		}
	}
	for {
		wait := deadline
		if !both {
			wait = probe
		}
		timer := time.NewTimer(time.Until(wait))
		var l line
		var ok bool
		select {
		case l, ok = <-p.lines:
			timer.Stop()
		case <-timer.C:
			if !both {
				greetBoth() // silence: the engine may wait for the other protocol's greeting
				continue
			}
			return "", fmt.Errorf("handshake: no answer in %v to %s as XBoard (feature lines) or UCI (uciok): %w",
				t.Start.Round(time.Millisecond), sent(first, both), errNoReply)
		}
		if !ok {
			_, err := p.got(l, ok, deadline)
			return "", fmt.Errorf("handshake, after %s: %w", sent(first, both), err)
		}
		if proto := spokenBy(l.text); proto != "" {
			p.unread(l)
			return proto, nil
		}
		if refusesGreeting(l.text) {
			greetBoth()
		}
	}
}

// sent says what detect sent: the greeting of first, and of the other protocol if both.
func sent(first string, both bool) string {
	if !both {
		return greeting(first)
	}
	return greeting(first) + " (" + protoTitle(first) + ") and " + greeting(otherProto(first)) + " (" + protoTitle(otherProto(first)) + ")"
}

// startPlayer starts the engine of spec and completes the handshake of its protocol,
// found out if spec.Proto is auto. An engine that does not list the variant over XBoard
// is tried over UCI when the protocol is to be found out: this project's engine offers
// Hop Chess over UCI only, because XBoard cannot show a Hop Chess turn.
func startPlayer(spec EngineSpec, v *movegen.Variant, t timeouts) (player, error) {
	proto := spec.Proto
	switch proto {
	case "":
		proto = protoAuto
	case protoAuto, "xboard", "uci":
	default:
		return nil, fmt.Errorf("unknown protocol %q (want auto, xboard or uci)", spec.Proto)
	}
	if t.Probe == 0 {
		t.Probe = defaultProbe
	}
	pl, err := startAs(spec, proto, v, t)
	var ve *variantError
	if proto == protoAuto && errors.As(err, &ve) && ve.proto == "xboard" {
		if overUCI, err2 := startAs(spec, "uci", v, t); err2 == nil {
			return overUCI, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", quoteCommand(spec.Cmd), err)
	}
	return pl, nil
}

// startAs starts the engine of spec and speaks proto to it (auto: the protocol it
// answers in, XBoard tried first); its options are set after the handshake.
func startAs(spec EngineSpec, proto string, v *movegen.Variant, t timeouts) (player, error) {
	p, err := startProc(spec.Cmd, spec.Dir)
	if err != nil {
		return nil, err
	}
	first := proto
	if first == protoAuto {
		first = "xboard"
	}
	spoken, err := detect(p, first, t)
	if err == nil && proto != protoAuto && spoken != proto {
		err = &protoError{want: proto, got: spoken}
	}
	var pl player
	if err == nil {
		if spoken == "uci" {
			pl, err = startUCI(p, v, t, spec.Options)
		} else {
			pl, err = startXBoard(p, v, t, spec.Options)
		}
	}
	if err != nil {
		p.stop("")
		return nil, err
	}
	return pl, nil
}
