package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/charset"
	"github.com/urlgrammar/urlgrammar/internal/doccharsets"
)

// docDiff is what the documents' own character sets (internal/doccharsets) say changed
// between two versions: for each component that both documents have, each character whose
// status differs, as "component<TAB>char" → "status1 status2".
func docDiff(t *testing.T, a, b string) map[string]string {
	t.Helper()
	sa, sb := doccharsets.Sets[a], doccharsets.Sets[b]
	if sa == nil || sb == nil {
		t.Fatalf("no document sets for %s or %s", a, b)
	}
	want := map[string]string{}
	for name, da := range sa {
		db, ok := sb[name]
		if !ok {
			continue
		}
		for c := byte(' '); c <= '~'; c++ {
			if x, y := da.Status(c), db.Status(c); x != y {
				want[name+"\t"+string(c)] = x + " " + y
			}
		}
	}
	return want
}

// parseDiffTable reads the table of "charsets --diff" with two versions back into
// "component<TAB>char" → "status1 status2".
func parseDiffTable(t *testing.T, out string) map[string]string {
	t.Helper()
	lines := strings.Split(out, "\n")
	h := 0
	for h < len(lines) && !strings.HasPrefix(lines[h], "component ") {
		h++
	}
	if h == len(lines) {
		t.Fatalf("no header line in:\n%s", out)
	}
	header := []rune(lines[h])
	charsAt := strings.Index(lines[h], "characters")
	statusAt := charsAt + len("characters")
	for statusAt < len(header) && header[statusAt] == ' ' {
		statusAt++
	}
	got := map[string]string{}
	name := ""
	for _, l := range lines[h+1:] {
		if l == "" {
			break
		}
		r := []rune(l)
		if len(r) > charsAt && r[charsAt] == ' ' {
			continue // indented further: where a "partly" character may not stand
		}
		if n := strings.TrimSpace(string(r[:charsAt])); n != "" {
			name = n
		}
		if strings.HasPrefix(string(r[charsAt:]), "(none)") {
			continue
		}
		if len(r) < statusAt {
			t.Fatalf("short line %q", l)
		}
		statuses := strings.Join(strings.Fields(string(r[statusAt:])), " ")
		for _, f := range strings.Fields(string(r[charsAt:statusAt])) {
			var cs []byte
			switch f {
			case "A-Z", "a-z", "0-9":
				for c := f[0]; c <= f[2]; c++ {
					cs = append(cs, c)
				}
			case "␣":
				cs = []byte{' '}
			default:
				if len(f) != 1 {
					t.Fatalf("character field %q in %q", f, l)
				}
				cs = []byte{f[0]}
			}
			for _, c := range cs {
				key := name + "\t" + string(c)
				if _, dup := got[key]; dup {
					t.Errorf("%q listed twice", key)
				}
				got[key] = statuses
			}
		}
	}
	return got
}

