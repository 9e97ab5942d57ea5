package conformance

import (
	"fmt"
	"math/rand/v2"
)

// Generator makes sample strings from a grammar: random derivations of a start rule
// (Positive) and near misses made by mutating them (NearMiss). It says nothing about whether a
// sample is in the language: labels come from the recognizer (Check does that).
//
// Derivations are coverage-directed: at every choice between alternatives (a rule's, or a
// group's) the generator usually takes one of those it has taken least often so far, so that
// every alternative of every reachable rule comes up within a few hundred samples. Depth and
// length are bounded: past MaxDepth nested rules, or once the sample is MaxLen bytes long, it
// takes the alternatives with the shallowest derivations, no optional parts and the fewest
// repetitions, which always terminates.
//
// A Generator is deterministic for a given grammar, start rule and seed, and not safe for
// concurrent use.
type Generator struct {
	g     *Grammar
	start *rule
	rnd   *rand.Rand

	// MaxDepth bounds the nesting of rules before the generator heads for the shortest
	// completion (default 40).
	MaxDepth int
	// MaxLen is the length in bytes after which the generator heads for the shortest
	// completion (default 120); samples can exceed it by what that completion needs.
	MaxLen int

	height    []int // per rule: height of its shallowest derivation (inf: derives nothing)
	ruleCount [][]int
	altCount  map[*expr][]int
	gramBytes []byte // every byte some terminal of the grammar matches

	out   []byte
	depth int
	short bool // heading for the shortest completion
}

const inf = 1 << 30

// NewGenerator returns a generator of samples of rule start. seed fixes the sequence.
func NewGenerator(g *Grammar, start string, seed uint64) (*Generator, error) {
	r := g.byName[start]
	if r == nil {
		return nil, fmt.Errorf("conformance: %s has no rule %q", g.name, start)
	}
	gen := &Generator{g: g, start: r, rnd: rand.New(rand.NewPCG(seed, seed^0x5eed)),
		MaxDepth: 40, MaxLen: 120, altCount: map[*expr][]int{}}
	gen.height = make([]int, len(g.rules))
	gen.ruleCount = make([][]int, len(g.rules))
	for i, r := range g.rules {
		gen.height[i] = inf
		gen.ruleCount[i] = make([]int, len(r.alts))
	}
	for changed := true; changed; {
		changed = false
		for i, r := range g.rules {
			h := inf
			for _, a := range r.alts {
				h = min(h, gen.exprHeight(a))
			}
			if h < gen.height[i] {
				gen.height[i], changed = h, true
			}
		}
	}
	if gen.height[r.index] >= inf {
		return nil, fmt.Errorf("conformance: rule %s of %s derives no string", start, g.name)
	}
	var set byteSet
	for _, t := range g.c.terms {
		set.union(&t.set)
	}
	gen.gramBytes = set.bytes()
	return gen, nil
}

// exprHeight is the height of the shallowest derivation tree of e (inf when e derives nothing).
func (gen *Generator) exprHeight(e *expr) int {
	switch e.kind {
	case exRef:
		if h := gen.height[e.ref.index]; h < inf {
			return h + 1
		}
		return inf
	case exSeq:
		h := 0
		for _, s := range e.subs {
			h = max(h, gen.exprHeight(s))
		}
		return h
	case exAlt:
		h := inf
		for _, s := range e.subs {
			h = min(h, gen.exprHeight(s))
		}
		return h
	case exOpt:
		return 0
	case exRep:
		if e.min == 0 || e.max == 0 {
			return 0
		}
		return gen.exprHeight(e.subs[0])
	}
	return 0
}

// Positive returns a random derivation of the start rule.
func (gen *Generator) Positive() string {
	gen.out, gen.depth, gen.short = gen.out[:0], 0, false
	gen.rule(gen.start)
	return string(gen.out)
}

func (gen *Generator) heading() bool {
	if !gen.short && (gen.depth > gen.MaxDepth || len(gen.out) >= gen.MaxLen) {
		gen.short = true
	}
	return gen.short
}

// choose picks one of n alternatives with the given heights and use counts.
func (gen *Generator) choose(heights []int, counts []int) int {
	var ok []int
	if gen.heading() {
		best := inf
		for i, h := range heights {
			if h < best {
				best, ok = h, ok[:0]
			}
			if h == best && h < inf {
				ok = append(ok, i)
			}
		}
	} else if gen.rnd.IntN(5) > 0 {
		least := inf
		for i, h := range heights {
			if h >= inf {
				continue
			}
			if counts[i] < least {
				least, ok = counts[i], ok[:0]
			}
			if counts[i] == least {
				ok = append(ok, i)
			}
		}
	} else {
		for i, h := range heights {
			if h < inf {
				ok = append(ok, i)
			}
		}
	}
	k := ok[gen.rnd.IntN(len(ok))]
	counts[k]++
	return k
}

func (gen *Generator) rule(r *rule) {
	gen.depth++
	hs := make([]int, len(r.alts))
	for i, a := range r.alts {
		hs[i] = gen.exprHeight(a)
	}
	k := gen.choose(hs, gen.ruleCount[r.index])
	gen.expr(r.alts[k])
	gen.depth--
}

