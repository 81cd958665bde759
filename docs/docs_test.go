package docs

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"varchess/movegen"
)

// The rules documents follow a few conventions so that this test can hold them to the
// engine (they are stated here, not in the documents, which are written for players):
//
//   - Every rules document has the level-2 headings of requiredSections.
//   - A line "Start FEN: `FEN`" (or "Start FEN of `variant`: `FEN`" in the document that
//     covers two variants) gives a variant's start position; it must be the engine's.
//   - Every code span that looks like a FEN must be a position the engine accepts.
//   - A fenced block whose first line starts with "position " is an example table: a
//     "position FEN" line sets the position; each following line is a move text (the
//     printed form), or "ALT = TEXT" (another spelling ALT the engine accepts for the move
//     printed TEXT), then words for people; a line "result R {Reason}" says the game is
//     over there with that result and the reason the engine prints; a line "play" followed
//     by move texts (move numbers such as "12." are skipped) plays them one after the
//     other from the current position, each legal and printed so; a line "reaches FEN"
//     says the moves played lead to that position.

// requiredSections are the level-2 headings every rules document has, in this order.
var requiredSections = []string{
	"The board",
	"Setup",
	"The pieces",
	"End of the game",
	"Move text",
	"Judgment calls",
	"Playing it here",
}

// variantsOf lists the variants a rules document covers (bunker.md covers two).
func variantsOf(t *testing.T) map[string][]*movegen.Variant {
	t.Helper()
	out := map[string][]*movegen.Variant{}
	for _, v := range movegen.All {
		name := ruleFiles[v.Name]
		out[name] = append(out[name], v)
	}
	return out
}

func TestEveryVariantHasRules(t *testing.T) {
	for _, v := range movegen.All {
		text, ok := Rules(v.Name)
		if !ok {
			t.Errorf("%s: no rules document", v.Name)
			continue
		}
		if !strings.HasPrefix(text, "# ") {
			t.Errorf("%s: the document does not start with a level-1 heading", v.Name)
		}
	}
	if _, ok := Rules("nosuchgame"); ok {
		t.Error("Rules of an unknown variant reported ok")
	}
	for name := range ruleFiles {
		if movegen.ByName(name) == nil {
			t.Errorf("ruleFiles names %q, which is no variant of movegen.All", name)
		}
	}
}

func TestRulesHaveTheirSections(t *testing.T) {
	for file := range variantsOf(t) {
		text := mustFile(t, file)
		var got []string
		for _, line := range outsideFences(text) {
			if strings.HasPrefix(line, "## ") {
				got = append(got, strings.TrimPrefix(line, "## "))
			}
		}
		i := 0
		for _, h := range got {
			if i < len(requiredSections) && h == requiredSections[i] {
				i++
			}
		}
		if i < len(requiredSections) {
			t.Errorf("%s: section %q missing or out of order; headings: %q", file, requiredSections[i], got)
		}
	}
}

// startLine is a line giving a start FEN: "Start FEN: `F`" or "Start FEN of `v`: `F`".
var startLine = regexp.MustCompile("^Start FEN(?: of `([a-z0-9]+)`)?: `([^`]+)`\\.?$")

func TestStartFENsAreTheEngines(t *testing.T) {
	for file, vs := range variantsOf(t) {
		text := mustFile(t, file)
		seen := map[string]bool{}
		for _, line := range outsideFences(text) {
			m := startLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			name, fen := m[1], m[2]
			if name == "" {
				if len(vs) != 1 {
					t.Errorf("%s: %q must name its variant", file, line)
					continue
				}
				name = vs[0].Name
			}
			v := movegen.ByName(name)
			if v == nil || ruleFiles[name] != file {
				t.Errorf("%s: start FEN of %q, which this document does not cover", file, name)
				continue
			}
			seen[name] = true
			if name == "bunker" {
				checkBunkerArray(t, file, fen)
				continue
			}
			if fen != v.StartFEN {
				t.Errorf("%s: start FEN of %s is\n  %s\nthe engine's is\n  %s", file, name, fen, v.StartFEN)
			}
		}
		for _, v := range vs {
			if !seen[v.Name] {
				t.Errorf("%s: no \"Start FEN\" line for %s", file, v.Name)
			}
		}
	}
	checkConventionsTable(t)
}

// checkBunkerArray: Shuffle Chess has no one start; the document's example must be one of
// the 2880 arrays, written as the engine writes it.
func checkBunkerArray(t *testing.T, file, fen string) {
	t.Helper()
	rank := strings.SplitN(fen, "/", 2)[0]
	n := movegen.BunkerArrayNumber(strings.ToUpper(rank))
	if n < 0 {
		t.Errorf("%s: %q is not a Shuffle Chess array", file, fen)
		return
	}
	if want := movegen.BunkerArrayFEN(n); fen != want {
		t.Errorf("%s: array %d is written\n  %s\nthe engine writes\n  %s", file, n, fen, want)
	}
}

