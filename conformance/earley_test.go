package conformance

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func mustParse(t testing.TB, src string) *Grammar {
	t.Helper()
	g, err := ParseBNF("test.bnf", []byte(src))
	if err != nil {
		t.Fatalf("ParseBNF: %v", err)
	}
	return g
}

// inLanguage is a table of inputs and whether each is in the language of a rule.
type inLanguage map[string]bool

func checkLanguage(t *testing.T, g *Grammar, start string, want inLanguage) {
	t.Helper()
	for in, w := range want {
		if got := g.Recognize(start, in); got != w {
			t.Errorf("Recognize(%s, %q) = %v, want %v", start, in, got, w)
		}
		// Chart mode keeps every item and has no Leo items: quadratic on long right recursion,
		// and only ever used on generated samples.
		if got := len(in) > 2000 || g.recognizeChart(start, in); got != w && len(in) <= 2000 {
			t.Errorf("chart mode: Recognize(%s, %q) = %v, want %v", start, in, got, w)
		}
		d := g.Diagnose(start, in)
		if d.Match != w {
			t.Errorf("Diagnose(%s, %q).Match = %v, want %v", start, in, d.Match, w)
		}
		if w && d.Offset != len(in) {
			t.Errorf("Diagnose(%s, %q).Offset = %d for a valid input", start, in, d.Offset)
		}
	}
}

// recognizeChart runs the recognizer in chart mode (no Leo items, every item kept), the mode
// coverage uses, so that both modes are held to the same languages.
func (g *Grammar) recognizeChart(start, input string) bool {
	s, ok := g.c.startNT[start]
	if !ok {
		return false
	}
	r := g.c.getRun(true)
	defer g.c.putRun(r)
	m, _ := r.exec(s, input)
	return m
}

func TestAnBn(t *testing.T) {
	g := mustParse(t, `@case sensitive
s = "a" s "b" | ""
`)
	want := inLanguage{"": true, "ab": true, "aabb": true, "aaabbb": true,
		"a": false, "b": false, "aab": false, "abb": false, "ba": false, "abab": false}
	checkLanguage(t, g, "s", want)
	big := strings.Repeat("a", 500) + strings.Repeat("b", 500)
	checkLanguage(t, g, "s", inLanguage{big: true, big + "b": false, "a" + big: false})
}

func TestBalancedParens(t *testing.T) {
	g := mustParse(t, `@case sensitive
; balanced parentheses: Dyck language, ambiguous on purpose (s s)
s = "" | "(" s ")" | s s
`)
	checkLanguage(t, g, "s", inLanguage{"": true, "()": true, "()()": true, "(())": true,
		"(()())()": true, "(": false, ")": false, ")(": false, "(()": false, "())(": false})
}

func TestNullableChains(t *testing.T) {
	g := mustParse(t, `@case sensitive
s = a b c "x" a b c
a = b
b = c | ""
c = [ d ]
d = *e
e = "" | "y"
`)
	checkLanguage(t, g, "s", inLanguage{"x": true, "yx": true, "xy": true, "yyyxyy": true,
		"": false, "y": false, "xx": false, "yxyx": false})
	checkLanguage(t, g, "a", inLanguage{"": true, "y": true, "yy": true, "x": false})
}

func TestLeftRecursion(t *testing.T) {
	g := mustParse(t, `@case sensitive
E = E "+" T | T
T = T "*" F | F
F = "(" E ")" | digit
digit = %x30-39
`)
	checkLanguage(t, g, "E", inLanguage{"1": true, "1+2": true, "1+2*3": true, "(1+2)*3": true,
		"((1))": true, "1+": false, "+1": false, "1++2": false, "(1": false, "": false, "12": false})
}

func TestRightRecursion(t *testing.T) {
	// The 1993 draft writes repetition as recursion; Leo items keep this linear.
	g := mustParse(t, `@case sensitive
xalphas = xalpha [ xalphas ]
xalpha = "a" | "b"
list = item | item "," list
item = xalphas
`)
	checkLanguage(t, g, "xalphas", inLanguage{"a": true, "ab": true, "abba": true, "": false, "abc": false})
	checkLanguage(t, g, "list", inLanguage{"a": true, "a,b": true, "ab,ba,a": true, "a,": false, ",a": false})
	long := strings.Repeat("ab", 50000)
	checkLanguage(t, g, "xalphas", inLanguage{long: true, long + "c": false})
	d := g.Diagnose("xalphas", long+"c"+long)
	if d.Offset != len(long) {
		t.Errorf("Offset = %d, want %d", d.Offset, len(long))
	}
}

