package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar/compare"
)

// sequentialReport is compare's report made the plain way, on one goroutine: each input
// judged, added to the summary and written in turn. The command judges, formats and
// summarizes batches of inputs on every CPU; it must write exactly this.
func sequentialReport(t *testing.T, format string, diff bool, inputs, sources []string, inputName string) string {
	t.Helper()
	targets := compare.ReferenceTargets()
	var b bytes.Buffer
	out := bufio.NewWriter(&b)
	r := provenance(inputName)
	var f compare.Format
	if err := f.UnmarshalText([]byte(format)); err != nil {
		t.Fatal(err)
	}
	r.Targets, r.Why, r.Diff = targets, diff, diff
	s := compare.NewSummary(targets)
	r.WriteHeader(out, f)
	for i, in := range inputs {
		c, err := compare.Compare(targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		if diff && c.Agree() {
			continue
		}
		s.Add(c)
		source := ""
		if i < len(sources) {
			source = sources[i]
		}
		r.WriteRow(out, f, c, source)
	}
	r.Read = len(inputs)
	if f != compare.FormatTSV { // after the rows, it would break them
		r.WriteSummary(out, f, s)
	}
	out.Flush()
	return b.String()
}

// TestCompareParallelSameOutput: compare writes, in every format, on one CPU as on several,
// byte for byte what the plain sequential report writes, on the embedded corpus (with the
// source of each input) and on the real URLs of testdata/urls.
func TestCompareParallelSameOutput(t *testing.T) {
	var corpus, sources []string
	for _, ex := range compare.Corpus() {
		corpus, sources = append(corpus, ex.Input), append(sources, ex.Source)
	}
	file, corpusFormats := urlsFile, []string{"text", "tsv", "json", "markdown", "html"}
	if testing.Short() {
		// The race detector's run: the small excerpt, and the corpus in one format that
		// shows each input's source.
		file, corpusFormats = smallFile, []string{"tsv"}
	}
	urls := strings.Split(strings.TrimSuffix(readFile(t, file), "\n"), "\n")
	for _, in := range []struct {
		args    []string
		inputs  []string
		sources []string
		name    string
		formats []string
	}{
		{[]string{"--corpus"}, corpus, sources, "the embedded corpus", corpusFormats},
		{[]string{"-f", file}, urls, nil, file, []string{"text", "tsv", "json", "markdown", "html"}},
	} {
		for _, format := range in.formats {
			for _, diff := range []bool{false, true} {
				want := sequentialReport(t, format, diff, in.inputs, in.sources, in.name)
				args := append([]string{"compare", "--format", format}, in.args...)
				if diff {
					args = append(args, "--diff")
				}
				procs := []int{1, 3}
				if len(in.inputs) > 10000 || testing.Short() && len(in.inputs) > 100 {
					procs = procs[1:] // the large corpus once, on several CPUs
				}
				for _, procs := range procs {
					prev := runtime.GOMAXPROCS(procs)
					got, errs, status := runCLI(t, "", args...)
					runtime.GOMAXPROCS(prev)
					if status == exitUsage || got != want {
						t.Errorf("%q on %d CPUs: status %d, %s; output of %d bytes differs from the sequential one of %d bytes at byte %d",
							args, procs, status, errs, len(got), len(want), firstDifference(got, want))
					}
				}
			}
		}
	}
}

// firstDifference returns the offset of the first byte at which a and b differ.
func firstDifference(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// TestCompareDocumentsInOrder: the rows of inputs found in documents, which carry their place
// in the document, are written in order with their places, on one CPU as on several (and, under
// the race detector, without a race between the rows written in order and the batches).
func TestCompareDocumentsInOrder(t *testing.T) {
	var outs []string
	for _, procs := range []int{1, 3} {
		prev := runtime.GOMAXPROCS(procs)
		out, errs, status := runCLI(t, "", "compare", "--format", "markdown", "--review", "--from", "html", page1996)
		runtime.GOMAXPROCS(prev)
		if status == exitUsage || !strings.Contains(out, "| ") {
			t.Fatalf("%d CPUs: status %d, %s\n%s", procs, status, errs, out)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("on 1 CPU:\n%s\non 3 CPUs:\n%s", outs[0], outs[1])
	}
}

// signalWriter tells of each write made to it.
type signalWriter struct {
	mu     sync.Mutex
	b      strings.Builder
	writes chan struct{}
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.b.Write(p)
	w.mu.Unlock()
	select {
	case w.writes <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (w *signalWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestCompareLineBufferedPrompt: with --line-buffered, each row is written as soon as its input
// is read, before the next input comes (tail -f).
func TestCompareLineBufferedPrompt(t *testing.T) {
	stdin, feed := io.Pipe()
	out := &signalWriter{writes: make(chan struct{}, 1)}
	status := make(chan int)
	go func() {
		status <- run([]string{"compare", "-g", "rfc1738,rfc3986", "--format", "tsv", "--line-buffered"}, stdin, out, io.Discard)
	}()
	for _, line := range []string{"http://a/~b", "http://a/c", "http://a/d"} {
		fmt.Fprintln(feed, line)
		deadline := time.After(10 * time.Second)
		for !strings.Contains(out.String(), line+"\t") {
			select {
			case <-out.writes:
			case <-deadline:
				t.Fatalf("no row for %q while the next input is not there yet:\n%s", line, out.String())
			}
		}
	}
	feed.Close()
	if s := <-status; s != exitValid {
		t.Errorf("status %d", s)
	}
}