// tableRow is a row of conventions.md's table of start positions: | `name` | `FEN` |.
var tableRow = regexp.MustCompile("^\\| `([a-z0-9]+)` \\| (?:[^|`]*)`([^`]+/[^`]+)` \\|")

// checkConventionsTable holds conventions.md's table of start positions to the engine.
func checkConventionsTable(t *testing.T) {
	t.Helper()
	text := mustFile(t, "conventions.md")
	seen := map[string]bool{}
	for _, line := range outsideFences(text) {
		m := tableRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v := movegen.ByName(m[1])
		if v == nil {
			t.Errorf("conventions.md: start FEN of unknown variant %q", m[1])
			continue
		}
		seen[v.Name] = true
		if v.Name == "bunker" {
			checkBunkerArray(t, "conventions.md", m[2])
		} else if m[2] != v.StartFEN {
			t.Errorf("conventions.md: start FEN of %s is\n  %s\nthe engine's is\n  %s", v.Name, m[2], v.StartFEN)
		}
	}
	for _, v := range movegen.All {
		if !seen[v.Name] {
			t.Errorf("conventions.md: no start FEN for %s", v.Name)
		}
	}
}

// codeSpan is an inline code span.
var codeSpan = regexp.MustCompile("`([^`]+)`")

// looksLikeFEN: a board field with ranks and a side to move.
func looksLikeFEN(s string) bool {
	f := strings.Fields(s)
	return len(f) >= 6 && strings.Count(f[0], "/") >= 5 && (f[1] == "w" || f[1] == "b")
}

func TestFENsInCodeSpansParse(t *testing.T) {
	for file, vs := range variantsOf(t) {
		text := mustFile(t, file)
		n := 0
		for _, line := range outsideFences(text) {
			for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
				if !looksLikeFEN(m[1]) {
					continue
				}
				n++
				if _, err := parseAny(vs, m[1]); err != nil {
					t.Errorf("%s: `%s`: %v", file, m[1], err)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no FEN in a code span", file)
		}
	}
	// conventions.md shows positions of every variant: each must parse in one of them.
	for _, line := range outsideFences(mustFile(t, "conventions.md")) {
		for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
			if looksLikeFEN(m[1]) {
				if _, err := parseAny(movegen.All, m[1]); err != nil {
					t.Errorf("conventions.md: `%s`: %v", m[1], err)
				}
			}
		}
	}
}

// parseAny parses fen in the first of vs that accepts it.
func parseAny(vs []*movegen.Variant, fen string) (*movegen.Position, error) {
	var first error
	for _, v := range vs {
		p, err := v.ParseFEN(fen)
		if err == nil {
			return p, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

// resultLine is "result 1-0 {Reason}".
var resultLine = regexp.MustCompile(`^result (1-0|0-1|1/2-1/2) \{([^}]+)\}$`)

func TestExampleMovesAreLegal(t *testing.T) {
	for file, vs := range variantsOf(t) {
		blocks := exampleBlocks(mustFile(t, file))
		if len(blocks) == 0 {
			t.Errorf("%s: no example table (a fenced block starting with a position line)", file)
		}
		moves := 0
		for _, block := range blocks {
			var pos *movegen.Position
			for _, line := range block {
				if line == "" {
					continue
				}
				if fen, ok := strings.CutPrefix(line, "position "); ok {
					p, err := parseAny(vs, strings.TrimSpace(fen))
					if err != nil {
						t.Errorf("%s: %q: %v", file, line, err)
					}
					pos = p
					continue
				}
				if pos == nil {
					continue // the error is reported above
				}
				if m := resultLine.FindStringSubmatch(line); m != nil {
					o := pos.Status()
					if got := fmt.Sprintf("%s {%s}", o.Result, printedReason(o)); got != m[1]+" {"+m[2]+"}" {
						t.Errorf("%s: %q: the engine ends the game %q", file, line, got)
					}
					continue
				}
				if rest, ok := strings.CutPrefix(line, "play "); ok {
					for _, text := range strings.Fields(rest) {
						if strings.HasSuffix(text, ".") {
							continue
						}
						moves++
						m, ok := checkExampleMove(t, file, pos, text)
						if !ok {
							pos = nil
							break
						}
						pos.Apply(m)
					}
					continue
				}
				if fen, ok := strings.CutPrefix(line, "reaches "); ok {
					if got := pos.FEN(); got != strings.TrimSpace(fen) {
						t.Errorf("%s: the moves reach\n  %s\nnot\n  %s", file, got, fen)
					}
					continue
				}
				moves++
				checkExampleMove(t, file, pos, line)
			}
		}
		if moves == 0 {
			t.Errorf("%s: the example tables hold no move", file)
		}
	}
}

// checkExampleMove checks one row of an example table: its move text is legal in p and,
// unless it is given as another spelling ("ALT = TEXT"), written as the engine writes it.
func checkExampleMove(t *testing.T, file string, p *movegen.Position, line string) (movegen.Move, bool) {
	t.Helper()
	f := strings.Fields(line)
	text, printed := f[0], f[0]
	if len(f) >= 3 && f[1] == "=" {
		printed = f[2]
	}
	m, err := p.ParseMove(text)
	if err != nil {
		t.Errorf("%s: %q in %s: %v", file, text, p.FEN(), err)
		return m, false
	}
	if got := p.MoveText(m); got != printed {
		t.Errorf("%s: %q in %s: the engine writes it %q", file, text, p.FEN(), got)
	}
	return m, true
}

// printedReason is the reason the engine's console and XBoard print after the result
// (protocol's reasonText, which this package may not import: the protocol layer serves
// these documents): "White mates", else the reason with a capital letter.
func printedReason(o movegen.Outcome) string {
	switch {
	case o.Reason == "checkmate" && o.Result == movegen.WhiteWins:
		return "White mates"
	case o.Reason == "checkmate":
		return "Black mates"
	case o.Reason == "":
		return o.Result.String()
	}
	return strings.ToUpper(o.Reason[:1]) + o.Reason[1:]
}

// exampleBlocks are the lines of the fenced blocks that start with a position line.
func exampleBlocks(text string) [][]string {
	var out [][]string
	var cur []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			if in && len(cur) > 0 && strings.HasPrefix(cur[0], "position ") {
				out = append(out, cur)
			}
			in, cur = !in, nil
			continue
		}
		if in {
			cur = append(cur, strings.TrimRight(line, " "))
		}
	}
	return out
}

// outsideFences are the lines of text that are not inside fenced blocks.
func outsideFences(text string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			out = append(out, line)
		}
	}
	return out
}

