package urlgrammar

import (
	"slices"
	"testing"
)

// TestFills: every registered version declares its fills, and every rule they name is a rule
// of its grammar (by its name in the document, or the PEG name of an extra rule).
func TestFills(t *testing.T) {
	for _, v := range Versions() {
		info := v.info()
		if len(info.fills) == 0 {
			t.Errorf("%v: no fills: Parse would give no components (add a table to fills.go)", v)
			continue
		}
		if _, err := newWalker(info.grammar, info.fills); err != nil {
			t.Errorf("%v: %v", v, err)
		}
	}
}

// TestDetailsOnce: Segments and Parts read a URL again at most once between them (RFC 1738
// section 3.2's ftp URL has both), and later calls reuse what the first found.
func TestDetailsOnce(t *testing.T) {
	u, err := Parse(RFC1738, "ftp://host/a/b;type=d")
	if err != nil {
		t.Fatal(err)
	}
	if u.more.Load() != nil {
		t.Fatal("Parse found the details already")
	}
	segs := u.Segments()
	d := u.more.Load()
	if d == nil || len(segs) != 2 {
		t.Fatalf("Segments = %v, details %v", segs, d)
	}
	if p, ok := u.Parts().(*FTP); !ok || p.Typecode.Text != "d" {
		t.Errorf("Parts = %#v, want an FTP with typecode d", u.Parts())
	}
	if u.more.Load() != d {
		t.Error("Parts found the details again")
	}
	// Once found, the segments cost the slice Segments returns and nothing else.
	if a := testing.AllocsPerRun(10, func() { u.Segments() }); a != 1 {
		t.Errorf("Segments allocates %v times once the details are found, want 1", a)
	}
}

// TestDefaultReading: every rule of a version's default reading (RFC 1738's per-scheme rules
// and genericurl) is a start rule of its grammar.
func TestDefaultReading(t *testing.T) {
	for _, v := range Versions() {
		info := v.info()
		for _, sr := range info.schemeRules {
			if sr.start < 0 || info.grammar.Rules[sr.start] != sr.rule || !slices.Contains(info.grammar.Starts, sr.rule) {
				t.Errorf("%v: scheme %s: rule %s is not start rule number %d", v, sr.scheme, sr.rule, sr.start)
			}
		}
		if info.schemeRules != nil && info.otherStart < 0 {
			t.Errorf("%v: %s is no start rule", v, info.otherRule)
		}
	}
}
