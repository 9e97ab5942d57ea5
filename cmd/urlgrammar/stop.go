package main

import (
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"time"
)

// An interrupt (SIGINT, ^C) stops a run without losing what it judged: the loop reads no
// further input, and the command ends as at the end of its input, writing its summary, which
// says the input was interrupted; the exit status is 130 (128 + SIGINT), as a shell reports a
// command killed by it. A loop that waits for input (a pipe that stays open, as with tail -f)
// is stopped where it waits, after interruptGrace: what it judged is written, in whole lines.
// A second interrupt kills the command at once.

// exitInterrupted is the exit status of an interrupted command.
const exitInterrupted = 130

// interruptGrace is how long an interrupt waits for a loop to stop by itself.
const interruptGrace = time.Second

var (
	interrupted atomic.Bool          // an interrupt came: loops read no further input
	active      atomic.Pointer[loop] // the loop of the running command, if any
)

// handleInterrupts stops the running command's loop on an interrupt (see above). main calls
// it; the tests, which run commands in their own process, do not.
func handleInterrupts() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	go func() {
		<-c
		signal.Stop(c) // a second interrupt kills at once
		interrupted.Store(true)
		time.Sleep(interruptGrace)
		if l := active.Load(); l != nil {
			if status, ok := l.interrupt(); ok {
				os.Exit(status)
			}
		}
	}()
}

// interrupt stops l where it waits for input: it writes what was judged and says the input was
// interrupted. It is false when l has finished already (its command exits by itself).
func (l *loop) interrupt() (int, bool) {
	l.mu.Lock() // held by l's goroutine but while it waits for input
	if l.finished {
		l.mu.Unlock()
		return 0, false
	}
	l.interrupted = true
	l.out.Flush()
	l.lines.flushAll()
	l.progress.done()
	// A pipeline that judges several inputs at once (check without --line-buffered, compare)
	// may hold inputs read and not yet judged: the summary's count says how many were.
	fmt.Fprintf(l.stderr, "urlgrammar %s: %s\n", l.cmd, l.summary())
	return exitInterrupted, true
}

// cut says what cut the input short, or "" when it was read to its end. An interrupt is said
// with the last input read: "line 12", "a.txt line 12", or without files the inputs' count.
func (l *loop) cut() string {
	switch {
	case l.interrupted && l.files == nil:
		return "interrupted after " + plural(l.inputs+l.bad, "input")
	case l.interrupted:
		return "interrupted after " + l.cur.where(len(l.files))
	case l.readErr != nil:
		return "cut short by a read error"
	}
	return ""
}
