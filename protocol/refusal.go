package protocol

import (
	"fmt"
	"regexp"
	"strings"

	"varchess/movegen"
)

// refusalReason says why text is not a legal move of p, in a sentence for a person, with
// the legal moves of the piece it names as a suggestion. What the text alone shows (a
// square the board lacks, an empty square, a piece of the side not to move, a piece not in
// hand) is said here; why a piece cannot go where the text sends it (its pattern, a pin, a
// check, a placement rule) is movegen's WhyIllegal, the same sentence the web board shows.
func refusalReason(p *movegen.Position, text string) string {
	v, g := p.Variant(), p.Geometry()
	side := colorName(p.SideToMove())
	hint := " (type moves for the legal moves, help for the commands)"
	if text == "0000" {
		return fmt.Sprintf("%s may not pass (0000) here%s", side, hint)
	}
	if len(text) >= 2 && text[1] == '@' {
		t := v.TypeOf(text[0])
		if t == movegen.NoType || t == movegen.King && !v.HandInFEN {
			return fmt.Sprintf("%q: %q is no piece of %s%s", text, text[:1], v.Name, hint)
		}
		if p.Hand(p.SideToMove(), t) == 0 {
			return fmt.Sprintf("%q: %s has no %s in hand%s", text, side, pieceName(v, t), hint)
		}
		return fmt.Sprintf("%q: the %s cannot be placed there; it may go to: %s", text, pieceName(v, t), movesOf(p, func(m movegen.Move) bool {
			return m.Kind() == movegen.Drop && m.AuxType() == t
		}))
	}
	from, n, ok := g.ParseSquare(text)
	if v.StandardChess && (!ok || n == len(text) && !p.At(from).Is(p.SideToMove())) {
		// not coordinates (Nf3, exd5, O-O), or a lone square without a piece of the side
		// to move: a pawn's move in SAN (e5)
		if why := sanRefusal(p, text); why != "" {
			return why
		}
	}
	if !ok {
		if v.StandardChess {
			return fmt.Sprintf("%q is not a legal move in coordinates (e2e4) or SAN (Nf3)%s", text, hint)
		}
		return fmt.Sprintf("%q is not a move: write the square a piece leaves, then the square it goes to (e.g. %s)%s", text, exampleMove(p), hint)
	}
	rest := text[n:]
	to, _, toOK := g.ParseSquare(rest)
	pc := p.At(from)
	switch {
	case !pc.IsPiece():
		return fmt.Sprintf("%q: there is no piece on %s%s", text, g.Name(from), hint)
	case pc.Color() != p.SideToMove():
		return fmt.Sprintf("%q: the %s on %s is %s's, and %s is to move%s", text, pieceName(v, pc.Type()), g.Name(from), colorName(pc.Color()), side, hint)
	}
	what := fmt.Sprintf("the %s on %s", pieceName(v, pc.Type()), g.Name(from))
	own := func(m movegen.Move) bool {
		return m.From() == from && m.Kind() != movegen.Drop && m.Kind() != movegen.Pass
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	any := false
	for _, m := range ml.Moves() {
		any = any || own(m)
	}
	check := ""
	if p.InCheck() {
		check = fmt.Sprintf(" (%s is in check)", side)
	}
	switch {
	case !any:
		why := p.WhyIllegal(from, from) // "has no legal move", or why not (a check)
		if toOK {
			// why not there (a pin, say), then that the piece has no move at all
			if there := p.WhyIllegal(from, to); there != "" && there != why {
				why = there + " It has no legal move."
			}
		}
		if why != "" {
			return fmt.Sprintf("%q: %s", text, why)
		}
		return fmt.Sprintf("%q: %s has no legal move%s", text, what, check)
	case rest == "":
		return fmt.Sprintf("%q: say where %s goes; it may play: %s", text, what, movesOf(p, own))
	case !toOK:
		return fmt.Sprintf("%q: %q is not a square of this board; %s may play: %s", text, rest, what, movesOf(p, own))
	}
	for _, m := range ml.Moves() {
		if own(m) && m.To() == to {
			return fmt.Sprintf("%q is not written as the game writes this move; %s to %s is played as: %s", text, what, g.Name(to), movesOf(p, func(m movegen.Move) bool { return own(m) && m.To() == to }))
		}
	}
	if why := p.WhyIllegal(from, to); why != "" {
		if p.InCheck() && !strings.Contains(why, "check") {
			why += " " + side + " is in check."
		}
		return fmt.Sprintf("%q: %s It may play: %s", text, why, movesOf(p, own))
	}
	return fmt.Sprintf("%q: %s cannot go to %s%s; it may play: %s", text, what, g.Name(to), check, movesOf(p, own))
}

// sanShape is a move in SAN: the piece letter (none for a pawn), a file or rank to tell two
// pieces apart, x for a capture, the destination, a promotion, a check mark; or castling.
var sanShape = regexp.MustCompile(`^(?:([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?[NBRQ])?|O-O(?:-O)?)[+#!?]*$`)

// sanRefusal says why a SAN move of normal chess is refused: castling that is not legal
// now, or no piece of that kind able to reach the square, with the SAN moves of the pieces
// of that kind. It is "" for text that is not SAN.
func sanRefusal(p *movegen.Position, text string) string {
	m := sanShape.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	side := colorName(p.SideToMove())
	t, what := movegen.Pawn, "no pawn of "+side+"'s can play that"
	switch {
	case strings.HasPrefix(text, "O-O"):
		t, what = movegen.King, side+" cannot castle that way now"
	case m[1] != "":
		t = p.Variant().TypeOf(m[1][0])
		what = "no " + pieceName(p.Variant(), t) + " of " + side + "'s can play that"
	}
	name, n := pieceName(p.Variant(), t), p.Count(p.SideToMove(), t)
	switch moves := sanMovesOf(p, t); {
	case n == 0:
		return fmt.Sprintf("%q: %s has no %s", text, side, name)
	case moves == "" && n == 1:
		return fmt.Sprintf("%q: %s; its %s has no legal move", text, what, name)
	case moves == "":
		return fmt.Sprintf("%q: %s; its %ss have no legal move", text, what, name)
	case n == 1:
		return fmt.Sprintf("%q: %s; its %s may play: %s", text, what, name, moves)
	default:
		return fmt.Sprintf("%q: %s; its %ss may play: %s", text, what, name, moves)
	}
}

// sanMovesOf lists in SAN the legal moves of the side to move's pieces of type t (normal
// chess), at most maxMoveSuggestions; "" if they have none.
func sanMovesOf(p *movegen.Position, t movegen.PieceType) string {
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Moves() {
		if p.At(m.From()).Type() != t {
			continue
		}
		if s, err := SAN(p, m); err == nil {
			out = append(out, s)
		}
	}
	sortStrings(out)
	if len(out) > maxMoveSuggestions {
		out = append(out[:maxMoveSuggestions], fmt.Sprintf("and %d more", len(out)-maxMoveSuggestions))
	}
	return strings.Join(out, " ")
}

// movesOf lists the legal moves of p that keep says to, in coordinate text, the placement
// part of Hop Chess turns left out (each piece move once), at most maxMoveSuggestions.
func movesOf(p *movegen.Position, keep func(movegen.Move) bool) string {
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	seen := map[string]bool{}
	var out []string
	for _, m := range ml.Moves() {
		if !keep(m) {
			continue
		}
		text := p.MoveText(m)
		if isTurn(m) {
			text, _, _ = strings.Cut(text, ",")
			text += ",SQUARE"
		}
		if !seen[text] {
			seen[text] = true
			out = append(out, text)
		}
	}
	sortStrings(out)
	if len(out) > maxMoveSuggestions {
		out = append(out[:maxMoveSuggestions], fmt.Sprintf("and %d more", len(out)-maxMoveSuggestions))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}

// exampleMove is the text of one legal move of p, for a message.
func exampleMove(p *movegen.Position) string {
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return "e2e4"
	}
	return p.MoveText(ml.At(0))
}

// pieceName is the name the rules give piece type t in lower case ("knight", "war
// machine").
func pieceName(v *movegen.Variant, t movegen.PieceType) string {
	if d := v.PieceDef(t); d != nil && d.Name != "" {
		return strings.ToLower(d.Name)
	}
	if t == movegen.Pawn {
		return "pawn"
	}
	return "piece"
}
