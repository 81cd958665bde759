package bench

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"varchess/movegen"
)

// Adjudication ends games the engines would only drag on. Both rules need every engine to
// report a score with each move (XBoard "post" lines, UCI "info ... score"); scores are
// from the mover's side. A zero count turns its rule off.
type Adjudication struct {
	// DrawFromMove: no draw is adjudicated before this full move.
	DrawFromMove int
	// DrawMoves: the draw needs this many consecutive moves of each side scored within
	// DrawScore centipawns of zero.
	DrawMoves int
	DrawScore int
	// WinMoves: a win needs this many consecutive moves of each side where the winner
	// scores at least WinScore and the loser at most -WinScore: both agree it is hopeless.
	WinMoves int
	WinScore int
	// MaxPlies ends a game that is still going after this many plies as a draw: a guard
	// against a variant without a progress rule, never reached in practice.
	MaxPlies int
}

// DefaultAdjudication is what `engine match` uses: cutechess's usual settings.
var DefaultAdjudication = Adjudication{
	DrawFromMove: 40,   // openings and middlegames are never cut short
	DrawMoves:    8,    // eight moves each near zero: a dead draw
	DrawScore:    10,   // centipawns: a tenth of a pawn
	WinMoves:     4,    // four moves each agreeing
	WinScore:     1000, // ten pawns: a queen and more
	MaxPlies:     2000, // far beyond any 50-move-rule game
}

// Termination tag values (PGN standard).
const (
	termNormal      = "normal"
	termTime        = "time forfeit"
	termInfraction  = "rules infraction"
	termAbandoned   = "abandoned"
	termAdjudicated = "adjudication"
	termUnfinished  = "unterminated"
)

// gameRecord is one finished game.
type gameRecord struct {
	Round        int // 1-based game number in the schedule
	Pairing      int // 1-based: the games of one pair of engines from one opening
	Variant      *movegen.Variant
	White, Black int      // engine index (0: engine1) of each colour
	Names        []string // every engine's name, by index
	Start        string   // FEN of the start position
	Moves        []string
	OpeningPlies int // the first moves came from the opening, not the engines
	Result       movegen.Result
	Reason       string // how it ended, in words ("checkmate", "Black loses on time")
	Termination  string // PGN Termination tag
	// Notes has, for each move the engines played, what the PGN says of it: its score and
	// depth as the engine reported them, and the time it took (moveNote).
	Notes  []string
	broken [2]bool
}

// scoreOf is engine k's result in the game in half points (2 a win, 1 a draw, 0 a loss),
// -1 if it did not play in it.
func (rec gameRecord) scoreOf(k int) int {
	switch {
	case k != rec.White && k != rec.Black:
		return -1
	case rec.Result == movegen.Draw:
		return 1
	case (rec.Result == movegen.WhiteWins) == (k == rec.White):
		return 2
	}
	return 0
}

// refGame is what the referee needs to play one game.
type refGame struct {
	Variant *movegen.Variant
	Opening Opening
	TC      TimeControl
	Margin  time.Duration // lag forgiven on top of each engine's clock
	Adj     Adjudication
}

// colorName is "White" or "Black".
func colorName(c movegen.Color) string {
	if c == movegen.White {
		return "White"
	}
	return "Black"
}

