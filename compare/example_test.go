package compare_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// RFC 1738 section 2.2 lists "~" among the unsafe characters, which must be encoded; the 2003
// draft's section 2.3 lists it among the unreserved ones.
func ExampleCompare() {
	targets := compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)
	c, err := compare.Compare(targets, "http://a/~b", 0)
	if err != nil {
		panic(err)
	}
	for i, t := range targets {
		if c.Accepted(i) {
			fmt.Printf("%v: accepted\n", t)
		} else {
			var e *urlgrammar.SyntaxError
			errors.As(c.Err(i), &e)
			fmt.Printf("%v: rejected at byte %d, %q\n", t, e.Offset, e.Input[e.Offset:e.Offset+1])
		}
	}
	// Output:
	// rfc1738: rejected at byte 9, "~"
	// draft2003:absolute-URI: accepted
}

// Summaries of the parts of a stream, made anywhere and passed on in their JSON form, merge in
// the stream's order into the summary of the whole. RFC 1738 section 2.2 makes "~" unsafe; the
// 2003 draft's section 2.3 makes it unreserved.
func ExampleSummary_Merge() {
	targets := compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)
	var shards [][]byte
	for _, part := range [][]string{{"http://a/~b", "http://a/"}, {"http://c/~d"}} {
		s := compare.NewSummary(targets)
		for _, in := range part {
			c, err := compare.Compare(targets, in, 0)
			if err != nil {
				panic(err)
			}
			s.Add(c)
		}
		data, err := json.Marshal(s)
		if err != nil {
			panic(err)
		}
		shards = append(shards, data)
	}
	var whole compare.Summary
	for _, data := range shards {
		var s compare.Summary
		if err := json.Unmarshal(data, &s); err != nil {
			panic(err)
		}
		if err := whole.Merge(&s); err != nil {
			panic(err)
		}
	}
	fmt.Println(whole.Inputs, "inputs, accepted:", whole.Accepted)
	for _, c := range whole.Causes() {
		fmt.Printf("%v: %d rejected in %s at %q, e.g. %s\n", c.Target.Version, c.Count, c.In, c.Found, c.Example)
	}
	// Output:
	// 3 inputs, accepted: [1 3]
	// rfc1738: 2 rejected in httpurl at "~", e.g. http://a/~b
}

// A report of a stream of inputs, each with where it was found: with Diff, the rows of those
// on which the versions disagree, and the summary counts them. RFC 1738 section 2.2 makes "~"
// unsafe; the 2003 draft's section 2.3 makes it unreserved.
func ExampleReport_WriteRows() {
	r := compare.Report{Targets: compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003), Diff: true}
	inputs := func(yield func(input, source string) bool) {
		_ = yield("http://a/b", "a.txt line 1") && yield("http://a/~b", "a.txt line 2")
	}
	w := bufio.NewWriter(os.Stdout)
	r.WriteHeader(w, compare.FormatMarkdown)
	s, err := r.WriteRows(w, compare.FormatMarkdown, inputs, nil)
	if err != nil {
		panic(err)
	}
	w.Flush()
	fmt.Printf("%d of %d inputs disagree\n", s.Inputs, r.Read)
	// Output:
	// | input | rfc1738 | draft2003 | source |
	// |---|:---:|:---:|---|
	// | `http://a/~b` | · 9 | ✓ | a.txt line 2 |
	// 1 of 2 inputs disagree
}
