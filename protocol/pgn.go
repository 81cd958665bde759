package protocol

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/notnil/chess"

	"varchess/movegen"
)

// SAN is for normal chess only, through github.com/notnil/chess: the architecture keeps
// that package at the edge, for people's notation of the orthodox game.

// chessPosition is p in notnil/chess.
func chessPosition(p *movegen.Position) (*chess.Position, error) {
	if p.Variant().Name != "normal" {
		return nil, fmt.Errorf("SAN is only for normal chess")
	}
	opt, err := chess.FEN(p.FEN())
	if err != nil {
		return nil, err
	}
	return chess.NewGame(opt).Position(), nil
}

// sanOf writes m, a legal move of p, in SAN (normal chess only), with + for a check and #
// for a mate. The move is taken from the position's own list: only those carry the check
// tags the encoder writes + and # from (a decoded move has none).
func sanOf(p *movegen.Position, m movegen.Move) (string, error) {
	cp, err := chessPosition(p)
	if err != nil {
		return "", err
	}
	text := p.MoveText(m)
	for _, cm := range cp.ValidMoves() {
		if cm.String() == text {
			return chess.AlgebraicNotation{}.Encode(cp, cm), nil
		}
	}
	return "", fmt.Errorf("%s is not a legal move of %s", text, p.FEN())
}

// parseSAN reads a SAN move of p (normal chess only).
func parseSAN(p *movegen.Position, s string) (movegen.Move, error) {
	cp, err := chessPosition(p)
	if err != nil {
		return movegen.NullMove, err
	}
	cm, err := chess.AlgebraicNotation{}.Decode(cp, s)
	if err != nil {
		return movegen.NullMove, err
	}
	return p.ParseMove(chess.UCINotation{}.Encode(cp, cm))
}

// pgnOf writes the game as PGN: the seven tags, Variant and SetUp/FEN where the game is not
// normal chess from its start, then the moves (SAN in normal chess, coordinate text in the
// others) and the result.
func pgnOf(g *movegen.Game, engineSide movegen.Color) string {
	v := g.Variant()
	o := g.Outcome()
	white, black := "Player", Name
	if engineSide == movegen.White {
		white, black = Name, "Player"
	}
	var sb strings.Builder
	tag := func(k, val string) {
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", k, strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(val))
	}
	tag("Event", "varchess console game")
	tag("Site", "?")
	tag("Date", time.Now().UTC().Format("2006.01.02"))
	tag("Round", "-")
	tag("White", white)
	tag("Black", black)
	tag("Result", o.Result.String())
	if v.Name != "normal" {
		tag("Variant", v.Name)
	}
	if start := g.Start().FEN(); v.Name != "normal" || start != v.StartFEN {
		tag("SetUp", "1")
		tag("FEN", start)
	}
	if o.Over() {
		tag("Termination", reasonText(o))
	}
	sb.WriteString("\n")
	pos := *g.Start()
	var words []string
	for i, m := range g.Moves() {
		if pos.SideToMove() == movegen.White {
			words = append(words, fmt.Sprintf("%d.", pos.FullmoveNumber()))
		} else if i == 0 {
			words = append(words, fmt.Sprintf("%d...", pos.FullmoveNumber()))
		}
		words = append(words, moveName(&pos, m))
		pos.Apply(m)
	}
	words = append(words, o.Result.String())
	// wrap the move text at 80 columns, as PGN asks
	line := 0
	for i, w := range words {
		if i > 0 {
			if line+1+len(w) > 79 {
				sb.WriteString("\n")
				line = 0
			} else {
				sb.WriteString(" ")
				line++
			}
		}
		sb.WriteString(w)
		line += len(w)
	}
	return sb.String()
}

func sortStrings(s []string) { sort.Strings(s) }
