package compare

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/inorder"
)

// A Target is a grammar version and the rule it holds inputs to, or a Reader, a parser of
// today read beside the grammars.
type Target struct {
	Version urlgrammar.Version
	// Rule is a start rule of the version by its name in the document, or "" for the
	// version's default reading, that of Validate.
	Rule string
	// Reader, when it is set, is what the target stands for, and Version and Rule are zero.
	Reader Reader
}

// String returns "id" for the default reading and "id:rule" otherwise; a reader's ID for a
// reader.
func (t Target) String() string {
	if t.Rule == "" {
		return t.ID()
	}
	return t.Version.String() + ":" + t.Rule
}

// Validate holds s to the target: ValidateRule with its rule, or Validate for the default
// reading. A reader's refusal is a *ReadError.
func (t Target) Validate(s string, mode urlgrammar.Mode) error {
	if t.Reader != nil {
		_, err := t.read(s)
		return err
	}
	return urlgrammar.ValidateRule(t.Version, t.Rule, s, mode)
}

// read is the Reader's Read, with a refusal as a *ReadError.
func (t Target) read(s string) (any, error) {
	reading, err := t.Reader.Read(s)
	if err != nil {
		return reading, &ReadError{Reader: t.Reader.ID(), Err: err}
	}
	return reading, nil
}

// RuleFor returns the start rule that s is held to under the target: its Rule, or for the
// default reading the rule Validate chooses for s (for RFC 1738, the rule of s's scheme); ""
// for a reader, which has none.
func (t Target) RuleFor(s string, mode urlgrammar.Mode) string {
	if t.Rule != "" || t.Reader != nil {
		return t.Rule
	}
	return t.Version.RuleFor(s, mode)
}

// AbsoluteTargets holds each version to its rule for an absolute URL with no fragment
// (Spec.AbsoluteRule), so that like is compared with like. No versions means all.
func AbsoluteTargets(vs ...urlgrammar.Version) []Target {
	if len(vs) == 0 {
		vs = urlgrammar.Versions()
	}
	ts := make([]Target, len(vs))
	for i, v := range vs {
		ts[i] = Target{Version: v, Rule: v.Spec().AbsoluteRule}
	}
	return ts
}

// ReferenceTargets holds each version to its default reading, that of Validate, under which a
// relative reference is judged as a reference: its broadest reference rule, named as its Rule,
// but for RFC 1738, whose default reading is the rule of each URL's scheme (Rule ""). No
// versions means all.
func ReferenceTargets(vs ...urlgrammar.Version) []Target {
	if len(vs) == 0 {
		vs = urlgrammar.Versions()
	}
	ts := make([]Target, len(vs))
	for i, v := range vs {
		ts[i] = Target{Version: v}
		if rule := v.Spec().DefaultRule; v.RuleFor("http://a/", 0) == rule {
			ts[i].Rule = rule // one rule, whatever the input
		}
	}
	return ts
}

// ParseVersions reads a comma-separated list of version IDs, such as "rfc1738,draft2003" (the
// -g of "urlgrammar compare" and of the Beam pipeline). The empty list names none: nil, which
// AbsoluteTargets and ReferenceTargets read as every version. A version named twice is an
// error, since a summary that holds one target twice has no JSON form.
func ParseVersions(list string) ([]urlgrammar.Version, error) {
	if list == "" {
		return nil, nil
	}
	var vs []urlgrammar.Version
	for _, id := range strings.Split(list, ",") {
		v, err := urlgrammar.Lookup(strings.TrimSpace(id))
		if err != nil {
			return nil, err
		}
		if slices.Contains(vs, v) {
			return nil, fmt.Errorf("version %v named twice", v)
		}
		vs = append(vs, v)
	}
	return vs, nil
}

