package protocol

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// xbMode is what an XBoard session's search is doing.
type xbMode int

const (
	xbIdle      xbMode = iota // no search (observing, force mode, or waiting for the opponent)
	xbThinking                // searching for the engine's own move
	xbPondering               // searching on the opponent's time; the result is thrown away
	xbAnalyzing               // analyze mode: an endless search of the current position
)

// xboard is one CECP v2 session: an explicit state machine over the game, the mode of the
// search, force mode and the side the engine plays.
type xboard struct {
	w   *lineWriter
	eng Searcher
	job *runner

	v        *movegen.Variant
	start    *movegen.Position
	game     *movegen.Game
	xb       xbBoard
	opts     settings
	gui      bool // the peer is XBoard (xbBoard.gui)
	rng      *rand.Rand
	unplayed map[*movegen.Variant]*movegen.Position // starts drawn since the last move played

	mode       xbMode
	force      bool
	engineSide movegen.Color
	over       bool // the game ended by rule or by a result command
	post       bool

	depth     int
	moveTime  time.Duration
	mps       int
	base, inc time.Duration
	myTime    time.Duration

	// setupUnread: the engine sent a setup at variant and nothing was played since; a
	// setboard now came before XBoard read that setup (xbBoard.resetupLines)
	setupUnread bool

	// lift/put state: the square lifted, the square where a first leg ended, the marks sent
	// and the pieces to choose from on each target.
	liftSq  movegen.Square
	legSq   movegen.Square
	liftPos *movegen.Position
	marks   map[movegen.Square]byte
	choice  string // the whole choice of the lift's magenta targets when the lift sent only the usual piece (liftChoice)

	statMu sync.Mutex
	stat   search.Info // the last report, for "." in analyze mode

	pings []string // pings received while thinking, answered after the move
}

func newXBoard(w *lineWriter, eng Searcher) *xboard {
	x := &xboard{w: w, eng: eng, job: newRunner(eng), opts: newSettings(eng), rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 9))}
	x.setVariant(standardGame)
	return x
}

// run is the session loop; it returns the exit status.
func (x *xboard) run(lines *lineReader) int {
	for {
		select {
		case line, ok := <-lines.ch:
			if !ok {
				x.stopSearch()
				return 0
			}
			switch {
			case line.tooLong:
				x.errorf("line too long", tooLongError(line))
			case x.handle(line.text):
				x.stopSearch()
				x.answerPings()
				return 0
			}
		case res := <-x.job.results():
			x.job.finished()
			x.searchDone(res)
		}
		x.answerPings()
	}
}

// answerPings sends the pongs of the pings that came while the engine thought about its
// move, once it no longer does: CECP forbids the pong before the move.
func (x *xboard) answerPings() {
	if x.mode == xbThinking {
		return
	}
	for _, n := range x.pings {
		x.w.printf("pong %s", n)
	}
	x.pings = nil
}

// setVariant starts a new game of v. A random start (Shuffle) is drawn once and kept until
// a move is played: XBoard may send new and variant twice before a game begins, and it
// keeps the first setup it gets, so a second draw would leave engine and GUI on different
// boards.
func (x *xboard) setVariant(v *movegen.Variant) {
	x.v = v
	x.mapBoard()
	if x.unplayed == nil {
		x.unplayed = map[*movegen.Variant]*movegen.Position{}
	}
	if x.unplayed[v] == nil {
		x.unplayed[v] = v.Start(x.rng)
	}
	x.start = x.unplayed[v]
	x.game = movegen.NewGame(x.start)
	x.over, x.setupUnread = false, false
	x.clearLift()
}

