package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

// orderCrawl is a WARC file of n records, plain and gzip (one member per record), and what
// reading either yields, written as got writes it: request records; responses of pages with from 0
// to 60 links, one a line; pages longer than maxBuffered, two in a row and one last; and a
// record without a Content-Length, which is skipped.
func orderCrawl(n int) (plain, gz []byte, want []string) {
	var recs [][]byte
	var yields [][]string // of each record: what it yields, its offset left as %d
	for i := range n {
		uri := fmt.Sprintf("http://www%d.example.edu/", i)
		var p strings.Builder
		var links []string
		count := i % 7 * 10
		if i == 100 || i == 101 || i == n-1 {
			count = 6000 // about 600 KB
		}
		for j := range count {
			link := fmt.Sprintf("gopher://gopher.example.edu/11/%d/%d", i, j)
			fmt.Fprintf(&p, "<LI><A HREF=%s>Library %d, and a few words of text about it</A>\n", link, j)
			links = append(links, fmt.Sprintf("%s line %d at %%d", link, j+1))
		}
		switch {
		case i == n/2:
			rec := sourcetest.Response(uri, []field{{"Content-Type", "text/html"}}, []byte(p.String()))
			recs = append(recs, bytes.Replace(rec, []byte("Content-Length"), []byte("Content-Lenth"), 1))
			yields = append(yields, []string{"error at %d"})
		case i%5 == 0:
			recs = append(recs, sourcetest.Record("WARC/1.1", []field{{"WARC-Type", "request"}, {"WARC-Target-URI", uri}}, []byte("GET / HTTP/1.0\r\n\r\n")))
			yields = append(yields, []string{uri + " line 0 at %d"})
		default:
			recs = append(recs, sourcetest.Response(uri, []field{{"Content-Type", "text/html"}}, []byte(p.String())))
			yields = append(yields, append([]string{uri + " line 0 at %d"}, links...))
		}
	}
	for i, r := range recs {
		for _, y := range yields[i] {
			want = append(want, fmt.Sprintf(y, len(plain)))
		}
		plain = append(plain, r...)
	}
	gz, _ = sourcetest.Gzip(recs...)
	return plain, gz, want
}

// got is what seq yields, a line each (itemLine).
func got(t *testing.T, seq func(func(URL, error) bool)) []string {
	var s []string
	for u, err := range seq {
		s = append(s, itemLine(t, u, err))
	}
	return s
}

// itemLine writes a URL's text, its line and its record's offset, or an error's offset.
func itemLine(t *testing.T, u URL, err error) string {
	var e *Error
	switch {
	case errors.As(err, &e):
		return fmt.Sprintf("error at %d", e.Where.Offset)
	case err != nil:
		t.Fatal(err)
	}
	return fmt.Sprintf("%s line %d at %d", u.Text, u.Where.Line, u.Where.Offset)
}

// TestWARCInOrder: the records are read ahead and their payloads tokenized on several cores,
// and what they yield comes in the file's order, on one core or many, whether a payload is
// tokenized by a worker or, longer than maxBuffered, as the file is read.
func TestWARCInOrder(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 120
	}
	plain, gz, want := orderCrawl(n)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 5} {
		runtime.GOMAXPROCS(procs)
		for _, file := range []struct {
			name string
			data []byte
		}{{"plain", plain}, {"gzip", gz}} {
			g := got(t, WARC(bytes.NewReader(file.data), "o.warc"))
			if !slices.Equal(g, want) {
				for i := range min(len(g), len(want)) {
					if g[i] != want[i] {
						t.Fatalf("GOMAXPROCS %d, %s: item %d of %d is %q, want %q", procs, file.name, i, len(g), g[i], want[i])
					}
				}
				t.Fatalf("GOMAXPROCS %d, %s: %d items, want %d", procs, file.name, len(g), len(want))
			}
		}
	}
}

// A watchedReader fails the test when it is read after done is set.
type watchedReader struct {
	t    *testing.T
	r    io.Reader
	done atomic.Bool
}

func (w *watchedReader) Read(p []byte) (int, error) {
	if w.done.Load() {
		w.t.Error("read after the iteration ended")
	}
	return w.r.Read(p[:min(len(p), 1000)])
}

// TestWARCStopEnds: a consumer that stops, at any point, ends the goroutines that read ahead,
// and the file is not read after the iteration ends.
func TestWARCStopEnds(t *testing.T) {
	_, gz, want := orderCrawl(110)
	before := runtime.NumGoroutine()
	for _, stop := range []int{0, 1, 2, 50, 700, 1500, len(want) / 2, len(want) - 1} {
		r := &watchedReader{t: t, r: bytes.NewReader(gz)}
		i := 0
		for range WARC(r, "s.warc.gz") {
			if i == stop {
				break
			}
			i++
		}
		r.done.Store(true)
		if i != stop {
			t.Errorf("stopped after %d, want %d", i, stop)
		}
	}
	for deadline := time.Now().Add(2 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A panickyReader panics when it is read past n bytes.
type panickyReader struct {
	r io.Reader
	n int
}

func (p *panickyReader) Read(b []byte) (int, error) {
	if p.n <= 0 {
		panic("reader panicked")
	}
	n, err := p.r.Read(b[:min(len(b), p.n)])
	p.n -= n
	return n, err
}

// TestWARCPanic: a panic in reading the file, on a goroutine of the reader's, is raised in the
// consumer's, where it can be recovered, after the URLs read before it; the goroutines end.
func TestWARCPanic(t *testing.T) {
	_, gz, want := orderCrawl(40)
	before := runtime.NumGoroutine()
	var got []string
	func() {
		defer func() {
			if p := recover(); p != "reader panicked" {
				t.Errorf("recovered %v", p)
			}
		}()
		for u, err := range WARC(&panickyReader{bytes.NewReader(gz), len(gz) / 2}, "p.warc.gz") {
			got = append(got, itemLine(t, u, err))
		}
		t.Error("no panic")
	}()
	if len(got) == 0 || !slices.Equal(got, want[:len(got)]) {
		t.Errorf("before the panic: %d URLs, not the first of the file's", len(got))
	}
	for deadline := time.Now().Add(2 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestWARCWorkerPanic: a panic of a worker (here, a record whose block is not in its group) is
// kept in the group, whose URLs then end, for the consumer to raise.
func TestWARCWorkerPanic(t *testing.T) {
	g := &group{p: &pipeline{done: make(chan struct{})}, out: make(chan *[]item, 4)}
	g.recs = []record{{pre: []item{{u: URL{Text: "http://a.example/"}}}}, {buffered: true, start: 0, end: 10}}
	if !g.tokenizeOrPanic(new(payloadReader)) || g.panicked == nil {
		t.Fatalf("panicked %v", g.panicked)
	}
}
