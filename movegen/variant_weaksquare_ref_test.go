package movegen_test

// A deliberately plain, slow model of The Weak Square of the Jumping King, written from
// docs/weaksquare.md alone, for the tests only. It shares no code with movegen:
// its own FEN reader and writer, a [row][file] byte board, moves as small structs, the
// promotion pool kept as explicit counters (captures add, promotions and stuck hands change
// them) where movegen derives the pool from the position, and legality decided by playing
// every candidate and scanning the board for attacks on the king. The tests compare the two
// move list by move list along random games and by perft.

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

const refTypes = "RBNP" // the placeable types, in hand order

type refPos struct {
	b        [8][6]byte // [row 0..7 = rows 1..8][file a..f]: '.' empty, '*' no square, else a FEN letter
	hand     [2][4]int  // per side, per refTypes
	pool     [3]int     // R, B, N off the board and free for promotion
	phase    [2]byte    // 'J', 'W', 'M'
	side     int        // 0 White, 1 Black
	epR, epF int        // the square a double step passed over, epR -1 if none
	half     int
	full     int
}

type refMove struct {
	kind           byte // 'n' normal, 'e' en passant, 'j' jump, 'p' pass
	fr, ff, tr, tf int
	extra          byte // promotion piece or placed piece (upper case), 0 if none
}

func (m refMove) text() string {
	if m.kind == 'p' {
		return "0000"
	}
	s := refSquare(m.fr, m.ff) + refSquare(m.tr, m.tf)
	if m.extra != 0 {
		s += string(m.extra | 0x20)
	}
	return s
}

