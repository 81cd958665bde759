package movegen_test

// An independent, deliberately plain Black Hole Chess move generator, written from
// docs/blackhole.md only for the tests. It shares nothing with movegen: its
// own board (a 13x9 array of FEN letters), FEN reader and writer, move generation,
// legality by playing every move and looking for attacks on the king, and move text. The
// tests compare it with movegen move list by move list and perft by perft.

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

// bhRanks and bhFiles are the bounding box: ranks 0..12, files a..i.
const (
	bhRanks = 13
	bhFiles = 9
)

// bhSquareOK says whether file f, rank r is one of the 100 squares.
func bhSquareOK(f, r int) bool {
	if f < 0 || f >= bhFiles || r < 0 || r >= bhRanks {
		return false
	}
	if r == 0 || r == 12 {
		return f == 4 // e0, e12
	}
	return !(f == 4 && r == 6) // the hole e6
}

type bhSq struct{ f, r int }

func (s bhSq) name() string { return string(rune('a'+s.f)) + strconv.Itoa(s.r) }

// bhPos is a position of the oracle. board[r][f] is a FEN letter or 0 for empty.
type bhPos struct {
	board    [bhRanks][bhFiles]byte
	white    bool    // white to move
	castle   [4]bool // K Q k q
	ep       []bhSq  // squares passed by the last double/triple step, nearest its start first
	half     int
	full     int
	hasEPPwn bool
	epPawn   bhSq
}

func (p *bhPos) at(s bhSq) byte { return p.board[s.r][s.f] }

func isWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

func lower(c byte) byte {
	if isWhite(c) {
		return c + 32
	}
	return c
}

func (p *bhPos) own(c byte) bool   { return c != 0 && isWhite(c) == p.white }
func (p *bhPos) enemy(c byte) bool { return c != 0 && isWhite(c) != p.white }

func parseBHSquare(s string) (bhSq, string, error) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'i' {
		return bhSq{}, "", fmt.Errorf("bad square in %q", s)
	}
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	r, err := strconv.Atoi(s[1:i])
	if err != nil || !bhSquareOK(int(s[0]-'a'), r) {
		return bhSq{}, "", fmt.Errorf("bad square in %q", s)
	}
	return bhSq{int(s[0] - 'a'), r}, s[i:], nil
}

// parseBH reads a FEN of conventions.md (all six fields required).
func parseBH(fen string) (*bhPos, error) {
	fs := strings.Fields(fen)
	if len(fs) != 6 {
		return nil, fmt.Errorf("want 6 fields: %q", fen)
	}
	p := &bhPos{}
	rows := strings.Split(fs[0], "/")
	if len(rows) != bhRanks {
		return nil, fmt.Errorf("want 13 ranks")
	}
	for i, row := range rows {
		r := 12 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '9':
				f += int(c - '0')
			case c == '*':
				f++
			default:
				if f < bhFiles {
					p.board[r][f] = c
				}
				f++
			}
		}
		if f != bhFiles {
			return nil, fmt.Errorf("rank %d has %d cells", r, f)
		}
	}
	p.white = fs[1] == "w"
	for i, c := range "KQkq" {
		p.castle[i] = strings.ContainsRune(fs[2], c)
	}
	if fs[3] != "-" {
		rest := fs[3]
		for rest != "" {
			s, r, err := parseBHSquare(rest)
			if err != nil {
				return nil, err
			}
			p.ep = append(p.ep, s)
			rest = r
		}
		last := p.ep[len(p.ep)-1]
		dir := 1 // the pawn that moved is one step further on from the last passed square
		if p.white {
			dir = -1
		}
		p.hasEPPwn, p.epPawn = true, bhSq{last.f, last.r + dir}
	}
	p.half, _ = strconv.Atoi(fs[4])
	p.full, _ = strconv.Atoi(fs[5])
	return p, nil
}

