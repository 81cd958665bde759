package eval

// The Weak Square has no tuned weights (its two Texel runs measured below the hand-set ones,
// docs/measured.md). It takes the three hand-set terms FIDE chess measured: the bishop
// pair and rooks on open and half-open files. With three pawns a side on six files, most
// files are open, so a rook's file counts for more here than it would on a crowded board.
func init() {
	weakSquare := defaultParams
	weakSquare.BishopPair = handBishopPair
	weakSquare.RookOpenFile = handRookOpenFile
	weakSquare.RookHalfOpenFile = handRookHalfOpenFile
	tuned["weaksquare"] = weakSquare
}