func refSquare(r, f int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

func refIsSquare(r, f int) bool {
	if r < 0 || r > 7 || f < 0 || f > 5 {
		return false
	}
	if r == 0 {
		return f == 0 // a1
	}
	if r == 7 {
		return f == 5 // f8
	}
	return true
}

// refColor is 0 for a White letter, 1 for a Black one, -1 for an empty cell.
func refColor(ch byte) int {
	switch {
	case ch >= 'A' && ch <= 'Z':
		return 0
	case ch >= 'a' && ch <= 'z':
		return 1
	}
	return -1
}

func refUpper(ch byte) byte { return ch &^ 0x20 }

func refWeak(c int) (int, int) {
	if c == 0 {
		return 0, 0
	}
	return 7, 5
}

func refInArea(c, r int) bool {
	if c == 0 {
		return r >= 1 && r <= 3
	}
	return r >= 4 && r <= 6
}

// refLight: a1 is dark; a square is dark when file number + row number is even.
func refLight(r, f int) bool { return ((f+1)+(r+1))%2 == 1 }

func refParse(fen string) (*refPos, error) {
	fields := strings.Fields(fen)
	if len(fields) != 7 {
		return nil, fmt.Errorf("ref: want 7 fields in %q", fen)
	}
	p := &refPos{epR: -1}
	board := fields[0]
	open := strings.IndexByte(board, '[')
	if open < 0 || !strings.HasSuffix(board, "]") {
		return nil, fmt.Errorf("ref: no hand in %q", board)
	}
	for _, ch := range []byte(board[open+1 : len(board)-1]) {
		i := strings.IndexByte(refTypes, refUpper(ch))
		if i < 0 {
			return nil, fmt.Errorf("ref: hand letter %q", ch)
		}
		p.hand[refColor(ch)][i]++
	}
	rows := strings.Split(board[:open], "/")
	if len(rows) != 8 {
		return nil, fmt.Errorf("ref: %d rows", len(rows))
	}
	for i, row := range rows {
		r, f := 7-i, 0
		for _, ch := range []byte(row) {
			if ch >= '1' && ch <= '6' {
				for n := int(ch - '0'); n > 0; n-- {
					p.b[r][f] = '.'
					f++
				}
				continue
			}
			p.b[r][f] = ch
			f++
		}
		if f != 6 {
			return nil, fmt.Errorf("ref: row %d has %d cells", r+1, f)
		}
	}
	p.side = strings.Index("wb", fields[1])
	if fields[3] != "-" {
		p.epF, p.epR = int(fields[3][0]-'a'), int(fields[3][1]-'1')
	}
	p.half, _ = strconv.Atoi(fields[4])
	p.full, _ = strconv.Atoi(fields[5])
	p.phase = [2]byte{fields[6][0], fields[6][1]}
	// The pool: each side owns two of each of R, B, N; whatever is not on the board and not
	// in the hand of a side still jumping is in the pool.
	for i := range p.pool {
		p.pool[i] = 4
		for c := 0; c < 2; c++ {
			if p.phase[c] == 'J' {
				p.pool[i] -= p.hand[c][i]
			}
		}
	}
	for r := range p.b {
		for f := range p.b[r] {
			if i := strings.IndexByte("RBN", refUpper(p.b[r][f])); i >= 0 && p.b[r][f] != '.' && p.b[r][f] != '*' {
				p.pool[i]--
			}
		}
	}
	return p, nil
}

func (p *refPos) fen() string {
	var s strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 6; f++ {
			if p.b[r][f] == '.' {
				empty++
				continue
			}
			if empty > 0 {
				s.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			s.WriteByte(p.b[r][f])
		}
		if empty > 0 {
			s.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			s.WriteByte('/')
		}
	}
	s.WriteByte('[')
	for c := 0; c < 2; c++ {
		for i := range refTypes {
			for n := 0; n < p.hand[c][i]; n++ {
				s.WriteByte(refTypes[i] | byte(c*0x20))
			}
		}
	}
	s.WriteByte(']')
	s.WriteString([]string{" w - ", " b - "}[p.side])
	if p.epR < 0 {
		s.WriteByte('-')
	} else {
		s.WriteString(refSquare(p.epR, p.epF))
	}
	fmt.Fprintf(&s, " %d %d %c%c", p.half, p.full, p.phase[0], p.phase[1])
	return s.String()
}

var (
	refKnight = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	refKing   = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}
	refOrth   = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	refDiag   = [4][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
)

func (p *refPos) at(r, f int) byte {
	if !refIsSquare(r, f) {
		return '*'
	}
	return p.b[r][f]
}

func (p *refPos) king(c int) (int, int) {
	for r := range p.b {
		for f := range p.b[r] {
			if refUpper(p.b[r][f]) == 'K' && refColor(p.b[r][f]) == c {
				return r, f
			}
		}
	}
	panic("ref: no king")
}

// attacked: could a piece of side by reach (r, f) by its move pattern (deltas as [dr, df])?
func (p *refPos) attacked(r, f, by int) bool {
	is := func(rr, ff int, letter byte) bool {
		ch := p.at(rr, ff)
		return refColor(ch) == by && refUpper(ch) == letter
	}
	for _, d := range refKnight {
		if is(r+d[0], f+d[1], 'N') {
			return true
		}
	}
	for _, d := range refKing {
		if is(r+d[0], f+d[1], 'K') {
			return true
		}
	}
	slide := func(dirs [4][2]int, letter byte) bool {
		for _, d := range dirs {
			rr, ff := r+d[0], f+d[1]
			for p.at(rr, ff) == '.' {
				rr, ff = rr+d[0], ff+d[1]
			}
			if is(rr, ff, letter) {
				return true
			}
		}
		return false
	}
	if slide(refOrth, 'R') || slide(refDiag, 'B') {
		return true
	}
	back := -1 // a White pawn attacking (r, f) stands one row below
	if by == 1 {
		back = 1
	}
	return is(r+back, f-1, 'P') || is(r+back, f+1, 'P')
}

// legal lists the moves of the side to move.
func (p *refPos) legal() []refMove {
	c, o := p.side, 1-p.side
	if wr, wf := refWeak(c); refColor(p.b[wr][wf]) == o {
		return nil // the opponent has entered our weak square: the game is over
	}
	if p.phase[c] == 'J' {
		if jumps := p.jumps(); len(jumps) > 0 {
			return jumps
		}
		// No jump: the king is stuck; it waits, or moves at once if the opponent is done.
	}
	if p.phase[c] != 'M' && p.phase[o] == 'J' {
		return []refMove{{kind: 'p'}}
	}
	var out []refMove
	for _, m := range p.pseudo() {
		q := *p
		q.play(m)
		if kr, kf := q.king(c); !q.attacked(kr, kf, o) {
			out = append(out, m)
		}
	}
	return out
}

func (p *refPos) jumps() []refMove {
	c := p.side
	kr, kf := p.king(c)
	var place []byte
	if wr, wf := refWeak(c); kr != wr || kf != wf {
		for i := range refTypes {
			if p.hand[c][i] == 0 {
				continue
			}
			if refTypes[i] == 'B' && p.bishopOnColour(c, refLight(kr, kf)) {
				continue // the two bishops go on squares of different colours
			}
			place = append(place, refTypes[i])
		}
		if len(place) == 0 {
			return nil
		}
	} else {
		place = []byte{0} // the first jump places nothing
	}
	var out []refMove
	for _, d := range refKnight {
		tr, tf := kr+d[0], kf+d[1]
		if !refIsSquare(tr, tf) || p.b[tr][tf] != '.' || !refInArea(c, tr) {
			continue
		}
		for _, t := range place {
			out = append(out, refMove{kind: 'j', fr: kr, ff: kf, tr: tr, tf: tf, extra: t})
		}
	}
	return out
}

func (p *refPos) bishopOnColour(c int, light bool) bool {
	for r := range p.b {
		for f := range p.b[r] {
			if refUpper(p.b[r][f]) == 'B' && refColor(p.b[r][f]) == c && refLight(r, f) == light {
				return true
			}
		}
	}
	return false
}

// pseudo lists the FIDE moves of the side to move on this board, without castling,
// without entering its own weak square, never capturing a king, and promoting only to what
// the pool holds.
func (p *refPos) pseudo() []refMove {
	c, o := p.side, 1-p.side
	wr, wf := refWeak(c)
	var out []refMove
	add := func(fr, ff, tr, tf int) {
		if tr == wr && tf == wf {
			return
		}
		out = append(out, refMove{kind: 'n', fr: fr, ff: ff, tr: tr, tf: tf})
	}
	target := func(r, f int) bool { // may a piece go there (empty, or an enemy but the king)?
		ch := p.at(r, f)
		return ch == '.' || refColor(ch) == o && refUpper(ch) != 'K'
	}
	for r := range p.b {
		for f := range p.b[r] {
			ch := p.b[r][f]
			if refColor(ch) != c {
				continue
			}
			switch refUpper(ch) {
			case 'K', 'N':
				steps := refKing
				if refUpper(ch) == 'N' {
					steps = refKnight
				}
				for _, d := range steps {
					if target(r+d[0], f+d[1]) {
						add(r, f, r+d[0], f+d[1])
					}
				}
			case 'R', 'B':
				dirs := refOrth
				if refUpper(ch) == 'B' {
					dirs = refDiag
				}
				for _, d := range dirs {
					rr, ff := r+d[0], f+d[1]
					for p.at(rr, ff) == '.' {
						add(r, f, rr, ff)
						rr, ff = rr+d[0], ff+d[1]
					}
					if target(rr, ff) {
						add(r, f, rr, ff)
					}
				}
			case 'P':
				out = append(out, p.pawnMoves(r, f)...)
			}
		}
	}
	return out
}

func (p *refPos) pawnMoves(r, f int) []refMove {
	c, o := p.side, 1-p.side
	dir, startRow, lastRow := 1, 1, 6
	if c == 1 {
		dir, startRow, lastRow = -1, 6, 1
	}
	var out []refMove
	add := func(kind byte, tr, tf int) {
		if tr != lastRow {
			out = append(out, refMove{kind: kind, fr: r, ff: f, tr: tr, tf: tf})
			return
		}
		victim := strings.IndexByte("RBN", refUpper(p.b[tr][tf]))
		for i, t := range []byte("RBN") {
			n := p.pool[i]
			if victim == i && p.b[tr][tf] != '.' {
				n++ // the captured piece is in the pool before the promotion
			}
			if n > 0 {
				out = append(out, refMove{kind: kind, fr: r, ff: f, tr: tr, tf: tf, extra: t})
			}
		}
	}
	if p.at(r+dir, f) == '.' {
		add('n', r+dir, f)
		if r == startRow && p.at(r+2*dir, f) == '.' {
			add('n', r+2*dir, f)
		}
	}
	for _, df := range []int{-1, 1} {
		ch := p.at(r+dir, f+df)
		if refColor(ch) == o && refUpper(ch) != 'K' {
			add('n', r+dir, f+df)
		} else if ch == '.' && r+dir == p.epR && f+df == p.epF {
			out = append(out, refMove{kind: 'e', fr: r, ff: f, tr: r + dir, tf: f + df})
		}
	}
	return out
}

// becomeStuck puts a jumping side into the waiting phase; its hand joins the pool.
func (p *refPos) becomeStuck(c int) {
	if p.phase[c] != 'J' {
		return
	}
	p.phase[c] = 'W'
	for i := range p.pool {
		p.pool[i] += p.hand[c][i]
	}
}

func (p *refPos) play(m refMove) {
	c := p.side
	p.epR, p.epF = -1, -1
	switch m.kind {
	case 'j':
		p.b[m.tr][m.tf] = p.b[m.fr][m.ff]
		p.b[m.fr][m.ff] = '.'
		if m.extra != 0 {
			i := strings.IndexByte(refTypes, m.extra)
			p.hand[c][i]--
			p.b[m.fr][m.ff] = m.extra | byte(c*0x20)
			if p.hand[c] == [4]int{} {
				p.phase[c] = 'M'
			}
		}
	case 'p':
		p.becomeStuck(c)
	case 'n', 'e':
		p.becomeStuck(c)
		p.half++
		piece := p.b[m.fr][m.ff]
		if victim := p.b[m.tr][m.tf]; victim != '.' {
			if i := strings.IndexByte("RBN", refUpper(victim)); i >= 0 {
				p.pool[i]++
			}
			p.half = 0
		}
		if m.kind == 'e' {
			p.b[m.fr][m.tf] = '.'
		}
		if refUpper(piece) == 'P' {
			p.half = 0
			if m.tr-m.fr == 2 || m.fr-m.tr == 2 {
				p.epR, p.epF = (m.fr+m.tr)/2, m.ff
			}
		}
		p.b[m.fr][m.ff] = '.'
		p.b[m.tr][m.tf] = piece
		if m.extra != 0 {
			p.pool[strings.IndexByte("RBN", m.extra)]--
			p.b[m.tr][m.tf] = m.extra | byte(c*0x20)
		}
	}
	if c == 1 {
		p.full++
	}
	p.side = 1 - c
}

func (p *refPos) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.legal() {
		q := *p
		q.play(m)
		n += q.perft(depth - 1)
	}
	return n
}

