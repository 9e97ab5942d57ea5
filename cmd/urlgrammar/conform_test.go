package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

func TestConform(t *testing.T) {
	var out, errOut bytes.Buffer
	code := runConform([]string{"-g", "rfc3986", "--samples", "400", "-seed", "7"}, nil, &out, &errOut)
	if code != exitValid || errOut.Len() > 0 {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errOut.String(), out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	// One agreement line and one coverage line per rule of rfc3986, in the document's order.
	var rules []string
	for _, l := range lines {
		if !strings.HasPrefix(l, " ") {
			f := strings.Fields(l)
			rules = append(rules, strings.TrimSuffix(f[1], ":"))
			if !strings.Contains(l, "400 samples") || !strings.HasSuffix(l, "0 disagree") {
				t.Errorf("line %q", l)
			}
		} else if !strings.HasPrefix(l, "  coverage: ") {
			t.Errorf("line %q", l)
		}
	}
	if got, want := strings.Join(rules, " "), strings.Join(urlgrammar.RFC3986.Spec().Rules, " "); got != want || !strings.HasPrefix(got, "URI hier-part URI-reference") ||
		!strings.Contains(got, " host port IP-literal IPvFuture IPv6address ") || !strings.HasSuffix(got, " ALPHA DIGIT HEXDIG") {
		t.Errorf("rules %q, want %q", got, want)
	}

	out.Reset()
	if code := runConform([]string{"-g", "rfc3986", "-rule", "URI", "--samples", "10"}, nil, &out, &errOut); code != exitValid ||
		!strings.HasPrefix(out.String(), "rfc3986 URI: 10 samples") || strings.Count(out.String(), "\n") != 2 {
		t.Errorf("-rule URI: exit %d, output:\n%s", code, out.String())
	}
}

// TestConformCover runs the W-method suite of a few rules of RFC 3986: one line per rule with
// the minimal DFA's size, then the totals. Section 3.2.3's port = *DIGIT has two states: digits
// so far (initial, accepting) and dead (after anything else), two byte classes, and ε tells
// the states apart.
func TestConformCover(t *testing.T) {
	var out, errOut bytes.Buffer
	code := runConform([]string{"-g", "rfc3986", "-rule", "port", "--cover"}, nil, &out, &errOut)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if code != exitValid || errOut.Len() > 0 || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], "rfc3986 port: 2 states, 2 byte classes, 4 transitions, W 1, k 0: ") ||
		!strings.HasSuffix(lines[0], "256 bytes); disagreements: parser 0, automaton 0") ||
		!strings.HasPrefix(lines[1], "total: 1 rules, 2 states, 4 transitions, ") ||
		!strings.HasSuffix(lines[1], "disagreements: parser 0, automaton 0") {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errOut.String(), out.String())
	}
	out.Reset()
	code = runConform([]string{"-g", "rfc3986", "--cover", "-budget", "100", "-k", "1"}, nil, &out, &errOut)
	lines = strings.Split(strings.TrimSpace(out.String()), "\n")
	if code != exitValid || len(lines) != len(urlgrammar.RFC3986.Spec().Rules)+1 ||
		!strings.Contains(lines[0], "rfc3986 URI: ") || !strings.Contains(lines[0], ", k 1: ") ||
		!strings.Contains(lines[0], " of ") || !strings.Contains(lines[len(lines)-1], "rules over the budget") {
		t.Errorf("-budget 100 -k 1: exit %d, output:\n%s", code, out.String())
	}
}

// TestConformProve proves the rules of RFC 3986: every rule of its document, matched alone by
// its PEG rule, accepts the language of its BNF rule. Nothing but the line of the version and
// the total is printed when every rule is proven.
func TestConformProve(t *testing.T) {
	var out, errOut bytes.Buffer
	code := runConform([]string{"-g", "rfc3986", "--prove"}, nil, &out, &errOut)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	n := len(urlgrammar.RFC3986.Spec().Rules)
	if code != exitValid || errOut.Len() > 0 || len(lines) != 2 ||
		lines[0] != fmt.Sprintf("rfc3986: %d of %d rules proven equal to the BNF", n, n) ||
		!strings.HasPrefix(lines[1], fmt.Sprintf("total: %d of %d rules proven equal to the BNF, ", n, n)) {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errOut.String(), out.String())
	}
	// Section 3.2.3's port = *DIGIT: digits so far (accepting) and dead.
	out.Reset()
	code = runConform([]string{"-g", "rfc3986", "-rule", "port", "--prove"}, nil, &out, &errOut)
	if want := "rfc3986: 1 of 1 rules proven equal to the BNF\ntotal: 1 of 1 rules proven equal to the BNF, 2 states, in "; code != exitValid || !strings.HasPrefix(out.String(), want) {
		t.Errorf("-rule port: exit %d, output:\n%s", code, out.String())
	}
}

func TestConformUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-g", "nosuch"},
		{"-g", "rfc3986", "-rule", "hostname"}, // a rule of RFC 2396, not of RFC 3986
		{"-rule", "URI"},
		{"--samples", "-1"},
		{"-n", "10"},                              // -n is a line number, as everywhere: conform has none
		{"-g", "rfc3986,rfc1738", "-rule", "URI"}, // a rule of one version
		{"--cover", "-budget", "-1"},
		{"--cover", "--prove"},
		{"-g", "rfc3986", "extra"},
		{"-bogus"},
	} {
		var out, errOut bytes.Buffer
		if code := runConform(args, nil, &out, &errOut); code != exitUsage || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}
