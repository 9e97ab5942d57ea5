// Package diagnosis says where and why an input leaves the language of a grammar rule: the
// longest prefix of the input that is still a prefix of some string of the language, what the
// grammar allows after it, and the rule being matched there. It is the error path of
// urlgrammar.Validate, so it reads the input once, left to right, in time linear in its length
// and in memory that does not grow with it.
//
// Every grammar of this project describes a regular language: the only recursion in them is a
// rule referring to itself at its end (`hostname = ialpha [ "." hostname ]`), which is a loop.
// Compile turns a rule of a grammar read by package bnf into an automaton (compile.go); its
// deterministic states are built on first use and kept, up to a bound (run.go). A grammar with
// any other recursion is refused with an error that names the rule.
//
// This package and the conformance engine (an Earley recognizer over the same .bnf files)
// share only package bnf, the reader of the notation; the conformance tests hold this engine's
// Offset and Expected equal to the recognizer's.
package diagnosis

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

// EndOfInput is the Expected entry that says the input may end at Offset.
const EndOfInput = "end of input"

// Result says where and why an input leaves the language of a rule.
type Result struct {
	// Match is true when the whole input is in the language.
	Match bool
	// Offset is the length in bytes of the longest prefix of the input that is still a prefix
	// of some string of the language (the input's length when Match).
	Offset int
	// Expected lists what the grammar allows at Offset, in the order the .bnf first mentions
	// each: character-set rules by name (`digit`), literals as written (`"/"`, or the rest of a
	// literal begun before Offset), %x values as written, then EndOfInput when the prefix is
	// itself a string of the language. The slice is shared: callers must not modify it.
	Expected []string
	// In is the rule being matched at Offset: the innermost rule that encloses every way the
	// byte before Offset was read and that could still read more after it (the start rule at
	// Offset 0, or when nothing of any enclosing rule can follow).
	In string
}

// An Automaton diagnoses inputs against one rule of a grammar. It is safe for concurrent use.
//
// Its deterministic states are sets of positions: the terminals of the rule's expansion that
// can still reach its end. What a state needs of each position (what it reads, what may follow
// it, how Expected names it, the rules around it) comes from pos: computed from the expanded
// rule as states need it for an automaton that Compile made, written out in full for one that
// Decode read (encode.go), which is how a program starts diagnosing without reading a BNF.
type Automaton struct {
	pos positions

	// Bytes that no position's set tells apart share a class; transitions are per class.
	class  [256]uint8
	rep    []byte // a byte of each class
	nclass int

	warm    atomic.Bool // the first run is over (firstRun)
	mu      sync.Mutex  // held to add a state, and to use scratch
	scratch struct {
		pos, follow, next, union []int32
		key                      []byte
	}
	states  map[string]*state
	initial *state
	dead    *state
}

// positions is what the deterministic states are built from, by position number.
type positions interface {
	// count is the number of positions.
	count() int
	// first returns the positions that can read the first byte, sorted, and whether the
	// input may be empty.
	first() ([]int32, bool)
	// reads reports whether position p reads the bytes of class c.
	reads(p int32, c uint8) bool
	// appendFollow appends to dst the positions that can read the byte after p, sorted, and
	// says whether the input may end after it. The caller holds the Automaton's mu.
	appendFollow(dst []int32, p int32) ([]int32, bool)
	// label is how Expected names position p.
	label(p int32) label
	// chain lists the rules around p, from the innermost one that can still read a byte
	// after p without being left, outwards to the start rule (see enclosing).
	chain(p int32) []string
	// start is the name of the start rule.
	start() string
}

// nfa is the expanded rule that Compile makes: the positions, and what follows each once a
// deterministic state has needed it.
type nfa struct {
	nodes  []node
	edges  []int32       // the edges that read nothing (node.eps0)
	sets   []bnf.ByteSet // the terminal nodes' byte sets (node.set)
	insts  []instance
	labels []label

	// Positions are the terminal nodes from which the end can still be reached, numbered in
	// node order. For each: its node, its byte set, and once a deterministic state has needed
	// them (followOf), the positions that can read the next byte after it and whether the
	// input may end after it.
	posNode  []int32
	posSet   []int32 // the number of its set in sets
	rep      []byte  // a byte of each class
	follows  [][]int32
	final    []bool
	followed []bool
	posOf    []int32 // per node: its position, or -1
	mark     []int32 // closure's marks, per node
	stamp    int32   // the last stamp closure was given
}

// maxStates bounds the deterministic states kept per automaton. Past it a transition is
// computed for the input at hand and not kept: still linear in the input, only slower.
const maxStates = 4096

// Compile builds the automaton of rule start of g. It fails for an unknown rule and for a rule
// whose expansion is not regular (self-embedding), naming the rule.
func Compile(g *bnf.Grammar, start string) (*Automaton, error) {
	r := g.Rule(start)
	if r == nil {
		return nil, fmt.Errorf("%s: no rule %q", g.Name, start)
	}
	b := &builder{
		labIdx: map[label]int32{},
		active: map[*bnf.Rule]int32{},
		refSet: map[*bnf.Rule]int32{},
		ci:     g.CaseInsensitive,
	}
	b.add(node{inst: 0}) // acceptNode
	if r.Charset {
		b.insts = append(b.insts, instance{rule: r.Name, parent: -1, exit: acceptNode})
		b.insts[0].entry = b.fork(0, b.term(b.ruleSet(r), r.Name, 0, acceptNode, 0))
	} else {
		b.rule(r, acceptNode, -1)
	}
	if b.err != nil {
		return nil, fmt.Errorf("%s: %s: %w", g.Name, start, b.err)
	}
	n := &nfa{nodes: b.nodes, edges: b.edges, insts: b.insts, labels: b.labels, sets: b.sets}
	n.positions()
	n.mark = make([]int32, len(n.nodes))
	class, rep := n.byteClasses()
	n.rep = rep
	a, err := newAutomaton(n, &class, rep)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", g.Name, start, err)
	}
	return a, nil
}