// playGame referees one game between two engines, players[c] playing colour c. It never
// fails: whatever goes wrong becomes the result. broken[c] says that player's engine
// must be restarted before it plays again.
func playGame(ctx context.Context, players [2]player, rg refGame) (rec gameRecord) {
	start := rg.Opening.Start
	g := movegen.NewGame(start)
	rec.Start = start.FEN()
	for _, m := range rg.Opening.Moves {
		mv, err := g.Position().ParseMove(m)
		if err != nil { // openings are checked when read; this is a bug, not a game
			panic("bench: illegal opening move " + m + ": " + err.Error())
		}
		rec.Moves = append(rec.Moves, g.Position().MoveText(mv))
		g.Play(mv)
	}
	rec.OpeningPlies = len(rec.Moves)
	lose := func(c movegen.Color, term, format string, args ...any) {
		rec.Result = movegen.WinFor(c.Other())
		rec.Termination = term
		rec.Reason = fmt.Sprintf(colorName(c)+" "+format, args...)
	}
	defer func() {
		for c, pl := range players {
			if !rec.broken[c] {
				pl.EndGame(rec.Result, rec.Reason)
			}
		}
	}()

	setup := newSetup(rg.Variant, start, rg.TC)
	for _, c := range []movegen.Color{movegen.White, movegen.Black} {
		if err := players[c].NewGame(setup); err != nil {
			rec.broken[c] = true
			lose(c, termAbandoned, "cannot start the game: %v", err)
			return rec
		}
	}

	left := [2]time.Duration{rg.TC.Base, rg.TC.Base}
	var moved [2]int    // moves each side's engine has made
	var scores []scored // one per ply the engines played
	for {
		if o := g.Outcome(); o.Over() {
			rec.Result, rec.Reason, rec.Termination = o.Result, o.Reason, termNormal
			return rec
		}
		if r, reason, ok := adjudicate(rg.Adj, scores, len(rec.Moves), g.Position()); ok {
			rec.Result, rec.Reason, rec.Termination = r, reason, termAdjudicated
			return rec
		}
		if ctx.Err() != nil {
			rec.Result, rec.Reason, rec.Termination = movegen.Ongoing, "match interrupted", termUnfinished
			rec.broken = [2]bool{true, true}
			return rec
		}
		pos := g.Position()
		side := pos.SideToMove()
		c := clocks{Left: left, Inc: rg.TC.Inc, Side: side}
		allowed := left[side] // the time the move may take
		switch {
		case rg.TC.MoveTime > 0:
			allowed = rg.TC.MoveTime
			c.Left = [2]time.Duration{allowed, allowed}
		case rg.TC.Infinite:
			allowed = infiniteMoveWait
			c.Left = [2]time.Duration{allowed, allowed}
		case rg.TC.Moves > 0:
			c.MovesToGo = rg.TC.Moves - moved[side]%rg.TC.Moves
		}
		c.Budget = allowed + rg.Margin
		asked := time.Now()
		r, err := players[side].Move(ctx, rec.Moves, c)
		var rej *rejectError
		switch {
		case ctx.Err() != nil:
			rec.Result, rec.Reason, rec.Termination = movegen.Ongoing, "match interrupted", termUnfinished
			rec.broken = [2]bool{true, true}
			return rec
		case errors.Is(err, errNoReply):
			rec.broken[side] = true
			lose(side, termTime, "loses on time (no move in %.3f s%s%s)", c.Budget.Seconds(), lastWords(r), machine().note(asked))
			return rec
		case errors.Is(err, errUnreadable):
			rec.broken[side] = true
			lose(side, termInfraction, "%v", err)
			return rec
		case errors.Is(err, errExited):
			rec.broken[side] = true
			lose(side, termAbandoned, "%v", err) // how it died: exit status and stderr
			return rec
		case errors.As(err, &rej):
			rec.broken[side] = true
			lose(side, termInfraction, "engine %s", rej.Error())
			return rec
		case err != nil:
			rec.broken[side] = true
			lose(side, termAbandoned, "engine failed: %v", err)
			return rec
		}
		if r.Elapsed > c.Budget {
			rec.broken[side] = true // it may still be thinking
			lose(side, termTime, "loses on time (%.3f s used of %.3f s%s)", r.Elapsed.Seconds(), allowed.Seconds(), machine().note(asked))
			return rec
		}
		switch {
		case r.Resign:
			lose(side, termNormal, "resigns")
			return rec
		case r.Claim != "":
			rec.broken[side] = true
			lose(side, termInfraction, "makes a false claim: %s", r.Claim)
			return rec
		}
		m, err := parseEngineMove(pos, r.Move)
		if err != nil {
			rec.broken[side] = true
			lose(side, termInfraction, "plays an illegal move: %q", r.Move)
			return rec
		}
		rec.Moves = append(rec.Moves, pos.MoveText(m))
		rec.Notes = append(rec.Notes, moveNote(r))
		g.Play(m)
		// Time used within the margin is forgiven: the clock stops at zero. A session of
		// Moves moves ends with Base added for the next one.
		left[side] = max(left[side]-r.Elapsed, 0) + rg.TC.Inc
		if moved[side]++; rg.TC.Moves > 0 && moved[side]%rg.TC.Moves == 0 {
			left[side] += rg.TC.Base
		}
		scores = append(scores, scored{r.Score, r.HasScore})
	}
}

// lastWords is what the reason of a forfeit by silence adds: the last line the engine
// wrote after it was asked to move, and when. An engine that searched on past its time
// and one that never started (or stopped talking at once) read differently.
func lastWords(r reply) string {
	if r.Heard == "" {
		return "; it wrote nothing after it was asked"
	}
	text := r.Heard
	if len(text) > maxQuoted {
		text = text[:maxQuoted] + "..."
	}
	return fmt.Sprintf("; its last line, at %.3f s: %q", r.HeardAt.Seconds(), text)
}

// maxQuoted is as much of an engine's line as a reason quotes: an info line's depth,
// score, time and nodes, not its whole principal variation.
const maxQuoted = 80

// moveNote is the comment the PGN gives an engine's move, in cutechess's form: the score
// in pawns from the mover's side, "/" its depth, then the time the move took ("+0.35/11
// 0.312s"); a mate is "+M3" (mate in 3 moves) or "-M3"; without a score, the time alone.
func moveNote(r reply) string {
	t := fmt.Sprintf("%.3fs", r.Elapsed.Seconds())
	if !r.HasScore {
		return t
	}
	var score string
	switch s := r.Score; {
	case s > mateScore-maxMateMoves:
		score = fmt.Sprintf("+M%d", mateScore-s)
	case s < -mateScore+maxMateMoves:
		score = fmt.Sprintf("-M%d", s+mateScore)
	default:
		score = fmt.Sprintf("%+.2f", float64(s)/100)
	}
	if r.Depth > 0 {
		score += fmt.Sprintf("/%d", r.Depth)
	}
	return score + " " + t
}

