package movegen

// An independent, slow move generator for Jumping Knights Chess, written only to check the
// real one. It shares nothing with movegen but the rules text: its own board (a 10x10 array
// of FEN letters), its own FEN reader, one plain function per piece, check found by listing
// every enemy capture forwards (the real generator looks backwards from the king), legality
// by playing the move on a copy, and moves as text.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// oBoard is a position for the oracle. Files 0..9 are z, a..h, i; ranks 0..9.
type oBoard struct {
	sq       [10][10]byte // [file][rank], '.' empty, FEN letters otherwise
	white    bool         // White to move
	castle   [4]bool      // K Q k q
	epF, epR int          // the square passed by the last double step, epF = -1 if none
}

const oFiles = "zabcdefghi"

func oName(f, r int) string { return string(oFiles[f]) + strconv.Itoa(r) }

func oOn(f, r int) bool      { return f >= 0 && f < 10 && r >= 0 && r < 10 }
func oCentral(f, r int) bool { return f >= 1 && f <= 8 && r >= 1 && r <= 8 }
func oWhite(c byte) bool     { return c >= 'A' && c <= 'Z' }
func oBlack(c byte) bool     { return c >= 'a' && c <= 'z' }
func oUpper(c byte) byte {
	if oBlack(c) {
		return c - 32
	}
	return c
}

// oParse reads the board, side, castling and en passant fields of a FEN.
func oParse(fen string) (*oBoard, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("oracle: short FEN %q", fen)
	}
	b := &oBoard{epF: -1}
	rows := strings.Split(f[0], "/")
	if len(rows) != 10 {
		return nil, fmt.Errorf("oracle: %d ranks", len(rows))
	}
	for i, row := range rows {
		r := 9 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				if c == '1' && j+1 < len(row) && row[j+1] == '0' {
					n = 10
					j++
				}
				for k := 0; k < n; k++ {
					b.sq[file][r] = '.'
					file++
				}
				continue
			}
			b.sq[file][r] = c
			file++
		}
		if file != 10 {
			return nil, fmt.Errorf("oracle: rank %d has %d files", r, file)
		}
	}
	b.white = f[1] == "w"
	for _, c := range f[2] {
		switch c {
		case 'K':
			b.castle[0] = true
		case 'Q':
			b.castle[1] = true
		case 'k':
			b.castle[2] = true
		case 'q':
			b.castle[3] = true
		}
	}
	if f[3] != "-" {
		b.epF = strings.IndexByte(oFiles, f[3][0])
		b.epR, _ = strconv.Atoi(f[3][1:])
	}
	return b, nil
}

// mine says whether a letter is a piece of the side to move.
func (b *oBoard) mine(c byte) bool {
	if b.white {
		return oWhite(c)
	}
	return oBlack(c)
}

// oCap is one capture pattern: the victim's square and the landing square.
type oCap struct{ vf, vr, lf, lr int }

var (
	oOrth   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	oDiag   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	oAll8   = append(append([][2]int{}, oOrth...), oDiag...)
	oKnight = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
)

// captures lists the capture patterns of the piece on (f, r) over any piece of the other
// colour, kings included (that is check), to an empty square.
func (b *oBoard) captures(f, r int) []oCap {
	c := b.sq[f][r]
	enemy := oBlack
	if oBlack(c) {
		enemy = oWhite
	}
	var out []oCap
	empty := func(x, y int) bool { return oOn(x, y) && b.sq[x][y] == '.' }
	ride := func(dirs [][2]int) {
		for _, d := range dirs {
			x, y := f+d[0], r+d[1]
			for empty(x, y) {
				x, y = x+d[0], y+d[1]
			}
			if !oOn(x, y) || !enemy(b.sq[x][y]) {
				continue
			}
			for lx, ly := x+d[0], y+d[1]; empty(lx, ly); lx, ly = lx+d[0], ly+d[1] {
				out = append(out, oCap{x, y, lx, ly})
			}
		}
	}
	switch oUpper(c) {
	case 'K':
		for _, d := range oAll8 {
			x, y := f+d[0], r+d[1]
			if oOn(x, y) && enemy(b.sq[x][y]) && empty(x+d[0], y+d[1]) {
				out = append(out, oCap{x, y, x + d[0], y + d[1]})
			}
		}
	case 'Q':
		ride(oAll8)
	case 'R':
		ride(oOrth)
	case 'B':
		ride(oDiag)
	case 'N':
		ride(oKnight)
	case 'W':
		for _, d := range oOrth {
			for _, a := range []int{1, 3} {
				x, y := f+a*d[0], r+a*d[1]
				if !oOn(x, y) || !enemy(b.sq[x][y]) {
					continue
				}
				for _, c := range []int{1, 3} {
					if lx, ly := x+c*d[0], y+c*d[1]; empty(lx, ly) {
						out = append(out, oCap{x, y, lx, ly})
					}
				}
			}
		}
	case 'P':
		dy := 1
		if oBlack(c) {
			dy = -1
		}
		for _, dx := range []int{-1, 1} {
			x, y := f+dx, r+dy
			if oOn(x, y) && enemy(b.sq[x][y]) && empty(x+dx, y+dy) {
				out = append(out, oCap{x, y, x + dx, y + dy})
			}
		}
	}
	return out
}

