package diagnosis

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

// The automaton is compiled in two steps. First the start rule is written out as one
// nondeterministic automaton over bytes (a Thompson construction): each rule reference is
// expanded in place as an instance of that rule, so every node knows the rule instances that
// enclose it. A reference to a rule from inside its own expansion is allowed only in tail
// position (nothing of that rule follows the reference): `hostname = ialpha [ "." hostname ]`
// is a loop back to the instance's entry. Any other such reference is self-embedding, which no
// finite automaton can follow, and Compile refuses it. Then the terminal nodes that can reach
// the end are numbered as positions, and for each position the positions that may follow it
// are computed once; the deterministic states over sets of positions are built lazily (run.go).

// node is one node of the nondeterministic automaton: a terminal that reads one byte of set
// and goes on to next, or a node that goes on without reading to each node of eps.
type node struct {
	term bool
	exit bool  // !term: the exit node of an instance (eps holds its one continuation)
	set  int32 // term: index in sets of the bytes it reads
	next int32 // term: the node after the byte is read
	eps0 int32 // !term: the nodes reached without reading are edges[eps0:eps0+neps]
	neps int32
	inst int32 // the rule instance the node belongs to
	lab  int32 // term: index in Automaton.labels
}

// instance is one expansion of a rule in the automaton.
type instance struct {
	rule   string
	parent int32 // -1 for the start rule's instance
	depth  int32
	entry  int32 // the node the instance begins with
	exit   int32 // its exit node
}

// label is how Expected names a terminal: as the .bnf writes it, with the element's place in
// the file, so that expectations are listed in the order the grammar mentions them.
type label struct {
	text  string
	order int
}

type builder struct {
	nodes []node
	edges []int32       // the nodes' edges that read nothing, each node's run in one place
	sets  []bnf.ByteSet // the byte sets of the terminal nodes (node.set)
	// byteSet and refSet number the sets already in sets: of one byte of a literal (as a %x
	// value, and as a case-insensitive string), and of a character-set rule.
	byteSet [2][256]int32 // the set's index + 1
	refSet  map[*bnf.Rule]int32
	insts   []instance
	labels  []label
	labIdx  map[label]int32
	active  map[*bnf.Rule]int32 // rules being expanded, to their instance
	ci      bool
	err     error
}

// maxNodes bounds the expanded automaton. The eight grammars of this project need at most a
// few tens of thousands; a grammar past this bound is refused rather than compiled slowly.
const maxNodes = 1 << 20

// The node numbered acceptNode is the end: reaching it means the input may end there.
const acceptNode = 0

func (b *builder) add(n node) int32 {
	if len(b.nodes) >= maxNodes && b.err == nil {
		b.err = fmt.Errorf("the expanded automaton exceeds %d nodes", maxNodes)
	}
	b.nodes = appendDoubling(b.nodes, n)
	return int32(len(b.nodes) - 1)
}

// eps returns the nodes that n goes on to without reading.
func (a *nfa) eps(n *node) []int32 { return a.edges[n.eps0 : n.eps0+n.neps] }

// appendDoubling is append that doubles a full slice: append grows a large slice by a quarter
// at a time, which copies the thousands of nodes of an automaton several times over.
func appendDoubling[T any](s []T, x T) []T {
	if len(s) == cap(s) {
		t := make([]T, len(s), max(2*cap(s), 256))
		copy(t, s)
		s = t
	}
	return append(s, x)
}

func (b *builder) label(text string, order int) int32 {
	l := label{text, order}
	if i, ok := b.labIdx[l]; ok {
		return i
	}
	b.labels = append(b.labels, l)
	b.labIdx[l] = int32(len(b.labels) - 1)
	return int32(len(b.labels) - 1)
}

// order is an element's place in the .bnf, as a number that sorts like (line, column).
func order(e *bnf.Expr) int { return e.Line<<12 | e.Col&0xfff }

// term adds a terminal node for the set numbered set, labelled text at order, followed by next.
func (b *builder) term(set int32, text string, ord int, next, inst int32) int32 {
	return b.add(node{term: true, set: set, next: next, inst: inst, lab: b.label(text, ord)})
}

// newSet adds set to sets and returns its number.
func (b *builder) newSet(set bnf.ByteSet) int32 {
	b.sets = appendDoubling(b.sets, set)
	return int32(len(b.sets) - 1)
}

// litSet returns the number of the set that matches byte c of a literal: c alone, or with its
// other case in a case-insensitive string. A grammar's literals share a few dozen of them.
func (b *builder) litSet(c byte, str bool) int32 {
	ci := 0
	if str && b.ci {
		ci = 1
	}
	if n := b.byteSet[ci][c]; n > 0 {
		return n - 1
	}
	var set bnf.ByteSet
	set.Add(c)
	if ci == 1 {
		set.Add(bnf.SwapCase(c))
	}
	n := b.newSet(set)
	b.byteSet[ci][c] = n + 1
	return n
}

