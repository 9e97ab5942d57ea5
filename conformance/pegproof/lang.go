package pegproof

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// This file holds the construction (see the package documentation): the PEG expressions as
// nodes, and the languages L(e, K) as terms with their derivatives.

// nodeKind says what a node is: the core of PEG, to which every form of package peg's Expr
// comes down.
type nodeKind uint8

const (
	nEps    nodeKind = iota // matches the empty string
	nSet                    // one byte of set
	nSeq                    // a then b
	nChoice                 // a, or if a fails, b
	nStar                   // a as often as it matches, never giving back
	nNot                    // a fails here; nothing consumed
	nAnd                    // a matches here; nothing consumed
	nRef                    // the rule numbered a
)

// A node is one PEG expression; nodes are interned, so one expression is one number.
type node struct {
	kind nodeKind
	a, b int32
	set  bnf.ByteSet
	expr *peg.Expr // where it was read, for messages (of the first expression with this node)
}

// termKind says what a term is: a regular language over bytes, written as a Boolean
// combination of the languages L(e, K).
type termKind uint8

const (
	tEmpty termKind = iota // no string
	tAll                   // every string
	tEps                   // the empty string alone
	tOr                    // the union of subs
	tAnd                   // the intersection of subs
	tNot                   // the complement of a
	tCont                  // L(node a, term b): the inputs on which a succeeds and leaves a rest in b
)

type term struct {
	kind termKind
	a, b int32
	subs []int32 // tOr, tAnd: sorted, distinct, two or more
}

const (
	empty int32 = 0
	all   int32 = 1
	eps   int32 = 2
)

// lang holds the nodes and terms of one grammar, and the derivatives computed so far.
type lang struct {
	nodes    []node
	nodeID   map[string]int32
	rules    []string       // rule names by number
	ruleNum  map[string]int // rule name -> number
	body     []int32        // rule number -> the node of its expression
	mayEmpty []bool         // per node: it can succeed consuming nothing (a static upper bound)
	succeeds []bool         // per node: it succeeds on every input (a static lower bound)

	terms    []term
	termID   map[string]int32
	nullable []int8    // per term: 0 unknown, 1 no, 2 yes, 3 being computed
	deriv    [][]int32 // per term, per byte class: the derivative, or -1 not yet, -2 being computed
	// maxTerms, when not 0, is the number of terms beyond which the construction stops, which
	// began with baseTerms.
	maxTerms, baseTerms int

	classes int
	class   [256]uint8 // byte -> class
	rep     []byte     // class -> its least byte
}

// errBeyond is raised (as a panic, recovered by DFA) when the construction cannot go on: a
// derivative or a nullability needs itself (a left recursion, or a repetition of what can match
// the empty string, which a PEG parser does not get out of either; checkRule refuses both
// before), or the terms outgrow their bound.
type errBeyond struct{ reason string }

func (e errBeyond) Error() string { return e.reason }

func newLang(f *peg.File) (*lang, error) {
	x := &lang{nodeID: map[string]int32{}, ruleNum: map[string]int{}, termID: map[string]int32{}}
	for i, r := range f.Rules {
		x.rules = append(x.rules, r.Name)
		x.ruleNum[r.Name] = i
	}
	x.body = make([]int32, len(f.Rules))
	for i, r := range f.Rules {
		n, err := x.compile(r.Expr)
		if err != nil {
			return nil, fmt.Errorf("rule %s: %v", r.Name, err)
		}
		x.body[i] = n
	}
	x.staticChecks()
	x.byteClasses()
	x.internTerm(term{kind: tEmpty})
	x.internTerm(term{kind: tAll})
	x.internTerm(term{kind: tEps})
	return x, nil
}

func (x *lang) internNode(n node) int32 {
	k := make([]byte, 0, 48)
	k = append(k, byte(n.kind))
	k = binary.LittleEndian.AppendUint32(k, uint32(n.a))
	k = binary.LittleEndian.AppendUint32(k, uint32(n.b))
	if n.kind == nSet {
		for _, w := range n.set {
			k = binary.LittleEndian.AppendUint64(k, w)
		}
	}
	if id, ok := x.nodeID[string(k)]; ok {
		return id
	}
	id := int32(len(x.nodes))
	x.nodes = append(x.nodes, n)
	x.nodeID[string(k)] = id
	return id
}

