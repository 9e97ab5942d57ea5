package main

import (
	"bufio"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

func TestParseCommand(t *testing.T) {
	// RFC 1738 section 3.1: "ftp://foo:@host.com/" has the user name "foo" and an empty
	// password; section 3.2.2: its url-path is empty. Section 3.6: news:* is all groups.
	out, errOut, status := runCLI(t, "ftp://foo:@host.com/\nnews:*\n", "parse", "-g", "rfc1738")
	if status != exitValid || errOut != "" {
		t.Fatalf("parse: status %d, stderr %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("parse: %d lines, want 2:\n%s", len(lines), out)
	}
	var got []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, m)
	}
	want := []map[string]any{{
		"input": "ftp://foo:@host.com/", "version": "rfc1738", "valid": true, "rule": "ftpurl", "scheme": "ftp", "authority": "foo:@host.com",
		"userinfo": "foo:", "user": "foo", "password": "", "host": "host.com", "host_kind": "domain", "port": nil,
		"path": "", "path_kind": "empty", "segments": []any{""}, "params": nil, "query": nil, "fragment": nil,
		"parts": []any{map[string]any{"rule": "fpath", "text": ""}}, "error": nil,
	}, {
		"input": "news:*", "version": "rfc1738", "valid": true, "rule": "newsurl", "scheme": "news", "authority": nil,
		"userinfo": nil, "user": nil, "password": nil, "host": nil, "host_kind": nil, "port": nil,
		"path": "*", "path_kind": "opaque", "segments": nil, "params": nil, "query": nil, "fragment": nil,
		"parts": []any{map[string]any{"rule": "grouppart", "text": "*"}}, "error": nil,
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parse output (-want +got):\n%s", diff)
	}
}

func TestParseCommandInvalid(t *testing.T) {
	// RFC 1738 section 3.3: "No user name or password is allowed" in an http URL.
	out, _, status := runCLI(t, "", "parse", "-g", "rfc1738", "http://h/", "http://u@h/")
	if status != exitInvalid {
		t.Errorf("status %d, want %d", status, exitInvalid)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), out)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &m); err != nil {
		t.Fatal(err)
	}
	e, ok := m["error"].(map[string]any)
	if m["valid"] != false || !ok || e["message"] == nil || e["offset"] == nil {
		t.Errorf("invalid input's line = %s, want valid false and an error with offset and message", lines[1])
	}
	if m["host"] != nil || m["scheme"] != nil {
		t.Errorf("invalid input's line has components: %s", lines[1])
	}
}

func TestParseCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		{"parse"},
		{"parse", "-g", "rfc9999", "x"},
		{"parse", "-g", "rfc1738", "-rule", "nosuchrule", "x"},
		{"tree"},
		{"tree", "-g", "rfc1738", "-rule", "nosuchrule", "x"},
	} {
		if _, _, status := runCLI(t, "", args...); status != exitUsage {
			t.Errorf("%q: status %d, want %d", args, status, exitUsage)
		}
	}
}

func TestTreeCommand(t *testing.T) {
	out, errOut, status := runCLI(t, "", "tree", "-g", "rfc1738", "-rule", "telneturl", "telnet://u:@h:23/")
	if status != exitValid || errOut != "" {
		t.Fatalf("tree: status %d, stderr %q", status, errOut)
	}
	want := `telneturl "telnet://u:@h:23/"
  login "u:@h:23"
    user "u"
    password ""
    hostport "h:23"
      host "h"
        hostname "h"
          toplabel "h"
      port "23"
`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("tree output (-want +got):\n%s", diff)
	}
	out, _, status = runCLI(t, "", "tree", "-g", "rfc1738", "telnet://h/x")
	if status != exitInvalid || !strings.HasPrefix(out, "invalid\t") {
		t.Errorf("tree of an invalid input: status %d, output %q", status, out)
	}
}

// TestTreeCommandLong: tree quotes a node's text as strconv.Quote does, also a text quoted
// in pieces (the root's, of a long line), whatever bytes stand at the pieces' edges: a rune
// of several bytes, cut or whole, and bytes that begin or continue no rune.
func TestTreeCommandLong(t *testing.T) {
	for _, edge := range []string{"", "é", "€", "𝄞", "\xe2\x82", "\x82\xac", "\x80\x80\x80\x80", "\xff", "\"", "\\", "\n"} {
		for shift := range 5 {
			s := strings.Repeat("a", 4096-shift) + edge + strings.Repeat("b/", 4096) + edge
			var b strings.Builder
			w := bufio.NewWriterSize(&b, 64)
			writeTree(w, func(yield func(int, urlgrammar.Node) bool) {
				yield(1, urlgrammar.Node{Rule: "r", Text: s})
			})
			w.Flush()
			if want := "  r " + strconv.Quote(s) + "\n"; b.String() != want {
				t.Errorf("writeTree of %q at %d: got %.80q…, want %.80q…", edge, 4096-shift, b.String(), want)
			}
		}
	}
	// The tree of a line longer than a piece: its root's text is the line.
	line := "http://h/" + strings.Repeat("a/", 4096)
	out, _, status := runCLI(t, line+"\n", "tree", "-g", "rfc3986")
	if want := "URI-reference " + strconv.Quote(line) + "\n"; status != exitValid || !strings.HasPrefix(out, want) {
		t.Errorf("tree of a long line: status %d, first line %.80q…, want %.80q…", status, out, want)
	}
}

// TestParseCommandLong: a line of parse is the URL's JSON (URL.MarshalJSON) with "valid" and
// "error" added, byte for byte, also for an input whose JSON is written in many pieces.
func TestParseCommandLong(t *testing.T) {
	valid := "http://a/" + strings.Repeat("%C3%A9/", 20000) + "?q"
	invalid := valid + "\xff" + strings.Repeat("é", 20000)
	out, errOut, status := runCLI(t, valid+"\n"+invalid+"\n", "parse", "-g", "rfc3986", "-rule", "URI")
	if status != exitInvalid || errOut != "" {
		t.Fatalf("parse: status %d, stderr %q", status, errOut)
	}
	lines := strings.SplitAfter(out, "\n")
	if len(lines) != 3 || lines[2] != "" {
		t.Fatalf("parse: %d lines, want 2", len(lines)-1)
	}
	u, err := urlgrammar.ParseRule(urlgrammar.RFC3986, "URI", valid, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := u.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := string(b[:len(b)-1]) + `,"valid":true,"error":null}` + "\n"; lines[0] != want {
		t.Errorf("the valid input's line is not its MarshalJSON with valid and error added")
	}
	// RFC 3986 section 2: a URI is written in ASCII; the URI leaves its grammar at the 0xff.
	b, err = (&urlgrammar.URL{Version: urlgrammar.RFC3986, Rule: "URI", Raw: invalid}).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := string(b[:len(b)-1]) + `,"valid":false,"error":{"offset":`; !strings.HasPrefix(lines[1], want) {
		t.Errorf("the invalid input's line does not begin with its MarshalJSON with valid false")
	}
}
