package reading

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// A caseRow is a row of cases.tsv with its expectations.
type caseRow struct {
	Case
	neturl, whatwg string // the host each reads, "none", or "refuses"
	cause          string // the cause of their host disagreement, or "-"
	why            string
}

func readCaseRows(t *testing.T) []caseRow {
	t.Helper()
	var out []caseRow
	for i, cols := range caseRows() {
		if len(cols) != 7 {
			t.Fatalf("cases.tsv row %d: %d columns, want 7", i+1, len(cols))
		}
		for j, c := range cols[1:] {
			if c == "" {
				t.Errorf("cases.tsv row %d %q: column %d is empty", i+1, cols[0], j+2)
			}
		}
		out = append(out, caseRow{Case: Case{Input: cols[0], Source: cols[1], Claim: cols[2]},
			neturl: cols[3], whatwg: cols[4], cause: cols[5], why: cols[6]})
	}
	return out
}

// hostOf says what a reading reads as the host, as cases.tsv writes it.
func hostOf(r Reading) string {
	switch {
	case r.Err != nil:
		return "refuses"
	case !r.Host.Present:
		return "none"
	}
	return r.Host.Text
}

// claimHosts returns the hosts that a Claim names: the last word of each "PARSER HOST (NOTE)".
func claimHosts(claim string) []string {
	var hosts []string
	for _, item := range strings.Split(claim, ", ") {
		if i := strings.Index(item, " ("); i >= 0 {
			item = item[:i]
		}
		f := strings.Fields(item)
		hosts = append(hosts, f[len(f)-1])
	}
	return hosts
}

// TestCases holds net/url and the WHATWG reading to what cases.tsv says each reads as the host
// of each case, and the differential to the cause it gives their disagreement.
func TestCases(t *testing.T) {
	rows := readCaseRows(t)
	if len(rows) != len(Cases()) {
		t.Fatalf("Cases() has %d cases, the file %d rows", len(Cases()), len(rows))
	}
	for i, c := range rows {
		if Cases()[i] != c.Case {
			t.Errorf("Cases()[%d] = %+v, want %+v", i, Cases()[i], c.Case)
		}
		n, w := Read(NetURL, c.Input), Read(WHATWG, c.Input)
		if got := hostOf(n); got != c.neturl {
			t.Errorf("%q: net/url reads %q (%v), cases.tsv says %q", c.Input, got, n.Err, c.neturl)
		}
		if got := hostOf(w); got != c.whatwg {
			t.Errorf("%q: the WHATWG reading reads %q (%v), cases.tsv says %q", c.Input, got, w.Err, c.whatwg)
		}
		if n.Err != nil || w.Err != nil {
			if c.cause != "-" {
				t.Errorf("%q: a cause %s for readings one of which refuses", c.Input, c.cause)
			}
			continue
		}
		d, err := Compare(n, w)
		if err != nil {
			t.Fatal(err)
		}
		got := "-"
		for _, x := range d {
			if x.Field == Host {
				got = x.Cause.String()
			}
		}
		if got != c.cause {
			t.Errorf("%q: the host disagreement's cause is %s, cases.tsv says %s", c.Input, got, c.cause)
		}
	}
}

// TestCasesHostsDiffer: every case whose sources say that parsers read different hosts is, here,
// a host disagreement between net/url and the WHATWG reading, or one of the two refuses it; or,
// where the two read the host alike, cases.tsv says why. A reason where none is needed is an
// error too.
func TestCasesHostsDiffer(t *testing.T) {
	differ := 0
	for _, c := range readCaseRows(t) {
		hosts := claimHosts(c.Claim)
		distinct := map[string]bool{}
		for _, h := range hosts {
			distinct[h] = true
		}
		sourcesDiffer := len(distinct) > 1
		refused := c.neturl == "refuses" || c.whatwg == "refuses"
		agree := !refused && c.cause == "-"
		if sourcesDiffer {
			differ++
		}
		switch {
		case sourcesDiffer && agree && c.why == "-":
			t.Errorf("%q: the sources name the hosts %v, net/url and the WHATWG reading agree, and cases.tsv says not why", c.Input, hosts)
		case c.why != "-" && !(sourcesDiffer && agree):
			t.Errorf("%q: a reason (%q) where none is needed", c.Input, c.why)
		}
	}
	if differ < 5 {
		t.Errorf("%d cases whose sources name different hosts", differ)
	}
}

// TestCasesWPTRows: a case taken from the URL Standard's test data is the row it cites, and its
// claim is that row's hostname.
func TestCasesWPTRows(t *testing.T) {
	rows := readWPT(t)
	const prefix = "web-platform-tests urltestdata.json row "
	n := 0
	for _, c := range readCaseRows(t) {
		if !strings.HasPrefix(c.Source, prefix) {
			continue
		}
		n++
		i, err := strconv.Atoi(strings.TrimPrefix(c.Source, prefix))
		if err != nil || i < 1 || i > len(rows) {
			t.Errorf("%q: source %q cites no row", c.Input, c.Source)
			continue
		}
		r := rows[i-1]
		if r.Input != c.Input {
			t.Errorf("%s is %q, not %q", c.Source, r.Input, c.Input)
		}
		if want := fmt.Sprintf("the URL Standard %s", deref(r.Hostname)); c.Claim != want || r.Failure {
			t.Errorf("%s: claim %q, the row's hostname %q (failure %v)", c.Source, c.Claim, deref(r.Hostname), r.Failure)
		}
		if got := hostOf(Read(WHATWG, c.Input)); got != deref(r.Hostname) {
			t.Errorf("%s: the WHATWG reading reads %q, the row %q", c.Source, got, deref(r.Hostname))
		}
	}
	if n == 0 {
		t.Error("no case cites the URL Standard's test data")
	}
}

// TestCasesFormat: the file is UTF-8, one case per line, with no raw control byte but the tabs
// between columns (compare's corpus holds its own file to the same rules).
func TestCasesFormat(t *testing.T) {
	for n, line := range strings.Split(casesTSV, "\n") {
		for _, b := range []byte(line) {
			if b < 0x20 && b != '\t' || b == 0x7f {
				t.Errorf("cases.tsv line %d: raw control byte %#x: write it as \\xHH", n+1, b)
			}
		}
	}
	for in, want := range map[string]string{
		`a\tb\nc\rd`: "a\tb\nc\rd", `\\`: `\`, `\#x`: "#x", `\x00\x1F`: "\x00\x1f", `\q`: `\q`, `\x4`: `\x4`, `a\`: `a\`,
	} {
		if got := unescapeInput(in); got != want {
			t.Errorf("unescapeInput(%q) = %q, want %q", in, got, want)
		}
	}
}
