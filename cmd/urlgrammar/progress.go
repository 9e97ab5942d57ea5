package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress reports, on a terminal's standard error, how far a long run has got: the inputs
// judged, their pace, and when the size of what is read is known (files, or a file as standard
// input) how much of it is read and about how long the rest will take at the pace so far. It
// is shown only when standard output is not that terminal too (there, the results themselves
// show progress, and a progress line would land among them), and only after two seconds.
type progress struct {
	w     io.Writer
	start time.Time
	next  time.Time
	nextN int // the count at which to look at the clock again
	shown bool
	// size is the number of bytes of the inputs (of a gzip file, its compressed bytes), 0 when
	// it is not known.
	size int64
}

// newProgress returns the progress line of a run over files ("-": stdin), or nil when none is
// shown.
func newProgress(files []string, stdin io.Reader, stdout, stderr io.Writer) *progress {
	if !isTerminal(stderr) || isTerminal(stdout) {
		return nil
	}
	now := time.Now()
	p := &progress{w: stderr, start: now, next: now.Add(2 * time.Second)}
	for _, file := range files {
		var st os.FileInfo
		var err error
		if f, ok := stdin.(*os.File); file == "-" && ok {
			st, err = f.Stat()
		} else if file != "-" {
			st, err = os.Stat(file)
		}
		if st == nil || err != nil || !st.Mode().IsRegular() {
			p.size = 0 // a pipe, or a terminal: how much will come is not known
			break
		}
		p.size += st.Size()
	}
	return p
}

// tick shows the progress line of n inputs judged, read bytes read, when it is time to.
func (p *progress) tick(n int, read int64) {
	if p == nil || n < p.nextN {
		return
	}
	p.nextN = n + 4096
	now := time.Now()
	if !now.After(p.next) {
		return
	}
	elapsed := now.Sub(p.start)
	line := fmt.Sprintf("%s judged (%.0f/s)", plural(n, "input"), float64(n)/elapsed.Seconds())
	if p.size > 0 && read > 0 {
		share := float64(min(read, p.size)) / float64(p.size)
		left := time.Duration(float64(elapsed) * (1 - share) / share).Round(time.Second)
		line = fmt.Sprintf("%s, %.0f%% of the input read, about %v left", line, 100*share, left)
	}
	fmt.Fprintf(p.w, "\r%s\033[K", line)
	p.next, p.shown = now.Add(500*time.Millisecond), true
}

// done clears the progress line, if it was shown.
func (p *progress) done() {
	if p != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
