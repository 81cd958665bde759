package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// Square is a cell of a padded mailbox of at most 256 cells. Every board array is a
// [256]T, so indexing with a Square never needs a bounds check, and adding a step to a
// Square wraps harmlessly in uint8 arithmetic. Cell 0 is always padding, so the zero
// Square, NoSquare, names no square.
type Square uint8

// NoSquare is the zero Square: never a square of any board.
const NoSquare Square = 0

// Step is the difference between two cells, stored modulo 256 so that Square+Step is the
// target cell.
type Step uint8

// maxCells is the size of every mailbox array.
const maxCells = 256

// Geometry is a board: a rectangle of Files x Ranks cells (the bounding box), some of which
// may not be squares (holes, or the missing cells of an irregular board), surrounded by
// Pad cells of padding on every side. Padding and non-squares are the same thing to the
// move generator: a wall.
//
// The mailbox is laid out rank by rank from the lowest with a stride of Files+Pad: the
// right margin of one rank and the left margin of the next are the same cells (the 10x12
// trick), so any leap of at most Pad files and Pad ranks from a square lands either on the
// board or on a wall.
type Geometry struct {
	Files, Ranks int // the bounding box
	Pad          int // the longest leap, in files or ranks, of any piece
	Stride       int // cells from one rank to the next

	squares   []Square // every real square, rank by rank from the lowest, file by file
	isSquare  [maxCells]bool
	file      [maxCells]int8 // box file index of a cell, -1 for padding
	rank      [maxCells]int8 // box rank index of a cell, -1 for padding
	fileNames []string       // name of each box file, left to right
	rankBase  int            // number of the lowest box rank (0 or 1)
	names     [maxCells]string
	light     [maxCells]bool // square colour by name: a1 dark on every board (see IsLight)
	// line[a][b] is lineStep(a, b), one read for the pin and check tests (64 KB; the
	// king's row is what they read).
	line [maxCells][maxCells]Step
}

// NewGeometry builds a board from a drawing: one line per rank from the highest to the
// lowest (as in FEN), one character per file, '.' a square and '*' a cell that is not a
// square. fileNames names the files left to right ("abcdefgh" if empty, one letter each);
// rankBase is the number of the lowest rank. pad is the longest leap of any piece.
func NewGeometry(drawing string, fileNames string, rankBase, pad int) (*Geometry, error) {
	var rows []string
	for _, line := range strings.Split(drawing, "\n") {
		line = strings.TrimSpace(line)
		if line != "" {
			rows = append(rows, line)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("geometry: empty drawing")
	}
	files, ranks := len(rows[0]), len(rows)
	if fileNames == "" {
		fileNames = "abcdefghijklmnopqrstuvwxyz"[:min(files, 26)]
	}
	if len(fileNames) != files {
		return nil, fmt.Errorf("geometry: %d file names for %d files", len(fileNames), files)
	}
	if pad < 1 {
		return nil, fmt.Errorf("geometry: padding %d, want at least 1", pad)
	}
	stride := files + pad
	if need := (ranks+2*pad)*stride + pad; need > maxCells {
		return nil, fmt.Errorf("geometry: %dx%d with padding %d needs %d cells, more than %d", files, ranks, pad, need, maxCells)
	}
	g := &Geometry{Files: files, Ranks: ranks, Pad: pad, Stride: stride, rankBase: rankBase}
	for i := range g.file {
		g.file[i], g.rank[i] = -1, -1
	}
	for _, c := range fileNames {
		g.fileNames = append(g.fileNames, string(c))
	}
	// The colour goes by the square's name, not its place in the box: a1 is dark whatever
	// the rank base (Black Hole's box starts at rank 0) or the files left of a (z).
	aFile := max(strings.Index(fileNames, "a"), 0)
	for r := 0; r < ranks; r++ {
		row := rows[ranks-1-r]
		if len(row) != files {
			return nil, fmt.Errorf("geometry: rank %d has %d cells, want %d", r+rankBase, len(row), files)
		}
		for f := 0; f < files; f++ {
			sq := g.cell(f, r)
			g.file[sq], g.rank[sq] = int8(f), int8(r)
			g.names[sq] = g.fileNames[f] + strconv.Itoa(r+rankBase)
			g.light[sq] = (f-aFile+r+rankBase)%2 == 0
			switch row[f] {
			case '.':
				g.isSquare[sq] = true
				g.squares = append(g.squares, sq)
			case '*':
			default:
				return nil, fmt.Errorf("geometry: unexpected %q in the drawing", row[f])
			}
		}
	}
	for a := range g.line {
		for b := range g.line[a] {
			g.line[a][b] = g.computeLineStep(Square(a), Square(b))
		}
	}
	return g, nil
}

// MustGeometry is NewGeometry for the fixed drawings of the variant files.
func MustGeometry(drawing, fileNames string, rankBase, pad int) *Geometry {
	g, err := NewGeometry(drawing, fileNames, rankBase, pad)
	if err != nil {
		panic(err)
	}
	return g
}

// cell is the mailbox index of box file f, box rank r (both 0-based). It is valid for
// f and r up to Pad cells outside the box.
func (g *Geometry) cell(f, r int) Square {
	return Square((r+g.Pad)*g.Stride + f + g.Pad)
}

// Square is the square at box file f and box rank r (0-based), or NoSquare if that cell is
// not a square.
func (g *Geometry) Square(f, r int) Square {
	if f < 0 || f >= g.Files || r < 0 || r >= g.Ranks {
		return NoSquare
	}
	sq := g.cell(f, r)
	if !g.isSquare[sq] {
		return NoSquare
	}
	return sq
}

// Delta is the step that moves df files right and dr ranks up.
func (g *Geometry) Delta(df, dr int) Step { return Step(dr*g.Stride + df) }

// lineStep is the unit step from square a towards square b when they share a file, a
// rank or a diagonal, 0 when they do not (or are the same square).
func (g *Geometry) lineStep(a, b Square) Step { return g.line[a][b] }

// computeLineStep is lineStep from the files and ranks, for the table.
func (g *Geometry) computeLineStep(a, b Square) Step {
	df, dr := int(g.file[b])-int(g.file[a]), int(g.rank[b])-int(g.rank[a])
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return 0
	}
	return g.Delta(sign(df), sign(dr))
}