// handle runs one command; it reports whether the session ends.
func (x *xboard) handle(line string) bool {
	line = strings.TrimSpace(line)
	if line == "" {
		return false
	}
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch cmd {
	case "quit":
		return true
	case "protover":
		x.features()
	case "random":
		// only XBoard sends it (its default init string): castling in its two-leg form
		x.gui, x.xb.gui = true, true
	case "xboard", "accepted", "rejected", "computer", "name", "rating", "ics", "nps", "hint", "bk", "otim":
		// nothing to do: information, or features we did not ask for
	case "new":
		x.stopSearch()
		x.setVariant(standardGame) // CECP: new is a game of normal chess
		x.force, x.engineSide, x.depth = false, movegen.Black, 0
		x.eng.NewGame()
	case "variant":
		x.variant(arg)
	case "force":
		x.stopSearch()
		x.force = true
	case "go":
		x.stopSearch()
		x.force = false
		x.engineSide = x.game.Position().SideToMove()
		x.think()
	case "playother":
		x.stopSearch()
		x.force = false
		x.engineSide = x.game.Position().SideToMove().Other()
	case "usermove":
		if arg == "" {
			x.errorf("no move given", line)
			return false
		}
		x.userMove(arg)
	case "setboard":
		x.setboard(arg)
	case "level":
		l, err := parseLevel(arg)
		if err != nil {
			x.errorf("bad level", line)
			return false
		}
		x.mps, x.base, x.inc, x.moveTime = l.mps, l.base, l.inc, 0
		x.myTime = l.base
	case "st":
		d, err := parseSeconds(arg)
		if err != nil {
			x.errorf("bad time", line)
			return false
		}
		x.moveTime = d
	case "sd":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > search.MaxPly {
			x.errorf("bad depth", line)
			return false
		}
		x.depth = n
	case "time":
		cs, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || cs < -1e9 || cs > 1e9 {
			x.errorf("bad time", line)
			return false
		}
		x.myTime = max(time.Duration(cs)*10*time.Millisecond, 0)
	case "?":
		if x.mode == xbThinking {
			res, _ := x.job.stop()
			x.searchDone(res)
		}
	case "ping":
		// answered at once unless the engine thinks about its move (answerPings)
		x.pings = append(x.pings, arg)
	case "draw":
		// the engine plays on: it offers and accepts no draws
	case "result":
		x.stopSearch()
		x.over = true
	case "undo":
		x.undo(1)
	case "remove":
		x.undo(2)
	case "hard":
		x.opts.set(optPonder, 1)
	case "easy":
		x.opts.set(optPonder, 0)
		if x.mode == xbPondering {
			x.stopSearch()
		}
	case "post":
		x.post = true
	case "nopost":
		x.post = false
	case "analyze":
		x.stopSearch()
		x.mode = xbAnalyzing
		x.analyze()
	case "exit":
		if x.mode == xbAnalyzing {
			x.stopSearch()
		}
	case ".":
		if x.mode == xbAnalyzing {
			x.statMu.Lock()
			s := x.stat
			x.statMu.Unlock()
			var ml movegen.MoveList
			x.game.Position().LegalMoves(&ml)
			x.w.printf("stat01: %d %d %d %d %d", s.Time.Milliseconds()/10, s.Nodes, s.Depth, 0, ml.Len())
		}
	case "memory", "cores":
		id, _ := optionByCommand(forXBoard, cmd)
		x.setOption(id, arg, line)
	case "option":
		name, value, ok := strings.Cut(arg, "=")
		id, known := optionNamed(forXBoard, strings.TrimSpace(name))
		if !ok || !known {
			x.errorf("unknown option", line)
			return false
		}
		x.setOption(id, value, line)
	case "lift", "put", "hover":
		if !x.xbCellName(arg) {
			// not a cell XBoard could name (its board, or the holdings beside it)
			x.clearLift()
			x.errorf("no such square", line)
			return false
		}
		switch cmd {
		case "lift":
			x.lift(arg)
		case "put":
			x.put(arg)
		default:
			x.hover(arg)
		}
	default:
		// Without the usermove prefix a move is still taken (people type them).
		if x.mode != xbThinking {
			if _, err := x.xb.parseMove(x.game.Position(), line); err == nil {
				x.userMove(line)
				return false
			}
		}
		x.errorf("unknown command", line)
	}
	return false
}

// xbCellName reports whether name is a cell XBoard could send in lift, put or hover: a
// file from its holdings left of the board to those right of it, and a rank of the board.
// A cell that is no square (a Weak Square hole) is one; "zz", "e99" and "" are not.
func (x *xboard) xbCellName(name string) bool {
	g := x.v.Geometry
	if len(name) < 2 || name[0] < 'a'-2 || name[0] > byte('a'+g.Files+1) {
		return false
	}
	r, err := strconv.Atoi(name[1:])
	base := x.xb.rankBase
	return err == nil && name[1] != '+' && name[1] != '-' && r >= base && r < base+g.Ranks
}