// fen writes the position back.
func (p *bhPos) fen() string {
	var b strings.Builder
	for r := 12; r >= 0; r-- {
		n := 0
		for f := 0; f < bhFiles; f++ {
			c := p.board[r][f]
			if bhSquareOK(f, r) && c == 0 {
				n++
				continue
			}
			if n > 0 {
				b.WriteString(strconv.Itoa(n))
				n = 0
			}
			if !bhSquareOK(f, r) {
				b.WriteByte('*')
			} else {
				b.WriteByte(c)
			}
		}
		if n > 0 {
			b.WriteString(strconv.Itoa(n))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.white {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	cs := ""
	for i, c := range "KQkq" {
		if p.castle[i] {
			cs += string(c)
		}
	}
	if cs == "" {
		cs = "-"
	}
	b.WriteString(cs + " ")
	if len(p.ep) == 0 {
		b.WriteString("-")
	}
	for _, s := range p.ep {
		b.WriteString(s.name())
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	return b.String()
}

var (
	orthDirs   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagDirs   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knightJmps = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	kingSteps  = append(append([][2]int{}, orthDirs...), diagDirs...)
)

// attackedBy says whether a piece of the given colour attacks s, looking outwards from s.
func (p *bhPos) attackedBy(s bhSq, white bool) bool {
	mine := func(c byte, kinds string) bool {
		return c != 0 && isWhite(c) == white && strings.IndexByte(kinds, lower(c)) >= 0
	}
	for _, d := range knightJmps {
		t := bhSq{s.f + d[0], s.r + d[1]}
		if bhSquareOK(t.f, t.r) && mine(p.at(t), "nm") {
			return true
		}
	}
	for _, d := range kingSteps {
		t := bhSq{s.f + d[0], s.r + d[1]}
		if bhSquareOK(t.f, t.r) && mine(p.at(t), "k") {
			return true
		}
	}
	slide := func(dirs [][2]int, kinds string) bool {
		for _, d := range dirs {
			t := bhSq{s.f + d[0], s.r + d[1]}
			for bhSquareOK(t.f, t.r) {
				if c := p.at(t); c != 0 {
					if mine(c, kinds) {
						return true
					}
					break
				}
				t = bhSq{t.f + d[0], t.r + d[1]}
			}
		}
		return false
	}
	if slide(orthDirs, "rqm") || slide(diagDirs, "bq") {
		return true
	}
	back := -1 // a white pawn attacks from one rank below
	if !white {
		back = 1
	}
	for _, df := range []int{-1, 1} {
		t := bhSq{s.f + df, s.r + back}
		if bhSquareOK(t.f, t.r) && mine(p.at(t), "p") {
			return true
		}
	}
	return false
}

func (p *bhPos) king(white bool) bhSq {
	want := byte('k')
	if white {
		want = 'K'
	}
	for r := 0; r < bhRanks; r++ {
		for f := 0; f < bhFiles; f++ {
			if p.board[r][f] == want {
				return bhSq{f, r}
			}
		}
	}
	return bhSq{-1, -1}
}

// bhMove is an oracle move: from, to, promotion letter (lower case) or 0, and flags.
type bhMove struct {
	from, to bhSq
	promo    byte
	ep       bool
	castle   bool
}

func (m bhMove) text() string {
	s := m.from.name() + m.to.name()
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

// pseudo lists the moves by the pieces' patterns, castling with its conditions included.
func (p *bhPos) pseudo() []bhMove {
	var out []bhMove
	add := func(from, to bhSq) { out = append(out, bhMove{from: from, to: to}) }
	for r := 0; r < bhRanks; r++ {
		for f := 0; f < bhFiles; f++ {
			c := p.board[r][f]
			if !p.own(c) {
				continue
			}
			from := bhSq{f, r}
			leap := func(ds [][2]int) {
				for _, d := range ds {
					t := bhSq{f + d[0], r + d[1]}
					if bhSquareOK(t.f, t.r) && !p.own(p.at(t)) {
						add(from, t)
					}
				}
			}
			slide := func(ds [][2]int) {
				for _, d := range ds {
					t := bhSq{f + d[0], r + d[1]}
					for bhSquareOK(t.f, t.r) {
						x := p.at(t)
						if p.own(x) {
							break
						}
						add(from, t)
						if x != 0 {
							break
						}
						t = bhSq{t.f + d[0], t.r + d[1]}
					}
				}
			}
			switch lower(c) {
			case 'n':
				leap(knightJmps)
			case 'b':
				slide(diagDirs)
			case 'r':
				slide(orthDirs)
			case 'q':
				slide(orthDirs)
				slide(diagDirs)
			case 'm':
				slide(orthDirs)
				leap(knightJmps)
			case 'k':
				leap(orthDirs)
				leap(diagDirs)
			case 'p':
				out = append(out, p.pawnMoves(from)...)
			}
		}
	}
	return append(out, p.castlings()...)
}

func (p *bhPos) pawnMoves(from bhSq) []bhMove {
	var out []bhMove
	dir, start, promoRank := 1, 2, 11
	if !p.white {
		dir, start, promoRank = -1, 10, 1
	}
	add := func(to bhSq, ep bool) {
		if to.r == promoRank {
			for _, pr := range []byte("qmrbn") {
				out = append(out, bhMove{from: from, to: to, promo: pr})
			}
			return
		}
		out = append(out, bhMove{from: from, to: to, ep: ep})
	}
	steps := 1
	if from.r == start {
		steps = 3
	}
	for n := 1; n <= steps; n++ {
		t := bhSq{from.f, from.r + n*dir}
		if !bhSquareOK(t.f, t.r) || p.at(t) != 0 {
			break
		}
		add(t, false)
	}
	for _, df := range []int{-1, 1} {
		t := bhSq{from.f + df, from.r + dir}
		if !bhSquareOK(t.f, t.r) {
			continue
		}
		if p.enemy(p.at(t)) {
			add(t, false)
			continue
		}
		for _, e := range p.ep {
			if e == t {
				add(t, true)
			}
		}
	}
	return out
}

// castlings lists the castling moves: king two squares towards the rook, rook to the
// square crossed; both unmoved (the rights), the squares between empty, the king not in
// check and not crossing or reaching an attacked square.
func (p *bhPos) castlings() []bhMove {
	r, k, q := 1, 0, 1
	if !p.white {
		r, k, q = 11, 2, 3
	}
	king := bhSq{4, r}
	var out []bhMove
	try := func(right bool, empty []int, crossed, dest int) {
		if !right {
			return
		}
		for _, f := range empty {
			if p.board[r][f] != 0 {
				return
			}
		}
		for _, f := range []int{4, crossed, dest} {
			if p.attackedBy(bhSq{f, r}, !p.white) {
				return
			}
		}
		out = append(out, bhMove{from: king, to: bhSq{dest, r}, castle: true})
	}
	try(p.castle[k], []int{5, 6, 7}, 5, 6)
	try(p.castle[q], []int{1, 2, 3}, 3, 2)
	return out
}

// play returns the position after m.
func (p *bhPos) play(m bhMove) *bhPos {
	n := *p
	n.ep = nil
	n.hasEPPwn = false
	c := p.at(m.from)
	captured := p.at(m.to)
	n.board[m.from.r][m.from.f] = 0
	n.board[m.to.r][m.to.f] = c
	n.half++
	if lower(c) == 'p' || captured != 0 {
		n.half = 0
	}
	if m.promo != 0 {
		pr := m.promo
		if p.white {
			pr -= 32
		}
		n.board[m.to.r][m.to.f] = pr
	}
	if m.ep {
		n.board[p.epPawn.r][p.epPawn.f] = 0
	}
	if m.castle {
		rookFrom, rookTo := 0, 3
		if m.to.f == 6 {
			rookFrom, rookTo = 8, 5
		}
		n.board[m.to.r][rookTo] = n.board[m.to.r][rookFrom]
		n.board[m.to.r][rookFrom] = 0
	}
	if lower(c) == 'p' && (m.to.r-m.from.r >= 2 || m.from.r-m.to.r >= 2) {
		dir := 1
		if !p.white {
			dir = -1
		}
		for r := m.from.r + dir; r != m.to.r; r += dir {
			n.ep = append(n.ep, bhSq{m.from.f, r})
		}
		n.hasEPPwn, n.epPawn = true, m.to
	}
	// A right goes when anything leaves or arrives on the king's or that rook's square.
	for _, s := range []bhSq{m.from, m.to} {
		switch s {
		case bhSq{4, 1}:
			n.castle[0], n.castle[1] = false, false
		case bhSq{8, 1}:
			n.castle[0] = false
		case bhSq{0, 1}:
			n.castle[1] = false
		case bhSq{4, 11}:
			n.castle[2], n.castle[3] = false, false
		case bhSq{8, 11}:
			n.castle[2] = false
		case bhSq{0, 11}:
			n.castle[3] = false
		}
	}
	if !p.white {
		n.full++
	}
	n.white = !p.white
	return &n
}

// legal lists the moves that do not leave the mover's king attacked.
func (p *bhPos) legal() []bhMove {
	var out []bhMove
	for _, m := range p.pseudo() {
		n := p.play(m)
		if !n.attackedBy(n.king(p.white), !p.white) {
			out = append(out, m)
		}
	}
	return out
}

func (p *bhPos) perft(d int) uint64 {
	ms := p.legal()
	if d == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += p.play(m).perft(d - 1)
	}
	return n
}

func (p *bhPos) texts() []string {
	var out []string
	for _, m := range p.legal() {
		out = append(out, m.text())
	}
	sort.Strings(out)
	return out
}

// oracleLeaves bounds the counts the slow generator checks in a plain `go test`; with
// PERFT_LONG set it checks every depth of the table.
const oracleLeaves = 100_000

// TestBlackholeOraclePerft checks the pinned perft table against the independent
// generator (movegen is checked against the same table by TestPerftBlackhole), so the two
// generators agree on every count.
func TestBlackholeOraclePerft(t *testing.T) {
	long := os.Getenv("PERFT_LONG") != ""
	for i, c := range oracleTable(t, "blackhole", 6) {
		o, err := parseBH(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if o.fen() != c.fen {
			t.Fatalf("oracle FEN round trip: %s -> %s", c.fen, o.fen())
		}
		for d := 1; d <= 6; d++ {
			want, ok := c.counts[d]
			if !ok || (!long && want > oracleLeaves) {
				continue
			}
			if got := o.perft(d); got != want {
				t.Errorf("position %d, %s: oracle perft(%d) = %d, table %d", i+1, c.fen, d, got, want)
			}
		}
	}
}

// TestBlackholeAgainstOracle plays random games from every table position and compares, at
// every position, movegen's legal moves and FEN with the independent generator's.
func TestBlackholeAgainstOracle(t *testing.T) {
	games, plies := 3, 150
	if testing.Short() {
		games, plies = 1, 80
	}
	rng := rand.New(rand.NewPCG(7, 11))
	positions := 0
	seen := map[string]int{} // the special moves the games went through
	for _, c := range oracleTable(t, "blackhole", 6) {
		for g := 0; g < games; g++ {
			p := movegen.Blackhole.MustParseFEN(c.fen)
			o, _ := parseBH(c.fen)
			for ply := 0; ply < plies; ply++ {
				var ml movegen.MoveList
				p.LegalMoves(&ml)
				ours := make([]string, 0, ml.Len())
				byText := map[string]movegen.Move{}
				for _, m := range ml.Moves() {
					s := p.MoveText(m)
					ours = append(ours, s)
					byText[s] = m
				}
				sort.Strings(ours)
				theirs := o.texts()
				if strings.Join(ours, " ") != strings.Join(theirs, " ") {
					t.Fatalf("%s:\nmovegen %v\noracle  %v", p.FEN(), ours, theirs)
				}
				if p.FEN() != o.fen() {
					t.Fatalf("FEN differs:\nmovegen %s\noracle  %s", p.FEN(), o.fen())
				}
				if p.InCheck() != o.attackedBy(o.king(o.white), !o.white) {
					t.Fatalf("%s: check differs", p.FEN())
				}
				positions++
				if len(ours) == 0 {
					break
				}
				for _, m := range ml.Moves() {
					to := p.Geometry().Name(m.To())
					switch {
					case m.Kind() == movegen.Castle:
						seen["castling"]++
					case m.Kind() == movegen.EnPassant:
						seen["en passant"]++
					case m.Promo() == movegen.Marshall:
						seen["promotion to a Marshall"]++
					case to == "e0" || to == "e12":
						seen["to e0 or e12"]++
					}
				}
				pick := ours[rng.IntN(len(ours))]
				p.Apply(byText[pick])
				for _, m := range o.legal() {
					if m.text() == pick {
						o = o.play(m)
						break
					}
				}
			}
		}
	}
	t.Logf("%d positions compared; special moves among them: %v", positions, seen)
	for _, k := range []string{"castling", "en passant", "promotion to a Marshall", "to e0 or e12"} {
		if seen[k] == 0 {
			t.Errorf("the random games met no %s", k)
		}
	}
}
