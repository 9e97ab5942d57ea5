package compare

import (
	"cmp"
	"slices"
)

// A Difference groups the inputs on which two targets, both accepting them, read one component
// differently for one cause: the interpretation differential of a Summary.
type Difference struct {
	First, Second Target
	Field, Cause  string // as the Differential names them (Disagreement)
	Count         int
	// Example is the first input of the group, A and B its component as First and Second read
	// it, and Excerpts what the documents of the grammars among the two say of the component.
	Example  string
	A, B     Component
	Excerpts []Excerpt

	pair int // the index of First and Second's pair in the summary's Pairs
}

type differenceKey struct {
	pair         int
	field, cause string
}

// fieldOrder are the components of a URL that a Differential holds targets to, in the order
// they stand in a URL, by the names Disagreement gives them.
var fieldOrder = []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// addInterpretations counts the interpretations of c (Interpret's) in s's pairs and differences.
func (s *Summary) addInterpretations(c Comparison) {
	n := len(s.Targets)
	for _, in := range c.interp {
		if in.First < 0 || in.First >= in.Second || in.Second >= n {
			continue
		}
		p := in.First*n - in.First*(in.First+1)/2 + in.Second - in.First - 1
		pc := &s.Pairs[p]
		pc.Interpreted++
		if len(in.Disagreements) == 0 {
			pc.Alike++
		}
		for _, d := range in.Disagreements {
			k := differenceKey{p, d.Field, d.Cause}
			if dd := s.diffs[k]; dd != nil {
				dd.Count++
				continue
			}
			s.diffs[k] = &Difference{First: pc.First, Second: pc.Second, Field: d.Field, Cause: d.Cause, Count: 1,
				Example: c.Input, A: d.A, B: d.B, Excerpts: d.Excerpts, pair: p}
		}
	}
}

// mergeDifferences adds the differences of o to s's (see Merge).
func (s *Summary) mergeDifferences(o *Summary) {
	for k, d := range o.diffs {
		if mine := s.diffs[k]; mine != nil {
			mine.Count += d.Count
		} else {
			copied := *d
			s.diffs[k] = &copied
		}
	}
}

// Differences returns the groups of the interpretation differential: by pair of targets in
// the order of Pairs, then by component in the order of a URL's components, then most frequent first (ties
// by cause).
func (s *Summary) Differences() []*Difference {
	keys := make([]differenceKey, 0, len(s.diffs))
	for k := range s.diffs {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b differenceKey) int {
		return cmp.Or(cmp.Compare(a.pair, b.pair), cmp.Compare(fieldIndex(a.field), fieldIndex(b.field)),
			cmp.Compare(s.diffs[b].Count, s.diffs[a].Count), cmp.Compare(a.field, b.field), cmp.Compare(a.cause, b.cause))
	})
	out := make([]*Difference, len(keys))
	for i, k := range keys {
		out[i] = s.diffs[k]
	}
	return out
}

// fieldIndex is the place of a component in fieldOrder; after them, one a Differential named
// otherwise.
func fieldIndex(f string) int {
	if i := slices.Index(fieldOrder, f); i >= 0 {
		return i
	}
	return len(fieldOrder)
}

// ByField counts the disagreements of the differential by component, for each pair of targets
// in the order of Pairs: the number of inputs on which the pair reads each component
// differently (an input may count under several components).
func (s *Summary) ByField() []map[string]int {
	out := make([]map[string]int, len(s.Pairs))
	for k, d := range s.diffs {
		if out[k.pair] == nil {
			out[k.pair] = map[string]int{}
		}
		out[k.pair][k.field] += d.Count
	}
	return out
}
