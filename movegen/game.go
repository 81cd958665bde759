package movegen

// Result is the score of a finished game, or Ongoing.
type Result uint8

const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String is the result as PGN writes it.
func (r Result) String() string {
	return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[r]
}

// WinFor is the result of a win by c.
func WinFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Outcome is how a game ended: its result and the rule that ended it, in words for people
// ("checkmate", "White reaches the weak square").
type Outcome struct {
	Result Result
	Reason string
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != Ongoing }

// Status judges p by itself: the end of the game by the variant's rules (mate, stalemate,
// a goal square entered and the variant's own wins), the 50-move rule and dead positions.
// Repetition needs the game's history: see Game.Outcome.
func (p *Position) Status() Outcome {
	var ml MoveList
	p.LegalMoves(&ml)
	return p.status(ml.n)
}

// ForcedMoves reports whether a rule of the variant obliges the side to move to capture or
// give check: Jumping Knights' Rule 4, in force when some legal move captures from an edge
// square to a central one. Its legal moves are then all captures or checks, so a search
// may not assume that the side to move could decline the captures (stand pat, pass).
// scratch is the caller's list, overwritten, so that the test never allocates. False in
// the variants without such a rule.
func (p *Position) ForcedMoves(scratch *MoveList) bool {
	return p.v.turns.forcedMoves != nil && p.v.turns.forcedMoves(p, scratch)
}

// StatusWith is Status for a caller that has already counted the legal moves (the search
// does, at every node), so that they are not generated twice.
func (p *Position) StatusWith(legal int) Outcome { return p.status(legal) }

// status is Status given the number of legal moves. A goal entered ends the game first:
// the side that entered it has won, whatever the other side could still do.
func (p *Position) status(legal int) Outcome {
	if o, ok := p.goalOutcome(); ok {
		return o
	}
	if p.v.end.outcome != nil {
		if o, ok := p.v.end.outcome(p, legal); ok {
			return o
		}
	}
	if legal == 0 {
		if p.InCheck() {
			return Outcome{WinFor(p.side.Other()), "checkmate"}
		}
		return Outcome{Draw, "stalemate"}
	}
	if p.halfmove >= 100 {
		return Outcome{Draw, "fifty-move rule"}
	}
	if p.v.end.deadPosition != nil && p.v.end.deadPosition(p) {
		return Outcome{Draw, "insufficient material"}
	}
	return Outcome{}
}

// Game is a position with the moves that led to it, for the rules that need history
// (repetition) and for undo.
type Game struct {
	positions []Position // the start and the position after each move
	moves     []Move
}

// NewGame starts a game from p (copied).
func NewGame(p *Position) *Game {
	return &Game{positions: []Position{*p}}
}

// Position is the current position. It must not be changed; play moves with Play.
func (g *Game) Position() *Position { return &g.positions[len(g.positions)-1] }

// Start is the position the game started from.
func (g *Game) Start() *Position { return &g.positions[0] }

// Moves are the moves played so far.
func (g *Game) Moves() []Move { return g.moves }

// Variant is the game's variant.
func (g *Game) Variant() *Variant { return g.positions[0].v }

// Play plays the legal move m.
func (g *Game) Play(m Move) {
	next := *g.Position()
	next.Apply(m)
	g.positions = append(g.positions, next)
	g.moves = append(g.moves, m)
}

// PlayText parses s as a legal move of the current position and plays it.
func (g *Game) PlayText(s string) (Move, error) {
	m, err := g.Position().ParseMove(s)
	if err != nil {
		return NullMove, err
	}
	g.Play(m)
	return m, nil
}

// Undo takes the last move back, and reports whether there was one.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.positions = g.positions[:len(g.positions)-1]
	g.moves = g.moves[:len(g.moves)-1]
	return true
}

// History lists the hashes of the positions before the current one, oldest first, for a
// search that must see repetitions of the game's earlier positions.
func (g *Game) History() []uint64 {
	out := make([]uint64, 0, len(g.positions)-1)
	for i := range g.positions[:len(g.positions)-1] {
		out = append(out, g.positions[i].hash)
	}
	return out
}

// Repetitions counts the earlier occurrences of the current position (same side to move,
// same hash) since the last irreversible move.
func (g *Game) Repetitions() int {
	cur := g.Position()
	n := 0
	last := len(g.positions) - 1
	for i := last - 2; i >= 0 && i >= last-int(cur.halfmove); i -= 2 {
		if g.positions[i].hash == cur.hash {
			n++
		}
	}
	return n
}

// Outcome is the game's state: Position.Status plus threefold repetition.
func (g *Game) Outcome() Outcome {
	o := g.Position().Status()
	if o.Over() {
		return o
	}
	if g.Repetitions() >= 2 {
		return Outcome{Draw, "threefold repetition"}
	}
	return o
}
