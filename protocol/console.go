package protocol

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// consoleHelp is the console's help text.
const consoleHelp = `commands:
  help                 this text
  variant [NAME]       start a new game of NAME (without NAME: list the variants)
  new                  start a new game of the current variant
  fen [FEN]            set up a position (without FEN: print the current one)
  show                 draw the board
  moves                list the legal moves
  MOVE                 play a move: coordinate text (e2e4, e7e8q, N@b1, c3d4,d4e5, 0000)
                       or, in normal chess, SAN (Nf3, exd5, O-O); the engine answers
  go                   the engine plays the side to move (and keeps playing it)
  force                the engine stops answering moves
  limit depth N | movetime MS | nodes N    how long the engine thinks per move
  analyze              think about the position until the next line is entered
  undo                 take back one move
  perft N              count the leaf nodes of the legal-move tree of depth N
  pgn                  the game so far as PGN
  quit                 leave`

// Console limits.
const (
	consoleMoveTime = 2 * time.Second // the engine's default thinking time per move
	maxConsolePerft = 8
)

// console is a session for people: a game against the engine, or analysis.
type console struct {
	w   *lineWriter
	eng Searcher
	job *runner
	rng *rand.Rand

	v          *movegen.Variant
	game       *movegen.Game
	engineSide movegen.Color
	force      bool
	limits     search.Limits
	mode       xbMode // xbIdle, xbThinking (the engine's move) or xbAnalyzing
}

func newConsole(w *lineWriter, eng Searcher) *console {
	c := &console{w: w, eng: eng, job: newRunner(eng), engineSide: movegen.Black,
		limits: search.Limits{MoveTime: consoleMoveTime},
		rng:    rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 5))}
	c.newGame(movegen.ByName("normal"))
	return c
}

func (c *console) newGame(v *movegen.Variant) {
	c.v = v
	c.game = movegen.NewGame(v.Start(c.rng))
	c.engineSide = movegen.Black
	c.force = false
}

// run is the session loop; first is the first line, already read.
func (c *console) run(lines *lineReader, first string) int {
	c.w.printf("%s: type help for the commands", Name)
	if c.handle(first) {
		return 0
	}
	for {
		select {
		case line, ok := <-lines.ch:
			if !ok {
				c.stop()
				return 0
			}
			if c.handle(line) {
				c.stop()
				return 0
			}
		case res := <-c.job.results():
			c.job.finished()
			c.searchDone(res)
		}
	}
}

// stop ends a search; the engine's move is played if it was thinking for one.
func (c *console) stop() {
	if res, ok := c.job.stop(); ok {
		c.searchDone(res)
	}
	c.mode = xbIdle
}

// handle runs one line; it reports whether the session ends.
func (c *console) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	if c.mode != xbIdle {
		c.stop()
		if f[0] == "stop" {
			return false
		}
	}
	arg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0]))
	switch f[0] {
	case "quit", "exit":
		return true
	case "help", "?":
		c.w.println(consoleHelp)
	case "variant":
		if arg == "" {
			c.w.printf("variant %s; variants: %s", c.v.Name, strings.Join(variantNames(), " "))
			return false
		}
		v := movegen.ByName(arg)
		if v == nil {
			c.errorf("unknown variant %q; variants: %s", arg, strings.Join(variantNames(), " "))
			return false
		}
		c.newGame(v)
		c.eng.NewGame()
		c.show()
	case "new":
		c.newGame(c.v)
		c.eng.NewGame()
		c.show()
	case "fen":
		if arg == "" {
			c.w.println(c.game.Position().FEN())
			return false
		}
		p, err := c.v.ParseFEN(arg)
		if err != nil {
			c.errorf("%v", err)
			return false
		}
		c.game = movegen.NewGame(p)
		c.engineSide = p.SideToMove().Other()
		c.show()
	case "show", "d", "board":
		c.show()
	case "moves":
		c.listMoves()
	case "go":
		c.force = false
		c.engineSide = c.game.Position().SideToMove()
		c.think()
	case "force":
		c.force = true
		c.w.println("the engine stops answering; go makes it play")
	case "limit":
		c.limit(f[1:])
	case "analyze":
		c.mode = xbAnalyzing
		p := c.game.Position()
		c.job.start(p, c.game.History(), search.Limits{Infinite: true}, c.reporter(p))
	case "stop":
	case "undo":
		if !c.game.Undo() {
			c.errorf("no move to undo")
			return false
		}
		c.force = true
		c.show()
		c.w.println("the engine stops answering; go makes it play")
	case "perft":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > maxConsolePerft {
			c.errorf("perft needs a depth from 1 to %d", maxConsolePerft)
			return false
		}
		t0 := time.Now()
		nodes := movegen.Perft(c.game.Position(), n)
		c.w.printf("perft %d: %d nodes in %v", n, nodes, time.Since(t0).Round(time.Millisecond))
	case "pgn":
		c.w.println(pgnOf(c.game, c.engineSide))
	default:
		c.userMove(strings.TrimSpace(line))
	}
	return false
}

