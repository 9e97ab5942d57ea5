package source

import (
	"bytes"
	"io"
	"iter"
	"runtime"
	"slices"
	"sync"
)

// WARC yields, for each record of the WARC file r (ISO 28500: WARC/1.0 and WARC/1.1), its
// WARC-Target-URI, then the URLs of its payload when that is HTML: the HTML of a response
// record's HTTP response (its headers skipped, a chunked transfer coding and a gzip or deflate
// content coding decoded), and of a resource record whose Content-Type is HTML.
//
// A gzip file is read member by member, so that a record of a file of one gzip member per
// record (ISO 28500 Annex D) says the member it is in; a file gzipped whole is read too. A
// record that is malformed (no version line, no Content-Length, no CRLF CRLF after its block)
// or truncated, and a payload that cannot be decoded, is yielded as an [*Error] with the
// record's offset, and reading goes on at the next record: at the next line that begins
// "WARC/", or in a file of one gzip member per record at the next member. A record whose
// Content-Length runs past the header of a record after it is cut at that header, and
// reported, so that the records after it yield their own URLs (a record that begins a gzip
// member of such a file is bounded by its member instead).
//
// The file is read ahead of the consumer, on goroutines of its own: one decompresses it and
// splits it into records, and their HTML is tokenized on every core (GOMAXPROCS), while what
// is yielded comes in the file's order, in the caller's goroutine. A few megabytes of records
// are held at a time (a payload of more than 512 KB is tokenized as it is decompressed), so
// that memory does not grow with the file. r is not read after the iteration ends, and a panic
// in reading it (r's own) is raised in the caller's goroutine.
func WARC(r io.Reader, name string) iter.Seq2[URL, error] {
	return func(yield func(URL, error) bool) {
		p := startPipeline(newWARCReader(r, name))
		defer p.stop()
		for g := range p.groups {
			for b := range g.out {
				for _, it := range *b {
					if !yield(it.u, it.err) {
						return
					}
				}
				putBatch(b)
			}
			if g.panicked != nil {
				panic(g.panicked)
			}
			putGroup(g)
		}
		if p.panicked != nil {
			panic(p.panicked)
		}
	}
}

const (
	// groupBytes is about how many bytes of blocks a group of records holds: a worker
	// tokenizes a group at a time, so that the goroutines meet once for many records.
	groupBytes = 256 << 10
	// readAhead is how many groups are read ahead of the consumer.
	readAhead = 8
	// maxBuffered bounds the block of a record whose payload is tokenized by a worker; a
	// longer one is tokenized as it is decompressed, the records after it waiting.
	maxBuffered = 512 << 10
	// batchSize is how many URLs are sent to the consumer at a time.
	batchSize = 1024
)

// A pipeline reads the records of a WARC file on goroutines of its own: split decompresses the
// file and reads its records, in groups, sending each group on groups (in the file's order)
// and on payloads, which a worker on each core reads. The consumer reads each group's URLs
// from its out, in order.
type pipeline struct {
	groups   chan *group
	payloads chan *group
	done     chan struct{} // closed when the consumer stops
	wg       sync.WaitGroup
	// panicked is what split panicked with, set before groups is closed.
	panicked any
}

// groups and batches are the groups and batches that consumers are done with, for reuse: by
// the pipelines of one file after another too.
var (
	groups  = sync.Pool{New: func() any { return &group{buf: make([]byte, 0, groupBytes+groupBytes/2)} }}
	batches = sync.Pool{New: func() any { b := make([]item, 0, batchSize); return &b }}
)

// A group is consecutive records of the file.
type group struct {
	recs []record
	buf  []byte // the blocks of recs whose payload is read by a worker
	out  chan *[]item
	// batch is the URLs not yet sent on out.
	batch *[]item
	// streamed is set when the group is the payload of one record, tokenized by split as
	// the file is decompressed.
	streamed bool
	// panicked is what the worker that tokenized the group panicked with.
	panicked any
	p        *pipeline
}

// A record is what one record of the file yields: pre, the URLs of its payload when it has one
// to tokenize (buffered), and post.
type record struct {
	pre  []item // its WARC-Target-URI, or the error of a record that could not be read
	post []item // the errors found after its block
	// buffered says that the payload is in the group's buf from start to end; the block is
	// cut short there when the file is.
	buffered   bool
	start, end int
	header     header
	rec        Where
}

// An item is one thing WARC yields.
type item struct {
	u   URL
	err error
}

func startPipeline(w *warcReader) *pipeline {
	p := &pipeline{
		groups:   make(chan *group, readAhead),
		payloads: make(chan *group, readAhead+2),
		done:     make(chan struct{}),
	}
	workers := runtime.GOMAXPROCS(0)
	p.wg.Add(1 + workers)
	go p.split(w)
	for range workers {
		go p.work()
	}
	return p
}

// stop ends the goroutines, when they have not ended, and waits for them.
func (p *pipeline) stop() {
	close(p.done)
	p.wg.Wait()
}

// splitPanic, deferred by split, keeps a panic for the consumer, and ends the group that was
// being tokenized as the file was read. A panic on a goroutine of the pipeline is raised by the
// consumer in its own goroutine, where the caller can recover it, after the URLs read before
// it: split's when the groups end, a worker's when the URLs of the group it tokenized end.
func (p *pipeline) splitPanic(w *warcReader) {
	if v := recover(); v != nil {
		p.panicked = v
		if w.g.streamed && w.g.out != nil {
			close(w.g.out)
		}
	}
}

