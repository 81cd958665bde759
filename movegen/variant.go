package movegen

import (
	"fmt"
	"math/rand/v2"
)

// Atom is one kind of step of a piece, in the spirit of Betza's notation: a leap of DF files
// and DR ranks in all of its (up to eight) symmetric images, made once (a leaper) or
// repeated along the line while the squares are empty (a rider), and how it captures. Like
// Fairy-Max's and Sjaak II's step vectors with their mode bits, one table of atoms drives
// both the move generator and the attack test.
type Atom struct {
	DF, DR  int
	Rider   bool
	Capture CaptureMode
}

// CaptureMode is how a step takes an enemy piece.
type CaptureMode uint8

const (
	// CaptureByReplacement lands on the victim's square (FIDE): the zero value.
	CaptureByReplacement CaptureMode = iota
	// CaptureByHop jumps over the victim to an empty square beyond it on the same line (Jumping
	// Knights): a rider approaches over empty squares and rides on over empty squares to
	// the landing square of its choice; a leaper approaches by one of its leaps along that
	// line and goes on by any of them. The victim is removed; a piece never lands on an
	// occupied square.
	CaptureByHop
	// MoveOnly never captures, and so attacks nothing.
	MoveOnly
)

// The atoms of the usual pieces.
var (
	Wazir      = Atom{DF: 1, DR: 0}              // one orthogonal step
	Ferz       = Atom{DF: 1, DR: 1}              // one diagonal step
	KnightLeap = Atom{DF: 1, DR: 2}              // the knight's leap
	RookRide   = Atom{DF: 1, DR: 0, Rider: true} // any number of orthogonal steps
	BishopRide = Atom{DF: 1, DR: 1, Rider: true} // any number of diagonal steps
)

// PieceDef is how one piece type moves and is written in a variant. Pawns are described by
// the variant's PawnRules instead of atoms.
type PieceDef struct {
	Type   PieceType
	Letter byte   // upper-case FEN letter
	Name   string // as the rules call it
	Atoms  []Atom
}

// PawnRules are the pawn's moves, which differ between the games only in these numbers.
type PawnRules struct {
	StartRank  [2]int      // box rank from which a pawn may make its long first step
	FirstSteps int         // the longest first step: 2 in FIDE, 3 in Black Hole
	PromoRank  [2]int      // box rank where a pawn promotes (and no pawn may stand beyond)
	PromoTypes []PieceType // what a pawn may become, in the order moves are generated
	Capture    CaptureMode // how its diagonal forward step captures (and en passant)
}

// CastlingRules say where king and rook end up. Side 0 is towards the a-file, side 1
// towards the last file. A file of -1 means the variant has no castling.
type CastlingRules struct {
	BackRank      [2]int // box rank of each side's king and rooks
	KingFile      [2]int // box file of the king's destination
	RookFile      [2]int // box file of the rook's destination
	KingTakesRook bool   // castling is written as the king taking its rook (e1h1), Shredder FEN letters
	// CrossWithKing: the squares the king crosses are tested with the king standing on
	// each and its home square empty, and its destination is left to the legality test of
	// the whole move, for games whose attacks depend on what stands around the target (a
	// capture landing beyond its victim, a hop). Otherwise FIDE's test: every square from
	// the king's to its destination, as the position stands.
	CrossWithKing bool
}

// KingLeapRules are a once-per-game leap of the king from its original square along its
// back rank to one of Files (box files), over friendly pieces: the landing square empty,
// no enemy between, and neither the king's square nor a square it crosses or reaches
// attacked. The right is the position's king-leap right, lost with any king move. No
// files: no leap. It is no castling: no rook moves, and the castling rights stay apart.
type KingLeapRules struct {
	Files []int
}