func (c *console) errorf(format string, args ...any) {
	c.w.printf("error: "+format, args...)
}

// limit sets how long the engine thinks.
func (c *console) limit(f []string) {
	if len(f) != 2 {
		c.errorf("limit depth N | movetime MS | nodes N")
		return
	}
	n, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil || n < 1 {
		c.errorf("%q is not a positive number", f[1])
		return
	}
	switch f[0] {
	case "depth":
		c.limits = search.Limits{Depth: int(min(n, search.MaxPly))}
	case "movetime":
		c.limits = search.Limits{MoveTime: time.Duration(min(n, maxClock.Milliseconds())) * time.Millisecond}
	case "nodes":
		c.limits = search.Limits{Nodes: uint64(n)}
	default:
		c.errorf("limit depth N | movetime MS | nodes N")
	}
}

// userMove plays a move typed by the user, and lets the engine answer.
func (c *console) userMove(s string) {
	p := c.game.Position()
	if o := c.game.Outcome(); o.Over() {
		c.errorf("the game is over: %s {%s}", o.Result, reasonText(o))
		return
	}
	m, err := p.ParseMove(s)
	if err != nil && c.v.Name == "normal" {
		if m2, err2 := parseSAN(p, s); err2 == nil {
			m, err = m2, nil
		}
	}
	if err != nil {
		c.errorf("illegal or unknown move %q (type moves for the legal moves, help for the commands)", s)
		return
	}
	c.game.Play(m)
	if c.announce() {
		return
	}
	if !c.force && c.game.Position().SideToMove() == c.engineSide {
		c.think()
	} else {
		c.show()
	}
}

// announce prints the result when the game is over, and reports whether it is.
func (c *console) announce() bool {
	o := c.game.Outcome()
	if !o.Over() {
		return false
	}
	c.show()
	c.w.printf("game over: %s {%s}", o.Result, reasonText(o))
	return true
}

// think starts the engine's search for its move.
func (c *console) think() {
	if c.announce() {
		return
	}
	c.mode = xbThinking
	p := c.game.Position()
	c.job.start(p, c.game.History(), c.limits, c.reporter(p))
}

// searchDone plays the engine's move when it was thinking for one.
func (c *console) searchDone(res search.Result) {
	mode := c.mode
	c.mode = xbIdle
	if mode != xbThinking {
		return
	}
	p := c.game.Position()
	if !isLegal(p, res.Best) {
		c.announce()
		return
	}
	c.w.printf("engine plays %s", moveName(p, res.Best))
	c.game.Play(res.Best)
	if !c.announce() {
		c.show()
	}
}

