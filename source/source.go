package source

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A URL is a URL found in a document, as the document wrote it, and where it was found.
type URL struct {
	Text  string `json:"url"`
	Where Where  `json:"source"`
}

// AppendJSON appends u's JSON to b: what encoding/json writes of u with HTML escaping off
// (json.Encoder.SetEscapeHTML), made without reflection, for a caller that writes a line of
// JSON for each of millions of URLs.
func (u URL) AppendJSON(b []byte) []byte {
	b = appendJSONString(append(b, `{"url":`...), u.Text)
	return append(u.Where.AppendJSON(append(b, `,"source":`...)), '}')
}

// Where is where a URL was found. Fields that do not apply to a format are zero, and are left
// out of its JSON.
type Where struct {
	// File is the name of the file, as the caller gave it.
	File string `json:"file,omitempty"`
	// Line is the line the URL is on, counted from 1: of the file (lines, text, html, cdx) or
	// of the record's payload (warc). In HTML, the line where the URL's tag begins.
	Line int `json:"line,omitempty"`
	// Offset is the byte offset of the WARC record in the WARC stream (decompressed, when the
	// file is gzip).
	Offset int64 `json:"offset,omitempty"`
	// Member is, in a gzip WARC file, the byte offset in the file of the gzip member the record
	// begins in: with one member per record (as ISO 28500 Annex D recommends), where a CDX
	// index says the record is.
	Member *int64 `json:"gzip_member,omitempty"`
	// Record is the WARC record's WARC-Target-URI: the URI its payload was fetched from.
	Record string `json:"record,omitempty"`
	// Type is the WARC record's WARC-Type ("response", "request", "resource", ...).
	Type string `json:"type,omitempty"`
	// Element is the HTML element, in lower case ("a", "img").
	Element string `json:"element,omitempty"`
	// Attr is the HTML attribute ("href"), the WARC header field ("WARC-Target-URI"), or the
	// CDX field ("a" of a CDX header, "url" of a CDXJ line) the URL is the value of.
	Attr string `json:"attr,omitempty"`
	// Base is the href of the HTML document's <base> element, as written, when it has one.
	Base string `json:"base,omitempty"`
}

// ResolveBase returns the base a relative reference at w is resolved against, as its document
// says and before any resolution: the document's <base href> when it has one, else the URI the
// WARC record was fetched from, else "". A <base href> that is itself relative is resolved
// against the record's URI by the caller: the second result is that URI ("" when there is none).
func (w Where) ResolveBase() (base, record string) {
	if w.Base != "" {
		return w.Base, w.Record
	}
	return w.Record, ""
}

// AppendJSON appends w's JSON to b: what encoding/json writes of w with HTML escaping off
// (json.Encoder.SetEscapeHTML), made without reflection, for a caller that writes a line of
// JSON for each of millions of URLs.
func (w Where) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	n := len(b)
	b = appendJSONField(b, "file", w.File)
	if w.Line != 0 {
		b = strconv.AppendInt(append(b, `,"line":`...), int64(w.Line), 10)
	}
	if w.Offset != 0 {
		b = strconv.AppendInt(append(b, `,"offset":`...), w.Offset, 10)
	}
	if w.Member != nil {
		b = strconv.AppendInt(append(b, `,"gzip_member":`...), *w.Member, 10)
	}
	b = appendJSONField(b, "record", w.Record)
	b = appendJSONField(b, "type", w.Type)
	b = appendJSONField(b, "element", w.Element)
	b = appendJSONField(b, "attr", w.Attr)
	b = appendJSONField(b, "base", w.Base)
	if len(b) > n {
		b = append(b[:n], b[n+1:]...) // the first field's comma
	}
	return append(b, '}')
}

// appendJSONField appends `,"name":value` to b, unless value is empty (omitempty).
func appendJSONField(b []byte, name, value string) []byte {
	if value == "" {
		return b
	}
	return appendJSONString(append(append(append(b, ',', '"'), name...), '"', ':'), value)
}

// appendJSONString appends s to b as a JSON string, as encoding/json writes it with HTML
// escaping off.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			// Escapes (RFC 8259 section 7), and U+2028, U+2029 and bytes that are not UTF-8,
			// as encoding/json writes them.
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.Encode(s)
			return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// String gives w as an error message or a person reads it: "FILE:LINE", with the record's
