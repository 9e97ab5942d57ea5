package compare

import (
	"bufio"
	"bytes"
	"iter"
	"slices"
	"sync"

	"github.com/urlgrammar/urlgrammar/internal/inorder"
)

// WriteRows writes to w, in format f and in input order, the row of each input of a stream
// that r shows: every input, or with Diff each one on which the targets disagree. Each input
// comes with its source, "" when it does not say (see WriteRow). WriteRows returns the summary
// of the inputs shown, for WriteSummary, and adds the number of inputs read to r.Read.
//
// The inputs are judged under r.Targets (in mode 0) on every CPU, in batches, as CompareAll
// judges them, and the rows of a batch are formatted and summed up on the goroutine that
// judged it; but FormatHTML's, which r keeps (WriteRow), are kept in the calling goroutine.
// With r.Prompt, each input is judged, and its row written, in the calling goroutine before
// the next input is read. each, when it is not nil, is called in the calling goroutine after
// each input, in input order, its row written, with whether r shows it; WriteRows stops
// reading inputs when it returns false, or when writing to w fails.
//
// WriteRows returns an error of writing to w, or, having written nothing, the error of
// CheckTargets.
func (r *Report) WriteRows(w *bufio.Writer, f Format, inputs iter.Seq2[string, string], each func(shown bool) bool) (*Summary, error) {
	if err := CheckTargets(r.Targets); err != nil {
		return nil, err
	}
	// The workers format rows with a copy of r as it is now, which WriteRows changes
	// (Read) and FormatHTML's rows change as they are kept.
	rw := &rowWriter{base: *r, format: f}
	rw.base.Targets = slices.Clone(r.Targets)
	summary := NewSummary(r.Targets)
	var err error
	write := func(b rowBatch) bool {
		defer rowBuffers.Put(b.rows)
		if err = summary.Merge(b.summary); err != nil {
			return false
		}
		rows, ends, kept, written := b.rows.b.Bytes(), b.ends, b.kept, 0
		for _, shown := range b.shown {
			r.Read++
			if shown && f == FormatHTML {
				r.WriteRow(w, f, kept[0].Comparison, kept[0].source)
				kept = kept[1:]
			} else if shown {
				w.Write(rows[written:ends[0]])
				written, ends = ends[0], ends[1:]
			}
			if each != nil && !each(shown) {
				return false
			}
		}
		_, err = w.Write(nil) // the error that stopped w, if any
		return err == nil
	}
	if r.Prompt {
		for s, source := range inputs {
			if !write(rw.batch(0, []sourcedInput{{s, source}})) {
				break
			}
		}
		return summary, err
	}
	inorder.Map(func(yield func(sourcedInput) bool) {
		for s, source := range inputs {
			if !yield(sourcedInput{s, source}) {
				return
			}
		}
	}, rw.batch, write)
	return summary, err
}

// A sourcedInput is an input of WriteRows, with its source.
type sourcedInput struct {
	input, source string
}

// A rowWriter formats the rows of WriteRows on the goroutines that judge the inputs.
type rowWriter struct {
	base   Report
	format Format
}

// A rowBatch is what WriteRows makes of a batch of inputs on the goroutine that judged it.
type rowBatch struct {
	shown   []bool     // per input, whether the report shows it
	summary *Summary   // of the inputs shown
	rows    *rowBuffer // their rows, formatted
	ends    []int      // where each row ends in rows
	kept    []keptRow  // or, for FormatHTML, whose rows the report keeps, the inputs shown
}

// A keptRow is a row that WriteRows formats in the calling goroutine.
type keptRow struct {
	Comparison
	source string
}

// batch judges a batch of inputs, and formats and sums up the rows of those shown.
func (rw *rowWriter) batch(_ int, batch []sourcedInput) rowBatch {
	texts := make([]string, len(batch))
	for i, in := range batch {
		texts[i] = in.input
	}
	b := rowBatch{summary: NewSummary(rw.base.Targets), rows: rowBuffers.Get().(*rowBuffer)}
	b.rows.b.Reset()
	for i, c := range compareBatch(rw.base.Targets, texts, 0, rw.base.Differential != nil) {
		if rw.base.Differential != nil {
			c = Interpret(c, rw.base.Targets, rw.base.Differential)
		}
		shown := !rw.base.Diff || !c.Agree() || c.disagreesOnComponents()
		b.shown = append(b.shown, shown)
		if !shown {
			continue
		}
		b.summary.Add(c)
		if rw.format == FormatHTML {
			b.kept = append(b.kept, keptRow{c, batch[i].source})
			continue
		}
		rw.base.WriteRow(b.rows.w, rw.format, c, batch[i].source)
		b.ends = append(b.ends, b.rows.b.Len()+b.rows.w.Buffered())
	}
	b.rows.w.Flush()
	return b
}

// A rowBuffer holds the rows of a batch until they are written. The buffers are used again,
// batch after batch, so that a long run does not grow a new one for each.
type rowBuffer struct {
	b bytes.Buffer
	w *bufio.Writer // into b
}

var rowBuffers = sync.Pool{New: func() any {
	rb := new(rowBuffer)
	rb.w = bufio.NewWriter(&rb.b)
	return rb
}}
