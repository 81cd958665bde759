package movegen

import "strings"

// SplitMovetext splits a PGN game's movetext into its moves, in the order played: it
// drops move numbers ("12.", "12...", the "12." of "12.e4"), comments ({...} and ; to the
// end of the line), variations (...), numeric glyphs ($1), annotations (!, ?) and the
// result, and keeps "0000", a pass. last is the text of the last {comment}, where a
// referee writes why a game ended. An unclosed comment ends the movetext.
func SplitMovetext(s string) (moves []string, last string) {
	depth := 0 // inside (...)
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return moves, strings.TrimSpace(s[i+1:])
			}
			last = strings.TrimSpace(s[i+1 : i+end])
			i += end + 1
			continue
		case c == ';':
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				return moves, last
			}
			i += end + 1
			continue
		case c == '(':
			depth++
			i++
			continue
		case c == ')':
			depth = max(depth-1, 0)
			i++
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		}
		j := i
		for j < len(s) && !strings.ContainsRune(" \t\r\n{};()", rune(s[j])) {
			j++
		}
		tok := s[i:j]
		i = j
		if depth > 0 {
			continue
		}
		if k := strings.IndexFunc(tok, func(r rune) bool { return r < '0' || r > '9' }); k > 0 && tok[k] == '.' {
			tok = strings.TrimLeft(tok[k:], ".") // a move number, alone or before its move
		} else if k < 0 && tok != "0000" {
			continue // a bare number (0000 is a pass)
		}
		tok = strings.TrimRight(tok, "!?")
		switch {
		case tok == "", tok[0] == '$', tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
			continue
		}
		moves = append(moves, tok)
	}
	return moves, last
}
