// Package inorder runs work on the batches of a stream on every CPU and gives the results in
// the stream's order: the pipeline of compare's reports and of the command's check.
package inorder

import (
	"iter"
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxBatch is how many inputs a worker takes at a time once a stream has shown it is long.
// The first batches are smaller (1, 2, 4, …), so that the first verdicts on a slow stream come
// early; at full size, handing a batch over costs little beside judging it.
const MaxBatch = 256

// Map calls work on batches of the inputs on every CPU, and yields its results in input
// order; first is the index of a batch's first input. At most eight batches per CPU are in
// flight, so it runs in constant memory on a stream of any length; that many, so that the
// workers still have work when the goroutine that hands it out waits a while for a CPU.
//
// The inputs are read, and results yielded, in the calling goroutine only: a panic of inputs is
// raised there, and so is one of work, raised again when its batch's turn comes. When yield
// returns false, Map reads no more inputs, drops the batches not yet begun and returns once
// the workers are idle.
func Map[T, R any](inputs iter.Seq[T], work func(first int, batch []T) R, yield func(R) bool) {
	type job struct {
		first    int
		batch    []T
		out      R
		panicked bool
		panicVal any
		done     chan struct{}
	}
	workers := runtime.GOMAXPROCS(0)
	maxPending := 8 * workers
	jobs := make(chan *job, maxPending) // never full: it holds at most the pending jobs
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				func() {
					defer close(j.done)
					if stopped.Load() {
						return
					}
					defer func() {
						if p := recover(); p != nil {
							j.panicked, j.panicVal = true, p
						}
					}()
					j.out = work(j.first, j.batch)
				}()
			}
		}()
	}
	defer func() {
		// On a break, an early return or a panic alike: no batch is begun any more, and the
		// workers are gone before Map returns.
		stopped.Store(true)
		close(jobs)
		wg.Wait()
	}()

	var pending []*job // submitted, not yet yielded, in input order
	// emit yields the results of the finished batches at the head of pending, after waiting
	// for the first of them when wait is set. It reports whether to go on.
	emit := func(wait bool) bool {
		for len(pending) > 0 {
			j := pending[0]
			if wait {
				<-j.done
				wait = false
			} else {
				select {
				case <-j.done:
				default:
					return true
				}
			}
			pending[0] = nil
			pending = pending[1:]
			if j.panicked {
				panic(j.panicVal)
			}
			if !yield(j.out) {
				return false
			}
		}
		return true
	}
	read, size := 0, 1
	batch := make([]T, 0, size)
	submit := func() bool {
		if len(pending) == maxPending && !emit(true) {
			return false
		}
		j := &job{first: read - len(batch), batch: batch, done: make(chan struct{})}
		pending = append(pending, j)
		jobs <- j
		size = min(2*size, MaxBatch)
		batch = make([]T, 0, size)
		return true
	}
	for s := range inputs {
		batch = append(batch, s)
		read++
		if len(batch) == size && (!submit() || !emit(false)) {
			return
		}
	}
	if len(batch) > 0 && !submit() {
		return
	}
	for len(pending) > 0 && emit(true) {
	}
}
