package movegen

// The capabilities of a Variant: what its data cannot say, one small group of functions per
// concern, set in the variant's registration block. A capability left out (its zero value)
// or a function left nil means the standard rule: FIDE's, on the variant's board and
// pieces, with the variant's data. The functions that fill them are named game first, then
// the member: hopLegalMoves, jkValidate, bunkerParseFields. The capabilities of one
// function (parseMove, randomStart) are function fields of Variant itself.

// turnGenerator is for a game whose turns are generated its own way (a piece move and a
// placement in one turn, captures that hop, a placement phase). legalMoves is
// the capability; the other queries are derived from it where they are nil, and a game
// sets them to answer faster than the derivation.
type turnGenerator struct {
	// legalMoves replaces the whole legal move generation.
	legalMoves func(p *Position, ml *MoveList)
	// legalMovesChecks replaces LegalMovesChecks' play-and-test filter (finding the
	// checking turns without playing hundreds of turns).
	legalMovesChecks func(p *Position, ml, checks *MoveList)
	// legalTactical replaces LegalTactical's filter of every legal move.
	legalTactical func(p *Position, ml *MoveList) bool
	// legalTacticalPlaced lists each tactical piece move once, with one placement
	// (LegalTacticalPlaced); nil: the game has no placements to choose.
	legalTacticalPlaced func(p *Position, ml *MoveList, avoid *Landings) bool
	// hasLegalMove replaces HasLegalMove's generation of every move; hint as in
	// HasLegalMoveHint (nil: none).
	hasLegalMove func(p *Position, scratch *MoveList, hint *Move) bool
	// forcedMoves tells whether a rule restricts the side to move to captures and checks
	// (ForcedMoves); nil: no rule of the game ever does.
	forcedMoves func(p *Position, scratch *MoveList) bool
}

// movePlay is for a game with move kinds or captures of its own: how a move is played and
// what then attacks a square.
type movePlay struct {
	// apply plays a move of a kind the standard apply does not know, or replaces it.
	apply func(p *Position, m Move)
	// attacked replaces the standard attack test (hop captures, trampolines).
	attacked func(p *Position, sq Square, by Color) bool
	// epCapturable replaces the test of whether side by may take en passant next.
	epCapturable func(p *Position, by Color) bool
}

// gameEnd is a game's own ends of game, beside mate, stalemate and the fifty-move rule.
type gameEnd struct {
	// outcome judges a position by the game's own ends, given its number of legal moves;
	// ok is false if the standard rules decide (mate, stalemate).
	outcome func(p *Position, legal int) (o Outcome, ok bool)
	// deadPosition reports draws by insufficient material; nil: none is declared.
	deadPosition func(p *Position) bool
}

// fenFields is a game's FEN fields after the fullmove number, and the positions its rules
// cannot reach.
type fenFields struct {
	// parseFields reads the fields after the fullmove number (nil: there are none).
	parseFields func(p *Position, fields []string) error
	// formatFields writes them.
	formatFields func(p *Position) []string
	// validate rejects positions the game cannot reach, after the FEN is read.
	validate func(p *Position) error
}

// explanations are a game's words for people: why a move is refused (WhyIllegal) and what
// the side to move does in the game's phases (Describe).
type explanations struct {
	// pseudoMoves adds the moves the piece patterns allow before the king's safety and the
	// game's restrictions are applied, to tell a move no piece makes from one a rule
	// forbids; nil: the standard pseudo-legal moves.
	pseudoMoves func(p *Position, ml *MoveList)
	// whyNot gives the game's own reason why the side to move has no move from -> to (a
	// phase, a forbidden square), "" to let WhyIllegal look further.
	whyNot func(p *Position, from, to Square) string
	// describePhase says what the side to move does now in the game's phases: a status
	// ("Black jumps and places a piece"; "" for "White to move") and a note when
	// something needs saying; legal is the side's legal moves. nil: no phases.
	describePhase func(p *Position, legal *MoveList) (status, note string)
}
