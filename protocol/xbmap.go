package protocol

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"varchess/movegen"
)

// xbBoard translates between a variant's native names (conventions.md) and the square
// names, move texts and FENs XBoard 4.9.1 uses on the same board (verified in XBoard 4.9.1):
//
//   - files are always a, b, c, ... from the left edge of the bounding box, whatever the
//     variant calls them (Jumping Knights' z, a..h, i are XBoard's a..j);
//   - ranks are numbered from 0 on a board of exactly 10 ranks and from 1 on every other
//     board, minus XBoard's -rankOffset (which the engine cannot see: the user tells it with
//     an engine option). So Black Hole's native ranks 0..12 are XBoard's 1..13 by default.
type xbBoard struct {
	v        *movegen.Variant
	g        *movegen.Geometry
	rankBase int // XBoard's number of the lowest box rank
	// gui: the peer is XBoard itself (it sent "random", which XBoard's default init string
	// does after every "new"), so a kingAsMan variant's castling goes out in XBoard's
	// two-leg form. Other CECP peers (the match runner) get the native king-takes-rook.
	gui bool
}

// newXBBoard is the mapping for v when XBoard runs with -rankOffset rankOffset.
func newXBBoard(v *movegen.Variant, rankOffset int) xbBoard {
	g := v.Geometry
	base := 1 - rankOffset
	if g.Ranks == 10 {
		base = 0 // XBoard's ONE is '1' - (BOARD_HEIGHT==10) - rankOffset; the offset is not for 10-rank boards
	}
	return xbBoard{v: v, g: g, rankBase: base}
}

// square is XBoard's name of sq.
func (b xbBoard) square(sq movegen.Square) string { return b.g.BoxName(sq, b.rankBase) }

// parseSquare reads an XBoard square name at the start of s: a file letter and a decimal
// rank. It returns the square and the bytes read.
func (b xbBoard) parseSquare(s string) (movegen.Square, int, bool) {
	return b.g.ParseBoxSquare(s, b.rankBase)
}

// squareByName is the square XBoard calls name exactly, NoSquare if none.
func (b xbBoard) squareByName(name string) movegen.Square {
	sq, n, ok := b.parseSquare(name)
	if !ok || n != len(name) {
		return movegen.NoSquare
	}
	return sq
}

