package main

import (
	"errors"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/urlgrammar/urlgrammar/compare"
)

// A stop ends a run as the end of its input would, whichever of three signals asks for it:
// SIGINT (^C), SIGTERM (how timeout, systemd and kubectl stop a process) and SIGHUP (its
// terminal gone). The loop reads no further input; the inputs already read are judged and
// their results written, in whole lines; the summary says the run was stopped, by which signal
// and after which input; and the exit status is 128 + the signal's number (130, 143, 129), as a
// shell reports a command killed by it. A read that waits for input (a pipe that stays open,
// as with tail -f) returns at once (stopReader). A line read only in part is no input yet, and
// is not judged. A second signal kills the command at once.

// stopSignals are the signals that stop a run, by the names a summary gives them.
var stopSignals = map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM", syscall.SIGHUP: "SIGHUP"}

var (
	stopSignal atomic.Int32            // the syscall.Signal that stopped the run, once one came
	stopping   = make(chan struct{})   // closed when it came
	errStopped = errors.New("stopped") // what a read waiting for input returns on a stop
	looping    atomic.Bool             // the command runs a loop, which a stop ends
)

// handleStops stops the running command on the first of stopSignals (see above), or ends a
// command that reads no inputs at once, with the same status. main calls it; the tests, which
// run commands in their own process, do not.
func handleStops() {
	c := make(chan os.Signal, 1)
	for s := range stopSignals {
		signal.Notify(c, s)
	}
	go func() {
		s := <-c
		signal.Stop(c) // a second signal kills at once
		stopSignal.Store(int32(s.(syscall.Signal)))
		close(stopping)
		if !looping.Load() { // a command without inputs (conform, charsets) ends at once
			os.Exit(128 + int(stopSignal.Load()))
		}
	}()
}

// A stopReader reads r in a goroutine of its own, so that a Read that waits for input returns
// errStopped when a stop comes, after what was read before it: a stop ends a pipe's input where
// it was read to, so that every byte taken from the pipe is judged, and the readers above it
// (lines, a WARC file's records) give what they hold before the error.
type stopReader struct {
	full chan []byte // what each read of r gave; closed at its end
	err  error       // the error that ended r, once full is closed
	rest []byte      // of the read being taken
}

// newStopReader returns r, read so that a stop ends a wait for input. A regular file is read
// as it is: its reads never wait.
func newStopReader(r io.Reader) io.Reader {
	if f, ok := r.(*os.File); !ok {
		return r
	} else if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		return r
	}
	s := &stopReader{full: make(chan []byte)}
	go func() {
		for {
			select {
			case <-stopping: // nothing more is read
				return
			default:
			}
			buf := make([]byte, 64<<10) // a new one each time: the last may be held when a stop comes
			n, err := r.Read(buf)
			if n > 0 {
				s.full <- buf[:n]
			}
			if err != nil {
				s.err = err // before full is closed, which Read sees after it
				close(s.full)
				return
			}
		}
	}()
	return s
}

func (s *stopReader) Read(p []byte) (int, error) {
	if len(s.rest) == 0 {
		var ok bool
		select {
		case s.rest, ok = <-s.full:
		case <-stopping:
			select { // what was read before the stop first
			case s.rest, ok = <-s.full:
			default:
				return 0, errStopped
			}
		}
		if !ok {
			return 0, s.err
		}
	}
	n := copy(p, s.rest)
	s.rest = s.rest[n:]
	return n, nil
}

// stopped says whether a signal has stopped the run, for input that is read without waiting
// (arguments, a regular file), which a stop ends after the input read last; input that may
// wait (l.waits) ends with errStopped, after what was read from it.
func (l *loop) stopped() bool {
	l.stop = l.stop || (!l.waits && stopSignal.Load() != 0)
	return l.stop
}

// stopAt says, when a signal stopped the run, which and after which input, or is nil.
func (l *loop) stopAt() *compare.Stop {
	if !l.stop {
		return nil
	}
	at := &compare.Stop{Signal: stopSignals[syscall.Signal(stopSignal.Load())], AfterLine: l.cur.line}
	if l.files == nil {
		at.AfterLine = l.inputs + l.bad
	} else if len(l.files) > 1 {
		at.File = l.cur.file
	}
	return at
}

// cut says what cut the input short, or "" when it was read to its end. A stop is said with
// the last input read: "stopped by SIGTERM after line 12", "… after a.txt line 12", or
// without files the inputs' count.
func (l *loop) cut() string {
	stopped := "stopped by " + stopSignals[syscall.Signal(stopSignal.Load())]
	switch {
	case l.stop && l.files == nil:
		return stopped + " after " + plural(l.inputs+l.bad, "input")
	case l.stop && l.cur.line == 0 && l.cur.src == nil:
		return stopped + " before the first line"
	case l.stop:
		return stopped + " after " + l.cur.where(len(l.files))
	case l.readErr != nil:
		return "cut short by a read error"
	}
	return ""
}
