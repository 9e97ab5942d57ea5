package conformance

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

// The minimal DFA of a rule, for the cover suite (cover.go), by Brzozowski's derivatives: a
// rule's right-hand side is a regular expression over bytes whose atoms are byte sets and
// references to rules; the derivative of an expression by a byte is the expression of what may
// follow that byte. Expressions are kept in a normal form (alternations flattened, sorted and
// without duplicates, concatenations nested to the right, ε and ∅ simplified away), so that a
// rule has finitely many distinct derivatives: they are the states, the one that is ∅ is the
// dead state. Moore's partition refinement then merges the states with the same language.
//
// A reference is expanded only when a derivative or the nullability of it is asked for, so a
// rule that refers to itself at its end (the 1993 and 1994 drafts' hostname = ialpha [ "."
// hostname ]) is a loop among derivatives. A rule whose derivatives do not close (a
// self-embedding rule, not regular) exceeds the state bound and is refused.
//
// None of this shares code with the Earley recognizer of this package beyond the reading of the
// .bnf (package bnf), nor with the library's diagnosis automaton.

type exprKind uint8

const (
	eEmpty exprKind = iota // ∅: no string
	eEps                   // ε: the empty string
	eSet                   // one byte of set
	eCat                   // a then b
	eAlt                   // any of alts
	eStar                  // zero or more a
	eRef                   // the rule numbered a
)

type expr struct {
	kind exprKind
	a, b int32
	set  bnf.ByteSet
	alts []int32
}

// exprs interns the expressions of one grammar and memoizes their derivatives.
type exprs struct {
	g        *bnf.Grammar
	list     []expr
	index    map[string]int32
	body     []int32 // per rule: its right-hand side
	nullRule []bool  // per rule: whether it derives ε
	null     []int8  // per expression: 0 unknown, 1 no, 2 yes
	// Bytes that no set of the grammar tells apart share a class; derivatives are per class.
	class   [256]uint8
	classes int
	rep     []byte
	deriv   map[[2]int32]int32
}

const (
	idEmpty int32 = 0
	idEps   int32 = 1
)

func newExprs(g *bnf.Grammar) *exprs {
	x := &exprs{g: g, index: map[string]int32{}, deriv: map[[2]int32]int32{}}
	x.intern(expr{kind: eEmpty})
	x.intern(expr{kind: eEps})
	x.body = make([]int32, len(g.Rules))
	for i, r := range g.Rules {
		x.body[i] = x.alt(x.fromAll(r.Alts)...)
	}
	x.nullability()
	x.byteClasses()
	return x
}

func (x *exprs) key(e expr) string {
	b := make([]byte, 0, 48)
	b = append(b, byte(e.kind))
	b = binary.LittleEndian.AppendUint32(b, uint32(e.a))
	b = binary.LittleEndian.AppendUint32(b, uint32(e.b))
	if e.kind == eSet {
		for _, w := range e.set {
			b = binary.LittleEndian.AppendUint64(b, w)
		}
	}
	for _, s := range e.alts {
		b = binary.LittleEndian.AppendUint32(b, uint32(s))
	}
	return string(b)
}

func (x *exprs) intern(e expr) int32 {
	k := x.key(e)
	if id, ok := x.index[k]; ok {
		return id
	}
	id := int32(len(x.list))
	x.list = append(x.list, e)
	x.null = append(x.null, 0)
	x.index[k] = id
	return id
}

func (x *exprs) set(s bnf.ByteSet) int32 {
	if s.Empty() {
		return idEmpty
	}
	return x.intern(expr{kind: eSet, set: s})
}

// cat is a·b in normal form.
func (x *exprs) cat(a, b int32) int32 {
	switch {
	case a == idEmpty || b == idEmpty:
		return idEmpty
	case a == idEps:
		return b
	case b == idEps:
		return a
	}
	if e := x.list[a]; e.kind == eCat {
		return x.cat(e.a, x.cat(e.b, b))
	}
	return x.intern(expr{kind: eCat, a: a, b: b})
}

