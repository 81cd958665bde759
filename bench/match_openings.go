package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"

	"varchess/movegen"
	"varchess/search"
)

// Opening is where a game starts: a position and moves played from it before the engines
// take over (both are given to the engines, so they see the game's history).
type Opening struct {
	Start *movegen.Position
	Moves []string
}

// Openings gives the k-th opening of a match (k from 0); each is played twice, once with
// each engine as White.
type Openings interface {
	Opening(k int) Opening
}

// newRand is the match's generator for stream k of seed: each opening has its own, so
// the openings do not depend on the order games finish in.
func newRand(seed, k uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, k^0x9e3779b97f4a7c15))
}

// randomOpenings are random balanced starts: the variant's start (a random one for
// variants that have random starts, such as Shuffle arrays), then Plies uniformly random
// legal moves, redrawn while the result fails a quick sanity check or a short search
// calls it won for one side.
type randomOpenings struct {
	v     *movegen.Variant
	plies int
	seed  uint64
	judge *openingJudge
}

// RandomOpenings makes the openings of -openings random:PLIES.
func RandomOpenings(v *movegen.Variant, plies int, seed uint64) Openings {
	return randomOpenings{v, plies, seed, newOpeningJudge()}
}

// The short search that judges a random opening. Random moves leave pieces hanging
// (a Hop Chess placement opens a hop onto a queen) while the material is still even: in
// a 16-game Hop Chess match, four of the openings lost twice by the stronger engine were
// rated +2.4 to +10.6 pawns for one side by an eight-second search. Such a pair of games
// is decided by which side each engine drew, not by their strength.
const (
	// openingDepth is the depth of the search: enough for the exchanges a random move
	// leaves open, a tenth of a second in Hop Chess. Deeper ones are not steadier there:
	// its start scores 10 at depth 4, 389 at depth 5 and 98 at depth 6.
	openingDepth = 4
	// openingNodes bounds the search in positions that would take longer (the last
	// completed depth decides); a node count, unlike a clock, gives the same openings on
	// every machine.
	openingNodes = 100000
	// openingMargin is the largest score, in centipawns for either side, of a balanced
	// opening: about a pawn and a half, within what the first moves of a game can swing.
	openingMargin = 150
)

// openingJudge owns the search engine of the check: one for the match, its table small
// and cleared before each opening so that the result is the position's alone. Games ask
// for their openings concurrently; the mutex takes them in turn.
type openingJudge struct {
	mu  sync.Mutex
	eng *search.Engine
}

func newOpeningJudge() *openingJudge { return &openingJudge{} }

// even reports whether a short search of p scores it within openingMargin.
func (j *openingJudge) even(p *movegen.Position) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.eng == nil {
		j.eng = search.NewEngine()
		j.eng.SetHashMB(search.MinHashMB)
	}
	j.eng.NewGame()
	res := j.eng.Search(context.Background(), p, nil, search.Limits{Depth: openingDepth, Nodes: openingNodes}, nil)
	return res.Score >= -openingMargin && res.Score <= openingMargin
}

// randomTries bounds the redraws of a random opening; the last draw that is not over is
// taken if none is balanced (in a variant where random moves always unbalance).
const randomTries = 200

func (r randomOpenings) Opening(k int) Opening {
	rng := newRand(r.seed, uint64(k))
	var fallback *Opening
	for try := 0; try < randomTries; try++ {
		start := r.v.Start(rng)
		g := movegen.NewGame(start)
		var moves []string
		var ml movegen.MoveList
		for len(moves) < r.plies {
			p := g.Position()
			if g.Outcome().Over() {
				break
			}
			ml.Reset()
			p.LegalMoves(&ml)
			m := ml.At(rng.IntN(ml.Len()))
			moves = append(moves, p.MoveText(m))
			g.Play(m)
		}
		if len(moves) < r.plies || g.Outcome().Over() {
			continue
		}
		o := Opening{Start: start, Moves: moves}
		if balanced(g.Position()) && r.judge.even(g.Position()) {
			return o
		}
		fallback = &o
	}
	if fallback != nil {
		return *fallback
	}
	return Opening{Start: r.v.Start(rng)}
}

