package conformance

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGeneratorDeterministicAndValid(t *testing.T) {
	g := loadFixture(t)
	sample := func(seed uint64) []string {
		gen, err := NewGenerator(g, "URI-reference", seed)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for i := 0; i < 200; i++ {
			p := gen.Positive()
			out = append(out, p, gen.NearMiss(p))
		}
		return out
	}
	a, b := sample(42), sample(42)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("same seed, different samples (-first +second):\n%s", diff)
	}
	if c := sample(43); reflect.DeepEqual(a, c) {
		t.Errorf("different seeds gave the same samples")
	}
	neg := 0
	for i := 0; i < len(a); i += 2 {
		// A derivation is in the language by construction; the recognizer must agree.
		if !g.Recognize("URI-reference", a[i]) {
			t.Errorf("generated derivation %q is rejected by the recognizer", a[i])
		}
		if !g.Recognize("URI-reference", a[i+1]) {
			neg++
		}
	}
	if neg < len(a)/2/10 {
		t.Errorf("only %d of %d near misses are outside the language", neg, len(a)/2)
	}
}

func TestGeneratorBoundsAndCoverage(t *testing.T) {
	g := mustParse(t, `@case sensitive
; deep recursion and every kind of choice
s    = e | "[" 1*4x "]" | 3y
e    = "(" e ")" | e "+" e | n
n    = 1*digit
x    = "x" | "X" | %x30-31
y    = [ "y" ] *( "z" / "w" )
digit = %x30-39
`)
	gen, err := NewGenerator(g, "s", 1)
	if err != nil {
		t.Fatal(err)
	}
	gen.MaxLen = 40
	cs := g.newCoverSet("s")
	longest := 0
	for i := 0; i < 500; i++ {
		p := gen.Positive()
		longest = max(longest, len(p))
		if !g.cover("s", p, cs) {
			t.Fatalf("derivation %q rejected", p)
		}
	}
	if longest > 400 {
		t.Errorf("a sample of %d bytes despite MaxLen 40", longest)
	}
	cov := g.coverage(cs)
	if len(cov.Unexercised) > 0 {
		t.Errorf("unexercised after 500 derivations: %v", cov.Unexercised)
	}
	if _, err := NewGenerator(g, "nosuch", 1); err == nil {
		t.Errorf("NewGenerator accepted an undefined rule")
	}
	dead := mustParse(t, "@case sensitive\na = \"x\" a\n")
	if _, err := NewGenerator(dead, "a", 1); err == nil {
		t.Errorf("NewGenerator accepted a rule that derives nothing")
	}
}

func TestNearMissAlphabet(t *testing.T) {
	g := mustParse(t, "@case sensitive\ns = \"ab\"\n")
	gen, _ := NewGenerator(g, "s", 3)
	seen := map[byte]bool{}
	for i := 0; i < 20000; i++ {
		m := gen.NearMiss("abcdef")
		for j := 0; j < len(m); j++ {
			seen[m[j]] = true
		}
	}
	for _, c := range []byte{0, '\t', '\n', 0x1f, ' ', '%', '~', 0x7f, 0x80, 0xc3, 0xff} {
		if !seen[c] {
			t.Errorf("near misses never hold byte 0x%02X", c)
		}
	}
}
