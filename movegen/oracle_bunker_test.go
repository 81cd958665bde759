package movegen_test

// An independent, slow generator of King to Bunker Leap (bunker and prechess), written only
// for the tests straight from docs/bunker.md: a plain 64-byte board, attacks by
// geometry, every move played on a copy and kept if the mover's king is then safe. It shares
// nothing with movegen but the exported API the comparison calls, so the two agreeing on
// every move and every FEN of a tree is evidence that both read the rules the same way.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"varchess/movegen"
)

// bkPos is a position of the reference generator.
type bkPos struct {
	sq     [64]byte  // f + 8*r, 0 empty, else the FEN letter
	black  bool      // Black to move
	rights [2][2]int // [colour][0 a-side, 1 h-side]: file of the rook that may castle, -1 none
	ep     int       // square the last double step passed, -1 none
	half   int
	full   int
	bunker [2]bool
	hand   [2][5]int // pieces in hand by bkHand
	pre    bool      // prechess: the FEN carries the hand
}

// bkHand is the order of the hand counts and of the FEN hand.
const bkHand = "KQRBN"

type bkMove struct {
	text string
	next bkPos
}

func bkSquare(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

func bkAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func bkSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func bkIsUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

// bkColour: 0 White, 1 Black (only for pieces).
func bkColour(b byte) int {
	if bkIsUpper(b) {
		return 0
	}
	return 1
}

func bkUpper(b byte) byte { return b &^ 0x20 }

func bkParse(fen string, pre bool) (bkPos, error) {
	var p bkPos
	p.pre = pre
	p.rights = [2][2]int{{-1, -1}, {-1, -1}}
	p.ep = -1
	f := strings.Fields(fen)
	if len(f) != 7 {
		return p, fmt.Errorf("want 7 fields: %q", fen)
	}
	board := f[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		for _, ch := range board[i+1 : len(board)-1] {
			c := bkColour(byte(ch))
			p.hand[c][strings.IndexByte(bkHand, bkUpper(byte(ch)))]++
		}
		board = board[:i]
	}
	for i, row := range strings.Split(board, "/") {
		r, file := 7-i, 0
		for _, ch := range row {
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			p.sq[file+8*r] = byte(ch)
			file++
		}
	}
	p.black = f[1] == "b"
	if f[2] != "-" {
		for _, ch := range f[2] {
			c := bkColour(byte(ch))
			file := int(byte(ch)|0x20) - 'a'
			kf := p.kingFile(c)
			side := 0
			if file > kf {
				side = 1
			}
			p.rights[c][side] = file
		}
	}
	if f[3] != "-" {
		p.ep = int(f[3][0]-'a') + 8*int(f[3][1]-'1')
	}
	p.half, _ = strconv.Atoi(f[4])
	p.full, _ = strconv.Atoi(f[5])
	p.bunker = [2]bool{strings.Contains(f[6], "K"), strings.Contains(f[6], "k")}
	return p, nil
}

// kingFile is the file of c's king on its back rank, -1 if it is not there.
func (p *bkPos) kingFile(c int) int {
	r, k := 7*c, byte('K')|byte(0x20*c)
	for f := 0; f < 8; f++ {
		if p.sq[f+8*r] == k {
			return f
		}
	}
	return -1
}

func (p *bkPos) fen() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.sq[f+8*r]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(pc)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.pre {
		b.WriteByte('[')
		for c := 0; c < 2; c++ {
			for i := range bkHand {
				for n := 0; n < p.hand[c][i]; n++ {
					b.WriteByte(bkHand[i] | byte(0x20*c))
				}
			}
		}
		b.WriteByte(']')
	}
	b.WriteString(map[bool]string{false: " w ", true: " b "}[p.black])
	rights := ""
	for c := 0; c < 2; c++ {
		for s := 1; s >= 0; s-- {
			if f := p.rights[c][s]; f >= 0 {
				rights += string(rune('A'+f) | rune(0x20*c))
			}
		}
	}
	if rights == "" {
		rights = "-"
	}
	b.WriteString(rights)
	if p.ep < 0 {
		b.WriteString(" -")
	} else {
		b.WriteString(" " + bkSquare(p.ep%8, p.ep/8))
	}
	fmt.Fprintf(&b, " %d %d ", p.half, p.full)
	bunker := ""
	if p.bunker[0] {
		bunker += "K"
	}
	if p.bunker[1] {
		bunker += "k"
	}
	if bunker == "" {
		bunker = "-"
	}
	b.WriteString(bunker)
	return b.String()
}

