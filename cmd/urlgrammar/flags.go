package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/source"
)

// newFlagSet makes the flag set of a subcommand; its errors go to stderr. "-h" and "--help"
// are answered by run, which prints the usage on standard output.
func newFlagSet(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: urlgrammar %s %s\n", name, args)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses flags that may stand before, between or after the positional arguments
// (an argument "--" ends the flags) and returns the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		// The flag package consumes a "--" that ends the flags: everything after it is
		// positional, even what looks like a flag.
		if used := len(args) - len(fs.Args()); used > 0 && args[used-1] == "--" {
			return append(rest, fs.Args()...), nil
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// fail prints err on stderr after the one prefix "urlgrammar CMD: " (without the library's
// own "urlgrammar: ") and returns the exit status of a usage or I/O error.
func fail(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "urlgrammar %s: %s\n", cmd, strings.TrimPrefix(err.Error(), "urlgrammar: "))
	return exitUsage
}

// grammarFlags are the -g and -rule flags of check, parse and tree.
type grammarFlags struct {
	id, rule *string
}

func addGrammarFlags(fs *flag.FlagSet) grammarFlags {
	return grammarFlags{
		id:   fs.String("g", "", "grammar version `ID` (see \"urlgrammar versions\")"),
		rule: fs.String("rule", "", "start `RULE` (default: the version's default reading)"),
	}
}

// target resolves the flags: the version and the rule (or "" for the default reading), or an
// error for an unknown version or rule.
func (g grammarFlags) target() (compare.Target, error) {
	v, err := versionFlag(*g.id)
	if err != nil {
		return compare.Target{}, err
	}
	t := compare.Target{Version: v, Rule: startRule(v, *g.rule)}
	return t, compare.CheckTargets([]compare.Target{t})
}

// versionFlag resolves the -g flag's value to a Version.
func versionFlag(id string) (urlgrammar.Version, error) {
	if id == "" {
		return 0, errors.New("-g ID is required (see \"urlgrammar versions\")")
	}
	return urlgrammar.Lookup(id)
}

// versionsFlag resolves a comma-separated -g list; a version named twice is refused. An empty
// list means none (the caller's default).
func versionsFlag(ids string) ([]urlgrammar.Version, error) {
	if ids == "" {
		return nil, nil
	}
	var vs []urlgrammar.Version
	seen := map[urlgrammar.Version]bool{}
	for _, id := range strings.Split(ids, ",") {
		v, err := urlgrammar.Lookup(strings.TrimSpace(id))
		if err != nil {
			return nil, err
		}
		if seen[v] {
			return nil, fmt.Errorf("-g names %v twice", v)
		}
		seen[v] = true
		vs = append(vs, v)
	}
	return vs, nil
}

// abnfDocuments are the versions whose documents write their grammar in ABNF (RFC 2234), where
// rule names are case-insensitive (RFC 2234 section 2.1, RFC 5234 section 2.1). The older
// documents' BNF says nothing of the kind, so their rule names keep their case.
var abnfDocuments = map[urlgrammar.Version]bool{urlgrammar.Draft2003: true, urlgrammar.RFC3986: true}

// startRule returns v's rule named rule, which -rule holds inputs to: for an ABNF document,
// the rule whose name equals rule ignoring case; otherwise rule as given.
func startRule(v urlgrammar.Version, rule string) string {
	if abnfDocuments[v] {
		for _, r := range v.Rules() {
			if strings.EqualFold(r, rule) {
				return r
			}
		}
	}
	return rule
}

// The input convention, one rule for every command that reads inputs:
//
//   - the positional arguments are the inputs, each one input;
//   - "-f FILE" reads one input per line from FILE, and "-f -" (or a lone argument "-") from
//     standard input;
//   - with neither, the inputs are the lines of standard input;
//   - a positional argument that names an existing regular file is refused (it is almost
//     always meant as "-f FILE"): to judge such a name as an input, give it on standard input.
//
// A line ends at "\n"; one "\r" before it is dropped too (no grammar accepts a CR, and files
// with CRLF line ends are common), and an empty line is the empty string. A gzip file (or
// stream) is read decompressed; other compressed files are refused.

// addInputFlag adds the -f flag of the commands that read inputs.
func addInputFlag(fs *flag.FlagSet) *string {
	return fs.String("f", "", "read one input per line from `FILE` (- for standard input; gzip is decompressed)")
}

// maxLine bounds one input line (a variable so that a test can lower it).
var maxLine = 64 << 20

// An inputSource is where a command's inputs come from (see the input convention above).
type inputSource struct {
	args  []string      // the inputs, when given as arguments
	r     *bufio.Reader // else the lines of r
	close func() error
	line  int // the number of the last line read
	// Documents read by --from (see openSource) instead of lines.
	urls      iter.Seq2[source.URL, error]
	warn      func(error)        // reports a part of a document skipped
	resolveBy urlgrammar.Version // --resolve's version, or 0
	last      *sourced           // the provenance of the input being judged
	track     *provenanceQueue   // when set, the provenance of each input read, in order
}

// openInputs opens the inputs of a command: file is the -f flag's value, args the positional
// arguments. Every error that can be known before the first input (an argument naming a file,
// a missing, unreadable or compressed file, a directory) is returned here, so that a command
// prints nothing else when its input cannot be read.
func openInputs(file string, args []string, stdin io.Reader) (*inputSource, error) {
	if len(args) == 1 && args[0] == "-" && file == "" {
		args, file = nil, "-"
	}
	switch {
	case file != "" && len(args) > 0:
		return nil, fmt.Errorf("-f %s and input arguments exclude each other", file)
	case len(args) > 0:
		for _, a := range args {
			if st, err := os.Stat(a); err == nil && st.Mode().IsRegular() {
				return nil, fmt.Errorf("the argument %q names a file: \"-f %s\" reads its lines (arguments are inputs; to judge that text itself, give it on standard input)", a, a)
			}
		}
		return &inputSource{args: args, close: func() error { return nil }}, nil
	}
	src := &inputSource{close: func() error { return nil }}
	r, name := stdin, "standard input"
	if file != "" && file != "-" {
		f, err := openInputFile(file)
		if err != nil {
			return nil, err
		}
		r, name, src.close = f, file, f.Close
	}
	br := bufio.NewReaderSize(r, 64<<10)
	if isTerminal(r) { // typed lines: nothing compressed, and no waiting for a 6-byte head
		src.r = br
		return src, nil
	}
	head, err := br.Peek(6)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		src.close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			src.close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		br = bufio.NewReaderSize(zr, 64<<10)
	case bytes.HasPrefix(head, []byte("BZh")), bytes.HasPrefix(head, []byte("\xfd7zXZ\x00")),
		bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		src.close()
		return nil, fmt.Errorf("%s is compressed (bzip2, xz or zstd): decompress it first, or give it as gzip", name)
	}
	src.r = br
	return src, nil
}

