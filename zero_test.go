package urlgrammar_test

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestZeroValues: zero values and nil arguments are usable and never panic.
func TestZeroValues(t *testing.T) {
	var u urlgrammar.URL
	if u.Scheme().Present || u.Authority().Present || u.Path().Present || u.Query().Present ||
		u.Fragment().Present || u.Params().Present || u.String() != "" {
		t.Errorf("a zero URL has components: %+v", &u)
	}
	if u.Segments() != nil || u.Parts() != nil {
		t.Errorf("a zero URL has segments %v or parts %v", u.Segments(), u.Parts())
	}
	if _, err := u.Resolve("g"); err == nil {
		t.Error("a zero URL resolves a reference")
	}
	if _, ok := u.Port(); ok {
		t.Error("a zero URL has a port")
	}
	if _, ok := u.Addr(); ok {
		t.Error("a zero URL has an IP address")
	}
	if u.Hostname() != "" {
		t.Errorf("a zero URL has host name %q", u.Hostname())
	}

	// A SyntaxError with an offset outside its input reads it as the nearest end.
	for _, off := range []int{-3, 0, 2, 99} {
		e := &urlgrammar.SyntaxError{Input: "ab", Offset: off}
		if msg := e.Error(); !strings.Contains(msg, "⟨here⟩") {
			t.Errorf("offset %d: %q", off, msg)
		}
	}
	if msg := new(urlgrammar.SyntaxError).Error(); !strings.Contains(msg, "end of input") {
		t.Errorf("zero SyntaxError: %q", msg)
	}

	// A zero Summary takes its shape from the first comparison.
	var s urlgrammar.Summary
	reject := &urlgrammar.SyntaxError{Input: "x~", Offset: 1, In: "hsegment"}
	s.Add(urlgrammar.Comparison{Input: "x~", Errs: []*urlgrammar.SyntaxError{nil, reject}})
	s.Add(urlgrammar.Comparison{Input: "y", Errs: []*urlgrammar.SyntaxError{nil, nil, nil}})
	if s.Inputs != 2 || len(s.Accepted) != 2 || s.Accepted[0] != 2 || s.Accepted[1] != 1 {
		t.Errorf("zero Summary after two comparisons: %d inputs, accepted %v", s.Inputs, s.Accepted)
	}
	if len(s.Pairs) != 1 || s.Pairs[0].Both != 1 || s.Pairs[0].OnlyFirst != 1 {
		t.Errorf("zero Summary: pairs %+v", s.Pairs)
	}
	if cs := s.Causes(); len(cs) != 1 || cs[0].Found != "~" || cs[0].Count != 1 {
		t.Errorf("zero Summary: causes %+v", cs)
	}
	// A summary of three targets counts a comparison of two in those two, and its pairs.
	three := urlgrammar.NewSummary(make([]urlgrammar.Target, 3))
	three.Add(urlgrammar.Comparison{Input: "x~", Errs: []*urlgrammar.SyntaxError{reject, nil}})
	if three.Accepted[1] != 1 || three.Pairs[0].OnlySecond != 1 || three.Pairs[1] != (urlgrammar.PairCount{}) || three.Pairs[2] != (urlgrammar.PairCount{}) {
		t.Errorf("three-target Summary, two verdicts: accepted %v, pairs %+v", three.Accepted, three.Pairs)
	}
}
