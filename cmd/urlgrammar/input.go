package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar/source"
)

// The input convention, one rule for every command that reads inputs:
//
//   - the positional arguments are the inputs, each one input (the empty argument too);
//   - "-f FILE" reads one input per line from FILE, and "-f -" (or a lone argument "-") from
//     standard input; -f may be given several times, and the files are read in turn;
//   - with neither, the inputs are the lines of standard input;
//   - a positional argument that names an existing regular file is refused (it is almost
//     always meant as "-f FILE"): to judge such a name as an input, give it on standard input.
//
// A line ends at "\n"; one "\r" before it is dropped too (no grammar accepts a CR, and files
// with CRLF line ends are common); a last line without "\n" is a line. Every line is an input,
// an empty one too: the empty string, which RFC 3986 (section 4.1) and others accept as a
// reference, so that a command that prints one result per input prints one per line, and its
// output lines up with its input (paste, join). A gzip file (or stream) is read decompressed;
// other compressed files are refused.
//
// A line the command cannot judge (longer than maxLine, or not of the form the command reads)
// is reported on standard error with its line number and skipped; the rest are judged, and the
// exit status is then 2, as for a read error. The exit status is otherwise 0 when every input
// is valid and 1 when some input is invalid (or has no result).

// inputFlags are the flags of every command that reads inputs.
type inputFlags struct {
	files        listFlag
	lineBuffered bool
}

// addInputFlags adds -f and --line-buffered to the flags of a command that reads inputs.
func addInputFlags(fs *flag.FlagSet) *inputFlags {
	f := &inputFlags{}
	fs.Var(&f.files, "f", fmt.Sprintf("read one input per line (of at most %d MiB) from `FILE` (repeatable; - for standard input; gzip is decompressed)", maxLine>>20))
	fs.BoolVar(&f.lineBuffered, "line-buffered", false, "write each result as soon as it is judged (for tail -f), not in blocks")
	return f
}

// maxLine bounds one input line, in every command: the bound of the documents' lines too
// (--from text, cdx), the source package's (a variable so that a test can lower it).
var maxLine = source.MaxLine

// An input is one input of a command and where it comes from.
type input struct {
	text string
	file string   // the file it was read from ("-": standard input), "" for an argument
	line int      // its line number in file, or the argument's position, from 1
	bad  error    // why it cannot be judged (a *badLine), or nil
	src  *sourced // where in its document it was found (--from), or nil
}

// where names the input's place for a message: "line 3", or with several files "a.txt line 3",
// or "argument 2".
func (in input) where(files int) string {
	switch {
	case in.src != nil:
		return in.src.Where.String()
	case in.file == "":
		return fmt.Sprintf("argument %d", in.line)
	case files > 1:
		return fmt.Sprintf("%s line %d", fileName(in.file), in.line)
	}
	return fmt.Sprintf("line %d", in.line)
}

// position is the input's line number for -n: "3", or with several files "a.txt:3".
func (l *loop) position(in input) string {
	if in.src != nil {
		return in.src.String()
	}
	if len(l.files) > 1 {
		return fmt.Sprintf("%s:%d", in.file, in.line)
	}
	return strconv.Itoa(in.line)
}

func fileName(f string) string {
	if f == "-" {
		return "standard input"
	}
	return f
}

// A badLine is an input the command cannot judge: it is reported with its place and skipped.
type badLine struct{ reason string }

func (b *badLine) Error() string { return b.reason }

