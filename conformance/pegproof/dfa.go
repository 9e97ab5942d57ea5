package pegproof

import (
	"fmt"
	"sync"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// Grammar is the rules of one .peg file, with the character-set rules the generator adds
// (peg.Compose), ready for the construction. It is safe for concurrent use: its terms and
// their derivatives are shared by its rules, under a lock.
type Grammar struct {
	file *peg.File
	mu   sync.Mutex
	x    *lang
}

// New prepares the rules of f for the construction. It fails on a reference to a rule that f
// does not define.
func New(f *peg.File) (*Grammar, error) {
	x, err := newLang(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Name, err)
	}
	return &Grammar{file: f, x: x}, nil
}

// File is the .peg file the grammar was made from.
func (g *Grammar) File() *peg.File { return g.file }

// A DFA is the minimal complete deterministic automaton of a PEG rule followed by the end of
// the input: it accepts exactly the inputs on which the rule succeeds and consumes the whole
// input. State 0 is the initial state; the dead state, when there is one, is a state too.
type DFA struct {
	Rule    string
	accept  []bool
	next    []int32 // next[s*classes+c]
	classes int
	class   [256]uint8
}

// States is the number of states, the dead state included.
func (d *DFA) States() int { return len(d.accept) }

// Match reports whether the rule matches the whole of s.
func (d *DFA) Match(s string) bool {
	st := int32(0)
	for i := 0; i < len(s); i++ {
		st = d.next[int(st)*d.classes+int(d.class[s[i]])]
	}
	return d.accept[st]
}

// step is the state after state s reads byte b.
func (d *DFA) step(s int32, b byte) int32 { return d.next[int(s)*d.classes+int(d.class[b])] }

