package movegen

import "testing"

// BenchmarkPerft measures leaves per second from every variant's start position (the
// same counting mode as engine perft: bulk counting at the last ply). Compare variants
// side by side in one run: go test -run '^$' -bench Perft ./movegen
func BenchmarkPerft(b *testing.B) {
	for _, v := range All {
		p := v.Start(nil)
		depth := 1
		for Perft(p, depth) < 200_000 && depth < 8 {
			depth++
		}
		b.Run(v.Name, func(b *testing.B) { benchPerft(b, p, depth) })
	}
}
