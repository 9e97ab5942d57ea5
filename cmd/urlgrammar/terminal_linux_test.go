package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its terminal side (and its controlling side, to
// close), or skips the test where the system has none.
func openPTY(t *testing.T) (tty, ptmx *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var unlock int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		t.Skipf("unlocking the pseudo-terminal: %v", errno)
	}
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Skipf("naming the pseudo-terminal: %v", errno)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty, ptmx
}

// TestTerminalDetection: a terminal is one that answers as a terminal; /dev/null, a character
// device too, is not one, so "compare </dev/null" compares no inputs instead of the corpus.
func TestTerminalDetection(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTerminal(null) {
		t.Errorf("%s is taken for a terminal", os.DevNull)
	}
	var out, errb bytes.Buffer
	if status := run([]string{"compare", "--format", "json"}, null, &out, &errb); status != exitUsage || out.Len() != 0 ||
		!strings.HasPrefix(errb.String(), "urlgrammar compare: no inputs: standard input was empty") || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("compare </dev/null: status %d, %q %q", status, out.String(), errb.String())
	}
	tty, _ := openPTY(t)
	if !isTerminal(tty) {
		t.Errorf("a pseudo-terminal is not taken for a terminal")
	}
}

// TestProgressOnlyOffTheTable: progress goes to a terminal's stderr only when the rows do not go
// to that terminal, where it would land among them.
func TestProgressOnlyOffTheTable(t *testing.T) {
	tty, _ := openPTY(t)
	if p := newProgress(nil, nil, tty, tty); p != nil {
		t.Errorf("progress shown with the table on the same terminal")
	}
	if p := newProgress(nil, nil, &bytes.Buffer{}, tty); p == nil {
		t.Errorf("no progress with the rows going to a file")
	}
	if p := newProgress(nil, nil, &bytes.Buffer{}, &bytes.Buffer{}); p != nil {
		t.Errorf("progress shown on a stderr that is no terminal")
	}
	if w := tableWidth(tty); w <= 0 {
		t.Errorf("width %d on a terminal", w)
	}
	// Commands write to the errWriter that run makes of standard output: it is the terminal.
	if p := newProgress(nil, nil, &errWriter{w: tty}, tty); p != nil {
		t.Errorf("progress shown with the table on the same terminal, under run's errWriter")
	}
	if w := tableWidth(&errWriter{w: tty}); w <= 0 {
		t.Errorf("width %d on a terminal under run's errWriter", w)
	}
	if w := tableWidth(&bytes.Buffer{}); w != 0 {
		t.Errorf("width %d off a terminal", w)
	}
}

// TestProgressSize: the size of the input is known when it is files, or a file on standard
// input, and not known when any part of it is a pipe.
func TestProgressSize(t *testing.T) {
	tty, _ := openPTY(t)
	a := writeTemp(t, "a.txt", []byte("http://a/\n"))
	b := writeTemp(t, "b.txt", []byte("http://b/c\n"))
	f, err := os.Open(b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, _ := os.Pipe()
	defer r.Close()
	defer w.Close()
	for _, c := range []struct {
		files []string
		stdin *os.File
		size  int64
	}{{[]string{a, b}, nil, 21}, {[]string{a, "-"}, f, 21}, {[]string{a, "-"}, r, 0}, {[]string{"-"}, tty, 0}} {
		if p := newProgress(c.files, c.stdin, &bytes.Buffer{}, tty); p == nil || p.size != c.size {
			t.Errorf("%q: size %+v, want %d", c.files, p, c.size)
		}
	}
}
