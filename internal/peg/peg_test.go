package peg

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

// TestParseFile reads a file with every kind of line of grammar/README.md's conventions.
func TestParseFile(t *testing.T) {
	src := `# The header.
#
# start: URI-reference URI
#
# folded ALPHA: a character set, written inline as [A-Za-z]
# extra host_alone alone host: reason one
# extra gopher_search as search: reason two
# extra helper: reason three

# URI-reference = URI / relative-ref
# PEG: a note
URI_reference <- URI / relative
  / 'x'

# host = a
#        / b ; a comment of the BNF
#   c
host <- 'a' "b" // a pointlander/peg comment
host_alone <- host !.
# Prose that names no rule.
gopher_search <- [a-z]*
helper <- ( 'q' )+
URI <- 'u'
relative <- 'r'
`
	f, err := Parse("t.peg", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.Starts, " "); got != "URI-reference URI" {
		t.Errorf("Starts %q", got)
	}
	if f.Folded["ALPHA"] != "a character set, written inline as [A-Za-z]" || len(f.Folded) != 1 {
		t.Errorf("Folded %v", f.Folded)
	}
	want := map[string]Extra{"host_alone": {Reason: "reason one", Alone: "host"}, "gopher_search": {Reason: "reason two", As: "search"}, "helper": {Reason: "reason three"}}
	for n, x := range want {
		if got := f.Extra[n]; got == nil || *got != x {
			t.Errorf("Extra[%s] = %+v, want %+v", n, got, x)
		}
	}
	var names []string
	for _, r := range f.Rules {
		names = append(names, r.Name)
	}
	if got := strings.Join(names, " "); got != "URI_reference host host_alone gopher_search helper URI relative" {
		t.Errorf("rules %s", got)
	}
	for name, bnfText := range map[string]string{
		"URI_reference": "URI-reference = URI / relative-ref\n",
		// The continuation lines are those of "#" and two blanks or a tab.
		"host":          "host = a\n        / b ; a comment of the BNF\n   c\n",
		"host_alone":    "",
		"gopher_search": "",
	} {
		if got := f.Rule(name).BNF; got != bnfText {
			t.Errorf("%s: BNF %q, want %q", name, got, bnfText)
		}
	}
	if got := f.Rule("URI_reference").Expr.String(); got != "URI / relative / 'x'" {
		t.Errorf("URI_reference <- %s", got)
	}
	if got := f.Rule("host").Expr.String(); got != `'a' "b"` {
		t.Errorf("host <- %s", got)
	}
	if r := f.Rule("host_alone"); r.Line != 19 {
		t.Errorf("host_alone on line %d, want 19", r.Line)
	}
	if got := f.Entry("host"); got != "host_alone" {
		t.Errorf(`Entry("host") = %s`, got)
	}
	if got := f.Entry("URI-reference"); got != "URI_reference" {
		t.Errorf(`Entry("URI-reference") = %s`, got)
	}
}

// TestName checks the one mapping of BNF names to PEG names (grammar/README.md).
func TestName(t *testing.T) {
	for bnfName, want := range map[string]string{
		"URI-reference":  "URI_reference",
		"gopher+_string": "gopherplus_string",
		"host":           "host",
		"a-b+c-":         "a_bplusc_",
	} {
		if got := Name(bnfName); got != want {
			t.Errorf("Name(%q) = %q, want %q", bnfName, got, want)
		}
	}
}

