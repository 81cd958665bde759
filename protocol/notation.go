package protocol

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"

	"varchess/movegen"
)

// Exported notation helpers for the other front ends (the browser board): SAN in standard
// chess (movegen.Variant.StandardChess), and the engine's own PGN written and read back.

// SAN writes m, a legal move of p, in SAN with its check or mate mark; standard chess only
// (an error otherwise).
func SAN(p *movegen.Position, m movegen.Move) (string, error) {
	out, err := SANs(p, []movegen.Move{m})
	if err != nil {
		return "", err
	}
	return out[0], nil
}

// SANs writes each of moves, legal moves of p, in SAN, reading p into notnil/chess once
// for all of them (a board lists thirty moves at a time); standard chess only. Each move is
// taken from notnil's own list of the position's moves: only those carry the check and
// mate tags that SAN's + and # are written from (a decoded move has none).
func SANs(p *movegen.Position, moves []movegen.Move) ([]string, error) {
	cp, err := chessPosition(p)
	if err != nil {
		return nil, err
	}
	valid := cp.ValidMoves()
	out := make([]string, len(moves))
	for i, m := range moves {
		text := p.MoveText(m)
		for _, cm := range valid {
			if cm.String() == text {
				out[i] = chess.AlgebraicNotation{}.Encode(cp, cm)
				break
			}
		}
		if out[i] == "" {
			return nil, fmt.Errorf("%s is not a legal move of %s", text, p.FEN())
		}
	}
	return out, nil
}

// ParseMoveOrSAN reads s as the move text of p's variant, or in standard chess also as SAN.
func ParseMoveOrSAN(p *movegen.Position, s string) (movegen.Move, error) {
	m, err := p.ParseMove(s)
	if err == nil || !p.Variant().StandardChess {
		return m, err
	}
	if m, serr := parseSAN(p, s); serr == nil {
		return m, nil
	}
	return movegen.NullMove, err
}

// PGNTags are the players' names and where the game was played, for WritePGN.
type PGNTags struct {
	Event, Site, Date, White, Black string
}

// WritePGN writes g as PGN: the seven tag roster, Variant and SetUp/FEN where the game is
// not standard chess from its start, Termination when it is over, then the moves (SAN in
// standard chess, move text in the others) and the result, wrapped at 80 columns.
func WritePGN(g *movegen.Game, tags PGNTags) string {
	v := g.Variant()
	o := g.Outcome()
	orDefault := func(s, d string) string {
		if strings.TrimSpace(s) == "" {
			return d
		}
		return s
	}
	var sb strings.Builder
	tag := func(k, val string) {
		val = strings.Map(func(r rune) rune {
			if r < ' ' {
				return ' '
			}
			return r
		}, val)
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", k, strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(val))
	}
	tag("Event", orDefault(tags.Event, "varchess game"))
	tag("Site", orDefault(tags.Site, "?"))
	tag("Date", orDefault(tags.Date, "????.??.??"))
	tag("Round", "-")
	tag("White", orDefault(tags.White, "?"))
	tag("Black", orDefault(tags.Black, "?"))
	tag("Result", o.Result.String())
	if !v.StandardChess {
		tag("Variant", v.Name)
	}
	if start := g.Start().FEN(); !v.StandardChess || start != v.StartFEN {
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
	sb.WriteString("\n")
	return sb.String()
}

// PGNGame is a game read from PGN: its variant, start FEN ("" for the variant's own
// start) and moves in the variant's move text.
type PGNGame struct {
	Variant string
	FEN     string
	Moves   []string
}

// ReadPGN reads the first game of text: the Variant tag (standard chess without one, or with
// PGN's names for it), the FEN tag, and the moves, in move text or (standard chess) SAN,
// each checked against the rules.
// Comments, variations, NAGs, move numbers and the result are skipped. maxMoves bounds the
// moves read; an error names the first move that is not legal.
func ReadPGN(text string, maxMoves int) (PGNGame, error) {
	var game PGNGame
	tags := map[string]string{}
	var body strings.Builder
	inMoves := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "%") {
			continue // an escaped line
		}
		if !inMoves && strings.HasPrefix(t, "[") {
			if k, v, ok := parseTag(t); ok {
				if _, seen := tags[k]; !seen {
					tags[k] = v
				}
			}
			continue
		}
		if t == "" {
			if body.Len() > 0 && inMoves {
				break // the end of the first game's move text
			}
			continue
		}
		if inMoves && strings.HasPrefix(t, "[") && body.Len() > 0 {
			break // the next game's tags
		}
		inMoves = true
		body.WriteString(line)
		body.WriteString("\n")
	}
	if len(tags) == 0 && body.Len() == 0 {
		return game, fmt.Errorf("no game in the text")
	}
	game.Variant = standardGame.Name
	if v, ok := tags["Variant"]; ok && strings.TrimSpace(v) != "" {
		game.Variant = strings.ToLower(strings.TrimSpace(v))
		if game.Variant == "standard" || game.Variant == "chess" {
			game.Variant = standardGame.Name
		}
	}
	v := movegen.ByName(game.Variant)
	if v == nil {
		return game, fmt.Errorf("unknown variant %q", game.Variant)
	}
	start := v.Start(nil)
	if f, ok := tags["FEN"]; ok {
		p, err := v.ParseFEN(f)
		if err != nil {
			return game, err
		}
		start, game.FEN = p, f
	}
	g := movegen.NewGame(start)
	moves, _ := movegen.SplitMovetext(body.String())
	for _, tok := range moves {
		if len(game.Moves) >= maxMoves {
			return game, fmt.Errorf("more than %d moves", maxMoves)
		}
		m, err := ParseMoveOrSAN(g.Position(), tok)
		if err != nil {
			pos := g.Position() // name the move as the record does: "4. Xx9" or "4... Xx9"
			dots := "."
			if pos.SideToMove() == movegen.Black {
				dots = "..."
			}
			return game, fmt.Errorf("move %d%s %s: %v", pos.FullmoveNumber(), dots, tok, err)
		}
		game.Moves = append(game.Moves, g.Position().MoveText(m))
		g.Play(m)
	}
	return game, nil
}

// parseTag reads a tag pair line [Key "value"].
func parseTag(line string) (key, value string, ok bool) {
	if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, "]") {
		return "", "", false
	}
	inner := strings.TrimSpace(line[1 : len(line)-1])
	sp := strings.IndexAny(inner, " \t")
	if sp <= 0 {
		return "", "", false
	}
	key = inner[:sp]
	rest := strings.TrimSpace(inner[sp:])
	if len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return "", "", false
	}
	rest = rest[1 : len(rest)-1]
	return key, strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(rest), true
}
