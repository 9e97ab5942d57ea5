// Command warcfloor does, on a gzip WARC file, only the work no reader of its URLs can avoid:
// decompressing the file, splitting it into records by their Content-Length, decoding the
// chunked and gzip bodies of the HTTP responses and tokenizing their HTML (golang.org/x/net/html,
// each tag's name and attributes read). It finds no URL and checks nothing: its time is the
// floor that "extract --from warc" is measured against.
//
//	go run ./source/internal/mkcrawl -size 200 > /tmp/crawl.warc.gz
//	go build -o /tmp/warcfloor ./source/internal/warcfloor && time /tmp/warcfloor /tmp/crawl.warc.gz
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"net/http/httputil"
	"os"
	"strconv"

	kgzip "github.com/klauspost/compress/gzip"
	"golang.org/x/net/html"
)

// newGzip is the gzip reader: the standard library's, or with -klauspost the one
// source.WARC uses.
var newGzip = func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }

func main() {
	klauspost := flag.Bool("klauspost", false, "decompress with github.com/klauspost/compress, as source.WARC does")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: warcfloor [-klauspost] FILE.warc.gz")
		os.Exit(2)
	}
	if *klauspost {
		newGzip = func(r io.Reader) (io.Reader, error) { return kgzip.NewReader(r) }
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	zr, err := newGzip(bufio.NewReaderSize(f, 64<<10))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	records, tokens, err := floor(bufio.NewReaderSize(zr, 64<<10))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d records, %d tokens\n", records, tokens)
}

// floor reads the records of br and tokenizes the HTML of their responses.
func floor(br *bufio.Reader) (records, tokens int, err error) {
	var block bytes.Buffer
	for {
		length := -1
		for {
			line, err := br.ReadSlice('\n')
			if err == io.EOF && len(line) == 0 {
				return records, tokens, nil
			}
			if err != nil {
				return records, tokens, err
			}
			line = bytes.TrimRight(line, "\r\n")
			if len(line) == 0 {
				if length >= 0 {
					break
				}
				continue // the blank lines between records
			}
			if v, ok := bytes.CutPrefix(line, []byte("Content-Length: ")); ok {
				length, _ = strconv.Atoi(string(v))
			}
		}
		block.Reset()
		if _, err := io.CopyN(&block, br, int64(length)); err != nil {
			return records, tokens, err
		}
		records++
		if bytes.HasPrefix(block.Bytes(), []byte("HTTP/")) {
			tokens += tokenize(bufio.NewReader(&block))
		}
	}
}

// tokenize skips the HTTP header of the response in r, decodes its body and counts its tokens.
func tokenize(r *bufio.Reader) int {
	chunked, gzipped := false, false
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return 0
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		chunked = chunked || bytes.Equal(line, []byte("Transfer-Encoding: chunked"))
		gzipped = gzipped || bytes.Equal(line, []byte("Content-Encoding: gzip"))
	}
	var body io.Reader = r
	if chunked {
		body = httputil.NewChunkedReader(body)
	}
	if gzipped {
		zr, err := newGzip(body)
		if err != nil {
			return 0
		}
		body = zr
	}
	n := 0
	z := html.NewTokenizer(body)
	for z.Next() != html.ErrorToken {
		for _, more := z.TagName(); more; {
			_, _, more = z.TagAttr()
		}
		n++
	}
	return n
}
