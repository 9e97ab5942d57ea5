//go:build unix

package source

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, on all its threads (getrusage): beside the
// wall clock, what a reader that works on several cores costs.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
