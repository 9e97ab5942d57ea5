package conformance

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// CoverConfig sets up a cover suite (Cover).
type CoverConfig struct {
	// Implementations name the implementations under test, in the order Run gives their
	// verdicts.
	Implementations []string
	// Run says, for each implementation, whether it accepts the whole of s as the rule: it
	// fills verdicts, which has one entry per implementation.
	Run func(s string, verdicts []bool)
	// Extra is the k of the suite: the number of states an implementation may have beyond the
	// minimal DFA's for the suite to prove it equivalent (every word of up to Extra byte
	// classes stands between the transition cover and the characterization set). The suite
	// grows by the number of classes to the power Extra.
	Extra int
	// Budget bounds the tests of the rule (0: no bound). Over it, each transition-cover word is
	// followed by as many characterization words as the budget allows, in the order they were
	// found, at least one (ε: every transition is still exercised); the report says the suite
	// is not complete.
	Budget int
	// MinRounds is the least number of times the suite runs, each time with other bytes of
	// the classes (default and at least 2; see Cover), unless the budget stops it first.
	MinRounds int
	// MaxReported bounds the disagreements kept per implementation (default 5).
	MaxReported int
	// MaxStates bounds the DFA's construction (see MinimalDFA).
	MaxStates int
}

// CoverReport is the outcome of Cover.
type CoverReport struct {
	Grammar, Rule   string
	Implementations []string // CoverConfig.Implementations
	// States and Classes are those of the rule's minimal DFA (its dead state included);
	// Transitions is their product, every one of which the suite exercises.
	States, Classes, Transitions int
	// Characterizing is the size of the characterization set, ε included; Used is how many of
	// its words follow each transition-cover word (all of them when Complete).
	Characterizing, Used int
	Extra                int
	Tests                int
	// Complete is true when the budget allowed the whole suite.
	Complete bool
	// Rounds is how many times the suite ran, each time with other bytes of the classes;
	// Bytes is how many distinct bytes the tests held (every byte, when the budget allows).
	Rounds, Bytes int
	// Disagreements counts, per implementation (in Implementations' order), the
	// tests on which its verdict differs from the DFA's; Examples keeps the first few.
	Disagreements []int
	Examples      []CoverDisagreement
}

// CoverDisagreement is a test on which an implementation and the DFA disagree.
type CoverDisagreement struct {
	Implementation string
	Input          string
	DFA            bool // the DFA's verdict (the grammar's); the implementation's is the other
}

// String says what the DFA and the implementation said of the input, in one line:
// `"%00": BNF accepts, parser rejects`.
func (d CoverDisagreement) String() string {
	verdict := func(b bool) string {
		if b {
			return "accepts"
		}
		return "rejects"
	}
	return fmt.Sprintf("%q: BNF %s, %s %s", d.Input, verdict(d.DFA), d.Implementation, verdict(!d.DFA))
}