// errorf reports a command the engine cannot carry out, in CECP's form.
func (x *xboard) errorf(reason, line string) {
	x.w.printf("Error (%s): %s", reason, line)
}

// features answers protover: the features, the variants XBoard can show, the options.
func (x *xboard) features() {
	var names []string
	for _, v := range movegen.All {
		if xbSupported(v) {
			names = append(names, v.Name)
		}
	}
	x.w.printf(`feature done=0`)
	x.w.printf(`feature ping=1 setboard=1 usermove=1 colors=0 sigint=0 sigterm=0 reuse=1 analyze=1 highlight=1 memory=1 smp=1 draw=1 playother=1 exclude=0 nps=0 debug=1 myname="%s"`, Name)
	x.w.printf(`feature variants="%s"`, strings.Join(names, ","))
	for id := range options {
		if o := &options[id]; o.offer&forXBoard != 0 && o.command(forXBoard) == "" {
			x.w.println(o.xbFeature(x.opts.value(optionID(id))))
		}
	}
	x.w.printf(`feature done=1`)
}

// variant starts a game of the named variant and tells XBoard its board (before the pong
// XBoard waits for next).
func (x *xboard) variant(name string) {
	x.stopSearch()
	v := movegen.ByName(name)
	if v == nil {
		x.errorf("unknown variant", "variant "+name)
		return
	}
	if !xbSupported(v) {
		x.errorf("variant cannot be shown by XBoard, use UCI or the console", "variant "+name)
		return
	}
	x.setVariant(v)
	for _, l := range x.xb.setupLines(x.start) {
		x.w.println(l)
		x.setupUnread = true
	}
}

// setOption sets option id to value, from option NAME=VALUE or from XBoard's own command
// for it (memory, cores); line is the command, for the error.
func (x *xboard) setOption(id optionID, value, line string) {
	n, ok := options[id].parse(strings.TrimSpace(value))
	if !ok {
		x.errorf(options[id].xbError(), line)
		return
	}
	x.opts.set(id, n)
	x.mapBoard() // the XBoard rankOffset option changes the square names
}

// mapBoard makes the board mapping anew for the variant and the options.
func (x *xboard) mapBoard() {
	x.xb = newXBBoard(x.v, x.opts.value(optRankOffset))
	x.xb.gui = x.gui
}

// setboard replaces the position; a bad FEN leaves the game as it was. XBoard also uses
// setboard to pass on a move it cannot send as text (a null move, sent to the opponent as
// the position after it): a position one legal move from the current one is that move, so
// that what the FEN cannot carry (Weak Square phases, bunker rights) stays right.
func (x *xboard) setboard(fen string) {
	x.stopSearchKeepAnalysis(func() {
		if m, ok := x.xb.moveTo(x.game.Position(), fen); ok {
			x.game.Play(m)
			x.unplayed = nil
			x.clearLift()
			x.claim()
			// XBoard sends no go after such a setboard: the engine answers as after a usermove
			if x.mode != xbAnalyzing && !x.force && !x.over && x.game.Position().SideToMove() == x.engineSide {
				x.think()
			}
			return
		}
		p, err := x.xb.parseFEN(fen, x.start)
		if err != nil && x.setupUnread {
			// XBoard reads the setup sent at variant after this and takes it, its board
			// format changing: this is its own start, such as the array it shuffles under
			// bunker's parent nocastle at a new game, with its royal king as '.'
			x.w.printf("# setboard before XBoard read the setup, ignored: %v", err)
			return
		}
		if err != nil {
			x.w.printf("tellusererror Illegal position: %v", err)
			return
		}
		x.game = movegen.NewGame(p)
		x.over = false
		x.clearLift()
		if x.setupUnread {
			x.setupUnread = false
			for _, l := range x.xb.resetupLines(p) {
				x.w.println(l)
			}
		}
	})
}

// undo takes back n plies.
func (x *xboard) undo(n int) {
	x.stopSearchKeepAnalysis(func() {
		if len(x.game.Moves()) < n {
			x.errorf("no move to undo", map[int]string{1: "undo", 2: "remove"}[n])
			return
		}
		for range n {
			x.game.Undo()
		}
		x.over = false
		x.clearLift()
	})
}

// stopSearchKeepAnalysis runs change with the search stopped, and restarts the analysis
// afterwards when the session is analysing.
func (x *xboard) stopSearchKeepAnalysis(change func()) {
	analyzing := x.mode == xbAnalyzing
	x.stopSearch()
	change()
	if analyzing {
		x.mode = xbAnalyzing
		x.analyze()
	}
}

