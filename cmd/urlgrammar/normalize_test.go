package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestNormalizeCommand(t *testing.T) {
	// RFC 3986 section 6.2.2 and 6.2.3; an invalid input gives an "error" line and status 1.
	out, errOut, status := runResolveCmd("", "normalize", "-g", "rfc3986", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "http://example.com:80", "a b")
	lines := strings.Split(out, "\n")
	if len(lines) != 4 || lines[0] != "example://a/b/c/%7Bfoo%7D" || lines[1] != "http://example.com/" ||
		!strings.HasPrefix(lines[2], "error\trfc3986 URI-reference \"a b\": byte 1: ") || status != exitInvalid {
		t.Errorf("normalize -g rfc3986: stdout %q, status %d (stderr %q)", out, status, errOut)
	}
	// Standard input, one step, JSON. RFC 2396 section 2.3: "~" is unreserved.
	out, _, status = runResolveCmd("HTTP://a:80/%7e\n", "normalize", "-g", "rfc2396", "--steps", "percent-encoding", "--format", "json")
	var res normalizeResult
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Normal != "HTTP://a:80/~" || status != exitValid {
		t.Errorf("normalize --json: %q (%v), status %d", out, err, status)
	}
	for _, args := range [][]string{
		{"normalize", "x:"},
		{"normalize", "-g", "rfc1808", "x:"}, // RFC 1808 defines no normalization
		{"normalize", "-g", "rfc2396", "--steps", "path-segments", "x:"},
	} {
		if _, errOut, status := runResolveCmd("", args...); status != exitUsage || errOut == "" {
			t.Errorf("%q: status %d, stderr %q; want status %d and a message", args, status, errOut, exitUsage)
		}
	}
}

func TestEquivCommand(t *testing.T) {
	out, _, status := runResolveCmd("", "equiv", "-g", "rfc3986", "http://a/%7Euser", "http://a/~user")
	if want := "equivalent\tpercent-encoding\tsection 6.2.2.2\thttp://a/~user\n"; out != want || status != exitValid {
		t.Errorf("equiv -g rfc3986: %q, status %d; want %q, 0", out, status, want)
	}
	// Pairs from standard input; RFC 3986 section 6.2.3: "http://example.com/?" is not
	// equivalent to "http://example.com/".
	out, _, status = runResolveCmd("http://example.com/?\thttp://example.com/\nx:\tx:\n", "equiv", "-g", "rfc3986")
	if want := "different\tonly the first has a query\thttp://example.com/?\thttp://example.com/\nequivalent\tsimple-comparison\t\tx:\n"; out != want || status != exitInvalid {
		t.Errorf("equiv -g rfc3986 (stdin): %q, status %d; want %q, 1", out, status, want)
	}
	// Across versions: RFC 1738's grammar has no "~" (section 2.2: it is unsafe).
	out, _, status = runResolveCmd("", "equiv", "--all", "http://a/%7Euser", "http://a/~user")
	if !strings.Contains(out, "(error [1])  = percent-encoding") || !strings.Contains(out, "[1] rfc1738: ") ||
		!strings.Contains(out, "not compared: draft1993, draft1994, rfc1808") || status != exitInvalid {
		t.Errorf("equiv --all: %q, status %d", out, status)
	}
	out, _, _ = runResolveCmd("", "equiv", "--all", "--format", "json", "HTTP://www.XEROX.com", "http://www.xerox.com")
	var line equivLine
	if err := json.Unmarshal([]byte(out), &line); err != nil || len(line.Results) != 5 || line.Results["rfc2396"].Step != "case" ||
		line.Results["rfc1738"].Equivalent {
		t.Errorf("equiv --all --json: %q (%v)", out, err)
	}
	for _, args := range [][]string{
		{"equiv", "-g", "rfc3986", "a"},
		{"equiv", "-g", "rfc3986", "--all", "a", "b"},
		{"equiv", "-g", "draft1993", "a", "b"},
	} {
		if _, errOut, status := runResolveCmd("", args...); status != exitUsage || errOut == "" {
			t.Errorf("%q: status %d, stderr %q; want status %d and a message", args, status, errOut, exitUsage)
		}
	}
}

func TestResolveRelativeCommand(t *testing.T) {
	// The targets of RFC 3986 section 5.4.1 back to their shortest references.
	out, errOut, status := runResolveCmd("", "resolve", "--relative", "-g", "rfc3986", docBase, "http://a/b/c/g", "http://a/b/c/d;p?y", docBase, "g:h", "http://a/./g")
	lines := strings.Split(out, "\n")
	if len(lines) != 6 || strings.Join(lines[:4], "|") != "g|?y||g:h" || !strings.HasPrefix(lines[4], "error\t") || status != exitInvalid {
		t.Errorf("resolve --relative: stdout %q, status %d (stderr %q)", out, status, errOut)
	}
	// The 1997 draft's "?y" means http://a/b/c/?y (Appendix C).
	out, _, status = runResolveCmd("http://a/b/c/?y\n", "resolve", "--relative", "-g", "draft1997", "--format", "json", docBase)
	var res relativeResult
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Ref != "?y" || status != exitValid {
		t.Errorf("resolve --relative --json: %q (%v), status %d", out, err, status)
	}
	if _, errOut, status := runResolveCmd("", "resolve", "--relative", "--all", docBase, "g"); status != exitUsage || errOut == "" {
		t.Errorf("resolve --relative --all: status %d, stderr %q; want a usage error", status, errOut)
	}
}
