package protocol

import (
	"fmt"
	"sort"
	"time"

	"github.com/notnil/chess"

	"varchess/movegen"
)

// SAN is for standard chess only (movegen.Variant.StandardChess), through
// github.com/notnil/chess: the architecture keeps that package at the edge, for people's
// notation of the orthodox game.

// chessPosition is p in notnil/chess.
func chessPosition(p *movegen.Position) (*chess.Position, error) {
	if !p.Variant().StandardChess {
		return nil, fmt.Errorf("SAN is only for normal chess")
	}
	opt, err := chess.FEN(p.FEN())
	if err != nil {
		return nil, err
	}
	return chess.NewGame(opt).Position(), nil
}

// parseSAN reads a SAN move of p (standard chess only).
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

// pgnOf writes a console game as PGN (WritePGN), the engine named as the player of its side.
func pgnOf(g *movegen.Game, engineSide movegen.Color) string {
	white, black := "Player", Name
	if engineSide == movegen.White {
		white, black = Name, "Player"
	}
	return WritePGN(g, PGNTags{
		Event: "varchess console game",
		Date:  time.Now().UTC().Format("2006.01.02"),
		White: white,
		Black: black,
	})
}

func sortStrings(s []string) { sort.Strings(s) }