// userMove plays the opponent's move, then thinks if it is the engine's turn.
func (x *xboard) userMove(text string) {
	analyzing := x.mode == xbAnalyzing
	if x.mode == xbPondering || x.mode == xbThinking {
		x.stopSearch()
	}
	m, err := x.xb.parseMove(x.game.Position(), text)
	if err != nil {
		x.w.printf("Illegal move: %s", text)
		return
	}
	if analyzing {
		x.stopSearch()
	}
	x.game.Play(m)
	x.unplayed, x.setupUnread = nil, false
	x.clearLift()
	x.claim()
	switch {
	case analyzing:
		x.mode = xbAnalyzing
		x.analyze()
	case !x.force && !x.over && x.game.Position().SideToMove() == x.engineSide:
		x.think()
	}
}

// stopSearch ends any search and throws its result away.
func (x *xboard) stopSearch() {
	x.job.stop()
	x.mode = xbIdle
}

// claim announces the end of the game when the position is over by rule.
func (x *xboard) claim() {
	o := x.game.Outcome()
	if !o.Over() {
		return
	}
	x.over = true
	x.w.printf("%s {%s}", o.Result, reasonText(o))
}

// reasonText says why the game ended, for people: "White mates", "Stalemate".
func reasonText(o movegen.Outcome) string {
	r := o.Reason
	if r == "checkmate" {
		if o.Result == movegen.WhiteWins {
			return "White mates"
		}
		return "Black mates"
	}
	if r == "" {
		return o.Result.String()
	}
	return strings.ToUpper(r[:1]) + r[1:]
}

// limits are the search limits of the engine's next move under the clock settings.
func (x *xboard) limits() search.Limits {
	lim := search.Limits{Depth: x.depth}
	switch {
	case x.moveTime > 0:
		lim.MoveTime = x.moveTime
	case x.base > 0 || x.myTime > 0:
		lim.Time = max(x.myTime, time.Millisecond)
		lim.Inc = x.inc
		if x.mps > 0 {
			played := x.game.Position().FullmoveNumber() - x.game.Start().FullmoveNumber()
			lim.MovesToGo = x.mps - played%x.mps
		}
	}
	return lim
}

// think starts the search for the engine's move.
func (x *xboard) think() {
	if x.over {
		x.claim()
		return
	}
	x.mode, x.setupUnread = xbThinking, false
	p := x.game.Position()
	x.job.start(p, x.game.History(), x.limits(), x.reporter(p))
}

// analyze starts an endless search of the current position.
func (x *xboard) analyze() {
	p := x.game.Position()
	x.job.start(p, x.game.History(), search.Limits{Infinite: true}, x.reporter(p))
}

// reporter prints thinking output "ply score time nodes pv" (time in centiseconds, mate
// scores as ±(100000+moves)) when post is on, and remembers the report for ".".
func (x *xboard) reporter(root *movegen.Position) func(search.Info) {
	pos := *root
	post := x.post || x.mode == xbAnalyzing
	xb := x.xb
	return func(in search.Info) {
		x.statMu.Lock()
		x.stat = in
		x.statMu.Unlock()
		if !post {
			return
		}
		pv := movesToPV(&pos, in.PV, xb.moveText)
		x.w.printf("%d %d %d %d %s", in.Depth, xbScore(in.Score), in.Time.Milliseconds()/10, in.Nodes, strings.Join(pv, " "))
	}
}

// xbScore is a search score as XBoard shows it: centipawns, or ±(100000+N) for a mate in
// N moves.
func xbScore(score int) int {
	switch n := search.MateMoves(score); {
	case n > 0:
		return 100000 + n
	case n < 0:
		return -100000 + n
	}
	return score
}

