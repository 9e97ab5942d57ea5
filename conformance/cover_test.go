package conformance

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar/grammar"
)

// TestMinimalDFASmall checks the minimal DFA of small grammars against automata worked out by
// hand: states (the dead state included), byte classes, and the verdicts.
func TestMinimalDFASmall(t *testing.T) {
	for _, tc := range []struct {
		src, rule       string
		states, classes int
		in, out         []string
	}{
		// a b*: initial, after a (accepting, loops on b), dead. Classes a, b, the rest.
		{`s = "a" *"b"`, "s", 3, 3, []string{"a", "abbb"}, []string{"", "b", "aba"}},
		// 1 to 4 digits: after 0..4 digits, and dead. Classes digit, the rest.
		{"s = 1*4digit\ndigit = %x30-39", "s", 6, 2, []string{"1", "1234"}, []string{"", "12345", "1a"}},
		// Right recursion is a loop: alpha *("." alpha). Initial (where a "." leads back to),
		// after alpha (accepting), dead; classes alpha, ".", the rest.
		{"h = alpha [ \".\" h ]\nalpha = %x61-7A", "h", 3, 3, []string{"a", "a.b.c"}, []string{"", "a.", ".a", "a..b"}},
		// Alternatives with one language merge: "a" / "a" / "ab" *"b" is a b*.
		{`s = "a" / "a" / "ab" *"b"`, "s", 3, 3, []string{"a", "ab", "abb"}, []string{"b", "aab"}},
		// Case-insensitive quoted strings: "x" is x or X, one class.
		{"@case insensitive\ns = \"x\" \"y\"", "s", 4, 3, []string{"xy", "XY", "xY"}, []string{"x", "yx"}},
		// %x values are case-sensitive whatever @case says.
		{"@case insensitive\ns = %x78", "s", 3, 2, []string{"x"}, []string{"X"}},
		// The empty language has one state: dead.
		{"s = 0digit\ndigit = %x30-39", "s", 2, 1, []string{""}, []string{"0"}},
		// n*m[ x ]: each repetition may be empty, so at most m x.
		{`s = 2*3[ "a" ]`, "s", 5, 2, []string{"", "a", "aaa"}, []string{"aaaa", "b"}},
	} {
		src := tc.src
		if !strings.HasPrefix(src, "@case") {
			src = "@case sensitive\n" + src
		}
		g := mustParse(t, src+"\n")
		d, err := g.MinimalDFA(tc.rule, 0)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if d.States() != tc.states || d.Classes() != tc.classes {
			t.Errorf("%s: %d states, %d classes; want %d, %d", tc.src, d.States(), d.Classes(), tc.states, tc.classes)
		}
		for _, s := range tc.in {
			if !d.Match(s) {
				t.Errorf("%s: %q rejected", tc.src, s)
			}
		}
		for _, s := range tc.out {
			if d.Match(s) {
				t.Errorf("%s: %q accepted", tc.src, s)
			}
		}
	}
}

func TestMinimalDFANotRegular(t *testing.T) {
	g := mustParse(t, "@case sensitive\ns = [ s ] \"a\"\nb = \"(\" [ b ] \")\"\n")
	if _, err := g.MinimalDFA("s", 0); err == nil || !strings.Contains(err.Error(), "refers to itself") {
		t.Errorf("left recursion: %v", err)
	}
	if _, err := g.MinimalDFA("b", 100); err == nil || !strings.Contains(err.Error(), "more than 100 states") {
		t.Errorf("self-embedding: %v", err)
	}
	if _, err := g.MinimalDFA("nosuch", 0); err == nil {
		t.Error("unknown rule: no error")
	}
}

