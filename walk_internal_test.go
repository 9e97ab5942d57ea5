package urlgrammar

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// TestFills: every registered version declares its fills, and every rule they name is a rule
// of its grammar (by its name in the document, or the PEG name of an extra rule).
func TestFills(t *testing.T) {
	for _, v := range Versions() {
		info := v.info()
		if len(info.fills) == 0 {
			t.Errorf("%v: no fills: Parse would give no components (add a table to fills.go)", v)
			continue
		}
		if _, err := newWalker(info.grammar, info.fills); err != nil {
			t.Errorf("%v: %v", v, err)
		}
	}
}

// TestDetailsOnce: Segments and Parts read a URL again at most once between them (RFC 1738
// section 3.2's ftp URL has both), and later calls reuse what the first found.
func TestDetailsOnce(t *testing.T) {
	u, err := Parse(RFC1738, "ftp://host/a/b;type=d")
	if err != nil {
		t.Fatal(err)
	}
	if u.more.Load() != nil {
		t.Fatal("Parse found the details already")
	}
	segs := slices.Collect(u.Segments())
	d := u.more.Load()
	if d == nil || len(segs) != 2 {
		t.Fatalf("Segments = %v, details %v", segs, d)
	}
	if p := u.Part("ftptype"); p.Text != "d" {
		t.Errorf("Part(ftptype) = %#v, want the typecode d", p)
	}
	if u.more.Load() != d {
		t.Error("Parts found the details again")
	}
	// Once found, the segments cost nothing but the iterator.
	if a := testing.AllocsPerRun(10, func() {
		for range u.Segments() {
		}
	}); a > 1 {
		t.Errorf("Segments allocates %v times once the details are found, want at most 1", a)
	}
}

// TestDefaultReading: every rule of a version's default reading (RFC 1738's per-scheme rules
// and genericurl) is a start rule of its grammar.
func TestDefaultReading(t *testing.T) {
	for _, v := range Versions() {
		info := v.info()
		for _, sr := range info.schemeRules {
			if sr.start < 0 || info.grammar.Rules[sr.start] != sr.rule || !slices.Contains(info.grammar.Starts, sr.rule) {
				t.Errorf("%v: scheme %s: rule %s is not start rule number %d", v, sr.scheme, sr.rule, sr.start)
			}
		}
		if len(info.schemeRules) > 32 {
			t.Errorf("%v: %d scheme rules, more than engine.schemeFirst holds", v, len(info.schemeRules))
		}
		if info.schemeRules != nil && info.otherStart < 0 {
			t.Errorf("%v: %s is no start rule", v, info.otherRule)
		}
	}
}

// TestDefaultForScheme: the default reading of RFC 1738 holds an input to the rule of its
// scheme, the text before its first ":" (section 2.1: "<scheme>:<scheme-specific-part>"),
// whether its scheme is read as written or in lower case (CaseIgnoreScheme).
func TestDefaultForScheme(t *testing.T) {
	info := RFC1738.info()
	for _, tt := range []struct {
		in         string
		rule       string
		ignoreCase string // the rule under CaseIgnoreScheme, where it differs
	}{
		{"http://h/", "httpurl", ""}, {"http:", "httpurl", ""}, {"https://h/", "genericurl", ""},
		{"http", "genericurl", ""}, {"htt:p", "genericurl", ""}, {"ftp://h", "ftpurl", ""},
		{"file:///x", "fileurl", ""}, {"news:a", "newsurl", ""}, {"nntp://h/g", "nntpurl", ""},
		{"mailto:a@b", "mailtourl", ""}, {"gopher://h", "gopherurl", ""}, {"telnet://h", "telneturl", ""},
		{"wais://h/d", "waisurl", ""}, {"prospero://h/p", "prosperourl", ""}, {"HTTP://h/", "genericurl", "httpurl"},
		{"Mailto:a@b", "genericurl", "mailtourl"}, {"", "genericurl", ""}, {":", "genericurl", ""},
		{"x-http:y", "genericurl", ""}, {"http%3A", "genericurl", ""},
	} {
		for _, mode := range []Mode{0, CaseIgnoreScheme} {
			want := tt.rule
			if mode != 0 && tt.ignoreCase != "" {
				want = tt.ignoreCase
			}
			rule, start := info.defaultFor(tt.in, mode)
			if rule != want || start != info.grammar.Rule(want) {
				t.Errorf("defaultFor(%q, %v) = %s, %d; want %s, %d", tt.in, mode, rule, start, want, info.grammar.Rule(want))
			}
		}
	}
}

