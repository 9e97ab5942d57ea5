package compare_test

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// mergeCorpus returns the embedded corpus and the first lines of the URLs of
// testdata/urls: inputs that every version accepts and rejects in many ways, and some that are
// not valid UTF-8.
func mergeCorpus(t *testing.T, lines int) []string {
	var in []string
	for _, ex := range compare.Corpus() {
		in = append(in, ex.Input)
	}
	f, err := os.Open("../testdata/urls/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; i < lines && sc.Scan(); i++ {
		in = append(in, sc.Text())
	}
	return append(in, "http://a/\xff", "http://\xc3\xa9/~", "")
}

// summarize summarizes the inputs under targets, passed through the JSON form.
func summarize(t *testing.T, targets []compare.Target, inputs []string) *compare.Summary {
	s := compare.NewSummary(targets)
	for _, in := range inputs {
		c, err := compare.Compare(targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		s.Add(c)
	}
	return roundTrip(t, s)
}

// roundTrip returns s read back from its JSON form, and checks that the form it reads back is
// the same.
func roundTrip(t *testing.T, s *compare.Summary) *compare.Summary {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back compare.Summary
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	again, err := json.Marshal(&back)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(data) {
		t.Fatalf("the JSON form read back is written\n%s\nnot\n%s", again, data)
	}
	return &back
}

// TestMergeOfSplits: the merge of the summaries of the parts of a stream, split at random
// points and merged in order, is the summary of the whole stream: every count, every cause,
// and each cause's first example by input order.
func TestMergeOfSplits(t *testing.T) {
	lines, rounds := 2000, 8
	if testing.Short() {
		lines, rounds = 100, 2
	}
	inputs := mergeCorpus(t, lines)
	for _, targets := range [][]compare.Target{
		compare.AbsoluteTargets(),
		compare.ReferenceTargets(urlgrammar.RFC1738, urlgrammar.Draft2003),
		{{Version: urlgrammar.RFC3986}, {Version: urlgrammar.RFC3986, Rule: "absolute-URI"}},
	} {
		whole := compare.NewSummary(targets)
		for _, in := range inputs {
			c, _ := compare.Compare(targets, in, 0)
			whole.Add(c)
		}
		want, err := json.Marshal(whole)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(len(targets)), 22))
		for round := range rounds {
			cuts := []int{0}
			for range r.IntN(6) {
				cuts = append(cuts, r.IntN(len(inputs)+1))
			}
			cuts = append(cuts, len(inputs))
			slices.Sort(cuts)
			var merged compare.Summary
			for k := 1; k < len(cuts); k++ {
				if err := merged.Merge(summarize(t, targets, inputs[cuts[k-1]:cuts[k]])); err != nil {
					t.Fatal(err)
				}
			}
			got, err := json.Marshal(&merged)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("%v, round %d, cuts %v: merged\n%s\nwhole\n%s", targets, round, cuts, got, want)
			}
			if diff := cmp.Diff(whole.Causes(), merged.Causes()); diff != "" {
				t.Fatalf("%v, cuts %v: causes %s", targets, cuts, diff)
			}
		}
	}
}

// TestMergeExamples: the example of a cause is the first of the earlier summary, the one
// merged into.
func TestMergeExamples(t *testing.T) {
	targets := compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)
	a := summarize(t, targets, []string{"http://a/~first"}) // RFC 1738 section 2.2: "~" is unsafe
	b := summarize(t, targets, []string{"http://b/~second", "http://b/"})
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	cs := a.Causes()
	if len(cs) != 1 || cs[0].Count != 2 || cs[0].Example != "http://a/~first" || cs[0].Found != "~" {
		t.Errorf("merged causes %+v", cs)
	}
	if a.Inputs != 3 || a.Accepted[0] != 1 || a.Accepted[1] != 3 {
		t.Errorf("merged: %d inputs, accepted %v", a.Inputs, a.Accepted)
	}
	if b.Inputs != 2 || b.Causes()[0].Count != 1 {
		t.Errorf("the summary merged from changed: %d inputs, causes %+v", b.Inputs, b.Causes())
	}
}

// TestMergeRefuses: summaries of other targets do not merge; a zero Summary merges with any.
func TestMergeRefuses(t *testing.T) {
	a := compare.NewSummary(compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003))
	for _, other := range [][]compare.Target{
		compare.AbsoluteTargets(urlgrammar.Draft2003, urlgrammar.RFC1738),
		compare.ReferenceTargets(urlgrammar.RFC1738, urlgrammar.Draft2003),
		compare.AbsoluteTargets(urlgrammar.RFC1738),
	} {
		if err := a.Merge(compare.NewSummary(other)); err == nil {
			t.Errorf("a summary of %v merged into one of %v", other, a.Targets)
		}
	}
	if err := a.Merge(&compare.Summary{}); err != nil {
		t.Errorf("merging a zero Summary: %v", err)
	}
	var zero compare.Summary
	if err := zero.Merge(a); err != nil || len(zero.Targets) != 2 {
		t.Errorf("a zero Summary merging one of %v: %v, targets %v", a.Targets, err, zero.Targets)
	}
}

