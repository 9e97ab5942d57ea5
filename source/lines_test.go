package source

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readLines reads every line of lr as "N:line", or "N:long" for a line too long, and the error
// that ended it.
func readLines(lr *LineReader) ([]string, error) {
	var got []string
	for {
		line, n, err := lr.Next()
		switch {
		case err == ErrLongLine:
			got = append(got, fmt.Sprintf("%d:long", n))
		case err != nil:
			return got, err
		default:
			got = append(got, fmt.Sprintf("%d:%s", n, line))
		}
	}
}

// TestLineReader: a line ends at "\n", with one "\r" before it dropped; blank lines count; the
// last line may have no end (and then keeps a "\r"); a line longer than the bound is skipped
// with its number, whether it ends in the buffer or runs past it. Every reader gives the same
// lines, however few bytes each Read returns.
func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 50)
	in := "a\r\n\nb\r\r\n" + long + "\nc\n" + long + long + long + "\r\nd\re\nf\r"
	want := "1:a 2: 3:b\r 4:long 5:c 6:long 7:d\re 8:f\r"
	for name, r := range map[string]func() io.Reader{
		"whole":    func() io.Reader { return strings.NewReader(in) },
		"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(in)) },
		"half":     func() io.Reader { return iotest.HalfReader(strings.NewReader(in)) },
		"data+EOF": func() io.Reader { return iotest.DataErrReader(strings.NewReader(in)) },
	} {
		got, err := readLines(NewLineReader(r(), 40))
		if strings.Join(got, " ") != want || err != io.EOF {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
}

// TestLineReaderEnds: a stream ending in "\n" has no empty line after it; a long last line
// without an end is skipped; a read error ends the lines, and the line it cut short is not
// returned.
func TestLineReaderEnds(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"\n", "1:"},
		{"a\n", "1:a"},
		{"a\n" + strings.Repeat("y", 100), "1:a 2:long"},
	} {
		got, err := readLines(NewLineReader(strings.NewReader(c.in), 10))
		if strings.Join(got, " ") != c.want || err != io.EOF {
			t.Errorf("%q: %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	broken := errors.New("broken")
	lr := NewLineReader(io.MultiReader(strings.NewReader("a\nb\npartial"), iotest.ErrReader(broken)), 10)
	got, err := readLines(lr)
	if strings.Join(got, " ") != "1:a 2:b" || err != broken {
		t.Errorf("read error: %q, %v", got, err)
	}
	if _, n, err := lr.Next(); n != 2 || err != broken {
		t.Errorf("after the error: line %d, %v; want line 2 and the error again", n, err)
	}
}

// nothingReader reads nothing, and no error, for ever.
type nothingReader struct{}

func (nothingReader) Read([]byte) (int, error) { return 0, nil }

// TestLineReaderNoProgress: a reader that reads nothing, time after time, ends the lines with
// io.ErrNoProgress, as bufio.Reader ends them, rather than holding the reader of lines for ever.
func TestLineReaderNoProgress(t *testing.T) {
	lr := NewLineReader(io.MultiReader(strings.NewReader("a\n"), nothingReader{}), 10)
	got, err := readLines(lr)
	if strings.Join(got, " ") != "1:a" || err != io.ErrNoProgress {
		t.Errorf("%q, %v; want 1:a and io.ErrNoProgress", got, err)
	}
}

// TestDecompress: a gzip stream is read decompressed; bzip2, xz and zstd are refused; anything
// else is read as it is, a stream shorter than a compressed one's head too.
func TestDecompress(t *testing.T) {
	for _, head := range []string{"BZh91AY", "\xfd7zXZ\x00\x00", "\x28\xb5\x2f\xfd\x00"} {
		if _, err := Decompress(strings.NewReader(head)); err != ErrCompressed {
			t.Errorf("%q: %v, want ErrCompressed", head, err)
		}
	}
	for _, in := range []string{"", "a", "http://a/\n"} {
		r, err := Decompress(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := io.ReadAll(r); string(b) != in {
			t.Errorf("%q read as %q", in, b)
		}
	}
}

// TestLineReaderBlocks: a line longer than a block grows the buffer for itself only: the
// lines after it are read in blocks of the usual size again.
func TestLineReaderBlocks(t *testing.T) {
	long := strings.Repeat("x", 3*blockSize)
	in := "a\n" + long + "\n" + strings.Repeat("b\n", blockSize)
	lr := NewLineReader(iotest.HalfReader(strings.NewReader(in)), 4*blockSize)
	for _, want := range []string{"a", long} {
		if line, _, err := lr.Next(); err != nil || line != want {
			t.Fatalf("%.10q (%d bytes), %v; want %.10q (%d bytes)", line, len(line), err, want, len(want))
		}
	}
	got, err := readLines(lr)
	if len(got) != blockSize || err != io.EOF {
		t.Fatalf("%d lines after the long one, %v; want %d", len(got), err, blockSize)
	}
	if cap(lr.buf) != blockSize {
		t.Errorf("the buffer holds %d bytes after the long line, want %d", cap(lr.buf), blockSize)
	}
}
