package compare_test

import (
	"errors"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// inputsOf yields the strings of ss.
func inputsOf(ss ...string) iter.Seq[string] { return slices.Values(ss) }

// TestUnknownTarget: a target that names an unknown version or rule gives no verdict, from
// Compare or CompareAll, where it once read as every input accepted.
func TestUnknownTarget(t *testing.T) {
	for _, bad := range []compare.Target{
		{Version: urlgrammar.Version(200)},
		{Version: urlgrammar.Version(200), Rule: "URI"},
		{Version: urlgrammar.RFC3986, Rule: "no-such-rule"},
	} {
		targets := []compare.Target{{Version: urlgrammar.RFC3986}, bad}
		if c, err := compare.Compare(targets, "http://a/", 0); err == nil {
			t.Errorf("Compare with %v: no error, a verdict on %q", bad, c.Input)
		}
		seq, err := compare.CompareAll(targets, inputsOf("http://a/", "b"), 0)
		if err == nil {
			n := 0
			for range seq {
				n++
			}
			t.Errorf("CompareAll with %v: no error, %d comparisons", bad, n)
		}
		if seq != nil {
			t.Errorf("CompareAll with %v: a sequence beside the error", bad)
		}
		if err := compare.CheckTargets(targets); err == nil {
			t.Errorf("CheckTargets(%v): no error", bad)
		}
	}
	if _, err := compare.CompareAll(compare.ReferenceTargets(), nil, 0); err == nil {
		t.Error("CompareAll of nil inputs: no error")
	}
}

// TestErrIsPlainError: an accepting target's Err is a nil error, not a nil *SyntaxError
// inside an error; a rejecting one's is the *SyntaxError.
func TestErrIsPlainError(t *testing.T) {
	targets := compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)
	c, err := compare.Compare(targets, "http://a/~b", 0)
	if err != nil {
		t.Fatal(err)
	}
	var accepted error = c.Err(1) // the 2003 draft, section 2.3: "~" is unreserved
	if accepted != nil {
		t.Errorf("Err(1) = %#v, want a nil error", accepted)
	}
	var se *urlgrammar.SyntaxError
	if !errors.As(c.Err(0), &se) || se.Offset != len("http://a/") {
		t.Errorf("Err(0) = %v, want RFC 1738's rejection of \"~\" (section 2.2) at byte 9", c.Err(0))
	}
}

// corpusInputs returns n inputs, some accepted and some rejected by each version.
func corpusInputs(n int) []string {
	var out []string
	ex := compare.Corpus()
	for i := 0; len(out) < n; i++ {
		out = append(out, fmt.Sprintf("%s%d", ex[i%len(ex)].Input, i))
	}
	return out
}

// TestCompareAllInOrder: CompareAll yields, in input order, what Compare says of each input,
// on one CPU as on several.
func TestCompareAllInOrder(t *testing.T) {
	targets := compare.ReferenceTargets()
	n := 3000
	if testing.Short() {
		n = 500
	}
	inputs := corpusInputs(n)
	for _, procs := range []int{1, 3} {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		seq, err := compare.CompareAll(targets, inputsOf(inputs...), 0)
		if err != nil {
			t.Fatal(err)
		}
		i := 0
		for c := range seq {
			want, _ := compare.Compare(targets, inputs[i], 0)
			if c.Input != inputs[i] {
				t.Fatalf("GOMAXPROCS %d: comparison %d is of %q, want %q", procs, i, c.Input, inputs[i])
			}
			for j := range targets {
				if (c.Err(j) == nil) != (want.Err(j) == nil) {
					t.Fatalf("GOMAXPROCS %d: %q under %v: %v, want %v", procs, c.Input, targets[j], c.Err(j), want.Err(j))
				}
			}
			i++
		}
		if i != len(inputs) {
			t.Errorf("GOMAXPROCS %d: %d comparisons of %d inputs", procs, i, len(inputs))
		}
	}
}