// Variant is everything that makes one game different from another. Most of it is data;
// its capabilities say what data cannot. A capability left out means the standard rule:
// FIDE's, on the variant's board and pieces.
type Variant struct {
	Name     string // the name in conventions.md
	Title    string // the game's name, for people
	Geometry *Geometry
	Pieces   []PieceDef
	Pawn     PawnRules
	Castling CastlingRules
	KingLeap KingLeapRules
	StartFEN string
	// HandInFEN says the FEN board field carries the hand in brackets.
	HandInFEN bool
	// KingsMayBeInCheck allows positions where the side not to move is in check (Weak
	// Square: checks are ignored while a side jumps).
	KingsMayBeInCheck bool
	// StandardChess marks the game the rest of the chess world means when it names none: a
	// PGN without a Variant tag, a UCI or XBoard session before any variant is chosen. The
	// front ends write no variant for it and also read and write its moves in SAN (through
	// notnil/chess), which only this game's rules fit. At most one variant has it.
	StandardChess bool
	// Zones are squares with a rule of their own, each of a kind (zones.go: weak squares,
	// edge squares, shelters): the end of the game, the evaluation and the explanations
	// read them by kind instead of knowing the game, and a board shades them.
	Zones []Zone

	// What the data cannot say: the capabilities (capabilities.go). A capability left
	// out means the standard rule.
	turns   turnGenerator // turns generated the game's own way
	play    movePlay      // how its own move kinds are played, and what attacks
	end     gameEnd       // its own ends of game and dead positions
	fen     fenFields     // its FEN fields after the fullmove number, and its checks
	explain explanations  // why a move is refused
	// parseMove reads move texts other than the printed form (routes, other notations).
	parseMove func(p *Position, s string) (Move, bool)
	// randomStart picks a start position (Shuffle arrays); nil: StartFEN.
	randomStart func(rng *rand.Rand) string
	// quietTargets marks the squares a non-capturing move may end on (Jumping Knights'
	// central squares); nil: every square.
	quietTargets *[maxCells]bool

	// compiled from the data by compile
	byType   [NumTypes]*PieceDef
	byLetter [128]PieceType
	steps    [NumTypes][]pieceStep
	// stepKind[t] says whether all of t's steps are leaps (kindLeaper) or all rides
	// (kindRider), for genPiece's loops without a test of the kind per square; mixed
	// pieces take the general loop, and pieces with capture modes or restricted quiet
	// moves genModePiece (kindModes).
	stepKind [NumTypes]uint8
	// longStepPromotes: a pawn's first long step can reach the promotion rank, so that
	// genPawn must look at it when it generates the promotions only.
	longStepPromotes bool
	leapAttack       []attackStep
	rideAttack       []attackStep
	pawnPush         [2]Step
	pawnTake         [2][2]Step
	unitRiders       bool // every rider moves by unit steps, so the fast pin test applies
	orthRiders       uint16
	diagRiders       uint16
	// leapMask[d] and rideMask[d] are the types that attack a square from the cell d
	// away by a leap, or along the unit step d by a ride (leapAttack and rideAttack
	// indexed by their step), for InCheckAfter.
	leapMask [maxCells]uint16
	rideMask [maxCells]uint16
	// quickCheck: the standard rules decide checks and the side not to move is never in
	// check, so InCheckAfter may look at the moved piece and its origin's lines alone.
	quickCheck bool
	// linesCheck: the capture modes decide checks (modes, no attack test or apply of the
	// variant's own) and the side not to move is never in check, so a move can only
	// attack the enemy king along the lines through the king and the squares it changes
	// (InCheckAfter, givesCheckModes: attackedAlong).
	linesCheck bool
	// modes are the tables of the pieces that do not capture by replacement or whose quiet
	// moves are restricted (quietTargets), nil if there are none (capture_modes.go).
	modes *modeTables
}

// Values of Variant.stepKind (both bits: a type without steps).
const (
	kindLeaper = 1 << iota
	kindRider
	kindModes // the piece's steps are generated by genModePiece (capture_modes.go)
)

// pieceStep is one direction of a piece's move, in cells.
type pieceStep struct {
	delta Step
	rider bool
}

// attackStep is one direction from which pieces of the types in mask attack a square.
type attackStep struct {
	delta Step
	mask  uint16
}