// newAutomaton returns the automaton over pos, whose byte classes are class and rep, with its
// initial state.
func newAutomaton(pos positions, class *[256]uint8, rep []byte) (*Automaton, error) {
	if len(rep) > maxClasses {
		return nil, fmt.Errorf("%d byte classes, more than the %d a state holds", len(rep), maxClasses)
	}
	a := &Automaton{pos: pos, class: *class, rep: rep, nclass: len(rep), states: map[string]*state{}, dead: &state{}}
	first, final := pos.first()
	a.initial = a.newState(nil, first, final)
	return a, nil
}

func (n *nfa) count() int                  { return len(n.posNode) }
func (n *nfa) reads(p int32, c uint8) bool { return n.sets[n.posSet[p]].Has(n.rep[c]) }
func (n *nfa) label(p int32) label         { return n.labels[n.nodes[n.posNode[p]].lab] }
func (n *nfa) start() string               { return n.insts[0].rule }

// first is what the initial state follows. The caller holds the Automaton's mu, or has not
// shared it yet.
func (n *nfa) first() ([]int32, bool) {
	n.stamp++
	return n.closure(n.insts[0].entry, n.mark, n.stamp)
}

// positions numbers the terminal nodes that can reach the end. What follows each is computed
// when a deterministic state first needs it (followOf): an input visits few of them.
func (a *nfa) positions() {
	// The reversed edges, each node's run of predecessors in one array.
	start := make([]int32, len(a.nodes)+1)
	edges := func(yield func(from, to int32)) {
		for i := range a.nodes {
			n := &a.nodes[i]
			if n.term {
				if !a.sets[n.set].Empty() {
					yield(int32(i), n.next)
				}
				continue
			}
			for _, e := range a.eps(n) {
				yield(int32(i), e)
			}
		}
	}
	edges(func(_, to int32) { start[to+1]++ })
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	rev := make([]int32, start[len(a.nodes)])
	fill := append([]int32(nil), start[:len(a.nodes)]...)
	edges(func(from, to int32) { rev[fill[to]] = from; fill[to]++ })

	live := make([]bool, len(a.nodes))
	live[acceptNode] = true
	queue := []int32{acceptNode}
	for len(queue) > 0 {
		n := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, m := range rev[start[n]:start[n+1]] {
			if !live[m] {
				live[m] = true
				queue = append(queue, m)
			}
		}
	}
	a.posOf = make([]int32, len(a.nodes))
	count := 0
	for i := range a.nodes {
		if a.nodes[i].term && live[i] {
			count++
		}
	}
	a.posNode, a.posSet = make([]int32, 0, count), make([]int32, 0, count)
	for i, n := range a.nodes {
		a.posOf[i] = -1
		if n.term && live[i] {
			a.posOf[i] = int32(len(a.posNode))
			a.posNode = append(a.posNode, int32(i))
			a.posSet = append(a.posSet, n.set)
		}
	}
	a.follows = make([][]int32, len(a.posNode))
	a.final = make([]bool, len(a.posNode))
	a.followed = make([]bool, len(a.posNode))
}

// appendFollow computes what follows p the first time it is asked.
func (a *nfa) appendFollow(dst []int32, p int32) ([]int32, bool) {
	if !a.followed[p] {
		a.stamp++
		a.follows[p], a.final[p] = a.closure(a.nodes[a.posNode[p]].next, a.mark, a.stamp)
		a.followed[p] = true
	}
	return append(dst, a.follows[p]...), a.final[p]
}

// closure returns the positions reachable from node n without reading a byte, sorted, and
// whether the end is. A node m has been seen in this call when mark[m] == stamp; each call
// passes a stamp of its own.
func (a *nfa) closure(n int32, mark []int32, stamp int32) ([]int32, bool) {
	var out []int32
	final := false
	mark[n] = stamp
	stack := []int32{n}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if m == acceptNode {
			final = true
			continue
		}
		nd := &a.nodes[m]
		if nd.term {
			if p := a.posOf[m]; p >= 0 {
				out = append(out, p)
			}
			continue
		}
		for _, e := range a.eps(nd) {
			if mark[e] != stamp {
				mark[e] = stamp
				stack = append(stack, e)
			}
		}
	}
	slices.Sort(out)
	return out, final
}

// byteClasses groups the bytes that every position's set treats alike: the class of each
// byte, and a byte of each class.
func (n *nfa) byteClasses() (class [256]uint8, rep []byte) {
	var sets []*bnf.ByteSet
	seen := make([]bool, len(n.sets))
	for _, s := range n.posSet {
		if !seen[s] {
			seen[s] = true
			sets = append(sets, &n.sets[s])
		}
	}
	ids := map[string]uint8{}
	sig := make([]byte, (len(sets)+7)/8)
	for c := 0; c < 256; c++ {
		clear(sig)
		for i := range sets {
			if sets[i].Has(byte(c)) {
				sig[i/8] |= 1 << (i % 8)
			}
		}
		id, ok := ids[string(sig)]
		if !ok {
			id = uint8(len(rep))
			ids[string(sig)] = id
			rep = append(rep, byte(c))
		}
		class[c] = id
	}
	return class, rep
}