// NewTarget returns the target that holds inputs to v's rule named rule ("" for the default
// reading), or CheckTargets's error when v has no such rule. The documents that write their
// grammar in ABNF (RFC 2234), the 2003 draft and RFC 3986, name their rules case-insensitively
// (RFC 2234 section 2.1, RFC 5234 section 2.1): under them, rule names the rule whose name
// equals it ignoring case. The older documents' BNF says nothing of the kind, so their rule
// names keep their case.
func NewTarget(v urlgrammar.Version, rule string) (Target, error) {
	if v == urlgrammar.Draft2003 || v == urlgrammar.RFC3986 {
		rules := v.Spec().Rules
		if i := slices.IndexFunc(rules, func(r string) bool { return strings.EqualFold(r, rule) }); i >= 0 {
			rule = rules[i]
		}
	}
	t := Target{Version: v, Rule: rule}
	return t, CheckTargets([]Target{t})
}

// A Comparison is the verdict of each target on one input. Only Compare and CompareAll make
// one.
type Comparison struct {
	Input  string
	errs   []error          // per target: nil when accepted
	interp []Interpretation // Interpret's
	// readings are, per target, what its Reader read in the input; nil when no target is a
	// reader.
	readings []any
}

// Err returns target i's verdict on the input: nil when it accepts the input, or a
// *urlgrammar.SyntaxError that says where and why the input leaves its rule (errors.As gets it).
// Were the urlgrammar package's two engines to disagree about the input, it is that package's
// *urlgrammar.EngineError instead: an internal error, which counts as a rejection, since the
// parser, which gives the verdicts, rejected the input (see InternalError). A reader's refusal
// is a *ReadError.
func (c Comparison) Err(i int) error { return c.errs[i] }

// Accepted reports whether target i accepts the input.
func (c Comparison) Accepted(i int) bool { return c.errs[i] == nil }

// Agree reports whether every target gives the same verdict.
func (c Comparison) Agree() bool {
	for _, e := range c.errs {
		if (e == nil) != (c.errs[0] == nil) {
			return false
		}
	}
	return true
}

// Compare judges s under each target. It returns an error, and no verdict, when a target names
// an unknown version or rule.
func Compare(targets []Target, s string, mode urlgrammar.Mode) (Comparison, error) {
	c := Comparison{Input: s, errs: make([]error, len(targets))}
	for i, t := range targets {
		if t.Reader != nil {
			if c.readings == nil {
				c.readings = make([]any, len(targets))
			}
			c.readings[i], c.errs[i] = t.read(s)
			continue
		}
		err := validate(t, s, mode)
		switch err.(type) {
		case nil, *urlgrammar.SyntaxError, *urlgrammar.EngineError, *ReadError:
			c.errs[i] = err
		default:
			return Comparison{}, err // an unknown version, rule or mode
		}
	}
	return c, nil
}

// validate is Target.Validate, which the tests replace to make the engines disagree.
var validate = Target.Validate

// CheckTargets returns an error if a target names an unknown version or rule, or a reader
// whose ID is a version's or another target's.
//
// It looks the rule up by name among the version's rules (Spec.Rules) rather than validating
// an input: a rejection would compile the rule's diagnosis automaton, which a process that
// judges a few inputs, all of them accepted, never needs.
func CheckTargets(targets []Target) error {
	for i, t := range targets {
		if t.Reader != nil {
			if _, err := urlgrammar.Lookup(t.Reader.ID()); err == nil || t.Reader.ID() == "" {
				return fmt.Errorf("compare: a reader's ID %q is no reader's: a version's, or empty", t.Reader.ID())
			}
			for _, u := range targets[:i] {
				if u.Reader != nil && u.Reader.ID() == t.Reader.ID() {
					return fmt.Errorf("compare: reader %s named twice", t.Reader.ID())
				}
			}
			continue
		}
		if !known(t.Version) {
			return fmt.Errorf("compare: unknown version %v", t.Version)
		}
		if t.Rule != "" && !slices.Contains(t.Version.Spec().Rules, t.Rule) {
			// ValidateRule's error for an unknown rule, said before it reads "".
			return t.Validate("", 0)
		}
	}
	return nil
}