// TestMinimalDFAAgreesWithRecognizer holds the DFA of every rule of every grammar to the
// Earley recognizer, the other reading of the same .bnf, on derivations of the rule and near
// misses of them.
func TestMinimalDFAAgreesWithRecognizer(t *testing.T) {
	if testing.Short() {
		t.Skip("short runs (the race detector's in CI) leave it to full runs: no concurrency here")
	}
	const n = 15
	for _, g := range projectGrammars(t) {
		for ri, rule := range g.Rules() {
			d, err := g.MinimalDFA(rule, 0)
			if err != nil {
				t.Fatal(err)
			}
			gen, err := NewGenerator(g, rule, uint64(ri))
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k < n; k++ {
				p := gen.Positive()
				for _, s := range []string{p, gen.NearMiss(p)} {
					if got, want := d.Match(s), g.Recognize(rule, s); got != want {
						t.Errorf("%s %s %q: DFA %v, recognizer %v", g.bnf.Name, rule, s, got, want)
					}
				}
			}
		}
	}
}

// mutant is a DFA with the same states as d, one transition or one verdict changed.
type mutant struct {
	d      *DFA
	accept []bool
	next   []int32
}

func (m *mutant) match(s string) bool {
	st := int32(0)
	for i := 0; i < len(s); i++ {
		st = m.next[int(st)*m.d.classes+int(m.d.class[s[i]])]
	}
	return m.accept[st]
}

// equivalent reports whether the mutant has d's language (breadth first over pairs of states).
func (m *mutant) equivalent() bool {
	n := m.d.States()
	seen := map[int]bool{0: true}
	queue := []int{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		a, b := x/n, x%n
		if m.d.accept[a] != m.accept[b] {
			return false
		}
		for c := 0; c < m.d.classes; c++ {
			y := m.d.Next(a, c)*n + int(m.next[b*m.d.classes+c])
			if !seen[y] {
				seen[y] = true
				queue = append(queue, y)
			}
		}
	}
	return true
}

