package movegen

// The general move generator and attack test, for pieces whose atoms do not all capture by
// replacement (Atom.Capture, PawnRules.Capture) and for variants that restrict the squares
// a quiet move may end on (quietTargets). The FIDE-like pieces of the other variants keep
// genPiece's and attackedStandard's loops, which never ask how a piece captures.
//
// A capture by hop removes the victim and lands beyond it, so whether a square is attacked
// depends on the squares behind it too (a landing square must be empty), and a move can
// expose its own king by emptying a square on any line through the king. leavesKingSafe
// tests a move on the cells alone, along those lines only.

// modeTables are a variant's compiled capture modes and quiet-move targets.
type modeTables struct {
	// steps[t] are type t's steps grouped by line (their unit step), each line's rider
	// steps first, the lines in the order they first appear among the atoms.
	steps [NumTypes][]modeStep
	// quietLand[sq]: a quiet move may end on sq (quietTargets, or every square).
	quietLand *[maxCells]bool
	// all is every hop pattern; along[u] those that run along the unit step u, either way.
	all   modePatterns
	along [maxCells]modePatterns
	// replacements: some atom of a piece captures by replacement, so the attack test also
	// runs the standard tables of the pieces (a variant that mixes the modes).
	replacements bool
	// dir[a][b] is the unit step from a towards b when both lie on one line of some
	// piece's atoms or a pawn's capture diagonal, 0 otherwise (leavesKingSafe).
	dir [maxCells][maxCells]Step
	// lines are those unit steps, one of each pair u and -u (along[u] and along[-u] hold
	// the same patterns), and lineBit[u] the bit of u's line among them, for the check
	// test of an evasion (evadesAlongLines); nil where the patterns cannot be told apart by
	// line (replacement captures, more than 32 lines).
	lines   []Step
	lineBit [maxCells]uint32
}

// modeStep is one direction of a piece's atom, for genModePiece.
type modeStep struct {
	delta   Step
	rider   bool
	capture CaptureMode
	// beyond are the leaps from a hopping leaper's victim to its landing squares: the
	// hopping leaps of the piece along the same line (the War Machine's 1 and 3).
	beyond []Step
}

// hopRide is a riding hop capture along delta by the types in mask: the rider comes over
// empty squares and lands on an empty square beyond its victim.
type hopRide struct {
	delta Step
	unit  Step // of its line, for along
	mask  uint16
}

// hopLeap is a leaping hop capture of type t along one line: it comes by one of leaps and
// goes on by one of them.
type hopLeap struct {
	t     PieceType
	unit  Step // of its line, for along
	leaps []Step
}

// hopOrigin is one square a leaping hop capture comes from: the attacker of type t (its
// piece of each colour in piece) stands delta before the victim, and lands by one of
// landings beyond it (its hopLeap's leaps).
type hopOrigin struct {
	delta    Step
	piece    [2]Piece
	landings []Step
}

// modePatterns are hop capture patterns the attack test looks for.
type modePatterns struct {
	riders  []hopRide
	leapers []hopLeap
	// origins are the leapers' origins, one per leap of each: the attack test reads one
	// cell for each, where a leaper's loop over its leaps read them after a test of
	// whether its type is on the board at all.
	origins []hopOrigin
	// pawnTake[c] are colour c's pawn capture steps the patterns cover: all of them, or
	// those along the line (the attack test read every step and skipped the others).
	pawnTake [2][]Step
}

