package movegen

import "math/rand/v2"

// maxHand bounds the number of pieces of one type in one hand, for the hand keys.
const maxHand = 16

// zobrist holds the random keys of the position hash. They come from a PRNG with a fixed
// seed, so hashes (and with them the bench signature) are the same in every run.
var zobrist = newZobrist()

type zobristKeys struct {
	piece  [numPieceCodes][maxCells]uint64
	side   uint64
	castle [2][maxCells]uint64 // a castling right with the rook on that square
	ep     [maxCells]uint64    // a passed square of an en passant that can be taken
	hand   [2][NumTypes][maxHand + 1]uint64
	phase  [2][4]uint64
	bunker [2]uint64
	tramp  [2][maxCells]uint64 // a trampoline on that square (NoSquare: off the board)
}

func newZobrist() *zobristKeys {
	rng := rand.New(rand.NewPCG(0x9E3779B97F4A7C15, 0xD1B54A32D192ED03))
	z := &zobristKeys{}
	for i := range z.piece {
		for j := range z.piece[i] {
			z.piece[i][j] = rng.Uint64()
		}
	}
	z.side = rng.Uint64()
	for c := range z.castle {
		for j := range z.castle[c] {
			z.castle[c][j] = rng.Uint64()
		}
	}
	for j := range z.ep {
		z.ep[j] = rng.Uint64()
	}
	for c := range z.hand {
		for t := range z.hand[c] {
			for n := 1; n <= maxHand; n++ { // an empty hand adds nothing
				z.hand[c][t][n] = rng.Uint64()
			}
		}
	}
	for c := range z.phase {
		for j := range z.phase[c] {
			z.phase[c][j] = rng.Uint64()
		}
	}
	z.bunker[0], z.bunker[1] = rng.Uint64(), rng.Uint64()
	for c := range z.tramp {
		for j := range z.tramp[c] {
			z.tramp[c][j] = rng.Uint64()
		}
	}
	return z
}
