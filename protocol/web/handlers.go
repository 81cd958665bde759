package web

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"

	"varchess/docs"
	"varchess/movegen"
	"varchess/protocol"
)

// Variant is a game for the page's menu and board (docs/web.md, "Variant").
type Variant struct {
	Name        string        `json:"name"`
	Title       string        `json:"title"`
	Files       int           `json:"files"`
	Ranks       int           `json:"ranks"`
	FileNames   []string      `json:"fileNames"`
	RankNames   []string      `json:"rankNames"`
	Squares     []SquareInfo  `json:"squares"`
	Zones       []Zone        `json:"zones"`
	Pieces      []PieceInfo   `json:"pieces"`
	StartFEN    string        `json:"startFEN"`
	RandomStart bool          `json:"randomStart"`
	Hands       bool          `json:"hands"`
	Trampolines bool          `json:"trampolines"`
	Legend      []LegendEntry `json:"legend"`
}

// SquareInfo is one square of the board: its name, box file and rank (0-based, rank 0 at
// the bottom) and colour.
type SquareInfo struct {
	Name  string `json:"name"`
	File  int    `json:"file"`
	Rank  int    `json:"rank"`
	Light bool   `json:"light"`
}

// Zone is a set of squares with a rule of their own, to shade.
type Zone struct {
	Name    string   `json:"name"`
	Label   string   `json:"label"`
	Squares []string `json:"squares"`
}

// PieceInfo is a piece type's FEN letter (upper case) and name.
type PieceInfo struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
}

// LegendEntry is a lone piece and where it goes on an empty board.
type LegendEntry struct {
	Letter   string         `json:"letter"`
	Name     string         `json:"name"`
	From     string         `json:"from"`
	Moves    []string       `json:"moves"`
	Captures []LegendTarget `json:"captures"`
}

// LegendTarget is a capture that jumps: the victim's square and the landing square.
type LegendTarget struct {
	Victim  string `json:"victim"`
	Landing string `json:"landing"`
}

// variantsOnce computes the variant list once: it never changes while the server runs.
var variantsOnce = sync.OnceValue(func() []Variant {
	out := make([]Variant, 0, len(movegen.All))
	for _, v := range movegen.All {
		out = append(out, describeVariant(v))
	}
	return out
})

// describeVariant is v for the page.
func describeVariant(v *movegen.Variant) Variant {
	g := v.Geometry
	n := names{g}
	out := Variant{
		Name: v.Name, Title: v.Title, Files: g.Files, Ranks: g.Ranks,
		StartFEN: v.StartFEN, RandomStart: v.RandomStart(), Hands: v.HandInFEN,
		Trampolines: v.HasTrampolines(), Zones: []Zone{},
	}
	for f := range g.Files {
		out.FileNames = append(out.FileNames, g.FileName(f))
	}
	for r := range g.Ranks {
		out.RankNames = append(out.RankNames, fmt.Sprint(r+g.RankBase()))
	}
	for _, sq := range g.Squares() {
		out.Squares = append(out.Squares, SquareInfo{Name: g.Name(sq), File: g.File(sq), Rank: g.Rank(sq), Light: g.IsLight(sq)})
	}
	for _, z := range v.Zones {
		out.Zones = append(out.Zones, Zone{Name: z.Name, Label: z.Label, Squares: n.list(z.Squares)})
	}
	for _, d := range v.Pieces {
		out.Pieces = append(out.Pieces, PieceInfo{Letter: string(d.Letter), Name: d.Name})
	}
	for _, e := range v.Legend() {
		d := v.PieceDef(e.Type)
		le := LegendEntry{Letter: string(d.Letter), Name: d.Name, From: n.of(e.From), Moves: n.list(e.Moves), Captures: []LegendTarget{}}
		for _, c := range e.Captures {
			le.Captures = append(le.Captures, LegendTarget{Victim: n.of(c[0]), Landing: n.of(c[1])})
		}
		out.Legend = append(out.Legend, le)
	}
	return out
}

func (s *Server) handleVariants(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, variantsOnce())
}

// startRequest asks for a new game's start.
type startRequest struct {
	Variant string `json:"variant"`
	Seed    uint64 `json:"seed"`
}

func (s *Server) handleStart(w http.ResponseWriter, r *http.Request) {
	var req startRequest
	if err := decodeJSON(r, &req); err != nil {
		writeAPIError(w, err)
		return
	}
	v, err := variantByName(req.Variant)
	if err != nil {
		writeAPIError(w, err)
		return
	}
	seed := req.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	p := v.Start(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
	writeJSON(w, http.StatusOK, map[string]string{"fen": p.FEN()})
}

// readGame decodes a game request and replays it; on failure it has answered.
func readGame(w http.ResponseWriter, r *http.Request) (*gameRequest, *replayed, bool) {
	var req gameRequest
	if err := decodeJSON(r, &req); err != nil {
		writeAPIError(w, err)
		return nil, nil, false
	}
	g, err := replay(&req)
	if err != nil {
		writeAPIError(w, err)
		return nil, nil, false
	}
	return &req, g, true
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	_, g, ok := readGame(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, buildState(g))
}

// maxClicks bounds the click sequence of /api/explain: the longest move has four tokens.
const maxClicks = 8

func (s *Server) handleExplain(w http.ResponseWriter, r *http.Request) {
	req, g, ok := readGame(w, r)
	if !ok {
		return
	}
	if len(req.Clicks) == 0 || len(req.Clicks) > maxClicks {
		writeAPIError(w, badRequest(fmt.Sprintf("Send the clicks to explain: 1 to %d square names or hand pieces.", maxClicks)))
		return
	}
	// Once the game has an outcome no click starts a move. A draw by repetition or the
	// fifty-move rule leaves legal moves, where explain would take a click for a start.
	if o := g.game.Outcome(); o.Over() {
		writeJSON(w, http.StatusOK, map[string]string{"reason": fmt.Sprintf("The game is over (%s).", o.Reason)})
		return
	}
	reason, err := explain(g.game.Position(), req.Clicks)
	if err != nil {
		writeAPIError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"reason": reason})
}

