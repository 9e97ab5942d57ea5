package source

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"slices"
	"strings"
)

// ErrCompressed is the error of a stream compressed otherwise than by gzip, which is not read.
var ErrCompressed = errors.New("compressed (bzip2, xz or zstd): decompress it first, or give it as gzip")

// Decompress returns r, read through gzip when it begins as a gzip stream does (RFC 1952
// section 2.3.1: the bytes 31, 139). A stream that begins as bzip2, xz or zstd does is refused
// with ErrCompressed: its lines would be bytes no one wrote.
func Decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(6)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return gzip.NewReader(br)
	case bytes.HasPrefix(head, []byte("BZh")), bytes.HasPrefix(head, []byte("\xfd7zXZ\x00")),
		bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return nil, ErrCompressed
	}
	// The bytes read to see the head, then the rest straight from r: its reader (a
	// LineReader) reads in blocks of its own, into which br would only add a copy.
	buffered, _ := br.Peek(br.Buffered())
	return io.MultiReader(bytes.NewReader(buffered), r), nil
}

// ErrLongLine is what LineReader.Next returns for a line longer than its bound, which it skips.
var ErrLongLine = errors.New("line too long")

// A LineReader reads the lines of a stream. It reads them in blocks: the whole lines that one
// Read gives become one string, and each line is a part of it, so that a reader of millions of
// short lines makes one allocation for each block rather than one for each line.
type LineReader struct {
	r     io.Reader
	max   int
	buf   []byte // read, not yet in block: the beginning of a line
	block string // whole lines read, not yet returned
	n     int    // the number of the last line returned
	err   error  // the error that ended reading, returned once block is empty
	long  bool   // the line being read is too long: its bytes are dropped up to its end
	empty int    // the reads in a row that read nothing
}

// blockSize is the size of a LineReader's buffer, which grows for a longer line.
const blockSize = 64 << 10

// NewLineReader returns a reader of the lines of r, each of them at most max bytes long
// without its end.
func NewLineReader(r io.Reader, max int) *LineReader {
	return &LineReader{r: r, max: max, buf: make([]byte, 0, min(blockSize, max+2))}
}

// Next returns the next line, without its end ("\n", or "\r\n"), and its number, counted from
// 1; the last line of the stream may have no end. A line longer than the bound is skipped:
// Next returns its number and ErrLongLine, as soon as the line is known to be too long. At the
// end of the stream Next returns io.EOF, or the error that ended it, with the number of the
// last line returned; a line cut short by an error is not returned.
func (lr *LineReader) Next() (line string, n int, err error) {
	for lr.block == "" {
		if lr.err != nil {
			return "", lr.n, lr.err
		}
		if lr.fill() {
			lr.n++
			return "", lr.n, ErrLongLine
		}
	}
	var ended bool
	line, lr.block, ended = strings.Cut(lr.block, "\n")
	lr.n++
	if ended {
		line = strings.TrimSuffix(line, "\r")
	}
	if len(line) > lr.max {
		return "", lr.n, ErrLongLine
	}
	return line, lr.n, nil
}

// fill reads once from the stream: the whole lines read become block, and the beginning of the
// line after them stays in buf. It reports whether that line has grown too long to hold (its
// bytes are then dropped up to its end).
func (lr *LineReader) fill() (long bool) {
	if cap(lr.buf) > blockSize && len(lr.buf) < blockSize {
		// The long line that grew the buffer is behind: blocks of the usual size again, so
		// that a string of lines is never longer than a line needs.
		lr.buf = append(make([]byte, 0, blockSize), lr.buf...)
	}
	if len(lr.buf) == cap(lr.buf) {
		if len(lr.buf) >= lr.max+2 { // longer than max, with or without "\r\n"
			lr.buf, lr.long, long = lr.buf[:0], true, true
		} else {
			// Room for a block more, the buffer growing as append grows a slice (by a
			// quarter, when it is large), not doubling: a long line is held about once.
			lr.buf = slices.Grow(lr.buf, blockSize)
		}
	}
	m, err := lr.r.Read(lr.buf[len(lr.buf):cap(lr.buf)])
	lr.buf = lr.buf[:len(lr.buf)+m]
	lr.empty++
	if m > 0 {
		lr.empty = 0
	}
	if lr.empty == 100 && err == nil {
		err = io.ErrNoProgress // as bufio.Reader gives up on a reader that reads nothing
	}
	if lr.long {
		i := bytes.IndexByte(lr.buf, '\n')
		if i < 0 {
			lr.buf = lr.buf[:0]
		} else {
			lr.buf, lr.long = lr.buf[:copy(lr.buf, lr.buf[i+1:])], false
		}
	}
	whole := bytes.LastIndexByte(lr.buf, '\n') + 1
	if err == io.EOF && !lr.long {
		whole = len(lr.buf) // the last line, which may have no end
	}
	if whole > 0 {
		lr.block = string(lr.buf[:whole])
		lr.buf = lr.buf[:copy(lr.buf, lr.buf[whole:])]
	}
	if err != nil {
		lr.err = err
	}
	return long
}
