package compare

import (
	"errors"
	"slices"
)

// A Reader is a URL parser of today that a Target stands for beside the grammars, such as Go's
// net/url or a browser's parser of the WHATWG URL Standard: a reading, not a grammar. It gives a
// verdict on each input, with its own words for a refusal, and what it read in the input, which
// is the Differential's to compare.
//
// Package compare defines Reader and a caller supplies the readers (the command line supplies
// package reading's), so that compare, and a program that imports it, needs nothing beyond the
// standard library. A Reader's dynamic type must be comparable, as Target is.
type Reader interface {
	// ID names the reader in reports and summaries: "neturl", "whatwg". No version has it.
	ID() string
	// Name is the reader's name in a sentence: "Go's net/url".
	Name() string
	// Normalizations names what the reader does to an input beyond splitting it into
	// components (its host in lower case, its dot segments resolved, ...), for a report to say
	// what each column's components are.
	Normalizations() string
	// Read returns what the reader read in s, opaque to package compare and handed to the
	// Differential as it is, and nil when the reader accepts s, else why it refuses s, in its
	// own words.
	Read(s string) (reading any, err error)
}

// ReaderTargets returns a target for each reader, in order.
func ReaderTargets(rs ...Reader) []Target {
	ts := make([]Target, len(rs))
	for i, r := range rs {
		ts[i] = Target{Reader: r}
	}
	return ts
}

// IsReader reports whether the target stands for a reader rather than a grammar version.
func (t Target) IsReader() bool { return t.Reader != nil }

// targetsNoun names targets in a report's sentences: "versions", or "versions and readings"
// when a reading of today is among them, for a reading is no version.
func targetsNoun(ts []Target) string {
	if slices.ContainsFunc(ts, Target.IsReader) {
		return "versions and readings"
	}
	return "versions"
}

// ID names the target's column in short: its version's ID ("rfc1738") or its reader's
// ("neturl"), whatever the rule.
func (t Target) ID() string {
	if t.Reader != nil {
		return t.Reader.ID()
	}
	return t.Version.String()
}

// label is the name of the target in a sentence: a version's name and date, "RFC 1738
// (December 1994)", or a reader's name.
func (t Target) label() string {
	if t.Reader != nil {
		return t.Reader.Name()
	}
	return Dated(t.Version)
}

// shortLabel is the target's name in a sentence that named it before: a version's short
// name ("the 2003 draft"), a reader's name.
func (t Target) shortLabel() string {
	if t.Reader != nil {
		return t.Reader.Name()
	}
	return shortName(t.Version)
}

// nameOnly is the target's name with no date: a version's Name, a reader's.
func (t Target) nameOnly() string {
	if t.Reader != nil {
		return t.Reader.Name()
	}
	return Name(t.Version)
}

// short is the target's name in the reports' narrow columns (ShortName): a reader's ID, cut to
// four bytes, which with a space fill the table's column of five.
func (t Target) short() string {
	if t.Reader != nil {
		return t.Reader.ID()[:min(len(t.Reader.ID()), 4)]
	}
	return ShortName(t.Version)
}

// Refused is the In of the causes that group a reader's refusals (a Target's Reader): a reader
// says no rule and no byte at which it refuses an input, only why. Their Found is "". No rule
// of a grammar has this name (it has a space).
const Refused = "refused by the reader"

// A ReadError is a reader's refusal of an input, as a Comparison holds it: Err(i) for a target
// that stands for a reader.
type ReadError struct {
	Reader string // the reader's ID
	Err    error  // the reader's own error
}

// Error returns the reader's words, without its ID, which the reports give beside them.
func (e *ReadError) Error() string { return e.Err.Error() }

// Unwrap returns the reader's own error.
func (e *ReadError) Unwrap() error { return e.Err }

// namedReader is a reader known by its ID and normalizations alone: a reader of a summary read
// from its JSON form, which summarizes what the reader did and reads no more.
type namedReader struct{ id, name, normalizations string }

