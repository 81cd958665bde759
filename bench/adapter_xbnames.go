package bench

import (
	"strings"

	"varchess/movegen"
)

// xbNames translates move text and FENs between the native square names of the
// conventions and XBoard's, which the XBoard protocol uses on the wire (docs/conventions.md:
// native names everywhere except inside the XBoard protocol layer, which maps to XBoard's
// own square names). XBoard 4.9.1 names files a, b, c, ... from the left edge of the
// bounding box, and numbers ranks from 0 on a board of exactly 10 ranks and from 1 on any
// other (without -rankOffset; seen in XBoard itself, README's XBoard table). So Jumping Knights' z0 is XBoard's
// a0, Black Hole's e0 is XBoard's e1; in normal, weaksquare and the 8x8 games the names
// are the same and nothing is translated. XBoard writes a null move @@@@.
type xbNames struct {
	g         *movegen.Geometry
	base      int  // XBoard's number of the lowest box rank
	translate bool // some square has another name in XBoard (the zero value translates nothing)
}

// xbPass is XBoard's null move; the native one is 0000.
const xbPass = "@@@@"

func newXBNames(g *movegen.Geometry) xbNames {
	x := xbNames{g: g, base: 1}
	if g.Ranks == 10 {
		x.base = 0
	}
	for _, sq := range g.Squares() {
		if x.square(sq) != g.Name(sq) {
			x.translate = true
		}
	}
	return x
}

// square is XBoard's name of sq.
func (x xbNames) square(sq movegen.Square) string { return x.g.BoxName(sq, x.base) }

// parseSquare reads an XBoard square name at the start of s, the longest rank that names
// a square winning, and returns it with the bytes read.
func (x xbNames) parseSquare(s string) (movegen.Square, int, bool) {
	return x.g.ParseBoxSquare(s, x.base)
}

// rename rewrites every square name in text, read by parse, with write; the other
// characters (piece letters, '@', ',') stay. A square name is a file letter followed by a
// rank number, so a promotion or placed-piece letter (never followed by a digit) is kept.
func rename(text string, parse func(string) (movegen.Square, int, bool), write func(movegen.Square) string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if sq, n, ok := parse(text[i:]); ok {
			b.WriteString(write(sq))
			i += n
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

// toXB writes a native move text with XBoard's square names.
func (x xbNames) toXB(move string) string {
	if move == "0000" {
		return xbPass
	}
	if !x.translate {
		return move
	}
	return rename(move, x.g.ParseSquare, x.square)
}

// fromXB reads an XBoard move text back into native names.
func (x xbNames) fromXB(move string) string {
	if move == xbPass {
		return "0000"
	}
	if !x.translate {
		return move
	}
	return rename(move, x.parseSquare, x.g.Name)
}

// fen writes a native FEN as XBoard reads one: the board, side, castling and counters as
// they are, the en passant square in XBoard's name ("-" when it is several squares, which
// XBoard cannot read), and none of the variant's own fields, which XBoard does not know.
func (x xbNames) fen(native string) string {
	f := strings.Fields(native)
	if len(f) < 6 {
		return native
	}
	f = f[:6]
	if ep := f[3]; ep != "-" && x.g != nil {
		sq, n, ok := x.g.ParseSquare(ep)
		if !ok || n != len(ep) {
			f[3] = "-"
		} else {
			f[3] = x.square(sq)
		}
	}
	return strings.Join(f, " ")
}
