package conformance

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Config sets up a differential check.
type Config struct {
	// N is the number of generated samples (default 1000): half random derivations of the
	// start rule, half near misses made from them.
	N int
	// Seed fixes the generated samples.
	Seed uint64
	// Inputs are hand-written samples (for example a document's own examples), checked
	// before the generated ones.
	Inputs []string
	// MaxLen bounds the length of generated derivations (see Generator.MaxLen; default 120).
	MaxLen int
	// Oracle, when set, replaces the recognizer of the start rule as the reference verdict
	// (for example a dispatch to one of several rules by the input's scheme). Samples are
	// still generated from the start rule, and coverage still comes from the start rule's
	// derivations.
	Oracle func(string) bool
	// MaxReported bounds how many distinct minimized counterexamples the report keeps
	// (default 20); Report.DisagreementCount counts them all.
	MaxReported int
}

// Report is the outcome of Check.
type Report struct {
	Grammar string
	Start   string
	// Samples = Positives + Negatives: inputs checked, by the reference verdict.
	Samples, Positives, Negatives int
	Agreements                    int
	// DisagreementCount is the number of samples on which the PEG and the reference disagree;
	// Disagreements keeps the first MaxReported distinct ones, minimized.
	DisagreementCount int
	Disagreements     []Disagreement
	Coverage          Coverage
}

// Disagreement is a counterexample: an input the reference and the PEG judge differently.
type Disagreement struct {
	// Input is the minimized counterexample: no single byte or piece can be removed from it
	// without the disagreement going away or changing direction.
	Input string
	// Original is the sample it was minimized from.
	Original string
	// BNF is the reference verdict, PEG the parser's.
	BNF, PEG bool
	// Panic is the parser's panic message, when it panicked instead of answering.
	Panic string
}

// String says what each side said of the input, in one line: `"bb": BNF accepts, PEG
// rejects (minimized from "abba")`.
func (d Disagreement) String() string {
	verdict := func(b bool) string {
		if b {
			return "accepts"
		}
		return "rejects"
	}
	peg := "PEG " + verdict(d.PEG)
	if d.Panic != "" {
		peg = "PEG panics: " + d.Panic
	}
	s := fmt.Sprintf("%q: BNF %s, %s", d.Input, verdict(d.BNF), peg)
	if d.Original != d.Input {
		s += fmt.Sprintf(" (minimized from %q)", d.Original)
	}
	return s
}

// Coverage says which rules and alternatives reachable from the start rule the accepted
// samples exercised. It is measured from the recognizer's own derivations of every sample the
// start rule accepts (hand inputs and generated ones alike): an alternative counts as exercised
// by a sample when some derivation of the sample uses it. (Where a sample is ambiguous, that
// counts every derivation, not only the one a PEG would take.)
type Coverage struct {
	Rules, RulesExercised               int
	Alternatives, AlternativesExercised int
	// Unexercised names what no sample exercised, in grammar order: a rule by its name when
	// none of it was used, otherwise each unused alternative of a used rule as "rule/i".
	Unexercised []string
}

// coverSet accumulates coverage.
type coverSet struct {
	rules []bool // per rule
	alts  []bool // per global alternative id
	left  int    // reachable rules and alternatives not yet exercised
	reach []bool
}

func (g *Grammar) newCoverSet(start string) *coverSet {
	cs := &coverSet{rules: make([]bool, len(g.rules)), alts: make([]bool, g.c.nAlts), reach: g.reachable(start)}
	for i, r := range g.rules {
		if cs.reach[i] {
			cs.left += 1 + len(r.Alts)
		}
	}
	return cs
}

func (cs *coverSet) markRule(r int32) {
	if !cs.rules[r] {
		cs.rules[r] = true
		if cs.reach[r] {
			cs.left--
		}
	}
}

func (cs *coverSet) markAlt(c *compiled, a int32) {
	if !cs.alts[a] {
		cs.alts[a] = true
		if cs.reach[c.altRule[a]] {
			cs.left--
		}
	}
}

func (cs *coverSet) markTerm(c *compiled, t int32, b byte) {
	for _, p := range c.terms[t].parts {
		if !p.set.Has(b) {
			continue
		}
		if p.covRule >= 0 {
			cs.markRule(p.covRule)
			cs.markAlt(c, c.altBase[p.covRule]+p.covAlt)
		}
		if p.charset != nil {
			cs.markCharset(c, int32(p.charset.Index), b)
		}
	}
}

