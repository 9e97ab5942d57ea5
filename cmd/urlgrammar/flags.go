package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
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
		fmt.Fprintf(out, "urlgrammar %s: %s\n", fs.Name(), flagError(fs.Name(), err))
	}
	return rest, err
}

// flagError says an error of the flag package in the command's words: "unknown flag --json",
// "-g needs a value", "--format markdown: check prints text, json or tsv".
func flagError(cmd string, err error) string {
	msg := err.Error()
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		value, _ := strconv.Unquote(m[1])
		return fmt.Sprintf("%s %s: %s", flagName(m[2]), value, m[3])
	}
	if f, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return fmt.Sprintf("unknown flag %s (%s -h lists its flags)", flagName(f), cmd)
	}
	if f, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return flagName(f) + " needs a value"
	}
	return msg
}

// invalidValue matches the flag package's error for a value a flag refuses: the value, quoted,
// the flag and why.
var invalidValue = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?(-\S+): (.*)$`)

// flagName writes a flag as the README does: one dash for a one-letter name, else two.
func flagName(f string) string {
	if f = strings.TrimLeft(f, "-"); len(f) == 1 {
		return "-" + f
	}
	return "--" + f
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
		// Package review's UnmarshalText errors begin with its name ("review: unknown
		// Severity"), which the line's one prefix, the command's, says already.
		return errors.New(strings.TrimPrefix(err.Error(), "review: "))
	}
	return nil
}

// fail prints err on stderr after the one prefix "urlgrammar CMD: " (the library's messages
// carry none) and returns the exit status of a usage or I/O error. A write error of
// standard output is not printed here: run prints it, once, however often it is returned.
func fail(stderr io.Writer, cmd string, err error) int {
	if !errors.As(err, new(*writeError)) {
		fmt.Fprintf(stderr, "urlgrammar %s: %s\n", cmd, message(err))
	}
	return exitUsage
}

// message is err's message in the command's words: an *urlgrammar.Error's is its version and
// its cause (see cause), "rfc1808: the document defines no normalization …".
func message(err error) string {
	var e *urlgrammar.Error
	if errors.As(err, &e) && error(e) == err && e.Version != 0 {
		return e.Version.String() + ": " + cause(err)
	}
	return cause(err)
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
// resolves them: to a target per version (one, unless several is set, as for check), each held
// to the rule or to its default reading; or to an error for an unknown version or rule.
func addGrammarFlags(fs *flag.FlagSet, several bool, stderr io.Writer) (targets func() ([]compare.Target, error)) {
	usage := "grammar version `ID` (see \"urlgrammar versions\")"
	if several {
		usage = "grammar versions `IDs`, comma-separated (see \"urlgrammar versions\")"
	}
	id := fs.String("g", "", usage)
	rule := fs.String("rule", "", "hold inputs to `RULE`, any rule of the version's document (default: its default reading, which \"urlgrammar versions\" names: draft1993 fragmentaddress, draft1994 url, rfc1738 the rule of the URL's scheme, rfc1808 URL, draft1997 URL-reference, rfc2396, draft2003 and rfc3986 URI-reference)")
	return func() ([]compare.Target, error) {
		if *id == "" {
			return nil, errors.New("-g ID is required (see \"urlgrammar versions\")")
		}
		vs, err := versionsFlag(fs.Name(), *id, several, stderr)
		if err != nil {
			return nil, err
		}
		if *rule != "" && len(vs) > 1 {
			return nil, fmt.Errorf("-rule %s: a rule of one version, and -g names %d (compare holds each version to a rule of its own: -rule ID=RULE)", *rule, len(vs))
		}
		targets := make([]compare.Target, len(vs))
		for i, v := range vs {
			if targets[i], err = compare.NewTarget(v, *rule); err != nil {
				return nil, fmt.Errorf("-rule %s: %s", *rule, message(err))
			}
		}
		return targets, nil
	}
}

// targetLoop parses the flags of a command that holds inputs to one target (-g, -rule and
// the input flags, after those the command added to fs) and opens its inputs. With no loop,
// the int is the exit status, the error reported.
func targetLoop(fs *flag.FlagSet, args []string, stdin io.Reader, stdout, stderr io.Writer) (compare.Target, *loop, int) {
	targetsOf := addGrammarFlags(fs, false, stderr)
	in := addInputFlags(fs)
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return compare.Target{}, nil, exitUsage
	}
	targets, err := targetsOf()
	if err != nil {
		return compare.Target{}, nil, fail(stderr, fs.Name(), err)
	}
	l, err := newLoop(fs.Name(), in, nil, inputs, stdin, stdout, stderr)
	if err != nil {
		return targets[0], nil, fail(stderr, fs.Name(), err)
	}
	return targets[0], l, 0
}

// versionsFlag reads -g's value: one version ID, or with several a comma-separated list of
// them, each named once. Without several an empty -g is an error; with several it is nil,
// which compare, charsets and conform read as every version. A list that names the 1994 draft
// beside the 2003 draft without RFC 1738 gets a note on stderr: the question "1994 against
// 2003" is RFC 1738's, and draft1994 is the other 1994.
func versionsFlag(cmd, list string, several bool, stderr io.Writer) ([]urlgrammar.Version, error) {
	ids := strings.Split(list, ",")
	switch {
	case list == "" && !several:
		return nil, errors.New("-g ID is required (see \"urlgrammar versions\")")
	case list == "":
		return nil, nil
	case len(ids) > 1 && !several:
		return nil, fmt.Errorf("-g %s: %s takes one version (check, compare, charsets, conform, resolve and equiv take several)", list, cmd)
	}
	var vs []urlgrammar.Version
	for _, id := range ids {
		v, err := lookup("-g", id)
		if err != nil {
			return nil, err
		}
		if slices.Contains(vs, v) {
			return nil, fmt.Errorf("-g %s: version %v named twice", list, v)
		}
		vs = append(vs, v)
	}
	if slices.Contains(vs, urlgrammar.Draft1994) && slices.Contains(vs, urlgrammar.Draft2003) && !slices.Contains(vs, urlgrammar.RFC1738) {
		fmt.Fprintf(stderr, "urlgrammar %s: note: draft1994 is %s, before RFC 1738; the 1994 of \"1994 against 2003\" is %s, rfc1738 (compare --question)\n",
			cmd, compare.Dated(urlgrammar.Draft1994), compare.Dated(urlgrammar.RFC1738))
	}
	return vs, nil
}

// lookup returns the version id names, or an error that names the flag that gave it.
func lookup(flag, id string) (urlgrammar.Version, error) {
	v, err := urlgrammar.Lookup(strings.TrimSpace(id))
	if err != nil {
		return 0, fmt.Errorf("%s: %s", flag, cause(err))
	}
	return v, nil
}

// cause is err's message without the operation of an *urlgrammar.Error, which names a function
// of the library rather than what the user asked, nor its version, which the caller says if it
// is not known already: "the document defines no resolution …".
func cause(err error) string {
	var e *urlgrammar.Error
	if errors.As(err, &e) && error(e) == err {
		return e.Err.Error()
	}
	return err.Error()
}

// versionsFor are the versions -g or --all name for an operation that not every document
// defines (resolution, equivalence): with --all, each version whose Spec defines it; with -g,
// its versions (several, for a table), each refused with the library's error (refusal) when its
// document does not define it.
func versionsFor(cmd, ids string, all bool, defines func(urlgrammar.Spec) bool, refusal func(urlgrammar.Version) error, stderr io.Writer) ([]urlgrammar.Version, error) {
	switch {
	case all && ids != "":
		return nil, errors.New("-g and --all exclude each other")
	case all:
		return versionsWhere(defines), nil
	case ids == "":
		return nil, errors.New("-g ID (or several, or --all) is required (see \"urlgrammar versions\")")
	}
	vs, err := versionsFlag(cmd, ids, true, stderr)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if !defines(v.Spec()) {
			return nil, fmt.Errorf("%v: %s", v, cause(refusal(v)))
		}
	}
	return vs, nil
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
