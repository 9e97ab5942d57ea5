package pegproof

import (
	"errors"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// interp is the oracle of the construction in these tests: a backtracking interpreter of the
// syntax tree that package peg reads, written straight from the semantics of PEG (Ford 2004):
// a sequence runs its parts in turn; an ordered choice tries its alternatives in turn and
// commits to the first that succeeds; a repetition runs its body until it fails and never gives
// back; a lookahead runs its body and restores the position. It shares nothing with the
// construction but the syntax tree.
type interp struct {
	rules map[string]*peg.Expr
	depth int
}

// errLoop is raised (as a panic) where a parser would not finish: a repetition whose body
// succeeded without consuming anything, or a recursion deeper than any input needs.
var errLoop = errors.New("the parser would not finish")

func newInterp(f *peg.File) *interp {
	in := &interp{rules: map[string]*peg.Expr{}}
	for _, r := range f.Rules {
		in.rules[r.Name] = r.Expr
	}
	return in
}

// accepts reports whether rule, followed by the end of the input, matches s.
func (in *interp) accepts(rule, s string) bool {
	in.depth = 0
	n, ok := in.match(in.rules[rule], s, 0)
	return ok && n == len(s)
}

// match runs e on s at i and returns where it ends.
func (in *interp) match(e *peg.Expr, s string, i int) (int, bool) {
	switch e.Kind {
	case peg.Empty:
		return i, true
	case peg.Dot:
		return i + 1, i < len(s)
	case peg.Class:
		if i < len(s) && e.Set.Has(s[i]) {
			return i + 1, true
		}
		return i, false
	case peg.Lit:
		for k := 0; k < len(e.Text); k++ {
			if i+k >= len(s) {
				return i, false
			}
			c, want := s[i+k], e.Text[k]
			if c != want && !(e.Fold && c == bnf.SwapCase(want)) {
				return i, false
			}
		}
		return i + len(e.Text), true
	case peg.Ref:
		in.depth++
		if in.depth > 10000 {
			panic(errLoop)
		}
		defer func() { in.depth-- }()
		return in.match(in.rules[e.Name], s, i)
	case peg.Seq:
		for _, sub := range e.Subs {
			var ok bool
			if i, ok = in.match(sub, s, i); !ok {
				return i, false
			}
		}
		return i, true
	case peg.Choice:
		for _, sub := range e.Subs {
			if j, ok := in.match(sub, s, i); ok {
				return j, true
			}
		}
		return i, false
	case peg.Opt:
		if j, ok := in.match(e.Subs[0], s, i); ok {
			return j, true
		}
		return i, true
	case peg.Star, peg.Plus:
		n := 0
		for {
			j, ok := in.match(e.Subs[0], s, i)
			if !ok {
				break
			}
			if j == i {
				panic(errLoop)
			}
			i = j
			n++
		}
		return i, e.Kind == peg.Star || n > 0
	case peg.And:
		_, ok := in.match(e.Subs[0], s, i)
		return i, ok
	case peg.Not:
		_, ok := in.match(e.Subs[0], s, i)
		return i, !ok
	}
	panic("unknown expression kind")
}

// finishes reports whether the interpreter finishes on s from rule (see errLoop).
func (in *interp) finishes(rule, s string) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			if p != errLoop {
				panic(p)
			}
			ok = false
		}
	}()
	in.accepts(rule, s)
	return true
}
