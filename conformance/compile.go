package conformance

import (
	"fmt"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"math"
	"strings"
	"sync"
)

// The recognizer works on a plain context-free grammar over bytes, compiled from the BNF:
//
//   - every rule that is not a pure character set is a nonterminal whose productions are its
//     top-level alternatives;
//   - groups, options and repetitions become helper nonterminals owned by the rule they appear in
//     (`*x` is the left-recursive R → ε | R x; `n*m x` is n copies of x followed by a chain of
//     m−n nested options; `[x]` is O → ε | x);
//   - every single-byte choice (a pure character-set rule such as `digit`, a one-character
//     literal, a %x value or range, and any alternation made only of those) is one terminal, a
//     set of bytes with the labels of its parts for diagnostics and coverage;
//   - a quoted string of several characters is a sequence of one-byte terminals, each matching
//     per @case; %x sequences likewise, always case-sensitively.
//
// Nonterminals that derive no string at all are removed with their productions, so that every
// item in an Earley set can still be completed (see Diagnose).

const symEnd = math.MinInt32 // the symbol "after" the last one of a production

// termPart is one labelled part of a terminal: the bytes it matches, how Diagnose names it, and
// what a byte it matches exercises for coverage.
type termPart struct {
	set     bnf.ByteSet
	label   string    // `digit`, `"/"`, `%x30-39`, …
	order   int       // position of the element in the .bnf, to list expectations in file order
	charset *bnf.Rule // non-nil when the part is a character-set rule (coverage recurses into it)
	covRule int32     // -1, or the rule whose alternative covAlt this part is
	covAlt  int32
}

// terminal is a set of bytes made of labelled parts.
type terminal struct {
	set   bnf.ByteSet
	parts []termPart
}

type production struct {
	lhs    int32
	start  int32 // position of its first symbol
	covAlt int32 // global alternative id (see compiled.altBase), or -1
}

type compiled struct {
	g     *Grammar
	terms []terminal

	// nonterminals
	ntName     []string
	ntOwner    []int32 // index of the BNF rule the nonterminal belongs to (for Diagnosis.In)
	ntRule     []int32 // index of the BNF rule the nonterminal IS, or -1 for helpers and starts
	ntProds    [][]int32
	nullable   []bool
	productive []bool
	rightRec   []bool // on a cycle of "ends with" edges (A → … B): Leo items pay off only there

	// Per dotted position: the bytes that can begin what follows the dot, and whether what
	// follows the dot can derive the empty string (for predictions filtered by the next byte).
	firstAt []bnf.ByteSet
	nullAt  []bool

	// dotted positions: production p occupies positions start..start+len(rhs); the position
	// of its end holds symEnd.
	sym    []int32 // symbol after the dot: ≥0 nonterminal, <0 terminal −1−t, or symEnd
	lhs    []int32 // the production's nonterminal, per position
	prodOf []int32 // the production, per position
	prods  []production

	ruleNT  []int32          // per rule: its nonterminal, or -1 for a character-set rule
	startNT map[string]int32 // per rule name: the augmented start S' → rule

	// coverage numbering: alternative i of rule r has id altBase[r]+i
	altBase  []int32
	altRule  []int32 // per alt id: its rule
	nAlts    int
	setParts [][][]termPart // per character-set rule, per alternative: its parts

	pool sync.Pool // *run
}

func (c *compiled) newNT(name string, owner, isRule int32) int32 {
	c.ntName = append(c.ntName, name)
	c.ntOwner = append(c.ntOwner, owner)
	c.ntRule = append(c.ntRule, isRule)
	c.ntProds = append(c.ntProds, nil)
	return int32(len(c.ntName) - 1)
}

func (c *compiled) addProd(nt int32, rhs []int32, covAlt int32) {
	p := int32(len(c.prods))
	start := int32(len(c.sym))
	for _, s := range append(rhs, symEnd) {
		c.sym = append(c.sym, s)
		c.lhs = append(c.lhs, nt)
		c.prodOf = append(c.prodOf, p)
	}
	c.prods = append(c.prods, production{lhs: nt, start: start, covAlt: covAlt})
}

