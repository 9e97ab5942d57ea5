package source

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	// The gzip, zlib and deflate readers of klauspost/compress: the same formats as the
	// standard library's (RFC 1950, 1951, 1952), decompressed in about two thirds of the time.
	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
)

// A warcReader reads the records of one WARC file.
type warcReader struct {
	name string
	s    *warcStream
	br   *bufio.Reader // over s
	off  int64         // offset in s of br's next byte
	// The record being read.
	rec    Where
	header header
	// alone says that the record begins a gzip member of a file of several (one member per
	// record, as ISO 28500 Annex D recommends): the member's end bounds it.
	alone bool
	// The pipeline the records are read for, and the group of records being read.
	p *pipeline
	g *group
	// Readers of a payload read as the file is.
	payloadReader
}

func newWARCReader(r io.Reader, name string) *warcReader {
	s := newWARCStream(r)
	return &warcReader{name: name, s: s, br: bufio.NewReaderSize(s, maxHeaderLine)}
}

// header is the header fields of a WARC record that the reader uses.
type header struct {
	length                   int64 // Content-Length; -1 when absent
	target, typ, contentType string
}

// record reads one record and yields its URLs; it returns false at the end of the file, at an
// error of the underlying reader, or when yield returns false.
//
// In a gzip file, each member is read as the end of the stream: a record (ISO 28500 Annex D:
// each record is compressed individually, or the file whole) does not run past the member it
// begins in, and a record whose Content-Length would take it there is reported, the reading
// going on at the next member.
//
// A block that runs past the header of the next record (a Content-Length too large) is cut
// there and reported, and the next record is read from its header (see countedReader), so
// that the records after a damaged one keep their own URLs. A record that begins a gzip member
// of a file of several is not looked into: the member's end bounds it.
func (w *warcReader) record(yield func(URL, error) bool) bool {
	if !w.skipBlankLines() {
		if w.s.err == nil && w.s.next() {
			w.br.Reset(w.s)
			return true
		}
		return w.streamEnd(Where{File: w.name, Offset: w.off, Member: w.s.memberOffset()}, false, yield)
	}
	w.rec = Where{File: w.name, Offset: w.off, Member: w.s.memberOffset()}
	w.alone = w.s.gzipped && w.s.records == 0 && w.s.members > 1
	w.s.records++
	if err := w.readHeader(); err != nil {
		if w.s.err != nil && w.s.err != io.EOF {
			return w.streamEnd(w.rec, true, yield)
		}
		return w.skip(err, yield)
	}
	h := &w.header
	w.rec.Type, w.rec.Record = h.typ, h.target
	if h.target != "" {
		u := w.rec
		u.Attr = "WARC-Target-URI"
		if !yield(URL{Text: h.target, Where: u}, nil) {
			return false
		}
	}
	block := &countedReader{r: w.br, n: h.length}
	if !w.alone {
		block.header = w.br
	}
	if err := w.readPayload(block, yield); err != nil {
		if err == errStop || !yield(URL{}, &Error{w.rec, err}) {
			return false
		}
	}
	// The rest of the block, which the payload's reader left.
	io.Copy(io.Discard, block)
	w.off += h.length - block.n
	if block.cut {
		// The next record begins here, where reading goes on.
		err := fmt.Errorf("malformed: its Content-Length (%d) runs past the header of the record at offset %d; the block is cut there, after %d bytes", h.length, w.off, h.length-block.n)
		return yield(URL{}, &Error{w.rec, err})
	}
	if block.err != nil {
		if w.s.err != nil && w.s.err != io.EOF {
			return w.streamEnd(w.rec, true, yield)
		}
		return w.skip(fmt.Errorf("truncated: the block ends after %d of its %d bytes", h.length-block.n, h.length), yield)
	}
	// The block is followed by two CRLFs (ISO 28500 section 4).
	tail, _ := w.br.Peek(4)
	switch {
	case bytes.Equal(tail, []byte("\r\n\r\n")):
		w.br.Discard(4)
		w.off += 4
	case bytes.HasPrefix(tail, []byte("\n\n")):
		w.br.Discard(2)
		w.off += 2
	case len(tail) < 4 && w.s.err != nil && w.s.err != io.EOF:
		return w.streamEnd(w.rec, true, yield)
	default:
		return w.skip(errors.New("malformed: the block is not followed by CRLF CRLF (is its Content-Length right?)"), yield)
	}
	return true
}