// explain says why clicks is the start of no legal move of p ("" if it is one).
func explain(p *movegen.Position, clicks []string) (string, error) {
	g := p.Geometry()
	v := p.Variant()
	var squares []movegen.Square
	hand := movegen.NoType
	for i, c := range clicks {
		if strings.HasPrefix(c, "@") && i == 0 && len(c) == 2 {
			hand = v.TypeOf(c[1])
			if hand == movegen.NoType {
				return "", badRequest(fmt.Sprintf("%q names no piece of this game.", truncate(c, 8)))
			}
			continue
		}
		sq := g.SquareByName(c)
		if sq == movegen.NoSquare {
			return "", badRequest(fmt.Sprintf("%q is not a square of this board.", truncate(c, 8)))
		}
		squares = append(squares, sq)
	}
	// a prefix of some legal move's clicks: nothing to explain
	moves, _, _ := legalMoves(p)
	for _, m := range moves {
		for _, seq := range m.Clicks {
			if len(seq) >= len(clicks) && equalStrings(seq[:len(clicks)], clicks) {
				return "", nil
			}
		}
	}
	if len(moves) == 1 && len(moves[0].Clicks) == 1 && len(moves[0].Clicks[0]) == 0 {
		// the only move is a pass, made by the page's Pass button, not by a click
		reason := "The only move is a pass"
		if len(squares) > 0 {
			reason = p.WhyIllegal(squares[0], squares[0])
		}
		return strings.TrimSuffix(reason, ".") + ". Press Pass.", nil
	}
	switch {
	case hand != movegen.NoType && len(squares) == 0:
		if reason := p.WhyNoDrop(hand, movegen.NoSquare); reason != "" && !strings.Contains(reason, "square") {
			return reason, nil
		}
		return "Pick a square for the piece.", nil
	case hand != movegen.NoType:
		if reason := p.WhyNoDrop(hand, squares[0]); reason != "" {
			return reason, nil
		}
	case len(squares) == 1:
		return p.WhyIllegal(squares[0], squares[0]), nil
	default:
		if reason := p.WhyIllegal(squares[0], squares[1]); reason != "" {
			return reason, nil
		}
	}
	// the first two clicks make a move; a later click is the wrong one
	last := clicks[len(clicks)-1]
	complete := true // every move the earlier clicks start ends with them
	for _, m := range moves {
		for _, seq := range m.Clicks {
			if len(seq) >= len(clicks)-1 && equalStrings(seq[:len(clicks)-1], clicks[:len(clicks)-1]) {
				complete = complete && len(seq) == len(clicks)-1
			}
		}
	}
	if v.HasTrampolines() && complete {
		return "No trampoline is placed on White's first turn: the move is complete.", nil
	}
	if v.HasTrampolines() && len(clicks) >= 3 {
		return fmt.Sprintf("The trampoline cannot go to %s: it goes on an empty square (or stays where it is).", last), nil
	}
	return fmt.Sprintf("No move goes on to %s: pick one of the marked squares.", last), nil
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("variant")
	if movegen.ByName(name) == nil {
		writeError(w, http.StatusNotFound, fmt.Sprintf("Unknown variant %q.", truncate(name, 40)))
		return
	}
	text, ok := docs.Rules(name)
	if !ok {
		writeError(w, http.StatusNotFound, "The rules of "+name+" are not written yet.")
		return
	}
	w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(text))
}

func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) {
	req, g, ok := readGame(w, r)
	if !ok {
		return
	}
	text := protocol.WritePGN(g.game, protocol.PGNTags{
		Event: "varchess browser game", Site: "varchess", White: truncate(req.White, 80), Black: truncate(req.Black, 80),
	})
	writeJSON(w, http.StatusOK, map[string]string{"pgn": text})
}

// importRequest carries a PGN text.
type importRequest struct {
	PGN string `json:"pgn"`
}

// importedGame is a game read from PGN, in the request's form.
type importedGame struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen"`
	Moves   []string `json:"moves"`
}

func (s *Server) handlePGNImport(w http.ResponseWriter, r *http.Request) {
	var req importRequest
	if err := decodeJSON(r, &req); err != nil {
		writeAPIError(w, err)
		return
	}
	game, err := protocol.ReadPGN(req.PGN, maxPGNMoves)
	if err != nil {
		msg := err.Error()
		if rest, ok := strings.CutPrefix(msg, "fen: "); ok {
			msg = "its FEN is bad: " + rest
		}
		writeAPIError(w, badRequest("The PGN could not be read: "+msg+"."))
		return
	}
	if game.Moves == nil {
		game.Moves = []string{}
	}
	writeJSON(w, http.StatusOK, importedGame{Variant: game.Variant, FEN: game.FEN, Moves: game.Moves})
}