// attacks reports whether the piece on from could capture on to by its move pattern.
func (p *bkPos) attacks(from, to int) bool {
	pc := p.sq[from]
	dx, dy := to%8-from%8, to/8-from/8
	if dx == 0 && dy == 0 {
		return false
	}
	line := func() bool {
		sx, sy := bkSign(dx), bkSign(dy)
		for x, y := from%8+sx, from/8+sy; x != to%8 || y != to/8; x, y = x+sx, y+sy {
			if p.sq[x+8*y] != 0 {
				return false
			}
		}
		return true
	}
	straight := dx == 0 || dy == 0
	diagonal := bkAbs(dx) == bkAbs(dy)
	switch bkUpper(pc) {
	case 'P':
		dir := 1
		if !bkIsUpper(pc) {
			dir = -1
		}
		return dy == dir && bkAbs(dx) == 1
	case 'N':
		return bkAbs(dx)*bkAbs(dy) == 2
	case 'K':
		return bkAbs(dx) <= 1 && bkAbs(dy) <= 1
	case 'R':
		return straight && line()
	case 'B':
		return diagonal && line()
	case 'Q':
		return (straight || diagonal) && line()
	}
	return false
}

// attacked reports whether a piece of colour by attacks square s.
func (p *bkPos) attacked(s, by int) bool {
	for from := 0; from < 64; from++ {
		if pc := p.sq[from]; pc != 0 && bkColour(pc) == by && p.attacks(from, s) {
			return true
		}
	}
	return false
}

func (p *bkPos) us() int {
	if p.black {
		return 1
	}
	return 0
}

// kingSafe reports whether c's king (if on the board) is not attacked.
func (p *bkPos) kingSafe(c int) bool {
	k := byte('K') | byte(0x20*c)
	for s := 0; s < 64; s++ {
		if p.sq[s] == k {
			return !p.attacked(s, 1-c)
		}
	}
	return true
}

// pass ends a turn: clocks and side.
func (p *bkPos) pass(resetClock bool) {
	if resetClock {
		p.half = 0
	} else {
		p.half++
	}
	if p.black {
		p.full++
	}
	p.black = !p.black
}

