package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

// checkBNF is the .bnf of TestCheckMalformed, and checkPEG its transcription, which follows
// every convention of grammar/README.md.
const checkBNF = `@case sensitive
uri = scheme ":" rest-part
scheme = 1*alpha
rest-part = *alpha
alpha = %x61-7A
`

const checkPEG = `# start: uri
# folded alpha: a character set, written inline as [a-z]

# uri = scheme ":" rest-part
uri <- scheme ':' rest_part

# scheme = 1*alpha
# PEG: a note
scheme <- [a-z]+

# rest-part = *alpha
rest_part <- [a-z]*
`

// TestCheckMalformed holds .peg files that break a convention of grammar/README.md, each
// changed from checkPEG by one edit, against the reading and checking that gen does before it
// runs pointlander/peg (readPEG): each gets its error.
func TestCheckMalformed(t *testing.T) {
	g, err := bnf.Parse("t.bnf", []byte(checkBNF))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readPEG("t", g, []byte(checkPEG)); err != nil {
		t.Fatalf("the well-formed .peg: %v", err)
	}
	for _, tc := range []struct {
		name     string
		old, new string // checkPEG with old replaced by new
		bnf      string // the .bnf, when not checkBNF
		want     string
		wantAlso string
	}{
		{name: "missing BNF comment", old: "# rest-part = *alpha\n", new: "",
			want: `PEG rule rest_part has no "# rest-part = …" comment above it`},
		{name: "BNF comment not the rule", old: "# rest-part = *alpha", new: "# rest-part = 1*alpha",
			want: "the comment above PEG rule rest_part is not its BNF rule:\n\t.peg: 1*alpha\n\t.bnf: *alpha"},
		{name: "BNF comment continued", old: "# rest-part = *alpha", new: "# rest-part = *alpha\n#   / scheme",
			want: "the comment above PEG rule rest_part is not its BNF rule:\n\t.peg: *alpha / scheme\n\t.bnf: *alpha"},
		{name: "BNF comment that does not read", old: "# rest-part = *alpha", new: "# rest-part = *(alpha",
			want: "the BNF rules in the comments of the .peg:"},
		{name: "name not mapped", old: "rest_part <- [a-z]*", new: "restpart <- [a-z]*",
			want: "BNF rule rest-part has no PEG rule rest_part", wantAlso: `PEG rule restpart is no BNF rule and has no "# extra restpart: reason" line`},
		{name: "name mapped wrong", old: "uri <- scheme ':' rest_part", new: "uri <- scheme ':' rest-part",
			want: "t.peg:5:23: unexpected '-'"},
		{name: "rule missing", old: "# scheme = 1*alpha\n# PEG: a note\nscheme <- [a-z]+\n", new: "",
			want: "BNF rule scheme has no PEG rule scheme"},
		{name: "undefined extra", old: "# start: uri\n", new: "# start: uri\n# extra helper: a rule no rule has\n",
			want: `"# extra helper": the .peg has no rule helper`},
		{name: "extra as no BNF rule", old: "rest_part <- [a-z]*\n", new: "rest_part <- [a-z]*\n# extra more as nosuch: r\nmore <- 'm'\n",
			want: `"# extra more as nosuch": nosuch is no BNF rule`},
		{name: "extra alone for no rule", old: "rest_part <- [a-z]*\n", new: "rest_part <- [a-z]*\n# extra more alone alpha: r\nmore <- 'm'\n",
			want: `"# extra more alone alpha": alpha is no BNF rule with a PEG rule`},
		{name: "two rules alone", old: "rest_part <- [a-z]*\n", new: "rest_part <- [a-z]*\n# extra r1 alone scheme: r\nr1 <- 'm'\n# extra r2 alone scheme: r\nr2 <- 'n'\n",
			want: "scheme has two rules for matching it alone, r1 and r2"},
		{name: "a BNF rule declared extra", old: "# start: uri\n", new: "# start: uri\n# extra scheme: r\n",
			want: "PEG rule scheme is a BNF rule and is also declared extra"},
		{name: "bad directive", old: "# folded alpha: a character set, written inline as [a-z]", new: "# folded alpha",
			want: `t.peg:2:1: bad directive "# folded alpha": want "# folded NAME: reason"`},
		{name: "bad extra directive", old: "# start: uri\n", new: "# start: uri\n# extra helper for scheme: r\n",
			want: `t.peg:2:1: bad directive "# extra helper for scheme: r": after the name comes "as BNFNAME" or "alone BNFNAME"`},
		{name: "folded names no rule", old: "# start: uri\n", new: "# start: uri\n# folded beta: r\n",
			want: `"# folded beta" names no BNF rule`},
		{name: "folded set with a rule", old: "rest_part <- [a-z]*\n", new: "rest_part <- [a-z]*\n# alpha = %x61-7A\nalpha <- [a-z]\n",
			want: "BNF rule alpha is a folded character-set rule, which gen writes; the .peg has PEG rule alpha for it"},
		{name: "folded rule that is no set", old: "# start: uri\n", new: "# start: uri\n# folded scheme: r\n",
			want: ""},
		{name: "folded rule that is no set, without its rule", old: "# scheme = 1*alpha\n# PEG: a note\nscheme <- [a-z]+\n", new: "# folded scheme: r\n",
			want: "BNF rule scheme is folded but no character-set rule: it needs a PEG rule scheme of its own, for matching it alone"},
		{name: "no start line", old: "# start: uri\n", new: "",
			want: `no "# start: rule …" line`},
		{name: "start rule not a rule", old: "# start: uri", new: "# start: uri nosuch",
			want: "start rule nosuch is not a BNF rule with a PEG rule"},
		{name: "_start", old: "rest_part <- [a-z]*\n", new: "rest_part <- [a-z]*\n# extra _start: r\n_start <- 'x'\n",
			want: "the rule name _start is reserved for gen"},
		{name: "non-ASCII literal", old: "rest_part <- [a-z]*", new: "rest_part <- [a-z]* 'é'",
			want: "t.peg:12:22: non-ASCII character: literals and sets are ASCII only (write an escape)"},
		{name: "non-ASCII comment", old: "# PEG: a note", new: "# PEG: a note, naïvely",
			want: "non-ASCII or control characters in the .peg (line 8): literals and sets are ASCII only"},
		{name: "control character", old: "# PEG: a note", new: "# PEG: a note\r",
			want: "non-ASCII or control characters in the .peg (line 8)"},
		{name: "rule defined twice", old: "rest_part <- [a-z]*\n", new: "rest_part <- [a-z]*\nrest_part <- [a-z]+\n",
			want: "t.peg:13:1: rule rest_part is defined twice"},
		{name: "syntax", old: "rest_part <- [a-z]*", new: "rest_part <- ([a-z]*",
			want: "t.peg:13:1: want ) to close the ( of line 12, column 14"},
		{name: "action", old: "rest_part <- [a-z]*", new: "rest_part <- [a-z]* { p.x() }",
			want: "actions { } are not part of the .peg notation"},
		{name: "two BNF rules, one PEG name", old: "rest_part <- [a-z]*\n", new: "rest_part <- [a-z]*\n# rest_part = *alpha\n",
			bnf:  checkBNF + "rest_part = *alpha\n",
			want: "BNF rules rest-part and rest_part map to the same PEG name rest_part"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(checkPEG, tc.old, tc.new, 1)
			if src == checkPEG {
				t.Fatalf("%q is not in checkPEG", tc.old)
			}
			gr := g
			if tc.bnf != "" {
				var err error
				if gr, err = bnf.Parse("t.bnf", []byte(tc.bnf)); err != nil {
					t.Fatal(err)
				}
			}
			_, err := readPEG("t", gr, []byte(src))
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%v, want no error", err)
			case tc.want == "":
			case err == nil:
				t.Errorf("no error, want %q", tc.want)
			case !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.wantAlso):
				t.Errorf("%v\nwant an error with %q %q", err, tc.want, tc.wantAlso)
			}
		})
	}
}

// TestCheckGrammars checks every grammar/<id>.peg against its .bnf, as go generate does.
func TestCheckGrammars(t *testing.T) {
	ids, err := grammarIDs(filepath.Join("..", "grammar"))
	if err != nil || len(ids) == 0 {
		t.Fatalf("no grammars: %v", err)
	}
	for _, id := range ids {
		bnfSrc, err := os.ReadFile(filepath.Join("..", "grammar", id+".bnf"))
		if err != nil {
			t.Fatal(err)
		}
		pegSrc, err := os.ReadFile(filepath.Join("..", "grammar", id+".peg"))
		if err != nil {
			t.Fatal(err)
		}
		g, err := bnf.Parse(id+".bnf", bnfSrc)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := readPEG(id, g, pegSrc); err != nil {
			t.Errorf("%v", err)
		}
	}
}
