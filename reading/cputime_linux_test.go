package reading

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time the calling thread has used (clock_gettime with
// CLOCK_THREAD_CPUTIME_ID), which does not grow while the thread waits for a CPU on a busy
// machine (the root package's benchmarks measure the same way).
func threadCPU() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