// compile turns an expression of package peg into nodes: e? is e / (), e+ is e e*, a literal
// is a sequence of one-byte sets (each letter of a "…" literal in both cases), "." the set of
// every byte, and a choice or sequence of several is nested to the right.
func (x *lang) compile(e *peg.Expr) (int32, error) {
	mk := func(kind nodeKind, a, b int32) int32 { return x.internNode(node{kind: kind, a: a, b: b, expr: e}) }
	list := func(kind nodeKind) (int32, error) {
		var n int32 = -1
		for i := len(e.Subs) - 1; i >= 0; i-- {
			s, err := x.compile(e.Subs[i])
			if err != nil {
				return 0, err
			}
			if n < 0 {
				n = s
			} else {
				n = mk(kind, s, n)
			}
		}
		if n < 0 {
			return mk(nEps, 0, 0), nil
		}
		return n, nil
	}
	sub := func() (int32, error) { return x.compile(e.Subs[0]) }
	switch e.Kind {
	case peg.Choice:
		return list(nChoice)
	case peg.Seq:
		return list(nSeq)
	case peg.Opt, peg.Star, peg.Plus, peg.And, peg.Not:
		a, err := sub()
		if err != nil {
			return 0, err
		}
		switch e.Kind {
		case peg.Opt:
			return mk(nChoice, a, mk(nEps, 0, 0)), nil
		case peg.Star:
			return mk(nStar, a, 0), nil
		case peg.Plus:
			return mk(nSeq, a, mk(nStar, a, 0)), nil
		case peg.And:
			return mk(nAnd, a, 0), nil
		}
		return mk(nNot, a, 0), nil
	case peg.Ref:
		r, ok := x.ruleNum[e.Name]
		if !ok {
			return 0, fmt.Errorf("line %d: rule %s is not defined", e.Line, e.Name)
		}
		return mk(nRef, int32(r), 0), nil
	case peg.Lit:
		n := mk(nEps, 0, 0)
		for i := len(e.Text) - 1; i >= 0; i-- {
			var s bnf.ByteSet
			s.Add(e.Text[i])
			if e.Fold {
				s.Add(bnf.SwapCase(e.Text[i]))
			}
			c := x.internNode(node{kind: nSet, set: s, expr: e})
			if i == len(e.Text)-1 {
				n = c
			} else {
				n = mk(nSeq, c, n)
			}
		}
		return n, nil
	case peg.Class:
		return x.internNode(node{kind: nSet, set: e.Set, expr: e}), nil
	case peg.Dot:
		var s bnf.ByteSet
		s.AddRange(0, 255)
		return x.internNode(node{kind: nSet, set: s, expr: e}), nil
	case peg.Empty:
		return mk(nEps, 0, 0), nil
	}
	return 0, fmt.Errorf("line %d: unknown expression kind %d", e.Line, e.Kind)
}

// staticChecks computes, per node, whether it can succeed consuming nothing (an upper bound:
// each lookahead is taken to succeed), and whether it succeeds on every input (a lower bound:
// the empty string, a repetition, and what is made of them).
func (x *lang) staticChecks() {
	x.mayEmpty = make([]bool, len(x.nodes))
	for changed := true; changed; {
		changed = false
		for i, n := range x.nodes {
			var v bool
			switch n.kind {
			case nEps, nStar, nNot, nAnd:
				v = true
			case nSet:
				v = false
			case nSeq:
				v = x.mayEmpty[n.a] && x.mayEmpty[n.b]
			case nChoice:
				v = x.mayEmpty[n.a] || x.mayEmpty[n.b]
			case nRef:
				v = x.mayEmpty[x.body[n.a]]
			}
			if v && !x.mayEmpty[i] {
				x.mayEmpty[i], changed = true, true
			}
		}
	}
	// A greatest fixed point would take a rule that calls itself to succeed; the least one
	// assumes nothing of a rule until its body shows it.
	x.succeeds = make([]bool, len(x.nodes))
	for changed := true; changed; {
		changed = false
		for i, n := range x.nodes {
			var v bool
			switch n.kind {
			case nEps, nStar:
				v = true
			case nSeq:
				v = x.succeeds[n.a] && x.succeeds[n.b]
			case nChoice:
				v = x.succeeds[n.a] || x.succeeds[n.b]
			case nAnd:
				v = x.succeeds[n.a]
			case nRef:
				v = x.succeeds[x.body[n.a]]
			}
			if v && !x.succeeds[i] {
				x.succeeds[i], changed = true, true
			}
		}
	}
}

