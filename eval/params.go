package eval

import "varchess/movegen"

// Every tunable constant of the evaluation, in centipawns unless said otherwise. They are
// hand-set starting points (no tuning run yet); each line says what the number does.

// baseValue is the material value of each piece type on an 8x8 board, before the
// board-size correction of materialFor. Lines of reasoning:
var baseValue = [movegen.NumTypes]int{
	// The pawn is the unit.
	movegen.Pawn: 100,
	// Knight and bishop: the classical 3-3.25 pawns (Kaufman's 1999 study of master games).
	movegen.Knight: 320,
	movegen.Bishop: 330,
	// Rook: 5 pawns on 8x8; on the 38-square Weak Square board its mobility is smaller and
	// materialFor scales it down from its measured empty-board mobility (about 4.6 pawns).
	movegen.Rook: 500,
	// Queen: 9-9.5 pawns (Kaufman, Muller).
	movegen.Queen: 950,
	// The king is never captured: it has no material value.
	movegen.King: 0,
	// Marshall = rook + knight (the Chancellor of Capablanca chess). H.G. Muller's
	// computer-measured values put it at about 9 pawns on 10x8, just below the queen,
	// because the knight leap complements the rook's lines well.
	movegen.Marshall: 900,
	// War Machine = wazir step + orthogonal three-square leap (WH): 8 targets like a
	// knight but only along the lines, colour-bound to neither colour and slow to cross the
	// board; Muller's measurements of 8-target short-range leapers sit at about a knight.
	movegen.WarMachine: 300,
}

// nightriderValue replaces the knight's base value when the Knight type rides (the
// Nightrider of Jumping Knights): a Nightrider is commonly valued close to a rook on 8x8
// (Betza; Muller measures it slightly below), it forks at long range but is easily blocked.
// materialFor then scales it to the 10x10 board.
const nightriderValue = 450

// boardScale is how much of the difference between a rider's empty-board mobility on
// the variant's board and on 8x8 goes into its value, in percent: a rook that reaches 12
// squares on average instead of 14 loses 50% of 1/7 of its value.
const boardScale = 50

// Piece-square tables, from the board's geometry (see tables.go).
const (
	// centreWeight multiplies (a piece's empty-board moves from a square minus its average
	// over the board), per piece type, in centipawns per move: leapers gain most from the
	// centre, long riders least.
	centreWeightLeaper = 5
	centreWeightRider  = 2
	// pawnAdvance is the bonus per rank a pawn has advanced, in the middlegame.
	pawnAdvance = 4
	// kingCentreEndgame weighs the king's centralisation in the endgame (per empty-board
	// king move from the square above the average); in the middlegame the king prefers the
	// edge by kingEdgeMiddlegame per move below the average.
	kingCentreEndgame  = 8
	kingEdgeMiddlegame = 6
)

// Mobility: mobilityScale divided by the piece's largest empty-board mobility is the bonus
// per reachable square (a knight, 8 at most, gets 7 per square; a queen, 27, gets 2), so
// every piece type gains about the same from full mobility. Clamped to mobilityMax.
const (
	mobilityScale = 56
	mobilityMax   = 6
)

// King safety.
const (
	// shieldPawn is the middlegame bonus per own pawn on the three squares in front of the
	// king.
	shieldPawn = 12
	// kingZoneAttack is the middlegame penalty per enemy move that reaches a square next to
	// the king; the penalty grows with the square of the count (kingZoneQuadratic per
	// attack squared), as several attackers are worse than the sum of their threats.
	kingZoneAttack    = 6
	kingZoneQuadratic = 1
)

// Pawn structure.
const (
	doubledPawn  = 12 // penalty per pawn beyond the first on a file
	isolatedPawn = 10 // penalty for a pawn with no friendly pawn on a neighbouring file
	// passedPawn is the bonus of a passed pawn at the promotion rank; it grows with the
	// square of the pawn's progress, so a pawn on its start rank gets nothing.
	passedPawn = 120
)

// Variant terms that data cannot express.
const (
	// weakSquareAttack is the bonus per piece that attacks the opponent's weak square
	// (Weak Square: a piece that enters it wins).
	weakSquareAttack = 40
	// weakSquareKing is the bonus per step the king is closer to the opponent's weak square
	// than the farthest square, in the endgame: a bare king walks there to win.
	weakSquareKing = 6
	// trampolineNearKing is the bonus for a Hop Chess trampoline within two squares of the
	// enemy king: the launch pad of checks and mates.
	trampolineNearKing = 25
	// bunkerRight is the bonus for a bunker leap not yet used: a spare way to shelter the
	// king.
	bunkerRight = 15
	// edgeKingStalemate is the endgame penalty for a king on a Jumping Knights edge square
	// (in the king's endgame table, see placeTerms): against a central enemy king that is
	// Rule 2's stalemate victory set up against it (a stalemate then loses instead of
	// drawing), and an edge king has few quiet moves (Rule 3: they all end centrally), so
	// it is easily stalemated.
	edgeKingStalemate = 40
	// shelterZoneWeight multiplies the enemy moves into the king's zone while the king
	// stands in its Black Hole shelter (e0/e12): the zone has three flight squares instead
	// of eight (a zone of 4 squares instead of 9, hence about 9/4), so each attack takes a
	// larger share of them and a check there is often mate.
	shelterZoneWeight = 2
	// shelterKingEndgame is the endgame penalty for the king in its shelter: with three
	// flight squares, an enemy king two squares in front takes them all and one minor
	// piece mates (blackhole.md's dead-position note).
	shelterKingEndgame = 30
	// tempo is the bonus of having the move.
	tempo = 10
)

// The late endgame against a bare king (endgame.go).
const (
	// mopUpEdge is the bonus per ring the lone king stands nearer the board's rim, where
	// it has the fewest flights (and on Jumping Knights' edge, where it is stalemated).
	mopUpEdge = 40
	// mopUpClose is the bonus per step the winning king stands nearer the lone king than
	// the board's longest king distance.
	mopUpClose = 15
	// mopUpCorner adds, with bishop and knight, the bonus per step the lone king stands
	// nearer a corner of the bishop's colour than one of the other colour.
	mopUpCorner = 40
	// drawnEndgameDivisor divides the advantage of a minor piece or two knights against
	// a bare king, which cannot force a mate.
	drawnEndgameDivisor = 16
)