func (r namedReader) ID() string             { return r.id }
func (r namedReader) Name() string           { return r.name }
func (r namedReader) Normalizations() string { return r.normalizations }
func (r namedReader) Read(string) (any, error) {
	return nil, errors.New("the reader " + r.id + " of a summary read from JSON reads no input")
}

// sameTargets reports whether a and b are the same targets in the same order: the same
// versions and rules, and readers of the same IDs, so that the summary of a run merges with
// one read back from JSON, whose readers read nothing.
func sameTargets(a, b []Target) bool {
	return slices.EqualFunc(a, b, func(x, y Target) bool {
		if x.Reader != nil || y.Reader != nil {
			return x.Reader != nil && y.Reader != nil && x.Reader.ID() == y.Reader.ID()
		}
		return x == y
	})
}

// A Component is a component of a URL as a target reads it.
type Component struct {
	Present bool   // false when the target finds no such component; Text is then ""
	Text    string // the component, without the delimiters around it
}

// An Excerpt is a passage of a document on a component, in its own words: what a grammar says of
// a case on which a reader parts ways with it.
type Excerpt struct {
	Document string // "RFC 3986"
	Section  string // "section 3.2.2"
	Words    string
}

// A Disagreement is a component that two targets, both accepting an input, read differently.
type Disagreement struct {
	Field string // the component: "scheme", "userinfo", "host", "port", "path", "query", "fragment"
	// Cause is why they differ, as the Differential names it: "backslash", "ipv4-form", ...
	Cause string
	A, B  Component // the component as the first and the second target read it
	// Excerpts are what the documents of the grammars among the two say of the component.
	Excerpts []Excerpt
}

// A Differential is the interpretation differential of a report: it holds the components that
// several targets read in one input to each other. Package compare defines it and a caller
// supplies it (the command line supplies one made of package reading), for the reason Reader
// says.
type Differential interface {
	// Differ returns, for each pair of pairs (indexes into targets, each pair's targets both
	// accepting s), the components on which the two read s differently, in the order of a
	// URL's components; none where they agree. readings are, per target, what its Reader read
	// in s, and for a grammar's target the *urlgrammar.URL of its parse when the report parsed s
	// (Report.WriteRows does; nil otherwise), so that nothing reads s twice. It is called
	// from several goroutines at once.
	Differ(s string, targets []Target, readings []any, pairs [][2]int) [][]Disagreement
}

// An Interpretation is how two targets that both accept an input read its components.
type Interpretation struct {
	First, Second int            // the targets, by index, First < Second
	Disagreements []Disagreement // none when they read every component alike
}

// Interpret holds the components that the targets of c read to each other, with d, for each
// pair of targets that both accept c's input and of which one at least is a reader (the pairs
// of grammars, whose components are the input's own text, are not the question); it returns c
// with them (Comparison.Interpretations). targets are c's.
func Interpret(c Comparison, targets []Target, d Differential) Comparison {
	var pairs [][2]int
	for i := range targets {
		for j := i + 1; j < len(targets); j++ {
			if (targets[i].IsReader() || targets[j].IsReader()) && c.Accepted(i) && c.Accepted(j) {
				pairs = append(pairs, [2]int{i, j})
			}
		}
	}
	if len(pairs) == 0 {
		return c
	}
	ds := d.Differ(c.Input, targets, c.readings, pairs)
	c.interp = make([]Interpretation, len(pairs))
	for k, p := range pairs {
		c.interp[k] = Interpretation{First: p[0], Second: p[1]}
		if k < len(ds) {
			c.interp[k].Disagreements = ds[k]
		}
	}
	return c
}

// Interpretations returns the interpretations of c that Interpret found, in the order of the
// pairs of targets; none when it was not interpreted.
func (c Comparison) Interpretations() []Interpretation { return c.interp }

// disagreesOnComponents reports whether c's interpretations disagree on some component.
func (c Comparison) disagreesOnComponents() bool {
	for _, in := range c.interp {
		if len(in.Disagreements) > 0 {
			return true
		}
	}
	return false
}
