package urlgrammar_test

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// A longShape is a long input: a prefix, a unit repeated to the wanted length, and a suffix,
// held to a start rule ("" for the version's default reading, that of Validate and Match),
// with the verdict the document gives it at every length where the test states one.
type longShape struct {
	rule, prefix, unit, suffix string
	want                       lengthVerdict
}

// A lengthVerdict is what a long shape's grammar says of it at every length.
type lengthVerdict uint8

const (
	unstated lengthVerdict = iota // only that the verdict does not change with the length
	valid                         // valid at every length
	invalid                       // invalid at every length
)

// build returns the input of about n bytes.
func (l longShape) build(n int) string {
	return l.prefix + strings.Repeat(l.unit, max(1, (n-len(l.prefix)-len(l.suffix))/len(l.unit))) + l.suffix
}

// name names the shape in a benchmark: the rule, then prefix(unit)…suffix with "/" written
// "|" (a "/" in a benchmark name would start a sub-benchmark).
func (l longShape) name() string {
	rule := l.rule
	if rule == "" {
		rule = "default"
	}
	return strings.ReplaceAll(fmt.Sprintf("%s:%s(%s)…%s", rule, l.prefix, l.unit, l.suffix), "/", "|")
}

func (l longShape) match(v urlgrammar.Version, s string) bool {
	if l.rule == "" {
		return urlgrammar.MatchRule(v, "", s, 0)
	}
	return urlgrammar.MatchRule(v, l.rule, s, 0)
}

func (l longShape) parse(v urlgrammar.Version, s string) (*urlgrammar.URL, error) {
	if l.rule == "" {
		return urlgrammar.Parse(v, s)
	}
	return urlgrammar.ParseRule(v, l.rule, s, 0)
}

func (l longShape) parseTree(v urlgrammar.Version, s string) (urlgrammar.Node, error) {
	if l.rule == "" {
		return urlgrammar.ParseTreeRule(v, "", s, 0)
	}
	return urlgrammar.ParseTreeRule(v, l.rule, s, 0)
}

func (l longShape) validate(v urlgrammar.Version, s string) error {
	if l.rule == "" {
		return urlgrammar.Validate(v, s)
	}
	return urlgrammar.ValidateRule(v, l.rule, s, 0)
}

// commonLong are the long inputs that every version is measured on: a long path, a long
// query, a long host name, many escapes, and a long "1:1:1:…" (a scheme, a port, an IPv6
// address or a path, depending on the grammar, until it is none of them).
func commonLong(v urlgrammar.Version) []longShape {
	pre := ""
	if v == urlgrammar.Draft1994 {
		pre = "url:" // the draft's default rule, prefixedurl
	}
	return []longShape{
		{"", pre + "http://h/", "a/", "b", unstated},
		{"", pre + "http://h/p?", "a+b&", "c", unstated},
		{"", pre + "http://", "a.", "com/", unstated},
		{"", pre + "http://h/", "%41", "", unstated},
		{"", pre, "1:", "1", unstated},
	}
}

// adversarialLong are the shapes that made the error path of every grammar, or of the 1993
// and 1994 drafts, slow when diagnoses came from a general (Earley) recognizer: runs of
// ambiguous units before a bad byte. Each is rejected at its last byte ("<", outside every
// grammar's alphabet), under the version's default reading.
func adversarialLong(v urlgrammar.Version) []longShape {
	pre := ""
	if v == urlgrammar.Draft1994 {
		pre = "url:" // the draft's default rule, prefixedurl
	}
	var out []longShape
	for _, s := range []struct{ prefix, unit string }{
		{"http://h/", "a/"},     // a long path
		{"http://h/p?", "a+b&"}, // a long query
		{"http://", "a"},        // a long host label
		{"http://", "a."},       // many dots: a dotted host
		{"telnet://", "a."},     // hosts after other schemes
		{"ftp://", "a."},        //
		{"afs://", "a."},        //
		{"http://u@", "a."},     //
		{"", "1:"},              // a scheme, port, IPv6 address or path, until none
		{"", "a:"},              // generic
		{"news:", "a:"},         //
		{"mailto:", "a:"},       //
		{"mid:", "a:"},          //
		{"cid:", "a:"},          //
		{"news:", "a."},         // news groups
		{"news:", "a@"},         // a@a@…
		{"mailto:", "a@"},       //
		{"telnet://", "a@"},     // telnet login
		{"http://h/", "%41"},    // escapes
		{"http://h/p?", "a+"},   // a+a+…
		{"wais://h/db?", "a+"},  // WAIS searches
		{"http://h/", ";"},      // ;;;
		{"http://h/", "./../"},  // dot segments
	} {
		out = append(out, longShape{"", pre + s.prefix, s.unit, "<", invalid})
	}
	return out
}

