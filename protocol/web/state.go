package web

import (
	"strings"

	"varchess/movegen"
	"varchess/protocol"
)

// State is a position for the page (docs/web.md, "State").
type State struct {
	Variant     string                    `json:"variant"`
	Start       string                    `json:"start"`
	FEN         string                    `json:"fen"`
	Side        string                    `json:"side"`
	Fullmove    int                       `json:"fullmove"`
	Board       map[string]string         `json:"board"`
	Hands       map[string]map[string]int `json:"hands,omitempty"`
	Trampolines map[string]string         `json:"trampolines,omitempty"`
	History     []Move                    `json:"history"`
	Check       []string                  `json:"check"`
	Moves       []Move                    `json:"moves"`
	Outcome     Outcome                   `json:"outcome"`
	Status      string                    `json:"status"`
	Note        string                    `json:"note"`
}

// Outcome is the game's result and the rule that decided it.
type Outcome struct {
	Over   bool   `json:"over"`
	Result string `json:"result"`
	Reason string `json:"reason"`
}

// Move is one move for the page (docs/web.md, "Move").
type Move struct {
	Text     string     `json:"text"`
	SAN      string     `json:"san,omitempty"`
	Check    bool       `json:"check"`
	From     string     `json:"from"`
	To       string     `json:"to"`
	Clicks   [][]string `json:"clicks"`
	Label    string     `json:"label"`
	Piece    string     `json:"piece"`
	Path     []string   `json:"path"`
	Captured []string   `json:"captured"`
}

// handToken is the click token of the hand piece of type t for the side to move.
func handToken(v *movegen.Variant, t movegen.PieceType) string {
	return "@" + string(v.Letter(movegen.MakePiece(movegen.White, t)))
}

// names maps squares to their names, for the many moves of one position.
type names struct{ g *movegen.Geometry }

func (n names) of(sq movegen.Square) string {
	if sq == movegen.NoSquare {
		return ""
	}
	return n.g.Name(sq)
}

func (n names) list(sqs []movegen.Square) []string {
	out := make([]string, 0, len(sqs))
	for _, sq := range sqs {
		out = append(out, n.g.Name(sq))
	}
	return out
}

// describeMove is m, a legal move of p, for the page, without its label (labels need the
// other moves of the position: see labelMoves) and without SAN and check.
func describeMove(p *movegen.Position, m movegen.Move, route map[movegen.PieceMove][]movegen.Square) Move {
	v := p.Variant()
	n := names{p.Geometry()}
	from, to := m.From(), m.To()
	out := Move{Text: p.MoveText(m), From: n.of(from), To: n.of(to), Path: []string{}, Captured: []string{}}
	if c := p.CapturedSquare(m); c != movegen.NoSquare {
		out.Captured = append(out.Captured, n.of(c))
	}
	var r []movegen.Square
	if route != nil && m.Kind() == movegen.Turn {
		// Hop Chess: every placement of one piece move has the same route.
		key := m.PieceMove()
		var ok bool
		if r, ok = route[key]; !ok {
			r = p.Route(m)
			route[key] = r
		}
	} else {
		r = p.Route(m)
	}
	if len(r) > 0 {
		out.Path = n.list(r)
	}
	// The trampoline placement ends a Hop Chess turn's clicks.
	withPlacement := func(seq ...string) []string {
		if m.Placement() != movegen.NoSquare {
			seq = append(seq, n.of(m.Placement()))
		}
		return seq
	}
	switch m.Kind() {
	case movegen.Castle:
		rook := m.Aux()
		if to != from {
			out.Clicks = append(out.Clicks, []string{n.of(from), n.of(to)})
		}
		if rook != to {
			out.Clicks = append(out.Clicks, []string{n.of(from), n.of(rook)})
		}
	case movegen.TurnCastle:
		rook := castleRook(p, m)
		if to != from {
			out.Clicks = append(out.Clicks, withPlacement(n.of(from), n.of(to)))
		}
		if rook != movegen.NoSquare && rook != to {
			out.Clicks = append(out.Clicks, withPlacement(n.of(from), n.of(rook)))
		}
	case movegen.Drop:
		out.From = ""
		out.Clicks = [][]string{{handToken(v, m.AuxType()), n.of(to)}}
	case movegen.Pass:
		out.From, out.To = "", ""
		out.Clicks = [][]string{{}}
	case movegen.HopCapture, movegen.HopEnPassant:
		out.Clicks = [][]string{{n.of(from), n.of(m.Aux()), n.of(to)}}
	case movegen.TurnViaStep:
		out.Clicks = [][]string{withPlacement(n.of(from), out.Path[1], n.of(to))}
	case movegen.Turn, movegen.TurnEnPassant:
		out.Clicks = [][]string{withPlacement(n.of(from), n.of(to))}
	default: // Normal, EnPassant, Jump
		out.Clicks = [][]string{{n.of(from), n.of(to)}}
	}
	return out
}