// errStop is returned by a payload's reader when the consumer stopped.
var errStop = errors.New("stopped")

// streamEnd handles the error that stopped the stream, where: inRecord says whether a record
// had begun. A damaged gzip member is reported and reading goes on at the next member; another
// error ends the file.
func (w *warcReader) streamEnd(where Where, inRecord bool, yield func(URL, error) bool) bool {
	var me *memberError
	switch err := w.s.err; {
	case err == nil || err == io.EOF:
		return false
	case errors.As(err, &me):
		if where.Member == nil {
			where.Member = &me.offset
		}
		more := w.s.skipDamaged()
		if !yield(URL{}, &Error{where, me}) || !more {
			return false
		}
		w.br.Reset(w.s)
		w.off = w.s.out
		return true
	default:
		yield(URL{}, fmt.Errorf("%s: %w", w.name, err))
		return false
	}
}

// skip reports a malformed or truncated record and goes on at the next one: at the next line
// that begins "WARC/", or the next gzip member; a record alone in its gzip member (w.alone),
// at the next member.
func (w *warcReader) skip(err error, yield func(URL, error) bool) bool {
	if !yield(URL{}, &Error{w.rec, err}) {
		return false
	}
	if w.alone {
		n, _ := w.br.Discard(w.br.Buffered())
		w.off += int64(n)
		w.s.finishMember()
		w.off = w.s.out
		if w.s.err != nil && w.s.err != io.EOF {
			return w.streamEnd(Where{File: w.name, Offset: w.off}, false, yield)
		}
		return true // record begins the next member
	}
	for {
		b, err := w.br.Peek(5)
		if bytes.Equal(b, []byte("WARC/")) {
			return true
		}
		if err != nil && len(b) < 5 {
			n, _ := w.br.Discard(len(b))
			w.off += int64(n)
			if w.s.gzipped && w.s.err == nil {
				return true // the end of a gzip member: record begins the next
			}
			return w.streamEnd(Where{File: w.name, Offset: w.off}, false, yield)
		}
		line, err := w.br.ReadSlice('\n')
		w.off += int64(len(line))
		if err != nil && err != bufio.ErrBufferFull {
			return w.streamEnd(Where{File: w.name, Offset: w.off}, false, yield)
		}
	}
}

// skipBlankLines skips empty lines before a record, which some writers leave; it returns false
// at the end of the stream.
func (w *warcReader) skipBlankLines() bool {
	for {
		b, err := w.br.Peek(1)
		if err != nil {
			return false
		}
		if b[0] != '\r' && b[0] != '\n' {
			return true
		}
		w.br.Discard(1)
		w.off++
	}
}

