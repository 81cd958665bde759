package protocol

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// uci is one UCI session. Variants follow Fairy-Stockfish's convention: the combo option
// UCI_Variant, and a line "info string variant NAME files F ranks R pocket P template T
// startpos FEN" on every change, which UCI2WB turns into XBoard's setup. Moves are in the
// native text of conventions.md.
type uci struct {
	w   *lineWriter
	eng Searcher
	job *runner
	rng *rand.Rand

	v        *movegen.Variant
	startPos *movegen.Position // the variant's start for this game (random for Shuffle)
	game     *movegen.Game
	pos      *movegen.Position // the root of the search (after the position command)
	hist     []uint64

	opts settings

	// the running search: whether it is a go infinite or go ponder whose bestmove waits for
	// stop or ponderhit, and a result that arrived while it waited; the ponder hit of a go
	// ponder, made before the search starts so that a ponderhit right after go ponder is
	// never lost.
	holding  bool
	held     *search.Result
	root     *movegen.Position
	pondered *search.Ponder
}

func newUCI(w *lineWriter, eng Searcher) *uci {
	u := &uci{w: w, eng: eng, job: newRunner(eng), opts: newSettings(eng), rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))}
	u.opts.startVariant = func(v *movegen.Variant) {
		u.setVariant(v)
		u.variantInfo()
	}
	u.setVariant(movegen.All[u.opts.value(optVariant)])
	return u
}

func (u *uci) setVariant(v *movegen.Variant) {
	u.v = v
	u.startPos = v.Start(u.rng)
	u.game = movegen.NewGame(u.startPos)
	u.pos = u.game.Position()
	u.hist = nil
}

// run is the session loop; first is the "uci" line already read.
func (u *uci) run(lines *lineReader, first string) int {
	u.handle(first)
	for {
		select {
		case line, ok := <-lines.ch:
			if !ok {
				u.stop()
				return 0
			}
			if line.tooLong {
				u.infoError("%s", tooLongError(line))
				continue
			}
			if u.handle(line.text) {
				u.stop()
				return 0
			}
		case res := <-u.job.results():
			u.job.finished()
			if u.holding {
				u.held = &res
			} else {
				u.bestMove(res)
			}
		}
	}
}

// stop ends a running search and prints its best move.
func (u *uci) stop() {
	if res, ok := u.job.stop(); ok {
		u.bestMove(res)
	} else if u.held != nil {
		u.bestMove(*u.held)
	}
	u.holding, u.held = false, nil
}

// handle runs one command; it reports whether the session ends.
func (u *uci) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "quit":
		return true
	case "uci":
		u.w.printf("id name %s", Name)
		u.w.printf("id author %s", Author)
		for id := range options {
			if o := &options[id]; o.offer&forUCI != 0 {
				u.w.println(o.uciLine())
			}
		}
		u.w.println("uciok")
	case "isready":
		u.w.println("readyok")
	case "debug", "register":
	case "setoption":
		u.setOption(f[1:])
	case "ucinewgame":
		u.stop()
		u.eng.NewGame()
		u.setVariant(u.v)
		if u.startPos.FEN() != u.v.StartFEN {
			u.variantInfo() // a new random array (Shuffle): tell the GUI what startpos is now
		}
	case "position":
		u.stop()
		u.position(f[1:])
	case "go":
		u.stop()
		u.goCmd(f[1:])
	case "stop":
		u.stop()
	case "ponderhit":
		if u.pondered != nil {
			u.pondered.Hit()
		}
		u.holding = false
		if u.held != nil {
			u.bestMove(*u.held)
			u.held = nil
		}
	default:
		u.w.printf("info string error: unknown command %q", f[0])
	}
	return false
}

// infoError reports a bad command; UCI has no error message, so it is an info string.
func (u *uci) infoError(format string, args ...any) {
	u.w.printf("info string error: "+format, args...)
}

// setOption reads "setoption name NAME [value VALUE]".
func (u *uci) setOption(f []string) {
	u.stop()
	if len(f) < 2 || f[0] != "name" {
		u.infoError("setoption needs name")
		return
	}
	var name, value []string
	i := 1
	for ; i < len(f) && f[i] != "value"; i++ {
		name = append(name, f[i])
	}
	if i < len(f) {
		value = f[i+1:]
	}
	n, val := strings.Join(name, " "), strings.Join(value, " ")
	id, ok := optionNamed(forUCI, n)
	if !ok {
		u.infoError("unknown option %q", n)
		return
	}
	x, ok := options[id].parse(val)
	if !ok {
		u.infoError("%s", options[id].uciError(n, val))
		return
	}
	u.opts.set(id, x)
}