func TestAmbiguity(t *testing.T) {
	// RFC 2396bis's trap: 1.2.3.4.5 is a hostname though 1.2.3.4 is an IPv4 address.
	g := mustParse(t, `@case sensitive
host = ipv4 | hostname
ipv4 = 1*digit "." 1*digit "." 1*digit "." 1*digit
hostname = *( label "." ) label
label = 1*( digit | alpha )
digit = %x30-39
alpha = %x61-7A
`)
	checkLanguage(t, g, "host", inLanguage{"1.2.3.4": true, "1.2.3.4.5": true, "a.b": true,
		"1..2": false, "1.": false, ".1": false})
}

func TestCase(t *testing.T) {
	ci := mustParse(t, `@case insensitive
s = "http:" %x61 r
r = "X" | %x62
`)
	checkLanguage(t, ci, "s", inLanguage{"http:ab": true, "HTTP:ab": true, "hTtP:ax": true, "http:aX": true,
		"http:Ab": false, "http:aB": false})
	cs := mustParse(t, `@case sensitive
s = "http:" %x61 r
r = "X" | %x62
`)
	checkLanguage(t, cs, "s", inLanguage{"http:ab": true, "HTTP:ab": false, "http:aX": true, "http:ax": false})
}

func TestRepetitionBounds(t *testing.T) {
	g := mustParse(t, `@case insensitive
h16 = 1*4HEXDIG
three = 3DIGIT
two-four = 2*4"x"
upto = *2( "a" "b" )
zero = 0DIGIT
star-opt = *[ "a" ]
one-star-opt = 1*[ "a" ]
HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
DIGIT = %x30-39
`)
	checkLanguage(t, g, "h16", inLanguage{"0": true, "fFfF": true, "12345": false, "": false, "g": false})
	checkLanguage(t, g, "three", inLanguage{"123": true, "12": false, "1234": false})
	checkLanguage(t, g, "two-four", inLanguage{"x": false, "xx": true, "XXX": true, "xxxx": true, "xxxxx": false})
	checkLanguage(t, g, "upto", inLanguage{"": true, "ab": true, "abab": true, "ababab": false, "a": false})
	checkLanguage(t, g, "zero", inLanguage{"": true, "0": false})
	checkLanguage(t, g, "star-opt", inLanguage{"": true, "a": true, "aaaa": true, "b": false})
	checkLanguage(t, g, "one-star-opt", inLanguage{"": true, "a": true, "aaaa": true, "b": false})
}

func TestUnproductive(t *testing.T) {
	// x derives no string: "ab" is a prefix of nothing longer, though an item for x is alive.
	g := mustParse(t, `@case sensitive
s = "a" x | "ab"
x = "b" x
dead = "q" dead
`)
	checkLanguage(t, g, "s", inLanguage{"ab": true, "abb": false, "a": false})
	d := g.Diagnose("s", "abb")
	if diff := cmp.Diff(Diagnosis{Offset: 2, Expected: []string{endOfInput}, In: "s"}, d); diff != "" {
		t.Errorf("Diagnose(abb) (-want +got):\n%s", diff)
	}
	d = g.Diagnose("dead", "q")
	if diff := cmp.Diff(Diagnosis{Offset: 0, In: "dead"}, d); diff != "" {
		t.Errorf("Diagnose(dead, q) (-want +got):\n%s", diff)
	}
	if g.Recognize("dead", "") || g.Recognize("nosuchrule", "") {
		t.Errorf("an empty language or an undefined rule recognized something")
	}
}

func TestAnyBytes(t *testing.T) {
	g := mustParse(t, `@case insensitive
s = 1*( ALPHA / "%" 2HEXDIG )
ALPHA = %x41-5A / %x61-7A
HEXDIG = %x30-39 / "A" / "B" / "C" / "D" / "E" / "F"
`)
	for _, in := range []string{"\x00", "a\x00b", "\xff\xfe", "é", "a\x7f", "%zz", "%", "a b"} {
		if g.Recognize("s", in) {
			t.Errorf("Recognize(%q) = true", in)
		}
		_ = g.Diagnose("s", in)
	}
	checkLanguage(t, g, "s", inLanguage{"a%20b": true, "%2f": true})
}