// offset and the element and attribute when there are some.
func (w Where) String() string {
	var b strings.Builder
	b.WriteString(w.File)
	if w.Type != "" || w.Offset != 0 || w.Member != nil {
		fmt.Fprintf(&b, ": record at offset %d", w.Offset)
		if w.Member != nil {
			fmt.Fprintf(&b, " (gzip member at %d)", *w.Member)
		}
	}
	if w.Line > 0 {
		if w.Type != "" {
			fmt.Fprintf(&b, ", payload line %d", w.Line)
		} else {
			fmt.Fprintf(&b, ":%d", w.Line)
		}
	}
	if w.Element != "" {
		fmt.Fprintf(&b, " <%s %s>", w.Element, w.Attr)
	} else if w.Attr != "" {
		fmt.Fprintf(&b, " %s", w.Attr)
	}
	return b.String()
}

// An Error is a problem with one part of an input: a line, a WARC record or its payload. The
// part is skipped and reading goes on after it.
type Error struct {
	Where Where
	Err   error
}

func (e *Error) Error() string { return e.Where.String() + ": " + e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

// Formats are the names of the formats Read reads.
var Formats = []string{"lines", "text", "html", "warc", "cdx"}

// Read yields the URLs of r read as format, one of Formats; name is the file's name, for
// Where.File.
func Read(format string, r io.Reader, name string) (iter.Seq2[URL, error], error) {
	switch format {
	case "lines":
		return Lines(r, name), nil
	case "text":
		return Text(r, name), nil
	case "html":
		return HTML(r, name), nil
	case "warc":
		return WARC(r, name), nil
	case "cdx":
		return CDX(r, name), nil
	}
	return nil, fmt.Errorf("unknown source format %q (%s)", format, strings.Join(Formats, ", "))
}

// MaxLine is the longest line, without its end, that Lines, Text and CDX read: 64 MiB, as
// long as an input line of the urlgrammar command may be. A longer line is yielded as an
// [*Error] and skipped; its bytes are dropped as they are read, not held. A line is held
// whole while it is read (in a buffer that grows with it, then in the string of its block),
// so that a line of MaxLine bytes costs about twice that for as long as it is read.
const MaxLine = 64 << 20

// maxHeaderLine bounds one line of a WARC record's header and of an HTTP response's header in
// a record (the size of the buffers they are read through): a longer one makes the record, or
// its payload, malformed, and it is skipped. Header lines are short (a WARC-Target-URI, a
// Content-Security-Policy); a line of this length is a damaged header more often than not.
const maxHeaderLine = 64 << 10

// errLongLine is the Err of a line longer than MaxLine, which is skipped.
var errLongLine = fmt.Errorf("line longer than %d bytes, skipped", MaxLine)

// eachLine calls fn with each line of r (without its "\n" or "\r\n") and its number, until fn
// returns false. A line longer than MaxLine is passed to long instead, and skipped.
func eachLine(r io.Reader, fn func(line string, n int) bool, long func(n int) bool) error {
	lr := NewLineReader(r, MaxLine)
	for {
		line, n, err := lr.Next()
		switch {
		case err == io.EOF:
			return nil
		case err == ErrLongLine:
			if !long(n) {
				return nil
			}
		case err != nil:
			return err
		case !fn(line, n):
			return nil
		}
	}
}

// Lines yields each line of r as one URL (a gzip stream is decompressed): the inputs of a
// list, one a line. A line ends at "\n", and a "\r" before it is dropped.
func Lines(r io.Reader, name string) iter.Seq2[URL, error] {
	return func(yield func(URL, error) bool) {
		r, err := Decompress(r)
		if err != nil {
			yield(URL{}, fmt.Errorf("%s: %w", name, err))
			return
		}
		err = eachLine(r, func(line string, n int) bool {
			return yield(URL{Text: line, Where: Where{File: name, Line: n}}, nil)
		}, func(n int) bool {
			return yield(URL{}, &Error{Where{File: name, Line: n}, errLongLine})
		})
		if err != nil {
			yield(URL{}, fmt.Errorf("%s: %w", name, err))
		}
	}
}