// balanced is the quick sanity check of a random opening: both sides still have the same
// pieces (on the board and in hand: nothing was won), the side to move is not in check,
// and it cannot win at once (random Hop Chess placements often leave a mate in one, and
// such an opening is won by whichever engine has the move: a pair of games that says
// nothing about the engines).
func balanced(p *movegen.Position) bool {
	if p.InCheck() {
		return false
	}
	for t := movegen.PieceType(1); t < movegen.NumTypes; t++ {
		if p.Count(movegen.White, t)+p.Hand(movegen.White, t) != p.Count(movegen.Black, t)+p.Hand(movegen.Black, t) {
			return false
		}
	}
	return !winsAtOnce(p)
}

// winsAtOnce reports whether the side to move has a move that ends the game in its favour.
func winsAtOnce(p *movegen.Position) bool {
	ml, scratch := new(movegen.MoveList), new(movegen.MoveList)
	p.LegalMoves(ml)
	us := p.SideToMove()
	for _, m := range ml.Moves() {
		q := *p
		q.Apply(m)
		legal := 0
		if q.HasLegalMove(scratch) {
			legal = 1
		}
		if o := q.StatusWith(legal); o.Over() && o.Result == movegen.WinFor(us) {
			return true
		}
	}
	return false
}

// listOpenings are the openings of a file, used in turn.
type listOpenings []Opening

func (l listOpenings) Opening(k int) Opening { return l[k%len(l)] }

// ReadOpenings reads a file of openings for variant v, one a line: a FEN, a FEN followed
// by "moves m1 m2 ...", or just moves from the variant's start. Empty lines and lines
// starting with # are skipped. Every move is checked; an error names its line.
func ReadOpenings(r io.Reader, v *movegen.Variant) (Openings, error) {
	var out listOpenings
	err := eachLine(r, func(n int, text string) error {
		o, err := parseOpening(text, v)
		if err != nil {
			return fmt.Errorf("openings line %d: %v", n, err)
		}
		out = append(out, o)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings in the file")
	}
	return out, nil
}

// eachLine calls fn with the number and the trimmed text of each line of r that says
// something: blank lines and lines starting with # are skipped (the openings, EPD and
// engines files). It stops at fn's first error; lines may be up to 1 MiB long.
func eachLine(r io.Reader, fn func(n int, text string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if err := fn(n, text); err != nil {
			return err
		}
	}
	return sc.Err()
}

// parseOpening reads one line of an openings file.
func parseOpening(text string, v *movegen.Variant) (Opening, error) {
	fenText, moveText := text, ""
	if i := strings.Index(text, " moves "); i >= 0 {
		fenText, moveText = text[:i], text[i+len(" moves "):]
	} else if rest, ok := strings.CutPrefix(text, "moves "); ok {
		fenText, moveText = "", rest
	}
	start := v.Start(nil)
	if fenText != "" {
		p, err := v.ParseFEN(fenText)
		switch {
		case err == nil:
			start = p
		case moveText == "" && !strings.Contains(text, "/"):
			moveText = text // no FEN (it would have a '/'): a move list from the start
		default:
			return Opening{}, err
		}
	}
	g := movegen.NewGame(start)
	var moves []string
	for _, mt := range strings.Fields(moveText) {
		if o := g.Outcome(); o.Over() {
			return Opening{}, fmt.Errorf("move %s after the game is over (%s)", mt, o.Reason)
		}
		p := g.Position()
		m, err := p.ParseMove(mt)
		if err != nil {
			return Opening{}, err
		}
		moves = append(moves, p.MoveText(m))
		g.Play(m)
	}
	if o := g.Outcome(); o.Over() {
		return Opening{}, fmt.Errorf("the game is already over (%s)", o.Reason)
	}
	return Opening{Start: start, Moves: moves}, nil
}