// byteClasses splits the bytes into classes that no set of the grammar tells apart: the
// derivatives by two bytes of one class are the same.
func (x *lang) byteClasses() {
	sig := map[string]uint8{}
	var sets []bnf.ByteSet
	seen := map[bnf.ByteSet]bool{}
	for _, n := range x.nodes {
		if n.kind == nSet && !seen[n.set] {
			seen[n.set] = true
			sets = append(sets, n.set)
		}
	}
	k := make([]byte, len(sets))
	for b := 0; b < 256; b++ {
		for i := range sets {
			k[i] = 0
			if sets[i].Has(byte(b)) {
				k[i] = 1
			}
		}
		c, ok := sig[string(k)]
		if !ok {
			c = uint8(len(sig))
			sig[string(k)] = c
			x.rep = append(x.rep, byte(b))
		}
		x.class[b] = c
	}
	x.classes = len(sig)
}

func (x *lang) internTerm(t term) int32 {
	k := make([]byte, 0, 9+4*len(t.subs))
	k = append(k, byte(t.kind))
	k = binary.LittleEndian.AppendUint32(k, uint32(t.a))
	k = binary.LittleEndian.AppendUint32(k, uint32(t.b))
	for _, s := range t.subs {
		k = binary.LittleEndian.AppendUint32(k, uint32(s))
	}
	if id, ok := x.termID[string(k)]; ok {
		return id
	}
	id := int32(len(x.terms))
	if x.maxTerms > 0 && len(x.terms) >= x.maxTerms {
		panic(errBeyond{fmt.Sprintf("more than %d terms: the rule's language is not regular, or its derivatives do not fold", x.maxTerms-x.baseTerms)})
	}
	x.terms = append(x.terms, t)
	x.termID[string(k)] = id
	x.nullable = append(x.nullable, 0)
	x.deriv = append(x.deriv, nil)
	return id
}

// not is the complement of a.
func (x *lang) not(a int32) int32 {
	switch t := x.terms[a]; {
	case a == empty:
		return all
	case a == all:
		return empty
	case t.kind == tNot:
		return t.a
	}
	return x.internTerm(term{kind: tNot, a: a})
}

// or is the union of ts, and and their intersection, each in a normal form: nested unions
// (intersections) flattened, the parts sorted and distinct, the identity left out, the
// absorbing element absorbing, a part with its complement absorbing.
func (x *lang) or(ts ...int32) int32  { return x.combine(tOr, ts) }
func (x *lang) and(ts ...int32) int32 { return x.combine(tAnd, ts) }

func (x *lang) combine(kind termKind, ts []int32) int32 {
	identity, absorbing := empty, all
	if kind == tAnd {
		identity, absorbing = all, empty
	}
	var parts []int32
	for _, t := range ts {
		switch {
		case t == absorbing:
			return absorbing
		case t == identity:
		case x.terms[t].kind == kind:
			parts = append(parts, x.terms[t].subs...)
		default:
			parts = append(parts, t)
		}
	}
	slices.Sort(parts)
	parts = slices.Compact(parts)
	for _, p := range parts {
		if x.terms[p].kind == tNot {
			if _, found := slices.BinarySearch(parts, x.terms[p].a); found {
				return absorbing
			}
		}
	}
	if kind == tAnd {
		// {ε} ∩ X is {ε} when X holds ε, else nothing.
		if _, found := slices.BinarySearch(parts, eps); found {
			for _, p := range parts {
				if !x.isNullable(p) {
					return empty
				}
			}
			return eps
		}
	}
	switch len(parts) {
	case 0:
		return identity
	case 1:
		return parts[0]
	}
	return x.internTerm(term{kind: kind, subs: parts})
}

// cont is the term of L(n, k): the inputs on which node n succeeds, consuming a prefix, and
// leaves a rest in the language of k. Sequences, lookaheads and the empty string are
// expanded at once; a set, a choice, a repetition and a rule stay one term until derived.
func (x *lang) cont(n, k int32) int32 {
	if k == empty {
		return empty
	}
	if k == all && x.succeeds[n] {
		return all
	}
	switch nd := x.nodes[n]; nd.kind {
	case nEps:
		return k
	case nSeq:
		return x.cont(nd.a, x.cont(nd.b, k))
	case nNot:
		return x.and(x.not(x.cont(nd.a, all)), k)
	case nAnd:
		return x.and(x.cont(nd.a, all), k)
	}
	return x.internTerm(term{kind: tCont, a: n, b: k})
}

