package main

import (
	"fmt"

	"varchess/movegen"
)

// solver holds the board's move tables and, once solved, the distance to mate of every
// position of king, bishop and knight (the strong side, "White" here whatever its colour
// in a game) against a bare king. Squares are numbered 0..n-1 in the geometry's order, and
// a position is ((wk*n+bk)*n+bishop)*n+knight.
type solver struct {
	g      *movegen.Geometry
	n      int
	number [256]int  // a cell's square number, -1 for cells that are not squares
	king   [][]int   // king steps from each square
	knight [][]int   // knight leaps
	rays   [][][]int // bishop lines, each from the square outward, cut by holes and edges
	light  []bool    // the square's colour
	// toMate[side][position] is 1 + the plies to mate with best play, 0 for a position that
	// is not won (drawn, or not legal); side 0 is White (the strong side) to move.
	toMate [2][]uint8
}

// newSolver builds the move tables of v's board. Its kings, bishops and knights must move
// as in FIDE chess: mailbox steps, where a cell that is not a square stops a bishop.
func newSolver(v *movegen.Variant) *solver {
	g := v.Geometry
	squares := g.Squares()
	s := &solver{g: g, n: len(squares)}
	for i := range s.number {
		s.number[i] = -1
	}
	for i, sq := range squares {
		s.number[sq] = i
	}
	step := func(from movegen.Square, df, dr int) movegen.Square {
		return movegen.Square(uint8(from) + uint8(g.Delta(df, dr)))
	}
	s.king, s.knight, s.rays = make([][]int, s.n), make([][]int, s.n), make([][][]int, s.n)
	s.light = make([]bool, s.n)
	for i, sq := range squares {
		s.light[i] = g.IsLight(sq)
		for _, d := range [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}} {
			if t := step(sq, d[0], d[1]); g.IsSquare(t) {
				s.king[i] = append(s.king[i], s.number[t])
			}
		}
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			if t := step(sq, d[0], d[1]); g.IsSquare(t) {
				s.knight[i] = append(s.knight[i], s.number[t])
			}
		}
		for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			var ray []int
			for t := step(sq, d[0], d[1]); g.IsSquare(t); t = step(t, d[0], d[1]) {
				ray = append(ray, s.number[t])
			}
			if len(ray) > 0 {
				s.rays[i] = append(s.rays[i], ray)
			}
		}
	}
	return s
}

func (s *solver) index(wk, bk, bishop, knight int) int {
	return ((wk*s.n+bk)*s.n+bishop)*s.n + knight
}

func (s *solver) split(i int) (wk, bk, bishop, knight int) {
	n := s.n
	return i / (n * n * n), i / (n * n) % n, i / n % n, i % n
}

// placeable reports whether the four pieces stand on four squares with the kings apart:
// a position with Black to move (with White to move, Black must not be in check too).
func (s *solver) placeable(wk, bk, bishop, knight int) bool {
	return wk != bk && wk != bishop && wk != knight && bk != bishop && bk != knight && bishop != knight &&
		!s.adjacent(wk, bk)
}

func (s *solver) adjacent(a, b int) bool {
	for _, t := range s.king[a] {
		if t == b {
			return true
		}
	}
	return false
}

// attacked reports whether square t is attacked by the white king wk, bishop and knight
// (-1 for a piece that is not there); the king and the knight block the bishop, the
// black king does not (it may be the one moving away along the line).
func (s *solver) attacked(t, wk, bishop, knight int) bool {
	if s.adjacent(wk, t) {
		return true
	}
	if knight >= 0 {
		for _, x := range s.knight[knight] {
			if x == t {
				return true
			}
		}
	}
	if bishop >= 0 {
		for _, ray := range s.rays[bishop] {
			for _, x := range ray {
				if x == t {
					return true
				}
				if x == wk || x == knight {
					break
				}
			}
		}
	}
	return false
}

