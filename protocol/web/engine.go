package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
	"varchess/protocol"
	"varchess/search"
)

// errBusy is the answer when every engine stays busy for searchWait.
var errBusy = &apiError{status: http.StatusServiceUnavailable, index: -1,
	msg: "Every engine is busy: try again in a few seconds."}

// acquire takes an idle engine, waiting up to searchWait; release gives it back. The
// engines' tables are shared by whatever games they search in turn: a table move is only an
// ordering hint among the generated moves, and the keys of different games' positions
// differ, so they need no clearing between requests (clearing 16-64 MB at every change of
// game would cost more than the searches of a busy server).
func (s *Server) acquire(ctx context.Context) (*search.Engine, error) {
	var e *search.Engine
	select {
	case e = <-s.engines:
	default:
		t := time.NewTimer(s.searchWait)
		defer t.Stop()
		select {
		case e = <-s.engines:
		case <-t.C:
			return nil, errBusy
		case <-ctx.Done():
			return nil, &apiError{status: http.StatusServiceUnavailable, index: -1, msg: "The request was cancelled."}
		}
	}
	return e, nil
}

func (s *Server) release(e *search.Engine) { s.engines <- e }

// limits turns a request's Limit into the search's, for the side to move; the default is
// defaultMoveTime.
func (l Limit) limits(side movegen.Color) (search.Limits, error) {
	ms := func(name string, v *int64, hi time.Duration) (time.Duration, error) {
		if *v < 0 || *v > hi.Milliseconds() { // compared before the product can overflow
			return 0, badRequest(fmt.Sprintf("%s must be between 0 and %d ms.", name, hi.Milliseconds()))
		}
		return time.Duration(*v) * time.Millisecond, nil
	}
	var lim search.Limits
	set := false
	if l.MoveTime != nil {
		d, err := ms("movetime", l.MoveTime, maxMoveTime)
		if err != nil {
			return lim, err
		}
		lim.MoveTime, set = max(d, time.Millisecond), true
	}
	if l.Depth != nil {
		if *l.Depth < 1 || *l.Depth > maxSearchDepth {
			return lim, badRequest(fmt.Sprintf("depth must be between 1 and %d.", maxSearchDepth))
		}
		lim.Depth, set = *l.Depth, true
	}
	clock, inc := l.WTime, l.WInc
	if side == movegen.Black {
		clock, inc = l.BTime, l.BInc
	}
	for _, f := range []struct {
		name string
		v    *int64
	}{{"wtime", l.WTime}, {"btime", l.BTime}, {"winc", l.WInc}, {"binc", l.BInc}} {
		if f.v != nil {
			if _, err := ms(f.name, f.v, maxClock); err != nil {
				return lim, err
			}
		}
	}
	if clock != nil {
		lim.Time, set = max(time.Duration(*clock)*time.Millisecond, time.Millisecond), true
		if inc != nil {
			lim.Inc = time.Duration(*inc) * time.Millisecond
		}
	}
	if !set {
		lim.MoveTime = defaultMoveTime
	}
	return lim, nil
}

// moveAnswer is /api/move's answer.
type moveAnswer struct {
	Move  Move     `json:"move"`
	Score int      `json:"score"` // centipawns, White's point of view
	Mate  int      `json:"mate"`  // moves to mate, negative when Black mates, 0 if none
	Depth int      `json:"depth"`
	Nodes uint64   `json:"nodes"`
	PV    []string `json:"pv"`
	State State    `json:"state"`
}

// mateCentipawns is the score given with a mate, for an evaluation bar that reads only the
// score: beyond any real evaluation.
const mateCentipawns = 10000

// whiteScore turns a score from the side to move's view into White's, with its mate.
func whiteScore(score int, side movegen.Color) (cp, mate int) {
	mate = search.MateMoves(score)
	if side == movegen.Black {
		score, mate = -score, -mate
	}
	if mate > 0 {
		score = mateCentipawns
	} else if mate < 0 {
		score = -mateCentipawns
	}
	return score, mate
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	req, g, ok := readGame(w, r)
	if !ok {
		return
	}
	p := g.game.Position()
	if o := g.game.Outcome(); o.Over() {
		writeAPIError(w, badRequest("The game is over ("+o.Reason+"): there is no move to make."))
		return
	}
	lim, err := req.Limit.limits(p.SideToMove())
	if err != nil {
		writeAPIError(w, err)
		return
	}
	elo := 0 // the full engine
	if req.Elo != nil {
		if *req.Elo < search.MinElo || *req.Elo > search.MaxElo {
			writeAPIError(w, badRequest(fmt.Sprintf("elo must be between %d and %d.", search.MinElo, search.MaxElo)))
			return
		}
		elo = *req.Elo
	}
	eng, err := s.acquire(r.Context())
	if err != nil {
		writeAPIError(w, err)
		return
	}
	// The body is read: lift the server's read deadline, whose expiry would cancel the
	// request's context in the middle of a long search.
	_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
	ctx, cancel := context.WithTimeout(r.Context(), maxMoveTime+time.Second)
	var last search.Info
	eng.SetElo(elo)
	res := eng.Search(ctx, p, g.game.History(), lim, func(i search.Info) {
		if i.MultiPV <= 1 {
			last = i
		}
	})
	eng.SetElo(0) // the pool's engines are full strength for the next request (analysis)
	cancel()
	s.release(eng)
	if res.Best == movegen.NullMove {
		writeAPIError(w, badRequest("There is no legal move."))
		return
	}
	if r.Context().Err() != nil {
		return // the client has gone
	}
	side := p.SideToMove()
	ans := moveAnswer{Depth: res.Depth, Nodes: res.Nodes, PV: pvTexts(p, last.PV)}
	ans.Score, ans.Mate = whiteScore(res.Score, side)
	mv := describeMove(p, res.Best, nil)
	if g.v.StandardChess {
		mv.SAN = sanOf(p, res.Best, mv.Text)
	}
	text := mv.Text
	g.game.Play(res.Best)
	g.moves = append(g.moves, res.Best)
	mv.Check = g.game.Position().InCheck()
	ans.Move = mv
	if len(ans.PV) == 0 || ans.PV[0] != text {
		ans.PV = []string{text}
	}
	ans.State = buildState(g)
	writeJSON(w, http.StatusOK, ans)
}