// readHeader reads a record's version line and header fields (ISO 28500 section 4).
func (w *warcReader) readHeader() error {
	h := &w.header
	*h = header{length: -1}
	line, err := w.headerLine()
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(line, []byte("WARC/")) {
		return fmt.Errorf("malformed: no version line (\"WARC/1.1\"): %.40q", line)
	}
	var last *string // the field a continuation line continues
	for {
		line, err := w.headerLine()
		if err != nil {
			return err
		}
		if len(line) == 0 {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			// A field's value continued on the next line (linear whitespace, as in RFC 2616).
			if last != nil {
				*last += " " + string(bytes.TrimSpace(line))
			}
			continue
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return fmt.Errorf("malformed: header line without a colon: %.40q", line)
		}
		last = nil
		f := fieldName(name, "warc-target-uri", "warc-type", "content-type", "content-length")
		if f == "" {
			continue
		}
		v := string(bytes.TrimSpace(value))
		switch f {
		case "warc-target-uri":
			// WARC/1.1's grammar put the URI in angle brackets, which some writers followed;
			// ISO 28500 and its examples do not.
			if len(v) >= 2 && v[0] == '<' && v[len(v)-1] == '>' {
				v = v[1 : len(v)-1]
			}
			h.target, last = v, &h.target
		case "warc-type":
			h.typ = v
		case "content-type":
			h.contentType, last = v, &h.contentType
		case "content-length":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return fmt.Errorf("malformed: Content-Length %q", v)
			}
			h.length = n
		}
	}
	if h.length < 0 {
		return errors.New("malformed: no Content-Length")
	}
	return nil
}