// compileModes builds the variant's modeTables, nil if every atom and the pawn capture by
// replacement and every square takes quiet moves, and routes the types that need it to
// genModePiece (stepKind). It panics on a contradiction in the data.
func compileModes(v *Variant) *modeTables {
	hasPawn := v.byType[Pawn] != nil
	special := v.quietTargets != nil || hasPawn && v.Pawn.Capture != CaptureByReplacement
	for _, d := range v.Pieces {
		for _, a := range d.Atoms {
			special = special || a.Capture != CaptureByReplacement
		}
	}
	if !special {
		return nil
	}
	if v.play.attacked != nil {
		panic(v.Name + ": an attack hook and capture modes say two things")
	}
	g := v.Geometry
	m := new(modeTables)
	m.quietLand = v.quietTargets
	if m.quietLand == nil {
		m.quietLand = &g.isSquare
	}
	var units [][2]int // every line of the pieces and pawns, for dir
	addUnit := func(u [2]int) {
		for _, x := range units {
			if x == u {
				return
			}
		}
		units = append(units, u)
	}
	for _, d := range v.Pieces {
		type line struct {
			unit  [2]int
			steps []modeStep
		}
		var lines []line
		routed := v.quietTargets != nil
		for _, a := range d.Atoms {
			routed = routed || a.Capture != CaptureByReplacement
			m.replacements = m.replacements || a.Capture == CaptureByReplacement
			for _, s := range symmetric(a.DF, a.DR) {
				k := gcd(abs(s[0]), abs(s[1]))
				u := [2]int{s[0] / k, s[1] / k}
				i := 0
				for i < len(lines) && lines[i].unit != u {
					i++
				}
				if i == len(lines) {
					lines = append(lines, line{unit: u})
				}
				st := modeStep{delta: g.Delta(s[0], s[1]), rider: a.Rider, capture: a.Capture}
				at := len(lines[i].steps)
				for a.Rider && at > 0 && !lines[i].steps[at-1].rider {
					at-- // riders before leaps: they approach and go on over empty squares
				}
				lines[i].steps = append(lines[i].steps[:at], append([]modeStep{st}, lines[i].steps[at:]...)...)
			}
		}
		for _, ln := range lines {
			addUnit(ln.unit)
			unit := g.Delta(ln.unit[0], ln.unit[1])
			var beyond []Step
			for _, st := range ln.steps {
				if !st.rider && st.capture == CaptureByHop {
					beyond = append(beyond, st.delta)
				}
			}
			for _, st := range ln.steps {
				if !st.rider && st.capture == CaptureByHop {
					st.beyond = beyond
				}
				if st.rider && st.capture == CaptureByHop {
					m.all.riders = addHopRide(m.all.riders, st.delta, unit, d.Type)
				}
				m.steps[d.Type] = append(m.steps[d.Type], st)
			}
			if len(beyond) > 0 {
				m.all.leapers = append(m.all.leapers, hopLeap{t: d.Type, unit: unit, leaps: beyond})
			}
		}
		if routed {
			v.stepKind[d.Type] = kindModes
		}
	}
	if hasPawn {
		addUnit([2]int{1, 1})
		addUnit([2]int{-1, 1})
		addUnit([2]int{1, -1})
		addUnit([2]int{-1, -1})
	}
	for _, r := range m.all.riders {
		for _, u := range [2]Step{r.unit, -r.unit} {
			m.along[u].riders = append(m.along[u].riders, r)
		}
	}
	for _, l := range m.all.leapers {
		for _, u := range [2]Step{l.unit, -l.unit} {
			m.along[u].leapers = append(m.along[u].leapers, l)
		}
	}
	for _, set := range append([]*modePatterns{&m.all}, alongSets(m)...) {
		for _, l := range set.leapers {
			for _, a := range l.leaps {
				set.origins = append(set.origins, hopOrigin{delta: a,
					piece: [2]Piece{MakePiece(White, l.t), MakePiece(Black, l.t)}, landings: l.leaps})
			}
		}
	}
	for c := range v.pawnTake {
		m.all.pawnTake[c] = v.pawnTake[c][:]
		for _, d := range v.pawnTake[c] {
			if d != 0 {
				m.along[d].pawnTake[c] = append(m.along[d].pawnTake[c], d)
				m.along[-d].pawnTake[c] = append(m.along[-d].pawnTake[c], d)
			}
		}
	}
	for _, x := range units {
		u := g.Delta(x[0], x[1])
		if m.lineBit[u] == 0 && len(m.lines) < 32 {
			m.lineBit[u] = 1 << len(m.lines)
			m.lineBit[-u] = m.lineBit[u]
			m.lines = append(m.lines, u)
		}
	}
	if m.replacements || len(m.lines) == 32 {
		m.lines, m.lineBit = nil, [maxCells]uint32{}
	}
	for _, a := range g.Squares() {
		for _, b := range g.Squares() {
			df, dr := g.File(b)-g.File(a), g.Rank(b)-g.Rank(a)
			if a == b {
				continue
			}
			k := gcd(abs(df), abs(dr))
			u := [2]int{df / k, dr / k}
			for _, x := range units {
				if x == u {
					m.dir[a][b] = g.Delta(u[0], u[1])
				}
			}
		}
	}
	v.unitRiders = false // the pin test knows replacements only
	return m
}

