package main

import (
	"os"
	"syscall"
	"unsafe"
)

// terminalWidth returns the width in columns of f (0 when it does not say), and whether f is a
// terminal: a character device that answers the terminal's request for its size, which
// /dev/null does not.
func terminalWidth(f *os.File) (int, bool) {
	var ws struct{ row, col, x, y uint16 }
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws)))
	return int(ws.col), errno == 0
}
