package reading

// The WHATWG reading leans on github.com/nlnwa/whatwg-url. Before anything relies on it, it is
// held here to the URL Standard's own test data, web-platform-tests' urltestdata.json (copied in
// testdata/wpt with its source and licence): every row, parsed against its base as the URL
// constructor test of web-platform-tests parses it. The rows it gets wrong are listed, each with
// its reason, in testdata/wpt/known-failures.txt, and the test fails on any row whose outcome is
// not the one listed: a new failure, or a failure that whatwg-url no longer has.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	whatwg "github.com/nlnwa/whatwg-url/url"
)

const (
	wptData          = "../testdata/wpt/urltestdata.json"
	wptKnownFailures = "../testdata/wpt/known-failures.txt"
)

// A wptRow is one test of urltestdata.json: an input, a base (nil for none) and either
// failure or the URL's attributes as the URL API gives them.
type wptRow struct {
	N       int     // the row's number among the file's rows (its objects), from 1
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Failure bool    `json:"failure"`

	Href, Protocol, Username, Password, Host, Hostname, Port, Pathname, Search, Hash *string
	SearchParams                                                                     *string `json:"searchParams"`
}

// readWPT reads the rows of urltestdata.json; the file's other entries are comments.
func readWPT(t testing.TB) []wptRow {
	t.Helper()
	raw, err := os.ReadFile(wptData)
	if err != nil {
		t.Fatal(err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatalf("%s: %v", wptData, err)
	}
	var rows []wptRow
	for _, e := range entries {
		if len(e) > 0 && e[0] == '"' {
			continue
		}
		var r wptRow
		if err := json.Unmarshal(e, &r); err != nil {
			t.Fatalf("%s: %v", wptData, err)
		}
		r.N = len(rows) + 1
		rows = append(rows, r)
	}
	return rows
}

// wptOutcome runs whatwg-url on a row as web-platform-tests' URL constructor test does (new
// URL(input, base)) and returns how it differs from what the row expects: "" when it passes.
func wptOutcome(r wptRow) string {
	var u *whatwg.Url
	var err error
	if r.Base == nil {
		u, err = whatwg.Parse(r.Input)
	} else {
		u, err = whatwg.ParseRef(*r.Base, r.Input)
	}
	if r.Failure {
		if err == nil {
			return fmt.Sprintf("parses as %q, want failure", u.Href(false))
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf("fails (%v), want %q", err, deref(r.Href))
	}
	var diffs []string
	for _, a := range []struct {
		name      string
		got, want string
		has       bool
	}{
		{"href", u.Href(false), deref(r.Href), r.Href != nil},
		{"protocol", u.Protocol(), deref(r.Protocol), r.Protocol != nil},
		{"username", u.Username(), deref(r.Username), r.Username != nil},
		{"password", u.Password(), deref(r.Password), r.Password != nil},
		{"host", u.Host(), deref(r.Host), r.Host != nil},
		{"hostname", u.Hostname(), deref(r.Hostname), r.Hostname != nil},
		{"port", u.Port(), deref(r.Port), r.Port != nil},
		{"pathname", u.Pathname(), deref(r.Pathname), r.Pathname != nil},
		{"search", u.Search(), deref(r.Search), r.Search != nil},
		{"hash", u.Hash(), deref(r.Hash), r.Hash != nil},
		{"searchParams", searchParams(u), deref(r.SearchParams), r.SearchParams != nil},
	} {
		if a.has && a.got != a.want {
			diffs = append(diffs, fmt.Sprintf("%s %q, want %q", a.name, a.got, a.want))
		}
	}
	return strings.Join(diffs, "; ")
}

func searchParams(u *whatwg.Url) string { return u.SearchParams().String() }

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// A knownFailure is a line of known-failures.txt: a row whose outcome is listed, and why.
type knownFailure struct {
	n        int
	input    string // the row's input, quoted as Go quotes it: the line stays one line
	category string
	reason   string
}

// readKnownFailures reads known-failures.txt: lines "N<TAB>INPUT<TAB>CATEGORY<TAB>REASON", INPUT
// Go-quoted; "#" begins a comment line.
func readKnownFailures(t testing.TB) map[int]knownFailure {
	t.Helper()
	f, err := os.Open(wptKnownFailures)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int]knownFailure{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 4 {
			t.Fatalf("%s:%d: %d columns, want 4 (row, input, category, reason)", wptKnownFailures, line, len(cols))
		}
		n, err := strconv.Atoi(cols[0])
		if err != nil {
			t.Fatalf("%s:%d: row %q: %v", wptKnownFailures, line, cols[0], err)
		}
		input, err := strconv.Unquote(cols[1])
		if err != nil {
			t.Fatalf("%s:%d: input %s: %v", wptKnownFailures, line, cols[1], err)
		}
		if cols[2] == "" || cols[3] == "" {
			t.Fatalf("%s:%d: a failure needs a category and a reason", wptKnownFailures, line)
		}
		if _, dup := out[n]; dup {
			t.Fatalf("%s:%d: row %d listed twice", wptKnownFailures, line, n)
		}
		out[n] = knownFailure{n: n, input: input, category: cols[2], reason: cols[3]}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWHATWGConformance runs whatwg-url on every row of the standard's test data and holds each
// outcome to the known failures: a row passes unless it is listed, and fails if it is.
func TestWHATWGConformance(t *testing.T) {
	rows := readWPT(t)
	known := readKnownFailures(t)
	passed := 0
	byCategory := map[string]int{}
	for _, r := range rows {
		got := wptOutcome(r)
		k, listed := known[r.N]
		switch {
		case got == "" && listed:
			t.Errorf("row %d %q (base %v) passes now; remove it from %s (%s)", r.N, r.Input, base(r), wptKnownFailures, k.category)
		case got != "" && !listed:
			t.Errorf("row %d %q (base %v): %s", r.N, r.Input, base(r), got)
		case listed && k.input != r.Input:
			t.Errorf("%s: row %d is %q in the data, %q in the list", wptKnownFailures, r.N, r.Input, k.input)
		}
		if got == "" {
			passed++
		} else {
			byCategory[k.category]++
		}
		delete(known, r.N)
	}
	for n := range known {
		t.Errorf("%s lists row %d, which the data does not have", wptKnownFailures, n)
	}
	var cats []string
	for c, n := range byCategory {
		cats = append(cats, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(cats)
	t.Logf("whatwg-url passes %d of %d rows of urltestdata.json; failures by category: %s", passed, len(rows), strings.Join(cats, ", "))
}

func base(r wptRow) string {
	if r.Base == nil {
		return "null"
	}
	return strconv.Quote(*r.Base)
}

// TestWPTData checks that the copy of urltestdata.json is whole: valid JSON (readWPT), an array
// that ends with "]" and a line feed, and the number of rows and comments of the commit it was
// copied from (testdata/wpt/README.md).
func TestWPTData(t *testing.T) {
	raw, err := os.ReadFile(wptData)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(raw), "]\n") {
		t.Errorf("%s does not end with \"]\\n\": cut short?", wptData)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatal(err)
	}
	if rows := readWPT(t); len(entries) != 977 || len(rows) != 866 {
		t.Errorf("%d entries, %d rows; the copied commit has 977 entries, 866 rows", len(entries), len(rows))
	}
}

// TestWHATWGReadingMatchesWPT holds the WHATWG reading, not only whatwg-url, to the rows that
// have no base: its verdict, and each component as the URL API gives it (the reading's host is
// the API's hostname, its query the search without "?", its fragment the hash without "#").
// Rows that whatwg-url gets wrong are left out; TestWHATWGConformance lists them.
func TestWHATWGReadingMatchesWPT(t *testing.T) {
	known := readKnownFailures(t)
	checked := 0
	for _, r := range readWPT(t) {
		if r.Base != nil || known[r.N].category != "" {
			continue
		}
		checked++
		rd := Read(WHATWG, r.Input)
		if r.Failure {
			if rd.Err == nil {
				t.Errorf("row %d %q: the reading accepts it, want failure", r.N, r.Input)
			}
			continue
		}
		if rd.Err != nil {
			t.Errorf("row %d %q: %v", r.N, r.Input, rd.Err)
			continue
		}
		userinfo := deref(r.Username)
		if deref(r.Password) != "" {
			userinfo += ":" + deref(r.Password)
		}
		for _, c := range []struct {
			name      string
			got, want string
		}{
			{"scheme", rd.Scheme.Text, strings.TrimSuffix(deref(r.Protocol), ":")},
			{"userinfo", rd.Userinfo.Text, userinfo},
			{"host", rd.Host.Text, deref(r.Hostname)},
			{"port", rd.Port.Text, deref(r.Port)},
			{"path", rd.Path.Text, deref(r.Pathname)},
			{"query", rd.Query.Text, strings.TrimPrefix(deref(r.Search), "?")},
			{"fragment", rd.Fragment.Text, strings.TrimPrefix(deref(r.Hash), "#")},
		} {
			if c.got != c.want {
				t.Errorf("row %d %q: %s %q, want %q", r.N, r.Input, c.name, c.got, c.want)
			}
		}
		// The href holds "?" and "#" for an empty query and fragment, which search and hash
		// do not: the reading's presence follows the href.
		href := deref(r.Href)
		if hasQ := strings.Contains(strings.SplitN(href, "#", 2)[0], "?"); rd.Query.Present != hasQ {
			t.Errorf("row %d %q: query present %v, href %q", r.N, r.Input, rd.Query.Present, href)
		}
		if hasF := strings.Contains(href, "#"); rd.Fragment.Present != hasF {
			t.Errorf("row %d %q: fragment present %v, href %q", r.N, r.Input, rd.Fragment.Present, href)
		}
	}
	if checked < 400 {
		t.Errorf("only %d rows checked", checked)
	}
}
