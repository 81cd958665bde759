//go:build unix

package bench

import (
	"syscall"
	"time"
)

// cpuTime is the processor time this process has used so far. On a shared machine it
// measures speed better than the wall clock, which counts the time other programs run.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
