//go:build !linux

package main

import "os"

// isTerminalFile reports whether f is a character device: the best this platform's standard
// library can tell without a terminal request (a /dev/null counts as one here).
func isTerminalFile(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// terminalWidth returns 0: the width is not known.
func terminalWidth(*os.File) int { return 0 }