// DFA builds the minimal DFA of the PEG rule named rule, refusing a rule that is beyond the
// construction: a left recursion, a repetition of what can match the empty string, or more
// than maxStates derivatives (0: 1 << 16) or than 32 times as many terms in the grammar (a
// recursion that is not regular, or whose terms do not fold).
func (g *Grammar) DFA(rule string, maxStates int) (d *DFA, err error) {
	if maxStates <= 0 {
		maxStates = 1 << 16
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	x := g.x
	x.baseTerms, x.maxTerms = len(x.terms), len(x.terms)+32*maxStates
	defer func() { x.maxTerms = 0 }()
	r, ok := x.ruleNum[rule]
	if !ok {
		return nil, fmt.Errorf("%s has no rule %s", g.file.Name, rule)
	}
	if err := x.checkRule(r); err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(errBeyond)
			if !ok {
				panic(p)
			}
			x.abandon()
			d, err = nil, e
		}
	}()
	start := x.cont(x.body[r], eps)
	num := map[int32]int32{start: 0}
	states := []int32{start}
	var next []int32
	for i := 0; i < len(states); i++ {
		for c := 0; c < x.classes; c++ {
			t := x.derive(states[i], c)
			n, ok := num[t]
			if !ok {
				if len(states) >= maxStates {
					return nil, fmt.Errorf("more than %d derivatives: the rule's language is not regular, or its derivatives do not fold", maxStates)
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
		accept[i] = x.isNullable(t)
	}
	return minimize(rule, accept, next, x.classes, &x.class), nil
}

// checkRule refuses what the derivatives cannot follow, and a PEG parser would not finish: a
// rule reachable from rule that calls itself before it consumes a byte (left recursion), or a
// repetition, reachable from rule, of what can succeed consuming nothing.
func (x *lang) checkRule(rule int) error {
	seen := make([]bool, len(x.nodes))
	var err error
	var walk func(n int32)
	walk = func(n int32) {
		if seen[n] || err != nil {
			return
		}
		seen[n] = true
		nd := x.nodes[n]
		switch nd.kind {
		case nSeq, nChoice:
			walk(nd.a)
			walk(nd.b)
		case nStar:
			if x.mayEmpty[nd.a] {
				err = fmt.Errorf("line %d: %s repeats what can match the empty string", nd.expr.Line, nd.expr)
			}
			walk(nd.a)
		case nNot, nAnd:
			walk(nd.a)
		case nRef:
			walk(x.body[nd.a])
		}
	}
	walk(x.body[rule])
	if err != nil {
		return err
	}
	// Left recursion: the rules a rule can call before consuming a byte.
	first := func(r int) []int {
		var out []int
		seen := map[int32]bool{}
		var walk func(n int32)
		walk = func(n int32) {
			if seen[n] {
				return
			}
			seen[n] = true
			switch nd := x.nodes[n]; nd.kind {
			case nSeq:
				walk(nd.a)
				if x.mayEmpty[nd.a] {
					walk(nd.b)
				}
			case nChoice:
				walk(nd.a)
				walk(nd.b)
			case nStar, nNot, nAnd:
				walk(nd.a)
			case nRef:
				out = append(out, int(nd.a))
			}
		}
		walk(x.body[r])
		return out
	}
	state := make([]int8, len(x.rules)) // 1 on the path, 2 done
	var visit func(r int) error
	visit = func(r int) error {
		switch state[r] {
		case 1:
			return fmt.Errorf("rule %s is left-recursive: it calls itself before it consumes a byte", x.rules[r])
		case 2:
			return nil
		}
		state[r] = 1
		for _, s := range first(r) {
			if err := visit(s); err != nil {
				return err
			}
		}
		state[r] = 2
		return nil
	}
	for i := range seen {
		if seen[i] && x.nodes[i].kind == nRef {
			if err := visit(int(x.nodes[i].a)); err != nil {
				return err
			}
		}
	}
	return visit(rule)
}

// abandon forgets the derivatives and nullabilities left half computed by a construction
// that stopped.
func (x *lang) abandon() {
	for _, d := range x.deriv {
		for c := range d {
			if d[c] == -2 {
				d[c] = -1
			}
		}
	}
	for i, v := range x.nullable {
		if v == 3 {
			x.nullable[i] = 0
		}
	}
}

// minimize returns the minimal DFA of a complete DFA whose states are all reachable from state
// 0, by Hopcroft's algorithm: the partition into accepting and other states is refined by
// splitters, a block and a class at a time, until every block's states move, on every class,
// into one block; a block already used as a splitter needs only the smaller half of a split of
// it used again. The states of the result are numbered breadth first from the initial one.
func minimize(rule string, accept []bool, next []int32, classes int, class *[256]uint8) *DFA {
	n := len(accept)
	// pred[c] lists, for each state t, the states that move to t on class c: predOf(c, t).
	predStart := make([]int32, classes*(n+1))
	for s := 0; s < n; s++ {
		for c := 0; c < classes; c++ {
			predStart[c*(n+1)+int(next[s*classes+c])+1]++
		}
	}
	for c := 0; c < classes; c++ {
		for t := 1; t <= n; t++ {
			predStart[c*(n+1)+t] += predStart[c*(n+1)+t-1]
		}
	}
	preds := make([]int32, classes*n)
	fill := make([]int32, classes*n) // where the next predecessor of t on c goes
	for c := 0; c < classes; c++ {
		copy(fill[c*n:(c+1)*n], predStart[c*(n+1):c*(n+1)+n])
	}
	for s := 0; s < n; s++ {
		for c := 0; c < classes; c++ {
			t := int(next[s*classes+c])
			preds[c*n+int(fill[c*n+t])] = int32(s)
			fill[c*n+t]++
		}
	}
	predOf := func(c, t int) []int32 {
		return preds[c*n+int(predStart[c*(n+1)+t]) : c*n+int(predStart[c*(n+1)+t+1])]
	}

	// The blocks: each a contiguous run elems[start[b]:end[b]]; pos[s] is s's index in elems.
	elems := make([]int32, 0, n)
	for s := 0; s < n; s++ {
		if accept[s] {
			elems = append(elems, int32(s))
		}
	}
	split := len(elems)
	for s := 0; s < n; s++ {
		if !accept[s] {
			elems = append(elems, int32(s))
		}
	}
	pos := make([]int32, n)
	for i, s := range elems {
		pos[s] = int32(i)
	}
	block := make([]int32, n)
	var start, end []int32
	if split > 0 {
		start, end = append(start, 0), append(end, int32(split))
	}
	if split < n {
		start, end = append(start, int32(split)), append(end, int32(n))
	}
	for b := range start {
		for _, s := range elems[start[b]:end[b]] {
			block[s] = int32(b)
		}
	}
	work := []int32{}
	inWork := []bool{}
	for b := range start {
		work = append(work, int32(b))
		inWork = append(inWork, true)
	}
	marked := make([]int32, len(start), n)
	var touched []int32
	var splitter []int32
	for len(work) > 0 {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		inWork[a] = false
		splitter = append(splitter[:0], elems[start[a]:end[a]]...)
		for c := 0; c < classes; c++ {
			touched = touched[:0]
			for _, t := range splitter {
				for _, s := range predOf(c, int(t)) {
					b := block[s]
					if pos[s] < start[b]+marked[b] {
						continue // marked already
					}
					if marked[b] == 0 {
						touched = append(touched, b)
					}
					// Move s to the marked front of its block.
					i, j := pos[s], start[b]+marked[b]
					other := elems[j]
					elems[i], elems[j] = other, s
					pos[other], pos[s] = i, j
					marked[b]++
				}
			}
			for _, b := range touched {
				m := marked[b]
				marked[b] = 0
				if m == end[b]-start[b] {
					continue // the whole block moves into the splitter
				}
				nb := int32(len(start))
				start, end = append(start, start[b]), append(end, start[b]+m)
				start[b] += m
				marked = append(marked, 0)
				for _, s := range elems[start[nb]:end[nb]] {
					block[s] = nb
				}
				inWork = append(inWork, false)
				switch {
				case inWork[b]:
					work, inWork[nb] = append(work, nb), true
				case end[nb]-start[nb] <= end[b]-start[b]:
					work, inWork[nb] = append(work, nb), true
				default:
					work, inWork[b] = append(work, b), true
				}
			}
		}
	}
	// Number the blocks breadth first from the initial state's.
	order := make([]int32, len(start))
	for i := range order {
		order[i] = -1
	}
	reps := []int32{0}
	order[block[0]] = 0
	for i := 0; i < len(reps); i++ {
		for c := 0; c < classes; c++ {
			t := next[int(reps[i])*classes+c]
			if order[block[t]] < 0 {
				order[block[t]] = int32(len(reps))
				reps = append(reps, t)
			}
		}
	}
	d := &DFA{Rule: rule, accept: make([]bool, len(reps)), next: make([]int32, len(reps)*classes), classes: classes, class: *class}
	for i, s := range reps {
		d.accept[i] = accept[s]
		for c := 0; c < classes; c++ {
			d.next[i*classes+c] = order[block[next[int(s)*classes+c]]]
		}
	}
	return d
}
