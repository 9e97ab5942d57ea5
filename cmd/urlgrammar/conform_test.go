package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

func TestConform(t *testing.T) {
	var out, errOut bytes.Buffer
	code := runConform([]string{"-g", "rfc3986", "-n", "400", "-seed", "7"}, &out, &errOut)
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
	if code := runConform([]string{"-g", "rfc3986", "-rule", "URI", "-n", "10"}, &out, &errOut); code != exitValid ||
		!strings.HasPrefix(out.String(), "rfc3986 URI: 10 samples") || strings.Count(out.String(), "\n") != 2 {
		t.Errorf("-rule URI: exit %d, output:\n%s", code, out.String())
	}
}

func TestConformUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-g", "nosuch"},
		{"-g", "rfc3986", "-rule", "hostname"}, // a rule of RFC 2396, not of RFC 3986
		{"-rule", "URI"},
		{"-n", "-1"},
		{"-g", "rfc3986", "extra"},
		{"-bogus"},
	} {
		var out, errOut bytes.Buffer
		if code := runConform(args, &out, &errOut); code != exitUsage || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}