// variantInfo prints Fairy-Stockfish's description of the current variant.
func (u *uci) variantInfo() {
	g := u.v.Geometry
	pocket := 0
	if u.v.HandInFEN {
		pocket = len(pieceTypes(u.v))
	}
	u.w.printf("info string variant %s files %d ranks %d pocket %d template fairy startpos %s", u.v.Name, g.Files, g.Ranks, pocket, u.startPos.FEN())
}

// position reads "position startpos|fen FEN [moves m1 m2 ...]". A bad FEN or move leaves
// the previous position in place.
func (u *uci) position(f []string) {
	if len(f) == 0 {
		u.infoError("position needs startpos or fen")
		return
	}
	var start *movegen.Position
	rest := f[1:]
	switch f[0] {
	case "startpos":
		// the start of the current game: a random start (Shuffle) stays the same for every
		// position command until ucinewgame or a variant change
		start = u.startPos
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		p, err := u.v.ParseFEN(strings.Join(rest[:i], " "))
		if err != nil {
			u.infoError("%v", err)
			return
		}
		start, rest = p, rest[i:]
	default:
		u.infoError("position needs startpos or fen, not %q", f[0])
		return
	}
	g := movegen.NewGame(start)
	if len(rest) > 0 {
		if rest[0] != "moves" {
			u.infoError("unexpected %q in position", rest[0])
			return
		}
		for _, t := range rest[1:] {
			m, err := g.Position().ParseMove(t)
			if err != nil {
				u.infoError("%v", err)
				return
			}
			g.Play(m)
		}
	}
	u.game = g
	u.pos = u.game.Position()
	u.hist = u.game.History()
}

// moveText writes a move in native text, castling as king-takes-rook under UCI_Chess960.
func (u *uci) moveText(p *movegen.Position, m movegen.Move) (string, bool) {
	if u.opts.on(optChess960) && m.Kind() == movegen.Castle && !u.v.Castling.KingTakesRook {
		g := u.v.Geometry
		return g.Name(m.From()) + g.Name(m.Aux()), true
	}
	return p.MoveText(m), true
}

// goCmd starts a search.
func (u *uci) goCmd(args []string) {
	g, ignored, err := parseGo(args)
	if err != nil {
		u.infoError("%v", err)
		u.w.println("bestmove 0000")
		return
	}
	if len(ignored) > 0 {
		u.w.printf("info string ignored: %s", strings.Join(ignored, " "))
	}
	if len(g.searchMoves) > 0 {
		u.w.printf("info string searchmoves is not supported; searching every move")
	}
	lim := search.Limits{Depth: g.depth, Nodes: g.nodes, MoveTime: g.moveTime, MovesToGo: g.movesToGo, Infinite: g.infinite, MultiPV: u.opts.value(optMultiPV)}
	u.pondered = nil
	if g.ponder {
		u.pondered = search.NewPonder()
		lim.Ponder = u.pondered
	}
	if g.mate > 0 && lim.Depth == 0 {
		lim.Depth = 2*g.mate - 1
	}
	if u.pos.SideToMove() == movegen.White {
		lim.Time, lim.Inc = g.wtime, g.winc
	} else {
		lim.Time, lim.Inc = g.btime, g.binc
	}
	u.holding = g.infinite || g.ponder
	u.held = nil
	u.root = u.pos
	u.job.start(u.pos, u.hist, lim, u.reporter(u.pos))
}

// reporter prints an info line per finished iteration.
func (u *uci) reporter(root *movegen.Position) func(search.Info) {
	pos := *root
	return func(in search.Info) {
		score := fmt.Sprintf("cp %d", in.Score)
		if n := search.MateMoves(in.Score); n != 0 {
			score = fmt.Sprintf("mate %d", n)
		}
		ms := in.Time.Milliseconds()
		nps := uint64(0)
		if ms > 0 {
			nps = in.Nodes * 1000 / uint64(ms)
		}
		pv := movesToPV(&pos, in.PV, u.moveText)
		u.w.printf("info depth %d seldepth %d multipv %d score %s nodes %d nps %d time %d hashfull %d pv %s",
			in.Depth, max(in.SelDepth, in.Depth), max(in.MultiPV, 1), score, in.Nodes, nps, ms, in.HashFull, strings.Join(pv, " "))
	}
}

// bestMove prints the result of a search.
func (u *uci) bestMove(res search.Result) {
	root := u.root
	if root == nil || !isLegal(root, res.Best) {
		u.w.println("bestmove (none)")
		return
	}
	best, _ := u.moveText(root, res.Best)
	next := *root
	next.Apply(res.Best)
	if isLegal(&next, res.Ponder) {
		pm, _ := u.moveText(&next, res.Ponder)
		u.w.printf("bestmove %s ponder %s", best, pm)
		return
	}
	u.w.printf("bestmove %s", best)
}
