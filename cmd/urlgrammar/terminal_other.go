//go:build !linux

package main

import "os"

// terminalWidth returns 0, the width not known, and whether f is a character device: the best
// this platform's standard library can tell without a terminal request (a /dev/null counts as
// one here).
func terminalWidth(f *os.File) (int, bool) {
	st, err := f.Stat()
	return 0, err == nil && st.Mode()&os.ModeCharDevice != 0
}