// TestEscapes reads the escapes of pointlander/peg (peg.peg, Escape) in literals and classes.
func TestEscapes(t *testing.T) {
	for src, want := range map[string]string{
		`'\a\b\e\f\n\r\t\v'`: "\a\b\x1b\f\n\r\t\v",
		`'\A\N'`:             "\a\n", // a letter after the backslash in either case
		`'\'\"\[\]\-\\'`:     `'"[]-\`,
		`'\0x41\0X4a'`:       "AJ",
		`'\101\60\7'`:        "A0\a",
		`'"'`:                `"`,
		`"'"`:                `'`,
		`'%00'`:              "%00",
	} {
		f, err := Parse("t.peg", []byte("a <- "+src))
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if e := f.Rules[0].Expr; e.Kind != Lit || e.Text != want {
			t.Errorf("%s: %v %q, want %q", src, e.Kind, e.Text, want)
		}
	}
	for src, want := range map[string]string{
		`[\-.0-9]`:      "-.0123456789",
		`[\0x00-\0x03]`: "\x00\x01\x02\x03",
		`[\]\[\\]`:      `[\]`,
		`[[a-b]]`:       "ABab",
		`[[x]]`:         "Xx",
		`[a-a]`:         "a",
	} {
		f, err := Parse("t.peg", []byte("a <- "+src))
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if e := f.Rules[0].Expr; e.Kind != Class || string(e.Set.Bytes()) != want {
			t.Errorf("%s: %v %q, want %q", src, e.Kind, e.Set.Bytes(), want)
		}
	}
	// [^set] is !set . as pointlander/peg compiles it.
	f, err := Parse("t.peg", []byte("a <- [^a-c]"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Rules[0].Expr.String(); got != "![a-c] ." {
		t.Errorf("[^a-c] is %s", got)
	}
}

// TestExpressionForms reads every form of the notation, and writes it back.
func TestExpressionForms(t *testing.T) {
	for src, want := range map[string]string{
		`a <- b c / d`:               "b c / d",
		`a <- (b / c) d`:             "(b / c) d",
		`a <- !b &c e? f* g+`:        "!b &c e? f* g+",
		`a <- !(b c)*`:               "!(b c)*",
		`a <- . 'x' "y"`:             `. 'x' "y"`,
		"a <- b /":                   "b / ()", // pointlander/peg reads a final "/" as an empty alternative
		"a <- b ( )":                 "b ()",
		"a <- b\n  c\n\nd <- e":      "b c",
		"a ← b":                      "b",
		"a <- b # c <- d\n  / e":     "b / e",
		"a <- 'a' # comment\nb <- c": "'a'",
	} {
		f, err := Parse("t.peg", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if got := f.Rules[0].Expr.String(); got != want {
			t.Errorf("%q: %s, want %s", src, got, want)
		}
	}
}

// TestParseErrors holds the defects the reader refuses, each with where it is.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a <- 'x", "t.peg:1:8: unterminated literal"},
		{"a <- ''", "t.peg:1:6: empty literal: pointlander/peg drops it"},
		{"a <- '\\q'", "t.peg:1:7: unknown escape \\q"},
		{"a <- '\\0x100'", "escape \\0x100 is no byte"},
		{"a <- 'é'", "t.peg:1:7: non-ASCII character"},
		{"a <- [z-a]", "t.peg:1:10: range 'z'-'a' is empty"},
		{"a <- []", "empty class"},
		{"a <- [a", "unterminated class"},
		{"a <- (b", "t.peg:1:8: want ) to close the ( of line 1, column 6"},
		{"a <- b { act }", "t.peg:1:8: actions { } are not part of the .peg notation"},
		{"a <- &{ pred } b", "predicates are not part of the .peg notation"},
		{"a <- < b >", "captures < > are not part of the .peg notation"},
		{"a <- b\na <- c", "t.peg:2:1: rule a is defined twice"},
		{"a <-\nb <- c", "t.peg:1:1: rule a is empty"},
		{"a <- ( )", "t.peg:1:1: rule a is empty"},
		{"a <- b )", "t.peg:1:8: want a rule name"},
		{"'x'", "t.peg:1:1: want a rule name"},
		{"a b", "t.peg:1:3: want <- after the rule name a"},
		{"# start:\na <- b", "t.peg:1:1: \"# start:\" names no rule"},
		{"# start: a\n# start: b\na <- b", "t.peg:2:1: a second \"# start:\" line"},
		{"# folded x\na <- b", `t.peg:1:1: bad directive "# folded x": want "# folded NAME: reason"`},
		{"# folded x:\na <- b", "bad directive"},
		{"# folded x y: z\na <- b", "bad directive"},
		{"# folded x: y\n# folded x: z\na <- b", "t.peg:2:1: x is declared folded twice"},
		{"# extra b\nb <- c", "bad directive \"# extra b\""},
		{"# extra b like c: d\nb <- c", "after the name comes \"as BNFNAME\" or \"alone BNFNAME\""},
		{"# extra b-c: d\nb <- c", "bad directive"},
		{"# extra b: x\n# extra b: y\nb <- c", "b is declared extra twice"},
	} {
		_, err := Parse("t.peg", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error with %q", tc.src, err, tc.want)
		}
	}
}

// TestBadLines lists the lines with bytes other than printable ASCII and tabs.
func TestBadLines(t *testing.T) {
	f, err := Parse("t.peg", []byte("# é\na <- 'x'\t# tab\n# \x01\n# ok\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.BadLines; len(got) != 3 || got[0] != 1 || got[1] != 3 || got[2] != 4 {
		t.Errorf("BadLines %v, want [1 3 4]", got)
	}
}

// TestPrinted reads expressions as pointlander/peg v1.0.1 prints them (tree/peg.go, printRule,
// and escape: strconv.Quote's escapes, \' for ', a bare ").
func TestPrinted(t *testing.T) {
	for src, want := range map[string]string{
		`<('a' / [0-9])>`:             "[a] / [0-9]",
		`<(('2' '5' [0-5]) / [0-9])>`: "[2] [5] [0-5] / [0-9]",
		`<('\'' '"' '\\')>`:           `['] ["] [\\]`,
		`<[\x00-\x1f]>`:               `[\000-\037]`,
		`<(!. 'a'+ b?)>`:              "!. [a]+ b?",
		`<(('v' / 'V') x)>`:           "([v] / [V]) x",
		`<((a / b) / c)>`:             "(a / b) / c",
		`<'ab'>`:                      "'ab'",
	} {
		e, err := ParseExpr(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if got := e.String(); got != want {
			t.Errorf("%s: %s, want %s", src, got, want)
		}
	}
	for _, src := range []string{`<('a'`, `('a' | 'b')`, `{act}`, `'a' )`, `# c`} {
		if _, err := ParseExpr(src); err == nil {
			t.Errorf("%s: no error", src)
		}
	}
}

// TestPrintedExpressionsOfTheParsers reads every expression pointlander/peg printed in the
// generated parsers.
func TestPrintedExpressionsOfTheParsers(t *testing.T) {
	files, err := filepath.Glob("../../generated/*/parser.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no generated parsers: %v", err)
	}
	re := regexp.MustCompile(`(?m)^/\* ([A-Za-z_][A-Za-z0-9_]*) <- (.*) \*/$`)
	n := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			if _, err := ParseExpr(m[2]); err != nil {
				t.Errorf("%s, rule %s: %v", name, m[1], err)
			}
			n++
		}
	}
	if n < 300 {
		t.Errorf("%d printed expressions, want every rule's", n)
	}
}