// TestSummaryJSONRefuses: the JSON form names known versions, and its parts agree.
func TestSummaryJSONRefuses(t *testing.T) {
	good := `{"inputs":1,"targets":[{"version":"rfc1738","rule":"","accepted":1},{"version":"rfc3986","rule":"","accepted":0}],` +
		`"pairs":[{"first":"rfc1738","second":"rfc3986","both":0,"only_first":1,"only_second":0,"neither":0}],` +
		`"sets":[{"accepting":["rfc1738"],"count":1}],"causes":[]}`
	var s compare.Summary
	if err := json.Unmarshal([]byte(good), &s); err != nil {
		t.Fatalf("%v\n%s", err, good)
	}
	for _, bad := range []struct{ old, new string }{
		{`"version":"rfc3986"`, `"version":"rfc9999"`},
		{`"second":"rfc3986"`, `"second":"rfc1738"`},
		{`"accepting":["rfc1738"]`, `"accepting":["rfc2396"]`},
		{`"count":1}]`, `"count":2}]`},
		{`"pairs":[{"first":"rfc1738","second":"rfc3986","both":0,"only_first":1,"only_second":0,"neither":0}]`, `"pairs":[]`},
		{`"causes":[]`, `"causes":[{"version":"rfc2396","in":"x","found":"~","count":1}]`},
	} {
		data := strings.Replace(good, bad.old, bad.new, 1)
		if err := json.Unmarshal([]byte(data), &s); err == nil {
			t.Errorf("read without error:\n%s", data)
		}
	}
}