// compile turns the variant's data into the tables the generator runs on. It panics on a
// contradiction in the data, which is a programming error in a variant file.
func (v *Variant) compile() *Variant {
	g := v.Geometry
	v.unitRiders = true
	for i := range v.Pieces {
		d := &v.Pieces[i]
		v.byType[d.Type] = d
		v.byLetter[d.Letter] = d.Type
		v.byLetter[d.Letter|0x20] = d.Type
		for _, a := range d.Atoms {
			for _, s := range symmetric(a.DF, a.DR) {
				if abs(s[0]) > g.Pad || abs(s[1]) > g.Pad {
					panic(fmt.Sprintf("%s: %c leaps further than the padding %d", v.Name, d.Letter, g.Pad))
				}
				delta := g.Delta(s[0], s[1])
				v.steps[d.Type] = append(v.steps[d.Type], pieceStep{delta: delta, rider: a.Rider})
				// An attacker stands at sq-delta; the attack steps are stored reversed.
				rev := g.Delta(-s[0], -s[1])
				switch {
				case a.Capture != CaptureByReplacement:
					// compileModes tabulates its attacks, if it has any
				case a.Rider:
					v.rideAttack = addAttack(v.rideAttack, rev, d.Type)
					unit := abs(s[0]) <= 1 && abs(s[1]) <= 1
					v.unitRiders = v.unitRiders && unit
					if unit && (s[0] == 0 || s[1] == 0) {
						v.orthRiders |= typeBit(d.Type)
					} else if unit {
						v.diagRiders |= typeBit(d.Type)
					}
				default:
					v.leapAttack = addAttack(v.leapAttack, rev, d.Type)
				}
			}
		}
	}
	for t := range v.steps {
		v.stepKind[t] = kindLeaper | kindRider
		for _, st := range v.steps[t] {
			if st.rider {
				v.stepKind[t] &^= kindLeaper
			} else {
				v.stepKind[t] &^= kindRider
			}
		}
	}
	if v.byType[Pawn] != nil {
		pa := v.Pawn
		v.longStepPromotes = pa.FirstSteps > 1 &&
			(pa.StartRank[White]+pa.FirstSteps >= pa.PromoRank[White] || pa.StartRank[Black]-pa.FirstSteps <= pa.PromoRank[Black])
		v.pawnPush[White] = g.Delta(0, 1)
		v.pawnPush[Black] = g.Delta(0, -1)
		v.pawnTake[White] = [2]Step{g.Delta(-1, 1), g.Delta(1, 1)}
		v.pawnTake[Black] = [2]Step{g.Delta(-1, -1), g.Delta(1, -1)}
	}
	if v.byType[King] == nil {
		panic(v.Name + ": no king")
	}
	v.modes = compileModes(v)
	for _, a := range v.leapAttack {
		v.leapMask[a.delta] |= a.mask
	}
	for _, a := range v.rideAttack {
		v.rideMask[a.delta] |= a.mask
	}
	v.quickCheck = v.unitRiders && v.play.attacked == nil && v.play.apply == nil && !v.KingsMayBeInCheck
	v.linesCheck = v.modes != nil && v.play.attacked == nil && v.play.apply == nil && !v.KingsMayBeInCheck
	return v
}

func addAttack(list []attackStep, delta Step, t PieceType) []attackStep {
	for i := range list {
		if list[i].delta == delta {
			list[i].mask |= typeBit(t)
			return list
		}
	}
	return append(list, attackStep{delta: delta, mask: typeBit(t)})
}

// symmetric lists the distinct images of the step (df, dr) under the symmetries of the
// square: 4 for orthogonal and diagonal steps, 8 for the others.
func symmetric(df, dr int) [][2]int {
	var out [][2]int
	for _, s := range [][2]int{{df, dr}, {dr, df}} {
		for _, sf := range []int{1, -1} {
			for _, sr := range []int{1, -1} {
				x := [2]int{s[0] * sf, s[1] * sr}
				dup := false
				for _, y := range out {
					dup = dup || x == y
				}
				if !dup {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// PieceDef is the definition of type t, nil if the variant has no such piece.
func (v *Variant) PieceDef(t PieceType) *PieceDef { return v.byType[t] }

// QuietTarget reports whether a non-capturing move may end on sq. Only Jumping Knights
// restricts it (Rule 3: the central 64 squares); its edge squares are reached by captures
// alone, and its Rule 2 and Rule 4 are stated in terms of them, which the evaluation reads
// from here instead of knowing the game.
func (v *Variant) QuietTarget(sq Square) bool {
	return v.Geometry.isSquare[sq] && (v.quietTargets == nil || v.quietTargets[sq])
}

// TypeOf is the piece type written with letter b (either case), NoType if none.
func (v *Variant) TypeOf(b byte) PieceType {
	if b >= 128 {
		return NoType
	}
	return v.byLetter[b]
}

// Letter is the FEN letter of pc: upper case for White, lower case for Black.
func (v *Variant) Letter(pc Piece) byte {
	d := v.byType[pc.Type()]
	if d == nil {
		return '?'
	}
	if pc.Color() == Black {
		return d.Letter | 0x20
	}
	return d.Letter
}

// epCapturable reports whether a pawn of side by could take the pawn that just made a
// double step, so that the en passant squares belong in the hash.
func (v *Variant) epCapturable(p *Position, by Color) bool {
	if v.play.epCapturable != nil {
		return v.play.epCapturable(p, by)
	}
	if v.modes != nil && v.Pawn.Capture != CaptureByReplacement {
		return p.epCapturableModes(by)
	}
	pawn := MakePiece(by, Pawn)
	for _, sq := range p.ep {
		if sq == NoSquare {
			continue
		}
		for _, d := range v.pawnTake[by] {
			if p.cells[sq-Square(d)] == pawn {
				return true
			}
		}
	}
	return false
}

// Start is a new game's start position. Variants with a random start use rng (a fixed
// seed gives a reproducible choice); rng may be nil for the variant's default.
func (v *Variant) Start(rng *rand.Rand) *Position {
	fen := v.StartFEN
	if v.randomStart != nil && rng != nil {
		fen = v.randomStart(rng)
	}
	p, err := v.ParseFEN(fen)
	if err != nil {
		panic(v.Name + " start position: " + err.Error())
	}
	return p
}
