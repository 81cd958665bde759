package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// handOrder is the order in which FEN hands list the piece types, White's before Black's.
var handOrder = []PieceType{King, Queen, Marshall, WarMachine, Rook, Bishop, Knight, Pawn}

// ParseFEN reads a position of v in the FEN of conventions.md:
//
//	<board>[<hand>] <side> <castling> <ep> <halfmove> <fullmove> [<variant fields>]
//
// Missing trailing fields take their defaults ("-", "-", 0, 1, and the variant's own).
// Every error says which field is wrong; a position the rules cannot hold is refused.
func (v *Variant) ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return nil, fmt.Errorf("fen: empty")
	}
	p := &Position{v: v, fullmove: 1}
	board := fields[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		if !strings.HasSuffix(board, "]") {
			return nil, fmt.Errorf("fen: hand %q has no closing bracket", board[i:])
		}
		hand := board[i+1 : len(board)-1]
		board = board[:i]
		if err := p.parseHand(hand); err != nil {
			return nil, err
		}
	}
	if err := p.parseBoard(board); err != nil {
		return nil, err
	}
	get := func(i int, def string) string {
		if i < len(fields) {
			return fields[i]
		}
		return def
	}
	switch get(1, "w") {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("fen: side to move %q, want w or b", fields[1])
	}
	if err := p.parseCastling(get(2, "-")); err != nil {
		return nil, err
	}
	if err := p.parseEP(get(3, "-")); err != nil {
		return nil, err
	}
	half, err := strconv.Atoi(get(4, "0"))
	if err != nil || half < 0 || half > 10000 {
		return nil, fmt.Errorf("fen: halfmove clock %q is not a number from 0 to 10000", get(4, "0"))
	}
	full, err := strconv.Atoi(get(5, "1"))
	if err != nil || full < 1 || full > 100000 {
		return nil, fmt.Errorf("fen: fullmove number %q is not a number from 1 to 100000", get(5, "1"))
	}
	p.halfmove, p.fullmove = int32(half), int32(full)
	var extra []string
	if len(fields) > 6 {
		extra = fields[6:]
	}
	if v.fen.parseFields != nil {
		if err := v.fen.parseFields(p, extra); err != nil {
			return nil, err
		}
	} else if len(extra) > 0 {
		return nil, fmt.Errorf("fen: unexpected field %q after the fullmove number", extra[0])
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	if p.ep[0] != NoSquare && v.epCapturable(p, p.side) {
		p.epHashed = true
	}
	p.hash = p.computeHash()
	return p, nil
}

