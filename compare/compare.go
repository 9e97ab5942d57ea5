package compare

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"sort"

	"github.com/urlgrammar/urlgrammar"
)

// A Target is a grammar version and the rule it holds inputs to.
type Target struct {
	Version urlgrammar.Version
	// Rule is a start rule of the version by its name in the document, or "" for the
	// version's default reading, that of Validate.
	Rule string
}

// String returns "id" for the default reading and "id:rule" otherwise.
func (t Target) String() string {
	if t.Rule == "" {
		return t.Version.String()
	}
	return t.Version.String() + ":" + t.Rule
}

// Validate holds s to the target: ValidateRule with its rule, or Validate for the default
// reading.
func (t Target) Validate(s string, mode urlgrammar.Mode) error {
	return urlgrammar.ValidateRule(t.Version, t.Rule, s, mode)
}

// RuleFor returns the start rule that s is held to under the target: its Rule, or for the
// default reading the rule Validate chooses for s (for RFC 1738, the rule of s's scheme).
func (t Target) RuleFor(s string, mode urlgrammar.Mode) string {
	if t.Rule != "" {
		return t.Rule
	}
	return t.Version.RuleFor(s, mode)
}

// AbsoluteTargets holds each version to its rule for an absolute URL with no fragment
// (Version.AbsoluteRule), so that like is compared with like. No versions means all.
func AbsoluteTargets(vs ...urlgrammar.Version) []Target {
	if len(vs) == 0 {
		vs = urlgrammar.Versions()
	}
	ts := make([]Target, len(vs))
	for i, v := range vs {
		ts[i] = Target{v, v.AbsoluteRule()}
	}
	return ts
}

// ReferenceTargets holds each version to its default reading: its broadest reference rule
// (for RFC 1738, the reading of Validate). No versions means all.
func ReferenceTargets(vs ...urlgrammar.Version) []Target {
	if len(vs) == 0 {
		vs = urlgrammar.Versions()
	}
	ts := make([]Target, len(vs))
	for i, v := range vs {
		ts[i] = Target{Version: v}
	}
	return ts
}

// A Comparison is the verdict of each target on one input. Only Compare and CompareAll make
// one.
type Comparison struct {
	Input string
	errs  []*urlgrammar.SyntaxError // per target: nil when accepted
}

// Err returns target i's verdict on the input: nil when it accepts the input, or a
// *urlgrammar.SyntaxError that says where and why the input leaves its rule (errors.As gets it).
func (c Comparison) Err(i int) error {
	if e := c.errs[i]; e != nil {
		return e
	}
	return nil // an untyped nil: never a nil *SyntaxError in an error
}

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
	c := Comparison{Input: s, errs: make([]*urlgrammar.SyntaxError, len(targets))}
	for i, t := range targets {
		err := t.Validate(s, mode)
		if err == nil {
			continue
		}
		se, ok := err.(*urlgrammar.SyntaxError)
		if !ok {
			return Comparison{}, err
		}
		c.errs[i] = se
	}
	return c, nil
}

// CheckTargets returns an error if a target names an unknown version or rule.
func CheckTargets(targets []Target) error {
	for _, t := range targets {
		if !known(t.Version) {
			return fmt.Errorf("compare: unknown version %v", t.Version)
		}
		// ValidateRule says an unknown rule with an error that is no *SyntaxError.
		if err := t.Validate("", 0); err != nil {
			if _, ok := err.(*urlgrammar.SyntaxError); !ok {
				return err
			}
		}
	}
	return nil
}

// known reports whether v is one of the versions whose grammar the urlgrammar package has.
func known(v urlgrammar.Version) bool { return slices.Contains(urlgrammar.Versions(), v) }

// CompareAll judges every input of a stream under each target, using every CPU, and yields
// the comparisons in input order. It keeps a bounded number of inputs in flight, so it runs in
// constant memory on a stream of any length. It returns an error, and no comparisons, when a
// target names an unknown version or rule (CheckTargets) or inputs is nil.
//
// The inputs are read in the goroutine that ranges over the comparisons, never after the loop
// ends: a panic of inputs is raised there, and a loop that breaks returns without reading
// another input.
func CompareAll(targets []Target, inputs iter.Seq[string], mode urlgrammar.Mode) (iter.Seq[Comparison], error) {
	if err := checkRun(targets, inputs); err != nil {
		return nil, err
	}
	targets = slices.Clone(targets)
	return func(yield func(Comparison) bool) {
		inOrder(inputs, func(_ int, batch []string) []Comparison {
			return compareBatch(targets, batch, mode)
		}, func(cs []Comparison) bool {
			for _, c := range cs {
				if !yield(c) {
					return false
				}
			}
			return true
		})
	}, nil
}

// checkRun returns the error of CompareAll's arguments, if any.
func checkRun(targets []Target, inputs iter.Seq[string]) error {
	if inputs == nil {
		return errors.New("compare: no inputs (a nil iter.Seq)")
	}
	return CheckTargets(targets)
}

// compareBatch judges each input of batch under targets, which are known to be valid. The
// verdicts of the whole batch share one slice.
func compareBatch(targets []Target, batch []string, mode urlgrammar.Mode) []Comparison {
	out := make([]Comparison, len(batch))
	errs := make([]*urlgrammar.SyntaxError, len(batch)*len(targets))
	for i, s := range batch {
		c := Comparison{Input: s, errs: errs[i*len(targets) : (i+1)*len(targets) : (i+1)*len(targets)]}
		for j, t := range targets {
			if err := t.Validate(s, mode); err != nil {
				se, ok := err.(*urlgrammar.SyntaxError)
				if !ok {
					// CheckTargets let the target through: never read this as a pass.
					panic(fmt.Sprintf("compare: %v: %v", t, err))
				}
				c.errs[j] = se
			}
		}
		out[i] = c
	}
	return out
}