// pvTexts writes the line pv from p in move text, stopping at the first move that is not
// legal (a line from the table may be cut short by a collision).
func pvTexts(p *movegen.Position, pv []movegen.Move) []string {
	out := []string{}
	q := *p
	var ml movegen.MoveList
	for _, m := range pv {
		ml.Reset()
		q.LegalMoves(&ml)
		if !ml.Contains(m) {
			break
		}
		out = append(out, q.MoveText(m))
		q.Apply(m)
	}
	return out
}

// pvSANs writes a line in SAN (normal chess only; nil otherwise).
func pvSANs(p *movegen.Position, texts []string) []string {
	if !p.Variant().StandardChess {
		return nil
	}
	out := make([]string, 0, len(texts))
	q := *p
	for _, t := range texts {
		m, err := q.ParseMove(t)
		if err != nil {
			break
		}
		san, err := protocol.SAN(&q, m)
		if err != nil {
			break
		}
		out = append(out, san)
		q.Apply(m)
	}
	return out
}

// Info is one analysis report (docs/web.md, "Info").
type Info struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	Score    int      `json:"score"` // centipawns, White's point of view
	Mate     int      `json:"mate"`
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	Time     int64    `json:"time"` // ms
	MultiPV  int      `json:"multipv"`
	PV       []string `json:"pv"`
	SAN      []string `json:"san,omitempty"`
}

// analyzeRequest reads the query of /api/analyze into a game request and the line count.
func analyzeRequest(r *http.Request) (*gameRequest, int, error) {
	q := r.URL.Query()
	for k := range q {
		switch k {
		case "variant", "fen", "moves", "multipv":
		default:
			return nil, 0, badRequest(fmt.Sprintf("Unknown parameter %q.", truncate(k, 24)))
		}
	}
	req := &gameRequest{Variant: q.Get("variant"), FEN: q.Get("fen"), Moves: strings.Fields(q.Get("moves"))}
	multiPV := 1
	if s := q.Get("multipv"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxMultiPV {
			return nil, 0, badRequest(fmt.Sprintf("multipv must be a number from 1 to %d.", maxMultiPV))
		}
		multiPV = n
	}
	return req, multiPV, nil
}

func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	req, multiPV, err := analyzeRequest(r)
	if err != nil {
		writeAPIError(w, err)
		return
	}
	g, err := replay(req)
	if err != nil {
		writeAPIError(w, err)
		return
	}
	p := g.game.Position()
	if o := g.game.Outcome(); o.Over() {
		writeAPIError(w, badRequest("The game is over ("+o.Reason+"): there is nothing to analyse."))
		return
	}
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		writeAPIError(w, &apiError{status: http.StatusServiceUnavailable, index: -1,
			msg: fmt.Sprintf("%d analyses are running already: close one or try again later.", maxStreams)})
		return
	}
	eng, err := s.acquire(r.Context())
	if err != nil {
		writeAPIError(w, err)
		return
	}
	defer s.release(eng)

	rc := http.NewResponseController(w)
	// The stream outlives the server's read deadline, whose expiry would cancel the
	// request's context: lift it (the client sends nothing more).
	_ = rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	ctx, cancel := context.WithTimeout(r.Context(), s.analysisTime)
	defer cancel()
	send := func(event string, v any) bool {
		b, err := json.Marshal(v)
		if err != nil {
			return false
		}
		_ = rc.SetWriteDeadline(time.Now().Add(streamWriteGrace))
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			cancel()
			return false
		}
		if err := rc.Flush(); err != nil {
			cancel()
			return false
		}
		return true
	}
	side := p.SideToMove()
	// A comment first, so that the client sees the stream open at once.
	_ = rc.SetWriteDeadline(time.Now().Add(streamWriteGrace))
	if _, err := fmt.Fprint(w, ": analysis\n\n"); err != nil || rc.Flush() != nil {
		return
	}
	res := eng.Search(ctx, p, g.game.History(), search.Limits{Infinite: true, MultiPV: multiPV}, func(i search.Info) {
		info := Info{Depth: i.Depth, SelDepth: i.SelDepth, Nodes: i.Nodes, Time: i.Time.Milliseconds(), MultiPV: max(i.MultiPV, 1)}
		info.Score, info.Mate = whiteScore(i.Score, side)
		if ms := i.Time.Milliseconds(); ms > 0 {
			info.NPS = i.Nodes * 1000 / uint64(ms)
		}
		info.PV = pvTexts(p, i.PV)
		info.SAN = pvSANs(p, info.PV)
		send("info", info)
	})
	if r.Context().Err() != nil {
		return // the client closed the stream
	}
	done := map[string]string{"move": ""}
	if res.Best != movegen.NullMove {
		done["move"] = p.MoveText(res.Best)
		if g.v.StandardChess {
			done["san"], _ = protocol.SAN(p, res.Best)
		}
	}
	send("done", done)
}
