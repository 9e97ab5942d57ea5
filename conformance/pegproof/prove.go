package pegproof

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Load reads the PEG transcription of the version id ("rfc3986"), grammar/<id>.peg, with the
// character-set rules that the generator writes into it from grammar/<id>.bnf (peg.Compose):
// the rules the generated parser has.
func Load(id string) (*Grammar, error) {
	pegSrc, err := grammar.Files.ReadFile(id + ".peg")
	if err != nil {
		return nil, err
	}
	bnfSrc, err := grammar.Files.ReadFile(id + ".bnf")
	if err != nil {
		return nil, err
	}
	b, err := bnf.Parse(id+".bnf", bnfSrc)
	if err != nil {
		return nil, err
	}
	f, err := peg.Parse(id+".peg", pegSrc)
	if err != nil {
		return nil, err
	}
	composed, err := peg.Parse(id+".peg", peg.Compose(b, f, pegSrc))
	if err != nil {
		return nil, err
	}
	return New(composed)
}

// Result is the outcome of Prove for one rule of the document.
type Result struct {
	Rule    string // the BNF rule
	PEGRule string // the PEG rule that matches it alone (peg.File.Entry)
	// PEGStates and BNFStates are the sizes of the two minimal DFAs (dead states included),
	// equal when Proven.
	PEGStates, BNFStates int
	// Proven is true when the two languages are equal.
	Proven bool
	// Input is, when they differ, a shortest input on which they do (the least such in byte
	// order), and PEGAccepts the PEG rule's verdict on it; the BNF rule's is the other.
	Input      string
	PEGAccepts bool
	// Err, when not nil, says why the rule is not covered: the construction refused its PEG
	// rule, or the BNF rule has no DFA.
	Err error
}

// String writes the result in one line: the rule, then "proven equal", the input on which
// the languages differ (quoted) and which side accepts it, or why the rule is not covered.
func (r Result) String() string {
	name := r.Rule
	if r.PEGRule != peg.Name(r.Rule) {
		name += " (PEG rule " + r.PEGRule + ")"
	}
	switch {
	case r.Err != nil:
		return fmt.Sprintf("%s: not covered, the W-method suite (conform --cover) still checks it: %v", name, r.Err)
	case r.Proven:
		return fmt.Sprintf("%s: proven equal (%d states)", name, r.PEGStates)
	}
	side := "the BNF accepts it, the PEG rejects it"
	if r.PEGAccepts {
		side = "the PEG accepts it, the BNF rejects it"
	}
	return fmt.Sprintf("%s: differs on %q: %s", name, r.Input, side)
}

// WriteText writes the result in one line after the grammar's name, unless it is proven.
func (r Result) WriteText(w io.Writer, grammar string) {
	if !r.Proven {
		fmt.Fprintf(w, "%s %s\n", grammar, r)
	}
}

// A Total sums the results of Prove for the rules of several grammars.
type Total struct {
	Grammars []GrammarTotal // in the order of their first result
	States   int            // of the minimal DFAs of the rules proven
}

// GrammarTotal counts the results of one grammar.
type GrammarTotal struct {
	Grammar                   string
	Rules, Proven, NotCovered int
}

// Add counts result r of a rule of grammar.
func (t *Total) Add(grammar string, r Result) {
	if n := len(t.Grammars); n == 0 || t.Grammars[n-1].Grammar != grammar {
		t.Grammars = append(t.Grammars, GrammarTotal{Grammar: grammar})
	}
	g := &t.Grammars[len(t.Grammars)-1]
	g.Rules++
	switch {
	case r.Err != nil:
		g.NotCovered++
	case r.Proven:
		g.Proven++
		t.States += r.PEGStates
	}
}