// A loop is one run of a command over its inputs: it reads them by the input convention,
// hands each to the command, writes the command's output in whole lines, counts the verdicts
// and ends with the exit status. Its output goes through out, which the command writes to.
type loop struct {
	cmd    string
	out    *bufio.Writer
	stderr io.Writer
	flags  *inputFlags

	args  []input // the inputs given as arguments, or compare's corpus
	files []string
	stdin io.Reader

	cur      input              // the input being read
	queue    []input            // inputs read and not yet taken by next (see texts)
	r        *source.LineReader // the file being read, by lines
	doc      io.Reader          // or as a document (--from)
	closer   io.Closer          // and its closing
	inputs   int                // the inputs judged
	invalid  int                // of which invalid
	bad      int                // lines that could not be judged
	unread   int                // files of several that could not be read
	openErr  error              // why the first file could not be read, said at its turn
	readErr  error              // the error that cut the input short
	writeErr error              // the error that stopped the output
	lines    *wholeLines        // under out: whole lines only
	count    bool               // print "N of M valid" on standard error at the end
	implicit bool               // the inputs are standard input's, by default
	hint     string             // what to say when that input is empty
	onFinish func() error       // run at the end, before the output is flushed, or nil
	describe func() string      // what the run did, for its summary line: "N of M valid" when nil
	// needsInputs makes a run without inputs an error (compare: a report of nothing).
	needsInputs bool
	progress    *progress  // on a terminal's standard error, or nil
	read        int64      // the bytes read from the files (a gzip file's, compressed)
	stop        bool       // a signal stopped the input (stop.go)
	waits       bool       // the file being read may wait for input: a stop ends it (stop.go)
	from        *documents // the documents the inputs are read from (--from), or nil for lines
}

// newLoop checks the inputs of a command (args, the positional arguments, and the -f files of
// f) and returns its loop over their lines, or with from, over the URLs of the documents they
// are (--from). Every error that can be known before the first input (an argument naming a
// file, both arguments and -f, a missing file, a directory) is returned here, so that a command
// prints nothing else when its input cannot be read.
func newLoop(cmd string, f *inputFlags, from *documents, args []string, stdin io.Reader, stdout, stderr io.Writer) (*loop, error) {
	implicit := len(f.files) == 0 && len(args) == 0 && from == nil
	args, files, err := checkInputs(f, args)
	if err != nil {
		return nil, err
	}
	inputs := make([]input, len(args))
	for i, a := range args {
		inputs[i] = input{text: a, line: i + 1}
	}
	l := textLoop(cmd, f, inputs, stdout, stderr)
	l.files, l.stdin, l.implicit, l.from = files, stdin, implicit, from
	l.progress = newProgress(files, stdin, stdout, stderr)
	if len(files) > 0 {
		// The first file is opened now, so that its errors (unreadable, compressed) come
		// before any output; of several files, each one that cannot be read is reported at
		// its turn and skipped, and the others are read.
		if l.openErr = l.open(files[0]); l.openErr != nil && len(files) == 1 {
			return nil, l.openErr
		}
	}
	return l, nil
}

// checkInputs checks the positional arguments and the -f files of a command, and returns them
// as the command reads them.
func checkInputs(f *inputFlags, args []string) ([]string, []string, error) {
	files := []string(f.files)
	if len(args) == 1 && args[0] == "-" && len(files) == 0 {
		args, files = nil, []string{"-"}
	}
	switch {
	case len(files) > 0 && len(args) > 0:
		return nil, nil, fmt.Errorf("-f %s and input arguments exclude each other", files[0])
	case len(files) == 0 && len(args) == 0:
		files = []string{"-"}
	}
	for _, a := range args {
		if st, err := os.Stat(a); err == nil && st.Mode().IsRegular() {
			return nil, nil, fmt.Errorf("the argument %q names a file: \"-f %s\" reads its lines (arguments are inputs; to judge that text itself, give it on standard input)", a, a)
		}
	}
	readable := 0
	var first error
	for _, file := range files {
		if err := openable(file); err == nil {
			readable++
		} else if first == nil {
			first = err
		}
	}
	if readable == 0 && len(files) > 0 { // nothing to read: refused before anything is written
		return nil, nil, first
	}
	return args, files, nil
}

// openable says why file ("-": standard input) cannot be opened as a file of inputs, or is nil.
func openable(file string) error {
	if file == "-" {
		return nil
	}
	st, err := os.Stat(file)
	if err != nil {
		return readingError(file, err)
	}
	if st.IsDir() {
		return fmt.Errorf("reading %s: it is a directory, not a file of inputs", file)
	}
	return nil
}

// readingError says that file could not be read, and why, without the os package's operation
// and path, which would say it again: "reading urls.txt: no such file or directory".
func readingError(file string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("reading %s: %w", fileName(file), err)
}

