package compare

import (
	"bufio"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// TestInternalError makes RFC 3986's reading of one input an internal error, as Validate
// returns it when its two engines disagree (an *urlgrammar.EngineError: the parser rejects,
// the automaton accepts), and checks that it is a reported rejection all the way through:
// the comparisons, the summary, its JSON form, Merge and the reports. The input has a space,
// which neither RFC 2396 (section 2.4.3, "excluded") nor RFC 3986 (section 3.3, pchar) allows
// in a path, so that RFC 3986's parser does reject it.
func TestInternalError(t *testing.T) {
	const bad = "http://a/ b"
	targets := ReferenceTargets(urlgrammar.RFC2396, urlgrammar.RFC3986)
	planted := &urlgrammar.EngineError{Version: urlgrammar.RFC3986, Rule: targets[1].RuleFor(bad, 0), Input: bad, Automaton: true}
	defer func(v func(Target, string, urlgrammar.Mode) error) { validate = v }(validate)
	validate = func(tg Target, s string, mode urlgrammar.Mode) error {
		if tg.Version == urlgrammar.RFC3986 && s == bad {
			return planted
		}
		return tg.Validate(s, mode)
	}
	inputs := []string{"http://a/b", bad, "http://a/c", bad}

	check := func(how string, c Comparison) {
		t.Helper()
		var se *urlgrammar.SyntaxError
		switch {
		case c.Input != bad:
			if c.Err(0) != nil || c.Err(1) != nil {
				t.Errorf("%s(%q): %v, %v, want both accepting", how, c.Input, c.Err(0), c.Err(1))
			}
		case !errors.As(c.Err(0), &se):
			t.Errorf("%s(%q): RFC 2396's verdict %v, want a *SyntaxError", how, bad, c.Err(0))
		case c.Err(1) != planted || c.Accepted(1) || !c.Agree():
			t.Errorf("%s(%q): RFC 3986's verdict %#v (accepted %v), want the internal error, a rejection", how, bad, c.Err(1), c.Accepted(1))
		}
	}
	whole := NewSummary(targets)
	for _, s := range inputs {
		c, err := Compare(targets, s, 0)
		if err != nil {
			t.Fatalf("Compare(%q): %v", s, err)
		}
		check("Compare", c)
	}
	all, err := CompareAll(targets, slices.Values(inputs), 0)
	if err != nil {
		t.Fatal(err)
	}
	halves := [2]*Summary{NewSummary(targets), NewSummary(targets)}
	var buf strings.Builder
	w := bufio.NewWriter(&buf)
	r := &Report{Targets: targets, Why: true}
	i := 0
	for c := range all {
		check("CompareAll", c)
		whole.Add(c)
		halves[i/2].Add(c)
		r.WriteRow(w, FormatText, c, "")
		r.WriteRow(w, FormatTSV, c, "")
		i++
	}
	if i != len(inputs) {
		t.Fatalf("CompareAll gave %d comparisons of %d inputs", i, len(inputs))
	}

	var internal *Cause
	for _, c := range whole.Causes() {
		if c.In == InternalError {
			internal = c
		}
	}
	want := &Cause{Target: targets[1], In: InternalError, Found: "", Shared: true, Count: 2, Example: bad, Err: planted}
	if d := cmp.Diff(want, internal); d != "" {
		t.Errorf("the internal-error cause (-want +got):\n%s", d)
	}
	if whole.Accepted[1] != 2 || whole.Pairs[0].Neither != 2 {
		t.Errorf("RFC 3986 accepts %d, both reject %d; want 2 and 2 (the internal errors are rejections)", whole.Accepted[1], whole.Pairs[0].Neither)
	}

	data, err := json.Marshal(whole)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"in":"internal error","found":"","count":2,"example":"http://a/ b","offset":0,"expected":null,"message":"internal error: `) {
		t.Errorf("the JSON form has no internal-error cause as documented:\n%s", data)
	}
	var back Summary
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(whole.Causes(), back.Causes()); d != "" {
		t.Errorf("the causes read back from JSON (-want +got):\n%s", d)
	}
	if again, _ := json.Marshal(&back); string(again) != string(data) {
		t.Errorf("the JSON form read back is written\n%s\nnot\n%s", again, data)
	}

	merged := NewSummary(targets)
	for _, h := range halves {
		if err := merged.Merge(h); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(merged, whole) {
		t.Errorf("the merge of the halves is not the whole:\n%s", cmp.Diff(whole.Causes(), merged.Causes()))
	}

	for _, f := range []Format{FormatText, FormatMarkdown, FormatTSV, FormatJSON} {
		r.WriteSummary(w, f, whole)
	}
	w.Flush()
	out := buf.String()
	if n := strings.Count(out, planted.Error()); n != 2+3 {
		// The JSON summary has it too, its quotes escaped (checked above in the JSON form).
		t.Errorf("the reports give the engine error's message %d times, want 5 (2 TSV rows; the table, Markdown and TSV summaries):\n%s", n, out)
	}
}
