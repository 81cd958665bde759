package search

import (
	"syscall"
	"unsafe"
)

// hugePages asks Linux to back the table with 2 MB pages (transparent huge pages, where the
// system allows them on request). Every probe lands on a random bucket: with 4 KB pages
// nearly every one also misses the processor's address-translation cache, and with 2 MB
// pages a table of tens of megabytes fits in it. Only the whole 2 MB pages inside the
// slice are advised; the call is a hint, and its failure changes nothing but the speed.
func hugePages(b []ttBucket) {
	if len(b) == 0 {
		return
	}
	const huge = 2 << 20
	start := uintptr(unsafe.Pointer(&b[0]))
	end := start + uintptr(len(b))*unsafe.Sizeof(b[0])
	lo, hi := (start+huge-1)&^(huge-1), end&^(huge-1)
	if lo >= hi {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&b[0]), lo-start)), hi-lo)
	_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE
}