// TestCoverCatchesMutants checks what the W-method promises: an implementation with no more
// states than the minimal DFA that has another language fails some test. The implementations
// are every mutant of the DFA (each transition redirected to each state, each verdict
// flipped); a mutant that keeps the language must pass.
func TestCoverCatchesMutants(t *testing.T) {
	for _, src := range []string{
		"s = 1*4digit [ \".\" 1*2digit ]\ndigit = %x30-39",
		"h = alpha [ \".\" h ]\nalpha = %x61-7A",
		`s = "ab" / "a" *"c" "b" / "ba"`,
	} {
		g := mustParse(t, "@case sensitive\n"+src+"\n")
		rule := g.Rules()[0]
		d, err := g.MinimalDFA(rule, 0)
		if err != nil {
			t.Fatal(err)
		}
		var mutants []*mutant
		for s := 0; s < d.States(); s++ {
			m := &mutant{d: d, accept: append([]bool(nil), d.accept...), next: append([]int32(nil), d.next...)}
			m.accept[s] = !m.accept[s]
			mutants = append(mutants, m)
			for c := 0; c < d.Classes(); c++ {
				for to := 0; to < d.States(); to++ {
					if to == d.Next(s, c) {
						continue
					}
					m := &mutant{d: d, accept: d.accept, next: append([]int32(nil), d.next...)}
					m.next[s*d.Classes()+c] = int32(to)
					mutants = append(mutants, m)
				}
			}
		}
		names := make([]string, len(mutants))
		for i := range names {
			names[i] = fmt.Sprint("mutant ", i)
		}
		rep, err := Cover(g, rule, CoverConfig{Implementations: names, Run: func(s string, v []bool) {
			for i, m := range mutants {
				v[i] = m.match(s)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		caught := 0
		for i, m := range mutants {
			eq := m.equivalent()
			if eq != (rep.Disagreements[i] == 0) {
				t.Errorf("%s: mutant %d: equivalent %v, %d disagreements", src, i, eq, rep.Disagreements[i])
			}
			if !eq {
				caught++
			}
		}
		if caught == 0 || !rep.Complete || rep.Bytes != 256 {
			t.Errorf("%s: %d mutants caught; report %+v", src, caught, rep)
		}
		// The suite: (1 + classes) words per state in the transition cover, each followed by
		// every characterizing word, once per round.
		if want := d.States() * (1 + d.Classes()) * rep.Characterizing * rep.Rounds; rep.Tests != want {
			t.Errorf("%s: %d tests, want %d", src, rep.Tests, want)
		}
	}
}

// TestCoverBudget: over the budget, every transition-cover word is still tested, with fewer
// characterizing words, and the report says the suite is not complete.
func TestCoverBudget(t *testing.T) {
	g := mustParse(t, "@case sensitive\ns = 1*4digit [ \".\" 1*2digit ]\ndigit = %x30-39\n")
	full, err := Cover(g, "s", CoverConfig{Implementations: []string{"x"}, Run: func(string, []bool) {}})
	if err != nil {
		t.Fatal(err)
	}
	cover := full.States * (1 + full.Classes)
	cut, err := Cover(g, "s", CoverConfig{Implementations: []string{"x"}, Run: func(string, []bool) {}, Budget: cover})
	if err != nil {
		t.Fatal(err)
	}
	if cut.Complete || cut.Used != 1 || cut.Tests != cover || cut.Rounds != 1 {
		t.Errorf("budget %d: %+v", cover, cut)
	}
	if !full.Complete || full.Used != full.Characterizing || full.Characterizing < 2 {
		t.Errorf("no budget: %+v", full)
	}
}

// TestCoverReport: a disagreement is counted, shown with its input, and the line gives the
// suite's sizes. 1*2digit: no digit, one, two (accepting), dead; ε and "0" tell them apart.
func TestCoverReport(t *testing.T) {
	g := mustParse(t, "@case sensitive\ns = 1*2digit\ndigit = %x30-39\n")
	rep, err := Cover(g, "s", CoverConfig{
		Implementations: []string{"right", "wrong"},
		Run: func(s string, v []bool) {
			ok := len(s) >= 1 && len(s) <= 2 && strings.Trim(s, "0123456789") == ""
			v[0], v[1] = ok, ok && s != "7"
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.WriteText(&b)
	got := b.String()
	if rep.Disagreements[0] != 0 || rep.Disagreements[1] == 0 ||
		!strings.HasPrefix(got, "test s: 4 states, 2 byte classes, 8 transitions, W 2, k 0: ") ||
		!strings.Contains(got, "disagreements: right 0, wrong ") || !strings.Contains(got, "counterexample \"7\": BNF accepts, wrong rejects") {
		t.Errorf("report:\n%s", got)
	}
}

// projectGrammars reads the grammars of grammar/.
func projectGrammars(t *testing.T) []*Grammar {
	t.Helper()
	names, err := fs.Glob(grammar.Files, "*.bnf")
	if err != nil || len(names) != 8 {
		t.Fatalf("grammar files %v: %v", names, err)
	}
	var out []*Grammar
	for _, name := range names {
		g, err := Load(strings.TrimSuffix(name, ".bnf"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// TestCoverTotal: the total of two rules' reports sums their states, transitions, tests and
// disagreements, counts the incomplete suite, and leaves out the zero report of a suite that
// could not be made.
func TestCoverTotal(t *testing.T) {
	total := CoverTotal{Implementations: []string{"parser", "automaton"}}
	total.Add(CoverReport{Rule: "a", States: 3, Transitions: 6, Tests: 10, Complete: true, Disagreements: []int{0, 1}})
	total.Add(CoverReport{})
	total.Add(CoverReport{Rule: "b", States: 4, Transitions: 12, Tests: 20, Disagreements: []int{2, 0}})
	var b strings.Builder
	total.WriteText(&b, 1500*time.Millisecond)
	want := "total: 2 rules, 7 states, 18 transitions, 30 tests (1 rules over the budget) in 1.5s; disagreements: parser 2, automaton 1\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	var none strings.Builder
	CoverTotal{Implementations: []string{"parser"}}.WriteText(&none, 0)
	if want := "total: 0 rules, 0 states, 0 transitions, 0 tests (0 rules over the budget) in 0.0s; disagreements: parser 0\n"; none.String() != want {
		t.Errorf("no rules: got %q, want %q", none.String(), want)
	}
}