func (cs *coverSet) markCharset(c *compiled, r int32, b byte) {
	cs.markRule(r)
	for k, parts := range c.setParts[r] {
		for _, p := range parts {
			if !p.set.Has(b) {
				continue
			}
			cs.markAlt(c, c.altBase[r]+int32(k))
			if p.charset != nil {
				cs.markCharset(c, int32(p.charset.Index), b)
			}
		}
	}
}

func (g *Grammar) coverage(cs *coverSet) Coverage {
	var cov Coverage
	for i, r := range g.rules {
		if !cs.reach[i] {
			continue
		}
		cov.Rules++
		cov.Alternatives += len(r.Alts)
		if cs.rules[i] {
			cov.RulesExercised++
		} else {
			cov.Unexercised = append(cov.Unexercised, r.Name)
		}
		for k := range r.Alts {
			if cs.alts[g.c.altBase[i]+int32(k)] {
				cov.AlternativesExercised++
			} else if cs.rules[i] {
				cov.Unexercised = append(cov.Unexercised, g.bnf.Alternatives(r.Name)[k])
			}
		}
	}
	return cov
}

// cover recognizes input from start in chart mode and, when it matches, marks in cs every rule
// and alternative that some derivation of input uses. It reports whether input matched.
func (g *Grammar) cover(start string, input string, cs *coverSet) bool {
	c := g.c
	s, ok := c.startNT[start]
	if !ok {
		return false
	}
	r := c.getRun(true)
	defer c.putRun(r)
	m, _ := r.exec(s, input)
	if !m {
		return false
	}
	last := r.i
	r.finish()
	lo := r.setStart[last]
	fin := int32(-1)
	for j, it := range r.stored(last) {
		if it.origin == 0 && c.lhs[it.pos] == s && c.sym[it.pos] == symEnd {
			fin = lo + int32(j)
		}
	}
	if fin < 0 {
		return m // cannot happen: the accepting item is in the last set
	}
	setOf := func(x int32) int32 {
		return int32(sort.Search(len(r.setStart), func(k int) bool { return r.setStart[k] > x }) - 1)
	}
	visited := make([]bool, len(r.store))
	stack := []int32{fin}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if visited[x] {
			continue
		}
		visited[x] = true
		it := r.store[x]
		if c.sym[it.pos] == symEnd {
			p := c.prods[c.prodOf[it.pos]]
			if rr := c.ntRule[p.lhs]; rr >= 0 {
				cs.markRule(rr)
			}
			if p.covAlt >= 0 {
				cs.markAlt(c, p.covAlt)
			}
		}
		for e := r.rhead[x]; e >= 0; e = r.reasons[e].next {
			rs := r.reasons[e]
			stack = append(stack, rs.pred)
			switch {
			case rs.cause >= 0:
				stack = append(stack, rs.cause)
			case rs.cause >= -256:
				t := -1 - c.sym[r.store[rs.pred].pos]
				cs.markTerm(c, t, byte(-1-rs.cause))
			default:
				// A nullable nonterminal derived the empty string here: every empty
				// derivation of it in this set counts.
				nt := -257 - rs.cause
				k := setOf(x)
				base := r.setStart[k]
				for j, y := range r.stored(k) {
					if y.origin == k && c.sym[y.pos] == symEnd && c.lhs[y.pos] == nt {
						stack = append(stack, base+int32(j))
					}
				}
			}
		}
	}
	return true
}

