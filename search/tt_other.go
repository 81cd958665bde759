//go:build !linux

package search

// hugePages is a no-op where the system offers no huge-page hint (see tt_linux.go).
func hugePages([]ttBucket) {}
