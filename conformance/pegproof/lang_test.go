package pegproof

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// grammarOf reads PEG rules written in the .peg notation.
func grammarOf(t *testing.T, src string) *Grammar {
	t.Helper()
	f, err := peg.Parse("test.peg", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	g, err := New(f)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return g
}

// words calls f with every string of at most n bytes of alphabet, shortest first.
func words(alphabet string, n int, f func(string)) {
	level := []string{""}
	for l := 0; l <= n; l++ {
		var nextLevel []string
		for _, w := range level {
			f(w)
			if l < n {
				for i := 0; i < len(alphabet); i++ {
					nextLevel = append(nextLevel, w+alphabet[i:i+1])
				}
			}
		}
		level = nextLevel
	}
}

// TestHandChecked holds small PEGs whose languages, followed by the end of the input, are
// worked out by hand from PEG's semantics: the minimal DFA's states (the dead state included)
// and inputs in and out. Every string of up to six bytes over the case's letters gets the
// interpreter's verdict too.
func TestHandChecked(t *testing.T) {
	for _, tc := range []struct {
		src     string
		states  int
		in, out []string
	}{
		// Ordered choice commits to "a" (either case), so "ab" is never matched whole: the
		// language is {a, A}. Initial, after a letter (accepting), dead.
		{`s <- "a" / "ab"`, 3, []string{"a", "A"}, []string{"", "ab", "aB", "b"}},
		{`s <- 'a' / 'ab'`, 3, []string{"a"}, []string{"A", "ab"}},
		// With the longer first, both.
		{`s <- 'ab' / 'a'`, 4, []string{"a", "ab"}, []string{"b", "aab"}},
		// Greedy repetition eats every a, and gives none back to the final 'a': nothing
		// matches. The automaton is its dead state alone.
		{`s <- 'a'* 'a'`, 1, nil, []string{"", "a", "aa", "aaa"}},
		{`s <- 'a'? 'a'`, 4, []string{"aa"}, []string{"", "a", "aaa"}},
		// Lookaheads consume nothing: any one byte but a; the one byte a.
		{`s <- !'a' .`, 3, []string{"b", "c", "\x00", "\xff"}, []string{"", "a", "bb"}},
		{`s <- &'a' .`, 3, []string{"a"}, []string{"", "b", "aa"}},
		// What a lookahead sees must still be consumed: 'a' &'b' leaves the b, so nothing
		// matches to the end; 'a' !'b' matches a alone.
		{`s <- 'a' &'b'`, 1, nil, []string{"a", "ab"}},
		{`s <- 'a' !'b'`, 3, []string{"a"}, []string{"ab", "aa"}},
		// The first alternative that matches a commits, and 'c' then fails after "ab".
		{`s <- ('a' / 'a' 'b') 'c'`, 4, []string{"ac"}, []string{"abc", "a"}},
		// A lookahead inside a repetition looks past what the repetition consumes.
		{`s <- ('a' &'b')* 'ab'`, 1, nil, []string{"ab", "aab", "abab"}},
		{`s <- ('a' !'b')* 'b'`, 3, []string{"b"}, []string{"ab", "aab", "aa"}},
		// A repetition that reads up to what follows.
		{`s <- [a-z]* '1'`, 3, []string{"1", "abc1"}, []string{"", "abc", "1a", "A1"}},
		// A host is an IPv4-like address or a name; the choice commits to the address on
		// "1.2", so "1.2.3" and "1.2a" are refused although a name would match them. "12" is no
		// address ('.' fails), so the name takes it.
		{"s <- v4 / name\nv4 <- [0-9]+ '.' [0-9]+\nname <- [0-9a-z.]*", 0,
			[]string{"", "1.2", "12", "a.b", "12.34", "1."}, []string{"1.2.3", "1.2a"}},
		// DESIGN.md's domainlabel written literally: the first alternative commits to one
		// character, so no two-character label matches.
		{`d <- [a-z0-9] / [a-z0-9] [a-z0-9\-]* [a-z0-9]`, 3, []string{"a", "0"}, []string{"ab", "a-b", ""}},
		// Right recursion is a loop: a*b.
		{`s <- 'a' s / 'b'`, 3, []string{"b", "ab", "aaab"}, []string{"", "a", "ba"}},
		// A "…" literal: each letter in either case, other characters as they are.
		{`s <- "x-y"`, 5, []string{"x-y", "X-Y", "x-Y"}, []string{"x_y", "xy"}},
		{`s <- [[a-c]]`, 3, []string{"a", "C"}, []string{"d", "D"}},
		{`s <- [^a]`, 3, []string{"b", "\x00"}, []string{"a", ""}},
		// The end of the input as a lookahead.
		{`s <- 'a'* !.`, 2, []string{"", "aaa"}, []string{"b"}},
		{`s <- ('a' / !.) 'b'?`, 0, []string{"", "a", "ab"}, []string{"b", "aa"}},
	} {
		g := grammarOf(t, tc.src)
		rule := g.file.Rules[0].Name
		d, err := g.DFA(rule, 0)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if tc.states != 0 && d.States() != tc.states {
			t.Errorf("%s: %d states, want %d", tc.src, d.States(), tc.states)
		}
		for _, s := range tc.in {
			if !d.Match(s) {
				t.Errorf("%s: %q refused", tc.src, s)
			}
		}
		for _, s := range tc.out {
			if d.Match(s) {
				t.Errorf("%s: %q accepted", tc.src, s)
			}
		}
		in := newInterp(g.file)
		letters := "abAB.1\x00" + strings.Map(func(r rune) rune {
			if r < 0x7f && strings.ContainsRune("0123456789cdxyz-_", r) {
				return r
			}
			return -1
		}, tc.src)
		n := 6
		if len(letters) > 9 {
			n = 4
		}
		bad := 0
		words(letters, n, func(s string) {
			if got, want := d.Match(s), in.accepts(rule, s); got != want && bad < 5 {
				t.Errorf("%s: %q: the automaton says %v, the interpreter %v", tc.src, s, got, want)
				bad++
			}
		})
	}
}

// TestBeyond checks that what the construction cannot follow is refused, with its reason.
func TestBeyond(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		// a^n b^n is not regular: its derivatives never fold.
		{`s <- 'a' s? 'b'`, "more than 200 derivatives"},
		{"s <- s 'a' / 'b'", "left-recursive"},
		{"s <- t 'a'\nt <- 'b'? s", "left-recursive"},
		// A PEG parser would loop forever on the first input on which the body matches nothing.
		{`s <- ('a'?)*`, "repeats what can match the empty string"},
		{"s <- t*\nt <- !'a'", "repeats what can match the empty string"},
	} {
		g := grammarOf(t, tc.src)
		_, err := g.DFA("s", 200)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.src, err, tc.want)
		}
	}
	// A refusal leaves the grammar usable for its other rules.
	g := grammarOf(t, "s <- s 'a' / 'b'\nt <- 'a' t / 'b'")
	if _, err := g.DFA("s", 0); err == nil {
		t.Fatal("s accepted")
	}
	if d, err := g.DFA("t", 0); err != nil || !d.Match("aab") {
		t.Errorf("t: %v", err)
	}
}