// attacked reports whether a piece of the given colour has a capture pattern over (f, r).
func (b *oBoard) attacked(f, r int, byWhite bool) bool {
	for x := 0; x < 10; x++ {
		for y := 0; y < 10; y++ {
			c := b.sq[x][y]
			if c == '.' || oWhite(c) != byWhite {
				continue
			}
			for _, k := range b.captures(x, y) {
				if k.vf == f && k.vr == r {
					return true
				}
			}
		}
	}
	return false
}

func (b *oBoard) king(white bool) (int, int) {
	want := byte('k')
	if white {
		want = 'K'
	}
	for x := 0; x < 10; x++ {
		for y := 0; y < 10; y++ {
			if b.sq[x][y] == want {
				return x, y
			}
		}
	}
	return -1, -1
}

// inCheck reports whether the king of the given colour is attacked.
func (b *oBoard) inCheck(white bool) bool {
	x, y := b.king(white)
	return x >= 0 && b.attacked(x, y, !white)
}

// oMove is a move of the oracle: text, and how to play it.
type oMove struct {
	text           string
	f, r, tf, tr   int
	vf, vr         int // victim, -1 if none
	promo          byte
	ep, castleRook bool
	edgeCapture    bool // from an edge square to a central one
}

// pseudo lists the moves of the side to move by the piece patterns.
func (b *oBoard) pseudo() []oMove {
	var out []oMove
	add := func(m oMove) {
		if m.vf >= 0 {
			m.text = oName(m.f, m.r) + oName(m.vf, m.vr) + "," + oName(m.vf, m.vr) + oName(m.tf, m.tr)
			m.edgeCapture = !oCentral(m.f, m.r) && oCentral(m.tf, m.tr)
		} else {
			m.text = oName(m.f, m.r) + oName(m.tf, m.tr)
		}
		if m.promo != 0 {
			m.text += string(m.promo)
		}
		out = append(out, m)
	}
	// addP adds a pawn move, once per promotion piece when it lands on rank 8/9 (1/0).
	addP := func(m oMove) {
		if (b.white && m.tr >= 8) || (!b.white && m.tr <= 1) {
			for _, p := range "qrbnw" {
				m.promo = byte(p)
				add(m)
			}
			return
		}
		add(m)
	}
	empty := func(x, y int) bool { return oOn(x, y) && b.sq[x][y] == '.' }
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			c := b.sq[f][r]
			if !b.mine(c) {
				continue
			}
			for _, k := range b.captures(f, r) {
				if oUpper(b.sq[k.vf][k.vr]) == 'K' {
					continue // kings are never captured
				}
				m := oMove{f: f, r: r, tf: k.lf, tr: k.lr, vf: k.vf, vr: k.vr}
				if oUpper(c) == 'P' {
					addP(m)
				} else {
					add(m)
				}
			}
			quiet := func(x, y int) {
				if oCentral(x, y) {
					add(oMove{f: f, r: r, tf: x, tr: y, vf: -1})
				}
			}
			slide := func(dirs [][2]int) {
				for _, d := range dirs {
					for x, y := f+d[0], r+d[1]; empty(x, y); x, y = x+d[0], y+d[1] {
						quiet(x, y)
					}
				}
			}
			switch oUpper(c) {
			case 'K':
				for _, d := range oAll8 {
					if empty(f+d[0], r+d[1]) {
						quiet(f+d[0], r+d[1])
					}
				}
				b.castling(f, r, add)
			case 'Q':
				slide(oAll8)
			case 'R':
				slide(oOrth)
			case 'B':
				slide(oDiag)
			case 'N':
				slide(oKnight)
			case 'W':
				for _, d := range oOrth {
					for _, a := range []int{1, 3} {
						if x, y := f+a*d[0], r+a*d[1]; empty(x, y) {
							quiet(x, y)
						}
					}
				}
			case 'P':
				dy, start := 1, 2
				if !b.white {
					dy, start = -1, 7
				}
				if empty(f, r+dy) && oCentral(f, r+dy) {
					addP(oMove{f: f, r: r, tf: f, tr: r + dy, vf: -1})
					if r == start && empty(f, r+2*dy) && oCentral(f, r+2*dy) {
						add(oMove{f: f, r: r, tf: f, tr: r + 2*dy, vf: -1})
					}
				}
				for _, dx := range []int{-1, 1} {
					if b.epF == f+dx && b.epR == r+dy && empty(f+2*dx, r+2*dy) {
						m := oMove{f: f, r: r, tf: f + 2*dx, tr: r + 2*dy, vf: f + dx, vr: r + dy, ep: true}
						add(m)
					}
				}
			}
		}
	}
	return out
}