// TestReadSummary: ReadSummary reads back what WriteSummary writes in FormatJSON, after the
// rows or alone: the summary, and what the line says of the run; it refuses an input with no
// summary line or two, naming the input.
func TestReadSummary(t *testing.T) {
	targets := compare.ReferenceTargets(urlgrammar.RFC1738, urlgrammar.RFC3986)
	inputs := mergeCorpus(t, 200)
	s := summarize(t, targets, inputs)
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	r := compare.Report{Targets: targets, Diff: true, Read: len(inputs) + 3, Cut: "stopped by SIGTERM after line 12", Stopped: &compare.Stop{Signal: "SIGTERM", AfterLine: 12}}
	var rows, line strings.Builder
	rw, lw := bufio.NewWriter(&rows), bufio.NewWriter(&line)
	c, _ := compare.Compare(targets, "http://a/~b", 0) // RFC 1738 section 2.2: "~" is unsafe
	r.WriteRow(rw, compare.FormatJSON, c, "")
	r.WriteSummary(lw, compare.FormatJSON, s)
	rw.Flush()
	lw.Flush()
	for _, in := range []string{line.String(), rows.String() + line.String()} {
		var back compare.Report
		got, err := back.ReadSummary("run.json", strings.NewReader(in))
		if err != nil {
			t.Fatalf("%v\n%s", err, in)
		}
		if data, _ := json.Marshal(got); string(data) != string(want) {
			t.Errorf("read back\n%s\nnot\n%s", data, want)
		}
		if d := cmp.Diff(r, back, cmp.AllowUnexported(compare.Report{})); d != "" {
			t.Errorf("the report read back: %s", d)
		}
	}
	for in, want := range map[string]string{
		rows.String():                     "run.json holds no summary of compare --format json",
		line.String() + line.String():     "run.json holds more than one summary",
		`{"type":"summary","inputs":"x"}`: "run.json: json: cannot unmarshal",
	} {
		var back compare.Report
		if _, err := back.ReadSummary("run.json", strings.NewReader(in)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
}

// TestMergeSummaries: MergeSummaries of the summaries of two parts of the inputs is the
// summary of the whole, with the inputs read summed up; it refuses a summary of all inputs
// after one of the disagreeing ones, naming the file.
func TestMergeSummaries(t *testing.T) {
	targets := compare.ReferenceTargets(urlgrammar.RFC1738, urlgrammar.RFC3986)
	inputs := mergeCorpus(t, 200)
	dir := t.TempDir()
	write := func(name string, r compare.Report, inputs []string) string {
		var b strings.Builder
		w := bufio.NewWriter(&b)
		r.WriteSummary(w, compare.FormatJSON, summarize(t, targets, inputs))
		w.Flush()
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	first := write("first.json", compare.Report{Targets: targets, Read: 50}, inputs[:50])
	second := write("second.json", compare.Report{Targets: targets, Read: 9}, inputs[50:])
	var r compare.Report
	got, err := r.MergeSummaries(first, second)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(summarize(t, targets, inputs))
	if data, _ := json.Marshal(got); string(data) != string(want) {
		t.Errorf("merged\n%s\nnot\n%s", data, want)
	}
	if d := cmp.Diff(compare.Report{Targets: targets, Read: 59}, r, cmp.AllowUnexported(compare.Report{})); d != "" {
		t.Errorf("the report of the whole: %s", d)
	}
	// A part cut short: the whole says where, and which part.
	stop := &compare.Stop{Signal: "SIGINT", AfterLine: 9}
	cut := write("cut.json", compare.Report{Targets: targets, Read: 9, Cut: "stopped by SIGINT after line 9", Stopped: stop}, inputs[50:])
	r = compare.Report{}
	if _, err := r.MergeSummaries(first, cut); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(compare.Report{Targets: targets, Read: 59, Cut: "stopped by SIGINT after line 9 (in " + cut + ")", Stopped: stop}, r, cmp.AllowUnexported(compare.Report{})); d != "" {
		t.Errorf("the report of a whole with a part cut short: %s", d)
	}
	diff := write("diff.json", compare.Report{Targets: targets, Diff: true}, inputs)
	wantErr := second + " summarizes all inputs, the summaries before it disagreeing inputs"
	if _, err := new(compare.Report).MergeSummaries(diff, second); err == nil || err.Error() != wantErr {
		t.Errorf("error %v, want %q", err, wantErr)
	}
}

// manyTargets returns 70 targets: 64 rules (of any version) that accept "a" and "aa", then 6
// that accept "a" and not "aa", so that the two inputs differ only in targets a word of 64 bits
// has no room for.
func manyTargets(t *testing.T) []compare.Target {
	var both, one []compare.Target
	for _, v := range urlgrammar.Versions() {
		for _, rule := range v.Spec().Rules {
			tg, err := compare.NewTarget(v, rule)
			if err != nil || !urlgrammar.MatchRule(v, rule, "a", 0) {
				continue
			}
			if urlgrammar.MatchRule(v, rule, "aa", 0) {
				both = append(both, tg)
			} else {
				one = append(one, tg)
			}
		}
	}
	if len(both) < 64 || len(one) < 6 {
		t.Fatalf("%d rules accept \"a\" and \"aa\", %d \"a\" alone", len(both), len(one))
	}
	return append(both[:64:64], one[:6]...)
}

// TestSummaryManyTargets: a summary of 70 targets counts every one of them: all 70 accepting
// an input is one set of 70, not of 64, apart from the set of the first 64; every set is
// counted as a map of each input's verdicts counts them; the JSON form reads back, and the
// merge of two parts is the summary of the whole.
func TestSummaryManyTargets(t *testing.T) {
	const n = 70
	targets := manyTargets(t)
	inputs := []string{"a", "aa", "a1", "1", "a.b", "a-b", "%41", "a:b", "", "a", "aa"}
	whole := compare.NewSummary(targets)
	want := map[string]int{} // each input's accepting targets, as a string of 0 and 1
	for _, in := range inputs {
		c, err := compare.Compare(targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		whole.Add(c)
		var b strings.Builder
		for i := range targets {
			b.WriteByte("01"[btoi(c.Accepted(i))])
		}
		want[b.String()]++
	}
	for i, a := range whole.Accepted {
		if a < 2 { // "a" twice
			t.Errorf("target %d (%v) accepted %d inputs", i, targets[i], a)
		}
	}
	got := map[string]int{}
	sum := 0
	for _, set := range whole.Sets() {
		if len(set.Accepting) != n {
			t.Fatalf("a set of %d targets", len(set.Accepting))
		}
		var b strings.Builder
		for _, ok := range set.Accepting {
			b.WriteByte("01"[btoi(ok)])
		}
		got[b.String()] += set.Count
		sum += set.Count
	}
	if !reflect.DeepEqual(got, want) || sum != len(inputs) {
		t.Errorf("sets %v, want %v", got, want)
	}
	all := strings.Repeat("1", n)
	if got[all] != 2 {
		t.Errorf("the set of all %d targets counts %d inputs, want 2 (\"a\" twice)", n, got[all])
	}
	// "aa": every target but the last 6, which a set of 64 bits would count with "a".
	if aa := strings.Repeat("1", 64) + "000000"; got[aa] < 2 {
		t.Errorf("the set of the first 64 targets counts %d inputs, want \"aa\" twice at least", got[aa])
	}
	back := roundTrip(t, whole)
	if !reflect.DeepEqual(back.Sets(), whole.Sets()) {
		t.Errorf("the sets read back %v, not %v", back.Sets(), whole.Sets())
	}
	var merged compare.Summary
	for _, part := range [][]string{inputs[:4], inputs[4:]} {
		if err := merged.Merge(summarize(t, targets, part)); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := json.Marshal(&merged)
	b, _ := json.Marshal(whole)
	if string(a) != string(b) {
		t.Errorf("merged\n%s\nnot\n%s", a, b)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