// reporter prints the engine's thinking for people.
func (c *console) reporter(root *movegen.Position) func(search.Info) {
	pos := *root
	return func(in search.Info) {
		score := fmt.Sprintf("%+.2f", float64(in.Score)/100)
		if n := search.MateMoves(in.Score); n > 0 {
			score = fmt.Sprintf("mate in %d", n)
		} else if n < 0 {
			score = fmt.Sprintf("mated in %d", -n)
		}
		pv := movesToPV(&pos, in.PV, func(p *movegen.Position, m movegen.Move) (string, bool) { return moveName(p, m), true })
		c.w.printf("depth %d score %s nodes %d time %.2fs pv %s", in.Depth, score, in.Nodes, in.Time.Seconds(), strings.Join(pv, " "))
	}
}

// moveName is the move as people read it: SAN in normal chess, else the coordinate text.
func moveName(p *movegen.Position, m movegen.Move) string {
	if p.Variant().Name == "normal" {
		if s, err := sanOf(p, m); err == nil {
			return s
		}
	}
	return p.MoveText(m)
}

// listMoves prints the legal moves in coordinate text, sorted.
func (c *console) listMoves() {
	p := c.game.Position()
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	texts := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		texts = append(texts, p.MoveText(m))
	}
	sortStrings(texts)
	c.w.printf("%d legal moves: %s", len(texts), strings.Join(texts, " "))
}

// show draws the board.
func (c *console) show() {
	c.w.println(drawBoard(c.game.Position()))
}

// drawBoard draws p in text: ranks from the top, each cell three characters wide: " r "
// a piece, " . " an empty square, "###" a cell that is not a square (a hole, or outside an
// irregular board), "[r]" or "[ ]" a square holding a trampoline. Below: the side to move,
// the hands, the trampolines and the FEN.
func drawBoard(p *movegen.Position) string {
	v := p.Variant()
	g := v.Geometry
	tramp := map[movegen.Square]bool{}
	for c := movegen.White; c <= movegen.Black; c++ {
		if t := p.Trampoline(c); t != movegen.NoSquare {
			tramp[t] = true
		}
	}
	rankWidth := len(strconv.Itoa(g.Ranks - 1 + g.RankBase()))
	var sb strings.Builder
	border := strings.Repeat(" ", rankWidth+1) + "+" + strings.Repeat("-", 3*g.Files) + "+\n"
	sb.WriteString(border)
	for r := g.Ranks - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%*d |", rankWidth, r+g.RankBase())
		for f := 0; f < g.Files; f++ {
			sq := g.Square(f, r)
			if sq == movegen.NoSquare {
				sb.WriteString("###")
				continue
			}
			ch := byte('.')
			if pc := p.At(sq); pc.IsPiece() {
				ch = v.Letter(pc)
			} else if tramp[sq] {
				ch = ' '
			}
			if tramp[sq] {
				sb.WriteString("[" + string(ch) + "]")
			} else {
				sb.WriteString(" " + string(ch) + " ")
			}
		}
		sb.WriteString("|\n")
	}
	sb.WriteString(border)
	sb.WriteString(strings.Repeat(" ", rankWidth+2))
	var files strings.Builder
	for f := 0; f < g.Files; f++ {
		files.WriteString(" " + g.FileName(f) + " ")
	}
	sb.WriteString(strings.TrimRight(files.String(), " ") + "\n")
	side := "White"
	if p.SideToMove() == movegen.Black {
		side = "Black"
	}
	fmt.Fprintf(&sb, "%s to move (%s)", side, v.Name)
	for c := movegen.White; c <= movegen.Black; c++ {
		hand := ""
		for _, t := range pieceTypes(v) {
			hand += strings.Repeat(string(v.Letter(movegen.MakePiece(c, t))), p.Hand(c, t))
		}
		if v.HandInFEN {
			fmt.Fprintf(&sb, "\n%s hand: %s", map[movegen.Color]string{movegen.White: "White", movegen.Black: "Black"}[c], orDash(hand))
		}
	}
	if len(tramp) > 0 {
		fmt.Fprintf(&sb, "\ntrampolines: White %s, Black %s", g.Name(p.Trampoline(movegen.White)), g.Name(p.Trampoline(movegen.Black)))
	}
	fmt.Fprintf(&sb, "\nFEN %s", p.FEN())
	return sb.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