// alt is the alternation of subs in normal form.
func (x *exprs) alt(subs ...int32) int32 {
	var out []int32
	var add func(s int32)
	add = func(s int32) {
		switch e := x.list[s]; e.kind {
		case eEmpty:
		case eAlt:
			for _, t := range e.alts {
				add(t)
			}
		default:
			out = append(out, s)
		}
	}
	for _, s := range subs {
		add(s)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	switch len(out) {
	case 0:
		return idEmpty
	case 1:
		return out[0]
	}
	return x.intern(expr{kind: eAlt, alts: out})
}

func (x *exprs) star(a int32) int32 {
	switch {
	case a == idEmpty || a == idEps:
		return idEps
	case x.list[a].kind == eStar:
		return a
	}
	return x.intern(expr{kind: eStar, a: a})
}

func (x *exprs) fromAll(es []*bnf.Expr) []int32 {
	out := make([]int32, len(es))
	for i, e := range es {
		out[i] = x.from(e)
	}
	return out
}

// from is the expression of a node of a rule's right-hand side.
func (x *exprs) from(e *bnf.Expr) int32 {
	switch e.Kind {
	case bnf.Alt:
		return x.alt(x.fromAll(e.Subs)...)
	case bnf.Seq:
		r := idEps
		for i := len(e.Subs) - 1; i >= 0; i-- {
			r = x.cat(x.from(e.Subs[i]), r)
		}
		return r
	case bnf.Opt:
		return x.alt(idEps, x.from(e.Subs[0]))
	case bnf.Rep:
		item := x.from(e.Subs[0])
		r := idEps
		if e.Max < 0 {
			r = x.star(item)
		} else {
			for k := e.Min; k < e.Max; k++ { // up to Max-Min more, each optional
				r = x.alt(idEps, x.cat(item, r))
			}
		}
		for k := 0; k < e.Min; k++ {
			r = x.cat(item, r)
		}
		return r
	case bnf.Ref:
		if e.Ref.Charset {
			return x.set(e.Ref.Set)
		}
		return x.intern(expr{kind: eRef, a: int32(e.Ref.Index)})
	case bnf.Lit, bnf.Bytes:
		r := idEps
		for i := len(e.Text) - 1; i >= 0; i-- {
			var s bnf.ByteSet
			s.Add(e.Text[i])
			if e.Kind == bnf.Lit && x.g.CaseInsensitive {
				s.Add(bnf.SwapCase(e.Text[i]))
			}
			r = x.cat(x.set(s), r)
		}
		return r
	case bnf.Range:
		var s bnf.ByteSet
		s.AddRange(e.Lo, e.Hi)
		return x.set(s)
	}
	panic("conformance: unknown expression kind")
}

// nullability computes which rules derive ε, as a least fixed point (a rule may refer to
// itself).
func (x *exprs) nullability() {
	x.nullRule = make([]bool, len(x.g.Rules))
	var nullable func(id int32) bool
	nullable = func(id int32) bool {
		switch e := x.list[id]; e.kind {
		case eEps, eStar:
			return true
		case eCat:
			return nullable(e.a) && nullable(e.b)
		case eAlt:
			return slices.ContainsFunc(e.alts, nullable)
		case eRef:
			return x.nullRule[e.a]
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for i, b := range x.body {
			if !x.nullRule[i] && nullable(b) {
				x.nullRule[i], changed = true, true
			}
		}
	}
}

func (x *exprs) nullable(id int32) bool {
	if n := x.null[id]; n != 0 {
		return n == 2
	}
	var v bool
	switch e := x.list[id]; e.kind {
	case eEps, eStar:
		v = true
	case eCat:
		v = x.nullable(e.a) && x.nullable(e.b)
	case eAlt:
		v = slices.ContainsFunc(e.alts, x.nullable)
	case eRef:
		v = x.nullRule[e.a]
	}
	x.null[id] = 1
	if v {
		x.null[id] = 2
	}
	return v
}

// byteClasses partitions the bytes by the sets of the grammar that hold them.
func (x *exprs) byteClasses() {
	var sets []bnf.ByteSet
	for _, e := range x.list {
		if e.kind == eSet {
			sets = append(sets, e.set)
		}
	}
	sig := map[string]uint8{}
	for c := 0; c < 256; c++ {
		k := make([]byte, len(sets))
		for i := range sets {
			if sets[i].Has(byte(c)) {
				k[i] = 1
			}
		}
		id, ok := sig[string(k)]
		if !ok {
			id = uint8(len(sig))
			sig[string(k)] = id
			x.rep = append(x.rep, byte(c))
		}
		x.class[c] = id
	}
	x.classes = len(sig)
}

// errNotRegular is the derivative of a rule that refers to itself before reading a byte.
type errNotRegular struct{}

func (errNotRegular) Error() string {
	return "a rule refers to itself before any byte: not a regular language this way"
}

// derive is the derivative of id by the bytes of class c.
func (x *exprs) derive(id int32, c uint8) int32 {
	k := [2]int32{id, int32(c)}
	if d, ok := x.deriv[k]; ok {
		if d == -1 {
			panic(errNotRegular{})
		}
		return d
	}
	x.deriv[k] = -1
	var d int32
	switch e := x.list[id]; e.kind {
	case eEmpty, eEps:
		d = idEmpty
	case eSet:
		d = idEmpty
		if e.set.Has(x.rep[c]) {
			d = idEps
		}
	case eCat:
		d = x.cat(x.derive(e.a, c), e.b)
		if x.nullable(e.a) {
			d = x.alt(d, x.derive(e.b, c))
		}
	case eAlt:
		ds := make([]int32, len(e.alts))
		for i, s := range e.alts {
			ds[i] = x.derive(s, c)
		}
		d = x.alt(ds...)
	case eStar:
		d = x.cat(x.derive(e.a, c), id)
	case eRef:
		d = x.derive(x.body[e.a], c)
	}
	x.deriv[k] = d
	return d
}

// A DFA is the minimal complete deterministic automaton of one rule of a grammar, over byte
// classes: bytes that no state tells apart share a class. State 0 is the initial state; the
// dead state (the one from which nothing is accepted), when the rule has one, is a state too.
type DFA struct {
	Rule    string
	accept  []bool
	next    []int32 // next[s*classes+c]
	classes int
	class   [256]uint8
	members [][]byte // per class, its bytes in increasing order
}

// States is the number of states, the dead state included.
func (d *DFA) States() int { return len(d.accept) }

// Classes is the number of byte classes.
func (d *DFA) Classes() int { return d.classes }

// Class returns the bytes of class c, in increasing order.
func (d *DFA) Class(c int) []byte { return d.members[c] }

// Next is the state after state s reads a byte of class c.
func (d *DFA) Next(s, c int) int { return int(d.next[s*d.classes+c]) }

// Accepting reports whether the input may end in state s.
func (d *DFA) Accepting(s int) bool { return d.accept[s] }

// Run returns the state after reading s from state from.
func (d *DFA) Run(from int, s string) int {
	st := int32(from)
	for i := 0; i < len(s); i++ {
		st = d.next[int(st)*d.classes+int(d.class[s[i]])]
	}
	return int(st)
}

// Match reports whether s is in the rule's language.
func (d *DFA) Match(s string) bool { return d.accept[d.Run(0, s)] }

// MinimalDFA builds the minimal DFA of rule by derivatives, refusing a rule whose derivatives
// exceed maxStates distinct expressions (0: 1 << 16) or that is not regular as written.
func (g *Grammar) MinimalDFA(rule string, maxStates int) (d *DFA, err error) {
	r := g.bnf.Rule(rule)
	if r == nil {
		return nil, fmt.Errorf("conformance: %s has no rule %q", g.bnf.Name, rule)
	}
	if maxStates <= 0 {
		maxStates = 1 << 16
	}
	g.exprsOnce.Do(func() { g.exprs = newExprs(g.bnf) })
	g.exprsMu.Lock()
	defer g.exprsMu.Unlock()
	x := g.exprs
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(errNotRegular)
			if !ok {
				panic(p)
			}
			x.deriv = map[[2]int32]int32{} // drop the derivatives begun
			d, err = nil, fmt.Errorf("conformance: %s %s: %v", g.bnf.Name, rule, e)
		}
	}()
	start := x.body[r.Index]
	if r.Charset {
		start = x.set(r.Set)
	}
	// The derivative automaton, breadth first.
	num := map[int32]int32{start: 0}
	states := []int32{start}
	var next []int32
	for i := 0; i < len(states); i++ {
		for c := 0; c < x.classes; c++ {
			t := x.derive(states[i], uint8(c))
			n, ok := num[t]
			if !ok {
				if len(states) >= maxStates {
					return nil, fmt.Errorf("conformance: %s %s: more than %d states", g.bnf.Name, rule, maxStates)
				}
				n = int32(len(states))
				num[t] = n
				states = append(states, t)
			}
			next = append(next, n)
		}
	}
	accept := make([]bool, len(states))
	for i, t := range states {
		accept[i] = x.nullable(t)
	}
	return minimalDFA(rule, accept, next, x.classes, &x.class), nil
}