// holdingPiece reads the name XBoard gives a holdings square in lift: White's holdings
// are the file right of the board's last file plus one ("j2" on 8 files: the second piece
// of the table in hand), Black's the file two left of a ("_7"), counted from the top.
func (b xbBoard) holdingPiece(s string) (movegen.Color, movegen.PieceType, bool) {
	if len(s) < 2 {
		return movegen.White, movegen.NoType, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil {
		return movegen.White, movegen.NoType, false
	}
	y := r - b.rankBase
	var c movegen.Color
	var n int
	switch s[0] {
	case byte('a' + b.g.Files + 1):
		c, n = movegen.White, y
	case 'a' - 2:
		c, n = movegen.Black, b.g.Ranks-1-y
	default:
		return movegen.White, movegen.NoType, false
	}
	table := b.pieceTable()
	used := strings.ReplaceAll(table[:len(table)/2], ".", "")
	if n < 0 || n >= len(used) {
		return movegen.White, movegen.NoType, false
	}
	return c, b.v.TypeOf(used[n]), true
}

// xbPass is how XBoard writes a null move.
const xbPass = "@@@@"

// moveText writes m, a legal move of p, as XBoard reads it; ok is false for a move XBoard
// 4.9.1 cannot represent (a Hop Chess turn: a piece move plus a trampoline move).
//
// By kind: ordinary moves and en passant are from-to plus a lower-case promotion letter;
// castling is written as the variant writes it natively (king to its destination, or king
// takes rook, which XBoard reads as castling); a drop is P@e4; a Weak Square jump is the
// king's from-to with the placed piece as a gating suffix (XBoard's seirawan form, which
// puts that piece from the hand on the square the king left); a pass is @@@@; a hop capture
// is two legs through the victim's square, c3d4,d4e5 (for an en passant hop the pawn's
// square, killSquare), but a king's hop along its rank is the plain king move
// (kingHopAlongRank).
func (b xbBoard) moveText(p *movegen.Position, m movegen.Move) (string, bool) {
	var sb strings.Builder
	promo := func() {
		if t := m.Promo(); t != movegen.NoType {
			sb.WriteByte(b.v.Letter(movegen.MakePiece(movegen.Black, t)))
		}
	}
	switch m.Kind() {
	case movegen.Normal, movegen.EnPassant:
		sb.WriteString(b.square(m.From()) + b.square(m.To()))
		promo()
	case movegen.Castle:
		if xbVariants[b.v].kingAsMan && b.gui {
			return b.castleLegs(m), true
		}
		sb.WriteString(b.square(m.From()))
		if b.v.Castling.KingTakesRook {
			sb.WriteString(b.square(m.Aux()))
		} else {
			sb.WriteString(b.square(m.To()))
		}
	case movegen.Drop:
		sb.WriteByte(b.v.Letter(movegen.MakePiece(movegen.White, m.AuxType())))
		sb.WriteByte('@')
		sb.WriteString(b.square(m.To()))
	case movegen.Jump:
		sb.WriteString(b.square(m.From()) + b.square(m.To()))
		if t := m.AuxType(); t != movegen.NoType {
			sb.WriteByte(b.v.Letter(movegen.MakePiece(movegen.Black, t)))
		}
	case movegen.Pass:
		sb.WriteString(xbPass)
	case movegen.HopCapture, movegen.HopEnPassant:
		if b.kingHopAlongRank(p, m) {
			sb.WriteString(b.square(m.From()) + b.square(m.To()))
			break
		}
		sb.WriteString(b.hopLegs(m))
		promo()
	default:
		return "", false
	}
	return sb.String(), true
}

// rookTo is where castling m puts the rook.
func (b xbBoard) rookTo(m movegen.Move) movegen.Square {
	side := 0
	if b.g.File(m.Aux()) > b.g.File(m.From()) {
		side = 1
	}
	return b.g.Square(b.v.Castling.RookFile[side], b.g.Rank(m.From()))
}

// castleLegs writes castling m of a kingAsMan variant in the form XBoard 4.9.1 applies
// exactly (verified under Xvfb, README): XBoard reads "king from-to, rook from-to" as the
// king's move trampling the piece on the second leg's from-square, and, because the king's
// piece line has Betza's castling atom O, puts that piece back beside the king on the
// side it came from: e1b1,a1c1 is king b1, rook c1. When the rook stands on the king's
// destination it is the king's plain move where XBoard swaps (swapsOwn); elsewhere XBoard
// would glue the legs into one move (same file), so the second leg is written from that
// square to itself (f1g1,g1g1: king g1, rook f1). When the king does not move, the move is
// the rook's alone (a1c1 with the king on b1).
func (b xbBoard) castleLegs(m movegen.Move) string {
	from, to, rook := m.From(), m.To(), m.Aux()
	switch {
	case from == to:
		return b.square(rook) + b.square(b.rookTo(m))
	case b.swapCastle(m):
		return b.square(from) + b.square(to) // XBoard swaps king and rook (swapsOwn)
	case b.g.File(rook) == b.g.File(to):
		return b.square(from) + b.square(to) + "," + b.square(to) + b.square(to)
	}
	return b.square(from) + b.square(to) + "," + b.square(rook) + b.square(b.rookTo(m))
}

// swapsOwn reports whether XBoard swaps a piece moved onto a piece of its own colour: it
// does under a parent without castling rights (nrCastlingRights 0 in its InitPosition, such
// as nocastle), and otherwise takes the piece (XBoard 4.9.1, ApplyMove). So under such a
// parent a castling whose rook stands on the king's destination (king c1, rook b1: king b1,
// rook c1) is the king's plain move c1b1, which a person enters by clicking the king and
// then its rook. In two legs (c1b1,b1b1, which XBoard applies right by the castling atom) a
// person cannot enter it: XBoard's second click on the square a first leg ended on cancels
// that leg, and it turns a typed c1b1,b1b1 into c1b1 (both seen in its debug log).
func (b xbBoard) swapsOwn() bool { return b.parent() == "nocastle" }

// swapCastle reports whether castling m is, on XBoard's board, the king's plain move onto
// its rook (swapsOwn): the rook must stand on the king's destination and go to the king's
// square (king c1, rook b1: king b1, rook c1). King d1 and rook g1 castle to king g1 and
// rook f1, which a swap would get wrong (rook d1): that one goes out in two legs.
func (b xbBoard) swapCastle(m movegen.Move) bool {
	return castleOnRook(m) && b.swapsOwn() && b.rookTo(m) == m.From()
}

// castleOnRook reports whether m is a kingAsMan castling whose rook stands on the king's
// destination.
func castleOnRook(m movegen.Move) bool {
	return m.Kind() == movegen.Castle && m.From() != m.To() && m.Aux() == m.To()
}

// hopLegs is a hop capture as XBoard's two legs through the victim's square, c3d4,d4e5.
func (b xbBoard) hopLegs(m movegen.Move) string {
	return b.legsThrough(m, b.killSquare(m))
}

// legsThrough is m as two legs meeting on square k.
func (b xbBoard) legsThrough(m movegen.Move, k movegen.Square) string {
	return b.square(m.From()) + b.square(k) + "," + b.square(k) + b.square(m.To())
}

// killSquare is the square XBoard must empty for hop capture m, the end of its first leg:
// the victim's square. For an en passant hop that is not the square jumped over (aux, the
// square the enemy pawn passed, which is empty) but the pawn's own square, beside the
// capturer on the passed square's file. XBoard 4.9.1 empties the end of the first leg and
// nothing else, so legs through the passed square (d4e3,e3f2) left the pawn on its board;
// and it relays a two-leg move whose first leg ends on an empty square (or one of the
// mover's colour) to the other engine as castling, d4f2,e3e2, which no engine reads (seen
// in XBoard 4.9.1 with scripted engines: White's next move of that pawn was accepted, and
// White answered Black's capture with "Illegal move" and the game stalled).
func (b xbBoard) killSquare(m movegen.Move) movegen.Square {
	if m.Kind() == movegen.HopEnPassant {
		return b.g.Square(b.g.File(m.Aux()), b.g.Rank(m.From()))
	}
	return m.Aux()
}

// kingHopAlongRank reports whether m is a king's hop capture along its rank (Jumping
// Knights' Wazir capture e1xf1-g1) that starts off the board's edge files. XBoard 4.9.1
// takes every king move of two or more files on one rank as castling: it empties the kill
// square of a two-leg move first and then moves the nearest piece beyond the king, in the
// direction of the move, onto the square the king passed. Written in two legs (f1g1,g1h1)
// that moved the king's own rook from i1 to g1 on XBoard's board, and a later rook move
// from i1 was ruled a forfeit. Written as the plain king move (f1h1) XBoard's castling
// takes the victim itself, the nearest piece, puts it where it stands and then empties
// its old square: exactly the capture. From an edge file XBoard does not castle (a
// cylinder-board rule) and the plain move would leave the victim, so there the two legs,
// which it then applies correctly, stay. All four checked in XBoard 4.9.1 with a scripted
// engine (see TestXBoardKingHopAlongRank).
func (b xbBoard) kingHopAlongRank(p *movegen.Position, m movegen.Move) bool {
	from, to := m.From(), m.To()
	f := b.g.File(from)
	return m.Kind() == movegen.HopCapture && b.g.Rank(from) == b.g.Rank(to) && f != 0 && f != b.g.Files-1 &&
		p != nil && p.MovingPiece(m).Type() == movegen.King
}

// passTexts are the ways XBoard and people write a null move.
var passTexts = map[string]bool{xbPass: true, "--": true, "0000": true, "pass": true, "null": true, "Z0": true}

// parseMove finds the legal move of p that XBoard writes s. Besides the forms moveText
// writes it accepts castling as O-O / O-O-O and as the other of king-to-destination and
// king-takes-rook when no other move is written that way, any null-move spelling for a pass,
// and a drop letter of either case.
func (b xbBoard) parseMove(p *movegen.Position, s string) (movegen.Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return movegen.NullMove, fmt.Errorf("empty move")
	}
	if len(s) > 2 && s[1] == '@' {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	var castles []movegen.Move
	for _, m := range ml.Moves() {
		t, ok := b.moveText(p, m)
		if ok && t == s {
			return m, nil
		}
		if m.Kind() == movegen.Pass && passTexts[s] {
			return m, nil
		}
		if m.Kind() == movegen.Castle {
			castles = append(castles, m)
		}
	}
	// A king's hop along its rank is written as a plain move (kingHopAlongRank); a person
	// or another program may still write it in two legs. An en passant hop may come as
	// legs through the square jumped over, as this engine wrote it before (killSquare).
	for _, m := range ml.Moves() {
		if b.kingHopAlongRank(p, m) && s == b.hopLegs(m) {
			return m, nil
		}
		if m.Kind() == movegen.HopEnPassant && s == b.legsThrough(m, m.Aux()) {
			return m, nil
		}
	}
	// XBoard forwards some two-leg moves to the other engine as "from to ;kill" (e1b1;c1):
	// the same move as from-kill,kill-to.
	if a, kill, ok := strings.Cut(s, ";"); ok {
		for _, m := range ml.Moves() {
			if b.legsOf(m, a, kill) {
				return m, nil
			}
		}
	}
	for _, m := range castles {
		if b.castleClicked(m, s) {
			return m, nil
		}
	}
	if xbVariants[b.v].kingAsMan && b.gui {
		// XBoard would apply king-takes-rook as a capture and O-O by its own rules: its
		// board would go wrong, so only the two-leg forms are castling here
		return movegen.NullMove, fmt.Errorf("%s is not a legal move here (castle in two legs: %s)", s, "e1b1,a1c1")
	}
	for _, m := range castles {
		toward := 0 // towards the a-file: O-O-O
		if b.g.File(m.Aux()) > b.g.File(m.From()) {
			toward = 1
		}
		switch {
		case strings.EqualFold(s, "O-O") || s == "0-0":
			if toward == 1 {
				return m, nil
			}
		case strings.EqualFold(s, "O-O-O") || s == "0-0-0":
			if toward == 0 {
				return m, nil
			}
		case s == b.square(m.From())+b.square(m.Aux()) || s == b.square(m.From())+b.square(m.To()):
			if b.unique(p, &ml, s, m) {
				return m, nil
			}
		}
	}
	return movegen.NullMove, fmt.Errorf("%s is not a legal move here", s)
}

// legsOf reports whether m is the move XBoard writes fromTo;kill: a hop capture over kill
// (an en passant hop: over the pawn or the square it passed), or castling with the rook on
// kill.
func (b xbBoard) legsOf(m movegen.Move, fromTo, kill string) bool {
	switch m.Kind() {
	case movegen.HopEnPassant:
		return fromTo == b.square(m.From())+b.square(m.To()) && (kill == b.square(b.killSquare(m)) || kill == b.square(m.Aux()))
	case movegen.HopCapture, movegen.Castle:
		return fromTo == b.square(m.From())+b.square(m.To()) && kill == b.square(m.Aux()) && m.Promo() == movegen.NoType
	}
	return false
}

// castleClicked reports whether s is castling m as a person enters it in XBoard by clicks
// (king, its rook as the end of a first leg, the king's destination): e1a1,a1b1.
// It also takes the forms XBoard relays to the other engine: the engine's own e1b1,a1c1
// and, for a rook on the king's destination, f1g1,g1f1.
func (b xbBoard) castleClicked(m movegen.Move, s string) bool {
	if m.Kind() != movegen.Castle {
		return false
	}
	from, to, rook, rookTo := b.square(m.From()), b.square(m.To()), b.square(m.Aux()), b.square(b.rookTo(m))
	return s == from+rook+","+rook+to || s == from+to+","+rook+rookTo || m.Aux() == m.To() && s == from+to+","+to+rookTo
}

// unique reports whether no legal move other than m is written s.
func (b xbBoard) unique(p *movegen.Position, ml *movegen.MoveList, s string, m movegen.Move) bool {
	for _, o := range ml.Moves() {
		if t, ok := b.moveText(p, o); ok && t == s && o != m {
			return false
		}
	}
	return true
}

// fen writes p as XBoard reads a FEN: the native board (holes as *, multi-digit runs, the
// hand glued on in brackets), side, castling, the en passant square in XBoard's name (or -
// when XBoard could not read it: its reader takes a single rank digit), the two counters,
// and nothing of the variant's own fields, which XBoard would not understand.
func (b xbBoard) fen(p *movegen.Position) string {
	f := strings.Fields(p.FEN())
	for len(f) < 6 {
		f = append(f, "-")
	}
	ep := "-"
	if e := p.EnPassant(); len(e) > 0 {
		if s := b.square(e[0]); len(s) == 2 {
			ep = s
		}
	}
	castling := f[2]
	if xbVariants[b.v].kingAsMan {
		// XBoard keeps no castling rights without a royal king and, under parent fairy,
		// misreads Shredder letters (Ee became the en passant square e6, seen in 4.9.1):
		// the engine keeps the rights itself (parseFEN)
		castling = "-"
	}
	return strings.Join([]string{f[0], f[1], castling, ep, f[4], f[5]}, " ")
}

// startRights are the castling rights bunker.md 2.3 gives the back ranks of board (a FEN
// board field) at the start of a game: for each side whose king stands on its back rank,
// the outermost rook on each side of the king (only the farther one when both are on one
// side), as Shredder letters; "" if none. A kingAsMan variant needs them because XBoard
// sends its FENs without castling rights (it keeps none without a royal king).
func startRights(board string) string {
	ranks := strings.Split(board, "/")
	if len(ranks) < 2 {
		return ""
	}
	rights := ""
	for _, side := range []struct {
		rank       string
		king, rook byte
		letter     byte // the letter of the a-file
	}{{ranks[len(ranks)-1], 'K', 'R', 'A'}, {ranks[0], 'k', 'r', 'a'}} {
		var cells []byte
		for _, c := range []byte(side.rank) {
			if c >= '1' && c <= '9' {
				cells = append(cells, strings.Repeat(".", int(c-'0'))...)
			} else {
				cells = append(cells, c)
			}
		}
		kf := slices.Index(cells, side.king)
		if kf < 0 {
			continue
		}
		for f := len(cells) - 1; f > kf; f-- { // the h-side rook farthest from the king
			if cells[f] == side.rook {
				rights += string(rune(side.letter + byte(f)))
				break
			}
		}
		if f := slices.Index(cells[:kf], side.rook); f >= 0 { // the a-side rook farthest
			rights += string(rune(side.letter + byte(f)))
		}
	}
	return rights
}

// parseFEN reads a FEN sent by XBoard (setboard). A FEN with the board and side of start
// is start itself, so that what XBoard drops or rewrites (the variant's own fields, Shredder
// castling letters) survives at the start of a game, when engine 2 gets engine 1's setup
// position; any other is read with its en passant square translated and the variant's
// fields at their defaults.
func (b xbBoard) parseFEN(s string, start *movegen.Position) (*movegen.Position, error) {
	f := xbFENFields(s)
	if len(f) == 0 {
		return nil, fmt.Errorf("empty FEN")
	}
	if start != nil {
		sf := strings.Fields(b.fen(start))
		if len(f) >= 2 && sameBoard(f[0], sf[0]) && f[1] == sf[1] && b.plainFields(f[2:]) {
			p := *start
			return &p, nil
		}
	}
	if len(f) > 6 {
		return nil, fmt.Errorf("unexpected field %q after the fullmove number", f[6])
	}
	if len(f) == 6 && f[2] == "-" && f[5] == "1" && xbVariants[b.v].kingAsMan {
		// a game that starts here: its rights are those of its back ranks, if they are
		// valid (not in a Pre-chess placement phase)
		if r := startRights(f[0]); r != "" {
			g := slices.Clone(f)
			g[2] = r
			if p, err := b.parseFEN(strings.Join(g, " "), nil); err == nil {
				return p, nil
			}
		}
	}
	if len(f) >= 4 && f[3] != "-" {
		sq, n, ok := b.parseSquare(f[3])
		if !ok || n != len(f[3]) {
			return nil, fmt.Errorf("en passant square %q is not a square", f[3])
		}
		f[3] = b.g.Name(sq)
	}
	// XBoard's FEN has no variant fields: try those of the variant's start first (a fresh
	// Shuffle array still has its bunker leaps, a Weak Square start its jumping phases),
	// then the defaults.
	if extra := strings.Fields(b.v.StartFEN); len(extra) > 6 && len(f) == 6 {
		if p, err := b.v.ParseFEN(strings.Join(append(f, extra[6:]...), " ")); err == nil {
			return p, nil
		}
	}
	return b.v.ParseFEN(strings.Join(f, " "))
}

// xbFENFields splits an XBoard FEN into its fields. Under a parent without castling
// rights (nocastle) XBoard 4.9.1 leaves the castling field out ("... w - 0 1", seen in its
// setboard): a FEN of five fields whose last two are counters gets "-" put back in its
// place.
func xbFENFields(fen string) []string {
	f := strings.Fields(fen)
	if len(f) == 5 && isCounter(f[3]) && isCounter(f[4]) && !isCounter(f[2]) {
		f = []string{f[0], f[1], "-", f[2], f[3], f[4]}
	}
	return f
}

func isCounter(s string) bool {
	_, err := strconv.ParseUint(s, 10, 16)
	return err == nil
}

// plainFields reports whether the FEN fields after the side to move are well formed:
// castling letters, an XBoard en passant square, two counters, nothing more.
func (b xbBoard) plainFields(f []string) bool {
	if len(f) > 4 {
		return false
	}
	for i, s := range f {
		switch i {
		case 0:
			if strings.Trim(s, "-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != "" {
				return false
			}
		case 1:
			if s != "-" && b.squareByName(s) == movegen.NoSquare {
				return false
			}
		default:
			if _, err := strconv.ParseUint(s, 10, 16); err != nil {
				return false
			}
		}
	}
	return true
}

// sameBoard compares FEN board fields, holdings in any order (XBoard rewrites them in
// its own order).
func sameBoard(a, b string) bool {
	ab, ah, _ := strings.Cut(a, "[")
	bb, bh, _ := strings.Cut(b, "[")
	return ab == bb && sortedLetters(ah) == sortedLetters(bh)
}

// moveTo finds the legal move of p after which p has the board and side of the XBoard FEN
// fen, when exactly one move does.
func (b xbBoard) moveTo(p *movegen.Position, fen string) (movegen.Move, bool) {
	f := xbFENFields(fen)
	if len(f) < 2 || !b.plainFields(f[2:]) {
		return movegen.NullMove, false
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	found := movegen.NullMove
	for _, m := range ml.Moves() {
		next := *p
		next.Apply(m)
		nf := strings.Fields(b.fen(&next))
		if sameBoard(nf[0], f[0]) && nf[1] == f[1] {
			if found != movegen.NullMove {
				return movegen.NullMove, false
			}
			found = m
		}
	}
	return found, found != movegen.NullMove
}

// xbSlot is the XBoard piece slot (its internal piece type, which fixes the image) each
// piece type takes in the setup command's piece table (as XBoard 4.9.1 orders it: P N B R Q
// are slots 0-4, the Marshall uses the Chancellor at 8, the War Machine the Wazir at 9,
// a Nightrider the Nightrider at 12; the king is always the last letter of each half).
func xbSlot(d *movegen.PieceDef) int {
	switch d.Type {
	case movegen.Pawn:
		return 0
	case movegen.Knight:
		for _, a := range d.Atoms {
			if a.Rider {
				return 12
			}
		}
		return 1
	case movegen.Bishop:
		return 2
	case movegen.Rook:
		return 3
	case movegen.Queen:
		return 4
	case movegen.Marshall:
		return 8
	case movegen.WarMachine:
		return 9
	}
	return -1
}

// xbManSlot is XBoard's Man (Commoner): a non-royal king-stepper, which XBoard never castles.
const xbManSlot = 10

// pieceTable is the PIECETOCHAR argument of setup: White's half then Black's, '.' for
// unused slots, the king last in each half, at least six slots each.
func (b xbBoard) pieceTable() string {
	n := 5 // the king takes slot 5 at least
	for _, t := range pieceTypes(b.v) {
		if s := xbSlot(b.v.PieceDef(t)); s >= n {
			n = s + 1
		}
	}
	man := xbVariants[b.v].kingAsMan
	if man {
		n = max(n, xbManSlot+1)
	}
	half := []byte(strings.Repeat(".", n+1))
	for _, t := range pieceTypes(b.v) {
		d := b.v.PieceDef(t)
		if t == movegen.King && man {
			half[xbManSlot] = d.Letter // the royal slot n stays empty (xbVariant.kingAsMan)
		} else if t == movegen.King {
			half[n] = d.Letter
		} else if s := xbSlot(d); s >= 0 {
			half[s] = d.Letter
		}
	}
	return string(half) + strings.ToLower(string(half))
}

// holdings is the number of XBoard holding slots the variant needs: hand pieces go into
// holdings by their number among the used slots of the table, so the holdings must reach
// the highest-numbered piece that can be in a hand.
func (b xbBoard) holdings(start *movegen.Position) int {
	if !b.v.HandInFEN {
		return 0
	}
	table := b.pieceTable()[:len(b.pieceTable())/2]
	need := 0
	for i, c := range []byte(table) {
		if c == '.' {
			continue
		}
		t := b.v.TypeOf(c)
		if start.Hand(movegen.White, t)+start.Hand(movegen.Black, t) > 0 {
			need = max(need, i-strings.Count(table[:i], ".")+1) // XBoard's PieceToNumber, plus one
		}
	}
	return need
}

// pieceTypes lists the variant's piece types.
func pieceTypes(v *movegen.Variant) []movegen.PieceType {
	var out []movegen.PieceType
	for t := movegen.Pawn; t < movegen.NumTypes; t++ {
		if v.PieceDef(t) != nil {
			out = append(out, t)
		}
	}
	return out
}

// xbVariant is what XBoard needs to know of a variant that its data cannot say.
type xbVariant struct {
	// parent is the XBoard rule set the variant is built on: seirawan makes a suffix on a
	// king move a placement on the vacated square (the Weak Square jump); nocastle makes a
	// piece moved onto its own swap with it (Bunker's castling onto its rook: swapsOwn);
	// bughouse keeps captured pieces out of the capturer's holdings, which XBoard fills
	// under every other parent with holdings but seirawan (Pre-chess's hands only hold the
	// pieces still to be placed; checked in XBoard 4.9.1: the hands stayed empty after
	// captures and every placement was taken); fairy is the default.
	parent string
	// pieceLines: every fairy piece moves and captures exactly as its atoms say, so XBoard
	// may be given their Betza descriptions (Black Hole's Marshall). Not in Jumping Knights,
	// where every capture is a hop.
	pieceLines bool
	// kingAsMan: XBoard 4.9.1 takes any king move of two or more files as castling with the
	// nearest piece (its ApplyMove), which breaks the bunker leap (e1b1) and puts an a-side
	// castling king on c1. So the king is given XBoard's non-royal Man slot (the royal slot
	// stays empty) with the piece line "K& KO2": XBoard then moves it like any piece (the
	// leap is a plain e1b1), and the O atom makes XBoard read a two-leg castling (e1b1,a1c1)
	// as the king's move with the rook put beside it. XBoard draws the king with the Man's
	// image and, having no royal piece, marks no checks: the engine is the referee anyway.
	kingAsMan bool
}

// xbVariants holds the per-variant choices, keyed by the variant itself; a variant not
// listed is a fairy game without piece lines.
var xbVariants = map[*movegen.Variant]xbVariant{
	movegen.WeakSquare: {parent: "seirawan"},
	movegen.Bunker:     {parent: "nocastle", kingAsMan: true},
	movegen.Prechess:   {parent: "bughouse", kingAsMan: true},
	movegen.Blackhole:  {parent: "fairy", pieceLines: true},
}

// setupLines are what the engine sends on "variant NAME" before answering the next ping:
// setup with the piece table, the board size, holdings and parent, and the start position,
// then a piece line for each fairy piece where that is exact. Standard chess, XBoard's own
// game, needs none.
func (b xbBoard) setupLines(start *movegen.Position) []string {
	if b.v.StandardChess {
		return nil
	}
	info := xbVariants[b.v]
	lines := []string{b.setupLine(start, b.parent(), b.holdings(start))}
	if info.kingAsMan {
		// not the king's full rules (the leap is missing): the O atom is what makes XBoard
		// put a castling rook beside the king (xbVariant.kingAsMan)
		lines = append(lines, fmt.Sprintf("piece %c& KO2", b.v.PieceDef(movegen.King).Letter))
	}
	if info.pieceLines {
		for _, t := range pieceTypes(b.v) {
			d := b.v.PieceDef(t)
			if xbSlot(d) <= 4 || t == movegen.King {
				continue // XBoard knows the FIDE pieces
			}
			if betza, ok := betzaOf(d); ok {
				lines = append(lines, fmt.Sprintf("piece %c& %s", d.Letter, betza))
			}
		}
	}
	return lines
}

// parent is the XBoard rule set of the variant's setup (xbVariant.parent).
func (b xbBoard) parent() string {
	if p := xbVariants[b.v].parent; p != "" {
		return p
	}
	return "fairy"
}

// setupLine is the setup command for position p under the given parent, with holdings
// XBoard holding slots.
func (b xbBoard) setupLine(p *movegen.Position, parent string, holdings int) string {
	return fmt.Sprintf("setup (%s) %dx%d+%d_%s %s", b.pieceTable(), b.g.Files, b.g.Ranks, holdings, parent, b.fen(p))
}

// resetupLines make XBoard 4.9.1 start from p, a position it sent by setboard before it read
// the engine's setup: what happens at start-up with -lpf, where XBoard sends new, variant,
// ping, force and setboard FEN in one go, and only then reads the setup, which (its board
// format changing from no variant to the setup's) replaces the loaded position with the
// engine's start (seen in its debug log). XBoard ignores a setup that does not change its
// board format once it has one, so the position goes out twice: under another parent, which
// is a change, and under the variant's own, which changes it back (for the pieces' rules).
func (b xbBoard) resetupLines(p *movegen.Position) []string {
	other := "fairy"
	if b.parent() == other {
		other = "normal" // XBoard's rule set of that name
	}
	if b.v.StandardChess {
		return nil
	}
	// the holdings of the variant's start, whatever is in hand now (a Pre-chess game past
	// its placements still has its holdings)
	holdings := b.holdings(b.v.Start(nil))
	lines := []string{b.setupLine(p, other, holdings), b.setupLine(p, b.parent(), holdings)}
	return append(lines, b.setupLines(p)[1:]...) // the piece lines
}

// betzaOf writes a piece's atoms in Betza notation, when every atom has a name.
func betzaOf(d *movegen.PieceDef) (string, bool) {
	names := map[[2]int]byte{{1, 0}: 'W', {1, 1}: 'F', {2, 0}: 'D', {2, 2}: 'A', {1, 2}: 'N', {3, 0}: 'H', {3, 1}: 'C', {3, 2}: 'Z', {3, 3}: 'G'}
	var sb strings.Builder
	for _, a := range d.Atoms {
		df, dr := abs(a.DF), abs(a.DR)
		if df < dr {
			df, dr = dr, df
		}
		c, ok := names[[2]int{dr, df}]
		if !ok {
			c, ok = names[[2]int{df, dr}]
		}
		if !ok {
			return "", false
		}
		switch {
		case a.Rider && c == 'W':
			sb.WriteByte('R')
		case a.Rider && c == 'F':
			sb.WriteByte('B')
		case a.Rider:
			sb.WriteByte(c)
			sb.WriteByte('0')
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String(), sb.Len() > 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Highlight colours (as XBoard 4.9.1 reads them): upper case marks a legal target.
const (
	hlMove    = 'Y' // an ordinary target
	hlCapture = 'R' // a capture
	hlLeg     = 'C' // the end of a non-final leg: the move entry continues from there
	hlChoice  = 'M' // a target that needs a choice of piece: XBoard offers the pieces of the engine's choice command
)

// highlight writes marks (square -> colour letter) as XBoard's highlight board: ranks from
// the top, runs of unmarked cells as numbers.
func (b xbBoard) highlight(marks map[movegen.Square]byte) string {
	var sb strings.Builder
	for r := b.g.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.g.Files; f++ {
			c, ok := marks[b.g.Square(f, r)]
			if b.g.Square(f, r) == movegen.NoSquare || !ok {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// xbSupported reports whether every legal move of the variant's start position can be
// written for XBoard; a variant whose moves cannot (Hop Chess) is not offered to XBoard.
func xbSupported(v *movegen.Variant) bool {
	p := v.Start(nil)
	b := newXBBoard(v, 0)
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		if _, ok := b.moveText(p, m); !ok {
			return false
		}
	}
	return true
}

// sortedLetters puts the letters of s in a fixed order.
func sortedLetters(s string) string {
	b := []byte(s)
	slices.Sort(b)
	return string(b)
}