func (p *pipeline) newGroup() *group {
	g := groups.Get().(*group)
	g.p = p
	return g
}

func putGroup(g *group) {
	clear(g.recs)
	*g = group{recs: g.recs[:0], buf: g.buf[:0]}
	groups.Put(g)
}

func putBatch(b *[]item) {
	clear(*b)
	*b = (*b)[:0]
	batches.Put(b)
}

// split reads the records of w, in groups.
func (p *pipeline) split(w *warcReader) {
	defer p.wg.Done()
	defer close(p.payloads)
	defer close(p.groups)
	w.p, w.g = p, p.newGroup()
	defer p.splitPanic(w) // before the channels close, so that the consumer sees the panic
	for more := true; more; {
		w.g.recs = append(w.g.recs, record{})
		more = w.record(w.add)
		g := w.g
		switch {
		case g.streamed:
			if g.flush() {
				close(g.out)
			}
			w.g = p.newGroup()
			continue
		case !more || len(g.buf) >= groupBytes || len(g.recs) >= 256:
			if !p.send(g) {
				return
			}
			w.g = p.newGroup()
		}
	}
}

// send sends g to the consumer and to a worker; it returns false when the consumer stopped.
func (p *pipeline) send(g *group) bool {
	g.out = make(chan *[]item, 4)
	select {
	case p.groups <- g:
	case <-p.done:
		return false
	}
	// payloads never fills: it holds groups that are in groups, or the consumer's.
	p.payloads <- g
	return true
}

// work tokenizes the payloads of groups, a group at a time.
func (p *pipeline) work() {
	defer p.wg.Done()
	var pr payloadReader
	for g := range p.payloads {
		select {
		case <-p.done:
			return
		default:
		}
		if g.tokenizeOrPanic(&pr) {
			close(g.out)
		}
	}
}

// tokenizeOrPanic tokenizes g, and keeps a panic in g for the consumer; it returns false when the
// consumer stopped.
func (g *group) tokenizeOrPanic(pr *payloadReader) (ok bool) {
	defer func() {
		if v := recover(); v != nil {
			g.panicked, ok = v, true
			*pr = payloadReader{} // its readers may be in any state
		}
	}()
	return g.tokenize(pr) && g.flush()
}

// tokenize sends what the records of g yield on g.out; it returns false when the consumer
// stopped.
func (g *group) tokenize(pr *payloadReader) bool {
	for i := range g.recs {
		r := &g.recs[i]
		for _, it := range r.pre {
			if !g.emit(it.u, it.err) {
				return false
			}
		}
		if r.buffered {
			block := &countedReader{r: bytes.NewReader(g.buf[r.start:r.end]), n: r.header.length}
			switch err := pr.payload(block, &r.header, r.rec, g.emit); {
			case err == errStop:
				return false
			case err != nil && !g.emit(URL{}, &Error{r.rec, err}):
				return false
			}
		}
		for _, it := range r.post {
			if !g.emit(it.u, it.err) {
				return false
			}
		}
	}
	return true
}

// emit adds what the group yields to the batch, and sends the batch when it is full; it
// returns false when the consumer stopped.
func (g *group) emit(u URL, err error) bool {
	if g.batch == nil {
		g.batch = batches.Get().(*[]item)
	}
	*g.batch = append(*g.batch, item{u, err})
	return len(*g.batch) < batchSize || g.flush()
}

// flush sends the batch; it returns false when the consumer stopped.
func (g *group) flush() bool {
	if g.batch == nil {
		return true
	}
	b := g.batch
	g.batch = nil
	select {
	case g.out <- b:
		return true
	case <-g.p.done:
		return false
	}
}

// add adds what the record being read yields: before its block is read, to its pre; after
// its block is buffered, to its post; while its payload is tokenized by split, to the
// consumer's batch. It returns false when the consumer stopped.
func (w *warcReader) add(u URL, err error) bool {
	g := w.g
	if g.streamed {
		return g.emit(u, err)
	}
	r := &g.recs[len(g.recs)-1]
	if r.buffered {
		r.post = append(r.post, item{u, err})
	} else {
		r.pre = append(r.pre, item{u, err})
	}
	return true
}

// readPayload reads the payload of the record when it may be HTML: a block of up to
// maxBuffered bytes is read whole into the group, for a worker; a longer one is tokenized
// here, and its URLs yielded, in a group of its own.
func (w *warcReader) readPayload(block *countedReader, yield func(URL, error) bool) error {
	h := &w.header
	if !h.mayBeHTML() {
		return nil
	}
	if h.length > maxBuffered {
		// The group before is sent first, so that it is tokenized while this one is.
		if !w.p.send(w.g) {
			return errStop
		}
		w.g = w.p.newGroup()
		w.g.streamed = true
		w.g.out = make(chan *[]item, 4)
		select {
		case w.p.groups <- w.g:
		case <-w.p.done:
			return errStop
		}
		return w.payload(block, h, w.rec, yield)
	}
	g := w.g
	start := len(g.buf)
	g.buf = slices.Grow(g.buf, int(h.length))[:start+int(h.length)]
	n, _ := io.ReadFull(block, g.buf[start:])
	g.buf = g.buf[:start+n]
	r := &g.recs[len(g.recs)-1]
	r.buffered, r.start, r.end, r.header, r.rec = true, start, start+n, *h, w.rec
	return nil
}