// isNullable reports whether the empty string is in the language of term t.
func (x *lang) isNullable(t int32) bool {
	switch x.nullable[t] {
	case 1:
		return false
	case 2:
		return true
	case 3:
		panic(errBeyond{"whether a rule matches the empty input depends on itself: a left recursion"})
	}
	x.nullable[t] = 3
	var v bool
	switch tm := x.terms[t]; tm.kind {
	case tEmpty:
		v = false
	case tAll, tEps:
		v = true
	case tOr:
		v = slices.ContainsFunc(tm.subs, x.isNullable)
	case tAnd:
		v = !slices.ContainsFunc(tm.subs, func(s int32) bool { return !x.isNullable(s) })
	case tNot:
		v = !x.isNullable(tm.a)
	case tCont:
		v = x.isNullable(x.onEmpty(tm.a, tm.b))
	}
	x.nullable[t] = 1
	if v {
		x.nullable[t] = 2
	}
	return v
}

// onEmpty rewrites L(n, k) for the empty input: the term that holds ε exactly when n succeeds
// on the empty input and k holds ε.
func (x *lang) onEmpty(n, k int32) int32 {
	switch nd := x.nodes[n]; nd.kind {
	case nSet:
		return empty
	case nChoice:
		return x.or(x.cont(nd.a, k), x.and(x.not(x.cont(nd.a, all)), x.cont(nd.b, k)))
	case nStar:
		// The body fails on the empty input (a body that can match nothing is refused before),
		// so the repetition matches nothing.
		return k
	case nRef:
		return x.cont(x.body[nd.a], k)
	}
	return x.cont(n, k) // expanded by cont
}

// derive returns the derivative of term t by the bytes of class c: the term of the strings
// w such that b·w is in t's language, for b in the class.
func (x *lang) derive(t int32, c int) int32 {
	d := x.deriv[t]
	if d == nil {
		d = make([]int32, x.classes)
		for i := range d {
			d[i] = -1
		}
		x.deriv[t] = d
	}
	switch d[c] {
	case -1:
	case -2:
		panic(errBeyond{"a derivative needs itself: a left recursion, or a repetition of what can match the empty string"})
	default:
		return d[c]
	}
	d[c] = -2
	var r int32
	switch tm := x.terms[t]; tm.kind {
	case tEmpty, tEps:
		r = empty
	case tAll:
		r = all
	case tOr, tAnd:
		ds := make([]int32, len(tm.subs))
		for i, s := range tm.subs {
			ds[i] = x.derive(s, c)
		}
		r = x.combine(tm.kind, ds)
	case tNot:
		r = x.not(x.derive(tm.a, c))
	case tCont:
		r = x.deriveCont(tm.a, tm.b, c)
	}
	x.deriv[t][c] = r
	return r
}

// deriveCont is the derivative of L(n, k) by class c.
func (x *lang) deriveCont(n, k int32, c int) int32 {
	nd := x.nodes[n]
	switch nd.kind {
	case nSet:
		if nd.set.Has(x.rep[c]) {
			return k
		}
		return empty
	case nChoice:
		// a / b: a's outcome, or, where a fails, b's.
		return x.or(x.derive(x.cont(nd.a, k), c),
			x.and(x.not(x.derive(x.cont(nd.a, all), c)), x.derive(x.cont(nd.b, k), c)))
	case nStar:
		// a*: a then a* again, or, where a fails, the end of the repetition.
		if x.mayEmpty[nd.a] {
			panic(errBeyond{fmt.Sprintf("line %d: a repetition of what can match the empty string, %s", nd.expr.Line, nd.expr)})
		}
		return x.or(x.derive(x.cont(nd.a, x.cont(n, k)), c),
			x.and(x.not(x.derive(x.cont(nd.a, all), c)), x.derive(k, c)))
	case nRef:
		return x.derive(x.cont(x.body[nd.a], k), c)
	}
	return x.derive(x.cont(n, k), c) // expanded by cont
}
