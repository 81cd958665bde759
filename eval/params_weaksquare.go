package eval

// The Weak Square has no tuned weights (its two Texel runs measured below the hand-set ones,
// docs/measured.md). It takes the three hand-set terms FIDE chess measured: the bishop
// pair and rooks on open and half-open files (+20 by SPRT). With three pawns a side on six
// files, most files are open or half-open.
func init() {
	tuned["weaksquare"] = withHandTerms(defaultParams)
}
