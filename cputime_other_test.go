//go:build !unix

package urlgrammar_test

import "time"

// processCPU is not measured on this system; the benchmarks report wall-clock time only.
func processCPU() (time.Duration, bool) { return 0, false }