func (c *compiled) newTerm(parts []termPart) int32 {
	t := terminal{parts: parts}
	for i := range parts {
		t.set.Union(&parts[i].set)
	}
	c.terms = append(c.terms, t)
	return -1 - int32(len(c.terms)-1)
}

func order(e *bnf.Expr) int { return e.Line<<12 | e.Col&0xfff }

func compile(g *Grammar) *compiled {
	c := &compiled{g: g, startNT: map[string]int32{}}
	c.ruleNT = make([]int32, len(g.rules))
	c.altBase = make([]int32, len(g.rules))
	c.setParts = make([][][]termPart, len(g.rules))
	for i, r := range g.rules {
		c.altBase[i] = int32(c.nAlts)
		for range r.Alts {
			c.altRule = append(c.altRule, int32(i))
		}
		c.nAlts += len(r.Alts)
		c.ruleNT[i] = -1
		if !r.Charset {
			c.ruleNT[i] = c.newNT(r.Name, int32(i), int32(i))
		}
	}
	for i, r := range g.rules {
		if r.Charset {
			c.setParts[i] = make([][]termPart, len(r.Alts))
			for k, a := range r.Alts {
				parts, _ := c.charParts(a, int32(i), int32(k))
				c.setParts[i][k] = parts
			}
			continue
		}
		c.alternatives(c.ruleNT[i], int32(i), r.Alts, c.altBase[i])
	}
	for i, r := range g.rules {
		s := c.newNT(r.Name+"'", int32(i), -1)
		c.addProd(s, []int32{c.ruleSym(r, nil)}, -1)
		c.startNT[r.Name] = s
	}
	c.analyse()
	return c
}

// ruleSym is the symbol that stands for a reference to r (at e, when given).
func (c *compiled) ruleSym(r *bnf.Rule, e *bnf.Expr) int32 {
	if r.Charset {
		p := termPart{set: r.Set, label: r.Name, charset: r, covRule: -1, covAlt: -1}
		if e != nil {
			p.order = order(e)
		}
		return c.newTerm([]termPart{p})
	}
	return c.ruleNT[r.Index]
}

// charParts returns the terminal parts of e when every string of e is one byte.
func (c *compiled) charParts(e *bnf.Expr, covRule, covAlt int32) ([]termPart, bool) {
	p := termPart{order: order(e), label: e.Src, covRule: covRule, covAlt: covAlt}
	switch e.Kind {
	case bnf.Lit:
		if len(e.Text) != 1 {
			return nil, false
		}
		p.set.Add(e.Text[0])
		if c.g.bnf.CaseInsensitive {
			p.set.Add(bnf.SwapCase(e.Text[0]))
		}
	case bnf.Bytes:
		if len(e.Text) != 1 {
			return nil, false
		}
		p.set.Add(e.Text[0])
	case bnf.Range:
		p.set.AddRange(e.Lo, e.Hi)
	case bnf.Ref:
		if !e.Ref.Charset {
			return nil, false
		}
		p.set, p.charset = e.Ref.Set, e.Ref
	case bnf.Alt:
		var out []termPart
		for _, s := range e.Subs {
			ps, ok := c.charParts(s, covRule, covAlt)
			if !ok {
				return nil, false
			}
			out = append(out, ps...)
		}
		return out, true
	default:
		return nil, false
	}
	return []termPart{p}, true
}

// alternatives adds the productions of nt for alts. Alternatives that are single bytes are
// merged into one terminal; covBase ≥ 0 numbers top-level rule alternatives for coverage.
func (c *compiled) alternatives(nt, owner int32, alts []*bnf.Expr, covBase int32) {
	var parts []termPart
	for i, a := range alts {
		covRule, covAlt := int32(-1), int32(-1)
		if covBase >= 0 {
			covRule, covAlt = owner, int32(i)
		}
		if ps, ok := c.charParts(a, covRule, covAlt); ok {
			parts = append(parts, ps...)
			continue
		}
		alt := int32(-1)
		if covBase >= 0 {
			alt = covBase + int32(i)
		}
		c.addProd(nt, c.seq(a, owner), alt)
	}
	if parts != nil {
		c.addProd(nt, []int32{c.newTerm(parts)}, -1)
	}
}