// longShapes are the long inputs of each version: the common ones, then those its grammar's
// tests built to make the PEG backtrack.
func longShapes(v urlgrammar.Version) []longShape {
	shapes := commonLong(v)
	switch v {
	case urlgrammar.Draft1993:
		shapes = append(shapes, draft1993Long...)
	case urlgrammar.Draft1994:
		shapes = append(shapes, draft1994Long...)
	case urlgrammar.RFC1738:
		shapes = append(shapes, rfc1738Long...)
	case urlgrammar.RFC1808:
		shapes = append(shapes, rfc1808Long...)
	case urlgrammar.Draft1997:
		shapes = append(shapes, draft1997Long...)
	case urlgrammar.RFC2396:
		shapes = append(shapes, rfc2396Long...)
	case urlgrammar.Draft2003:
		shapes = append(shapes, draft2003Long...)
	case urlgrammar.RFC3986:
		shapes = append(shapes, rfc3986Long...)
	}
	return shapes
}

// repeatedChars are, per version, characters that the tests repeat 1 MiB times alone under
// every start rule: the 1993 and 1994 drafts write their repetitions as recursion.
var repeatedChars = map[urlgrammar.Version][]string{
	urlgrammar.Draft1993: {"a", "/", "@", "%", "1", ":", " "},
	urlgrammar.Draft1994: {"a", "/", "@", "%", "1"},
}

// TestLongInputs: every long shape gets its verdict at 1 MiB without a stack overflow (which
// would end the test binary; no rule recurses once per character), the same verdict as at
// 1 KiB (the repeated unit does not change what the grammar says of the input, only how long
// the parser works on it), and the verdict the document gives it where the shape states one.
// How long it works is measured by BenchmarkLong, beside a baseline, never by a timed test.
func TestLongInputs(t *testing.T) {
	for _, v := range urlgrammar.Versions() {
		for _, l := range longShapes(v) {
			short, long := l.match(v, l.build(1<<10)), l.match(v, l.build(1<<20))
			if short != long {
				t.Errorf("%v %s: %v at 1 KiB, %v at 1 MiB", v, l.name(), short, long)
			}
			if l.want != unstated && long != (l.want == valid) {
				t.Errorf("%v %s (1 MiB): %v, want %v", v, l.name(), long, l.want == valid)
			}
		}
		for _, rule := range v.Spec().StartRules {
			for _, c := range repeatedChars[v] {
				urlgrammar.MatchRule(v, rule, strings.Repeat(c, 1<<20), 0)
			}
		}
	}
}

// TestTreeWalksLong: on every long shape at 128 KiB, Preorder and Children agree on the tree
// (TestTreeWalks), also where a node has tens of thousands of children and where the tree keeps
// the parser's tokens rather than a copy (more than 64 Ki of them). With -short, on the
// common shapes alone at 16 KiB.
func TestTreeWalksLong(t *testing.T) {
	shapes, n := longShapes, 1<<17
	if testing.Short() {
		shapes, n = commonLong, 1<<14
	}
	for _, v := range urlgrammar.Versions() {
		for _, l := range shapes(v) {
			checkTreeWalks(t, v, l.rule, l.build(n))
		}
	}
}

// TestParseTreeMemory: ParseTreeRule holds a tree too large to hold as values in memory in
// proportion to the input: on every long shape its version accepts, at 1 MiB, the parse and
// one visit of every node by Preorder allocate at most 21 bytes per input byte, with no parser
// pooled. The densest shape, the 1994 draft's mid:a.a.…, records a token (16 bytes) per byte,
// which the tree keeps where the parser put them, half of them stacked (4 bytes each) when the
// local-part is visited, and the parser copies the input; a buffer regrown as it fills would
// allocate several times its final size. The least of three calls is taken, as in
// BenchmarkLongParse.
func TestParseTreeMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what is allocated")
	}
	for _, v := range urlgrammar.Versions() {
		for _, l := range longShapes(v) {
			s := l.build(1 << 20)
			if !l.match(v, s) {
				continue
			}
			least := uint64(math.MaxUint64)
			for range 3 {
				runtime.GC()
				runtime.GC() // two collections empty the parser pools
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				root, err := l.parseTree(v, s)
				if err != nil {
					t.Fatalf("%v %s: %v", v, l.name(), err)
				}
				for range urlgrammar.Preorder(root) {
				}
				runtime.ReadMemStats(&after)
				least = min(least, after.TotalAlloc-before.TotalAlloc)
			}
			if perByte := float64(least) / float64(len(s)); perByte > 21 {
				t.Errorf("%v %s: ParseTreeRule and a visit of every node allocate %.1f bytes per input byte, want at most 21",
					v, l.name(), perByte)
			}
		}
	}
}