// Cover runs the W-method suite of rule against the implementations of cfg: the rule's
// minimal DFA (MinimalDFA) gives a transition cover P (the shortest word reaching each state,
// and each of those followed by one byte of every class) and a characterization set W (ε and,
// for every two states, a shortest word that one accepts after and the other does not); every
// word p·m·w, with p in P, m any word of at most Extra classes and w in W, is a test, which the
// DFA and every implementation judge. The suite runs in rounds, each with other bytes standing
// for the classes (see below and the package documentation), until every byte has stood in
// some test. What passing it proves is in the package documentation.
func Cover(g *Grammar, rule string, cfg CoverConfig) (CoverReport, error) {
	rep := CoverReport{Grammar: g.bnf.Name, Rule: rule, Extra: cfg.Extra, Implementations: cfg.Implementations}
	d, err := g.MinimalDFA(rule, cfg.MaxStates)
	if err != nil {
		return rep, err
	}
	if cfg.MaxReported == 0 {
		cfg.MaxReported = 5
	}
	rep.States, rep.Classes = d.States(), d.Classes()
	rep.Transitions = rep.States * rep.Classes
	rep.Disagreements = make([]int, len(cfg.Implementations))

	access := accessWords(d)
	w := characterizing(d)
	rep.Characterizing = len(w)

	// P: each state's access word, then each followed by every class.
	type cover struct {
		word  []int // classes
		state int
	}
	var p []cover
	for s := range access {
		p = append(p, cover{access[s], s})
	}
	for s := range access {
		for c := 0; c < d.Classes(); c++ {
			p = append(p, cover{append(access[s][:len(access[s]):len(access[s])], c), d.Next(s, c)})
		}
	}
	// The middles: every word of at most Extra classes.
	middles := [][]int{nil}
	for k, from := 0, 0; k < cfg.Extra; k++ {
		to := len(middles)
		for _, m := range middles[from:to] {
			for c := 0; c < d.Classes(); c++ {
				middles = append(middles, append(m[:len(m):len(m)], c))
			}
		}
		from = to
	}
	words := len(p) * len(middles) * len(w)
	rep.Used = len(w)
	if cfg.Budget > 0 && words > cfg.Budget {
		rep.Used = max(1, cfg.Budget/(len(p)*len(middles)))
	}
	rep.Complete = rep.Used == len(w)
	words = len(p) * len(middles) * rep.Used

	// The representatives. In even rounds every use of a class in every test takes the same
	// byte, the class's first in round 0, its second in round 2, and so on; in odd rounds each
	// use takes the next byte of its class in turn (turn[c]). Rounds go on, within the budget,
	// until every byte has stood in some test and at least MinRounds have run.
	turn := make([]int, d.Classes())
	var seen [256]bool
	nseen := 0
	verdicts := make([]bool, len(cfg.Implementations))
	var buf []byte
	minRounds := max(cfg.MinRounds, 2)
	for round := 0; round == 0 || (nseen < 256 || round < minRounds) && round < minRounds+256 &&
		(cfg.Budget <= 0 || rep.Tests+words <= cfg.Budget); round++ {
		rep.Rounds++
		pick := func(c int) byte {
			m := d.members[c]
			if round%2 == 1 {
				turn[c]++
				return m[turn[c]%len(m)]
			}
			return m[(round/2)%len(m)]
		}
		for _, pc := range p {
			for _, m := range middles {
				sm := pc.state
				for _, c := range m {
					sm = d.Next(sm, c)
				}
				for _, wc := range w[:rep.Used] {
					buf = buf[:0]
					for _, c := range pc.word {
						buf = append(buf, pick(c))
					}
					for _, c := range m {
						buf = append(buf, pick(c))
					}
					for _, c := range wc {
						buf = append(buf, pick(c))
					}
					want := d.accept[d.runClasses(sm, wc)]
					for _, b := range buf {
						if !seen[b] {
							seen[b] = true
							nseen++
						}
					}
					s := string(buf)
					rep.Tests++
					cfg.Run(s, verdicts)
					for i, v := range verdicts {
						if v == want {
							continue
						}
						rep.Disagreements[i]++
						if rep.Disagreements[i] <= cfg.MaxReported && !slices.Contains(rep.Examples, CoverDisagreement{cfg.Implementations[i], s, want}) {
							rep.Examples = append(rep.Examples, CoverDisagreement{cfg.Implementations[i], s, want})
						}
					}
				}
			}
		}
	}
	for _, b := range seen {
		if b {
			rep.Bytes++
		}
	}
	return rep, nil
}

// accessWords returns, per state, a shortest word of classes that reaches it from the initial
// state (breadth first, lower classes first).
func accessWords(d *DFA) [][]int {
	access := make([][]int, d.States())
	done := make([]bool, d.States())
	done[0] = true
	queue := []int{0}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for c := 0; c < d.Classes(); c++ {
			t := d.Next(s, c)
			if !done[t] {
				done[t] = true
				access[t] = append(access[s][:len(access[s]):len(access[s])], c)
				queue = append(queue, t)
			}
		}
	}
	return access
}

// characterizing returns a characterization set of d: ε first, then, while two states are
// told apart by none of the words so far, a shortest word that tells them apart (breadth
// first over pairs of states). Every two states of a minimal DFA are then told apart by some
// word of the set.
func characterizing(d *DFA) [][]int {
	n := d.States()
	w := [][]int{nil}
	// block: the states' verdicts on the words so far, as a partition.
	block := make([]int, n)
	for s := range block {
		if d.accept[s] {
			block[s] = 1
		}
	}
	for {
		// Find two states in one block.
		first := map[int]int{}
		p, q := -1, -1
		for s := 0; s < n && p < 0; s++ {
			if f, ok := first[block[s]]; ok {
				p, q = f, s
			} else {
				first[block[s]] = s
			}
		}
		if p < 0 {
			return w
		}
		word := distinguish(d, p, q)
		if word == nil {
			// Cannot happen in a minimal DFA: two states with one language.
			panic(fmt.Sprintf("conformance: states %d and %d of %s have the same language", p, q, d.Rule))
		}
		w = append(w, word)
		ids := map[[2]int]int{}
		for s := range block {
			k := [2]int{block[s], 0}
			if d.accept[d.runClasses(s, word)] {
				k[1] = 1
			}
			id, ok := ids[k]
			if !ok {
				id = len(ids)
				ids[k] = id
			}
			block[s] = id
		}
	}
}