// TestFewerTokens: Parse records only the tokens its walk reads (walker.record, and
// walker.recordDetails for Segments and Parts); the walk finds the same components and details
// in those as in every token of the parse, on the benchmark corpus under every version, and on
// an RFC 1738 news article (section 5: article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ]
// "@" host), whose host a leaf fill hides from the URL's.
func TestFewerTokens(t *testing.T) {
	data, err := os.ReadFile("testdata/bench/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	inputs := append(strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"), "news:a@b.c", "news:x;y@1.2.3.4")
	for _, v := range Versions() {
		info := v.info()
		w := info.walker()
		if w == nil {
			t.Fatal(info.walkErr)
		}
		type found struct {
			components
			walkState
		}
		walk := func(start int, s string, record pegrt.RuleSet, details bool) (found, int) {
			st := found{walkState: walkState{withDetails: details}}
			p, ok := run(info, start, s, record)
			defer info.release(p)
			if !ok {
				t.Fatalf("%v: %q accepted by Match but not by run", v, s)
			}
			w.walk(p, s, &st.components, &st.walkState)
			return st, len(p.Tokens())
		}
		fewer, all := 0, 0
		for _, s := range inputs {
			_, start, _, err := startFor("parse", v, "", s, 0)
			if err != nil || !MatchRule(v, "", s, 0) {
				continue
			}
			for _, details := range []bool{false, true} {
				record := w.record
				if details {
					record = w.recordDetails
				}
				got, n := walk(start, s, record, details)
				want, m := walk(start, s, pegrt.AllRules, details)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%v: %q (details %v): the walk of the recorded tokens finds\n%+v\nthat of every token\n%+v", v, s, details, got, want)
				}
				if !details {
					fewer, all = fewer+n, all+m
				}
			}
		}
		if fewer >= all {
			t.Errorf("%v: Parse records %d tokens of %d: no fewer", v, fewer, all)
		}
	}
}

// TestRecordedRules: Parse records the matches of a rule only where the walk reads them for a
// generic component. RFC 2396 (section 3.3: segment = *pchar *( ";" param )) and the 1997 draft
// name segment only as the parent of param, a detail, so Parse records no segment and keeps no
// stack of contexts, and Segments still finds each segment's params; RFC 1738's host
// (section 5: host = hostname | hostnumber) fills no generic component itself.
func TestRecordedRules(t *testing.T) {
	for _, tt := range []struct {
		v            Version
		rule         string
		parseRecords bool
	}{
		{RFC2396, "segment", false},
		{Draft1997, "segment", false},
		{RFC1738, "host", false},
		{RFC1738, "hostname", true},
		{RFC1738, "ftpurl", true}, // the parent of fpath's fill of the path: ftpurl = "ftp://" login [ "/" fpath … ]
	} {
		info := tt.v.info()
		w := info.walker()
		n := info.grammar.Rule(tt.rule)
		if n < 0 {
			t.Fatalf("%v has no rule %s", tt.v, tt.rule)
		}
		if got := w.record.Has(n); got != tt.parseRecords {
			t.Errorf("%v: Parse records %s: %v, want %v", tt.v, tt.rule, got, tt.parseRecords)
		}
		if !w.recordDetails.Has(n) {
			t.Errorf("%v: the details do not record %s", tt.v, tt.rule)
		}
	}
	for _, v := range []Version{RFC2396, Draft1997} {
		if w := v.info().walker(); !w.qualified || w.qualifiedGeneric {
			t.Errorf("%v: qualified %v, qualifiedGeneric %v; want true, false", v, w.qualified, w.qualifiedGeneric)
		}
	}
}
