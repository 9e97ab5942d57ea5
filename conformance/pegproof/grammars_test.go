package pegproof

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/generated/draft1993"
	"github.com/urlgrammar/urlgrammar/generated/draft1994"
	"github.com/urlgrammar/urlgrammar/generated/draft1997"
	"github.com/urlgrammar/urlgrammar/generated/draft2003"
	"github.com/urlgrammar/urlgrammar/generated/rfc1738"
	"github.com/urlgrammar/urlgrammar/generated/rfc1808"
	"github.com/urlgrammar/urlgrammar/generated/rfc2396"
	"github.com/urlgrammar/urlgrammar/generated/rfc3986"
	"github.com/urlgrammar/urlgrammar/internal/peg"
	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// parsers are the generated parsers' descriptions, by version id: only to check that the proof
// takes the rules the parsers have.
var parsers = map[string]*pegrt.Grammar{
	"draft1993": draft1993.Grammar, "draft1994": draft1994.Grammar, "rfc1738": rfc1738.Grammar,
	"rfc1808": rfc1808.Grammar, "draft1997": draft1997.Grammar, "rfc2396": rfc2396.Grammar,
	"draft2003": draft2003.Grammar, "rfc3986": rfc3986.Grammar,
}

// load returns the PEG and the BNF of version id.
func load(t *testing.T, id string) (*Grammar, *conformance.Grammar) {
	t.Helper()
	g, err := Load(id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := conformance.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// TestGrammarsProven is the proof: every rule of every grammar, matched alone by its PEG
// rule, accepts exactly the BNF rule's language.
func TestGrammarsProven(t *testing.T) {
	for id := range parsers {
		g, b := load(t, id)
		for _, r := range b.Rules() {
			res := Prove(g, b, r)
			if !res.Proven {
				t.Errorf("%s %s", id, res)
			} else if res.PEGStates != res.BNFStates {
				// Two minimal DFAs of one language have as many states.
				t.Errorf("%s %s: proven equal, but %d states against the BNF's %d", id, r, res.PEGStates, res.BNFStates)
			}
		}
	}
}

// TestProofSeesTheParsersRules checks that the proof reads the rules the generated parser
// has (the .peg and the character-set rules gen writes), and proves, for each rule of the
// document, the PEG rule that the parser matches it by alone.
func TestProofSeesTheParsersRules(t *testing.T) {
	for id, p := range parsers {
		g, b := load(t, id)
		var proofRules, parserRules []string
		for _, r := range g.File().Rules {
			proofRules = append(proofRules, r.Name)
		}
		for _, r := range p.PEGRules {
			if r != "" && r != "Unknown" && r != "_start" {
				parserRules = append(parserRules, r)
			}
		}
		slices.Sort(proofRules)
		slices.Sort(parserRules)
		if !slices.Equal(proofRules, parserRules) {
			t.Errorf("%s: the proof reads the rules %v, the parser has %v", id, proofRules, parserRules)
		}
		for _, r := range b.Rules() {
			if got, want := g.File().Entry(r), p.PEGRules[p.Entry(r)]; got != want {
				t.Errorf("%s %s: the proof takes PEG rule %s, the parser matches %s", id, r, got, want)
			}
		}
	}
}

// TestGrammarsInterpreter holds the automaton of every PEG rule of every grammar to the
// interpreter of the same rules: on every input of up to two bytes (a byte of each class), and
// on inputs the automaton accepts, each also changed by one byte.
func TestGrammarsInterpreter(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	samples := 60
	if testing.Short() {
		samples = 10
	}
	for id := range parsers {
		g, _ := load(t, id)
		in := newInterp(g.File())
		reps := string(g.x.rep)
		for _, r := range g.File().Rules {
			d, err := g.DFA(r.Name, 0)
			if err != nil {
				t.Errorf("%s %s: %v", id, r.Name, err)
				continue
			}
			bad := 0
			check := func(s string) {
				if got, want := d.Match(s), in.accepts(r.Name, s); got != want && bad < 3 {
					t.Errorf("%s %s on %q: the automaton says %v, the interpreter %v", id, r.Name, s, got, want)
					bad++
				}
			}
			words(reps, 2, check)
			for _, s := range d.samples(rng, reps, samples) {
				check(s)
				for k := 0; k < 4; k++ {
					check(mutate(rng, s, reps))
				}
			}
		}
	}
}

// samples returns up to n inputs that d accepts, each from a random walk through the states
// from which an accepting one is reached, with the bytes reps (one of each class).
func (d *DFA) samples(rng *rand.Rand, reps string, n int) []string {
	// live[s]: an accepting state is reachable from s.
	live := slices.Clone(d.accept)
	for changed := true; changed; {
		changed = false
		for s := range live {
			for c := 0; c < d.classes && !live[s]; c++ {
				if live[d.next[s*d.classes+c]] {
					live[s], changed = true, true
				}
			}
		}
	}
	if !live[0] {
		return nil
	}
	var out []string
	for len(out) < n {
		var w []byte
		s := int32(0)
		for len(w) < 200 && !(d.accept[s] && rng.IntN(8) == 0) {
			var next []byte
			for i := 0; i < len(reps); i++ {
				if live[d.step(s, reps[i])] {
					next = append(next, reps[i])
				}
			}
			if len(next) == 0 {
				break
			}
			b := next[rng.IntN(len(next))]
			w = append(w, b)
			s = d.step(s, b)
		}
		if d.accept[s] {
			out = append(out, string(w))
		} else {
			n-- // a walk that ran out of length
		}
	}
	return out
}

// mutate changes s by one byte of reps: inserted, deleted or replaced.
func mutate(rng *rand.Rand, s, reps string) string {
	i := rng.IntN(len(s) + 1)
	b := reps[rng.IntN(len(reps))]
	switch {
	case rng.IntN(3) == 0 && i < len(s):
		return s[:i] + s[i+1:]
	case rng.IntN(2) == 0 && i < len(s):
		return s[:i] + string(b) + s[i+1:]
	}
	return s[:i] + string(b) + s[i:]
}

// TestPointlanderReadsTheSameRules checks that the rules the proof reads are those
// pointlander/peg compiled: the expression it printed above each rule's code in the generated
// parser (peg.ParseExpr), made into an automaton, accepts what the .peg's rule does. What the
// proof trusts of pointlander/peg is then its code for the rules, not its reading of them.
func TestPointlanderReadsTheSameRules(t *testing.T) {
	ruleComment := regexp.MustCompile(`(?m)^/\* ([A-Za-z_][A-Za-z0-9_]*) <- (.*) \*/$`)
	for id := range parsers {
		g, _ := load(t, id)
		src, err := os.ReadFile(filepath.Join("..", "..", "generated", id, "parser.go"))
		if err != nil {
			t.Fatal(err)
		}
		printed := &peg.File{Name: id + " as pointlander/peg printed it"}
		for _, m := range ruleComment.FindAllStringSubmatch(string(src), -1) {
			e, err := peg.ParseExpr(m[2])
			if err != nil {
				t.Fatalf("%s %s: %v", id, m[1], err)
			}
			printed.Rules = append(printed.Rules, &peg.Rule{Name: m[1], Expr: e})
		}
		if len(printed.Rules) != len(g.File().Rules) {
			t.Errorf("%s: pointlander/peg printed %d rules, the .peg has %d", id, len(printed.Rules), len(g.File().Rules))
		}
		pg, err := New(printed)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range g.File().Rules {
			a, err := g.DFA(r.Name, 0)
			if err != nil {
				t.Fatalf("%s %s: %v", id, r.Name, err)
			}
			b, err := pg.DFA(r.Name, 0)
			if err != nil {
				t.Errorf("%s %s as printed: %v", id, r.Name, err)
				continue
			}
			if w, differ := difference(a.automaton(), b.automaton()); differ {
				t.Errorf("%s %s: the .peg and pointlander/peg's reading differ on %q: the .peg's rule says %v", id, r.Name, w, a.Match(w))
			}
		}
	}
}
