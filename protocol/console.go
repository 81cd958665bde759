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
  level [ELO|full]     the engine's strength: ELO from 500 (a beginner can win) to 2000,
                       or full (the default); without an argument: the current level
                       (strength is the same command)
  option [NAME VALUE]  set an engine option (option Hash 64); without NAME: list them
  analyze              think about the position until the next line is entered
  undo                 take back your last move and the engine's reply (in force mode: one move)
  perft N              count the leaf nodes of the legal-move tree of depth N (any line stops it)
  pgn                  the game so far as PGN
  uci, xboard          leave the console for that protocol (for a GUI)
  quit                 leave`

// Console limits.
const (
	consoleMoveTime = 2 * time.Second // the engine's default thinking time per move
	maxConsolePerft = 8
	// maxMoveSuggestions bounds the legal moves of one piece listed with a refused move.
	maxMoveSuggestions = 12
)

// console is a session for people: a game against the engine, or analysis.
type console struct {
	w      *lineWriter
	eng    Searcher
	job    *runner
	rng    *rand.Rand
	banner bool // greet on starting (not when the greeting was printed already)
	opts   settings

	v          *movegen.Variant
	game       *movegen.Game
	engineSide movegen.Color
	force      bool
	limits     search.Limits
	mode       xbMode // xbIdle, xbThinking (the engine's move) or xbAnalyzing
	perft      *perftJob
}

func newConsole(w *lineWriter, eng Searcher) *console {
	c := &console{w: w, eng: eng, job: newRunner(eng), engineSide: movegen.Black, banner: true,
		opts:   newSettings(eng),
		limits: search.Limits{MoveTime: consoleMoveTime},
		rng:    rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 5))}
	c.newGame(standardGame)
	return c
}

func (c *console) newGame(v *movegen.Variant) {
	c.v = v
	c.game = movegen.NewGame(v.Start(c.rng))
	c.engineSide = movegen.Black
	c.force = false
}

// run is the session loop; first is the first line, already read. It returns "" when the
// session ends, or the protocol ("uci", "xboard") the user asked to switch to.
func (c *console) run(lines *lineReader, first inputLine) string {
	if c.banner {
		c.w.printf("%s: type help for the commands", Name)
	}
	if next, end := c.input(first); end {
		return next
	}
	for {
		select {
		case line, ok := <-lines.ch:
			if !ok {
				c.stop()
				return ""
			}
			if next, end := c.input(line); end {
				return next
			}
		case res := <-c.job.results():
			c.job.finished()
			c.searchDone(res)
		case res := <-c.perft.results():
			c.perft = nil
			c.w.printf("perft %d: %d nodes in %v", res.depth, res.nodes, res.took.Round(time.Millisecond))
		}
	}
}

// input runs one line; end reports that the session ends, and next the protocol to
// switch to ("" to leave).
func (c *console) input(line inputLine) (next string, end bool) {
	if line.tooLong {
		c.stop()
		c.errorf("%s", tooLongError(line))
		return "", false
	}
	next, end = c.handle(line.text)
	if end {
		c.stop()
	}
	return next, end
}

// stop ends a search or a perft; the engine's move is played if it was thinking for one.
func (c *console) stop() {
	if res, ok := c.job.stop(); ok {
		c.searchDone(res)
	}
	c.mode = xbIdle
	if c.perft != nil {
		res := c.perft.stop()
		c.perft = nil
		c.w.printf("perft %d stopped after %v (%d leaves counted)", res.depth, res.took.Round(time.Millisecond), res.nodes)
	}
}

// handle runs one line; it reports whether the session ends, and the protocol to switch
// to when it does so for a GUI.
func (c *console) handle(line string) (next string, end bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", false
	}
	if c.mode != xbIdle || c.perft != nil {
		c.stop()
		if f[0] == "stop" {
			return "", false
		}
	}
	arg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0]))
	switch f[0] {
	case "quit", "exit":
		return "", true
	case "uci", "xboard":
		// a GUI started the engine without its first line, or a person wants the protocol
		return f[0], true
	case "help", "?":
		c.w.println(consoleHelp)
	case "variant":
		if arg == "" {
			c.w.printf("variant %s; variants: %s", c.v.Name, strings.Join(variantNames(), " "))
			return "", false
		}
		v := movegen.ByName(arg)
		if v == nil {
			c.errorf("unknown variant %q; variants: %s", arg, strings.Join(variantNames(), " "))
			return "", false
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
			return "", false
		}
		p, err := c.v.ParseFEN(arg)
		if err != nil {
			c.errorf("%v", err)
			return "", false
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
	case "level", "strength":
		c.level(arg)
	case "option":
		c.option(f[1:])
	case "analyze":
		c.mode = xbAnalyzing
		p := c.game.Position()
		c.job.start(p, c.game.History(), search.Limits{Infinite: true}, c.reporter(p))
	case "stop":
	case "undo":
		c.undo()
	case "perft":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > maxConsolePerft {
			c.errorf("perft needs a depth from 1 to %d", maxConsolePerft)
			return "", false
		}
		c.perft = startPerft(c.game.Position(), n)
	case "pgn":
		c.w.println(strings.TrimSuffix(pgnOf(c.game, c.engineSide), "\n"))
	default:
		c.userMove(strings.TrimSpace(line))
	}
	return "", false
}

func (c *console) errorf(format string, args ...any) {
	c.w.printf("error: "+format, args...)
}

// undo takes back the user's last move and the engine's reply to it, so that the user
// moves again and the engine goes on answering; in force mode (the engine answers
// nothing) it takes back one move.
func (c *console) undo() {
	plies := 1
	if !c.force && c.game.Position().SideToMove() != c.engineSide {
		// the user's turn: the last move was the engine's reply
		plies = 2
	}
	if len(c.game.Moves()) < plies {
		if len(c.game.Moves()) == 0 {
			c.errorf("no move to undo")
		} else {
			c.errorf("no move of yours to undo (force, then undo, takes back the engine's move)")
		}
		return
	}
	for range plies {
		c.game.Undo()
	}
	c.show()
}

// level sets or shows the engine's strength (the option the console sets by level).
func (c *console) level(arg string) {
	switch arg {
	case "":
		if elo := c.opts.value(optStrength); elo != 0 {
			c.w.printf("level %d", elo)
		} else {
			c.w.println("level full (the whole engine)")
		}
		return
	case "full", "max":
		arg = "0"
	}
	elo, ok := options[optStrength].parse(arg)
	if !ok {
		c.errorf("level is an Elo from %d (a beginner can win) to %d, or full", search.MinElo, search.MaxElo)
		return
	}
	c.opts.set(optStrength, elo)
	if _, ok := c.eng.(leveller); !ok {
		c.errorf("this engine has no strength setting")
		return
	}
	c.level("")
}

// option lists the console's options (f empty) or sets one: option NAME VALUE, where NAME
// may be more than one word (any case).
func (c *console) option(f []string) {
	if len(f) == 0 {
		c.w.println("options (option NAME VALUE sets one; level sets the strength):")
		for id := range options {
			if o := &options[id]; o.offer&forConsole != 0 && o.command(forConsole) == "" {
				c.w.println(o.consoleLine())
			}
		}
		return
	}
	name := strings.Join(f[:len(f)-1], " ")
	id, ok := optionNamed(forConsole, name)
	if !ok {
		c.errorf("option NAME VALUE, where NAME is one of the options listed by option")
		return
	}
	o := &options[id]
	x, ok := o.parse(f[len(f)-1])
	if !ok {
		c.errorf("%s must be %s, not %q", o.name, o.rangeText(), f[len(f)-1])
		return
	}
	c.opts.set(id, x)
	c.w.printf("%s set to %d", o.name, x)
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

// userMove plays a move typed by the user, echoes it, and lets the engine answer.
func (c *console) userMove(s string) {
	p := c.game.Position()
	if o := c.game.Outcome(); o.Over() {
		c.errorf("the game is over: %s {%s}", o.Result, reasonText(o))
		return
	}
	m, err := p.ParseMove(s)
	if err != nil && c.v.StandardChess {
		if m2, err2 := parseSAN(p, s); err2 == nil {
			m, err = m2, nil
		}
	}
	if err != nil {
		c.errorf("%s", refusalReason(p, s))
		return
	}
	c.w.printf("you play %s", shownMove(p, m))
	c.game.Play(m)
	if c.announce() {
		return
	}
	if !c.force && c.game.Position().SideToMove() == c.engineSide {
		c.checkLine()
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

// checkLine says that the side to move is in check, if it is.
func (c *console) checkLine() {
	p := c.game.Position()
	if p.InCheck() {
		c.w.printf("%s is in check", colorName(p.SideToMove()))
	}
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
	c.w.printf("engine plays %s", shownMove(p, res.Best))
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

// moveName is the move as people read it: SAN in standard chess, else the coordinate text.
func moveName(p *movegen.Position, m movegen.Move) string {
	if p.Variant().StandardChess {
		if s, err := SAN(p, m); err == nil {
			return s
		}
	}
	return p.MoveText(m)
}

// listMoves prints the legal moves in coordinate text, sorted. Where a move is a piece
// move plus a placement (Hop Chess's trampoline), each piece move gets one line with the
// squares its placement may go to, instead of hundreds of moves on one line.
func (c *console) listMoves() {
	p := c.game.Position()
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		if o := c.game.Outcome(); o.Over() {
			c.w.printf("no legal moves: the game is over, %s {%s}", o.Result, reasonText(o))
		} else {
			c.w.println("no legal moves")
		}
		return
	}
	texts := make([]string, 0, ml.Len())
	placements := map[string][]movegen.Square{} // piece move -> squares of its placement
	sample := map[string]movegen.Move{}         // piece move -> one of its turns
	for _, m := range ml.Moves() {
		text := p.MoveText(m)
		if move, _, ok := strings.Cut(text, ","); ok && isTurn(m) {
			if placements[move] == nil {
				texts = append(texts, move)
				sample[move] = m
			}
			placements[move] = append(placements[move], m.Placement())
			continue
		}
		texts = append(texts, text)
	}
	sortStrings(texts)
	if len(placements) == 0 {
		c.w.printf("%s: %s", plural(len(texts), "legal move"), strings.Join(texts, " "))
		return
	}
	c.w.printf("%s: %s, each followed by its trampoline's square (MOVE,SQUARE):", plural(ml.Len(), "legal move"), plural(len(texts), "piece move"))
	for _, t := range texts {
		if len(placements[t]) == 0 {
			c.w.printf("  %s", t)
			continue
		}
		c.w.printf("  %-6s %s", t, placementSummary(p, sample[t], placements[t]))
	}
}

// placementSummary says where the trampoline of a piece move may go: the empty squares
// after the move (one turn m played shows them), but for those the rules forbid there.
func placementSummary(p *movegen.Position, m movegen.Move, allowed []movegen.Square) string {
	q := *p
	q.Apply(m)
	g := p.Geometry()
	ok := map[movegen.Square]bool{}
	for _, sq := range allowed {
		ok[sq] = true
	}
	empty := 0
	var not []string
	for r := 0; r < g.Ranks; r++ {
		for f := 0; f < g.Files; f++ {
			sq := g.Square(f, r)
			if sq == movegen.NoSquare || q.At(sq).IsPiece() {
				continue
			}
			empty++
			if !ok[sq] {
				not = append(not, g.Name(sq))
			}
		}
	}
	if len(allowed) <= maxMoveSuggestions || len(not) > maxMoveSuggestions {
		names := make([]string, 0, len(allowed))
		for _, sq := range allowed {
			names = append(names, g.Name(sq))
		}
		sortStrings(names)
		return "trampoline on " + strings.Join(names, " ")
	}
	if len(not) == 0 {
		return fmt.Sprintf("trampoline on any of the %d empty squares", empty)
	}
	sortStrings(not)
	return fmt.Sprintf("trampoline on any of the %d empty squares but %s", empty, strings.Join(not, " "))
}

// isTurn reports whether m is a Hop Chess turn that places a trampoline after the move.
func isTurn(m movegen.Move) bool { return m.Placement() != movegen.NoSquare }

// plural writes n things, with the noun in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// colorName is White or Black.
func colorName(c movegen.Color) string {
	if c == movegen.White {
		return "White"
	}
	return "Black"
}

// show draws the board, says who is in check and the phase of a Weak Square game.
func (c *console) show() {
	c.w.println(drawBoard(c.game.Position()))
	if line := phaseLine(c.game.Position()); line != "" {
		c.w.println(line)
	}
	c.checkLine()
}

// shownMove is a move as the console shows it: SAN in standard chess (with its + and #),
// else the coordinate text with + for a check and # for a mate.
func shownMove(p *movegen.Position, m movegen.Move) string {
	name := moveName(p, m)
	if p.Variant().StandardChess {
		return name
	}
	return name + checkSuffix(p, m)
}

// checkSuffix is "#" when m mates, "+" when it gives check, else "".
func checkSuffix(p *movegen.Position, m movegen.Move) string {
	q := *p
	q.Apply(m)
	if !q.InCheck() {
		return ""
	}
	if o := q.Status(); o.Over() && o.Result == movegen.WinFor(p.SideToMove()) {
		return "#"
	}
	return "+"
}

// phaseLine says in words what the side to move does in its game's phases (a Weak Square
// jump with its placement, a stuck king's passes, a Pre-chess placement, a Hop Chess
// trampoline to place, a capture Rule 4 makes compulsory), with the variant's own note and
// an example move; "" when the side simply moves, as in chess. The words are movegen's
// (Position.Describe): the rules live there, not here.
func phaseLine(p *movegen.Position) string {
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return ""
	}
	status, note := p.DescribeMoves(&ml)
	status = strings.TrimSuffix(status, ", in check") // checkLine says that
	if status == colorName(p.SideToMove())+" to move" {
		status = ""
	}
	switch {
	case status == "" && note == "":
		return ""
	case status == "":
		return note
	case note == "":
		return status
	}
	line := status + ". " + note
	switch k := ml.At(0).Kind(); {
	case ml.Len() == 1:
		line += " Its only move: " + p.MoveText(ml.At(0)) + "."
	case k == movegen.Jump:
		line += " For example: " + p.MoveText(ml.At(0)) + "."
	}
	return line
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
