package compare

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/urlgrammar/urlgrammar"
)

// A PairCount counts the inputs of a pair of targets by verdict.
type PairCount struct {
	First, Second         Target
	Both, Neither         int
	OnlyFirst, OnlySecond int
	// FirstRejects counts the inputs of OnlySecond by the kind of character at which First
	// rejects them (a Cause's Found, "" for an internal error); SecondRejects counts those of
	// OnlyFirst by where Second rejects them. So the pair's disagreement has its causes even
	// when other targets are compared beside it, whose causes are not the pair's. A map is nil
	// while it counts nothing.
	FirstRejects, SecondRejects map[string]int
	// Interpreted counts the inputs of Both whose components a report's Differential held to
	// each other (Interpret: the pairs of which one target at least is a reader), and Alike
	// those of them of which the two read every component alike.
	Interpreted, Alike int
}

// count adds n inputs rejected at the kind of character found to m, made when it is nil.
func count(m *map[string]int, found string, n int) {
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[found] += n
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
	// Example is the first input rejected for this cause, and Err its error: a
	// *urlgrammar.SyntaxError, or for the cause InternalError an *urlgrammar.EngineError.
	Example string
	Err     error
}

// InternalError is the In of the cause that groups a target's internal errors: rejections
// whose error is not a *urlgrammar.SyntaxError but an *urlgrammar.EngineError, the urlgrammar
// package's two engines disagreeing about the input. Its Found is "". No rule of a grammar
// has this name (it has a space).
const InternalError = "internal error"

// Reason says why the cause's example was rejected: its *urlgrammar.SyntaxError's Reason, or
// the message of an internal error.
func (c *Cause) Reason() string { return reason(c.Err) }

// reason is err's Reason when it is a *urlgrammar.SyntaxError, else its message.
func reason(err error) string {
	if se, ok := err.(*urlgrammar.SyntaxError); ok {
		return se.Reason()
	}
	return err.Error()
}

// A Summary accumulates comparisons: acceptance per target, per pair of targets, and the
// rejections grouped by cause.
type Summary struct {
	Targets  []Target
	Inputs   int
	Accepted []int       // per target
	Pairs    []PairCount // every pair i < j, in order
	causes   map[causeKey]*Cause
	sets     map[targetSet]int // inputs per set of accepting targets
	diffs    map[differenceKey]*Difference
	// hi is Add's buffer for the words of a targetSet beyond the first.
	hi []byte
}

// A targetSet is a set of a summary's targets, as bits: target i is bit i of lo for the first
// 64, and bit i-64 of hi, read as bytes in order with bit 0 the lowest of the first byte, for
// the others. A summary's sets all have ceil((n-64)/8) bytes of hi for n targets (none for 64
// or fewer, so that Add makes no string), so that equal sets are equal keys, in every
// summary of the same targets.
type targetSet struct {
	lo uint64
	hi string
}

// has reports whether target i is in the set.
func (t targetSet) has(i int) bool {
	if i < 64 {
		return t.lo&(1<<i) != 0
	}
	i -= 64
	return t.hi[i/8]&(1<<(i%8)) != 0
}

// hiBytes is the length of a targetSet's hi for n targets.
func hiBytes(n int) int { return max(n-64+7, 0) / 8 }