// minimalDFA merges the states of a complete DFA that have the same language (Moore's
// algorithm: refine the partition by acceptance until every block's states move, on every
// class, to the same blocks), then merges the byte classes that every state treats alike.
// The result's states are numbered breadth first from the initial state.
func minimalDFA(rule string, accept []bool, next []int32, classes int, class *[256]uint8) *DFA {
	n := len(accept)
	block := make([]int32, n)
	for i, a := range accept {
		if a {
			block[i] = 1
		}
	}
	blocks := 0
	for {
		sig := map[string]int32{}
		nb := make([]int32, n)
		k := make([]byte, 0, 4*(classes+1))
		for s := 0; s < n; s++ {
			k = binary.LittleEndian.AppendUint32(k[:0], uint32(block[s]))
			for c := 0; c < classes; c++ {
				k = binary.LittleEndian.AppendUint32(k, uint32(block[next[s*classes+c]]))
			}
			id, ok := sig[string(k)]
			if !ok {
				id = int32(len(sig))
				sig[string(k)] = id
			}
			nb[s] = id
		}
		block = nb
		if len(sig) == blocks {
			break
		}
		blocks = len(sig)
	}
	// Number the blocks breadth first from the initial state's.
	order := make([]int32, blocks)
	for i := range order {
		order[i] = -1
	}
	rep := make([]int32, 0, blocks) // a state of each block, in the new order
	order[block[0]] = 0
	rep = append(rep, 0)
	for i := 0; i < len(rep); i++ {
		s := rep[i]
		for c := 0; c < classes; c++ {
			t := next[int(s)*classes+c]
			if order[block[t]] < 0 {
				order[block[t]] = int32(len(rep))
				rep = append(rep, t)
			}
		}
	}
	// Merge the classes whose columns are equal.
	colID := map[string]int{}
	merged := make([]int, classes)
	k := make([]byte, 0, 4*len(rep))
	for c := 0; c < classes; c++ {
		k = k[:0]
		for _, s := range rep {
			k = binary.LittleEndian.AppendUint32(k, uint32(order[block[next[int(s)*classes+c]]]))
		}
		id, ok := colID[string(k)]
		if !ok {
			id = len(colID)
			colID[string(k)] = id
		}
		merged[c] = id
	}
	d := &DFA{Rule: rule, classes: len(colID), accept: make([]bool, len(rep))}
	d.next = make([]int32, len(rep)*d.classes)
	d.members = make([][]byte, d.classes)
	for b := 0; b < 256; b++ {
		c := merged[class[b]]
		d.class[b] = uint8(c)
		d.members[c] = append(d.members[c], byte(b))
	}
	for i, s := range rep {
		d.accept[i] = accept[s]
		for c := 0; c < classes; c++ {
			d.next[i*d.classes+merged[c]] = order[block[next[int(s)*classes+c]]]
		}
	}
	return d
}
