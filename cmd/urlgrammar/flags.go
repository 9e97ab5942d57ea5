package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// newFlagSet makes the flag set of a subcommand; its usage goes to stderr. "-h" and "--help"
// are answered by run, which prints the usage on standard output. The usage is args, the
// command's synopsis, which may go on after a blank line with a paragraph of what the command
// prints, then the flags.
func newFlagSet(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: urlgrammar %s %s\n", name, args)
		if strings.Contains(args, "\n\n") {
			fmt.Fprintln(stderr) // after the paragraph
		}
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses flags that may stand before, between or after the positional arguments
// (an argument "--" ends the flags) and returns the positional arguments. A flag error is
// printed as one line with the command's prefix, without the usage, which only -h prints. A
// flag that takes one value is refused when given twice (which value was meant is not
// known); a flag whose value accumulates (listFlag, -f) and a boolean flag may repeat.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	restore := onceFlags(fs)
	rest, err := parseAll(fs, args)
	restore()
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
	case err != nil:
		fmt.Fprintf(out, "urlgrammar %s: %s\n", fs.Name(), err)
	}
	return rest, err
}

func parseAll(fs *flag.FlagSet, args []string) ([]string, error) {
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

// onceFlags has each single-valued flag of fs refuse a second value, and returns the function
// that gives the flags back their own values (whose zero values the usage prints).
func onceFlags(fs *flag.FlagSet) (restore func()) {
	var wrapped []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(interface{ accumulates() }); ok {
			return
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			return
		}
		f.Value = &onceValue{Value: f.Value}
		wrapped = append(wrapped, f)
	})
	return func() {
		for _, f := range wrapped {
			f.Value = f.Value.(*onceValue).Value
		}
	}
}

// A onceValue is a flag's value that may be set once.
type onceValue struct {
	flag.Value
	set bool
}

func (o *onceValue) Set(s string) error {
	if o.set {
		return fmt.Errorf("given twice (it takes one value; the first was %q)", o.Value.String())
	}
	o.set = true
	if err := o.Value.Set(s); err != nil {
		// An enumeration's UnmarshalText error begins with its package's name ("review:
		// unknown Severity"), which the line's one prefix, the command's, says already.
		return errors.New(strings.TrimPrefix(strings.TrimPrefix(err.Error(), "review: "), "urlgrammar: "))
	}
	return nil
}

// fail prints err on stderr after the one prefix "urlgrammar CMD: " (the library's messages
// carry none) and returns the exit status of a usage or I/O error. A write error of
// standard output is not printed here: run prints it, once, however often it is returned.
func fail(stderr io.Writer, cmd string, err error) int {
	if !errors.As(err, new(*writeError)) {
		fmt.Fprintf(stderr, "urlgrammar %s: %s\n", cmd, err.Error())
	}
	return exitUsage
}

// An errWriter is a command's standard output: it keeps the first write error, and fails
// every write after it.
type errWriter struct {
	w   io.Writer
	err *writeError
}

// A writeError is an error writing standard output.
type writeError struct{ err error }

func (e *writeError) Error() string { return "writing the output: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

func (w *errWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.err = &writeError{err}
		return n, w.err
	}
	return n, nil
}

// addGrammarFlags adds the -g and -rule flags of check, parse and tree to fs, and returns what
// resolves them: to the version and the rule (or "" for the default reading), or to an error
// for an unknown version or rule.
func addGrammarFlags(fs *flag.FlagSet) (target func() (compare.Target, error)) {
	id := fs.String("g", "", "grammar version `ID` (see \"urlgrammar versions\")")
	rule := fs.String("rule", "", "hold inputs to `RULE`, any rule of the version's document (default: its default reading, which \"urlgrammar versions\" names: draft1993 fragmentaddress, draft1994 url, rfc1738 the rule of the URL's scheme, rfc1808 URL, draft1997 URL-reference, rfc2396, draft2003 and rfc3986 URI-reference)")
	return func() (compare.Target, error) {
		v, err := versionFlag(*id)
		if err != nil {
			return compare.Target{}, err
		}
		return compare.NewTarget(v, *rule)
	}
}

// targetLoop parses the flags of a command that holds inputs to one target (-g, -rule and
// the input flags, after those the command added to fs) and opens its inputs. With no loop,
// the int is the exit status, the error reported.
func targetLoop(fs *flag.FlagSet, args []string, stdin io.Reader, stdout, stderr io.Writer) (compare.Target, *loop, int) {
	targetOf := addGrammarFlags(fs)
	in := addInputFlags(fs)
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return compare.Target{}, nil, exitUsage
	}
	target, err := targetOf()
	if err != nil {
		return target, nil, fail(stderr, fs.Name(), err)
	}
	l, err := newLoop(fs.Name(), in, nil, inputs, stdin, stdout, stderr)
	if err != nil {
		return target, nil, fail(stderr, fs.Name(), err)
	}
	return target, l, 0
}

// versionFlag resolves the -g flag's value to a Version.
func versionFlag(id string) (urlgrammar.Version, error) {
	if id == "" {
		return 0, errors.New("-g ID is required (see \"urlgrammar versions\")")
	}
	return urlgrammar.Lookup(id)
}

// versionsFor are the versions -g or --all name for an operation that not every document
// defines (resolution, equivalence): with --all, each version whose Spec defines it; with -g,
// its version, or the library's error (refusal) when its document does not define it.
func versionsFor(id string, all bool, defines func(urlgrammar.Spec) bool, refusal func(urlgrammar.Version) error) ([]urlgrammar.Version, error) {
	switch {
	case all && id != "":
		return nil, errors.New("-g and --all exclude each other")
	case all:
		return versionsWhere(defines), nil
	}
	v, err := versionFlag(id)
	if err == nil && !defines(v.Spec()) {
		err = refusal(v)
	}
	return []urlgrammar.Version{v}, err
}

// normalizes says whether a document defines normalization and equivalence.
func normalizes(s urlgrammar.Spec) bool { return s.NormalizationSteps != nil }

// versionsWhere are the versions whose Spec has is true of, in order.
func versionsWhere(has func(urlgrammar.Spec) bool) []urlgrammar.Version {
	var vs []urlgrammar.Version
	for _, v := range urlgrammar.Versions() {
		if has(v.Spec()) {
			vs = append(vs, v)
		}
	}
	return vs
}
