package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestVersionsRules checks "versions --rules ID": every rule of the document, one per line,
// in its order (RFC 3986 Appendix A begins with URI, hier-part, URI-reference).
func TestVersionsRules(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runVersions([]string{"--rules", "rfc3986"}, nil, &out, &errOut); code != exitValid || errOut.Len() > 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if want := urlgrammar.RFC3986.Spec().Rules; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %q, want %q", got, want)
	}
	if len(got) < 3 || got[0] != "URI" || got[1] != "hier-part" || got[2] != "URI-reference" {
		t.Errorf("got %q, want URI, hier-part, URI-reference first", got)
	}
	for _, args := range [][]string{{"--rules", "rfc9999"}, {"extra"}} {
		out.Reset()
		errOut.Reset()
		if code := runVersions(args, nil, &out, &errOut); code != exitUsage || errOut.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}
