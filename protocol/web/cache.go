package web

import (
	"sync"

	"varchess/movegen"
)

// sanCacheSize bounds each SAN cache; a full cache is emptied and fills again (a game's
// next request repeats its whole history, so the working set is the games being played).
const sanCacheSize = 50000

// cache is a bounded map shared by the requests: SAN through notnil/chess reads a FEN per
// position, which would be most of a normal-chess state request's time if every request
// redid its whole history. The values are pure functions of the keys, so a stale entry
// cannot exist.
type cache[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

func (c *cache[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

func (c *cache[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= sanCacheSize {
		c.m = make(map[string]V)
	}
	c.m[key] = v
}

var (
	playedSAN cache[string]   // FEN + " " + move text -> SAN
	listSANs  cache[[]string] // FEN -> SAN of each legal move, in movegen's order
)

// moveLists holds move lists for the requests: a MoveList is some 45 KB, too much to
// allocate for every move of every replayed game.
var moveLists = sync.Pool{New: func() any { return new(movegen.MoveList) }}

func getMoveList() *movegen.MoveList {
	ml := moveLists.Get().(*movegen.MoveList)
	ml.Reset()
	return ml
}

func putMoveList(ml *movegen.MoveList) { moveLists.Put(ml) }