// randomGrammar writes a grammar of up to three rules, r0 the first, over the letters a, b
// and c: every form of the notation, references to any rule (recursion included).
func randomGrammar(rng *rand.Rand) string {
	var expr func(depth int) string
	leaves := []string{`'a'`, `'b'`, `'ab'`, `"a"`, `[ab]`, `[^a]`, `.`, `'c'`}
	nrules := 1 + rng.IntN(3)
	expr = func(depth int) string {
		if depth == 0 || rng.IntN(4) == 0 {
			if rng.IntN(6) == 0 {
				return fmt.Sprintf("r%d", rng.IntN(nrules))
			}
			return leaves[rng.IntN(len(leaves))]
		}
		// The body of a repetition begins with a byte, mostly: a body that can match
		// nothing is refused.
		body := func() string {
			if rng.IntN(8) == 0 {
				return expr(depth - 1)
			}
			return leaves[rng.IntN(len(leaves))] + " " + expr(depth-1)
		}
		switch rng.IntN(9) {
		case 0, 1:
			return expr(depth-1) + " " + expr(depth-1)
		case 2, 3:
			return "(" + expr(depth-1) + " / " + expr(depth-1) + ")"
		case 4:
			return "(" + body() + ")*"
		case 5:
			return "(" + body() + ")+"
		case 6:
			return "(" + expr(depth-1) + ")?"
		case 7:
			return "&(" + expr(depth-1) + ")"
		}
		return "!(" + expr(depth-1) + ")"
	}
	var b strings.Builder
	for i := 0; i < nrules; i++ {
		fmt.Fprintf(&b, "r%d <- %s\n", i, expr(4))
	}
	return b.String()
}

// TestRandomGrammars is the construction's main check: on random grammars, the automaton of
// every rule the construction covers gives the interpreter's verdict on every string of up to
// five bytes over a, b, c and A; and a rule it refuses is one on which the parser may not
// finish, or whose derivatives do not fold within the bound.
func TestRandomGrammars(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewPCG(1, 2))
	covered, refused := 0, 0
	for i := 0; i < n; i++ {
		src := randomGrammar(rng)
		g := grammarOf(t, src)
		in := newInterp(g.file)
		for _, r := range g.file.Rules {
			d, err := g.DFA(r.Name, 3000)
			if err != nil {
				refused++
				continue
			}
			covered++
			bad := 0
			words("abcA", 5, func(s string) {
				if !in.finishes(r.Name, s) {
					t.Errorf("%s%s on %q: the interpreter does not finish, the construction covers it", src, r.Name, s)
					bad = 5
					return
				}
				if got, want := d.Match(s), in.accepts(r.Name, s); got != want && bad < 3 {
					t.Errorf("%s%s on %q: the automaton says %v, the interpreter %v", src, r.Name, s, got, want)
					bad++
				}
			})
		}
	}
	t.Logf("%d rules covered, %d refused", covered, refused)
	if covered < refused*3 {
		t.Errorf("%d rules covered, %d refused: the random grammars test too little", covered, refused)
	}
}