// castling adds the castling moves of the king on (f, r).
func (b *oBoard) castling(f, r int, add func(oMove)) {
	home, rights := 1, b.castle[0:2]
	if !b.white {
		home, rights = 8, b.castle[2:4]
	}
	if f != 5 || r != home || b.inCheck(b.white) {
		return
	}
	for i, side := range []struct{ rook, dir, to int }{{8, 1, 7}, {1, -1, 3}} {
		if !rights[i] || oUpper(b.sq[side.rook][home]) != 'R' || !b.mine(b.sq[side.rook][home]) {
			continue
		}
		clear := true
		for x := 5 + side.dir; x != side.rook; x += side.dir {
			clear = clear && b.sq[x][home] == '.'
		}
		if !clear {
			continue
		}
		// The king stands on the square it passes, its home square empty.
		t := *b
		t.sq[5+side.dir][home], t.sq[5][home] = t.sq[5][home], '.'
		if t.attacked(5+side.dir, home, !b.white) {
			continue
		}
		add(oMove{f: 5, r: home, tf: side.to, tr: home, vf: -1, castleRook: true})
	}
}

// play returns the position after m.
func (b *oBoard) play(m oMove) *oBoard {
	n := *b
	n.epF = -1
	c := n.sq[m.f][m.r]
	if m.ep {
		// the pawn that passed the victim square stands one rank beyond it
		dy := -1
		if b.white {
			dy = 1
		}
		n.sq[m.vf][m.vr-dy] = '.'
	} else if m.vf >= 0 {
		n.sq[m.vf][m.vr] = '.'
	}
	n.sq[m.f][m.r] = '.'
	if m.promo != 0 {
		c = m.promo
		if b.white {
			c = oUpper(c)
		}
	}
	n.sq[m.tf][m.tr] = c
	if m.castleRook {
		rf, rt := 8, 6
		if m.tf == 3 {
			rf, rt = 1, 4
		}
		n.sq[rt][m.r] = n.sq[rf][m.r]
		n.sq[rf][m.r] = '.'
	}
	if oUpper(c) == 'P' && (m.tr-m.r == 2 || m.r-m.tr == 2) && m.vf < 0 {
		n.epF, n.epR = m.f, (m.r+m.tr)/2
	}
	// A right goes when the king leaves e1/e8 or anything leaves or is taken on the corner.
	for _, s := range [][2]int{{m.f, m.r}, {m.vf, m.vr}} {
		switch s {
		case [2]int{5, 1}:
			n.castle[0], n.castle[1] = false, false
		case [2]int{5, 8}:
			n.castle[2], n.castle[3] = false, false
		case [2]int{8, 1}:
			n.castle[0] = false
		case [2]int{1, 1}:
			n.castle[1] = false
		case [2]int{8, 8}:
			n.castle[2] = false
		case [2]int{1, 8}:
			n.castle[3] = false
		}
	}
	n.white = !b.white
	return &n
}

// legal lists the legal moves after king safety and Rule 4, sorted by text.
func (b *oBoard) legal() []oMove {
	var safe []oMove
	forced := false
	for _, m := range b.pseudo() {
		if b.play(m).inCheck(b.white) {
			continue
		}
		safe = append(safe, m)
		forced = forced || m.edgeCapture
	}
	var out []oMove
	for _, m := range safe {
		if !forced || m.edgeCapture || b.play(m).inCheck(!b.white) {
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

// rule4Cuts reports whether Rule 4 removes some legal move here.
func (b *oBoard) rule4Cuts() bool {
	n := 0
	for _, m := range b.pseudo() {
		if !b.play(m).inCheck(b.white) {
			n++
		}
	}
	return n != len(b.legal())
}