// ruleSet returns the number of the set of the character-set rule r.
func (b *builder) ruleSet(r *bnf.Rule) int32 {
	if n, ok := b.refSet[r]; ok {
		return n
	}
	n := b.newSet(r.Set)
	b.refSet[r] = n
	return n
}

// fork adds a node that goes on to each of to without reading.
func (b *builder) fork(inst int32, to ...int32) int32 {
	n := b.add(node{inst: inst})
	b.setEps(n, to...)
	return n
}

// setEps makes the nodes that node n goes on to without reading the nodes of to.
func (b *builder) setEps(n int32, to ...int32) {
	b.nodes[n].eps0, b.nodes[n].neps = int32(len(b.edges)), int32(len(to))
	for _, t := range to {
		b.edges = appendDoubling(b.edges, t)
	}
}

// expr adds the nodes that match e inside instance inst and go on to next, and returns the
// node they begin with. Nodes are made from the end backwards, so that each element knows
// what follows it: that is what tells a tail reference from a self-embedding one.
func (b *builder) expr(e *bnf.Expr, next, inst int32) int32 {
	if b.err != nil {
		return next
	}
	switch e.Kind {
	case bnf.Seq:
		for i := len(e.Subs) - 1; i >= 0; i-- {
			next = b.expr(e.Subs[i], next, inst)
		}
		return next
	case bnf.Alt:
		to := make([]int32, len(e.Subs))
		for i, s := range e.Subs {
			to[i] = b.expr(s, next, inst)
		}
		return b.fork(inst, to...)
	case bnf.Opt:
		return b.fork(inst, b.expr(e.Subs[0], next, inst), next)
	case bnf.Rep:
		inner, lo, hi := e.Subs[0], e.Min, e.Max
		if inner.Kind == bnf.Opt && hi != 0 {
			inner, lo = inner.Subs[0], 0 // n*m[ x ] is 0*m x
		}
		if hi == 0 {
			return next
		}
		cur := next
		if hi < 0 {
			loop := b.fork(inst)
			body := b.expr(inner, loop, inst) // before the assignment: it may grow b.nodes
			b.setEps(loop, body, next)
			cur = loop
		} else {
			for k := 0; k < hi-lo; k++ {
				cur = b.fork(inst, b.expr(inner, cur, inst), next)
			}
		}
		for k := 0; k < lo; k++ {
			cur = b.expr(inner, cur, inst)
		}
		return cur
	case bnf.Range:
		var set bnf.ByteSet
		set.AddRange(e.Lo, e.Hi)
		return b.term(b.newSet(set), e.Src, order(e), next, inst)
	case bnf.Lit, bnf.Bytes:
		for k := len(e.Text) - 1; k >= 0; k-- {
			next = b.term(b.litSet(e.Text[k], e.Kind == bnf.Lit), restLabel(e, k), order(e), next, inst)
		}
		return next
	case bnf.Ref:
		if e.Ref.Charset {
			return b.term(b.ruleSet(e.Ref), e.Src, order(e), next, inst)
		}
		return b.rule(e.Ref, next, inst)
	}
	b.err = fmt.Errorf("unknown expression kind %d", e.Kind)
	return next
}

// restLabel names the byte at k of a literal or %x sequence: the element as written for its
// first byte, the rest of it for a later one (`"ttp"` after the h of "http").
func restLabel(e *bnf.Expr, k int) string {
	switch {
	case k == 0:
		return e.Src
	case e.Kind == bnf.Lit:
		return `"` + e.Text[k:] + `"`
	}
	var s strings.Builder
	s.WriteString("%x")
	for j := k; j < len(e.Text); j++ {
		if j > k {
			s.WriteByte('.')
		}
		fmt.Fprintf(&s, "%02X", e.Text[j])
	}
	return s.String()
}

// rule adds an instance of r, inside instance parent, that goes on to next.
func (b *builder) rule(r *bnf.Rule, next, parent int32) int32 {
	if id, ok := b.active[r]; ok {
		// A reference to r inside r's own expansion: a loop when nothing of r follows it.
		for n := next; ; n = b.edges[b.nodes[n].eps0] {
			if n == b.insts[id].exit {
				return b.insts[id].entry
			}
			if !b.nodes[n].exit {
				break
			}
		}
		b.err = fmt.Errorf("rule %s refers to itself other than at its end (self-embedding): its language may not be regular", r.Name)
		return next
	}
	id := int32(len(b.insts))
	depth := int32(0)
	if parent >= 0 {
		depth = b.insts[parent].depth + 1
	}
	entry := b.fork(id)
	exit := b.fork(id, next)
	b.nodes[exit].exit = true
	b.insts = append(b.insts, instance{rule: r.Name, parent: parent, depth: depth, entry: entry, exit: exit})
	b.active[r] = id
	to := make([]int32, len(r.Alts))
	for i, a := range r.Alts {
		to[i] = b.expr(a, exit, id)
	}
	delete(b.active, r)
	b.setEps(entry, to...)
	return entry
}