// known reports whether v is one of the versions whose grammar the urlgrammar package has.
func known(v urlgrammar.Version) bool { return slices.Contains(urlgrammar.Versions(), v) }

// CompareAll judges every input of a stream under each target, using every CPU, and yields
// the comparisons in input order. It keeps a bounded number of inputs in flight, so it runs in
// constant memory on a stream of any length. It returns an error, and no comparisons, when a
// target names an unknown version or rule (CheckTargets), mode is unknown, or inputs is nil.
//
// The inputs are read in the goroutine that ranges over the comparisons, never after the loop
// ends: a panic of inputs is raised there, and a loop that breaks returns without reading
// another input.
func CompareAll(targets []Target, inputs iter.Seq[string], mode urlgrammar.Mode) (iter.Seq[Comparison], error) {
	batches, err := CompareBatches(targets, inputs, mode, func(_ int, cs []Comparison) []Comparison { return cs })
	if err != nil {
		return nil, err
	}
	return func(yield func(Comparison) bool) {
		for cs := range batches {
			for _, c := range cs {
				if !yield(c) {
					return
				}
			}
		}
	}, nil
}

// CompareBatches is CompareAll for a caller that does more with each comparison than read it,
// such as formatting it or adding it to a Summary of its own, and wants that done on every CPU
// too. It judges the inputs in batches and calls f on the comparisons of each batch, with the
// index of the batch's first input in the stream, on the goroutine that judged them; it yields
// f's results in input order. Calls of f may run at the same time. A panic of f is raised
// again in the goroutine that ranges over the results; otherwise CompareBatches is CompareAll.
func CompareBatches[R any](targets []Target, inputs iter.Seq[string], mode urlgrammar.Mode, f func(first int, cs []Comparison) R) (iter.Seq[R], error) {
	if inputs == nil {
		return nil, errors.New("compare: no inputs (a nil iter.Seq)")
	}
	if f == nil {
		return nil, errors.New("compare: CompareBatches with a nil function")
	}
	if err := CheckTargets(targets); err != nil {
		return nil, err
	}
	// RuleFor is "" only for an unknown mode, the targets being known; Validate then says
	// so before it reads "" (a rejection, which would compile an automaton).
	if i := slices.IndexFunc(targets, func(t Target) bool { return !t.IsReader() }); i >= 0 && targets[i].Version.RuleFor("", mode) == "" {
		return nil, targets[i].Validate("", mode)
	}
	targets = slices.Clone(targets)
	return func(yield func(R) bool) {
		inorder.Map(inputs, func(first int, batch []string) R {
			return f(first, compareBatch(targets, batch, mode, false))
		}, yield)
	}, nil
}

// compareBatch judges each input of batch under targets, which are known to be valid. The
// verdicts of the whole batch share one slice. With parse, a grammar's target parses each input
// (urlgrammar.ParseRule, whose verdict is ValidateRule's) and keeps the URL among the readings,
// for a Differential, which would otherwise parse it again.
func compareBatch(targets []Target, batch []string, mode urlgrammar.Mode, parse bool) []Comparison {
	out := make([]Comparison, len(batch))
	errs := make([]error, len(batch)*len(targets))
	readers := slices.ContainsFunc(targets, Target.IsReader)
	for i, s := range batch {
		c := Comparison{Input: s, errs: errs[i*len(targets) : (i+1)*len(targets) : (i+1)*len(targets)]}
		if readers {
			c.readings = make([]any, len(targets))
		}
		for j, t := range targets {
			switch {
			case t.Reader != nil:
				c.readings[j], c.errs[j] = t.read(s)
				continue
			case parse && readers:
				u, err := urlgrammar.ParseRule(t.Version, t.Rule, s, mode)
				if c.errs[j] = err; err == nil {
					c.readings[j] = u
				}
				continue
			}
			// Every error is a rejection (the targets are valid): a *SyntaxError, a reader's
			// *ReadError, or an internal error, which is kept as it is, never read as a pass.
			c.errs[j] = validate(t, s, mode)
		}
		out[i] = c
	}
	return out
}