// seq returns the symbols that match e, creating helper nonterminals owned by rule owner.
func (c *compiled) seq(e *bnf.Expr, owner int32) []int32 {
	oname := c.g.rules[owner].Name
	switch e.Kind {
	case bnf.Seq:
		var out []int32
		for _, s := range e.Subs {
			out = append(out, c.seq(s, owner)...)
		}
		return out
	case bnf.Lit, bnf.Bytes:
		out := make([]int32, len(e.Text))
		for k := 0; k < len(e.Text); k++ {
			p := termPart{order: order(e), covRule: -1, covAlt: -1}
			p.set.Add(e.Text[k])
			if e.Kind == bnf.Lit && c.g.bnf.CaseInsensitive {
				p.set.Add(bnf.SwapCase(e.Text[k]))
			}
			switch {
			case k == 0:
				p.label = e.Src
			case e.Kind == bnf.Lit:
				p.label = `"` + e.Text[k:] + `"`
			default:
				var b strings.Builder
				b.WriteString("%x")
				for j := k; j < len(e.Text); j++ {
					if j > k {
						b.WriteByte('.')
					}
					fmt.Fprintf(&b, "%02X", e.Text[j])
				}
				p.label = b.String()
			}
			out[k] = c.newTerm([]termPart{p})
		}
		return out
	case bnf.Range:
		ps, _ := c.charParts(e, -1, -1)
		return []int32{c.newTerm(ps)}
	case bnf.Ref:
		return []int32{c.ruleSym(e.Ref, e)}
	case bnf.Alt:
		if ps, ok := c.charParts(e, -1, -1); ok {
			return []int32{c.newTerm(ps)}
		}
		h := c.newNT(fmt.Sprintf("%s·group%d:%d", oname, e.Line, e.Col), owner, -1)
		c.alternatives(h, owner, e.Subs, -1)
		return []int32{h}
	case bnf.Opt:
		h := c.newNT(fmt.Sprintf("%s·option%d:%d", oname, e.Line, e.Col), owner, -1)
		c.addProd(h, nil, -1)
		c.addProd(h, c.seq(e.Subs[0], owner), -1)
		return []int32{h}
	case bnf.Rep:
		inner, lo, hi := e.Subs[0], e.Min, e.Max
		if inner.Kind == bnf.Opt && hi != 0 {
			// n*m[ x ] is 0*m x: each of the repeated options may be empty.
			inner, lo = inner.Subs[0], 0
		}
		if hi == 0 {
			return nil
		}
		x := c.unit(inner, owner, fmt.Sprintf("%s·item%d:%d", oname, e.Line, e.Col))
		var out []int32
		for k := 0; k < lo; k++ {
			out = append(out, x)
		}
		if hi < 0 {
			r := c.newNT(fmt.Sprintf("%s·star%d:%d", oname, e.Line, e.Col), owner, -1)
			c.addProd(r, nil, -1)
			c.addProd(r, []int32{r, x}, -1)
			return append(out, r)
		}
		// up to hi-lo more: O1 → ε | x ; Ok → ε | x Ok-1
		var prev int32 = -1
		for k := 1; k <= hi-lo; k++ {
			o := c.newNT(fmt.Sprintf("%s·upto%d:%d:%d", oname, e.Line, e.Col, k), owner, -1)
			c.addProd(o, nil, -1)
			if prev < 0 {
				c.addProd(o, []int32{x}, -1)
			} else {
				c.addProd(o, []int32{x, prev}, -1)
			}
			prev = o
		}
		if prev >= 0 {
			out = append(out, prev)
		}
		return out
	}
	panic("conformance: unknown expression kind")
}

