package conformance

import (
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// testSamples is the number of generated samples per rule in go test; `make conform`
// (urlgrammar conform --samples 100000) runs many more.
const testSamples = 4000

var (
	loadOnce sync.Once
	loaded   map[urlgrammar.Version]*Grammar
	loadErr  error
)

// loadBNF returns the recognizer of v's grammar/<id>.bnf, read once.
func loadBNF(t testing.TB, v urlgrammar.Version) *Grammar {
	t.Helper()
	loadOnce.Do(func() {
		loaded = map[urlgrammar.Version]*Grammar{}
		for _, v := range urlgrammar.Versions() {
			g, err := Load(v.String())
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
		g := loadBNF(t, v)
		if diff := cmp.Diff(g.Rules(), v.Spec().Rules); diff != "" {
			t.Errorf("%v: Rules() is not the rules of the .bnf (-bnf +Rules):\n%s", v, diff)
		}
		rules := v.Spec().Rules
		if testing.Short() {
			rules = v.Spec().StartRules // the race detector's run: the document's entry points
		}
		for _, rule := range rules {
			t.Run(v.String()+"/"+rule, func(t *testing.T) {
				t.Parallel()
				rep := Check(g, rule, func(s string) bool { return urlgrammar.MatchRule(v, rule, s, 0) },
					Config{N: testSamples, Seed: 1})
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
func rfc1738Default(g *Grammar, s string, foldScheme bool) bool {
	rule, s := rfc1738Dispatch(s, foldScheme)
	return g.Recognize(rule, s)
}

// rfc1738Dispatch returns the rule of RFC 1738 that holds s by its scheme (genericurl for a
// scheme of no rule of its own), and s with its scheme in lower case when foldScheme.
func rfc1738Dispatch(s string, foldScheme bool) (string, string) {
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
	return rule, s
}

// TestRFC1738DefaultReading checks urlgrammar.Match(RFC1738, …) — the scheme dispatch — against
// the recognizer of the dispatched rule, on samples derived from `url` (which holds every
// scheme's rule and genericurl) and their near misses, with and without CaseIgnoreScheme.
func TestRFC1738DefaultReading(t *testing.T) {
	v := urlgrammar.RFC1738
	if v.Spec().Document == "" || len(v.Spec().StartRules) == 0 {
		t.Skip("rfc1738 is not registered")
	}
	g := loadBNF(t, v)
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
		rep := Check(g, "url", func(s string) bool { return urlgrammar.MatchRule(v, "", s, mode) },
			Config{N: testSamples, Seed: 1, Inputs: hand,
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
// suite's minimal DFA (MinimalDFA) to the recognizer. Its seed corpus is a few
// generated samples per rule, and the inputs it has found (testdata/fuzz).
//
// On an input longer than earleyMax bytes the minimal DFA alone is the oracle: the Earley
// recognizer is cubic on the ambiguous rules of the 1993 and 1994 drafts (draft1993's
// attributes = attribute [ attributes ] splits a run of letters every way: 6 000 letters took
// it a minute), and the DFA, its own construction from the .bnf, is linear.
func FuzzConformance(f *testing.F) {
	vs := urlgrammar.Versions()
	for vi, v := range vs {
		g := loadBNF(f, v)
		for ri, rule := range v.Spec().Rules {
			gen, err := NewGenerator(g, rule, uint64(ri))
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
		g := loadBNF(t, v)
		rules := v.Spec().Rules
		k := int(ri) % (len(rules) + 1)
		if k == len(rules) {
			rule, input := v.Spec().DefaultRule, s
			if v == urlgrammar.RFC1738 {
				rule, input = rfc1738Dispatch(s, false)
			}
			want := recognize(t, g, rule, input)
			if got := urlgrammar.MatchRule(v, "", s, 0); got != want {
				t.Errorf("Match(%v, %q) = %v, the BNF's default reading says %v", v, s, got, want)
			}
			return
		}
		rule := rules[k]
		if _, _, err := urlgrammar.CheckEngines(v, rule, s, 0); err != nil {
			t.Error(err)
		}
		want := recognize(t, g, rule, s)
		if got := urlgrammar.MatchRule(v, rule, s, 0); got != want {
			t.Errorf("MatchRule(%v, %s, %q) = %v, the BNF says %v", v, rule, s, got, want)
			if len(s) <= earleyMax {
				d := g.Diagnose(rule, s)
				t.Errorf("BNF: offset %d in %s, expected %s", d.Offset, d.In, d.expectedText())
			}
		}
	})
}

// earleyMax is the longest input FuzzConformance gives the Earley recognizer.
const earleyMax = 256

// recognize says whether s is in the language of rule, by the minimal DFA and, on an input of
// at most earleyMax bytes, by the Earley recognizer too, failing t if they disagree.
func recognize(t *testing.T, g *Grammar, rule, s string) bool {
	dfa := memoDFA(t, g, rule).Match(s)
	if len(s) > earleyMax {
		return dfa
	}
	earley := g.Recognize(rule, s)
	if dfa != earley {
		t.Errorf("%s %s %q: the minimal DFA says %v, the Earley recognizer %v", g.bnf.Name, rule, s, dfa, earley)
	}
	return earley
}

// dfas holds the minimal DFAs that FuzzConformance asked for, by grammar and rule.
var dfas sync.Map

func memoDFA(t *testing.T, g *Grammar, rule string) *DFA {
	key := g.bnf.Name + " " + rule
	if d, ok := dfas.Load(key); ok {
		return d.(*DFA)
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
		g := loadBNF(t, v)
		for _, rule := range v.Spec().Rules {
			rep, err := Cover(g, rule, CoverConfig{
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

func coverText(r CoverReport) string {
	var b strings.Builder
	r.WriteText(&b)
	return b.String()
}
