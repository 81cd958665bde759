package bench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"varchess/movegen"
)

// pgnGame is one game of a PGN file as read: its tags, its moves (without numbers,
// comments and the result) and its last comment.
type pgnGame struct {
	tags        map[string]string
	moves       []string
	lastComment string
}

// readPGNGames reads the games of a PGN file: tag pairs, then movetext up to the result.
// It is meant for this runner's own files and for opening books: comments {...} and ;
// lines are skipped, variations (...) and numeric annotation glyphs too.
func readPGNGames(r io.Reader) ([]pgnGame, error) {
	var out []pgnGame
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<22)
	cur := pgnGame{tags: map[string]string{}}
	inMoves := false
	var text strings.Builder // movetext of the current game
	flush := func() {
		cur.moves, cur.lastComment = movegen.SplitMovetext(text.String())
		out = append(out, cur)
		cur = pgnGame{tags: map[string]string{}}
		text.Reset()
		inMoves = false
	}
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "[") && !inMoves:
			name, value, err := parseTag(line)
			if err != nil {
				return nil, fmt.Errorf("PGN line %d: %v", n, err)
			}
			cur.tags[name] = value
		case strings.HasPrefix(line, "[") && inMoves:
			flush() // a game without a result before the next tags
			name, value, err := parseTag(line)
			if err != nil {
				return nil, fmt.Errorf("PGN line %d: %v", n, err)
			}
			cur.tags[name] = value
		case line == "" || strings.HasPrefix(line, "%") || strings.HasPrefix(line, ";"):
		default:
			inMoves = true
			text.WriteString(line + "\n")
			if endsWithResult(line) {
				flush()
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if inMoves || len(cur.tags) > 0 {
		flush()
	}
	return out, nil
}

// parseTag reads [Name "value"].
func parseTag(line string) (string, string, error) {
	inner := strings.TrimSuffix(strings.TrimPrefix(line, "["), "]")
	name, value, ok := strings.Cut(inner, " ")
	value = strings.TrimSpace(value)
	if !ok || len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return "", "", fmt.Errorf("bad tag %q", line)
	}
	value = value[1 : len(value)-1]
	value = strings.ReplaceAll(strings.ReplaceAll(value, `\"`, `"`), `\\`, `\`)
	return name, value, nil
}

var pgnResults = []string{"1-0", "0-1", "1/2-1/2", "*"}

func endsWithResult(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && slices.Contains(pgnResults, f[len(f)-1]) && !strings.HasSuffix(line, "}")
}

// gameOfPGN is a game this runner wrote, read back: enough for the summary.
func gameOfPGN(g pgnGame, names *[]string) (gameRecord, error) {
	var rec gameRecord
	var err error
	if rec.Round, err = strconv.Atoi(g.tags["Round"]); err != nil {
		return rec, fmt.Errorf("game without a Round number (%q)", g.tags["Round"])
	}
	if rec.Pairing, err = strconv.Atoi(g.tags["Pairing"]); err != nil {
		return rec, fmt.Errorf("game %d has no Pairing tag: was it written by engine match?", rec.Round)
	}
	vname := g.tags["Variant"]
	if vname == "" { // the game PGN means without a Variant tag
		for _, v := range movegen.All {
			if v.StandardChess {
				vname = v.Name
			}
		}
	}
	if rec.Variant = movegen.ByName(vname); rec.Variant == nil {
		return rec, fmt.Errorf("game %d: unknown variant %q", rec.Round, vname)
	}
	index := func(name string) int {
		if i := slices.Index(*names, name); i >= 0 {
			return i
		}
		*names = append(*names, name)
		return len(*names) - 1
	}
	rec.White, rec.Black = index(g.tags["White"]), index(g.tags["Black"])
	switch g.tags["Result"] {
	case "1-0":
		rec.Result = movegen.WhiteWins
	case "0-1":
		rec.Result = movegen.BlackWins
	case "1/2-1/2":
		rec.Result = movegen.Draw
	default:
		return rec, fmt.Errorf("game %d has no result (%q)", rec.Round, g.tags["Result"])
	}
	rec.Start, rec.Termination, rec.Reason, rec.Moves = g.tags["FEN"], g.tags["Termination"], g.lastComment, g.moves
	return rec, nil
}

// mergeFiles reads the PGN files of the shards of a campaign (or any runs' files) and
// summarises their games as one run: the games in Round order, the engines in the order
// they first play (that of the run's -engine flags), the same figures.
func mergeFiles(paths []string, opts SummaryOptions) (*Summary, error) {
	var all []pgnGame
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		games, err := readPGNGames(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		all = append(all, games...)
	}
	return mergeGames(all, opts)
}

// mergeGames is mergeFiles after the reading.
func mergeGames(all []pgnGame, opts SummaryOptions) (*Summary, error) {
	slices.SortStableFunc(all, func(a, b pgnGame) int {
		x, _ := strconv.Atoi(a.tags["Round"])
		y, _ := strconv.Atoi(b.tags["Round"])
		return x - y
	})
	var names []string
	var games []gameRecord
	for _, g := range all {
		rec, err := gameOfPGN(g, &names)
		if err != nil {
			return nil, err
		}
		if len(games) > 0 && games[len(games)-1].Round == rec.Round {
			return nil, fmt.Errorf("game %d is in the files twice (a shard merged twice, or files of different runs)", rec.Round)
		}
		games = append(games, rec)
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("no games in the files")
	}
	if len(names) < 2 {
		return nil, fmt.Errorf("the games have fewer than two engines")
	}
	for i := range games {
		games[i].Names = names
	}
	if opts.Anchor != "" && !slices.Contains(names, opts.Anchor) {
		return nil, fmt.Errorf("-anchor %q: no engine of that name in the games (%s)", opts.Anchor, strings.Join(names, ", "))
	}
	return Summarize(games, names, opts), nil
}
