//go:build !amd64

package search

import "unsafe"

// prefetch does nothing where no assembly version exists (see prefetch_amd64.go).
func prefetch(unsafe.Pointer) {}
