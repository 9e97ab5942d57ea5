//go:build !linux

package reading

import "time"

var epoch = time.Now()

// threadCPU is, on this system, the wall-clock time (monotonic): the ratios of the paired
// benchmarks then include the time spent waiting for a CPU.
func threadCPU() time.Duration { return time.Since(epoch) }