// searchDone handles the result of a search that ended.
func (x *xboard) searchDone(res search.Result) {
	mode := x.mode
	x.mode = xbIdle
	switch mode {
	case xbAnalyzing:
		x.mode = xbAnalyzing // the search ended by itself (a forced mate): wait for commands
	case xbThinking:
		p := x.game.Position()
		if !isLegal(p, res.Best) {
			x.claim()
			return
		}
		text, ok := x.xb.moveText(p, res.Best)
		if !ok {
			x.errorf("move cannot be written for XBoard", p.MoveText(res.Best))
			return
		}
		x.game.Play(res.Best)
		x.unplayed = nil
		x.clearLift()
		x.w.printf("move %s", text)
		x.claim()
		if x.opts.on(optPonder) && !x.over && isLegal(x.game.Position(), res.Ponder) {
			next := *x.game.Position()
			hist := append(x.game.History(), next.Hash())
			next.Apply(res.Ponder)
			x.mode = xbPondering
			x.job.start(&next, hist, search.Limits{Infinite: true, Ponder: search.NewPonder()}, nil)
		}
	}
}

// clearLift forgets a piece the user had lifted.
func (x *xboard) clearLift() {
	x.liftSq, x.legSq, x.liftPos, x.marks, x.choice = movegen.NoSquare, movegen.NoSquare, nil, nil, ""
}

// lift answers the user picking up a piece with the squares it may go to: yellow, red for
// captures, cyan where a hop capture's first leg ends, magenta where a piece must be chosen
// (promotion, the piece a Weak Square king leaves behind), followed by "choice" with those
// pieces, the usual one first (XBoard takes it on a click, and offers the others when the
// piece is dragged and pulled back). After a first leg XBoard lifts again on the leg's
// square, and gets the landing squares of that hop.
func (x *xboard) lift(arg string) {
	p := x.game.Position()
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	marks := map[movegen.Square]byte{}
	var choice []movegen.PieceType
	addChoice := func(sq movegen.Square, t movegen.PieceType) {
		if !slices.Contains(choice, t) {
			choice = append(choice, t)
		}
		marks[sq] = hlChoice
	}
	sq := x.xb.squareByName(arg)
	switch {
	case sq != movegen.NoSquare && sq == x.legSq && x.liftSq != movegen.NoSquare:
		for _, m := range ml.Moves() {
			if m.Kind() == movegen.Castle && m.From() == x.liftSq && m.Aux() == sq {
				marks[m.To()] = hlMove
				continue
			}
			if (m.Kind() == movegen.HopCapture || m.Kind() == movegen.HopEnPassant) && m.From() == x.liftSq && x.xb.killSquare(m) == sq {
				if m.Promo() != movegen.NoType {
					addChoice(m.To(), m.Promo())
				} else if marks[m.To()] == 0 {
					marks[m.To()] = hlMove
				}
			}
		}
		x.legSq = movegen.NoSquare
	case sq != movegen.NoSquare:
		x.liftSq, x.legSq = sq, movegen.NoSquare
		for _, m := range ml.Moves() {
			if m.Kind() == movegen.Castle && m.From() == m.To() && m.Aux() == sq && xbVariants[x.v].kingAsMan {
				marks[x.xb.rookTo(m)] = hlMove // the king stays: castling is the rook's move
				continue
			}
			if m.From() != sq {
				continue
			}
			switch m.Kind() {
			case movegen.HopCapture, movegen.HopEnPassant:
				marks[x.xb.killSquare(m)] = hlLeg // XBoard empties the end of the first leg
			case movegen.Castle:
				to := m.To()
				if xbVariants[x.v].kingAsMan {
					// the king, then its rook (cyan: a first leg), then the king's
					// destination: the two-leg form XBoard applies right (xbmap.go)
					switch {
					case x.xb.swapCastle(m):
						marks[m.To()] = hlMove // the king onto its rook: XBoard swaps them
					case castleOnRook(m):
						// no click enters it where XBoard does not swap (xbBoard.swapsOwn)
					case m.From() != m.To():
						marks[m.Aux()] = hlLeg
					}
					continue
				}
				if x.v.Castling.KingTakesRook {
					to = m.Aux()
				}
				if marks[to] == 0 {
					marks[to] = hlMove
				}
			case movegen.Jump:
				if m.AuxType() != movegen.NoType {
					addChoice(m.To(), m.AuxType())
				} else if marks[m.To()] == 0 {
					marks[m.To()] = hlMove
				}
			case movegen.Normal, movegen.EnPassant:
				switch {
				case m.Promo() != movegen.NoType:
					addChoice(m.To(), m.Promo())
				case marks[m.To()] != 0:
				case p.At(m.To()).IsPiece() || m.Kind() == movegen.EnPassant:
					marks[m.To()] = hlCapture
				default:
					marks[m.To()] = hlMove
				}
			}
		}
	case x.v.HandInFEN:
		// a piece taken from the holdings ("lift j2"): the squares where it may be dropped
		x.liftSq, x.legSq = movegen.NoSquare, movegen.NoSquare
		c, t, ok := x.xb.holdingPiece(arg)
		for _, m := range ml.Moves() {
			if ok && c == p.SideToMove() && m.Kind() == movegen.Drop && m.AuxType() == t {
				marks[m.To()] = hlMove
			}
		}
	default:
		x.clearLift()
	}
	x.liftPos, x.marks, x.choice = p, marks, ""
	x.w.println("highlight " + x.xb.highlight(marks))
	if len(choice) > 0 {
		all := x.choiceLetters(choice)
		first := liftChoice(all, p.At(x.liftSq).Type() == movegen.Pawn)
		if first != all {
			x.choice = all
		}
		x.w.println("choice " + first)
	}
}

