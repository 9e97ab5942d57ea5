package diagnosis

import (
	"cmp"
	"encoding/binary"
	"slices"
	"sync"
	"sync/atomic"
)

// maxClasses bounds the byte classes of an automaton: every rule of the eight grammars has at
// most 49 (the 1994 draft's prefixedurl). A state holds its transitions in an array of this
// size rather than a slice, so that a step of run is one load, not two: the state's slice, then
// its element.
const maxClasses = 64

// state is a deterministic state: the set of positions that may have read the last byte.
type state struct {
	pos    []int32                           // sorted; empty before the first byte
	follow []int32                           // the positions that may read the next byte, sorted
	final  bool                              // the input may end here
	next   [maxClasses]atomic.Pointer[state] // by byte class; nil until a run needs it

	once     sync.Once
	expected []string
	in       string
}

// newState makes a state (not yet kept).
func (a *Automaton) newState(pos, follow []int32, final bool) *state {
	return &state{pos: pos, follow: follow, final: final}
}

// Diagnose reads input and says where it leaves the language. It never panics, whatever the
// bytes, and takes time linear in the input.
func (a *Automaton) Diagnose(input string) Result {
	if !a.warm.Load() {
		return a.diagnoseFirst(input)
	}
	return a.run(a.initial, 0, input)
}

// run reads input from offset i on, in state s.
func (a *Automaton) run(s *state, i int, input string) Result {
	for ; i < len(input); i++ {
		c := a.class[input[i]]
		n := s.next[c].Load()
		if n == nil {
			n = a.step(s, c)
		}
		if n == a.dead {
			return a.result(s, i, false)
		}
		s = n
	}
	return a.result(s, len(input), s.final)
}

// diagnoseFirst is Diagnose on the first run.
func (a *Automaton) diagnoseFirst(input string) Result {
	s, i, r, done := a.firstRun(input)
	if done {
		return r
	}
	return a.run(s, i, input)
}

// firstRunBytes bounds what the first run of an automaton reads without building states.
const firstRunBytes = 256

// firstRun is the start of the automaton's first run, on at most firstRunBytes of input. It
// follows the sets of positions in the scratch slices and keeps only the state it ends in: a
// program that rejects one input under a rule would build a state per byte and use none of
// them again. It returns the result when the input ends or leaves the language there (done),
// and otherwise the state and the offset to go on from.
func (a *Automaton) firstRun(input string) (s *state, i int, r Result, done bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.warm.Store(true)
	pos, follow, final := []int32(nil), a.initial.follow, a.initial.final
	for ; i < len(input) && i < firstRunBytes; i++ {
		next := a.advance(follow, a.class[input[i]])
		if len(next) == 0 {
			return nil, 0, a.result(a.keep(pos, follow, final), i, false), true
		}
		pos = next
		follow, final = a.followAll(pos)
	}
	s = a.keep(pos, follow, final)
	if i == len(input) {
		return nil, 0, a.result(s, i, final), true
	}
	return s, i, Result{}, false
}

// Match reports whether input is in the language.
func (a *Automaton) Match(input string) bool { return a.Diagnose(input).Match }

func (a *Automaton) result(s *state, offset int, match bool) Result {
	s.once.Do(func() { a.describe(s) })
	return Result{Match: match, Offset: offset, Expected: s.expected, In: s.in}
}

// step computes the state after s reads a byte of class c, keeping it while fewer than
// maxStates are kept.
func (a *Automaton) step(s *state, c uint8) *state {
	a.mu.Lock()
	defer a.mu.Unlock()
	pos := a.advance(s.follow, c)
	if len(pos) == 0 {
		s.next[c].Store(a.dead)
		return a.dead
	}
	if n := a.states[string(a.key(pos))]; n != nil {
		s.next[c].Store(n)
		return n
	}
	follow, final := a.followAll(pos)
	n, kept := a.add(pos, follow, final)
	if kept {
		s.next[c].Store(n)
	}
	return n
}

// The states are built in the automaton's scratch slices, under its mu, and allocate only what
// a state keeps.

// advance returns the positions of follow that read the bytes of class c.
func (a *Automaton) advance(follow []int32, c uint8) []int32 {
	pos := a.scratch.pos[:0]
	for _, q := range follow {
		if a.pos.reads(q, c) {
			pos = append(pos, q)
		}
	}
	a.scratch.pos = pos
	return pos
}

// followAll returns the positions that may read the byte after any of pos, and whether the
// input may end after one of them.
func (a *Automaton) followAll(pos []int32) ([]int32, bool) {
	sc := &a.scratch
	follow, final := a.pos.appendFollow(sc.follow[:0], pos[0])
	for _, q := range pos[1:] {
		var next []int32
		var fin bool
		next, fin = a.pos.appendFollow(sc.next[:0], q)
		sc.next = next
		final = final || fin
		sc.union = union(sc.union[:0], follow, next)
		follow, sc.union = sc.union, follow
	}
	sc.follow = follow
	return follow, final
}

