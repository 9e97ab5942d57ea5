package compare_test

import (
	"bufio"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// sourced yields each of inputs with its source, "line N".
func sourced(inputs []string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i, s := range inputs {
			if !yield(s, fmt.Sprintf("line %d", i+1)) {
				return
			}
		}
	}
}

// writeRowsOneByOne is the report that WriteRows must write between the header and the
// summary: each input judged and, when it is shown, its row written, in turn.
func writeRowsOneByOne(t *testing.T, r compare.Report, f compare.Format, inputs []string) string {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	s := compare.NewSummary(r.Targets)
	r.WriteHeader(w, f)
	for i, in := range inputs {
		c, err := compare.Compare(r.Targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r.Diff && c.Agree() {
			continue
		}
		s.Add(c)
		r.WriteRow(w, f, c, fmt.Sprintf("line %d", i+1))
	}
	r.Read = len(inputs)
	r.WriteSummary(w, f, s)
	w.Flush()
	return b.String()
}

// TestWriteRowsInOrder: WriteRows writes, in every format, with and without Diff and Prompt,
// on one CPU as on several, what writing the row of each input shown in turn writes, and
// returns the summary of the inputs shown; each is called once per input, in input order,
// with whether the input is shown.
func TestWriteRowsInOrder(t *testing.T) {
	inputs := corpusInputs(1200) // batches of every size
	if testing.Short() {
		inputs = inputs[:200] // the race detector's run
	}
	for _, f := range []compare.Format{compare.FormatText, compare.FormatMarkdown, compare.FormatTSV, compare.FormatJSON, compare.FormatHTML} {
		for _, diff := range []bool{false, true} {
			r := compare.Report{Targets: compare.ReferenceTargets(urlgrammar.RFC1738, urlgrammar.Draft1994, urlgrammar.RFC3986), Why: true, Diff: diff}
			want := writeRowsOneByOne(t, r, f, inputs)
			for _, prompt := range []bool{false, true} {
				for _, procs := range []int{1, 3} {
					prev := runtime.GOMAXPROCS(procs)
					r := r
					r.Prompt = prompt
					var b strings.Builder
					w := bufio.NewWriter(&b)
					var shown []bool
					r.WriteHeader(w, f)
					s, err := r.WriteRows(w, f, sourced(inputs), func(sh bool) bool {
						shown = append(shown, sh)
						return true
					})
					runtime.GOMAXPROCS(prev)
					if err != nil {
						t.Fatal(err)
					}
					r.WriteSummary(w, f, s)
					w.Flush()
					if b.String() != want || r.Read != len(inputs) {
						t.Errorf("format %d, Diff %v, Prompt %v, %d CPUs: %d inputs read, and the report differs from the one written row by row", f, diff, prompt, procs, r.Read)
					}
					for i, sh := range shown {
						c, _ := compare.Compare(r.Targets, inputs[i], 0)
						if sh != (!diff || !c.Agree()) {
							t.Fatalf("format %d, Diff %v: each says input %d %q is shown: %v", f, diff, i, inputs[i], sh)
						}
					}
					if len(shown) != len(inputs) {
						t.Errorf("each called %d times for %d inputs", len(shown), len(inputs))
					}
				}
			}
		}
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteRowsStops: WriteRows stops reading inputs, even an endless stream, when each
// returns false, after that input, and when writing fails, returning the error; with a target
// that names no rule it writes nothing and returns CheckTargets's error.
func TestWriteRowsStops(t *testing.T) {
	endless := func(yield func(string, string) bool) {
		for i := 0; yield(fmt.Sprintf("http://a/%d", i), ""); i++ {
		}
	}
	for _, prompt := range []bool{false, true} {
		r := compare.Report{Targets: compare.ReferenceTargets(urlgrammar.RFC3986), Prompt: prompt}
		var b strings.Builder
		w := bufio.NewWriter(&b)
		calls := 0
		if _, err := r.WriteRows(w, compare.FormatTSV, endless, func(bool) bool { calls++; return calls < 10 }); err != nil || calls != 10 || r.Read != 10 {
			t.Errorf("Prompt %v: each returning false at the 10th input: %d calls, %d read, error %v", prompt, calls, r.Read, err)
		}
		w.Flush()
		if n := strings.Count(b.String(), "\n"); n != 10 {
			t.Errorf("Prompt %v: %d rows, want 10", prompt, n)
		}
		r.Read = 0
		_, err := r.WriteRows(bufio.NewWriterSize(&failingWriter{100}, 16), compare.FormatTSV, endless, nil)
		if err == nil || err.Error() != "disk full" {
			t.Errorf("Prompt %v: writing to a full disk: error %v after %d inputs", prompt, err, r.Read)
		}
	}
	r := compare.Report{Targets: []compare.Target{{Version: urlgrammar.RFC3986, Rule: "no-such-rule"}}}
	var b strings.Builder
	w := bufio.NewWriter(&b)
	if _, err := r.WriteRows(w, compare.FormatJSON, sourced([]string{"http://a/"}), nil); err == nil || w.Buffered() > 0 || r.Read != 0 {
		t.Errorf("an unknown rule: error %v, %d bytes written, %d inputs read", err, w.Buffered(), r.Read)
	}
}
