package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"varchess/movegen"
	"varchess/protocol"
)

// gameRequest is the game every request carries (docs/web.md), with the fields of the
// endpoints that add to it. Unknown fields are refused, so that a misspelt field is an
// error and not a silent default.
type gameRequest struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen"`
	Moves   []string `json:"moves"`

	Clicks []string `json:"clicks,omitempty"` // /api/explain
	White  string   `json:"white,omitempty"`  // /api/pgn
	Black  string   `json:"black,omitempty"`  // /api/pgn
	Limit
}

// Limit is an engine move's limit: a think time, a depth, or the clocks.
type Limit struct {
	MoveTime *int64 `json:"movetime,omitempty"` // ms
	Depth    *int   `json:"depth,omitempty"`
	// Elo weakens the engine to a level for people (search.MinElo..search.MaxElo on
	// Stockfish's UCI_Elo scale, docs/levels.md); absent, the full engine.
	Elo   *int   `json:"elo,omitempty"`
	WTime *int64 `json:"wtime,omitempty"` // ms
	BTime *int64 `json:"btime,omitempty"`
	WInc  *int64 `json:"winc,omitempty"`
	BInc  *int64 `json:"binc,omitempty"`
}

// decodeJSON reads the body of r into v: one JSON object, no unknown fields, nothing after
// it, within maxBodyBytes (ServeHTTP wraps the body in a MaxBytesReader).
func decodeJSON(r *http.Request, v any) error {
	if r.Body == nil {
		return badRequest("The request has no body: send a JSON object.")
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil {
			return jsonError(err)
		}
		return badRequest("The request has more after its JSON object.")
	}
	return nil
}

// jsonError turns a decoding error into a sentence with the right status: 413 for a body
// over the limit, 400 for the rest.
func jsonError(err error) error {
	var tooBig *http.MaxBytesError
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("The request is larger than %d KiB.", maxBodyBytes>>10), index: -1}
	case errors.Is(err, io.EOF):
		return badRequest("The request body is empty: send a JSON object.")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("The request's JSON ends too early.")
	case errors.As(err, &syntax):
		return badRequest(fmt.Sprintf("The request is not valid JSON (at byte %d).", syntax.Offset))
	case errors.As(err, &typ):
		if typ.Field != "" {
			return badRequest(fmt.Sprintf("The field %q has the wrong type: want %s.", typ.Field, typ.Type))
		}
		return badRequest("The request must be a JSON object.")
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return badRequest("The request has an unknown field: " + strings.TrimPrefix(err.Error(), "json: unknown field ") + ".")
	}
	return badRequest("The request could not be read: " + err.Error() + ".")
}

// variantByName is the variant called name, or a 400 listing the names.
func variantByName(name string) (*movegen.Variant, error) {
	if name == "" {
		return nil, badRequest("The request names no variant.")
	}
	v := movegen.ByName(name)
	if v == nil {
		return nil, badRequest(fmt.Sprintf("Unknown variant %q: the variants are %s.", truncate(name, 40), strings.Join(movegen.Names(), ", ")))
	}
	return v, nil
}

// truncate cuts s to n bytes for an error message (user input is echoed, never whole).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// startPosition is the variant's position for fen, its fixed start if fen is empty.
func startPosition(v *movegen.Variant, fen string) (*movegen.Position, error) {
	fen = strings.TrimSpace(fen)
	if fen == "" {
		return v.Start(nil), nil
	}
	if len(fen) > 512 {
		return nil, badRequest("The FEN is too long.")
	}
	p, err := v.ParseFEN(fen)
	if err != nil {
		// movegen's errors start "fen: ", which after "Bad FEN: " only repeats itself
		return nil, badRequest("Bad FEN: " + strings.TrimPrefix(err.Error(), "fen: ") + ".")
	}
	return p, nil
}

// replayed is a request's game played through: the game and each move's record.
type replayed struct {
	v     *movegen.Variant
	start string // the start FEN
	game  *movegen.Game
	moves []movegen.Move
}

// replay builds the game of req: the variant, its start and every move, each checked
// against the rules. A bad move is a 400 with its index.
func replay(req *gameRequest) (*replayed, error) {
	v, err := variantByName(req.Variant)
	if err != nil {
		return nil, err
	}
	if len(req.Moves) > maxGameMoves {
		return nil, badRequest(fmt.Sprintf("The game has %d moves, more than the %d a request may carry.", len(req.Moves), maxGameMoves))
	}
	start, err := startPosition(v, req.FEN)
	if err != nil {
		return nil, err
	}
	ml := getMoveList()
	defer putMoveList(ml)
	var buf []byte
	g := movegen.NewGame(start)
	out := &replayed{v: v, start: start.FEN(), game: g, moves: make([]movegen.Move, 0, len(req.Moves))}
	for i, text := range req.Moves {
		p := g.Position()
		// The draws after which moves remain legal end the game too (a mate or a won
		// weak square leaves no legal move, so ParseMove refuses what follows).
		if g.Repetitions() >= 2 || p.HalfmoveClock() >= 100 {
			return nil, &apiError{status: http.StatusBadRequest, index: i,
				msg: fmt.Sprintf("Move %d, %q: the game is already over (%s).", i+1, truncate(text, 24), g.Outcome().Reason)}
		}
		// The move text as movegen prints it is what the page sends: look for it among
		// the legal moves in a pooled list before the general parser.
		// Only the moves from the text's first square are written out (a Hop Chess
		// position has some 1500 turns, from 16 squares).
		m := movegen.NullMove
		from, _, hasFrom := v.Geometry.ParseSquare(text)
		ml.Reset()
		p.LegalMoves(ml)
		for _, lm := range ml.Moves() {
			if hasFrom && lm.From() != from {
				continue
			}
			if buf = p.AppendMoveText(buf[:0], lm); string(buf) == text {
				m = lm
				break
			}
		}
		var err error
		if m == movegen.NullMove {
			m, err = protocol.ParseMoveOrSAN(p, text)
		}
		if err != nil {
			msg := fmt.Sprintf("Move %d, %q, is not a legal move.", i+1, truncate(text, 24))
			if o := g.Outcome(); o.Over() {
				msg = fmt.Sprintf("Move %d, %q: the game is already over (%s).", i+1, truncate(text, 24), o.Reason)
			}
			return nil, &apiError{status: http.StatusBadRequest, index: i, msg: msg}
		}
		g.Play(m)
		out.moves = append(out.moves, m)
	}
	return out, nil
}