// headerLine reads one line of a header, without its CRLF (or LF).
func (w *warcReader) headerLine() ([]byte, error) {
	line, err := w.br.ReadSlice('\n')
	w.off += int64(len(line))
	switch {
	case err == bufio.ErrBufferFull:
		return nil, fmt.Errorf("malformed: header line longer than %d bytes", w.br.Size())
	case err != nil:
		return nil, errors.New("truncated: the header ends early")
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r")), nil
}

// mayBeHTML reports whether the record's payload may be HTML: a response record of an HTTP
// response, or a resource record whose Content-Type is HTML.
func (h *header) mayBeHTML() bool {
	return h.typ == "response" && mediaType(h.contentType) == "application/http" ||
		h.typ == "resource" && isHTMLType(mediaType(h.contentType))
}

// A payloadReader reads the HTML payloads of records, one at a time: its readers are reused
// from record to record.
type payloadReader struct {
	hbr   *bufio.Reader // over the record's block
	chunk chunkedReader
	cbr   *bufio.Reader // over the chunked body
	gz    *gzip.Reader
	zl    io.ReadCloser
	pbr   *bufio.Reader // over the decoded body
	html  htmlDoc
}

// payload yields the URLs of the HTML payload of the record h at rec, read from block.
func (w *payloadReader) payload(block *countedReader, h *header, rec Where, yield func(URL, error) bool) error {
	var body io.Reader = block
	if h.typ == "response" {
		var err error
		if body, err = w.httpBody(block); err != nil || body == nil {
			return err
		}
	}
	w.html.reset(body, rec)
	for w.html.next(yield) {
	}
	switch {
	case w.html.stopped:
		return errStop
	case w.html.err != nil && block.err == nil:
		// A payload's own damage (a content coding cut short); the record's is reported by
		// the record.
		return fmt.Errorf("payload: %w", w.html.err)
	}
	return nil
}

// httpBody reads the HTTP response at the start of block (RFC 9112 section 2: a status line,
// header fields, an empty line) and returns its body decoded, or nil when it is not HTML.
func (w *payloadReader) httpBody(block *countedReader) (io.Reader, error) {
	if w.hbr == nil {
		w.hbr = bufio.NewReaderSize(block, maxHeaderLine)
		w.cbr = bufio.NewReaderSize(nil, 16<<10)
		w.pbr = bufio.NewReaderSize(nil, 16<<10)
	}
	br := w.hbr
	br.Reset(block)
	status, err := br.ReadSlice('\n')
	if err != nil || !bytes.HasPrefix(status, []byte("HTTP/")) {
		if block.err != nil {
			return nil, nil // the record is truncated, which the record reports
		}
		return nil, fmt.Errorf("payload: no HTTP status line: %.40q", status)
	}
	var contentType, contentEncoding, transferEncoding string
	for {
		line, err := br.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			return nil, fmt.Errorf("payload: HTTP header line longer than %d bytes", br.Size())
		case err != nil && block.err != nil:
			return nil, nil
		case err != nil:
			return nil, errors.New("payload: the HTTP header does not end")
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		f := fieldName(name, "content-type", "content-encoding", "transfer-encoding")
		if f == "" {
			continue
		}
		v := string(bytes.TrimSpace(value))
		switch f {
		case "content-type":
			contentType = v
		case "content-encoding":
			contentEncoding = v
		case "transfer-encoding":
			transferEncoding = v
		}
	}
	if contentType != "" && !isHTMLType(mediaType(contentType)) {
		return nil, nil
	}
	body := br
	if strings.EqualFold(transferEncoding, "chunked") && startsChunked(br) {
		w.chunk = chunkedReader{r: br}
		w.cbr.Reset(&w.chunk)
		body = w.cbr
	}
	pbr, err := w.decode(body, contentEncoding)
	if err != nil {
		return nil, err
	}
	if contentType == "" && !sniffHTML(pbr) {
		return nil, nil
	}
	return pbr, nil
}

// decode returns body decoded by its content coding (RFC 9110 section 8.4.1: gzip, deflate),
// buffered. A body whose coding is gzip but that does not begin as gzip does is taken as
// already decoded: some crawlers write the decoded body and keep the header. The decompressors
// read body byte by byte, and so never past their stream.
func (w *payloadReader) decode(body *bufio.Reader, coding string) (*bufio.Reader, error) {
	var dec io.Reader
	switch c := strings.ToLower(strings.TrimSpace(coding)); c {
	case "", "identity":
		return body, nil
	case "gzip", "x-gzip":
		if head, _ := body.Peek(2); !bytes.Equal(head, []byte{0x1f, 0x8b}) {
			return body, nil
		}
		if w.gz == nil {
			w.gz = new(gzip.Reader)
		}
		if err := w.gz.Reset(body); err != nil {
			return nil, fmt.Errorf("payload: gzip content coding: %w", err)
		}
		dec = w.gz
	case "deflate":
		// RFC 9110's "deflate" is the zlib format (RFC 1950), which some servers sent as raw
		// deflate (RFC 1951) instead: the zlib header's check bits tell them apart.
		br := body
		head, _ := br.Peek(2)
		if len(head) == 2 && head[0]&0x0f == 8 && (uint(head[0])<<8|uint(head[1]))%31 == 0 {
			var err error
			if w.zl == nil {
				w.zl, err = zlib.NewReader(br)
			} else {
				err = w.zl.(zlib.Resetter).Reset(br, nil)
			}
			if err != nil {
				return nil, fmt.Errorf("payload: deflate content coding: %w", err)
			}
			dec = w.zl
		} else {
			dec = flate.NewReader(br)
		}
	default:
		return nil, fmt.Errorf("payload: content coding %q is not decoded; its URLs are skipped", coding)
	}
	w.pbr.Reset(dec)
	return w.pbr, nil
}

// fieldName returns the one of names (in lower case) that the header field name is, its case
// and the spaces around it aside, or "": without making a string of each field's name.
func fieldName(name []byte, names ...string) string {
	name = bytes.TrimSpace(name)
	for _, n := range names {
		if len(name) == len(n) && bytes.EqualFold(name, []byte(n)) {
			return n
		}
	}
	return ""
}

// mediaType returns the type/subtype of a Content-Type value, in lower case.
func mediaType(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return strings.ToLower(strings.TrimSpace(ct))
}

func isHTMLType(mt string) bool { return mt == "text/html" || mt == "application/xhtml+xml" }

// sniffHTML reports whether a body without a Content-Type begins as HTML does: after
// whitespace, with one of the tags the WHATWG's MIME sniffing takes for HTML, or with a tag of
// the kind early pages began with.
func sniffHTML(br *bufio.Reader) bool {
	head, _ := br.Peek(512)
	head = bytes.TrimLeft(head, " \t\n\f\r")
	for _, p := range []string{"<!doctype html", "<html", "<head", "<body", "<title", "<a ", "<p>", "<!--", "<h1", "<table", "<br", "<div", "<script", "<iframe", "<font", "<b>", "<style", "<isindex", "<base"} {
		if len(head) >= len(p) && strings.EqualFold(string(head[:len(p)]), p) {
			return true
		}
	}
	return false
}

// A countedReader reads at most n more bytes of r; err is set when r ends (or fails) first.
//
// With header set (to r, a record's block read from the file), it also ends where the header
// of a WARC record begins inside the block, and sets cut: a line that begins "WARC/1.0" or
// "WARC/1.1" after an empty line (the two CRLFs that end a record, ISO 28500 section 4), and
// that is a record's header in full (see recordHeaderAt). A block runs past the next record's
// header only when its Content-Length is too large; a payload that holds a WARC record of its
// own (an uncompressed WARC file archived as a resource) is cut too, which the reader cannot
// tell from that damage without reading the block twice, and the error says where.
type countedReader struct {
	r   io.Reader
	n   int64
	err error
	// header is r, when the block is to end before a record's header.
	header *bufio.Reader
	cut    bool
	// tail holds the last bytes read, up to 4: the empty line before a header may end there.
	tail []byte
}

func (c *countedReader) Read(p []byte) (int, error) {
	if c.n <= 0 || c.cut {
		return 0, io.EOF
	}
	if c.err != nil {
		return 0, c.err
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	if c.header != nil {
		k, cut := c.beforeHeader(len(p))
		if cut {
			c.cut = true
			return 0, io.EOF
		}
		p = p[:k]
	}
	n, err := c.r.Read(p)
	c.n -= int64(n)
	if c.header != nil {
		c.tail = append(c.tail, p[:n]...)
		c.tail = c.tail[max(len(c.tail)-4, 0):]
	}
	if err != nil && c.n > 0 {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		c.err = err
		return n, err
	}
	return n, nil
}

// beforeHeader returns how many of the next bytes of the block, at most max, come before the
// first place where a record's header may begin (a "W" after an empty line), or whether one
// begins at the next byte. It reads only what the header's buffer holds, and more only to see
// whether a header begins at the next byte: each byte is looked at once, and each "W" after an
// empty line makes one read end before it.
func (c *countedReader) beforeHeader(max int) (int, bool) {
	br := c.header
	if _, err := br.Peek(1); err != nil {
		return max, false // the block's Read gives the error
	}
	buf, _ := br.Peek(br.Buffered())
	limit := min(len(buf), max)
	for from := 0; from < limit; {
		i := bytes.IndexByte(buf[from:limit], 'W')
		if i < 0 {
			break
		}
		h := from + i
		from = h + 1
		if !emptyLineBefore(c.tail, buf[:h]) {
			continue
		}
		if h > 0 {
			return h, false // the next read begins there, and looks
		}
		if recordHeaderAt(br) {
			return 0, true
		}
	}
	return limit, false
}

// emptyLineBefore reports whether the bytes read before (tail, then buf) end with an empty
// line: "\r\n\r\n", or "\n\n" as some writers have it.
func emptyLineBefore(tail, buf []byte) bool {
	var last [4]byte
	end := last[:0]
	if k := 4 - len(buf); k > 0 {
		end = append(end, tail[max(len(tail)-k, 0):]...)
	}
	end = append(end, buf[max(len(buf)-4, 0):]...)
	return bytes.HasSuffix(end, []byte("\r\n\r\n")) || bytes.HasSuffix(end, []byte("\n\n"))
}

// maxHeaderProbe bounds how far recordHeaderAt looks for a header's end: within the header
// buffer (maxHeaderLine), and longer than the header of a record.
const maxHeaderProbe = 32 << 10

// recordHeaderAt reports whether the next bytes of br are a WARC record's header, whole: the
// version line "WARC/1.0" or "WARC/1.1", then header fields up to an empty line, among them
// the four that ISO 28500 section 5.1 makes mandatory (WARC-Record-ID, Content-Length with a
// number, WARC-Date and WARC-Type), within maxHeaderProbe bytes. It reads nothing.
func recordHeaderAt(br *bufio.Reader) bool {
	if b, _ := br.Peek(len("WARC/1.0\n")); !bytes.HasPrefix(b, []byte("WARC/1.0")) && !bytes.HasPrefix(b, []byte("WARC/1.1")) {
		return false
	}
	for n := 1 << 10; ; n = min(2*n, maxHeaderProbe) {
		b, err := br.Peek(n)
		if ok, whole := recordHeader(b); whole {
			return ok
		}
		if err != nil || n == maxHeaderProbe {
			return false
		}
	}
}

// recordHeader reports whether b begins with a record's header (see recordHeaderAt), and
// whether it holds enough of it to tell.
func recordHeader(b []byte) (ok, whole bool) {
	var mandatory [4]bool
	for i := 0; ; i++ {
		line, rest, ended := bytes.Cut(b, []byte("\n"))
		if !ended {
			return false, false
		}
		b = rest
		line = bytes.TrimSuffix(line, []byte("\r"))
		switch {
		case i == 0:
			if string(line) != "WARC/1.0" && string(line) != "WARC/1.1" {
				return false, true
			}
		case len(line) == 0:
			return mandatory == [4]bool{true, true, true, true}, true
		case line[0] == ' ' || line[0] == '\t': // a value continued
		default:
			name, value, ok := bytes.Cut(line, []byte(":"))
			if !ok || len(bytes.TrimSpace(name)) == 0 {
				return false, true
			}
			switch fieldName(name, "warc-record-id", "content-length", "warc-date", "warc-type") {
			case "warc-record-id":
				mandatory[0] = true
			case "content-length":
				_, err := strconv.ParseUint(string(bytes.TrimSpace(value)), 10, 63)
				mandatory[1] = err == nil
			case "warc-date":
				mandatory[2] = true
			case "warc-type":
				mandatory[3] = true
			}
		}
	}
}

// startsChunked reports whether br begins with a chunk-size line (RFC 9112 section 7.1): some
// crawlers write the body unchunked and keep the Transfer-Encoding header.
func startsChunked(br *bufio.Reader) bool {
	head, _ := br.Peek(64)
	i := 0
	for i < len(head) && isHex(head[i]) {
		i++
	}
	return i > 0 && i < len(head) && (head[i] == '\r' || head[i] == '\n' || head[i] == ';' || head[i] == ' ')
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// A chunkedReader decodes the chunked transfer coding (RFC 9112 section 7.1). A malformed
// chunk-size line ends the body.
type chunkedReader struct {
	r    *bufio.Reader
	left int64 // bytes left in the current chunk
	seen bool  // a chunk has been read, whose data a CRLF ends
	end  bool
}

func (c *chunkedReader) Read(p []byte) (int, error) {
	for c.left == 0 {
		if c.end {
			return 0, io.EOF
		}
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			c.end = true
			return 0, io.EOF
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 && c.seen {
			c.seen = false // the CRLF after a chunk's data
			continue
		}
		if i := bytes.IndexAny(line, "; \t"); i >= 0 { // chunk extensions
			line = line[:i]
		}
		n, err := strconv.ParseInt(string(line), 16, 64)
		if err != nil || n <= 0 {
			c.end = true // the last chunk, or a malformed size
			return 0, io.EOF
		}
		c.left, c.seen = n, true
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if err != nil {
		c.end = true
		if n == 0 {
			return 0, io.EOF
		}
	}
	return n, nil
}

// A countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// A memberError is a gzip member that is corrupt or cut short: the records in it from the
// damage on are lost, and reading goes on at the next member.
type memberError struct {
	offset int64 // of the member in the file
	err    error
	resume int64 // the offset in the file reading goes on at; -1: the end of the file
}

func (e *memberError) Error() string {
	s := fmt.Sprintf("truncated or corrupt gzip member at offset %d (%v)", e.offset, e.err)
	if e.resume < 0 {
		return s + "; no gzip member follows"
	}
	return s + fmt.Sprintf("; reading goes on at the gzip member at offset %d", e.resume)
}

// A warcStream is a WARC file's bytes: when the file is gzip, decompressed one member at a
// time, each member's end read as the end of the stream until next begins the next member.
type warcStream struct {
	file *countingReader
	// raw is the file's bytes, buffered: gzip reads a member from it through ReadByte, and so
	// stops at the member's end, and the file's offset is what file counted less what raw
	// holds unread.
	raw      *bufio.Reader
	gzipped  bool
	gz       *gzip.Reader
	inMember bool
	member   int64 // the offset in the file of the current member
	members  int   // the members begun
	records  int   // the records begun in the current member (or, not gzip, in the file)
	out      int64 // bytes read from the stream
	err      error // the error that stopped the stream: io.EOF, a *memberError, or the reader's
}

func newWARCStream(r io.Reader) *warcStream {
	s := &warcStream{file: &countingReader{r: r}}
	s.raw = bufio.NewReaderSize(s.file, 64<<10)
	head, err := s.raw.Peek(2)
	if err != nil && err != io.EOF {
		s.err = err
	}
	s.gzipped = bytes.Equal(head, []byte{0x1f, 0x8b})
	if s.gzipped {
		s.next()
	}
	return s
}

func (s *warcStream) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if !s.gzipped {
		n, err := s.raw.Read(p)
		s.out += int64(n)
		if err != nil {
			s.err = err
		}
		return n, err
	}
	if !s.inMember {
		return 0, io.EOF
	}
	n, err := s.gz.Read(p)
	s.out += int64(n)
	switch {
	case err == io.EOF:
		s.inMember = false
	case err == io.ErrUnexpectedEOF:
		s.err = &memberError{offset: s.member, err: errors.New("cut short")}
		err = s.err
	case err != nil:
		s.err = &memberError{offset: s.member, err: err}
		err = s.err
	}
	return n, err
}

// offset returns the offset in the file of raw's next byte.
func (s *warcStream) offset() int64 { return s.file.n - int64(s.raw.Buffered()) }

// next begins the next gzip member; it returns false at the end of the file, or at an error
// (s.err).
func (s *warcStream) next() bool {
	if !s.gzipped || s.err != nil {
		return false
	}
	if _, err := s.raw.Peek(1); err != nil {
		s.err = err
		return false
	}
	s.member = s.offset()
	if s.gz == nil {
		s.gz = new(gzip.Reader)
	}
	if err := s.gz.Reset(s.raw); err != nil {
		s.err = &memberError{offset: s.member, err: err}
		return false
	}
	s.gz.Multistream(false)
	s.inMember, s.members, s.records = true, s.members+1, 0
	return true
}

// memberOffset returns the offset in the file of the current gzip member, or nil when the file
// is not gzip.
func (s *warcStream) memberOffset() *int64 {
	if !s.gzipped {
		return nil
	}
	at := s.member
	return &at
}

// finishMember reads the rest of the current gzip member, unread.
func (s *warcStream) finishMember() {
	buf := make([]byte, 32<<10)
	for s.inMember && s.err == nil {
		s.Read(buf)
	}
}

// skipDamaged goes on after a damaged gzip member at the next gzip header in the file (RFC 1952
// section 2.3.1: 31, 139, then 8 for deflate), and sets the member error's resume offset. It
// returns false when no member follows.
func (s *warcStream) skipDamaged() bool {
	me := s.err.(*memberError)
	s.inMember = false
	for {
		head, err := s.raw.Peek(3)
		if bytes.Equal(head, []byte{0x1f, 0x8b, 8}) {
			me.resume = s.offset()
			s.err = nil
			return s.next() || s.err != nil
		}
		if err != nil && len(head) < 3 {
			me.resume = -1
			s.err = io.EOF
			return false
		}
		s.raw.ReadByte()
	}
}
