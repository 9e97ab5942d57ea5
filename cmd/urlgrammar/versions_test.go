package main

import (
	"bytes"
	"encoding/json"
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

// TestVersionsNamesEach: each version with the month and year of its document (RFC 1738,
// December 1994; the 2003 draft, March 2003; the URL draft of March 1994), and which of them
// the question "1994 against 2003" compares.
func TestVersionsNamesEach(t *testing.T) {
	out, _, status := runCLI(t, "", "versions")
	for _, want := range []string{
		"rfc1738    December 1994  RFC 1738, \"Uniform Resource Locators (URL)\"\n",
		"draft1994  March 1994     draft-ietf-uri-url-03",
		"draft2003  March 2003     draft-fielding-uri-rfc2396bis-01",
		"is rfc1738 against draft2003 (compare --question):\nRFC 1738 (December 1994) against the 2003 draft of RFC 2396bis (March 2003);\ndraft1994 is the 1994 URL draft (March 1994), before RFC 1738.\n",
	} {
		if status != exitValid || !strings.Contains(out, want) {
			t.Errorf("status %d, no %q in\n%s", status, want, out)
		}
	}
	out, _, _ = runCLI(t, "", "versions", "--format", "json")
	var v versionLine
	if lines := strings.Split(out, "\n"); len(lines) != 9 || json.Unmarshal([]byte(lines[2]), &v) != nil ||
		v.Version != "rfc1738" || v.Name != "RFC 1738" || v.Date != "1994-12" || v.StartRules[0] != "url" {
		t.Errorf("json: %+v\n%s", v, out)
	}
}