func (gen *Generator) expr(e *expr) {
	switch e.kind {
	case exRef:
		gen.rule(e.ref)
	case exSeq:
		for _, s := range e.subs {
			gen.expr(s)
		}
	case exAlt:
		counts := gen.altCount[e]
		if counts == nil {
			counts = make([]int, len(e.subs))
			gen.altCount[e] = counts
		}
		hs := make([]int, len(e.subs))
		for i, s := range e.subs {
			hs[i] = gen.exprHeight(s)
		}
		gen.expr(e.subs[gen.choose(hs, counts)])
	case exOpt:
		if !gen.heading() && gen.exprHeight(e.subs[0]) < inf && gen.rnd.IntN(2) == 0 {
			gen.expr(e.subs[0])
		}
	case exRep:
		n := e.min
		if !gen.heading() && gen.exprHeight(e.subs[0]) < inf {
			n = gen.repeatCount(e.min, e.max)
		}
		for k := 0; k < n; k++ {
			gen.expr(e.subs[0])
		}
	case exLit:
		gen.literal(e.text)
	case exBytes:
		gen.out = append(gen.out, e.text...)
	case exRange:
		switch gen.rnd.IntN(4) {
		case 0:
			gen.out = append(gen.out, e.lo)
		case 1:
			gen.out = append(gen.out, e.hi)
		default:
			gen.out = append(gen.out, e.lo+byte(gen.rnd.IntN(int(e.hi-e.lo)+1)))
		}
	}
}

// repeatCount picks how many times a repetition n*m repeats: often the bounds themselves (where
// transcriptions go wrong), otherwise a few.
func (gen *Generator) repeatCount(lo, hi int) int {
	if hi >= 0 {
		switch gen.rnd.IntN(4) {
		case 0:
			return lo
		case 1:
			return hi
		}
		return lo + gen.rnd.IntN(hi-lo+1)
	}
	n := lo
	switch gen.rnd.IntN(10) {
	case 0:
		n += gen.rnd.IntN(12)
	default:
		for gen.rnd.IntN(3) > 0 && n < lo+8 {
			n++
		}
	}
	return n
}

// literal appends a quoted string; when the grammar reads strings case-insensitively it varies
// their case.
func (gen *Generator) literal(s string) {
	if !gen.g.caseInsensitive {
		gen.out = append(gen.out, s...)
		return
	}
	mode := gen.rnd.IntN(3)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if mode == 1 || mode == 2 && gen.rnd.IntN(2) == 0 {
			c = swapCase(c)
		}
		gen.out = append(gen.out, c)
	}
}

// nearMissUnits are the characters a near miss may insert or substitute besides the grammar's
// own bytes: every ASCII character including controls, NUL and DEL, lone bytes that are not
// UTF-8, and UTF-8 encoded non-ASCII characters.
var nearMissUnits = func() []string {
	var u []string
	for c := 0; c < 0x80; c++ {
		u = append(u, string(rune(c)))
	}
	u = append(u, "\x80", "\xa0", "\xc3", "\xfe", "\xff", "é", "ü", "€", "\u00a0", "\U0001F600")
	return u
}()

// NearMiss returns s changed in one or two places: a character inserted, deleted or replaced
// (from the grammar's bytes or from nearMissUnits: printable ASCII, %, space, controls, NUL,
// non-ASCII), a short piece deleted or doubled, a letter's case swapped, or the end cut off.
// The result may or may not be in the language.
func (gen *Generator) NearMiss(s string) string {
	n := 1
	if gen.rnd.IntN(4) == 0 {
		n = 2
	}
	for k := 0; k < n; k++ {
		s = gen.mutate(s)
	}
	return s
}

func (gen *Generator) unit() string {
	if len(gen.gramBytes) > 0 && gen.rnd.IntN(2) == 0 {
		return string(gen.gramBytes[gen.rnd.IntN(len(gen.gramBytes))])
	}
	return nearMissUnits[gen.rnd.IntN(len(nearMissUnits))]
}

func (gen *Generator) mutate(s string) string {
	if len(s) == 0 {
		return gen.unit()
	}
	p := gen.rnd.IntN(len(s) + 1)
	q := min(len(s), p+1)
	switch gen.rnd.IntN(8) {
	case 0, 1: // insert
		return s[:p] + gen.unit() + s[p:]
	case 2, 3: // replace
		if p == len(s) {
			p--
		}
		return s[:p] + gen.unit() + s[p+1:]
	case 4: // delete
		if p == len(s) {
			p--
		}
		return s[:p] + s[p+1:]
	case 5: // delete or double a short piece
		q = min(len(s), p+1+gen.rnd.IntN(4))
		if gen.rnd.IntN(2) == 0 {
			return s[:p] + s[q:]
		}
		return s[:q] + s[p:q] + s[q:]
	case 6: // swap the case of a letter
		for k := 0; k < len(s); k++ {
			i := (p + k) % len(s)
			if c := s[i]; swapCase(c) != c {
				return s[:i] + string(swapCase(c)) + s[i+1:]
			}
		}
		return s + gen.unit()
	default: // cut the end off
		return s[:p]
	}
}