// textLoop returns the loop of a command over inputs of its own (compare's embedded corpus),
// or over its arguments.
func textLoop(cmd string, f *inputFlags, inputs []input, stdout, stderr io.Writer) *loop {
	l := &loop{cmd: cmd, stderr: stderr, flags: f, args: inputs}
	l.lines = &wholeLines{w: stdout}
	l.out = bufio.NewWriterSize(l.lines, 64<<10)
	looping.Store(true)
	return l
}

// open opens file for reading: as a document of l.from's format, or its lines, decompressed
// when it is gzip, refused when it is compressed otherwise (source.Decompress).
func (l *loop) open(file string) error {
	l.cur = input{file: file}
	r, typed, err := l.reader(file)
	if err != nil || l.from != nil {
		l.doc = r
		return err
	}
	if !typed {
		// A terminal's lines are never compressed, and its first line may be shorter than
		// the head that Decompress waits for.
		if r, err = source.Decompress(r); err != nil {
			l.close()
			if errors.Is(err, source.ErrCompressed) {
				return fmt.Errorf("reading %s: it is %w", fileName(file), err)
			}
			return fmt.Errorf("reading %s: %w", fileName(file), err)
		}
	}
	l.r = source.NewLineReader(r, maxLine)
	return nil
}

// reader opens file ("-": standard input) for reading, and says whether it is a terminal. A
// read that waits for input returns on a stop (stop.go).
func (l *loop) reader(file string) (r io.Reader, typed bool, err error) {
	r, l.closer = l.stdin, nil
	if err := openable(file); err != nil {
		return nil, false, err
	}
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return nil, false, readingError(file, err)
		}
		r, l.closer = f, f
	}
	sr := newStopReader(r)
	_, l.waits = sr.(*stopReader)
	return readCounter{sr, &l.read}, isTerminal(r), nil
}

func (l *loop) close() {
	if l.closer != nil {
		l.closer.Close()
		l.closer = nil
	}
}

// A readCounter counts what it reads (for the progress line, and to tell an empty input from
// one without URLs).
type readCounter struct {
	r    io.Reader
	read *int64
}

func (c readCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.read += int64(n)
	return n, err
}

// all yields the inputs: the arguments, then the lines of the files in turn; or with l.from,
// the URLs of the documents that the arguments, then the files, are. A line too long to judge
// is reported and skipped; a read error ends the inputs, and is kept for the end; a stop ends
// them after the input read last.
func (l *loop) all() iter.Seq[input] {
	return func(yieldAll func(input) bool) {
		yield := func(in input) bool { return yieldAll(in) && !l.stopped() }
		for _, in := range l.args {
			ok := l.from == nil && yield(in)
			if l.from != nil { // each argument a document
				ok = l.document(strings.NewReader(in.text), fmt.Sprintf("argument %d", in.line), "", yield)
			}
			if !ok {
				return
			}
		}
		for i, file := range l.files {
			err := l.openErr
			if i > 0 {
				err = l.open(file)
			}
			if err != nil { // reported, after what was judged before it, and skipped
				l.unread++
				l.say(err.Error() + " (skipped; the other files are read)")
				continue
			}
			ok := l.from == nil && l.lines1(yield)
			if l.from != nil {
				ok = l.document(l.doc, fileName(file), file, yield)
			}
			l.close()
			if !ok || l.readErr != nil {
				return
			}
		}
	}
}

// lines1 yields the lines of the file being read; false when yield stopped it.
func (l *loop) lines1(yield func(input) bool) bool {
	for {
		line, n, err := l.r.Next()
		switch {
		case err == io.EOF:
			return true
		case err == source.ErrLongLine:
			l.cur.text, l.cur.bad = "", &badLine{fmt.Sprintf("longer than %d bytes", maxLine)}
		case err == errStopped:
			l.stop = true
			return false
		case err != nil:
			l.readErr = fmt.Errorf("reading %s after line %d: %w", fileName(l.cur.file), n, err)
			return true
		default:
			l.cur.text, l.cur.bad = line, nil
		}
		l.cur.line = n
		if !yield(l.cur) {
			return false
		}
	}
}

// note says something of an input on standard error, after flushing what was judged before
// it.
func (l *loop) note(in input, msg string) { l.say(in.where(len(l.files)) + ": " + msg) }

// say writes msg on standard error, after flushing what was judged before it.
func (l *loop) say(msg string) {
	l.out.Flush()
	l.lines.flushAll()
	fmt.Fprintf(l.stderr, "urlgrammar %s: %s\n", l.cmd, msg)
}