// compareSets orders sets as binary numbers, target 0 the lowest bit.
func compareSets(a, b targetSet) int {
	for i := len(a.hi) - 1; i >= 0; i-- {
		if c := cmp.Compare(a.hi[i], b.hi[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(a.lo, b.lo)
}

// setOf returns the set whose members are those of in, as a key of s.sets: a set of targets
// of s.
func (s *Summary) setOf(in func(i int) bool) targetSet {
	var t targetSet
	n := len(s.Targets)
	for i := range min(n, 64) {
		if in(i) {
			t.lo |= 1 << i
		}
	}
	if n <= 64 {
		return t
	}
	s.hi = append(s.hi[:0], make([]byte, hiBytes(n))...)
	for i := 64; i < n; i++ {
		if in(i) {
			s.hi[(i-64)/8] |= 1 << ((i - 64) % 8)
		}
	}
	t.hi = string(s.hi)
	return t
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

// NewSummary returns an empty summary of comparisons under targets, of any number.
func NewSummary(targets []Target) *Summary {
	s := &Summary{Targets: targets, Accepted: make([]int, len(targets)), causes: map[causeKey]*Cause{}, sets: map[targetSet]int{},
		diffs: map[differenceKey]*Difference{}}
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
	// The kind of character at which each target that rejects the input does, for its cause
	// and for the pairs (a summary of more than 64 targets makes a slice of them).
	var few [64]string
	found := few[:]
	if len(errs) > len(few) {
		found = make([]string, len(errs))
	}
	for i, e := range errs {
		if se, ok := e.(*urlgrammar.SyntaxError); ok {
			found[i] = charClass(se.Input, se.Offset)
		}
	}
	for i, e := range errs {
		if e == nil {
			s.Accepted[i]++
		} else {
			k := causeKey{i, InternalError, "", shared}
			switch e := e.(type) {
			case *urlgrammar.SyntaxError:
				k.in, k.found = e.In, found[i]
			case *ReadError:
				k.in = Refused
			}
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
				count(&pc.SecondRejects, found[j], 1)
			case b:
				pc.OnlySecond++
				count(&pc.FirstRejects, found[i], 1)
			default:
				pc.Neither++
			}
		}
	}
	s.sets[s.setOf(func(i int) bool { return i < len(errs) && errs[i] == nil })]++
	s.addInterpretations(c)
}

// InternalErrors returns how many of the rejections counted, of every target, are internal
// errors (the causes InternalError): no verdict on an input, but a fault of the urlgrammar
// package.
func (s *Summary) InternalErrors() int {
	n := 0
	for k, c := range s.causes {
		if k.in == InternalError {
			n += c.Count
		}
	}
	return n
}

// Sets returns how many inputs each set of targets accepts exactly, for the sets that occur,
// the most frequent first (ties by the set as a binary number, target 0 its lowest bit).
func (s *Summary) Sets() []SetCount {
	sets := make([]targetSet, 0, len(s.sets))
	for m := range s.sets {
		sets = append(sets, m)
	}
	slices.SortFunc(sets, func(a, b targetSet) int {
		if c := cmp.Compare(s.sets[b], s.sets[a]); c != 0 {
			return c
		}
		return compareSets(a, b)
	})
	out := make([]SetCount, len(sets))
	for k, m := range sets {
		acc := make([]bool, len(s.Targets))
		for i := range acc {
			acc[i] = m.has(i)
		}
		out[k] = SetCount{Accepting: acc, Count: s.sets[m]}
	}
	return out
}

// Causes returns the rejection groups: those on which the targets disagree first, then those
// every target shares; within each, by target, then most frequent first (ties by In, then
// Found).
func (s *Summary) Causes() []*Cause {
	keys := make([]causeKey, 0, len(s.causes))
	for k := range s.causes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.shared != b.shared {
			return b.shared
		}
		if a.target != b.target {
			return a.target < b.target
		}
		if na, nb := s.causes[a].Count, s.causes[b].Count; na != nb {
			return na > nb
		}
		if a.in != b.in {
			return a.in < b.in
		}
		return a.found < b.found
	})
	cs := make([]*Cause, len(keys))
	for i, k := range keys {
		cs[i] = s.causes[k]
	}
	return cs
}

// Merge adds the counts of o to s, as if the inputs o summarizes had been added to s after its
// own: every count is the sum of the two, and the example of a cause is s's when s has the
// cause, else o's. So the merge of the summaries of the parts of a stream, in the stream's
// order, is the summary of the whole stream. The two must summarize the same targets, in the
// same order; a zero Summary takes o's. o is left as it was.
func (s *Summary) Merge(o *Summary) error {
	if o.Inputs == 0 && o.causes == nil && len(o.Targets) == 0 {
		return nil // a zero Summary, which has summarized nothing
	}
	if s.Inputs == 0 && s.causes == nil && len(s.Targets) == 0 {
		*s = *NewSummary(slices.Clone(o.Targets))
	}
	if !sameTargets(s.Targets, o.Targets) {
		return fmt.Errorf("compare: cannot merge a summary of %v into one of %v", o.Targets, s.Targets)
	}
	if !s.wellFormed() || !o.wellFormed() {
		return errors.New("compare: cannot merge a summary whose counts do not match its targets")
	}
	s.init()
	s.Inputs += o.Inputs
	for i, n := range o.Accepted {
		s.Accepted[i] += n
	}
	for i, p := range o.Pairs {
		q := &s.Pairs[i]
		q.Both += p.Both
		q.OnlyFirst += p.OnlyFirst
		q.OnlySecond += p.OnlySecond
		q.Neither += p.Neither
		q.Interpreted += p.Interpreted
		q.Alike += p.Alike
		for found, n := range p.FirstRejects {
			count(&q.FirstRejects, found, n)
		}
		for found, n := range p.SecondRejects {
			count(&q.SecondRejects, found, n)
		}
	}
	for set, n := range o.sets {
		s.sets[set] += n
	}
	for k, c := range o.causes {
		if mine := s.causes[k]; mine != nil {
			mine.Count += c.Count
		} else {
			copied := *c
			s.causes[k] = &copied
		}
	}
	s.mergeDifferences(o)
	return nil
}

// wellFormed reports whether s has a count per target and per pair of targets.
func (s *Summary) wellFormed() bool {
	n := len(s.Targets)
	return len(s.Accepted) == n && len(s.Pairs) == n*(n-1)/2
}

// init makes the maps of a Summary whose fields were set without NewSummary.
func (s *Summary) init() {
	if s.causes == nil {
		s.causes = map[causeKey]*Cause{}
	}
	if s.sets == nil {
		s.sets = map[targetSet]int{}
	}
	if s.diffs == nil {
		s.diffs = map[differenceKey]*Difference{}
	}
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