// Check compares a PEG parser's verdicts with the BNF's on the samples of cfg: the hand inputs,
// then cfg.N generated ones (random derivations of start and near misses of them, each labelled
// by the recognizer, or by cfg.Oracle). peg must say whether the parser accepts its whole
// argument as start; a panic counts as a disagreement. Every disagreement is minimized.
func Check(g *Grammar, start string, peg func(string) bool, cfg Config) Report {
	rep := Report{Grammar: g.bnf.Name, Start: start}
	if cfg.N == 0 {
		cfg.N = 1000
	}
	if cfg.MaxReported == 0 {
		cfg.MaxReported = 20
	}
	cs := g.newCoverSet(start)
	oracle := cfg.Oracle
	seen := map[string]bool{}
	try := func(s string) (v bool, panicked string) {
		defer func() {
			if p := recover(); p != nil {
				v, panicked = false, fmt.Sprint(p)
			}
		}()
		return peg(s), ""
	}
	one := func(s string) {
		var bnf bool
		if cs.left > 0 {
			bnf = g.cover(start, s, cs)
		} else if oracle == nil {
			bnf = g.Recognize(start, s)
		}
		if oracle != nil {
			bnf = oracle(s)
		}
		rep.Samples++
		if bnf {
			rep.Positives++
		} else {
			rep.Negatives++
		}
		p, pan := try(s)
		if p == bnf && pan == "" {
			rep.Agreements++
			return
		}
		rep.DisagreementCount++
		if len(rep.Disagreements) >= cfg.MaxReported {
			return
		}
		ref := oracle
		if ref == nil {
			ref = func(x string) bool { return g.Recognize(start, x) }
		}
		min := minimize(s, func(x string) bool {
			q, qp := try(x)
			return ref(x) == bnf && q == p && (qp == "") == (pan == "")
		})
		if seen[min] {
			return
		}
		seen[min] = true
		d := Disagreement{Input: min, Original: s, BNF: bnf, PEG: p}
		if pan != "" {
			_, d.Panic = try(min)
		}
		rep.Disagreements = append(rep.Disagreements, d)
	}
	for _, s := range cfg.Inputs {
		one(s)
	}
	if cfg.N > 0 {
		gen, err := NewGenerator(g, start, cfg.Seed)
		if err == nil {
			if cfg.MaxLen > 0 {
				gen.MaxLen = cfg.MaxLen
			}
			last := ""
			for k := 0; k < cfg.N; k++ {
				if k%2 == 0 {
					last = gen.Positive()
					one(last)
				} else {
					one(gen.NearMiss(last))
				}
			}
		}
	}
	rep.Coverage = g.coverage(cs)
	return rep
}

// minimize shrinks s while keep holds: it removes pieces of halving sizes, then single bytes,
// and replaces bytes by simpler ones ("0", "a", "A", in that order, each only where it is
// simpler than the byte it replaces), until no change keeps the property (a local minimum).
// The number of tries is bounded.
func minimize(s string, keep func(string) bool) string {
	budget := 20000
	for changed := true; changed && budget > 0; {
		changed = false
		for size := len(s) / 2; size >= 1 && budget > 0; size /= 2 {
			for i := 0; i+size <= len(s) && budget > 0; {
				t := s[:i] + s[i+size:]
				budget--
				if keep(t) {
					s, changed = t, true
				} else {
					i += size
				}
			}
		}
		for i := 0; i < len(s) && budget > 0; i++ {
			for _, c := range []byte("0aA") {
				if simpler(s[i], c) {
					t := s[:i] + string(c) + s[i+1:]
					budget--
					if keep(t) {
						s, changed = t, true
						break
					}
				}
			}
		}
	}
	return s
}

// simpler reports whether byte c is simpler than b: digits before lower-case letters before
// upper-case letters before anything else, and smaller before larger within each.
func simpler(b, c byte) bool {
	rank := func(x byte) int {
		switch {
		case '0' <= x && x <= '9':
			return int(x - '0')
		case 'a' <= x && x <= 'z':
			return 10 + int(x-'a')
		case 'A' <= x && x <= 'Z':
			return 36 + int(x-'A')
		}
		return 62 + int(x)
	}
	return rank(c) < rank(b)
}

// WriteText writes the report for people: the agreement line, the coverage summary with the
// unexercised rules and alternatives by name, and the counterexamples.
func (r Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s %s: %d samples (%d in the language, %d not): %d agree, %d disagree\n",
		strings.TrimSuffix(r.Grammar, ".bnf"), r.Start, r.Samples, r.Positives, r.Negatives, r.Agreements, r.DisagreementCount)
	c := r.Coverage
	fmt.Fprintf(w, "  coverage: %d/%d rules, %d/%d alternatives", c.RulesExercised, c.Rules, c.AlternativesExercised, c.Alternatives)
	if len(c.Unexercised) > 0 {
		fmt.Fprintf(w, "; unexercised: %s", strings.Join(c.Unexercised, ", "))
	}
	fmt.Fprintln(w)
	for _, d := range r.Disagreements {
		fmt.Fprintf(w, "  counterexample %s\n", d)
	}
	if n := r.DisagreementCount; n > 0 && len(r.Disagreements) < n {
		fmt.Fprintf(w, "  (%d distinct minimized counterexamples shown for %d disagreeing samples)\n", len(r.Disagreements), n)
	}
}

// String returns what WriteText writes.
func (r Report) String() string {
	var b strings.Builder
	r.WriteText(&b)
	return b.String()
}