// solve fills toMate by retrograde analysis: the mates first, then, ply by ply, the White
// moves into positions lost for Black, and the Black positions whose every move goes
// into a White win. Black's captures of the bishop or the knight count as moves that
// escape (K+minor v K is no win), so a position where one is possible is never lost.
func (s *solver) solve() {
	n := s.n
	size := n * n * n * n
	s.toMate = [2][]uint8{make([]uint8, size), make([]uint8, size)}
	escapes := make([]uint8, size) // Black's moves not yet known to lose
	var lost []int32
	for i := range size {
		wk, bk, b, k := s.split(i)
		if !s.placeable(wk, bk, b, k) {
			continue
		}
		moves := 0
		for _, t := range s.king[bk] {
			b2, k2 := b, k
			if t == b {
				b2 = -1
			}
			if t == k {
				k2 = -1
			}
			if !s.attacked(t, wk, b2, k2) { // t is never wk: the kings are apart
				moves++
			}
		}
		escapes[i] = uint8(moves)
		if moves == 0 && s.attacked(bk, wk, b, k) {
			s.toMate[1][i] = 1
			lost = append(lost, int32(i))
		}
	}
	for ply := 1; len(lost) > 0; ply += 2 {
		var won []int32
		for _, li := range lost {
			wk, bk, b, k := s.split(int(li))
			free := func(t int) bool { return t != wk && t != bk && t != b && t != k }
			win := func(j int) {
				if s.toMate[0][j] == 0 {
					s.toMate[0][j] = uint8(ply + 1)
					won = append(won, int32(j))
				}
			}
			// White's last move: its king, knight or bishop came from a free square, and
			// Black was not in check before it.
			for _, f := range s.king[wk] {
				if free(f) && !s.adjacent(f, bk) && !s.attacked(bk, f, b, k) {
					win(s.index(f, bk, b, k))
				}
			}
			for _, f := range s.knight[k] {
				if free(f) && !s.attacked(bk, wk, b, f) {
					win(s.index(wk, bk, b, f))
				}
			}
			for _, ray := range s.rays[b] {
				for _, f := range ray {
					if !free(f) {
						break
					}
					if !s.attacked(bk, wk, f, k) {
						win(s.index(wk, bk, f, k))
					}
				}
			}
		}
		lost = lost[:0]
		for _, wi := range won {
			wk, bk, b, k := s.split(int(wi))
			// Black's last move: its king came from a free square next to White's king's
			// reach (never a capture: a capture leaves K+minor v K).
			for _, f := range s.king[bk] {
				if f == wk || f == b || f == k || s.adjacent(f, wk) {
					continue
				}
				j := s.index(wk, f, b, k)
				if s.toMate[1][j] != 0 || escapes[j] == 0 {
					continue
				}
				escapes[j]--
				if escapes[j] == 0 {
					s.toMate[1][j] = uint8(ply + 2)
					lost = append(lost, int32(j))
				}
			}
		}
	}
}

// stats are the solve's figures for one bishop colour: legal positions with White to
// move, how many are won, and the longest win in plies.
type stats struct {
	legal, won, longest int
}

func (s *solver) stats(light bool) stats {
	var st stats
	for i, d := range s.toMate[0] {
		wk, bk, b, k := s.split(i)
		if s.light[b] != light || !s.placeable(wk, bk, b, k) || s.attacked(bk, wk, b, k) {
			continue
		}
		st.legal++
		if d != 0 {
			st.won++
			st.longest = max(st.longest, int(d)-1)
		}
	}
	return st
}

// strongSide is the side of p with more than a king (White if neither has).
func strongSide(p *movegen.Position) movegen.Color {
	if len(p.Pieces(movegen.White)) == 1 {
		return movegen.Black
	}
	return movegen.White
}

// plies is the distance to mate of p, a position of king, bishop and knight against a bare
// king (either colour the strong one), in plies with best play; won is false where the
// bare king holds.
func (s *solver) plies(p *movegen.Position) (plies int, won bool, err error) {
	strong := strongSide(p)
	weak := strong.Other()
	if len(p.Pieces(weak)) != 1 || len(p.Pieces(strong)) != 3 || p.Count(strong, movegen.Bishop) != 1 || p.Count(strong, movegen.Knight) != 1 {
		return 0, false, fmt.Errorf("not king, bishop and knight against a bare king")
	}
	wk, bk, b, k := s.number[p.King(strong)], s.number[p.King(weak)], -1, -1
	for _, sq := range p.Pieces(strong) {
		switch p.At(sq).Type() {
		case movegen.Bishop:
			b = s.number[sq]
		case movegen.Knight:
			k = s.number[sq]
		}
	}
	side := 0
	if p.SideToMove() != strong {
		side = 1
	}
	d := s.toMate[side][s.index(wk, bk, b, k)]
	return int(d) - 1, d != 0, nil
}