// run calls judge for each input, in order, and returns the exit status. judge writes its
// result to l.out and returns whether the input is valid; or a *badLine, which reports the
// input and goes on; or another error, which stops the run.
func (l *loop) run(judge func(in input) (bool, error)) int {
	for in := range l.all() {
		valid, err := false, in.bad
		if in.bad == nil {
			valid, err = judge(in)
		}
		if !l.done(in, valid, err) {
			break
		}
	}
	return l.finish()
}

// runResults runs l with fn, which gives for an input its result as a line of text, as a JSON
// value and as a row of TSV, or an error when it has none: one line per input in format f, the
// text or "error", a tab and the error; the JSON value; or the row, after header.
func (l *loop) runResults(f string, header []string, fn func(input) (text string, value any, row []string, err error)) int {
	if f == "tsv" {
		writeTSV(l.out, header...)
	}
	return l.run(func(in input) (bool, error) {
		text, value, row, err := fn(in)
		switch {
		case f == "json":
			return err == nil, encodeJSONLine(l.out, value)
		case f == "tsv":
			return err == nil, writeTSV(l.out, row...)
		case err != nil:
			_, werr := fmt.Fprintf(l.out, "error\t%s\n", cause(err))
			return false, werr
		}
		l.out.WriteString(text)
		return true, l.out.WriteByte('\n')
	})
}

// texts yields the text of each input that can be judged, for a pipeline that judges several
// at once and gives the results in order, reading its inputs in the goroutine that takes its
// results (compare.CompareAll). With queue, next returns the input of each result; without,
// a result need not be one input's (compare --extract). A line that cannot be judged is
// reported as it is read.
func (l *loop) texts(queue bool) iter.Seq[string] {
	return func(yield func(string) bool) {
		for in := range l.all() {
			if in.bad != nil {
				if !l.done(in, false, in.bad) { // reported, and skipped
					return
				}
				continue
			}
			if queue {
				l.queue = append(l.queue, in)
			}
			if !yield(in.text) {
				return
			}
		}
	}
}

// next returns the oldest input that texts yielded and next has not returned.
func (l *loop) next() input {
	in := l.queue[0]
	l.queue = l.queue[1:]
	return in
}

// done counts the verdict on in, reports a *badLine err, and returns false when the run must
// stop: on another error, or when the output cannot be written.
func (l *loop) done(in input, valid bool, err error) bool {
	switch {
	case err == nil:
		l.inputs++
		if !valid {
			l.invalid++
		}
	case errors.As(err, new(*badLine)): // reported, after what was judged before it, and skipped
		l.bad++
		l.note(in, err.Error())
	default:
		l.writeErr = err
		return false
	}
	return l.written()
}

// doneAll counts the verdicts on n inputs judged at once, of which invalid are invalid, their
// results written; it returns false when the run must stop.
func (l *loop) doneAll(n, invalid int) bool {
	l.inputs += n
	l.invalid += invalid
	return l.written()
}

// written checks that the results so far could be written, flushes them with
// --line-buffered, and shows the progress.
func (l *loop) written() bool {
	l.progress.tick(l.inputs+l.bad, l.read)
	_, err := l.out.Write(nil) // the error of an earlier write, which bufio keeps
	if err == nil && l.flags.lineBuffered {
		err = l.out.Flush()
		l.lines.flushAll()
	}
	if err != nil {
		l.writeErr = err
		return false
	}
	return true
}