// WriteText writes a line per grammar, "rfc3986: 39 of 39 rules proven equal to the BNF", and
// then the total, with took, the time the proofs took.
func (t Total) WriteText(w io.Writer, took time.Duration) {
	var all GrammarTotal
	line := func(name string, g GrammarTotal) {
		fmt.Fprintf(w, "%s: %d of %d rules proven equal to the BNF", name, g.Proven, g.Rules)
		if g.NotCovered > 0 {
			fmt.Fprintf(w, ", %d not covered", g.NotCovered)
		}
	}
	for _, g := range t.Grammars {
		line(g.Grammar, g)
		fmt.Fprintln(w)
		all.Rules, all.Proven, all.NotCovered = all.Rules+g.Rules, all.Proven+g.Proven, all.NotCovered+g.NotCovered
	}
	line("total", all)
	fmt.Fprintf(w, ", %d states, in %.1fs\n", t.States, took.Seconds())
}

// Prove decides whether the PEG rule that matches the BNF rule bnfRule alone (peg.File.Entry)
// accepts exactly the language of bnfRule in b, the grammar of the .bnf file: whether the
// minimal DFA of the one (DFA) equals that of the other (conformance.Grammar.MinimalDFA).
func Prove(g *Grammar, b *conformance.Grammar, bnfRule string) Result {
	r := Result{Rule: bnfRule, PEGRule: g.file.Entry(bnfRule)}
	p, err := g.DFA(r.PEGRule, 0)
	if err != nil {
		r.Err = fmt.Errorf("PEG rule %s: %v", r.PEGRule, err)
		return r
	}
	d, err := b.MinimalDFA(bnfRule, 0)
	if err != nil {
		r.Err = err
		return r
	}
	r.PEGStates, r.BNFStates = p.States(), d.States()
	input, differ := Difference(p, d)
	if !differ {
		r.Proven = true
		return r
	}
	r.Input, r.PEGAccepts = input, p.Match(input)
	return r
}

// Difference returns a shortest input on which the PEG rule's DFA p and the BNF rule's DFA d
// disagree, the least such in byte order, or false when they accept the same language.
func Difference(p *DFA, d *conformance.DFA) (string, bool) {
	b := automaton{next: d.Next, accept: d.Accepting}
	for c := 0; c < d.Classes(); c++ {
		for _, x := range d.Class(c) {
			b.class[x] = c
		}
	}
	return difference(p.automaton(), b)
}

// automaton is what difference needs of a DFA: the class of each byte, the state after a
// state reads a byte of a class, which states accept. State 0 is the initial state.
type automaton struct {
	class  [256]int
	next   func(s, c int) int
	accept func(s int) bool
}

func (d *DFA) automaton() automaton {
	a := automaton{
		next:   func(s, c int) int { return int(d.next[s*d.classes+c]) },
		accept: func(s int) bool { return d.accept[s] },
	}
	for b := range a.class {
		a.class[b] = int(d.class[b])
	}
	return a
}

// difference walks the product of two automata breadth first, each step by the least byte of
// each set of bytes that both treat alike, in increasing order, and returns the word to the
// first pair of states of which one accepts and the other does not: a shortest word on which
// they disagree, and the least such in byte order.
func difference(a, b automaton) (string, bool) {
	var steps []byte
	seen := map[[2]int]bool{}
	for x := 0; x < 256; x++ {
		k := [2]int{a.class[x], b.class[x]}
		if !seen[k] {
			seen[k] = true
			steps = append(steps, byte(x))
		}
	}
	type visit struct {
		s, t   int   // the states of a and b
		parent int32 // index in queue, -1 for the start
		by     byte
	}
	queue := []visit{{0, 0, -1, 0}}
	reached := map[[2]int]bool{{0, 0}: true}
	for i := 0; i < len(queue); i++ {
		v := queue[i]
		if a.accept(v.s) != b.accept(v.t) {
			var w []byte
			for j := int32(i); queue[j].parent >= 0; j = queue[j].parent {
				w = append(w, queue[j].by)
			}
			slices.Reverse(w)
			return string(w), true
		}
		for _, x := range steps {
			s, t := a.next(v.s, a.class[x]), b.next(v.t, b.class[x])
			if k := [2]int{s, t}; !reached[k] {
				reached[k] = true
				queue = append(queue, visit{s, t, int32(i), x})
			}
		}
	}
	return "", false
}