// maxMateMoves bounds the mates a score stands for: uciScore counts "mate N" as
// mateScore - N.
const maxMateMoves = 1000

// parseEngineMove finds the legal move of p an engine wrote: its native text, or one of
// two forms a multi-leg move takes over XBoard, when exactly one legal move reads so:
//   - its first square and its final square: how this project's engine writes a Jumping
//     Knights king's hop capture along a rank (e1xf1-g1 as e1g1: XBoard's GUI takes such a
//     king move for castling and applies it right only in that form, protocol/xbmap.go);
//   - its legs meeting on the captured piece's square: how it writes an en passant hop
//     (c4xb4-a2 for the pawn on c4 jumping b3 to a2 and taking the pawn on b4, c4b3,b3a2
//     natively), since XBoard empties the end of the first leg and nothing else.
//
// A referee that knew only the native legs forfeited games on legal moves (the soak: a
// Jumping Knights king's hop, then an en passant hop in game 488 of 910).
func parseEngineMove(p *movegen.Position, text string) (movegen.Move, error) {
	m, err := p.ParseMove(text)
	if err == nil {
		return m, nil
	}
	g := p.Variant().Geometry
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	found := movegen.NullMove
	for _, cand := range ml.Moves() {
		legs := p.MoveText(cand)
		i := strings.LastIndexByte(legs, ',')
		if i < 0 {
			continue
		}
		var reads bool
		if strings.Contains(text, ",") {
			k := p.CapturedSquare(cand)
			reads = k != movegen.NoSquare &&
				text == g.Name(cand.From())+g.Name(k)+","+g.Name(k)+g.Name(cand.To())
		} else {
			_, n1, ok1 := g.ParseSquare(legs)
			_, n2, ok2 := g.ParseSquare(legs[i+1:])
			reads = ok1 && ok2 && legs[:n1]+legs[i+1+n2:] == text
		}
		if !reads {
			continue
		}
		if found != movegen.NullMove {
			return movegen.NullMove, err // two moves read so: the short form says nothing
		}
		found = cand
	}
	if found == movegen.NullMove {
		return movegen.NullMove, err
	}
	return found, nil
}

// scored is the score an engine gave with one move.
type scored struct {
	cp int
	ok bool
}

// adjudicate applies the adjudication rules to the scores of the plies played so far
// (the last is the move just made); plies counts every ply of the game, opening included.
// Scores alternate sides: the last belongs to the side not to move in p.
func adjudicate(a Adjudication, scores []scored, plies int, p *movegen.Position) (movegen.Result, string, bool) {
	if a.MaxPlies > 0 && plies >= a.MaxPlies {
		return movegen.Draw, fmt.Sprintf("adjudicated draw: %d plies played", plies), true
	}
	tail := func(n int) []scored {
		if n == 0 || len(scores) < n {
			return nil
		}
		t := scores[len(scores)-n:]
		for _, s := range t {
			if !s.ok {
				return nil
			}
		}
		return t
	}
	if t := tail(2 * a.WinMoves); t != nil {
		// t alternates: odd offsets from the end are the last mover's scores.
		lastMover := p.SideToMove().Other()
		if r, ok := agreed(t, a.WinScore); ok {
			winner := lastMover
			if !r {
				winner = lastMover.Other()
			}
			return movegen.WinFor(winner), fmt.Sprintf("adjudicated: both engines agree %s is winning", colorName(winner)), true
		}
	}
	if t := tail(2 * a.DrawMoves); t != nil && plies >= 2*a.DrawFromMove {
		for _, s := range t {
			if s.cp > a.DrawScore || s.cp < -a.DrawScore {
				return movegen.Ongoing, "", false
			}
		}
		return movegen.Draw, fmt.Sprintf("adjudicated draw: both engines within %d cp for %d moves", a.DrawScore, a.DrawMoves), true
	}
	return movegen.Ongoing, "", false
}

// agreed reports whether the alternating scores t say one side wins by at least w, as
// both sides see it: it returns true if the side that made the last move of t is the
// winner, false if its opponent is.
func agreed(t []scored, w int) (lastMoverWins, ok bool) {
	n := len(t)
	lastWins, lastLoses := true, true
	for i := n - 1; i >= 0; i-- {
		mine := (n-1-i)%2 == 0 // a score of the last mover
		s := t[i].cp
		if mine {
			lastWins = lastWins && s >= w
			lastLoses = lastLoses && s <= -w
		} else {
			lastWins = lastWins && s <= -w
			lastLoses = lastLoses && s >= w
		}
	}
	switch {
	case lastWins:
		return true, true
	case lastLoses:
		return false, true
	}
	return false, false
}
