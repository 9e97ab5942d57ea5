package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/reading"
	"github.com/urlgrammar/urlgrammar/source"
)

// BenchmarkCompare runs compare over the real URLs of testdata/urls, in each format, with its
// output discarded: run it at several -cpu values to see how compare scales with the cores.
func BenchmarkCompare(b *testing.B) {
	raw, err := os.ReadFile(urlsFile)
	if err != nil {
		b.Fatal(err)
	}
	data := string(raw)
	for _, format := range []string{"text", "json"} {
		b.Run(format, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if status := run([]string{"compare", "--format", format}, strings.NewReader(data), io.Discard, io.Discard); status != exitValid {
					b.Fatalf("status %d", status)
				}
			}
		})
	}
}

// BenchmarkCheckQuiet runs "check -q" over the real URLs of testdata/urls, five times over
// (100000 lines), under one version and under the two of the question, with its output discarded,
// beside its floor: reading the same lines, as every command reads them (source.LineReader),
// and doing nothing with them. Run it at -cpu 1,2: check -q judges on every core.
func BenchmarkCheckQuiet(b *testing.B) {
	raw, err := os.ReadFile(urlsFile)
	if err != nil {
		b.Fatal(err)
	}
	data := strings.Repeat(string(raw), 5)
	b.Run("floor", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			r := source.NewLineReader(strings.NewReader(data), maxLine)
			n := 0
			for {
				_, _, err := r.Next()
				if err != nil {
					break
				}
				n++
			}
			if n != 100000 {
				b.Fatalf("%d lines", n)
			}
		}
	})
	for _, args := range [][]string{{"-g", "rfc3986"}, {"-g", "rfc1738,draft2003"}, {"-g", "rfc3986", "--line-buffered"}} {
		// With --line-buffered, one input at a time in one goroutine, each line flushed:
		// what check -q did before it judged on every core.
		b.Run(strings.Join(args, " "), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if status := run(append([]string{"check", "-q"}, args...), strings.NewReader(data), io.Discard, io.Discard); status == exitUsage {
					b.Fatalf("status %d", status)
				}
			}
		})
	}
	// The same lines on a pipe, which is read in a goroutine of its own so that a stop ends a
	// wait for input (stop.go), beside the pipe read in the loop's goroutine (hidden from
	// newStopReader): the cost of that goroutine.
	for _, own := range []bool{true, false} {
		b.Run(map[bool]string{true: "-g rfc3986 on a pipe", false: "-g rfc3986 on a pipe read directly"}[own], func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				r, w, err := os.Pipe()
				if err != nil {
					b.Fatal(err)
				}
				go func() { io.WriteString(w, data); w.Close() }()
				in := io.Reader(r)
				if !own {
					in = struct{ io.Reader }{r}
				}
				if status := run([]string{"check", "-q", "-g", "rfc3986"}, in, io.Discard, io.Discard); status == exitUsage {
					b.Fatalf("status %d", status)
				}
				r.Close()
			}
		})
	}
}

// BenchmarkCompareColumns runs compare over the real URLs of testdata/urls (text, output
// discarded) under the eight grammars, and under the ten columns: the eight and the readings
// neturl and whatwg, whose interpretation differential holds each reading to each grammar that
// accepts an input as well. Beside them, in the same run, the readings' own parse of the same
// lines (net/url.Parse and whatwg-url's, through package reading, on one core), which is what
// the two columns add at the least. Rows per second are the lines over the time per op.
func BenchmarkCompareColumns(b *testing.B) {
	raw, err := os.ReadFile(urlsFile)
	if err != nil {
		b.Fatal(err)
	}
	data := string(raw)
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	all := "draft1993,draft1994,rfc1738,rfc1808,draft1997,rfc2396,draft2003,rfc3986"
	for _, bc := range []struct{ name, ids string }{{"eight", all}, {"ten", all + ",neturl,whatwg"}, {"readings", "neturl,whatwg"}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if status := run([]string{"compare", "-g", bc.ids}, strings.NewReader(data), io.Discard, io.Discard); status != exitValid {
					b.Fatalf("status %d", status)
				}
			}
			b.ReportMetric(float64(len(lines))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
	b.Run("parse-only", func(b *testing.B) {
		for b.Loop() {
			for _, s := range lines {
				reading.Read(reading.NetURL, s)
				reading.Read(reading.WHATWG, s)
			}
		}
		b.ReportMetric(float64(len(lines))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	})
}