// A PairCount counts the inputs of a pair of targets by verdict.
type PairCount struct {
	First, Second         Target
	Both, Neither         int
	OnlyFirst, OnlySecond int
}

// A Cause groups the rejections of one target that left the grammar in the same rule at the
// same kind of character, on inputs that some other target accepts (a disagreement) or on
// inputs that every target rejects (Shared).
type Cause struct {
	Target Target
	In     string // the innermost rule being matched where the input left the grammar
	Found  string // the kind of character found there (see charClass)
	// Shared reports that every target rejects the inputs of this cause: the rejection
	// explains no difference between the targets.
	Shared bool
	Count  int
	// Example is the first input rejected for this cause, and Err its error.
	Example string
	Err     *urlgrammar.SyntaxError
}

// A Summary accumulates comparisons: acceptance per target, per pair of targets, and the
// rejections grouped by cause.
type Summary struct {
	Targets  []Target
	Inputs   int
	Accepted []int       // per target
	Pairs    []PairCount // every pair i < j, in order
	causes   map[causeKey]*Cause
	sets     map[uint64]int // inputs per set of accepting targets, bit i for target i
}

type causeKey struct {
	target    int
	in, found string
	shared    bool
}

// A SetCount counts the inputs that exactly one set of targets accepts.
type SetCount struct {
	// Accepting holds, for each target in order, whether it accepts these inputs.
	Accepting []bool
	Count     int
}

// NewSummary returns an empty summary of comparisons under targets (at most 64).
func NewSummary(targets []Target) *Summary {
	s := &Summary{Targets: targets, Accepted: make([]int, len(targets)), causes: map[causeKey]*Cause{}, sets: map[uint64]int{}}
	for i := range targets {
		for j := i + 1; j < len(targets); j++ {
			s.Pairs = append(s.Pairs, PairCount{First: targets[i], Second: targets[j]})
		}
	}
	return s
}

// Add counts one comparison. A zero Summary takes its targets' number from the first
// comparison (as zero Targets); verdicts beyond the targets a Summary has are not counted.
func (s *Summary) Add(c Comparison) {
	if s.Inputs == 0 && s.causes == nil || len(s.Accepted) != len(s.Targets) {
		targets := s.Targets
		if len(targets) < len(c.errs) {
			targets = append(targets[:len(targets):len(targets)], make([]Target, len(c.errs)-len(targets))...)
		}
		*s = *NewSummary(targets)
	}
	s.Inputs++
	n := len(s.Targets)
	errs := c.errs[:min(len(c.errs), n)]
	shared := c.Agree()
	var set uint64
	for i, e := range errs {
		if e == nil {
			s.Accepted[i]++
			set |= 1 << i
		} else {
			k := causeKey{i, e.In, charClass(e.Input, e.Offset), shared}
			cause := s.causes[k]
			if cause == nil {
				cause = &Cause{Target: s.Targets[i], In: k.in, Found: k.found, Shared: shared, Example: c.Input, Err: e}
				s.causes[k] = cause
			}
			cause.Count++
		}
		p := i*n - i*(i+1)/2 // the first pair of target i
		for j := i + 1; j < len(errs); j++ {
			pc := &s.Pairs[p]
			p++
			switch a, b := e == nil, errs[j] == nil; {
			case a && b:
				pc.Both++
			case a:
				pc.OnlyFirst++
			case b:
				pc.OnlySecond++
			default:
				pc.Neither++
			}
		}
	}
	s.sets[set]++
}

// Sets returns how many inputs each set of targets accepts exactly, for the sets that occur,
// the most frequent first (ties by the set as a binary number, target 0 its lowest bit).
func (s *Summary) Sets() []SetCount {
	masks := make([]uint64, 0, len(s.sets))
	for m := range s.sets {
		masks = append(masks, m)
	}
	sort.Slice(masks, func(i, j int) bool {
		if a, b := s.sets[masks[i]], s.sets[masks[j]]; a != b {
			return a > b
		}
		return masks[i] < masks[j]
	})
	out := make([]SetCount, len(masks))
	for k, m := range masks {
		acc := make([]bool, len(s.Targets))
		for i := range acc {
			acc[i] = m&(1<<i) != 0
		}
		out[k] = SetCount{Accepting: acc, Count: s.sets[m]}
	}
	return out
}

// Causes returns the rejection groups: those on which the targets disagree first, then those
// every target shares; within each, by target, then most frequent first.
func (s *Summary) Causes() []*Cause {
	index := map[Target]int{}
	for i, t := range s.Targets {
		index[t] = i
	}
	cs := make([]*Cause, 0, len(s.causes))
	for _, c := range s.causes {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.Shared != b.Shared {
			return b.Shared
		}
		if index[a.Target] != index[b.Target] {
			return index[a.Target] < index[b.Target]
		}
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.In != b.In {
			return a.In < b.In
		}
		return a.Found < b.Found
	})
	return cs
}

// charClass names the kind of character at offset i of s, for grouping rejections: the
// character itself for ASCII punctuation (such as "~" or "%"), else "letter", "digit",
// "space", "control", "non-ASCII", or "end of input".
func charClass(s string, i int) string {
	if i >= len(s) {
		return "end of input"
	}
	switch c := s[i]; {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		return "letter"
	case '0' <= c && c <= '9':
		return "digit"
	case c == ' ':
		return "space"
	case c < 0x20 || c == 0x7f:
		return "control"
	case c >= 0x80:
		return "non-ASCII"
	default:
		return string(c)
	}
}
