//go:build !unix

package source

import "time"

// processCPU is, on this system, not measured.
func processCPU() time.Duration { return 0 }
