package main

import "time"

// A fixed report date: tests compare whole reports made at different moments.
func init() {
	reportClock = func() time.Time { return time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC) }
}
