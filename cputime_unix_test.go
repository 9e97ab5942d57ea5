//go:build unix

package urlgrammar_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used so far, in user and system mode, on every
// thread (the garbage collector's included). Unlike the wall-clock time of ns/op, it does not
// grow while the process waits for a CPU on a busy machine.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