// openInputFile opens the file of -f, refusing a directory.
func openInputFile(file string) (*os.File, error) {
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a file of inputs", file)
	}
	return os.Open(file)
}

// each calls fn for each input until fn returns false. An input line longer than maxLine
// stops it with an error that gives the line's number.
func (src *inputSource) each(fn func(string) bool) error {
	if src.urls != nil {
		return src.eachURL(fn)
	}
	if src.r == nil {
		for _, a := range src.args {
			if !fn(a) {
				return nil
			}
		}
		return nil
	}
	var long []byte
	for {
		line, err := src.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, line...)
			if len(long) > maxLine {
				return fmt.Errorf("line %d is longer than %d bytes", src.line+1, maxLine)
			}
			continue
		}
		if long != nil {
			line = append(long, line...)
			long = nil
		}
		if len(line) == 0 && err == io.EOF {
			return nil
		}
		if len(line) > maxLine && !(len(line) == maxLine+1 && line[maxLine] == '\n') {
			return fmt.Errorf("line %d is longer than %d bytes", src.line+1, maxLine)
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("after line %d: %w", src.line, err)
		}
		src.line++
		s := strings.TrimSuffix(string(line), "\n")
		if len(s) < len(line) {
			s = strings.TrimSuffix(s, "\r")
		}
		if !fn(s) || err == io.EOF {
			return nil
		}
	}
}

// Close closes the file of inputs, if one was opened.
func (src *inputSource) Close() error { return src.close() }

// readInputs calls fn for each input of args and r, by the input convention (without -f).
func readInputs(args []string, r io.Reader, fn func(string) bool) error {
	src, err := openInputs("", args, r)
	if err != nil {
		return err
	}
	defer src.Close()
	return src.each(fn)
}

// writeFailed reports the error of an earlier write to w, which stops a command at once (on a
// full disk, or a closed pipe) instead of judging the rest of its input for nothing.
func writeFailed(w *bufio.Writer) error {
	_, err := w.Write(nil)
	return err
}
