package compare_test

import (
	"bufio"
	"maps"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// The question's inputs, each with what its documents say of it: RFC 1738 section 2.2 calls
// "~" unsafe and has "#" delimit a fragment outside the URL, and section 5 gives hsegment
// neither; the 2003 draft's section 2.3 makes "~" unreserved, and its section 4.1 lets a
// URI-reference carry a fragment. Both accept http://a/b (RFC 1738 section 5, httpurl), and
// neither "http://a b/" (a space, unsafe in RFC 1738 section 2.2, in no rule of the 2003 draft).
var questionInputs = []string{"http://a/~b", "http://a/b#f", "http://a/c#g", "http://a/b", "http://a b/"}

// TestPairRejectsByCharacter: a pair counts the inputs only one of its versions accepts by the
// kind of character at which the other rejects them, each kind with the inputs of it.
func TestPairRejectsByCharacter(t *testing.T) {
	targets := compare.ReferenceTargets(urlgrammar.RFC1738, urlgrammar.RFC3986, urlgrammar.Draft2003)
	s := compare.NewSummary(targets)
	for _, in := range questionInputs {
		c, err := compare.Compare(targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		s.Add(c)
	}
	s = roundTrip(t, s)
	// Pairs in order: rfc1738/rfc3986, rfc1738/draft2003, rfc3986/draft2003.
	want := compare.PairCount{First: targets[0], Second: targets[2], Both: 1, Neither: 1, OnlySecond: 3,
		FirstRejects: map[string]int{"~": 1, "#": 2}}
	if diff := cmp.Diff(want, s.Pairs[1]); diff != "" {
		t.Errorf("rfc1738 against draft2003 (-want +got):\n%s", diff)
	}
	if p := s.Pairs[2]; p.OnlyFirst+p.OnlySecond != 0 || p.FirstRejects != nil || p.SecondRejects != nil {
		t.Errorf("rfc3986 and draft2003 agree on these inputs: %+v", p)
	}
}

// TestPairRejectsAgreeWithCauses: with two versions, the inputs one rejects and the other
// accepts are the causes of its rejections that the versions do not share, so a pair's counts
// by character are those causes' counts summed by character; and they add up to the pair's
// count. On the corpus and the first 2000 URLs of testdata/urls.
func TestPairRejectsAgreeWithCauses(t *testing.T) {
	inputs := mergeCorpus(t, 2000)
	for _, vs := range [][]urlgrammar.Version{
		{urlgrammar.RFC1738, urlgrammar.Draft2003},
		{urlgrammar.Draft1994, urlgrammar.RFC3986},
		{urlgrammar.RFC1808, urlgrammar.Draft1997},
	} {
		s := summarize(t, compare.ReferenceTargets(vs...), inputs)
		byCause := []map[string]int{{}, {}}
		for _, c := range s.Causes() {
			if !c.Shared {
				byCause[index(s.Targets, c.Target)][c.Found] += c.Count
			}
		}
		p := s.Pairs[0]
		if diff := cmp.Diff(byCause[0], orNone(p.FirstRejects)); diff != "" {
			t.Errorf("%v: first rejects, pair against causes (-causes +pair):\n%s", vs, diff)
		}
		if diff := cmp.Diff(byCause[1], orNone(p.SecondRejects)); diff != "" {
			t.Errorf("%v: second rejects, pair against causes (-causes +pair):\n%s", vs, diff)
		}
		if sum(p.FirstRejects) != p.OnlySecond || sum(p.SecondRejects) != p.OnlyFirst {
			t.Errorf("%v: by character %d and %d, counts %d and %d", vs, sum(p.FirstRejects), sum(p.SecondRejects), p.OnlySecond, p.OnlyFirst)
		}
	}
}

func index(ts []compare.Target, t compare.Target) int {
	for i, u := range ts {
		if u == t {
			return i
		}
	}
	return -1
}

func orNone(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}

func sum(m map[string]int) int {
	n := 0
	for v := range maps.Values(m) {
		n += v
	}
	return n
}

// TestHeadline: the text and Markdown summaries open with the answer, built from the counts:
// which version rejects how many of the inputs the other accepts, and at which characters; the
// pair is the question's when rfc1738 and draft2003 are both compared, and --diff counts the
// inputs read.
func TestHeadline(t *testing.T) {
	for _, c := range []struct {
		versions []urlgrammar.Version
		diff     bool
		f        compare.Format
		want     string
	}{
		{[]urlgrammar.Version{urlgrammar.RFC1738, urlgrammar.Draft2003}, false, compare.FormatText,
			"Of the 5 inputs, RFC 1738 (December 1994) rejects 3 that the 2003 draft of RFC\n" +
				"2396bis (March 2003) accepts (2 for `#`, 1 for `~`); the 2003 draft rejects none\n" +
				"that RFC 1738 accepts.\n\n"},
		{[]urlgrammar.Version{urlgrammar.Draft2003, urlgrammar.RFC1738}, true, compare.FormatMarkdown,
			"Of the 5 inputs read, RFC 1738 (December 1994) rejects 3 that the 2003 draft of RFC 2396bis (March 2003) accepts (2 for `#`, 1 for `~`); the 2003 draft rejects none that RFC 1738 accepts.\n\n"},
		{[]urlgrammar.Version{urlgrammar.RFC3986, urlgrammar.Draft2003, urlgrammar.RFC1738}, false, compare.FormatMarkdown,
			"Of the 5 inputs, RFC 1738 (December 1994) rejects 3 that the 2003 draft of RFC 2396bis (March 2003) accepts (2 for `#`, 1 for `~`); the 2003 draft rejects none that RFC 1738 accepts.\n\n"},
		// Without the question's pair, the pair that disagrees most: RFC 1808 section 2.2
		// puts "~" among the national characters, which no rule of it uses, so that it
		// rejects http://a/~b as RFC 1738 does, where RFC 3986 (section 2.3) accepts it.
		{[]urlgrammar.Version{urlgrammar.RFC1808, urlgrammar.RFC3986, urlgrammar.RFC1738}, false, compare.FormatMarkdown,
			"Of the 5 inputs, RFC 1738 (December 1994) rejects 3 that RFC 3986 (January 2005) accepts (2 for `#`, 1 for `~`); RFC 3986 rejects none that RFC 1738 accepts (of the 3 pairs of versions, the one that disagrees on the most inputs).\n\n"},
		{[]urlgrammar.Version{urlgrammar.RFC3986, urlgrammar.Draft2003}, false, compare.FormatText,
			"Of the 5 inputs, RFC 3986 (January 2005) and the 2003 draft of RFC 2396bis\n" +
				"(March 2003) accept the same inputs: both accept 4, neither accepts 1.\n\n"},
		{[]urlgrammar.Version{urlgrammar.RFC3986}, false, compare.FormatText,
			"Of the 5 inputs, RFC 3986 (January 2005) accepts 4.\n\n"},
	} {
		r := compare.Report{Targets: compare.ReferenceTargets(c.versions...), Diff: c.diff}
		var out strings.Builder
		w := bufio.NewWriter(&out)
		s, err := r.WriteRows(w, c.f, func(yield func(string, string) bool) {
			for _, in := range questionInputs {
				if !yield(in, "") {
					return
				}
			}
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var sum strings.Builder
		sw := bufio.NewWriter(&sum)
		r.WriteSummary(sw, c.f, s)
		sw.Flush()
		if !strings.HasPrefix(sum.String(), c.want) {
			t.Errorf("%v diff=%v %v: the summary begins\n%s\nwant\n%s", c.versions, c.diff, c.f, sum.String()[:min(len(sum.String()), len(c.want)+40)], c.want)
		}
	}
}
