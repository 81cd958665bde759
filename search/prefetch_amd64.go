package search

import "unsafe"

// prefetch asks the processor to start loading the cache line at addr, without waiting
// for it (PREFETCHT0). Go has no portable way to say this.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
