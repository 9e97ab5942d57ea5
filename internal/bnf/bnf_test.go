package bnf

import (
	"errors"
	"testing"
)

// TestParseTree holds Parse to the shape of what it returns: rules in definition order with =/
// alternatives appended, references resolved, character-set rules found with their bytes, and
// each element's text as written. (The conformance package tests the notation's meaning.)
func TestParseTree(t *testing.T) {
	g, err := Parse("test.bnf", []byte(`@case insensitive
host     = reg-name / "[" 1*HEXDIG "]"
reg-name = *( ALPHA / "-" ) [ "." ]
host     =/ %x2A.2A
HEXDIG   = DIGIT / "A" / %x62-63
DIGIT    = %x30-39
ALPHA    = %x41-5A / %x61-7A
`))
	if err != nil {
		t.Fatal(err)
	}
	if g.Name != "test.bnf" || !g.CaseInsensitive || len(g.Rules) != 5 {
		t.Fatalf("Name %q, CaseInsensitive %v, %d rules", g.Name, g.CaseInsensitive, len(g.Rules))
	}
	host := g.Rule("host")
	if host == nil || host.Index != 0 || host.Line != 2 || len(host.Alts) != 3 || host.Charset {
		t.Fatalf("host = %+v", host)
	}
	if a := host.Alts[0]; a.Kind != Ref || a.Ref != g.Rule("reg-name") || a.Src != "reg-name" {
		t.Errorf("host/1 = %+v", a)
	}
	if a := host.Alts[1]; a.Kind != Seq || len(a.Subs) != 3 || a.Subs[1].Kind != Rep || a.Subs[1].Min != 1 || a.Subs[1].Max != -1 || a.Subs[1].Subs[0].Ref != g.Rule("HEXDIG") {
		t.Errorf("host/2 = %v", a)
	}
	if a := host.Alts[2]; a.Kind != Bytes || a.Text != "**" || a.Src != "%x2A.2A" || a.Line != 4 {
		t.Errorf("host/3 = %+v", a)
	}
	if r := g.Rule("reg-name"); r.Alts[0].Kind != Seq || r.Alts[0].Subs[1].Kind != Opt {
		t.Errorf("reg-name = %v", r.Alts[0])
	}
	hex := g.Rule("HEXDIG")
	if !hex.Charset || hex.Alts[2].Kind != Range || hex.Alts[2].Lo != 'b' || hex.Alts[2].Hi != 'c' {
		t.Errorf("HEXDIG = %+v", hex)
	}
	for _, c := range []byte("0123456789Aabc") {
		if !hex.Set.Has(c) {
			t.Errorf("HEXDIG lacks %q", c)
		}
	}
	if hex.Set.Has('d') || hex.Set.Has('B') || g.Rule("reg-name").Charset {
		t.Errorf("HEXDIG has d or B (hex ranges are case-sensitive), or reg-name is taken for a character set")
	}
	if g.Rule("nosuch") != nil {
		t.Error("Rule(nosuch) is not nil")
	}
}

func TestParseErrorList(t *testing.T) {
	_, err := Parse("bad.bnf", []byte("@case sensitive\na = b\n"))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Line != 2 || list[0].Error() != "bad.bnf:2:5: undefined rule b" {
		t.Fatalf("err = %v", err)
	}
}

// TestReachableSkipsZeroRepetitions checks that a rule used only under a repetition of zero
// times, as RFC 3986 section 3.3 writes path-empty = 0<pchar>, is not reachable: no string
// derives it, so no sample can exercise it.
func TestReachableSkipsZeroRepetitions(t *testing.T) {
	g, err := Parse("test.bnf", []byte(`@case sensitive
path-empty = 0pchar
path       = "/" *pchar / path-empty
pchar      = "a" / pct
pct        = "%" "4" "1"
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		start string
		want  string
	}{
		{"path-empty", "path-empty"},
		{"path", "path-empty path pchar pct"},
	} {
		got := ""
		for i, r := range g.Reachable(c.start) {
			if i > 0 {
				got += " "
			}
			got += r
		}
		if got != c.want {
			t.Errorf("Reachable(%s) = %q, want %q", c.start, got, c.want)
		}
	}
}