// union appends to dst the union of the sorted sets x and y.
func union(dst, x, y []int32) []int32 {
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		switch {
		case x[i] < y[j]:
			dst = append(dst, x[i])
			i++
		case y[j] < x[i]:
			dst = append(dst, y[j])
			j++
		default:
			dst = append(dst, x[i])
			i, j = i+1, j+1
		}
	}
	dst = append(dst, x[i:]...)
	return append(dst, y[j:]...)
}

// key returns the key of the state of pos in states, in the scratch slice.
func (a *Automaton) key(pos []int32) []byte {
	key := a.scratch.key[:0]
	for _, q := range pos {
		key = binary.LittleEndian.AppendUint32(key, uint32(q))
	}
	a.scratch.key = key
	return key
}

// add makes the state of pos, with what follows it, and keeps it while fewer than maxStates are
// kept (kept).
func (a *Automaton) add(pos, follow []int32, final bool) (n *state, kept bool) {
	n = a.newState(slices.Clone(pos), slices.Clone(follow), final)
	if len(a.states) < maxStates {
		a.states[string(a.key(pos))] = n
		return n, true
	}
	return n, false
}

// keep returns the state of pos, kept or made.
func (a *Automaton) keep(pos, follow []int32, final bool) *state {
	if len(pos) == 0 {
		return a.initial
	}
	if n := a.states[string(a.key(pos))]; n != nil {
		return n
	}
	n, _ := a.add(pos, follow, final)
	return n
}

// describe computes what a diagnosis at s says: Expected and In.
func (a *Automaton) describe(s *state) {
	// A state follows a few dozen positions at most: a list scanned is cheaper than a map.
	labs := make([]label, 0, len(s.follow))
next:
	for _, q := range s.follow {
		l := a.pos.label(q)
		for k := range labs {
			if labs[k].text == l.text {
				labs[k].order = min(labs[k].order, l.order)
				continue next
			}
		}
		labs = append(labs, l)
	}
	slices.SortStableFunc(labs, func(x, y label) int { return cmp.Compare(x.order, y.order) })
	if len(labs) > 0 || s.final {
		s.expected = make([]string, 0, len(labs)+1)
	}
	for _, l := range labs {
		s.expected = append(s.expected, l.text)
	}
	if s.final {
		s.expected = append(s.expected, EndOfInput)
	}
	s.in = a.enclosing(s.pos)
}

// enclosing returns the rule named by Result.In for the positions that read the last byte.
// For each position, the rules around it are those of the instances that enclose it, from the
// innermost one that can still read a byte after it without being left, outwards (chain); In
// is the innermost rule that is among them for every position. The positions stand for the
// readings of the input so far (in the 2003 draft, "http://a/b" reads as an authority and a
// path, or as a path "//a/b"), which may expand the same rule in different places: the rule is
// what they have in common, not one expansion of it.
func (a *Automaton) enclosing(pos []int32) string {
	var chains [][]string
	for _, q := range pos {
		chains = append(chains, a.pos.chain(q))
	}
	if len(chains) == 0 {
		return a.pos.start()
	}
next:
	for _, r := range chains[0] {
		for _, c := range chains[1:] {
			if !slices.Contains(c, r) {
				continue next
			}
		}
		return r
	}
	return a.pos.start()
}

// chain lists the rules of the instances around position p, from the innermost one that can
// still read a byte after p without being left.
func (a *nfa) chain(p int32) []string {
	n := a.posNode[p]
	i := a.nodes[n].inst
	for ; i > 0; i = a.insts[i].parent {
		if a.continues(n, i) {
			break
		}
	}
	var chain []string
	for ; i >= 0; i = a.insts[i].parent {
		chain = append(chain, a.insts[i].rule)
	}
	return chain
}

// continues reports whether, after terminal node n reads its byte, some position inside
// instance i can read the next one before i's exit is passed.
func (a *nfa) continues(n, i int32) bool {
	exit := a.insts[i].exit
	seen := map[int32]bool{}
	stack := []int32{a.nodes[n].next}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if m == exit || m == acceptNode || seen[m] {
			continue
		}
		seen[m] = true
		nd := &a.nodes[m]
		if nd.term {
			if a.posOf[m] >= 0 && a.within(nd.inst, i) {
				return true
			}
			continue
		}
		stack = append(stack, a.eps(nd)...)
	}
	return false
}

// within reports whether instance j is i or inside it.
func (a *nfa) within(j, i int32) bool {
	for a.insts[j].depth > a.insts[i].depth {
		j = a.insts[j].parent
	}
	return j == i
}
