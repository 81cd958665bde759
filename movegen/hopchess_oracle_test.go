package movegen

// An independent, deliberately slow Hop Chess move generator, written only to check the
// real one. It shares no move logic with movegen: its own board (64 bytes of FEN letters),
// its own FEN reader, and the rules of hopchess.md applied literally. Every piece move is
// found by walking every route square by square; every turn is made by copying the board,
// placing the trampoline and asking whether any enemy piece has a complete move (hops
// included) that ends on the king.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type hopOBoard struct {
	sq     [64]byte // FEN letter, or 0 for an empty square
	white  bool     // White to move
	castle [4]bool  // K Q k q
	ep     int      // passed-over square of the last plain double step, -1 if none
	half   int
	full   int
	tr     [2]int // White's and Black's trampoline, -1 off the board
}

// hopOMove is one piece move with its route; tramp is set when the turn is complete.
type hopOMove struct {
	from, to int
	stops    []int
	promo    byte // lower-case letter or 0
	castle   bool
	ep       bool
	tramp    int
}

func hopOName(s int) string { return string(rune('a'+s%8)) + strconv.Itoa(s/8+1) }

func hopOParse(fen string) hopOBoard {
	f := strings.Fields(fen)
	var b hopOBoard
	r, c := 7, 0
	for _, ch := range f[0] {
		switch {
		case ch == '/':
			r, c = r-1, 0
		case ch >= '1' && ch <= '8':
			c += int(ch - '0')
		default:
			b.sq[r*8+c] = byte(ch)
			c++
		}
	}
	b.white = f[1] == "w"
	for _, ch := range f[2] {
		switch ch {
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
	sqOf := func(s string) int {
		if s == "-" {
			return -1
		}
		return int(s[1]-'1')*8 + int(s[0]-'a')
	}
	b.ep = sqOf(f[3])
	b.half, _ = strconv.Atoi(f[4])
	b.full, _ = strconv.Atoi(f[5])
	b.tr = [2]int{-1, -1}
	if len(f) > 6 {
		b.tr = [2]int{sqOf(f[6]), sqOf(f[7])}
	}
	return b
}

func isWhite(p byte) bool { return p >= 'A' && p <= 'Z' }

func (b *hopOBoard) isTramp(s int) bool { return s == b.tr[0] || s == b.tr[1] }

var (
	hopOOrth   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	hopODiag   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	hopOKnight = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
)

// hopOWalker lists the complete moves of one piece. kingTakes lets moves end on the enemy
// king, for the attack test.
type hopOWalker struct {
	b         *hopOBoard
	from      int
	white     bool
	kingTakes bool
	target    int // with kingTakes: only record whether a move ends here
	hit       bool
	out       []hopOMove
}

func (w *hopOWalker) at(s int) byte {
	if s == w.from {
		return 0 // the moving piece has left its square
	}
	return w.b.sq[s]
}

func (w *hopOWalker) enemy(s int) bool {
	p := w.at(s)
	if p == 0 || isWhite(p) == w.white {
		return false
	}
	return w.kingTakes || (p != 'K' && p != 'k')
}

func (w *hopOWalker) add(to int, stops []int, promo byte) {
	if w.kingTakes {
		w.hit = w.hit || to == w.target
		return
	}
	w.out = append(w.out, hopOMove{from: w.from, to: to, stops: append([]int(nil), stops...), promo: promo, tramp: -1})
}

func used(stops []int, s int) bool {
	for _, x := range stops {
		if x == s {
			return true
		}
	}
	return false
}

// piece walks the moves of a piece of kind k (upper-case letter) standing (or hopping) on
// s; line is the queen's kind of line once chosen ("" before her first leg).
func (w *hopOWalker) piece(k byte, s int, stops []int, line string, promo byte) {
	type dir struct {
		d    [2]int
		line string
	}
	var dirs []dir
	ride := true
	switch k {
	case 'N':
		ride = false
		for _, d := range hopOKnight {
			dirs = append(dirs, dir{d, "n"})
		}
	case 'B':
		for _, d := range hopODiag {
			dirs = append(dirs, dir{d, "d"})
		}
	case 'R':
		for _, d := range hopOOrth {
			dirs = append(dirs, dir{d, "o"})
		}
	case 'Q':
		if line != "d" {
			for _, d := range hopOOrth {
				dirs = append(dirs, dir{d, "o"})
			}
		}
		if line != "o" {
			for _, d := range hopODiag {
				dirs = append(dirs, dir{d, "d"})
			}
		}
	}
	for _, d := range dirs {
		f, r := s%8, s/8
		for {
			f, r = f+d.d[0], r+d.d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 {
				break
			}
			t := r*8 + f
			if w.at(t) != 0 {
				if w.enemy(t) {
					w.add(t, stops, promo)
				}
				break
			}
			if w.b.isTramp(t) {
				if !used(stops, t) {
					w.piece(k, t, append(append([]int(nil), stops...), t), d.line, promo)
				}
			} else if t != w.from {
				w.add(t, stops, promo)
			}
			if !ride {
				break
			}
		}
	}
}

// pawn walks the pawn moves from s; first says it is the pawn's first leg.
func (w *hopOWalker) pawn(s int, stops []int, first bool) {
	fwd, start, last := 8, 1, 7
	if !w.white {
		fwd, start, last = -8, 6, 0
	}
	arrive := func(t int) {
		if !w.b.isTramp(t) {
			if t/8 == last {
				for _, p := range []byte("qrbn") {
					w.add(t, stops, p)
				}
			} else {
				w.add(t, stops, 0)
			}
			return
		}
		if used(stops, t) {
			return
		}
		st := append(append([]int(nil), stops...), t)
		if t/8 == last {
			w.piece('Q', t, st, "o", 'q')
			w.piece('R', t, st, "", 'r')
			w.piece('B', t, st, "", 'b')
			w.piece('N', t, st, "", 'n')
			return
		}
		w.pawn(t, st, false)
	}
	one := s + fwd
	if one >= 0 && one < 64 && w.at(one) == 0 {
		arrive(one)
		if first && s/8 == start && w.at(one+fwd) == 0 {
			arrive(one + fwd)
		}
	}
	for _, df := range []int{-1, 1} {
		f := s%8 + df
		t := s + fwd + df
		if f < 0 || f > 7 || t < 0 || t > 63 {
			continue
		}
		if w.enemy(t) {
			if t/8 == last {
				for _, p := range []byte("qrbn") {
					w.add(t, stops, p)
				}
			} else {
				w.add(t, stops, 0)
			}
		} else if first && w.at(t) == 0 && t == w.b.ep && !w.b.isTramp(t) && !w.kingTakes {
			w.out = append(w.out, hopOMove{from: w.from, to: t, ep: true, tramp: -1})
		}
	}
}

// moves lists the complete moves of the piece on from (castling aside).
func (b *hopOBoard) moves(from int) []hopOMove {
	return b.walk(from, false, -1).out
}

// reaches reports whether the piece on from has a complete move ending on target.
func (b *hopOBoard) reaches(from, target int) bool {
	return b.walk(from, true, target).hit
}

func (b *hopOBoard) walk(from int, kingTakes bool, target int) *hopOWalker {
	p := b.sq[from]
	w := &hopOWalker{b: b, from: from, white: isWhite(p), kingTakes: kingTakes, target: target}
	k := p &^ 0x20
	switch k {
	case 'P':
		w.pawn(from, nil, true)
	case 'K':
		for _, d := range append(append([][2]int{}, hopOOrth...), hopODiag...) {
			f, r := from%8+d[0], from/8+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 {
				continue
			}
			t := r*8 + f
			if (b.sq[t] == 0 && !b.isTramp(t)) || w.enemy(t) {
				w.add(t, nil, 0)
			}
		}
	default:
		w.piece(k, from, nil, "", 0)
	}
	return w
}

// attacked reports whether some piece of the given colour has a complete move ending on s.
func (b *hopOBoard) attacked(s int, byWhite bool) bool {
	for from := 0; from < 64; from++ {
		if p := b.sq[from]; p != 0 && isWhite(p) == byWhite {
			if b.reaches(from, s) {
				return true
			}
		}
	}
	return false
}

func (b *hopOBoard) king(white bool) int {
	for s, p := range b.sq {
		if p == 'K' && white || p == 'k' && !white {
			return s
		}
	}
	return -1
}

// play makes the piece move m (not the placement).
func (b *hopOBoard) play(m hopOMove) {
	p := b.sq[m.from]
	white := isWhite(p)
	b.half++
	if b.sq[m.to] != 0 || p&^0x20 == 'P' {
		b.half = 0
	}
	b.ep = -1
	corner := map[int]int{7: 0, 0: 1, 63: 2, 56: 3}
	for _, s := range []int{m.from, m.to} {
		if i, ok := corner[s]; ok {
			b.castle[i] = false
		}
	}
	if p&^0x20 == 'K' {
		if white {
			b.castle[0], b.castle[1] = false, false
		} else {
			b.castle[2], b.castle[3] = false, false
		}
	}
	b.sq[m.from] = 0
	switch {
	case m.castle:
		rank := m.from / 8 * 8
		if m.to > m.from {
			b.sq[rank+7] = 0
			b.sq[rank+5] = map[bool]byte{true: 'R', false: 'r'}[white]
		} else {
			b.sq[rank+0] = 0
			b.sq[rank+3] = map[bool]byte{true: 'R', false: 'r'}[white]
		}
	case m.ep:
		victim := m.to - 8
		if !white {
			victim = m.to + 8
		}
		b.sq[victim] = 0
	}
	if m.promo != 0 {
		p = m.promo
		if white {
			p &^= 0x20
		}
	}
	b.sq[m.to] = p
	if p&^0x20 == 'P' && len(m.stops) == 0 && (m.to-m.from == 16 || m.from-m.to == 16) {
		b.ep = (m.from + m.to) / 2
	}
}

func (m hopOMove) text(fromStart bool) string {
	s := hopOName(m.from)
	if m.castle || m.ep {
		s += hopOName(m.to)
	} else {
		viaStep := false
		if len(m.stops) == 1 && m.promo == 0 {
			d := m.to - m.from
			viaStep = (d == 16 || d == -16) && m.stops[0] == (m.from+m.to)/2 && fromStart
		}
		if viaStep {
			s += hopOName(m.stops[0])
		}
		s += hopOName(m.to)
		if m.promo != 0 {
			s += string(m.promo)
		}
	}
	if m.tramp >= 0 {
		s += "," + hopOName(m.tramp)
	}
	return s
}

// turns lists the legal turns as text, sorted, each with the board after it.
func (b *hopOBoard) turns() ([]string, map[string]hopOBoard) {
	var pms []hopOMove
	for from := 0; from < 64; from++ {
		if p := b.sq[from]; p != 0 && isWhite(p) == b.white {
			pms = append(pms, b.moves(from)...)
		}
	}
	k := b.king(b.white)
	ci := 0
	if !b.white {
		ci = 2
	}
	rank := k / 8
	if k%8 == 4 && (rank == 0 && b.white || rank == 7 && !b.white) && !b.attacked(k, !b.white) {
		rook := map[bool]byte{true: 'R', false: 'r'}[b.white]
		if b.castle[ci] && b.sq[k+3] == rook && b.sq[k+1] == 0 && b.sq[k+2] == 0 && !b.isTramp(k+1) && !b.isTramp(k+2) {
			c := *b
			c.sq[k], c.sq[k+1] = 0, b.sq[k]
			if !c.attacked(k+1, !b.white) {
				pms = append(pms, hopOMove{from: k, to: k + 2, castle: true, tramp: -1})
			}
		}
		if b.castle[ci+1] && b.sq[k-4] == rook && b.sq[k-1] == 0 && b.sq[k-2] == 0 && b.sq[k-3] == 0 &&
			!b.isTramp(k-1) && !b.isTramp(k-2) && !b.isTramp(k-3) {
			c := *b
			c.sq[k], c.sq[k-1] = 0, b.sq[k]
			if !c.attacked(k-1, !b.white) {
				pms = append(pms, hopOMove{from: k, to: k - 2, castle: true, tramp: -1})
			}
		}
	}
	place := !(b.white && b.full == 1 && b.tr[0] < 0)
	out := map[string]hopOBoard{}
	for _, m := range pms {
		start := b.sq[m.from]&^0x20 == 'P' && (b.white && m.from/8 == 1 || !b.white && m.from/8 == 6)
		after := *b
		after.play(m)
		var spots []int
		if !place {
			spots = []int{-1}
		} else {
			for s := 0; s < 64; s++ {
				other := b.tr[1]
				if !b.white {
					other = b.tr[0]
				}
				if after.sq[s] == 0 && s != other {
					spots = append(spots, s)
				}
			}
		}
		for _, t := range spots {
			c := after
			if t >= 0 {
				if b.white {
					c.tr[0] = t
				} else {
					c.tr[1] = t
				}
			}
			if c.attacked(c.king(b.white), !b.white) {
				continue
			}
			m.tramp = t
			txt := m.text(start)
			c.white = b.white
			c.turnFlip()
			out[txt] = c
		}
	}
	list := make([]string, 0, len(out))
	for t := range out {
		list = append(list, t)
	}
	sort.Strings(list)
	return list, out
}

func (b *hopOBoard) turnFlip() {
	if !b.white {
		b.full++
	}
	b.white = !b.white
}

func (b *hopOBoard) perft(d int) uint64 {
	list, next := b.turns()
	if d == 1 {
		return uint64(len(list))
	}
	var n uint64
	for _, t := range list {
		c := next[t]
		n += c.perft(d - 1)
	}
	return n
}

func (b *hopOBoard) String() string {
	return fmt.Sprintf("%v w=%v tr=%v ep=%d", b.sq, b.white, b.tr, b.ep)
}

// fen writes the board in the FEN of conventions.md.
func (b *hopOBoard) fen() string {
	var s strings.Builder
	for r := 7; r >= 0; r-- {
		n := 0
		for f := 0; f < 8; f++ {
			p := b.sq[r*8+f]
			if p == 0 {
				n++
				continue
			}
			if n > 0 {
				s.WriteString(strconv.Itoa(n))
				n = 0
			}
			s.WriteByte(p)
		}
		if n > 0 {
			s.WriteString(strconv.Itoa(n))
		}
		if r > 0 {
			s.WriteByte('/')
		}
	}
	side := "b"
	if b.white {
		side = "w"
	}
	castle := ""
	for i, c := range "KQkq" {
		if b.castle[i] {
			castle += string(c)
		}
	}
	if castle == "" {
		castle = "-"
	}
	sq := func(s int) string {
		if s < 0 {
			return "-"
		}
		return hopOName(s)
	}
	return fmt.Sprintf("%s %s %s %s %d %d %s %s", s.String(), side, castle, sq(b.ep), b.half, b.full, sq(b.tr[0]), sq(b.tr[1]))
}
