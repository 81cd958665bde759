package bench

import (
	"fmt"
	"strconv"
	"strings"

	"varchess/movegen"
)

// Tournament kinds: who plays whom when more than two engines take part.
const (
	roundRobin = "round-robin" // every engine against every other
	gauntlet   = "gauntlet"    // the first engine against each of the others
)

// job is one game of the schedule. The schedule is a pure function of the configuration
// (variants, engines, tournament kind, games per pair): every shard of a campaign computes
// the same one and plays its own part, so the seed and the game numbers agree everywhere.
type job struct {
	Index        int // 0-based place in the whole schedule; the game's Round is Index+1
	Variant      int // index in the configuration's variants
	Opening      int // the opening's number within its variant
	Pairing      int // 0-based: the one or two games of a pair of engines from one opening
	White, Black int // engine indices
}

// pairs are the engine pairs (a, b) with a < b that meet in a tournament of n engines.
func pairs(n int, kind string) [][2]int {
	var out [][2]int
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if kind == gauntlet && a != 0 {
				continue
			}
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// makeSchedule lists every game: for each variant, for each opening, each pair of
// engines plays it twice, the lower-numbered engine White first, so every pair sees the
// same openings and a two-engine match is the games of the first opening, then the second,
// and so on. games is the number of games per pair and variant (an odd number leaves the
// last opening with one game).
func makeSchedule(variants, engines int, kind string, games int) []job {
	var out []job
	pairing := 0
	for v := 0; v < variants; v++ {
		for k := 0; 2*k < games; k++ {
			for _, p := range pairs(engines, kind) {
				for c := 0; c < 2 && 2*k+c < games; c++ {
					j := job{Index: len(out), Variant: v, Opening: k, Pairing: pairing, White: p[c], Black: p[1-c]}
					out = append(out, j)
				}
				pairing++
			}
		}
	}
	return out
}

// shardOf is the part of a schedule that shard k of n plays (k from 1): every n-th
// pairing, so both colours of an opening stay in one shard (the pentanomial statistics
// need them together) and the shards' loads differ by one pairing at most.
func shardOf(jobs []job, k, n int) []job {
	if n <= 1 {
		return jobs
	}
	var out []job
	for _, j := range jobs {
		if j.Pairing%n == k-1 {
			out = append(out, j)
		}
	}
	return out
}

// ParseShard reads -shard K/N.
func ParseShard(s string) (k, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > 100000 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("-shard %q: want K/N with 1 <= K <= N, like 2/4", s)
	}
	return k, n, nil
}

// parseVariants reads -variant: a name, names separated by commas, or all.
func parseVariants(s string) ([]*movegen.Variant, error) {
	names := strings.Split(s, ",")
	if s == "all" {
		names = movegen.Names()
	}
	var out []*movegen.Variant
	for _, n := range names {
		v := movegen.ByName(strings.TrimSpace(n))
		if v == nil {
			return nil, fmt.Errorf("unknown variant %q (known: %s, or all)", n, strings.Join(movegen.Names(), ", "))
		}
		out = append(out, v)
	}
	return out, nil
}
