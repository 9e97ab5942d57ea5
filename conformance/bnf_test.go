package conformance

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

func TestParseBNFRulesAndAlternatives(t *testing.T) {
	g := mustParse(t, `; a comment line
@case insensitive   ; ABNF

host    = IP-literal / IPv4address
        / reg-name  ; continuation lines start with white space
IP-literal = "[" 1*HEXDIG "]"
IPv4address = 1*3DIGIT 3( "." 1*3DIGIT )
reg-name = *( ALPHA / DIGIT / "-" / "." )
host    =/ "*"
gopher+_string = *( %x21-7E )
DIGIT   = %x30-39
HEXDIG  = DIGIT | "A" | "B" | "C" | "D" | "E" | "F"
ALPHA   = %x41-5A / %x61-7A
unused  = "x"
`)
	if diff := cmp.Diff([]string{"host", "IP-literal", "IPv4address", "reg-name", "gopher+_string", "DIGIT", "HEXDIG", "ALPHA", "unused"}, g.Rules()); diff != "" {
		t.Errorf("Rules (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"host/1", "host/2", "host/3", "host/4"}, g.bnf.Alternatives("host")); diff != "" {
		t.Errorf("Alternatives(host) (-want +got):\n%s", diff)
	}
	if got := g.bnf.Alternatives("nosuch"); got != nil {
		t.Errorf("Alternatives(nosuch) = %v", got)
	}
	for name, want := range map[string]string{
		"host/2":         "IPv4address",
		"host/4":         `"*"`,
		"IPv4address":    `1*3DIGIT 3( "." 1*3DIGIT )`,
		"gopher+_string": "*%x21-7E",
		"HEXDIG/1":       "DIGIT",
		"host/5":         "",
		"nosuch/1":       "",
	} {
		if got := g.bnf.AlternativeText(name); got != want {
			t.Errorf("AlternativeText(%s) = %q, want %q", name, got, want)
		}
	}
	if diff := cmp.Diff([]string{"host", "IP-literal", "IPv4address", "reg-name", "DIGIT", "HEXDIG", "ALPHA"}, g.bnf.Reachable("host")); diff != "" {
		t.Errorf("Reachable(host) (-want +got):\n%s", diff)
	}
	if !g.bnf.CaseInsensitive || g.bnf.Name != "test.bnf" || g.bnf.Rule("gopher+_string") == nil || g.bnf.Rule("gopher") != nil {
		t.Errorf("CaseInsensitive, Name or HasRule wrong")
	}
	checkLanguage(t, g, "host", inLanguage{"*": true, "[0aF]": true, "1.2.3.4": true, "a-b": true, "1.2.3": true, "[]": false})
}

func TestParseBNFErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // each error's text, in order
	}{
		{"undefined rule", "@case sensitive\na = b c\nc = \"x\"\n   d\n",
			[]string{"test.bnf:2:5: undefined rule b", "test.bnf:4:4: undefined rule d"}},
		{"duplicate rule", "@case sensitive\na = \"x\"\nb = a\na = \"y\"\n",
			[]string{"test.bnf:4:1: duplicate rule a (first defined on line 2; use =/ to add alternatives)"}},
		{"incremental alternative of an undefined rule", "@case sensitive\na =/ \"x\"\n",
			[]string{"test.bnf:2:1: =/ adds alternatives to a, which is not defined above"}},
		{"bad character", "@case sensitive\na = \"x\" & \"y\"\n",
			[]string{`test.bnf:2:9: unexpected character '&'`}},
		{"non-ASCII byte", "@case sensitive\na = \"x\" \xc3\xa9\n",
			[]string{"test.bnf:2:9: unexpected byte 0xC3", "test.bnf:2:10: unexpected byte 0xA9"}},
		{"missing @case", "a = \"x\"\n",
			[]string{"test.bnf:1:1: missing @case sensitive|insensitive before the first rule"}},
		{"@case after a rule", "@case sensitive\na = \"x\"\n@case insensitive\n",
			[]string{"test.bnf:3:1: @case given twice", "test.bnf:3:1: @case must come before the first rule"}},
		{"bad @case", "@case maybe\na = \"x\"\n",
			[]string{`test.bnf:1:1: @case "maybe": want sensitive or insensitive`}},
		{"unknown directive", "@start a\n@case sensitive\na = \"x\"\n",
			[]string{"test.bnf:1:1: unknown directive @start (only @case exists)"}},
		{"unclosed group", "@case sensitive\na = ( \"x\" / \"y\"\nb = \"z\"\n",
			[]string{`test.bnf:2:5: rule a: "(" opened here is not closed by ")" (found "b" on line 3)`}},
		{"unterminated string", "@case sensitive\na = \"x\n",
			[]string{"test.bnf:2:5: unterminated quoted string"}},
		{"prose value", "@case sensitive\na = 0<pchar>\n",
			[]string{"test.bnf:2:6: prose value <...> is not allowed: write the rule out"}},
		{"value beyond a byte", "@case sensitive\na = %x100\n",
			[]string{"test.bnf:2:5: %x100: value beyond one byte (the recognizer works on bytes)"}},
		{"empty range", "@case sensitive\na = %x39-30\n",
			[]string{"test.bnf:2:5: %x39-30: empty range"}},
		{"inverted repetition", "@case sensitive\na = 3*2\"x\"\n",
			[]string{"test.bnf:2:5: repetition 3*2: minimum 3 is greater than maximum 2"}},
		{"empty alternative", "@case sensitive\na = \"x\" / / \"y\"\n",
			[]string{`test.bnf:2:11: rule a: empty alternative (write "" for the empty string)`}},
		{"no definition", "@case sensitive\na \"x\"\n",
			[]string{"test.bnf:2:3: rule a: want = or =/ after the name"}},
		{"indented rule", "@case sensitive\n  a = \"x\"\n",
			[]string{`test.bnf:2:3: indented "a" outside a rule (a rule starts in column 1)`}},
		{"rule starting with an operator", "@case sensitive\n/ a = \"x\"\n",
			[]string{`test.bnf:2:1: a rule must start with its name, not "/"`}},
		{"no rules", "@case sensitive\n; nothing\n", []string{"test.bnf:1: no rules"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParseBNF("test.bnf", []byte(tc.src))
			if err == nil {
				t.Fatalf("ParseBNF succeeded with %d rules", len(g.Rules()))
			}
			var list bnf.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %T is not an ErrorList", err)
			}
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			if err.Error() != strings.Join(tc.want, "\n") {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
}

// TestParseBNFNotation holds the reader to each form of grammar/README.md's table.
func TestParseBNFNotation(t *testing.T) {
	g := mustParse(t, "@case sensitive\r\n"+ // CRLF line ends are read too
		`seq    = "a" "b"
alt1   = "a" | "b"
alt2   = "a" / "b"
group  = ( "a" / "b" ) "c"
opt    = "a" [ "b" ] "c"
rep    = *"a"
rep1   = 1*"a"
rep4   = *4"a"
rep14  = 1*4"a"
exact  = 4"a"
staropt = *[ "a" "b" ]
empty  = ""
val    = %x41
dval   = %d66
bval   = %b1000011
range  = %x30-39
vseq   = %x0D.0A
dseq   = %d13.10
text   = "text"
name-with_parts+1 = seq
`)
	for rule, want := range map[string]inLanguage{
		"seq":   {"ab": true, "a": false, "ba": false},
		"alt1":  {"a": true, "b": true, "ab": false},
		"alt2":  {"a": true, "b": true, "": false},
		"group": {"ac": true, "bc": true, "c": false},
		"opt":   {"ac": true, "abc": true, "abbc": false},
		"rep":   {"": true, "aaaa": true},
		"rep1":  {"": false, "a": true, "aaaaa": true},
		"rep4":  {"": true, "aaaa": true, "aaaaa": false},
		"rep14": {"": false, "a": true, "aaaa": true, "aaaaa": false},
		"exact": {"aaa": false, "aaaa": true, "aaaaa": false},
		// RFC 1738's *[ a ] is * applied to [ a ]: zero or more a.
		"staropt":           {"": true, "ab": true, "ababab": true, "aba": false},
		"empty":             {"": true, "a": false},
		"val":               {"A": true, "a": false},
		"dval":              {"B": true, "b": false},
		"bval":              {"C": true, "c": false},
		"range":             {"0": true, "9": true, "5": true, "a": false, "/": false, ":": false},
		"vseq":              {"\r\n": true, "\r": false, "\n": false},
		"dseq":              {"\r\n": true},
		"text":              {"text": true, "Text": false, "TEXT": false},
		"name-with_parts+1": {"ab": true},
	} {
		checkLanguage(t, g, rule, want)
	}
}