func (d *DFA) runClasses(s int, word []int) int {
	for _, c := range word {
		s = d.Next(s, c)
	}
	return s
}

// distinguish returns a shortest word of classes that one of p and q accepts after and the
// other does not, or nil when there is none.
func distinguish(d *DFA, p, q int) []int {
	n := d.States()
	type from struct{ pair, class int }
	prev := map[int]from{p*n + q: {-1, -1}}
	queue := []int{p*n + q}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		a, b := x/n, x%n
		if d.accept[a] != d.accept[b] {
			var word []int
			for ; prev[x].pair >= 0; x = prev[x].pair {
				word = append(word, prev[x].class)
			}
			for i, j := 0, len(word)-1; i < j; i, j = i+1, j-1 {
				word[i], word[j] = word[j], word[i]
			}
			if word == nil {
				word = []int{} // ε tells them apart (not asked: ε is in every set already)
			}
			return word
		}
		for c := 0; c < d.Classes(); c++ {
			y := d.Next(a, c)*n + d.Next(b, c)
			if _, ok := prev[y]; !ok {
				prev[y] = from{x, c}
				queue = append(queue, y)
			}
		}
	}
	return nil
}

// WriteText writes the report in one line, then its examples.
func (r CoverReport) WriteText(w io.Writer) {
	complete := "complete"
	if !r.Complete {
		complete = fmt.Sprintf("%d of %d characterizing words", r.Used, r.Characterizing)
	}
	var dis []string
	for i, n := range r.Disagreements {
		dis = append(dis, fmt.Sprintf("%s %d", r.Implementations[i], n))
	}
	fmt.Fprintf(w, "%s %s: %d states, %d byte classes, %d transitions, W %d, k %d: %d tests (%s, %d rounds, %d bytes); disagreements: %s\n",
		strings.TrimSuffix(r.Grammar, ".bnf"), r.Rule, r.States, r.Classes, r.Transitions, r.Characterizing, r.Extra,
		r.Tests, complete, r.Rounds, r.Bytes, strings.Join(dis, ", "))
	for _, e := range r.Examples {
		fmt.Fprintf(w, "  counterexample %s\n", e)
	}
}

// A CoverTotal sums the CoverReports of several rules, judged by the same implementations.
type CoverTotal struct {
	Implementations []string // the implementations' names, in the order of Disagreements
	Rules           int
	States          int
	Transitions     int
	Tests           int
	Incomplete      int   // the rules whose suite the budget cut short
	Disagreements   []int // per implementation
}

// Add adds the report of one rule to t. The zero CoverReport (of a suite that could not be
// made) adds nothing.
func (t *CoverTotal) Add(r CoverReport) {
	if r.Rule == "" {
		return
	}
	t.Rules++
	t.States += r.States
	t.Transitions += r.Transitions
	t.Tests += r.Tests
	if !r.Complete {
		t.Incomplete++
	}
	if t.Implementations == nil {
		t.Implementations = r.Implementations
	}
	if t.Disagreements == nil {
		t.Disagreements = make([]int, len(r.Disagreements))
	}
	for i, n := range r.Disagreements {
		t.Disagreements[i] += n
	}
}

// WriteText writes the total in one line, with took, the time the suites took.
func (t CoverTotal) WriteText(w io.Writer, took time.Duration) {
	var dis []string
	for i, name := range t.Implementations {
		n := 0
		if i < len(t.Disagreements) {
			n = t.Disagreements[i]
		}
		dis = append(dis, fmt.Sprintf("%s %d", name, n))
	}
	fmt.Fprintf(w, "total: %d rules, %d states, %d transitions, %d tests (%d rules over the budget) in %.1fs; disagreements: %s\n",
		t.Rules, t.States, t.Transitions, t.Tests, t.Incomplete, took.Seconds(), strings.Join(dis, ", "))
}