// texts is the sorted move texts of the legal moves.
func (p *refPos) texts() []string {
	var out []string
	for _, m := range p.legal() {
		out = append(out, m.text())
	}
	sort.Strings(out)
	return out
}

// result judges the position by the rules file 1.5: a won weak square, mate, stalemate, the
// fifty-move rule; "*" while the game goes on.
func (p *refPos) result() string {
	c, o := p.side, 1-p.side
	wins := []string{"1-0", "0-1"}
	if wr, wf := refWeak(c); refColor(p.b[wr][wf]) == o {
		return wins[o]
	}
	if len(p.legal()) == 0 {
		if kr, kf := p.king(c); p.attacked(kr, kf, o) {
			return wins[o]
		}
		return "1/2-1/2"
	}
	if p.half >= 100 {
		return "1/2-1/2"
	}
	return "*"
}

// TestWeakSquarePerftAgainstReference checks every pinned perft value against both
// generators: the table must not drift from what the independent model counts. make test
// runs the depths up to 250,000 leaves, PERFT_LONG=1 every depth up to 5.
func TestWeakSquarePerftAgainstReference(t *testing.T) {
	maxLeaves, maxDepth := uint64(250_000), 4
	if os.Getenv("PERFT_LONG") != "" {
		maxLeaves, maxDepth = 1<<62, 5
	}
	for i, c := range oracleTable(t, "weaksquare", 6) {
		p, err := movegen.WeakSquare.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		r, err := refParse(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r.fen() != p.FEN() {
			t.Errorf("case %d: FEN %q, the reference reads %q", i+1, p.FEN(), r.fen())
		}
		if got, want := strings.Join(movegen.SortedMoves(p), " "), strings.Join(r.texts(), " "); got != want {
			t.Errorf("case %d %s: moves\n%s\nreference\n%s", i+1, c.fen, got, want)
		}
		for d := 1; d <= maxDepth; d++ {
			want, ok := c.counts[d]
			if !ok || want > maxLeaves {
				continue
			}
			got, ref := movegen.Perft(p, d), r.perft(d)
			if got != want || ref != want {
				t.Errorf("case %d %s depth %d: movegen %d, reference %d, table %d", i+1, c.fen, d, got, ref, want)
			}
		}
	}
}

// TestWeakSquareRandomGamesAgainstReference plays random games from the start and from the
// table's positions with both generators side by side, comparing at every position the
// sorted move texts, the FEN after each move (board, hand, en passant, clocks, phases) and
// the result. It counts the special events it met so that a walk that never reached them
// fails.
func TestWeakSquareRandomGamesAgainstReference(t *testing.T) {
	games := 100 // a few seconds in make test
	if os.Getenv("PERFT_LONG") != "" {
		games = 3000
	} else if testing.Short() {
		games = 50
	}
	table := oracleTable(t, "weaksquare", 6)
	rng := rand.New(rand.NewPCG(38, 2026))
	seen := map[string]int{}
	for g := 0; g < games; g++ {
		fen := movegen.WeakSquare.StartFEN
		if g%3 == 2 {
			fen = table[rng.IntN(len(table))].fen
		}
		p := movegen.WeakSquare.MustParseFEN(fen)
		r, err := refParse(fen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 250; ply++ {
			ours, theirs := movegen.SortedMoves(p), r.texts()
			if strings.Join(ours, " ") != strings.Join(theirs, " ") {
				t.Fatalf("game %d ply %d %s:\nmovegen   %v\nreference %v", g, ply, p.FEN(), ours, theirs)
			}
			if got, want := p.Status().Result.String(), r.result(); got != want {
				t.Fatalf("game %d ply %d %s: result %s, reference %s", g, ply, p.FEN(), got, want)
			}
			if len(ours) == 0 || p.HalfmoveClock() >= 100 {
				seen["end "+p.Status().Reason]++
				break
			}
			text := ours[rng.IntN(len(ours))]
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case text == "0000":
				seen["pass"]++
			case m.Kind() == movegen.EnPassant:
				seen["en passant"]++
			case m.Promo() != movegen.NoType:
				seen["promotion"]++
			}
			before := p.FEN()
			p.Apply(m)
			if msg := p.CheckIncrementals(); msg != "" {
				t.Fatalf("%s after %s: %s", before, text, msg)
			}
			for _, rm := range r.legal() {
				if rm.text() == text {
					r.play(rm)
					break
				}
			}
			if p.FEN() != r.fen() {
				t.Fatalf("game %d: %s after %s gives\n%s\nreference\n%s", g, before, text, p.FEN(), r.fen())
			}
			if f := strings.Fields(p.FEN()); strings.Contains(f[6], "W") {
				seen["waiting"]++
			}
		}
	}
	t.Logf("%d games: %v", games, seen)
	for _, want := range []string{"pass", "waiting", "promotion", "en passant", "end checkmate", "end Black reaches the weak square", "end White reaches the weak square"} {
		if seen[want] == 0 {
			t.Errorf("the random games never met %q", want)
		}
	}
}