// The web board's renderer is small: headings, paragraphs, lists, tables, code spans and
// fenced blocks. Nothing else may appear, and a clone of the repository must stand on its
// own, so no document points outside it at the research notes it came from.
func TestMarkdownStaysSimple(t *testing.T) {
	files := []string{"conventions.md"}
	for file := range variantsOf(t) {
		files = append(files, file)
	}
	html := regexp.MustCompile(`<[a-zA-Z/!]`)
	for _, file := range files {
		text := mustFile(t, file)
		if strings.Count(text, "\n```")%2 != 0 && !strings.HasPrefix(text, "```") {
			t.Errorf("%s: unbalanced fenced block", file)
		}
		if strings.Contains(text, "shared/") {
			t.Errorf("%s: points at shared/, which a clone does not have", file)
		}
		cols := 0
		for _, line := range outsideFences(text) {
			plain := codeSpan.ReplaceAllString(line, "")
			if html.MatchString(plain) {
				t.Errorf("%s: HTML: %q", file, line)
			}
			if strings.Contains(plain, "![") || strings.Contains(plain, "[^") {
				t.Errorf("%s: an image or a footnote: %q", file, line)
			}
			if !strings.HasPrefix(line, "|") {
				cols = 0
				continue
			}
			n := strings.Count(strings.ReplaceAll(plain, `\|`, ""), "|")
			if cols == 0 {
				cols = n
			} else if n != cols {
				t.Errorf("%s: a table row with %d bars, the header has %d: %q", file, n, cols, line)
			}
		}
	}
}

// mustFile is the text of the document name; a missing one is reported, and reads as
// empty, so that the other documents are still checked.
// perftRow is a row of conventions.md's perft table: | `name` | n1 | n2 | n3 |, with
// "(array N)" after bunker's name.
var perftRow = regexp.MustCompile("^\\| `([a-z0-9]+)`(?: \\(array ([0-9]+)\\))? \\| ([0-9]+) \\| ([0-9]+) \\| ([0-9]+) \\|$")

// TestPerftTable holds conventions.md's perft counts from the start positions to movegen.
func TestPerftTable(t *testing.T) {
	seen := map[string]bool{}
	for _, line := range outsideFences(mustFile(t, "conventions.md")) {
		m := perftRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v := movegen.ByName(m[1])
		if v == nil {
			t.Errorf("conventions.md: perft of unknown variant %q", m[1])
			continue
		}
		seen[v.Name] = true
		fen := v.StartFEN
		if m[2] != "" {
			n, _ := strconv.Atoi(m[2])
			fen = movegen.BunkerArrayFEN(n)
		}
		p, err := v.ParseFEN(fen)
		if err != nil {
			t.Errorf("conventions.md: %s: %v", line, err)
			continue
		}
		for depth := 1; depth <= 3; depth++ {
			want, _ := strconv.ParseUint(m[2+depth], 10, 64)
			if got := movegen.Perft(p, depth); got != want {
				t.Errorf("conventions.md: perft %d of %s is %d, the table says %d", depth, v.Name, got, want)
			}
		}
	}
	for _, v := range movegen.All {
		if !seen[v.Name] {
			t.Errorf("conventions.md: no perft row for %s", v.Name)
		}
	}
}

func mustFile(t *testing.T, name string) string {
	t.Helper()
	text, ok := File(name)
	if !ok {
		t.Errorf("no document %s", name)
	}
	return text
}
