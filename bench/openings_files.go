package bench

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/notnil/chess"

	"varchess/movegen"
)

// openingSource is -openings with -plies, -order and the seed.
type openingSource struct {
	spec   string // random:PLIES or a file name
	plies  int    // PGN files: the first plies of each game (0: all)
	random bool   // shuffle the file's openings by seed
	seed   uint64
}

// open reads the openings of v.
func (s openingSource) open(v *movegen.Variant) (Openings, error) {
	if rest, ok := strings.CutPrefix(s.spec, "random:"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n > 200 {
			return nil, fmt.Errorf("-openings %q: want random:PLIES with PLIES from 0 to 200", s.spec)
		}
		return RandomOpenings(v, n, s.seed), nil
	}
	f, err := os.Open(s.spec)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ops Openings
	switch strings.ToLower(filepath.Ext(s.spec)) {
	case ".epd":
		ops, err = ReadEPD(f, v)
	case ".pgn":
		ops, err = ReadPGNOpenings(f, v, s.plies)
	default:
		ops, err = ReadOpenings(f, v)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.spec, err)
	}
	if s.random {
		ops = shuffled(ops.(listOpenings), s.seed)
	}
	return ops, nil
}

// shuffled is l in a random order drawn from seed: the same for every shard of a campaign.
func shuffled(l listOpenings, seed uint64) listOpenings {
	out := append(listOpenings(nil), l...)
	rng := newRand(seed, 0x0b5e55ed)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// ReadEPD reads EPD openings: one position a line, the four fields of a FEN (board, side,
// castling, en passant) and then operations ("bm e4; id \"x\";"), which are ignored; a
// halfmove clock and a move number after the four fields are read when there.
func ReadEPD(r io.Reader, v *movegen.Variant) (Openings, error) {
	var out listOpenings
	err := eachLine(r, func(n int, text string) error {
		f := strings.Fields(text)
		if len(f) < 4 {
			return fmt.Errorf("EPD line %d: want at least the four fields of a position", n)
		}
		fen := strings.Join(f[:4], " ") + " 0 1"
		if len(f) >= 6 && isNumber(f[4]) && isNumber(strings.TrimSuffix(f[5], ";")) {
			fen = strings.Join(f[:4], " ") + " " + f[4] + " " + strings.TrimSuffix(f[5], ";")
		}
		p, err := v.ParseFEN(fen)
		if err != nil {
			return fmt.Errorf("EPD line %d: %v", n, err)
		}
		if o := movegen.NewGame(p).Outcome(); o.Over() {
			return fmt.Errorf("EPD line %d: the game is already over (%s)", n, o.Reason)
		}
		out = append(out, Opening{Start: p})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no positions in the EPD file")
	}
	return out, nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// ReadPGNOpenings reads the games of a PGN file as openings: each game's start (its FEN
// tag, or the variant's start) and its first plies moves (0: all). Moves are SAN in
// normal chess, or this project's coordinate text in any variant.
func ReadPGNOpenings(r io.Reader, v *movegen.Variant, plies int) (Openings, error) {
	games, err := readPGNGames(r)
	if err != nil {
		return nil, err
	}
	var out listOpenings
	for i, g := range games {
		start := v.Start(nil)
		if fen := g.tags["FEN"]; fen != "" {
			if start, err = v.ParseFEN(fen); err != nil {
				return nil, fmt.Errorf("PGN game %d: %v", i+1, err)
			}
		}
		game := movegen.NewGame(start)
		var moves []string
		for _, text := range g.moves {
			if plies > 0 && len(moves) == plies {
				break
			}
			if game.Outcome().Over() {
				break // an opening ends where the game does not
			}
			p := game.Position()
			m, err := p.ParseMove(text)
			if err != nil && v.StandardChess {
				m, err = sanMove(p, text)
			}
			if err != nil {
				return nil, fmt.Errorf("PGN game %d, ply %d: %q: %v", i+1, len(moves)+1, text, err)
			}
			moves = append(moves, p.MoveText(m))
			game.Play(m)
		}
		for len(moves) > 0 && game.Outcome().Over() { // the opening must leave a game to play
			moves = moves[:len(moves)-1]
			game = movegen.NewGame(start)
			for _, m := range moves {
				game.PlayText(m)
			}
		}
		out = append(out, Opening{Start: start, Moves: moves})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no games in the PGN file")
	}
	return out, nil
}

// sanMove reads a SAN move of normal chess through github.com/notnil/chess.
func sanMove(p *movegen.Position, s string) (movegen.Move, error) {
	opt, err := chess.FEN(p.FEN())
	if err != nil {
		return movegen.NullMove, err
	}
	cp := chess.NewGame(opt).Position()
	cm, err := chess.AlgebraicNotation{}.Decode(cp, s)
	if err != nil {
		return movegen.NullMove, fmt.Errorf("neither a coordinate move nor SAN")
	}
	return p.ParseMove(chess.UCINotation{}.Encode(cp, cm))
}