// MustParseFEN is ParseFEN for positions known to be valid (tests, fixed tables).
func (v *Variant) MustParseFEN(fen string) *Position {
	p, err := v.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

func (p *Position) parseHand(hand string) error {
	if !p.v.HandInFEN && hand != "" {
		return fmt.Errorf("fen: %s has no pieces in hand, got [%s]", p.v.Name, hand)
	}
	for i := 0; i < len(hand); i++ {
		t := p.v.TypeOf(hand[i])
		if t == NoType {
			return fmt.Errorf("fen: unknown piece %q in the hand", hand[i])
		}
		c := White
		if hand[i] >= 'a' {
			c = Black
		}
		if p.hand[c][t] >= maxHand {
			return fmt.Errorf("fen: more than %d pieces of one kind in the hand", maxHand)
		}
		p.hand[c][t]++
	}
	return nil
}

func (p *Position) parseBoard(board string) error {
	g := p.v.Geometry
	ranks := strings.Split(board, "/")
	if len(ranks) != g.Ranks {
		return fmt.Errorf("fen: %d ranks, want %d", len(ranks), g.Ranks)
	}
	for i, row := range ranks {
		r := g.Ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch == '0':
				return fmt.Errorf("fen: empty-square count starting with 0 on rank %d", r+g.rankBase)
			case ch >= '1' && ch <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				if n == 0 || n > g.Files {
					return fmt.Errorf("fen: bad empty-square count %q on rank %d", row[j:k], r+g.rankBase)
				}
				for ; n > 0; n-- {
					if f >= g.Files || !g.isSquare[g.cell(f, r)] {
						return fmt.Errorf("fen: rank %d: empty squares run past a non-square or the edge", r+g.rankBase)
					}
					f++
				}
				j = k - 1
			case ch == '*':
				if f >= g.Files || g.isSquare[g.cell(f, r)] {
					return fmt.Errorf("fen: rank %d: '*' on a square of the board", r+g.rankBase)
				}
				f++
			default:
				t := p.v.TypeOf(ch)
				if t == NoType {
					return fmt.Errorf("fen: unknown piece %q on rank %d", ch, r+g.rankBase)
				}
				if f >= g.Files || !g.isSquare[g.cell(f, r)] {
					return fmt.Errorf("fen: rank %d: piece %q off the board", r+g.rankBase, ch)
				}
				c := White
				if ch >= 'a' {
					c = Black
				}
				if p.nPieces[c] >= MaxPieces {
					return fmt.Errorf("fen: more than %d %s pieces", MaxPieces, c)
				}
				if t == King && p.kings[c] != NoSquare {
					return fmt.Errorf("fen: two %s kings", c)
				}
				p.put(g.cell(f, r), MakePiece(c, t))
				f++
			}
		}
		if f != g.Files {
			return fmt.Errorf("fen: rank %d has %d cells, want %d", r+g.rankBase, f, g.Files)
		}
	}
	for sq := range maxCells {
		if !g.isSquare[sq] {
			p.cells[sq] = Wall
		}
	}
	return nil
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	v, g := p.v, p.v.Geometry
	if v.Castling.KingFile[0] < 0 {
		return fmt.Errorf("fen: %s has no castling, got %q", v.Name, s)
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		c := White
		if ch >= 'a' {
			c = Black
		}
		k := p.kings[c]
		back := v.Castling.BackRank[c]
		if k == NoSquare || int(g.rank[k]) != back {
			return fmt.Errorf("fen: castling %q but the %s king is not on its back rank", ch, c)
		}
		rook := MakePiece(c, Rook)
		var sq Square
		switch ch | 0x20 {
		case 'k', 'q':
			// The outermost rook on that side of the king, as X-FEN reads KQkq.
			step, f := -1, g.Files-1
			if ch|0x20 == 'q' {
				step, f = 1, 0
			}
			for ; f != int(g.file[k]); f += step {
				if cell := g.cell(f, back); p.cells[cell] == rook {
					sq = cell
					break
				}
			}
			if sq == NoSquare {
				return fmt.Errorf("fen: castling %q without a rook on that side", ch)
			}
		default:
			f := -1
			for j, name := range g.fileNames {
				if name[0] == ch|0x20 {
					f = j
				}
			}
			if f < 0 {
				return fmt.Errorf("fen: bad castling letter %q", ch)
			}
			sq = g.cell(f, back)
			if p.cells[sq] != rook {
				return fmt.Errorf("fen: castling %q without a rook on %s", ch, g.Name(sq))
			}
		}
		side := 0
		if sq > k {
			side = 1
		}
		if p.castleRook[c][side] != NoSquare && p.castleRook[c][side] != sq {
			return fmt.Errorf("fen: two castling rooks on one side in %q", s)
		}
		p.castleRook[c][side] = sq
	}
	return nil
}

