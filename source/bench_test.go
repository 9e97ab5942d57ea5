package source

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"
	"golang.org/x/net/html"

	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

// benchCrawl is a WARC file of one gzip member per record, of HTML responses of about 6 KB,
// and the pages alone.
func benchCrawl() (file []byte, pages [][]byte) {
	var recs [][]byte
	for i := range 200 {
		var p bytes.Buffer
		fmt.Fprintf(&p, "<HTML><HEAD><TITLE>Page %d</TITLE></HEAD><BODY BACKGROUND=bg.gif>\n<UL>\n", i)
		for j := range 60 {
			fmt.Fprintf(&p, "<LI><A HREF=\"gopher://gopher%d.example.edu/11/Libraries/%d\">Library %d</A> and a few words of text\n", j%13, i*60+j, j)
		}
		p.WriteString("</UL></BODY></HTML>\n")
		pages = append(pages, p.Bytes())
		recs = append(recs, sourcetest.Response(fmt.Sprintf("http://www%d.example.edu/", i), []sourcetest.Field{{"Content-Type", "text/html"}}, p.Bytes()))
	}
	file, _ = sourcetest.Gzip(recs...)
	return file, pages
}

// BenchmarkWARC reads the URLs of a gzip WARC file; BenchmarkWARCFloor does only what no
// reader of it can avoid, decompressing the file and tokenizing its pages, on one core, for the
// ratio of the two (the bytes are the compressed file's in both), with the standard library's
// gzip and with klauspost/compress's, which WARC uses. WARC works on every core: cpu-ns/op is
// its CPU time on all of them, beside the wall clock's ns/op.
func BenchmarkWARC(b *testing.B) {
	file, _ := benchCrawl()
	b.SetBytes(int64(len(file)))
	defer reportCPU(b)()
	for b.Loop() {
		n := 0
		for _, err := range WARC(bytes.NewReader(file), "bench") {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 200*62 {
			b.Fatalf("%d URLs", n)
		}
	}
}

func BenchmarkWARCFloor(b *testing.B) {
	file, pages := benchCrawl()
	for _, inflater := range []struct {
		name string
		new  func(io.Reader) (io.Reader, error)
	}{
		{"stdlib", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{"klauspost", func(r io.Reader) (io.Reader, error) { return kgzip.NewReader(r) }}, // WARC's
	} {
		b.Run(inflater.name, func(b *testing.B) {
			b.SetBytes(int64(len(file)))
			defer reportCPU(b)()
			for b.Loop() {
				zr, _ := inflater.new(bytes.NewReader(file))
				io.Copy(io.Discard, zr)
				for _, p := range pages {
					z := html.NewTokenizer(bytes.NewReader(p))
					for z.Next() != html.ErrorToken {
						for _, more := z.TagName(); more; {
							_, _, more = z.TagAttr()
						}
					}
				}
			}
		})
	}
}

// reportCPU reports the process's CPU time per op from now until the function it returns is
// called.
func reportCPU(b *testing.B) func() {
	start := processCPU()
	return func() {
		if start != 0 {
			b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