// moves lists the legal moves with the positions they lead to.
func (p *bkPos) moves() []bkMove {
	us := p.us()
	var out []bkMove
	handLeft := 0
	for _, n := range p.hand[us] {
		handLeft += n
	}
	if handLeft > 0 {
		return p.placements()
	}
	add := func(text string, n bkPos) {
		if !n.kingSafe(us) {
			return
		}
		for _, m := range out {
			if m.text == text {
				return // the leap to a neighbouring bunker is the king step
			}
		}
		out = append(out, bkMove{text, n})
	}
	back := 7 * us
	for from := 0; from < 64; from++ {
		pc := p.sq[from]
		if pc == 0 || bkColour(pc) != us {
			continue
		}
		if bkUpper(pc) == 'P' {
			p.pawnMoves(from, add)
			continue
		}
		for to := 0; to < 64; to++ {
			if t := p.sq[to]; (t == 0 || bkColour(t) != us) && bkUpper(t) != 'K' && p.attacks(from, to) {
				n := *p
				n.sq[to], n.sq[from] = pc, 0
				n.ep = -1
				n.loseRightsFor(from, to)
				n.pass(t != 0)
				add(bkSquare(from%8, from/8)+bkSquare(to%8, to/8), n)
			}
		}
	}
	kf := p.kingFile(us)
	if kf < 0 {
		return out
	}
	king := back*8 + kf
	inCheck := p.attacked(king, 1-us)
	// Castling, bunker.md 2.4: king to b or g, rook to c or f.
	for s := 0; s < 2 && !inCheck; s++ {
		rf := p.rights[us][s]
		if rf < 0 {
			continue
		}
		kd, rd := []int{1, 6}[s], []int{2, 5}[s]
		lo := min(kf, rf, kd, rd)
		hi := max(kf, rf, kd, rd)
		ok := true
		for f := lo; f <= hi; f++ {
			if f != kf && f != rf && p.sq[back*8+f] != 0 {
				ok = false
			}
		}
		for f := min(kf, kd); f <= max(kf, kd); f++ {
			if p.attacked(back*8+f, 1-us) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		n := *p
		rook := n.sq[back*8+rf]
		n.sq[back*8+kf], n.sq[back*8+rf] = 0, 0
		n.sq[back*8+kd], n.sq[back*8+rd] = byte('K')|byte(0x20*us), rook
		n.rights[us] = [2]int{-1, -1}
		n.bunker[us] = false
		n.ep = -1
		n.pass(false)
		add(bkSquare(kf, back)+bkSquare(rf, back), n)
	}
	// The leap, bunker.md 2.5.
	for _, bf := range []int{1, 6} {
		if !p.bunker[us] || inCheck || bf == kf {
			continue
		}
		to := back*8 + bf
		ok := p.sq[to] == 0 && !p.attacked(to, 1-us)
		for f := min(kf, bf) + 1; f < max(kf, bf); f++ {
			s := back*8 + f
			if pc := p.sq[s]; pc != 0 && bkColour(pc) != us || p.attacked(s, 1-us) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		n := *p
		n.sq[to], n.sq[king] = n.sq[king], 0
		n.rights[us] = [2]int{-1, -1}
		n.bunker[us] = false
		n.ep = -1
		n.pass(false)
		add(bkSquare(kf, back)+bkSquare(bf, back), n)
	}
	return out
}

// loseRightsFor drops the rights a move from from to to ends: a king move ends its side's
// castling and leap, a rook leaving or captured on a castling square ends that right.
func (p *bkPos) loseRightsFor(from, to int) {
	for c := 0; c < 2; c++ {
		for s := 0; s < 2; s++ {
			if f := p.rights[c][s]; f >= 0 && (from == 7*c*8+f || to == 7*c*8+f) {
				p.rights[c][s] = -1
			}
		}
	}
	if pc := p.sq[to]; bkUpper(pc) == 'K' {
		c := bkColour(pc)
		p.rights[c] = [2]int{-1, -1}
		p.bunker[c] = false
	}
}

func (p *bkPos) pawnMoves(from int, add func(string, bkPos)) {
	us := p.us()
	pc := p.sq[from]
	dir, start, last := 8, 1, 7
	if us == 1 {
		dir, start, last = -8, 6, 0
	}
	name := bkSquare(from%8, from/8)
	emit := func(to int, captured int, ep int) {
		n := *p
		n.sq[from] = 0
		if captured >= 0 {
			n.sq[captured] = 0
		}
		n.loseRightsFor(from, to) // only captures on a rook's square matter
		n.ep = ep
		n.pass(true)
		text := name + bkSquare(to%8, to/8)
		if to/8 == last {
			for _, promo := range "qrbn" {
				m := n
				m.sq[to] = bkUpper(byte(promo)) | pc&0x20
				add(text+string(promo), m)
			}
			return
		}
		n.sq[to] = pc
		add(text, n)
	}
	if to := from + dir; p.sq[to] == 0 {
		emit(to, -1, -1)
		if from/8 == start && p.sq[to+dir] == 0 {
			emit(to+dir, -1, to)
		}
	}
	for _, dx := range []int{-1, 1} {
		f := from%8 + dx
		if f < 0 || f > 7 {
			continue
		}
		to := from + dir + dx
		if t := p.sq[to]; t != 0 && bkColour(t) != us && bkUpper(t) != 'K' {
			emit(to, to, -1)
		} else if t == 0 && to == p.ep {
			emit(to, to-dir, -1)
		}
	}
}

// placements lists the Pre-chess placements of the side to move (bunker.md 2.1), each kept
// only if the bishops can still end on opposite colours, tried by brute force.
func (p *bkPos) placements() []bkMove {
	us := p.us()
	back := 7 * us
	var out []bkMove
	for i := range bkHand {
		if p.hand[us][i] == 0 {
			continue
		}
		for f := 0; f < 8; f++ {
			if p.sq[back*8+f] != 0 {
				continue
			}
			n := *p
			n.sq[back*8+f] = bkHand[i] | byte(0x20*us)
			n.hand[us][i]--
			if !n.bishopsCanEndOpposite(us) {
				continue
			}
			n.pass(true)
			if n.hand == [2][5]int{} {
				for c := 0; c < 2; c++ {
					kf := n.kingFile(c)
					for f := 0; f < 8; f++ {
						if bkUpper(n.sq[7*c*8+f]) != 'R' {
							continue
						}
						if f < kf && n.rights[c][0] < 0 {
							n.rights[c][0] = f
						}
						if f > kf {
							n.rights[c][1] = f
						}
					}
				}
			}
			out = append(out, bkMove{string(bkHand[i]) + "@" + bkSquare(f, back), n})
		}
	}
	return out
}

// bishopsCanEndOpposite tries every way to put c's bishops in hand on the empty squares of
// its back rank.
func (p *bkPos) bishopsCanEndOpposite(c int) bool {
	back := 7 * c
	var placed, empty []int
	for f := 0; f < 8; f++ {
		switch s := back*8 + f; {
		case p.sq[s] == 0:
			empty = append(empty, s)
		case bkUpper(p.sq[s]) == 'B' && bkColour(p.sq[s]) == c:
			placed = append(placed, s)
		}
	}
	colours := func(sqs []int) bool {
		light, dark := 0, 0
		for _, s := range sqs {
			if (s%8+s/8)%2 == 1 {
				light++
			} else {
				dark++
			}
		}
		return light == 1 && dark == 1
	}
	switch p.hand[c][3] {
	case 0:
		return colours(placed)
	case 1:
		for _, e := range empty {
			if colours(append(append([]int{}, placed...), e)) {
				return true
			}
		}
	case 2:
		for i, a := range empty {
			for _, b := range empty[i+1:] {
				if colours([]int{a, b}) {
					return true
				}
			}
		}
	}
	return false
}

// bkOracleDepth is how deep the reference checks each perft table entry: move lists and FENs
// of every node compared to depth 2 by default, to the deepest pinned depth up to 4 with
// PERFT_LONG=1, or to ORACLE_DEPTH.
func bkOracleDepth() int {
	if d, err := strconv.Atoi(os.Getenv("ORACLE_DEPTH")); err == nil {
		return d
	}
	if os.Getenv("PERFT_LONG") != "" {
		return 4
	}
	return 2
}

// bkCompareTree walks the legal-move trees of ours and ref together to depth, failing at the
// first node where the sorted move texts or a child's FEN differ, and returns the leaves.
func bkCompareTree(t *testing.T, ours *movegen.Position, ref *bkPos, depth int, path string) uint64 {
	t.Helper()
	var ml movegen.MoveList
	ours.LegalMoves(&ml)
	byText := map[string]movegen.Move{}
	var ourTexts, refTexts []string
	for _, m := range ml.Moves() {
		s := ours.MoveText(m)
		byText[s] = m
		ourTexts = append(ourTexts, s)
	}
	refMoves := ref.moves()
	for _, m := range refMoves {
		refTexts = append(refTexts, m.text)
	}
	sort.Strings(ourTexts)
	sort.Strings(refTexts)
	if a, b := strings.Join(ourTexts, " "), strings.Join(refTexts, " "); a != b {
		t.Fatalf("after [%s] in %s:\nmovegen   %s\nreference %s", path, ours.FEN(), a, b)
	}
	if depth <= 1 {
		return uint64(len(refMoves))
	}
	var n uint64
	for _, m := range refMoves {
		child := *ours
		child.Apply(byText[m.text])
		if a, b := child.FEN(), m.next.fen(); a != b {
			t.Fatalf("after [%s %s]:\nmovegen   %s\nreference %s", path, m.text, a, b)
		}
		n += bkCompareTree(t, &child, &m.next, depth-1, path+" "+m.text)
	}
	return n
}

// TestPerftBunkerAgainstReference checks every position of the bunker and prechess perft tables
// against the reference generator: whole trees node by node, and the pinned counts.
func TestPerftBunkerAgainstReference(t *testing.T) {
	for _, v := range []*movegen.Variant{movegen.Bunker, movegen.Prechess} {
		fens, counts := movegen.PerftTable(t, v.Name) // a plain file reader, no move logic
		for i, fen := range fens {
			p, err := v.ParseFEN(fen)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			ref, err := bkParse(fen, v.HandInFEN)
			if err != nil {
				t.Fatal(err)
			}
			if ref.fen() != p.FEN() {
				t.Fatalf("FEN read differently:\nmovegen   %s\nreference %s", p.FEN(), ref.fen())
			}
			depth := bkOracleDepth()
			for depth > 1 && counts[i][depth] == 0 {
				depth--
			}
			got := bkCompareTree(t, p, &ref, depth, "")
			if want, ok := counts[i][depth]; ok && got != want {
				t.Errorf("%s %d: reference perft(%d) = %d, table says %d", v.Name, i+1, depth, got, want)
			}
		}
	}
}

// kingSpecial reports whether a reference move is a castling or a leap: a king move of two
// or more files, or onto its own rook.
func (p *bkPos) kingSpecial(text string) bool {
	if len(text) != 4 || text[1] == '@' {
		return false
	}
	from := int(text[0]-'a') + 8*int(text[1]-'1')
	to := int(text[2]-'a') + 8*int(text[3]-'1')
	pc := p.sq[from]
	if bkUpper(pc) != 'K' {
		return false
	}
	if t := p.sq[to]; t != 0 && bkColour(t) == bkColour(pc) || bkAbs(to%8-from%8) >= 2 {
		return true
	}
	return false
}

// TestBunkerRandomGamesAgainstReference plays random games from random Shuffle arrays and
// from the Pre-chess start (castlings and leaps chosen whenever one is legal, half of the
// time), comparing the legal moves and the FEN with the reference at every ply.
func TestBunkerRandomGamesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	games := 24
	if testing.Short() {
		games = 8
	}
	special := 0
	for g := range games {
		v, fen := movegen.Bunker, movegen.BunkerArrayFEN(rng.IntN(movegen.BunkerArrays))
		if g%4 == 3 {
			v, fen = movegen.Prechess, movegen.Prechess.StartFEN
		}
		p := v.MustParseFEN(fen)
		ref, err := bkParse(fen, v.HandInFEN)
		if err != nil {
			t.Fatal(err)
		}
		var path []string
		for range 160 {
			if bkCompareTree(t, p, &ref, 1, strings.Join(path, " ")) == 0 || p.HalfmoveClock() >= 100 {
				break
			}
			moves := ref.moves()
			pick := moves[rng.IntN(len(moves))]
			var specials []bkMove
			for _, m := range moves {
				if ref.kingSpecial(m.text) {
					specials = append(specials, m)
				}
			}
			if len(specials) > 0 && rng.IntN(2) == 0 {
				pick = specials[rng.IntN(len(specials))]
				special++
			}
			m, err := p.ParseMove(pick.text)
			if err != nil {
				t.Fatal(err)
			}
			p.Apply(m)
			ref = pick.next
			path = append(path, pick.text)
			if a, b := p.FEN(), ref.fen(); a != b {
				t.Fatalf("after %v:\nmovegen   %s\nreference %s", path, a, b)
			}
		}
	}
	if special < games/2 {
		t.Errorf("only %d castlings and leaps played in %d games", special, games)
	}
	t.Logf("%d games, %d castlings and leaps", games, special)
}
