package conformance_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/testdiff"
)

// testSamples is the number of generated samples per rule in go test; `make conform`
// (urlgrammar conform -n 100000) runs many more.
const testSamples = 4000

var (
	loadOnce sync.Once
	loaded   map[urlgrammar.Version]*conformance.Grammar
	loadErr  error
)

// bnf returns the recognizer of v's grammar/<id>.bnf, read once.
func bnf(t testing.TB, v urlgrammar.Version) *conformance.Grammar {
	t.Helper()
	loadOnce.Do(func() {
		loaded = map[urlgrammar.Version]*conformance.Grammar{}
		for _, v := range urlgrammar.Versions() {
			name := v.String() + ".bnf"
			src, err := grammar.Files.ReadFile(name)
			if err != nil {
				loadErr = err
				return
			}
			g, err := conformance.ParseBNF(name, src)
			if err != nil {
				loadErr = err
				return
			}
			loaded[v] = g
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded[v]
}

// TestGeneratedParsersConform checks, for every registered version and every rule of its
// document, matched on its own (with -short, its start rules), that the generated PEG parser accepts exactly the language of
// the .bnf, on hand-free generated samples, and that the samples exercised every rule and
// alternative reachable from the rule.
func TestGeneratedParsersConform(t *testing.T) {
	for _, v := range urlgrammar.Versions() {
		g := bnf(t, v)
		if diff := testdiff.Diff(g.Rules(), v.Spec().Rules); diff != "" {
			t.Errorf("%v: Rules() is not the rules of the .bnf (-bnf +Rules):\n%s", v, diff)
		}
		rules := v.Spec().Rules
		if testing.Short() {
			rules = v.Spec().StartRules // the race detector's run: the document's entry points
		}
		for _, rule := range rules {
			t.Run(v.String()+"/"+rule, func(t *testing.T) {
				t.Parallel()
				rep := conformance.Check(g, rule, func(s string) bool { return urlgrammar.MatchRule(v, rule, s, 0) },
					conformance.Config{N: testSamples, Seed: 1})
				if rep.DisagreementCount > 0 {
					t.Errorf("the PEG and the BNF disagree:\n%s", rep)
				}
				if c := rep.Coverage; len(c.Unexercised) > 0 {
					t.Errorf("%d samples left rules or alternatives unexercised: %s", rep.Samples, strings.Join(c.Unexercised, ", "))
				}
				if rep.Positives == 0 || rep.Negatives == 0 {
					t.Errorf("one-sided samples:\n%s", rep)
				}
			})
		}
	}
}

// rfc1738Schemes maps the ten schemes that RFC 1738 section 5 defines a rule for to their rules.
var rfc1738Schemes = map[string]string{
	"ftp": "ftpurl", "http": "httpurl", "gopher": "gopherurl", "mailto": "mailtourl", "news": "newsurl",
	"nntp": "nntpurl", "telnet": "telneturl", "wais": "waisurl", "file": "fileurl", "prospero": "prosperourl",
}

// rfc1738Default is the default reading of RFC 1738 (see the BRIEF and the package
// documentation of urlgrammar), computed from the BNF: a URL whose scheme (the text before
// the first ":") is one of the ten is held to that scheme's rule, any other to genericurl.
// With foldScheme (RFC 1738 section 2.1: "programs interpreting URLs should treat upper case
// letters as equivalent to lower case in scheme names"), the scheme's ASCII letters are read in
// lower case.
func rfc1738Default(g *conformance.Grammar, s string, foldScheme bool) bool {
	rule := "genericurl"
	if i := strings.IndexByte(s, ':'); i >= 0 {
		scheme := s[:i]
		if foldScheme {
			b := []byte(scheme)
			for k, c := range b {
				if 'A' <= c && c <= 'Z' {
					b[k] = c + 'a' - 'A'
				}
			}
			scheme = string(b)
			s = scheme + s[i:]
		}
		if r, ok := rfc1738Schemes[scheme]; ok {
			rule = r
		}
	}
	return g.Recognize(rule, s)
}

// TestRFC1738DefaultReading checks urlgrammar.Match(RFC1738, …) — the scheme dispatch — against
// the recognizer of the dispatched rule, on samples derived from `url` (which holds every
// scheme's rule and genericurl) and their near misses, with and without CaseIgnoreScheme.
func TestRFC1738DefaultReading(t *testing.T) {
	v := urlgrammar.RFC1738
	if v.Spec().Document == "" || len(v.Spec().StartRules) == 0 {
		t.Skip("rfc1738 is not registered")
	}
	g := bnf(t, v)
	hand := []string{
		"http://www.example.com/", "http:foo", "HTTP://www.example.com/", "ftp://x/y;type=a",
		"mailto:a@b", "news:comp.x", "nntp://h/g/1", "telnet://u@h:23/", "gopher://h/0x",
		"wais://h/db?q", "file://h/p", "prospero://h/p;f=v", "x-y://a", "Http:x", "http", ":", "",
	}
	for _, fold := range []bool{false, true} {
		var mode urlgrammar.Mode
		if fold {
			mode = urlgrammar.CaseIgnoreScheme
		}
		rep := conformance.Check(g, "url", func(s string) bool { return urlgrammar.MatchRule(v, "", s, mode) },
			conformance.Config{N: testSamples, Seed: 1, Inputs: hand,
				Oracle: func(s string) bool { return rfc1738Default(g, s, fold) }})
		if rep.DisagreementCount > 0 {
			t.Errorf("CaseIgnoreScheme %v: the default reading and the dispatched BNF rule disagree:\n%s", fold, rep)
		}
	}
}

// FuzzConformance uses the recognizer of the .bnf as the oracle for urlgrammar.MatchRule on a
// rule of the document picked by the fuzzer (and, for the index one past the rules, for
// urlgrammar.Match's default reading); there it also holds the library's two engines, the
// parser and the diagnosis automaton, to each other (urlgrammar.CheckEngines), and the cover
// suite's minimal DFA (conformance.MinimalDFA) to the recognizer; inputs longer than
// maxRecognized, to the minimal DFA alone. Its seed corpus is a few generated samples per
// rule.
func FuzzConformance(f *testing.F) {
	vs := urlgrammar.Versions()
	for vi, v := range vs {
		g := bnf(f, v)
		for ri, rule := range v.Spec().Rules {
			gen, err := conformance.NewGenerator(g, rule, uint64(ri))
			if err != nil {
				f.Fatal(err)
			}
			for k := 0; k < 3; k++ {
				p := gen.Positive()
				f.Add(uint8(vi), uint8(ri), p)
				f.Add(uint8(vi), uint8(ri), gen.NearMiss(p))
			}
		}
		f.Add(uint8(vi), uint8(len(v.Spec().Rules)), "http:x")
	}
	f.Fuzz(func(t *testing.T, vi, ri uint8, s string) {
		v := vs[int(vi)%len(vs)]
		g := bnf(t, v)
		rules := v.Spec().Rules
		k := int(ri) % (len(rules) + 1)
		// The recognizer is cubic on the drafts' ambiguous rules (minutes on 3 KB of letters
		// under the 1994 draft's attributes): a longer input is held to the minimal DFA, which
		// is linear, and the engines to each other.
		long := len(s) > maxRecognized
		if k == len(rules) && long {
			return
		}
		if k == len(rules) {
			want := g.Recognize(v.Spec().DefaultRule, s)
			if v == urlgrammar.RFC1738 {
				want = rfc1738Default(g, s, false)
			}
			if got := urlgrammar.MatchRule(v, "", s, 0); got != want {
				t.Errorf("Match(%v, %q) = %v, the BNF's default reading says %v", v, s, got, want)
			}
			return
		}
		rule := rules[k]
		if _, _, err := urlgrammar.CheckEngines(v, rule, s, 0); err != nil {
			t.Error(err)
		}
		if long {
			if got, want := urlgrammar.MatchRule(v, rule, s, 0), minimalDFA(t, g, rule).Match(s); got != want {
				t.Errorf("MatchRule(%v, %s, %d bytes) = %v, the minimal DFA says %v", v, rule, len(s), got, want)
			}
			return
		}
		want := g.Recognize(rule, s)
		if got := urlgrammar.MatchRule(v, rule, s, 0); got != want {
			d := g.Diagnose(rule, s)
			t.Errorf("MatchRule(%v, %s, %q) = %v, the BNF says %v (BNF: offset %d in %s, expected %s)",
				v, rule, s, got, want, d.Offset, d.In, d.ExpectedText())
		}
		if got := minimalDFA(t, g, rule).Match(s); got != want {
			t.Errorf("%v %s %q: the minimal DFA says %v, the Earley recognizer %v", v, rule, s, got, want)
		}
	})
}

// maxRecognized is the longest input that FuzzConformance gives the Earley recognizer.
const maxRecognized = 256

// dfas holds the minimal DFAs that FuzzConformance asked for, by grammar and rule.
var dfas sync.Map

func minimalDFA(t *testing.T, g *conformance.Grammar, rule string) *conformance.DFA {
	key := g.Name() + " " + rule
	if d, ok := dfas.Load(key); ok {
		return d.(*conformance.DFA)
	}
	d, err := g.MinimalDFA(rule, 0)
	if err != nil {
		t.Fatal(err)
	}
	dfas.Store(key, d)
	return d
}

// TestCoverEngines runs the W-method suite of every rule of every version (Cover), within a
// small budget per rule, against the library's two engines: the generated parser and the
// diagnosis automaton (urlgrammar.CheckEngines). CI runs the whole suite (urlgrammar conform
// --cover); this keeps every rule's suite in the tests.
func TestCoverEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("short runs (the race detector's in CI) leave the suites to CI's conform --cover step")
	}
	const budget = 3000
	for _, v := range urlgrammar.Versions() {
		g := bnf(t, v)
		for _, rule := range v.Spec().Rules {
			rep, err := conformance.Cover(g, rule, conformance.CoverConfig{
				Implementations: []string{"parser", "automaton"},
				Run: func(s string, verdicts []bool) {
					verdicts[0], verdicts[1], _ = urlgrammar.CheckEngines(v, rule, s, 0)
				},
				Budget: budget,
			})
			if err != nil {
				t.Errorf("%v %s: %v", v, rule, err)
				continue
			}
			if rep.Disagreements[0]+rep.Disagreements[1] > 0 {
				t.Errorf("%v %s: %s", v, rule, coverText(rep))
			}
		}
	}
}

func coverText(r conformance.CoverReport) string {
	var b strings.Builder
	r.WriteText(&b)
	return b.String()
}
