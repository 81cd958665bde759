package eval

// Bunker has no tuned weights (its Texel run and Pre-chess's weights both measured even
// against the hand-set ones, docs/measured.md). Its armies and board are FIDE chess's, so
// it takes the three hand-set terms FIDE chess measured: the bishop pair and rooks on open
// and half-open files.
func init() {
	tuned["bunker"] = withHandTerms(defaultParams)
}