// liftChoice is the choice sent with a lift. XBoard 4.9.1 with sweep selection (Debian's
// -sweepPromotions true) previews the piece of a click on a magenta square by sweeping from
// the queen upwards through its piece list, wrapping to the pawn, and keeps only the letters
// of the last choice: with "RBNP" a plain click placed a pawn (c2e3p, seen in XBoard's
// debug log). So a piece that is not a pawn gets only the usual piece with its lift; the
// whole list follows in the answer to the put XBoard sends on the click (put), when the
// user may sweep through it. A pawn gets the whole list at once: XBoard starts its sweep
// as soon as the pawn is lifted, and the user pulls it back to under-promote.
func liftChoice(letters string, pawn bool) string {
	if pawn || letters == "" {
		return letters
	}
	return letters[:1]
}

// choiceLetters writes piece types for a choice command: capitals, promotions in the
// variant's order (the queen first), other pieces from the strongest.
func (x *xboard) choiceLetters(types []movegen.PieceType) string {
	rank := func(t movegen.PieceType) int {
		if i := slices.Index(x.v.Pawn.PromoTypes, t); i >= 0 {
			return i
		}
		return 100 - int(t)
	}
	slices.SortStableFunc(types, func(a, b movegen.PieceType) int { return rank(a) - rank(b) })
	var sb strings.Builder
	for _, t := range types {
		sb.WriteByte(x.v.Letter(movegen.MakePiece(movegen.White, t)))
	}
	return sb.String()
}

// put answers the user dropping the lifted piece: on the end of a first leg the entry
// continues (XBoard lifts again there); on a magenta square it gets the whole choice when
// the lift sent only the usual piece (liftChoice).
func (x *xboard) put(arg string) {
	sq := x.xb.squareByName(arg)
	if sq == movegen.NoSquare || x.liftPos == nil {
		x.clearLift()
		return
	}
	if x.marks[sq] == hlChoice && x.choice != "" {
		// XBoard's extra put on a click on a magenta square, before it makes the move: the
		// pieces to sweep through, the usual one first (liftChoice)
		x.w.println("choice " + x.choice)
		return
	}
	var ml movegen.MoveList
	x.liftPos.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		leg := m.Kind() == movegen.HopCapture || m.Kind() == movegen.HopEnPassant
		leg = leg || m.Kind() == movegen.Castle && xbVariants[x.v].kingAsMan && m.From() != m.To() && !castleOnRook(m) // the rook, cyan
		if leg && m.From() == x.liftSq && x.xb.killSquare(m) == sq {
			x.legSq = sq
			return
		}
	}
}

// hover answers the user holding the piece over a target: the pieces the move would
// capture elsewhere than on the target (en passant victims) are marked green, beside the
// legal targets of the lift (a highlight replaces the previous one).
func (x *xboard) hover(arg string) {
	sq := x.xb.squareByName(arg)
	if sq == movegen.NoSquare || x.liftSq == movegen.NoSquare || x.liftPos == nil {
		return
	}
	p := x.liftPos
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		if m.From() == x.liftSq && m.To() == sq && (m.Kind() == movegen.EnPassant || m.Kind() == movegen.HopEnPassant) {
			marks := map[movegen.Square]byte{p.EnPassantPawn(): 'g'}
			for s, c := range x.marks {
				marks[s] = c
			}
			x.w.println("highlight " + x.xb.highlight(marks))
			return
		}
	}
}
