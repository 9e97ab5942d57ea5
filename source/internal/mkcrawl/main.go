// Command mkcrawl writes a synthetic crawl for measuring and demonstrating the readers: a WARC
// file, one gzip member per record (ISO 28500 Annex D), of response records whose HTML pages
// are of the 1990s kind, some chunked or gzip-encoded, with a request record before each.
//
//	go run ./source/internal/mkcrawl -size 1024 > /tmp/crawl.warc.gz
//
// -size is the size to reach in MB of uncompressed WARC; each link holds a few random letters,
// so that the file compresses about as a real crawl does (3 to 4 times).
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

func main() {
	size := flag.Int64("size", 1, "uncompressed `MB` to write")
	example := flag.Bool("example", false, "write the README's one-record example instead")
	flag.Parse()
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	zw, _ := gzip.NewWriterLevel(out, gzip.BestSpeed)
	member := func(rec []byte) {
		zw.Reset(out)
		zw.Write(rec)
		zw.Close()
	}
	if *example {
		out.Write(sourcetest.ExampleCrawl())
		return
	}
	rng := rand.New(rand.NewPCG(1, 2))
	bodyZ, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	var written int64
	for i := 0; written < *size<<20; i++ {
		uri := fmt.Sprintf("http://www%d.example.edu/~user%d/page%d.html", i%97, i%1013, i)
		page := pageOf(i, rng)
		header := []sourcetest.Field{{"Content-Type", "text/html"}}
		body := page
		switch i % 4 {
		case 1:
			header = append(header, sourcetest.Field{"Transfer-Encoding", "chunked"})
			body = sourcetest.Chunked(page, 4096)
		case 2:
			var b bytes.Buffer
			bodyZ.Reset(&b)
			bodyZ.Write(page)
			bodyZ.Close()
			header = append(header, sourcetest.Field{"Content-Encoding", "gzip"})
			body = b.Bytes()
		}
		req := sourcetest.Record("WARC/1.1", []sourcetest.Field{
			{"WARC-Type", "request"}, {"WARC-Target-URI", uri},
			{"Content-Type", "application/http;msgtype=request"},
		}, []byte("GET / HTTP/1.0\r\nHost: example.edu\r\n\r\n"))
		resp := sourcetest.Response(uri, header, body)
		member(req)
		member(resp)
		written += int64(len(req) + len(resp))
	}
}

// pageOf returns page i: a page of 1995 of about 6 KB, with links of the schemes of RFC 1738 and
// relative references.
func pageOf(i int, rng *rand.Rand) []byte {
	var b bytes.Buffer
	word := func() string {
		w := make([]byte, 10)
		for j := range w {
			w[j] = byte('a' + rng.IntN(26))
		}
		return string(w)
	}
	fmt.Fprintf(&b, "<HTML>\n<HEAD><TITLE>Page %d</TITLE></HEAD>\n<BODY BACKGROUND=bg%d.gif>\n<H1>Resources %d</H1>\n<UL>\n", i, i%7, i)
	for j := 0; j < 40; j++ {
		k := fmt.Sprintf("%d-%s", i*40+j, word())
		switch j % 8 {
		case 0:
			fmt.Fprintf(&b, "<LI><A HREF=gopher://gopher%d.example.edu/11/Libraries/%s>Gopher %s</A>\n", i%13, k, k)
		case 1:
			fmt.Fprintf(&b, "<LI><A HREF=\"wais://wais.example.org/db%d?%s\">WAIS %s</A>\n", j%5, k, k)
		case 2:
			fmt.Fprintf(&b, "<LI><A HREF=news:comp.infosystems.www.%s>News %s</A>\n", word(), k)
		case 3:
			fmt.Fprintf(&b, "<LI><A HREF=\"mailto:%s@example.edu\">Mail %s</A>\n", word(), k)
		case 4:
			fmt.Fprintf(&b, "<LI><A HREF=../papers/p%s.ps>Paper %s</A> and some text about the paper, its topic and its authors\n", k, k)
		case 5:
			fmt.Fprintf(&b, "<LI><IMG SRC=icons/i%d.gif ALT=\"[%s]\"> <A HREF=\"ftp://ftp.example.edu/pub/%s/README\">FTP %s</A>\n", j%9, k, k, k)
		case 6:
			fmt.Fprintf(&b, "<LI><A HREF=\"http://www.example.com:8080/cgi-bin/q?a=%s&amp;b=%d\">Search %s</A>\n", k, j*3, k)
		default:
			fmt.Fprintf(&b, "<LI><A HREF=\"http://host%d.example.net/~%s/a b.html\">Bad %s</A>\n", j%17, word(), k)
		}
	}
	b.WriteString("</UL>\n<HR><ADDRESS>webmaster</ADDRESS>\n</BODY>\n</HTML>\n")
	return b.Bytes()
}