// Squares lists every square of the board, rank by rank from the lowest.
func (g *Geometry) Squares() []Square { return g.squares }

// IsSquare reports whether cell sq is a square of the board.
func (g *Geometry) IsSquare(sq Square) bool { return g.isSquare[sq] }

// File is the 0-based box file of sq, -1 for padding.
func (g *Geometry) File(sq Square) int { return int(g.file[sq]) }

// Rank is the 0-based box rank of sq, -1 for padding.
func (g *Geometry) Rank(sq Square) int { return int(g.rank[sq]) }

// IsLight reports whether sq is a light square. Colours go by the square's name as on a
// FIDE board, on every board: a1 is dark, b1 and a2 light (file distance from a plus rank
// number even is light). So Black Hole's c1 and g1 are dark as its rules file says, and its
// e0 is light; Jumping Knights' z0 is dark. Rules only ever compare colours, so this
// naming changes no game, only what "light" means in a test or a message.
func (g *Geometry) IsLight(sq Square) bool { return g.light[sq] }

// Name is the native name of sq ("e4", "z0", "e12"), or "-" for NoSquare.
func (g *Geometry) Name(sq Square) string {
	if !g.isSquare[sq] {
		return "-"
	}
	return g.names[sq]
}

// FileName is the name of box file f.
func (g *Geometry) FileName(f int) string { return g.fileNames[f] }

// RankBase is the number of the lowest rank.
func (g *Geometry) RankBase() int { return g.rankBase }

// ParseSquare reads a square name at the start of s and returns it with the number of
// bytes read. Ranks may have several digits ("e12"); the longest rank that names a square
// wins.
func (g *Geometry) ParseSquare(s string) (Square, int, bool) {
	if len(s) < 2 {
		return NoSquare, 0, false
	}
	f := -1
	for i, name := range g.fileNames {
		if name[0] == s[0] {
			f = i
			break
		}
	}
	if f < 0 {
		return NoSquare, 0, false
	}
	return g.parseRank(s, f, g.rankBase)
}

// parseRank reads the rank after the file letter at the start of s, ranks numbered from
// base, and returns the square of box file f on it with the bytes read (the letter
// included). The longest rank that names a square wins; a rank of two digits never starts
// with 0 (a01 is not a1).
func (g *Geometry) parseRank(s string, f, base int) (Square, int, bool) {
	n := 1
	for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	for ; n > 1; n-- {
		if n > 2 && s[1] == '0' {
			continue
		}
		r, err := strconv.Atoi(s[1:n])
		if err != nil {
			continue
		}
		if sq := g.Square(f, r-base); sq != NoSquare {
			return sq, n, true
		}
	}
	return NoSquare, 0, false
}

// BoxName is sq's name in the plain naming of its box, the one programs that know a board
// only by its size use (XBoard, and the match runner speaking to an XBoard engine): files
// a, b, c, ... from the box's left edge and ranks numbered upwards from base, whatever the
// variant calls them. "-" for NoSquare.
func (g *Geometry) BoxName(sq Square, base int) string {
	if !g.isSquare[sq] {
		return "-"
	}
	return string(rune('a'+g.File(sq))) + strconv.Itoa(g.Rank(sq)+base)
}

// ParseBoxSquare reads a BoxName with ranks from base at the start of s, as ParseSquare
// reads a native name.
func (g *Geometry) ParseBoxSquare(s string, base int) (Square, int, bool) {
	if len(s) < 2 || s[0] < 'a' || int(s[0]-'a') >= g.Files {
		return NoSquare, 0, false
	}
	return g.parseRank(s, int(s[0]-'a'), base)
}

// SquareByName is the square named name, or NoSquare.
func (g *Geometry) SquareByName(name string) Square {
	sq, n, ok := g.ParseSquare(name)
	if !ok || n != len(name) {
		return NoSquare
	}
	return sq
}

// sign is -1, 0 or 1 as x is negative, zero or positive: the unit step along a line.
func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