func compareDiffs(t *testing.T, got, want map[string]string) {
	t.Helper()
	var keys []string
	for k := range got {
		keys = append(keys, k)
	}
	for k := range want {
		if _, ok := got[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if got[k] != want[k] {
			t.Errorf("%q: listed as %q, the documents' sets say %q", k, got[k], want[k])
		}
	}
}

// TestCharsetsDiffRFC1738Draft2003 is the done-criterion of the charsets command: "charsets
// --diff -g rfc1738,draft2003" lists exactly the characters whose status the two documents'
// own character sets say changed, with both statuses, among them "~" in a path segment
// (unsafe in RFC 1738 section 2.2, unreserved in the 2003 draft's section 2.3).
func TestCharsetsDiffRFC1738Draft2003(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runCharsets([]string{"--diff", "-g", "rfc1738,draft2003"}, nil, &stdout, &stderr); code != exitValid {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got := parseDiffTable(t, stdout.String())
	if s := got["path segment\t~"]; s != "no yes" {
		t.Errorf("path segment ~: %q, want \"no yes\"", s)
	}
	compareDiffs(t, got, docDiff(t, "rfc1738", "draft2003"))
	if !strings.Contains(stdout.String(), "Not compared, as fewer than two of the versions have them: user, password,\nfragment and the scheme parts of rfc1738.") {
		t.Errorf("no note of the components left out:\n%s", stdout.String())
	}
	for _, l := range strings.Split(stdout.String(), "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
}

// TestCharsetsDiffTSV checks the tsv form of --diff against the documents, for RFC 1738 and
// the 2003 draft and for RFC 2396 and RFC 3986.
func TestCharsetsDiffTSV(t *testing.T) {
	for _, pair := range [][2]string{{"rfc1738", "draft2003"}, {"rfc2396", "rfc3986"}, {"rfc1738", "rfc3986"}} {
		var stdout, stderr bytes.Buffer
		args := []string{"--diff", "--format", "tsv", "-g", pair[0] + "," + pair[1]}
		if code := runCharsets(args, nil, &stdout, &stderr); code != exitValid {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if want := "component\tchar\thex\t" + pair[0] + "\t" + pair[1]; lines[0] != want {
			t.Errorf("header %q, want %q", lines[0], want)
		}
		got := map[string]string{}
		for _, l := range lines[1:] {
			f := strings.Split(l, "\t")
			if len(f) != 5 || fmt.Sprintf("%02x", f[1]) != f[2] {
				t.Fatalf("row %q", l)
			}
			got[f[0]+"\t"+f[1]] = f[3] + " " + f[4]
		}
		compareDiffs(t, got, docDiff(t, pair[0], pair[1]))
	}
}

// TestCharsetsTable checks the table: a block per generic component that the versions have,
// then the block of RFC 1738's scheme parts, in 80 columns; and that a version's line shows
// "~" as allowed or not as the documents say (RFC 1738: unsafe; RFC 3986: unreserved).
func TestCharsetsTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runCharsets(nil, nil, &stdout, &stderr); code != exitValid {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	header := ""
	var block string
	tilde := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("line of %d columns: %q", n, l)
		}
		if strings.Contains(l, "␣!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") {
			header, block = l, strings.TrimSpace(l[:strings.Index(l, "␣")])
			continue
		}
		if header == "" || !strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "  n/a:") {
			continue
		}
		// The column of "~" in the header holds each line's mark for "~"; the line's name
		// stands before the column of the space.
		col := utf8.RuneCountInString(header[:strings.Index(header, "~")])
		first := utf8.RuneCountInString(header[:strings.Index(header, "␣")])
		r := []rune(l)
		tilde[block+"/"+strings.TrimSpace(string(r[:first]))] = string(r[col])
	}
	for key, want := range map[string]string{
		"path segment/rfc1738":                 "·",
		"path segment/rfc3986":                 "✓",
		"query/draft2003":                      "✓",
		"rfc1738 scheme parts/ftp fsegment":    "·",
		"rfc1738 scheme parts/gopher selector": "·",
	} {
		if got := tilde[key]; got != want {
			t.Errorf("%s: ~ marked %q, want %q", key, got, want)
		}
	}
	for _, name := range []string{"scheme", "userinfo", "user", "password", "host", "port", "path segment", "query", "fragment", "rfc1738 scheme parts"} {
		if !strings.Contains(out, "\n"+name+" ") {
			t.Errorf("no block %q", name)
		}
	}
	if !strings.Contains(out, "\n  n/a: draft1994 rfc1738\n") {
		t.Errorf("fragment: no n/a line for draft1994 and rfc1738:\n%s", out)
	}
}

func TestCharsetsJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runCharsets([]string{"--format", "json", "-g", "rfc1738,rfc3986"}, nil, &stdout, &stderr); code != exitValid {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(charset.Components()) {
		t.Fatalf("%d lines for %d components", len(lines), len(charset.Components()))
	}
	var seg struct {
		Component string
		Chars     []struct {
			Char   string
			Status map[string]string
			NotIn  map[string]string `json:"not_in"`
		}
	}
	for _, l := range lines {
		if err := json.Unmarshal([]byte(l), &seg); err != nil {
			t.Fatal(err)
		}
		if seg.Component == "path segment" {
			break
		}
	}
	if len(seg.Chars) != charset.NumPrintable {
		t.Fatalf("%d characters", len(seg.Chars))
	}
	colon := seg.Chars[':'-' ']
	// RFC 3986 section 3.3: a relative-ref's path-noscheme begins with a segment-nz-nc.
	if colon.Status["rfc1738"] != "yes" || colon.Status["rfc3986"] != "partly" || colon.NotIn["rfc3986"] != "not in a relative-ref's first segment" {
		t.Errorf("path segment \":\": %+v", colon)
	}
}

func TestCharsetsUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--diff", "-g", "rfc1738"},
		{"-g", "nosuch"},
		{"--format", "xml"},
		{"extra"},
		{"-bogus"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runCharsets(args, nil, &stdout, &stderr); code != exitUsage || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