// finish ends the run: it flushes what was judged, then reports a write or read error, and
// returns the exit status.
func (l *loop) finish() int {
	l.close()
	err := l.writeErr
	if err == nil && l.onFinish != nil {
		err = l.onFinish()
	}
	if err == nil {
		err = l.out.Flush()
	}
	if err == nil {
		err = l.lines.flushAll()
	}
	l.progress.done()
	if l.count || l.stop {
		fmt.Fprintf(l.stderr, "urlgrammar %s: %s\n", l.cmd, l.summary())
	}
	empty := l.empty() && err == nil
	switch {
	case empty && l.implicit && l.read == 0:
		// Not a terminal (a terminal's inputs are typed), and empty: a CI job, an editor
		// task or "ssh host cmd" run without inputs, which deserves a word, not silence.
		fmt.Fprintf(l.stderr, "urlgrammar %s: no inputs: standard input was empty (give inputs as arguments, with -f FILE, or on standard input%s)\n", l.cmd, l.hint)
	case empty && l.needsInputs:
		fmt.Fprintf(l.stderr, "urlgrammar %s: no inputs: %s\n", l.cmd, l.nothing())
	}
	switch {
	case empty && l.needsInputs:
		return exitUsage
	case err != nil:
		return fail(l.stderr, l.cmd, err)
	case l.readErr != nil:
		return fail(l.stderr, l.cmd, l.readErr)
	case l.stop: // as a shell reports a command killed by the signal
		return 128 + int(stopSignal.Load())
	case l.bad > 0 || l.unread > 0:
		return exitUsage
	case l.invalid > 0:
		return exitInvalid
	}
	return exitValid
}

// summary is the count of a run: "N of M valid" (or what describe says the command did), and
// what cut it short.
func (l *loop) summary() string {
	s := fmt.Sprintf("%d of %d valid", l.inputs-l.invalid, l.inputs)
	if l.describe != nil {
		s = l.describe()
	}
	if l.bad > 0 {
		s += fmt.Sprintf(", %s not judged", plural(l.bad, "line"))
	}
	if l.unread > 0 {
		s += fmt.Sprintf(", %s not read", plural(l.unread, "file"))
	}
	if cut := l.cut(); cut != "" {
		s += "; " + cut
	}
	return s
}

// empty reports whether the run read no input, and was neither cut short nor stopped.
func (l *loop) empty() bool {
	return l.inputs == 0 && l.bad == 0 && l.cut() == "" && l.writeErr == nil
}

// nothing says what held no input: "urls.txt is empty", "standard input was empty", or for
// what was read and held none (compare --extract, --from), that it holds no URL: every line
// of what is read as lines is an input.
func (l *loop) nothing() string {
	switch name := l.inputName(); {
	case l.read > 0 || len(l.args) > 0:
		return "no URL in " + name
	case name == "standard input":
		return "standard input was empty"
	case len(l.files) > 1:
		return name + " are empty"
	default:
		return name + " is empty"
	}
}

// wholeLines writes to w only whole lines: what follows the last "\n" of a write waits for
// the line's end. So an output cut off (by a write error, or a stop) ends with a whole
// line, never within one or within a UTF-8 sequence. A line longer than maxPendingLine is the
// exception: it is written as it comes once that much of it waits, so that the JSON of a
// long input (several times its size) is not held whole; an error while writing it may cut
// it.
type wholeLines struct {
	w       io.Writer
	pending []byte
	long    bool // the line being written is longer than maxPendingLine: written as it comes
}

// maxPendingLine is how much of a line wholeLines holds back at most.
const maxPendingLine = 1 << 20

func (wl *wholeLines) Write(p []byte) (int, error) {
	i := bytes.LastIndexByte(p, '\n')
	if i < 0 {
		if wl.long || len(wl.pending)+len(p) > maxPendingLine {
			wl.long = true
			if err := wl.flushAll(); err != nil {
				return 0, err
			}
			return wl.w.Write(p)
		}
		wl.pending = append(wl.pending, p...)
		return len(p), nil
	}
	wl.long = false
	lines := p[:i+1]
	if len(wl.pending) > 0 {
		wl.pending = append(wl.pending, lines...)
		lines = wl.pending
	}
	if _, err := wl.w.Write(lines); err != nil {
		return 0, err
	}
	wl.pending = append(wl.pending[:0], p[i+1:]...)
	return len(p), nil
}

// flushAll writes what is pending, a line without its end (the output's last, when it has
// none).
func (wl *wholeLines) flushAll() error {
	if len(wl.pending) == 0 {
		return nil
	}
	_, err := wl.w.Write(wl.pending)
	wl.pending = wl.pending[:0]
	return err
}

// encodeJSONLine writes v as one line of JSON, HTML characters unescaped.
func encodeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w) // which writes a value in one Write, or nothing on an error
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// listFlag is a flag that may be given several times, each value added to the list.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, s)
	return nil
}

func (l *listFlag) accumulates() {}
