//go:build !unix

package bench

import "time"

// cpuTime is zero where the process's processor time is not read (see cputime_unix.go):
// the bench then prints a processor time of 0.
func cpuTime() time.Duration { return 0 }
