package search

import (
	"sync/atomic"

	"varchess/movegen"
)

// Bound says what a stored score is: exact, at least (a fail high) or at most (a fail low).
type bound uint8

const (
	boundNone  bound = 0
	boundUpper bound = 1
	boundLower bound = 2
	boundExact bound = 3
)

// ttEntry is one slot, lock-free: the data word and the key XOR data. A reader that sees
// a word of one write and a word of another gets a key that does not match and treats the
// slot as empty (Hyatt's lockless hashing). Go's atomics make the race visible to the race
// detector as synchronised.
type ttEntry struct {
	keyXor atomic.Uint64
	data   atomic.Uint64
}

// ttBucket holds two entries: the deepest-ever one and a recent one.
type ttBucket [2]ttEntry

// table is the transposition table shared by every worker.
type table struct {
	buckets []ttBucket
	mask    uint64
	age     uint8 // 6 bits, advanced by every search
}

// data word layout:
//
//	bits  0-31 move
//	bits 32-47 score (int16)
//	bits 48-55 depth (uint8)
//	bits 56-57 bound
//	bits 58-63 age
func pack(m movegen.Move, score, depth int, b bound, age uint8) uint64 {
	return uint64(m) | uint64(uint16(int16(score)))<<32 | uint64(uint8(depth))<<48 |
		uint64(b)<<56 | uint64(age&63)<<58
}

type ttHit struct {
	move  movegen.Move
	score int
	depth int
	bound bound
}

func unpack(d uint64) ttHit {
	return ttHit{
		move:  movegen.Move(uint32(d)),
		score: int(int16(uint16(d >> 32))),
		depth: int(uint8(d >> 48)),
		bound: bound(d>>56) & 3,
	}
}

// newTable makes a table of about mb megabytes (a power of two of buckets).
func newTable(mb int) *table {
	n := uint64(mb) << 20 / 32
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	t := &table{buckets: make([]ttBucket, size), mask: size - 1}
	t.clear() // touch every page now, not on the clock of the first move
	return t
}

// clear empties the table. No search may run: plain stores, not atomic ones, which on a
// large table is the difference between a millisecond and tens of them.
func (t *table) clear() {
	clear(t.buckets)
	t.age = 0
}

// probe looks key up.
func (t *table) probe(key uint64) (ttHit, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		d := b[i].data.Load()
		if b[i].keyXor.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return ttHit{}, false
}

// store saves a search result. It replaces the entry of the same position, else the
// shallower or older of the two.
func (t *table) store(key uint64, m movegen.Move, score, depth int, b bound) {
	bk := &t.buckets[key&t.mask]
	victim := &bk[0]
	vd := victim.data.Load()
	for i := range bk {
		d := bk[i].data.Load()
		if bk[i].keyXor.Load()^d == key {
			old := unpack(d)
			// Keep the deeper result of the same position unless this one is exact, and keep
			// its move if this search found none.
			if b != boundExact && depth+2 < old.depth && uint8(d>>58) == t.age&63 {
				return
			}
			if m == movegen.NullMove {
				m = old.move
			}
			victim = &bk[i]
			vd = ^uint64(0) // chosen
			break
		}
		if i > 0 && t.worse(d, vd) {
			victim, vd = &bk[i], d
		}
	}
	depth = max(depth, 0)
	d := pack(m, score, min(depth, 255), b, t.age)
	victim.data.Store(d)
	victim.keyXor.Store(key ^ d)
}

// worse reports whether data word a is a better slot to overwrite than b: older, or as
// old and shallower.
func (t *table) worse(a, b uint64) bool {
	agea, ageb := uint8(a>>58) == t.age&63, uint8(b>>58) == t.age&63
	if agea != ageb {
		return !agea
	}
	return uint8(a>>48) < uint8(b>>48)
}

// hashFull is the permille of the first thousand slots used by the current search.
func (t *table) hashFull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d != 0 && uint8(d>>58) == t.age&63 {
				used++
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return used * 1000 / n
}

// scoreToTT converts a score at ply into the table's form: mate scores count from the
// stored node, not from the root, so that they stay true wherever the node is met again.
func scoreToTT(score, ply int) int {
	switch {
	case score > MateBound:
		return score + ply
	case score < -MateBound:
		return score - ply
	}
	return score
}

// scoreFromTT is the inverse of scoreToTT at ply.
func scoreFromTT(score, ply int) int {
	switch {
	case score > MateBound:
		return score - ply
	case score < -MateBound:
		return score + ply
	}
	return score
}