// TestCompareAllPanic: a panic of the inputs is raised in the goroutine that ranges over the
// comparisons, where it can be recovered, whether it comes first or after many inputs.
func TestCompareAllPanic(t *testing.T) {
	base := runtime.NumGoroutine()
	for _, after := range []int{0, 1, 1000} {
		inputs := func(yield func(string) bool) {
			for i := range after {
				if !yield(fmt.Sprintf("http://a/%d", i)) {
					return
				}
			}
			panic(fmt.Sprintf("source broke after %d", after))
		}
		seq, err := compare.CompareAll(compare.ReferenceTargets(), inputs, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := panicOfRange(seq), fmt.Sprintf("source broke after %d", after); got != want {
			t.Errorf("recovered %v, want %q", got, want)
		}
	}
	if n := settledGoroutines(base); n > base {
		t.Errorf("%d goroutines after the panics, %d before", n, base)
	}
}

// TestCompareAllBreak: a loop that breaks returns at once, without another input read, even
// from a slow source; and from an endless one.
func TestCompareAllBreak(t *testing.T) {
	base := runtime.NumGoroutine()
	const pause = 5 * time.Millisecond
	read, readAfterBreak := 0, 0
	broken := false
	slow := func(yield func(string) bool) {
		for i := 0; i < 2000; i++ {
			time.Sleep(pause)
			read++
			if broken {
				readAfterBreak++
			}
			if !yield(fmt.Sprintf("http://a/%d", i)) {
				return
			}
		}
	}
	seq, err := compare.CompareAll(compare.ReferenceTargets(), slow, 0)
	if err != nil {
		t.Fatal(err)
	}
	var at time.Time
	for range seq {
		broken, at = true, time.Now()
		break
	}
	if d := time.Since(at); readAfterBreak > 0 || d > 100*time.Millisecond {
		t.Errorf("after the break: %d more inputs read, returned after %v", readAfterBreak, d)
	}
	// The first verdicts do not wait for a full batch: a few inputs are read first.
	if read > 8 {
		t.Errorf("%d inputs of a slow source read before the first comparison", read)
	}

	endless := func(yield func(string) bool) {
		for i := 0; yield(fmt.Sprintf("http://a/%d", i)); i++ {
		}
	}
	seq, err = compare.CompareAll(compare.ReferenceTargets(), endless, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for range seq {
		if n++; n == 5000 {
			break
		}
	}
	if n := settledGoroutines(base); n > base {
		t.Errorf("%d goroutines after the breaks, %d before", n, base)
	}
}

// settledGoroutines returns the number of goroutines, once those that are ending have ended
// (at most base of them).
func settledGoroutines(base int) int {
	n := runtime.NumGoroutine()
	for i := 0; i < 100 && n > base; i++ {
		time.Sleep(time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// TestCompareBatches: each batch comes with the index of its first input, the batches in
// input order cover every input once, and a panic of f is raised in the goroutine that ranges
// over the results.
func TestCompareBatches(t *testing.T) {
	inputs := corpusInputs(2000)
	type batch struct{ first, n int }
	seq, err := compare.CompareBatches(compare.ReferenceTargets(), inputsOf(inputs...), 0, func(first int, cs []compare.Comparison) batch {
		for i, c := range cs {
			if c.Input != inputs[first+i] {
				panic(fmt.Sprintf("comparison %d of the batch at %d is of %q", i, first, c.Input))
			}
		}
		return batch{first, len(cs)}
	})
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	for b := range seq {
		if b.first != next || b.n == 0 {
			t.Fatalf("a batch of %d at %d, want one at %d", b.n, b.first, next)
		}
		next += b.n
	}
	if next != len(inputs) {
		t.Errorf("batches of %d inputs in all, want %d", next, len(inputs))
	}

	broken, err := compare.CompareBatches(compare.ReferenceTargets(), inputsOf(inputs...), 0, func(first int, _ []compare.Comparison) int {
		if first > 500 {
			panic("f broke")
		}
		return first
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := panicOfRange(broken); got != "f broke" {
		t.Errorf("recovered %v, want f's panic", got)
	}
	if _, err := compare.CompareAll(compare.ReferenceTargets(), inputsOf("x"), urlgrammar.Mode(1<<7)); err == nil {
		t.Error("CompareAll with an unknown mode: no error")
	}
}

// panicOfRange ranges over seq and returns what panicked there, or nil.
func panicOfRange[T any](seq iter.Seq[T]) (p any) {
	defer func() { p = recover() }()
	for range seq {
	}
	return nil
}
