package bench

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
)

// uci is an engine spoken to in UCI: the whole game is sent with every "position", so the
// engine never has to be kept in step.
type uci struct {
	p        *proc
	name     string
	setup    *gameSetup
	t        timeouts
	variants []string // the UCI_Variant option's choices, nil if the engine has none
}

// startUCI completes the handshake after "uci" (sent by detect): the lines up to "uciok";
// then it selects the variant and waits for "readyok".
func startUCI(p *proc, v *movegen.Variant, t timeouts, opts []EngineOption) (*uci, error) {
	e := &uci{p: p, name: baseName(p.argv0), t: t}
	var options []string // the names of the options the engine offers
	deadline := time.Now().Add(t.Start)
	for {
		l, err := p.readLine(deadline)
		if err != nil {
			return nil, fmt.Errorf("uci handshake: %w", err)
		}
		text := strings.TrimSpace(l.text)
		if text == "uciok" {
			break
		}
		if name, ok := strings.CutPrefix(text, "id name "); ok {
			e.name = strings.TrimSpace(name)
		}
		if name := uciOptionName(text); name != "" {
			options = append(options, name)
		}
		if rest, ok := strings.CutPrefix(text, "option name UCI_Variant "); ok {
			f := strings.Fields(rest)
			for i := 0; i+1 < len(f); i++ {
				if f[i] == "var" {
					e.variants = append(e.variants, f[i+1])
				}
			}
		}
	}
	if !v.StandardChess { // the game UCI means without UCI_Variant
		if e.variants != nil && !contains(e.variants, v.Name) {
			return nil, &variantError{proto: "uci", variant: v.Name, plays: e.variants}
		}
		p.send("setoption name UCI_Variant value %s", v.Name)
	}
	// An option the engine does not offer is a typo or the wrong engine: an engine would
	// ignore it in silence, and the match would test something else than intended.
	for _, o := range opts {
		if !slices.ContainsFunc(options, func(n string) bool { return strings.EqualFold(n, o.Name) }) {
			return nil, fmt.Errorf("the engine has no UCI option %q (it offers: %s)", o.Name, optionNames(options))
		}
		p.send("setoption name %s value %s", o.Name, o.Value)
	}
	if err := e.sync(); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *uci) Name() string { return e.name }

func (e *uci) Protocol() string { return "uci" }

// sync sends isready and waits for readyok, dropping what comes before it.
func (e *uci) sync() error {
	e.p.send("isready")
	deadline := time.Now().Add(e.t.Sync)
	for {
		l, err := e.p.readLine(deadline)
		if err != nil {
			return fmt.Errorf("no readyok: %w", err)
		}
		if strings.TrimSpace(l.text) == "readyok" {
			return nil
		}
	}
}

func (e *uci) NewGame(s *gameSetup) error {
	e.setup = s
	e.p.send("ucinewgame")
	return e.sync()
}

// Move sends the position and the clocks and waits for bestmove.
func (e *uci) Move(ctx context.Context, texts []string, c clocks) (reply, error) {
	p := e.p
	var b strings.Builder
	b.WriteString("position ")
	if e.setup.Standard {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen " + e.setup.Start.FEN())
	}
	if len(texts) > 0 {
		b.WriteString(" moves " + strings.Join(texts, " "))
	}
	p.send("%s", b.String())
	start := time.Now() // before go: a line read at once must not predate it
	p.send("%s", uciGo(e.setup.TC, c))
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
		switch f[0] {
		case "bestmove":
			r.Elapsed = l.at.Sub(start)
			if len(f) >= 2 {
				r.Move = f[1]
			}
			return r, nil
		case "info":
			if s, ok := uciScore(f); ok {
				r.Score, r.HasScore, r.Depth = s, true, uciDepth(f)
			}
		}
	}
}

// uciGo is the go command for the limits of tc and the clocks c.
func uciGo(tc TimeControl, c clocks) string {
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 0) }
	var b strings.Builder
	b.WriteString("go")
	switch {
	case tc.MoveTime > 0:
		fmt.Fprintf(&b, " movetime %d", ms(tc.MoveTime))
	case !tc.Infinite:
		fmt.Fprintf(&b, " wtime %d btime %d winc %d binc %d", ms(c.Left[movegen.White]), ms(c.Left[movegen.Black]), ms(c.Inc), ms(c.Inc))
		if c.MovesToGo > 0 {
			fmt.Fprintf(&b, " movestogo %d", c.MovesToGo)
		}
	}
	if tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", tc.Nodes)
	}
	if tc.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", tc.Depth)
	}
	if tc.Infinite && tc.Nodes == 0 && tc.Depth == 0 {
		b.WriteString(" infinite")
	}
	return b.String()
}

// mateScore is how the referee counts a reported mate: beyond any material score.
const mateScore = 100000

// uciScore reads "score cp N" or "score mate N" of an info line; bounds
// (lowerbound/upperbound) are not scores.
func uciScore(f []string) (int, bool) {
	for i := 1; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return 0, false
		}
		if i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
			return 0, false
		}
		switch f[i+1] {
		case "cp":
			return n, true
		case "mate":
			if n < 0 {
				return -mateScore - n, true
			}
			return mateScore - n, true
		}
		return 0, false
	}
	return 0, false
}

// uciDepth reads "depth N" of an info line, 0 if it has none.
func uciDepth(f []string) int {
	for i := 1; i+1 < len(f); i++ {
		if f[i] == "depth" {
			n, _ := strconv.Atoi(f[i+1])
			return max(n, 0)
		}
	}
	return 0
}

// EndGame stops a search that may still run (after a forfeit the engine is replaced anyway).
func (e *uci) EndGame(movegen.Result, string) { e.p.send("stop") }

func (e *uci) Close() { e.p.stop("quit") }