func (p *Position) parseEP(s string) error {
	if s == "-" {
		return nil
	}
	g := p.v.Geometry
	var passed [2]Square
	n := 0
	for rest := s; rest != ""; {
		sq, k, ok := g.ParseSquare(rest)
		if !ok || n == 2 {
			return fmt.Errorf("fen: bad en passant field %q", s)
		}
		passed[n] = sq
		n++
		rest = rest[k:]
	}
	mover := p.side.Other()
	if p.v.byType[Pawn] == nil {
		return fmt.Errorf("fen: en passant %q in a game without pawns", s)
	}
	push := Square(p.v.pawnPush[mover])
	last := passed[n-1]
	if n == 2 && passed[1] != passed[0]+push {
		return fmt.Errorf("fen: en passant squares %q are not consecutive", s)
	}
	pawn := last + push
	if p.cells[pawn] != MakePiece(mover, Pawn) || p.cells[passed[0]] != Empty || p.cells[last] != Empty {
		return fmt.Errorf("fen: en passant %q but no %s pawn has just passed there", s, mover)
	}
	p.ep, p.epPawn = passed, pawn
	return nil
}

// validate refuses positions the rules cannot hold.
func (p *Position) validate() error {
	v, g := p.v, p.v.Geometry
	for c := White; c <= Black; c++ {
		if p.kings[c] == NoSquare && p.hand[c][King] == 0 {
			return fmt.Errorf("fen: no %s king", c)
		}
	}
	if v.byType[Pawn] != nil {
		// Pawns only ever move forward, and no variant places one behind the rank its
		// long first step starts from (FIDE's first rank; Weak Square's a1/f8, its king's
		// first square; Black Hole's back rank and e0; the edge ranks of Jumping Knights):
		// a pawn there or on its promotion rank is in no game.
		start := v.Pawn.StartRank
		for _, sq := range g.squares {
			pc := p.cells[sq]
			if pc.Type() != Pawn {
				continue
			}
			c, r := pc.Color(), int(g.rank[sq])
			if p.promotes(c, sq) {
				return fmt.Errorf("fen: %s pawn on %s, its promotion rank", c, g.Name(sq))
			}
			if c == White && r < start[White] || c == Black && r > start[Black] {
				return fmt.Errorf("fen: %s pawn on %s, behind its start rank", c, g.Name(sq))
			}
		}
	}
	if !v.KingsMayBeInCheck && p.Checks(p.side.Other()) {
		return fmt.Errorf("fen: the side not to move is in check")
	}
	if v.fen.validate != nil {
		return v.fen.validate(p)
	}
	return nil
}

// FEN writes p in the FEN of conventions.md.
func (p *Position) FEN() string {
	v, g := p.v, p.v.Geometry
	var b strings.Builder
	for r := g.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < g.Files; f++ {
			sq := g.cell(f, r)
			pc := p.cells[sq]
			if g.isSquare[sq] && pc == Empty {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if !g.isSquare[sq] {
				b.WriteByte('*')
			} else {
				b.WriteByte(v.Letter(pc))
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if v.HandInFEN {
		b.WriteByte('[')
		for c := White; c <= Black; c++ {
			for _, t := range handOrder {
				for range p.hand[c][t] {
					b.WriteByte(v.Letter(MakePiece(c, t)))
				}
			}
		}
		b.WriteByte(']')
	}
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(p.castlingField())
	b.WriteByte(' ')
	if p.ep[0] == NoSquare {
		b.WriteByte('-')
	} else {
		for _, sq := range p.EnPassant() {
			b.WriteString(g.Name(sq))
		}
	}
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	if v.fen.formatFields != nil {
		for _, f := range v.fen.formatFields(p) {
			b.WriteByte(' ')
			b.WriteString(f)
		}
	}
	return b.String()
}

// castlingField writes the castling rights: KQkq, or Shredder file letters where castling
// is written as the king taking its rook (White's before Black's, higher file first).
func (p *Position) castlingField() string {
	g := p.v.Geometry
	var b strings.Builder
	for c := White; c <= Black; c++ {
		for s := 1; s >= 0; s-- {
			sq := p.castleRook[c][s]
			if sq == NoSquare {
				continue
			}
			var ch byte
			if p.v.Castling.KingTakesRook {
				ch = g.fileNames[g.file[sq]][0] &^ 0x20
			} else {
				ch = "QK"[s]
			}
			if c == Black {
				ch |= 0x20
			}
			b.WriteByte(ch)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}