// unit returns one symbol matching e (a helper nonterminal when e needs several).
func (c *compiled) unit(e *bnf.Expr, owner int32, name string) int32 {
	s := c.seq(e, owner)
	if len(s) == 1 {
		return s[0]
	}
	h := c.newNT(name, owner, -1)
	c.addProd(h, s, -1)
	return h
}

// analyse computes nullable and productive nonterminals and drops the productions that use an
// unproductive one, so that every item the recognizer creates can still be completed.
func (c *compiled) analyse() {
	n := len(c.ntName)
	c.nullable = make([]bool, n)
	c.productive = make([]bool, n)
	rhs := func(p production) []int32 {
		end := p.start
		for c.sym[end] != symEnd {
			end++
		}
		return c.sym[p.start:end]
	}
	for changed := true; changed; {
		changed = false
		for _, p := range c.prods {
			nul, prod := true, true
			for _, s := range rhs(p) {
				if s < 0 {
					nul = false
					if c.terms[-1-s].set.Empty() {
						prod = false
					}
				} else {
					nul = nul && c.nullable[s]
					prod = prod && c.productive[s]
				}
			}
			if nul && !c.nullable[p.lhs] {
				c.nullable[p.lhs], changed = true, true
			}
			if prod && !c.productive[p.lhs] {
				c.productive[p.lhs], changed = true, true
			}
		}
	}
	c.rightRecursion()
	c.firstSets()
	for i, p := range c.prods {
		ok := true
		for _, s := range rhs(p) {
			if s >= 0 && !c.productive[s] || s < 0 && c.terms[-1-s].set.Empty() {
				ok = false
			}
		}
		if ok {
			c.ntProds[p.lhs] = append(c.ntProds[p.lhs], c.prods[i].start)
		}
	}
}

// rightRecursion marks the nonterminals B on a cycle of the relation "some production of A
// ends with B" (A → α B): only completions of those can climb the long deterministic chains
// that Leo items shortcut.
func (c *compiled) rightRecursion() {
	n := len(c.ntName)
	last := make([][]int32, n) // B → the A with a production ending in B
	for _, p := range c.prods {
		end := p.start
		for c.sym[end] != symEnd {
			end++
		}
		if end > p.start && c.sym[end-1] >= 0 {
			b := c.sym[end-1]
			last[b] = append(last[b], p.lhs)
		}
	}
	c.rightRec = make([]bool, n)
	for b := 0; b < n; b++ {
		// is b reachable from itself along last-edges?
		seen := make([]bool, n)
		stack := append([]int32(nil), last[b]...)
		for len(stack) > 0 {
			a := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if int(a) == b {
				c.rightRec[b] = true
				break
			}
			if !seen[a] {
				seen[a] = true
				stack = append(stack, last[a]...)
			}
		}
	}
}

// firstSets computes, for every dotted position, the first bytes and the nullability of what
// follows the dot.
func (c *compiled) firstSets() {
	first := make([]bnf.ByteSet, len(c.ntName))
	// firstOf adds to *out the first bytes of the symbols from position pos, and reports
	// whether they can all derive the empty string.
	firstOf := func(pos int32, out *bnf.ByteSet) bool {
		for ; c.sym[pos] != symEnd; pos++ {
			s := c.sym[pos]
			if s < 0 {
				out.Union(&c.terms[-1-s].set)
				return false
			}
			out.Union(&first[s])
			if !c.nullable[s] {
				return false
			}
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, p := range c.prods {
			f := first[p.lhs]
			firstOf(p.start, &f)
			if f != first[p.lhs] {
				first[p.lhs], changed = f, true
			}
		}
	}
	c.firstAt = make([]bnf.ByteSet, len(c.sym))
	c.nullAt = make([]bool, len(c.sym))
	for pos := range c.sym {
		c.nullAt[pos] = firstOf(int32(pos), &c.firstAt[pos])
	}
}
