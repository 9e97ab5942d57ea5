package conformance

import (
	"fmt"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
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
	start *bnf.Rule
	rnd   *rand.Rand

	// MaxDepth bounds the nesting of rules before the generator heads for the shortest
	// completion (default 40).
	MaxDepth int
	// MaxLen is the length in bytes after which the generator heads for the shortest
	// completion (default 120); samples can exceed it by what that completion needs.
	MaxLen int

	height    []int // per rule: height of its shallowest derivation (inf: derives nothing)
	ruleCount [][]int
	altCount  map[*bnf.Expr][]int
	gramBytes []byte // every byte some terminal of the grammar matches

	out   []byte
	depth int
	short bool // heading for the shortest completion
}

const inf = 1 << 30

// NewGenerator returns a generator of samples of rule start. seed fixes the sequence.
func NewGenerator(g *Grammar, start string, seed uint64) (*Generator, error) {
	r := g.bnf.Rule(start)
	if r == nil {
		return nil, fmt.Errorf("conformance: %s has no rule %q", g.bnf.Name, start)
	}
	gen := &Generator{g: g, start: r, rnd: rand.New(rand.NewPCG(seed, seed^0x5eed)),
		MaxDepth: 40, MaxLen: 120, altCount: map[*bnf.Expr][]int{}}
	gen.height = make([]int, len(g.rules))
	gen.ruleCount = make([][]int, len(g.rules))
	for i, r := range g.rules {
		gen.height[i] = inf
		gen.ruleCount[i] = make([]int, len(r.Alts))
	}
	for changed := true; changed; {
		changed = false
		for i, r := range g.rules {
			h := inf
			for _, a := range r.Alts {
				h = min(h, gen.exprHeight(a))
			}
			if h < gen.height[i] {
				gen.height[i], changed = h, true
			}
		}
	}
	if gen.height[r.Index] >= inf {
		return nil, fmt.Errorf("conformance: rule %s of %s derives no string", start, g.bnf.Name)
	}
	var set bnf.ByteSet
	for _, t := range g.c.terms {
		set.Union(&t.set)
	}
	gen.gramBytes = set.Bytes()
	return gen, nil
}

// exprHeight is the height of the shallowest derivation tree of e (inf when e derives nothing).
func (gen *Generator) exprHeight(e *bnf.Expr) int {
	switch e.Kind {
	case bnf.Ref:
		if h := gen.height[e.Ref.Index]; h < inf {
			return h + 1
		}
		return inf
	case bnf.Seq:
		h := 0
		for _, s := range e.Subs {
			h = max(h, gen.exprHeight(s))
		}
		return h
	case bnf.Alt:
		h := inf
		for _, s := range e.Subs {
			h = min(h, gen.exprHeight(s))
		}
		return h
	case bnf.Opt:
		return 0
	case bnf.Rep:
		if e.Min == 0 || e.Max == 0 {
			return 0
		}
		return gen.exprHeight(e.Subs[0])
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

func (gen *Generator) rule(r *bnf.Rule) {
	gen.depth++
	hs := make([]int, len(r.Alts))
	for i, a := range r.Alts {
		hs[i] = gen.exprHeight(a)
	}
	k := gen.choose(hs, gen.ruleCount[r.Index])
	gen.expr(r.Alts[k])
	gen.depth--
}

func (gen *Generator) expr(e *bnf.Expr) {
	switch e.Kind {
	case bnf.Ref:
		gen.rule(e.Ref)
	case bnf.Seq:
		for _, s := range e.Subs {
			gen.expr(s)
		}
	case bnf.Alt:
		counts := gen.altCount[e]
		if counts == nil {
			counts = make([]int, len(e.Subs))
			gen.altCount[e] = counts
		}
		hs := make([]int, len(e.Subs))
		for i, s := range e.Subs {
			hs[i] = gen.exprHeight(s)
		}
		gen.expr(e.Subs[gen.choose(hs, counts)])
	case bnf.Opt:
		if !gen.heading() && gen.exprHeight(e.Subs[0]) < inf && gen.rnd.IntN(2) == 0 {
			gen.expr(e.Subs[0])
		}
	case bnf.Rep:
		n := e.Min
		if !gen.heading() && gen.exprHeight(e.Subs[0]) < inf {
			n = gen.repeatCount(e.Min, e.Max)
		}
		for k := 0; k < n; k++ {
			gen.expr(e.Subs[0])
		}
	case bnf.Lit:
		gen.literal(e.Text)
	case bnf.Bytes:
		gen.out = append(gen.out, e.Text...)
	case bnf.Range:
		switch gen.rnd.IntN(4) {
		case 0:
			gen.out = append(gen.out, e.Lo)
		case 1:
			gen.out = append(gen.out, e.Hi)
		default:
			gen.out = append(gen.out, e.Lo+byte(gen.rnd.IntN(int(e.Hi-e.Lo)+1)))
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
	if !gen.g.bnf.CaseInsensitive {
		gen.out = append(gen.out, s...)
		return
	}
	mode := gen.rnd.IntN(3)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if mode == 1 || mode == 2 && gen.rnd.IntN(2) == 0 {
			c = bnf.SwapCase(c)
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
		q := min(len(s), p+1+gen.rnd.IntN(4))
		if gen.rnd.IntN(2) == 0 {
			return s[:p] + s[q:]
		}
		return s[:q] + s[p:q] + s[q:]
	case 6: // swap the case of a letter
		for k := 0; k < len(s); k++ {
			i := (p + k) % len(s)
			if c := s[i]; bnf.SwapCase(c) != c {
				return s[:i] + string(bnf.SwapCase(c)) + s[i+1:]
			}
		}
		return s + gen.unit()
	default: // cut the end off
		return s[:p]
	}
}