// castleRook is the rook square of the castling m of p's side to move.
func castleRook(p *movegen.Position, m movegen.Move) movegen.Square {
	g := p.Geometry()
	s := 0
	if g.File(m.To()) > g.File(m.From()) {
		s = 1
	}
	return p.CastleRook(p.SideToMove(), s)
}

// label is what tells m apart from other moves with the same clicks: the promotion piece,
// the piece a Weak Square jump leaves behind, castling or the bunker leap, the bounce of a
// pawn on a trampoline.
func label(p *movegen.Position, m movegen.Move) (text, piece string) {
	v := p.Variant()
	us := p.SideToMove()
	letter := func(t movegen.PieceType) string { return string(v.Letter(movegen.MakePiece(us, t))) }
	name := func(t movegen.PieceType) string {
		if d := v.PieceDef(t); d != nil {
			return d.Name
		}
		return "piece"
	}
	switch {
	case m.Promo() != movegen.NoType:
		return capitalize(name(m.Promo())), letter(m.Promo())
	case m.Kind() == movegen.Jump && m.AuxType() != movegen.NoType:
		return "Leave " + article(name(m.AuxType())) + " " + name(m.AuxType()), letter(m.AuxType())
	case m.Kind() == movegen.Castle || m.Kind() == movegen.TurnCastle:
		return "Castling", letter(movegen.Rook)
	case m.Kind() == movegen.Normal && p.At(m.From()).Type() == movegen.King:
		g := p.Geometry()
		if d := g.File(m.To()) - g.File(m.From()); d > 1 || d < -1 {
			return "Bunker leap", letter(movegen.King)
		}
		return "King move", letter(movegen.King)
	}
	return p.MoveText(m), ""
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an"
	}
	return "a"
}

// labelMoves sets the label and piece of every move that shares a click sequence with
// another move: the page opens a chooser for them.
func labelMoves(p *movegen.Position, moves []movegen.Move, out []Move) {
	count := make(map[string]int, len(out))
	var sb strings.Builder
	key := func(seq []string) string {
		sb.Reset()
		for _, s := range seq {
			sb.WriteString(s)
			sb.WriteByte(' ')
		}
		return sb.String()
	}
	for i := range out {
		for _, seq := range out[i].Clicks {
			count[key(seq)]++
		}
	}
	for i := range out {
		for _, seq := range out[i].Clicks {
			if count[key(seq)] > 1 {
				out[i].Label, out[i].Piece = label(p, moves[i])
				break
			}
		}
	}
}

