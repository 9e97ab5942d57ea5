package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// summaryOut returns where compare's summary is written: out, or when name is set a temporary
// file beside the --summary file of that name, which closeSum renames to it once the summary
// is whole, so that the file is never left half-written: when the summary cannot be written
// (a full disk), or none is (no inputs), the file that was there stays as it was. closeSum may
// be called again, and then does nothing.
func summaryOut(name string, out *bufio.Writer) (w *bufio.Writer, closeSum func() error, err error) {
	if name == "" {
		return out, func() error { return nil }, nil
	}
	fail := func(err error) error {
		if e := errors.Unwrap(err); e != nil { // the os package's operation and path: said again
			err = e
		}
		return fmt.Errorf("writing the summary to %s: %w", name, err)
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return nil, nil, fail(err)
	}
	w = bufio.NewWriter(summaryWriter(f))
	closed := false
	return w, func() error {
		if closed {
			return nil
		}
		closed = true
		defer os.Remove(f.Name()) // gone once renamed
		werr := w.Flush()
		st, err := f.Stat()
		switch err = cmp.Or(werr, err, f.Chmod(0o644), f.Close()); {
		case err != nil:
			return fail(err)
		case st.Size() == 0: // no summary
			return nil
		}
		if err := os.Rename(f.Name(), name); err != nil {
			return fail(err)
		}
		return nil
	}, nil
}

// summaryWriter is what the summary file is written through, which a test replaces to fill
// the disk.
var summaryWriter = func(f *os.File) io.Writer { return f }