// alongSets are the sets of m.along that hold some pattern.
func alongSets(m *modeTables) []*modePatterns {
	var sets []*modePatterns
	for u := range m.along {
		if len(m.along[u].leapers) > 0 {
			sets = append(sets, &m.along[u])
		}
	}
	return sets
}

func addHopRide(list []hopRide, delta, unit Step, t PieceType) []hopRide {
	for i := range list {
		if list[i].delta == delta {
			list[i].mask |= typeBit(t)
			return list
		}
	}
	return append(list, hopRide{delta: delta, unit: unit, mask: typeBit(t)})
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// genModePiece is genPiece for a type routed to the modes (enemy: the colour bit of the
// pieces it may capture): quiet moves end on quiet targets only, and each step captures
// by its mode.
func (p *Position) genModePiece(from Square, t PieceType, ml *MoveList, quiets bool, enemy Piece) {
	m := p.v.modes
	land := m.quietLand
	steps := m.steps[t]
	for i := range steps {
		st := &steps[i]
		d := Square(st.delta)
		s := from + d
		if st.rider {
			for p.cells[s] == Empty {
				if quiets && land[s] {
					ml.Add(NewMove(Normal, from, s, NoSquare, NoType))
				}
				s += d
			}
		} else if p.cells[s] == Empty {
			if quiets && land[s] {
				ml.Add(NewMove(Normal, from, s, NoSquare, NoType))
			}
			continue
		}
		if pc := p.cells[s]; pc&enemy == 0 || pc.Type() == King {
			continue
		}
		switch st.capture {
		case CaptureByReplacement:
			ml.Add(NewMove(Normal, from, s, NoSquare, NoType))
		case CaptureByHop:
			if st.rider {
				for to := s + d; p.cells[to] == Empty; to += d {
					ml.Add(NewMove(HopCapture, from, to, s, NoType))
				}
				continue
			}
			for _, b := range st.beyond {
				if to := s + Square(b); p.cells[to] == Empty {
					ml.Add(NewMove(HopCapture, from, to, s, NoType))
				}
			}
		}
	}
}

// genModePawn is genPawn where the variant has modes: steps end on quiet targets only (a
// long first step may pass a square that is none), and captures and en passant go by the
// pawn's capture mode (a hop lands on the next square of the diagonal, over the victim or,
// en passant, over the square the enemy pawn passed).
func (p *Position) genModePawn(from Square, ml *MoveList, quiets bool) {
	us := p.side
	v := p.v
	land := v.modes.quietLand
	push := Square(v.pawnPush[us])
	to := from + push
	if p.cells[to] == Empty {
		if land[to] && (quiets || p.promotes(us, to)) {
			p.addPawnMove(Normal, from, to, ml)
		}
		if (quiets || v.longStepPromotes) && int(v.Geometry.rank[from]) == v.Pawn.StartRank[us] {
			for n := 2; n <= v.Pawn.FirstSteps; n++ {
				to += push
				if p.cells[to] != Empty {
					break
				}
				if !land[to] {
					continue
				}
				if v.longStepPromotes {
					if quiets || p.promotes(us, to) {
						p.addPawnMove(Normal, from, to, ml)
					}
				} else {
					ml.Add(NewMove(Normal, from, to, NoSquare, NoType))
				}
			}
		}
	}
	enemy := colorBit(us.Other())
	switch v.Pawn.Capture {
	case CaptureByReplacement:
		for _, d := range v.pawnTake[us] {
			to := from + Square(d)
			if pc := p.cells[to]; pc&enemy != 0 && pc.Type() != King {
				p.addPawnMove(Normal, from, to, ml)
			} else if pc == Empty && p.ep[0] != NoSquare && (to == p.ep[0] || to == p.ep[1]) {
				ml.Add(NewMove(EnPassant, from, to, NoSquare, NoType))
			}
		}
	case CaptureByHop:
		for _, d := range v.pawnTake[us] {
			over := from + Square(d)
			to := over + Square(d)
			if p.cells[to] != Empty {
				continue
			}
			if pc := p.cells[over]; pc&enemy != 0 && pc.Type() != King {
				if p.promotes(us, to) {
					for _, t := range v.Pawn.PromoTypes {
						ml.Add(NewMove(HopCapture, from, to, over, t))
					}
				} else {
					ml.Add(NewMove(HopCapture, from, to, over, NoType))
				}
			} else if pc == Empty && (over == p.ep[0] || over == p.ep[1]) {
				ml.Add(NewMove(HopEnPassant, from, to, over, NoType))
			}
		}
	}
}

// epCapturableModes is epCapturable for a pawn that does not capture by replacement: a
// hopping pawn needs the square beyond the passed one empty.
func (p *Position) epCapturableModes(by Color) bool {
	if p.v.Pawn.Capture != CaptureByHop {
		return false
	}
	pawn := MakePiece(by, Pawn)
	for _, sq := range p.ep {
		if sq == NoSquare {
			continue
		}
		for _, d := range p.v.pawnTake[by] {
			if p.cells[sq-Square(d)] == pawn && p.cells[sq+Square(d)] == Empty {
				return true
			}
		}
	}
	return false
}

// attackedModes is the attack test of a variant with modes, along the line through sq
// with the unit step u (either way) for the hop patterns, all of them if u is 0: whether
// a piece of side by could capture whatever stands on sq, a hop needing an empty landing
// square beyond it. The pawns and any replacement captures are always looked at.
func (p *Position) attackedModes(sq Square, by Color, u Step) bool {
	m := p.v.modes
	bit := colorBit(by)
	present := p.present[by]
	set := &m.all
	if u != 0 {
		set = &m.along[u]
	}
	for _, r := range set.riders {
		if r.mask&present == 0 {
			continue
		}
		d := Square(r.delta)
		if p.cells[sq+d] != Empty {
			continue // no landing square
		}
		s := sq - d
		for p.cells[s] == Empty {
			s -= d
		}
		if pc := p.cells[s]; pc&bit != 0 && r.mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	// A leaper on one of its origins, then a landing square for it: the attacker is the
	// rarer, so it is looked for first.
	for i := range set.origins {
		o := &set.origins[i]
		if p.cells[sq-Square(o.delta)] != o.piece[by] {
			continue
		}
		for _, b := range o.landings {
			if p.cells[sq+Square(b)] == Empty {
				return true
			}
		}
	}
	if present&typeBit(Pawn) != 0 && p.v.Pawn.Capture != MoveOnly {
		pawn := MakePiece(by, Pawn)
		hop := p.v.Pawn.Capture == CaptureByHop
		for _, d := range set.pawnTake[by] {
			if p.cells[sq-Square(d)] == pawn && (!hop || p.cells[sq+Square(d)] == Empty) {
				return true
			}
		}
	}
	return m.replacements && p.attackedByReplacement(sq, by)
}

// attackedByReplacement is attackedStandard's test of the pieces' replacement captures
// (pawns aside), for a variant that mixes capture modes.
func (p *Position) attackedByReplacement(sq Square, by Color) bool {
	v := p.v
	bit := colorBit(by)
	present := p.present[by]
	for _, a := range v.leapAttack {
		if pc := p.cells[sq+Square(a.delta)]; a.mask&present != 0 && pc&bit != 0 && a.mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	for _, a := range v.rideAttack {
		if a.mask&present == 0 {
			continue
		}
		s := sq + Square(a.delta)
		for p.cells[s] == Empty {
			s += Square(a.delta)
		}
		if pc := p.cells[s]; pc&bit != 0 && a.mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	return false
}

// keepLegalModes is keepLegal for a variant with modes: each move is tested on the cells
// (leavesKingSafe).
func (p *Position) keepLegalModes(ml *MoveList, start int) {
	w := p.watchKing()
	w.inCheck = w.king != NoSquare && p.attackedModes(w.king, p.side.Other(), 0)
	n := start
	for _, m := range ml.moves[start:ml.n] {
		if p.leavesKingSafe(m, &w) {
			ml.moves[n] = m
			n++
		}
	}
	ml.n = n
}

// kingWatch is what leavesKingSafe needs to know about the side to move's king, found
// once per position: its square (NoSquare if it has none), whether it is in check now,
// and the lines through it (modeTables.dir).
type kingWatch struct {
	king    Square
	inCheck bool
	dir     *[maxCells]Step
	// checkLines are the lines (modeTables.lineBit) along which the king is attacked,
	// found at the first evasion tested (linesKnown).
	checkLines uint32
	linesKnown bool
}

// watchKing is the kingWatch of p's side to move, inCheck left for the caller to set
// (the attack test is the costly part, and a caller may not need it).
func (p *Position) watchKing() kingWatch {
	k := p.kings[p.side]
	return kingWatch{king: k, dir: &p.v.modes.dir[k]}
}

// leavesKingSafe reports whether m, a pseudo-legal move of the side to move in a variant
// with modes, leaves its king out of check (w: the king, from watchKing). A king move or
// an evasion is played on the cells and tested; any other move only along the lines
// through the king and the squares it empties (its origin, a hop's victim): every square
// of a capture pattern over the king (the capturer, the squares it passes, its landing
// squares) lies on one line through the king, and the square the move fills can only
// block one. Kinds the cells cannot play (a drop, a variant's own) are played on a copy.
func (p *Position) leavesKingSafe(m Move, w *kingWatch) bool {
	king := w.king
	if king == NoSquare {
		return true
	}
	if cellKinds&(1<<m.Kind()) == 0 {
		return p.legalByCopy(m)
	}
	them := p.side.Other()
	if w.inCheck && m.From() != king && p.v.modes.lines != nil {
		return p.evadesAlongLines(m, w, them)
	}
	if w.inCheck || m.From() == king {
		u := p.playCells(m)
		k := king
		if m.From() == king {
			k = m.To()
		}
		safe := !p.attackedModes(k, them, 0)
		u.restore(p)
		return safe
	}
	d1, d2 := w.dir[m.From()], Step(0)
	switch m.Kind() {
	case HopCapture:
		d2 = w.dir[m.Aux()]
	case HopEnPassant, EnPassant:
		d2 = w.dir[p.epPawn]
	}
	if d1 == 0 && d2 == 0 {
		return true
	}
	u := p.playCells(m)
	safe := (d1 == 0 || !p.attackedModes(king, them, d1)) && (d2 == 0 || d2 == d1 || !p.attackedModes(king, them, d2))
	u.restore(p)
	return safe
}

// evadesAlongLines is leavesKingSafe's test of a move of a piece other than the king
// while the king is in check. Every capture pattern over the king lies on one line
// through it, so a line the move changes no square of keeps its attack: the move must
// change a square on each line the king is attacked along (checkLines), most evasions
// tried fail there untested, and the others need only the lines they change tested.
func (p *Position) evadesAlongLines(m Move, w *kingWatch, them Color) bool {
	mt := p.v.modes
	if !w.linesKnown {
		for _, u := range mt.lines {
			if p.attackedModes(w.king, them, u) {
				w.checkLines |= mt.lineBit[u]
			}
		}
		w.linesKnown = true
	}
	d1, d2, d3 := w.dir[m.From()], w.dir[m.To()], Step(0)
	switch m.Kind() {
	case HopCapture:
		d3 = w.dir[m.Aux()]
	case HopEnPassant, EnPassant:
		d3 = w.dir[p.epPawn]
	}
	if w.checkLines&^(mt.lineBit[d1]|mt.lineBit[d2]|mt.lineBit[d3]) != 0 {
		return false
	}
	u := p.playCells(m)
	safe := !p.attackedAlong(w.king, them, d1, d2, d3)
	u.restore(p)
	return safe
}

// cellKinds are the kinds of move playCells plays, as a set of bits.
const cellKinds = 1<<Normal | 1<<Castle | 1<<EnPassant | 1<<HopCapture | 1<<HopEnPassant

// cellChanges is what playCells changed, to be put back: squares with their old contents
// in the order saved, and the mover's set of piece types.
type cellChanges struct {
	sq      [4]Square
	pc      [4]Piece
	n       int
	present uint16
}

func (u *cellChanges) save(p *Position, sq Square) {
	u.sq[u.n], u.pc[u.n] = sq, p.cells[sq]
	u.n++
}

// restore puts the saved cells back, the last saved first, so a square saved twice ends
// with its first, original content.
func (u *cellChanges) restore(p *Position) {
	for i := u.n - 1; i >= 0; i-- {
		p.cells[u.sq[i]] = u.pc[i]
	}
	p.present[p.side] = u.present
}

// playCells plays m (Normal, Castle, EnPassant, HopCapture, HopEnPassant) of the side to
// move on p's cells and the mover's set of piece types (for a promotion), all the attack
// test reads, for restore to take back. The side to move does not change.
func (p *Position) playCells(m Move) cellChanges {
	us := p.side
	u := cellChanges{present: p.present[us]}
	from, to := m.From(), m.To()
	pc := p.cells[from]
	var rookTo Square
	switch m.Kind() {
	case HopCapture:
		u.save(p, m.Aux())
		p.cells[m.Aux()] = Empty
	case HopEnPassant, EnPassant:
		u.save(p, p.epPawn)
		p.cells[p.epPawn] = Empty
	case Castle:
		rookTo = p.castlingRookTo(from, m.Aux())
		u.save(p, m.Aux())
		u.save(p, rookTo)
		p.cells[m.Aux()] = Empty
	}
	u.save(p, from)
	u.save(p, to)
	p.cells[from] = Empty
	if t := m.Promo(); t != NoType {
		pc = MakePiece(us, t)
		p.present[us] |= typeBit(t)
	}
	p.cells[to] = pc
	if rookTo != NoSquare {
		p.cells[rookTo] = MakePiece(us, Rook)
	}
	return u
}

// givesCheckModes reports whether m, a legal move of the side to move in a variant with
// modes, attacks the enemy king once played (false if there is none), trying it on the
// cells.
func (p *Position) givesCheckModes(m Move) bool {
	k := p.kings[p.side.Other()]
	if k == NoSquare {
		return false
	}
	if p.v.linesCheck && m.Kind() != Castle {
		// The lines through the king and the squares m changes: the side to move does
		// not attack the enemy king before m (linesCheck), so only a capture pattern
		// through one of those squares can after it, and every pattern over the king
		// lies on one line through it. Most moves change no square on such a line.
		dir := &p.v.modes.dir[k]
		victim := Step(0)
		switch m.Kind() {
		case HopCapture:
			victim = dir[m.Aux()]
		case EnPassant, HopEnPassant:
			victim = dir[p.epPawn]
		}
		from, to := dir[m.From()], dir[m.To()]
		if from == 0 && to == 0 && victim == 0 {
			return false
		}
		u := p.playCells(m)
		check := p.attackedAlong(k, p.side, from, to, victim)
		u.restore(p)
		return check
	}
	u := p.playCells(m)
	check := p.attackedModes(k, p.side, 0)
	u.restore(p)
	return check
}

// attackedAlong reports whether side by attacks sq along one of the lines with the unit
// steps d1, d2 and d3 (0: none), each line tested once: attackedModes' test narrowed to
// the lines a move changed, for a position where by did not attack sq before the move.
func (p *Position) attackedAlong(sq Square, by Color, d1, d2, d3 Step) bool {
	return d1 != 0 && p.attackedModes(sq, by, d1) ||
		d2 != 0 && d2 != d1 && p.attackedModes(sq, by, d2) ||
		d3 != 0 && d3 != d1 && d3 != d2 && p.attackedModes(sq, by, d3)
}