// legalMoves lists the legal moves of p for the page: clicks, labels, routes, captures,
// which give check, and SAN in normal chess; status and note are p.Describe()'s, from the
// same list of moves (a Hop Chess position has a thousand).
func legalMoves(p *movegen.Position) (out []Move, status, note string) {
	ml, checks := getMoveList(), getMoveList()
	defer putMoveList(ml)
	defer putMoveList(checks)
	p.LegalMovesChecks(ml, checks)
	status, note = p.DescribeMoves(ml)
	moves := ml.Moves()
	gives := make(map[movegen.Move]bool, checks.Len())
	for _, m := range checks.Moves() {
		gives[m] = true
	}
	var route map[movegen.PieceMove][]movegen.Square
	if p.Variant().HasTrampolines() {
		route = map[movegen.PieceMove][]movegen.Square{}
	}
	out = make([]Move, len(moves))
	for i, m := range moves {
		out[i] = describeMove(p, m, route)
		out[i].Check = gives[m]
	}
	labelMoves(p, moves, out)
	if p.Variant().StandardChess {
		fen := p.FEN()
		sans, ok := listSANs.get(fen)
		if !ok || len(sans) != len(out) {
			var err error
			if sans, err = protocol.SANs(p, moves); err != nil {
				sans = nil
			}
			listSANs.put(fen, sans)
		}
		for i := range sans {
			out[i].SAN = sans[i]
		}
	}
	return out, status, note
}

// buildState is the State of the game after r's moves.
func buildState(r *replayed) State {
	g := r.game
	v := r.v
	p := g.Position()
	n := names{v.Geometry}
	st := State{
		Variant:  v.Name,
		Start:    r.start,
		FEN:      p.FEN(),
		Side:     p.SideToMove().String(),
		Fullmove: p.FullmoveNumber(),
		Board:    map[string]string{},
		History:  history(r),
		Check:    []string{},
	}
	for _, sq := range v.Geometry.Squares() {
		if pc := p.At(sq); pc.IsPiece() {
			st.Board[n.of(sq)] = string(v.Letter(pc))
		}
	}
	if v.HandInFEN {
		st.Hands = map[string]map[string]int{}
		for c := movegen.White; c <= movegen.Black; c++ {
			h := map[string]int{}
			for _, d := range v.Pieces {
				if k := p.Hand(c, d.Type); k > 0 {
					h[string(d.Letter)] = k
				}
			}
			st.Hands[c.String()] = h
		}
	}
	if v.HasTrampolines() {
		st.Trampolines = map[string]string{
			"white": n.of(p.Trampoline(movegen.White)),
			"black": n.of(p.Trampoline(movegen.Black)),
		}
	}
	if p.InCheck() {
		st.Check = append(st.Check, n.of(p.King(p.SideToMove())))
	}
	o := g.Outcome()
	st.Outcome = Outcome{Over: o.Over(), Result: o.Result.String(), Reason: reasonWords(o.Reason)}
	if o.Over() {
		st.Moves = []Move{}
		st.Status = "Game over: " + o.Result.String() + ", " + reasonWords(o.Reason)
		return st
	}
	st.Moves, st.Status, st.Note = legalMoves(p)
	return st
}

// reasonWords is an outcome's reason for people: a side's name written with a capital
// ("White reaches the weak square"), the rest as movegen says it ("checkmate").
func reasonWords(r string) string {
	for _, side := range []string{"white", "black"} {
		if strings.HasPrefix(r, side+" ") {
			return capitalize(r)
		}
	}
	return r
}

// history is each move of r as it was played, with SAN in normal chess and whether it gave
// check; no labels (the page shows a played move by its SAN or text).
func history(r *replayed) []Move {
	out := make([]Move, 0, len(r.moves))
	pos := *r.game.Start()
	for _, m := range r.moves {
		mv := describeMove(&pos, m, nil)
		if r.v.StandardChess {
			mv.SAN = sanOf(&pos, m, mv.Text)
		}
		pos.Apply(m)
		mv.Check = pos.InCheck()
		out = append(out, mv)
	}
	return out
}

// sanOf is the SAN of m, a legal move of p whose text is text, from the cache when p and m
// have been seen; "" if notnil/chess cannot write it.
func sanOf(p *movegen.Position, m movegen.Move, text string) string {
	key := p.FEN() + " " + text
	if san, ok := playedSAN.get(key); ok {
		return san
	}
	san, err := protocol.SAN(p, m)
	if err != nil {
		san = ""
	}
	playedSAN.put(key, san)
	return san
}