// TestGrammarFiles reads every .peg file of grammar/.
func TestGrammarFiles(t *testing.T) {
	files, err := filepath.Glob("../../grammar/*.peg")
	if err != nil || len(files) != 8 {
		t.Fatalf("%d .peg files: %v", len(files), err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(name, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if len(f.Starts) == 0 || len(f.Rules) < 10 {
			t.Errorf("%s: %d start rules, %d rules", name, len(f.Starts), len(f.Rules))
		}
	}
}

// TestClassStringReadsBack writes sets as classes and reads them back.
func TestClassStringReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sets := []bnf.ByteSet{}
	var every, one, dash bnf.ByteSet
	every.AddRange(0, 255)
	one.Add(']')
	dash.AddRange('+', '.')
	sets = append(sets, every, one, dash)
	for i := 0; i < 200; i++ {
		var s bnf.ByteSet
		for n := rng.IntN(40) + 1; n > 0; n-- {
			lo := byte(rng.IntN(256))
			s.AddRange(lo, lo+byte(rng.IntN(int(255-lo)+1)/8))
		}
		sets = append(sets, s)
	}
	for _, s := range sets {
		text := ClassString(&s)
		f, err := Parse("t.peg", []byte("a <- "+text))
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if e := f.Rules[0].Expr; e.Kind != Class || e.Set != s {
			t.Errorf("%s read back as %v %q, want %q", text, e.Kind, e.Set.Bytes(), s.Bytes())
		}
	}
	if got := ClassString(&dash); got != `[+-.]` {
		t.Errorf("ClassString = %s", got)
	}
}

// TestCompose adds the character-set rules of the .bnf that the .peg declares folded.
func TestCompose(t *testing.T) {
	g, err := bnf.Parse("t.bnf", []byte("@case sensitive\ns = d x\nd = %x30-39\nx = \"x\" / \"-\"\nn = \"n\" \"m\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("# folded d: a set\n# folded x: a set\n# folded n: no set\ns <- [0-9] [x\\-]\nn <- 'nm'\n")
	f, err := Parse("t.peg", src)
	if err != nil {
		t.Fatal(err)
	}
	all, err := Parse("t.peg", Compose(g, f, src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range all.Rules {
		got = append(got, r.Name+" <- "+r.Expr.String())
	}
	if want := "s <- [0-9] [\\-x]|n <- 'nm'|d <- [0-9]|x <- [\\-x]"; strings.Join(got, "|") != want {
		t.Errorf("composed rules %q, want %q", strings.Join(got, "|"), want)
	}
}
