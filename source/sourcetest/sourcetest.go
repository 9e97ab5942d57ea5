// Package sourcetest writes small WARC files for tests: records, HTTP responses and gzip
// members, so that a test makes the archive it reads instead of carrying one.
package sourcetest

import (
	"bytes"
	"compress/gzip"
	"fmt"
)

// A Field is a header field: its name and its value.
type Field [2]string

// Record returns a WARC record (ISO 28500 section 4): the version line ("WARC/1.1"), the fields,
// a Content-Length of block's length, an empty line, block and two CRLFs.
func Record(version string, fields []Field, block []byte) []byte {
	var b bytes.Buffer
	b.WriteString(version + "\r\n")
	for _, f := range fields {
		fmt.Fprintf(&b, "%s: %s\r\n", f[0], f[1])
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(block))
	b.Write(block)
	b.WriteString("\r\n\r\n")
	return b.Bytes()
}

// Response returns a WARC/1.1 response record of an HTTP response from uri: status 200, the
// header fields and body.
func Response(uri string, header []Field, body []byte) []byte {
	var h bytes.Buffer
	h.WriteString("HTTP/1.1 200 OK\r\n")
	for _, f := range header {
		fmt.Fprintf(&h, "%s: %s\r\n", f[0], f[1])
	}
	h.WriteString("\r\n")
	h.Write(body)
	return Record("WARC/1.1", []Field{
		{"WARC-Type", "response"},
		{"WARC-Target-URI", uri},
		{"WARC-Date", "1996-12-19T16:39:57Z"},
		{"WARC-Record-ID", fmt.Sprintf("<urn:uuid:%08x-0000-4000-8000-000000000000>", len(uri)*7919+len(body))},
		{"Content-Type", "application/http;msgtype=response"},
	}, h.Bytes())
}

// Gzip returns each part compressed as one gzip member, the members concatenated (a WARC file
// of one member per record, ISO 28500 Annex D), and the offset of each member.
func Gzip(parts ...[]byte) ([]byte, []int64) {
	var b bytes.Buffer
	var offsets []int64
	for _, p := range parts {
		offsets = append(offsets, int64(b.Len()))
		zw := gzip.NewWriter(&b)
		zw.Write(p)
		zw.Close()
	}
	return b.Bytes(), offsets
}

// Chunked returns body in the chunked transfer coding (RFC 9112 section 7.1), in chunks of at
// most size bytes.
func Chunked(body []byte, size int) []byte {
	var b bytes.Buffer
	for len(body) > 0 {
		n := min(size, len(body))
		fmt.Fprintf(&b, "%x\r\n", n)
		b.Write(body[:n])
		b.WriteString("\r\n")
		body = body[n:]
	}
	b.WriteString("0\r\n\r\n")
	return b.Bytes()
}

// ExampleCrawl returns the README's example crawl: one gzip member holding one response
// record, a page of the 1990s kind from http://www.w3.org/pub/WWW/ with a <BASE HREF>, a
// relative link, a news: link and a gopher: image, written unquoted and in capitals as pages
// of the time were.
func ExampleCrawl() []byte {
	crawl, _ := Gzip(Response("http://www.w3.org/pub/WWW/", []Field{{"Content-Type", "text/html"}},
		[]byte("<HTML><HEAD><BASE HREF=http://www.w3.org/pub/WWW/></HEAD>\n<BODY><A HREF=Addressing/>Addressing</A>\n"+
			"<A HREF=news:comp.infosystems.www>News</A> <IMG SRC=\"gopher://gopher.example.org/1\">\n")))
	return crawl
}
