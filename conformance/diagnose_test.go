package conformance

import (
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type diagCase struct {
	start, in string
	want      Diagnosis
}

func checkDiagnoses(t *testing.T, g *Grammar, cases []diagCase) {
	t.Helper()
	for _, tc := range cases {
		got := g.Diagnose(tc.start, tc.in)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Diagnose(%s, %q) (-want +got):\n%s", tc.start, tc.in, diff)
		}
	}
}

func TestDiagnoseSmall(t *testing.T) {
	g := mustParse(t, `@case sensitive
s      = "http" ":" digits [ "." digits ] "/"
digits = 1*digit
digit  = %x30-39
crlf   = %x0D.0A
E      = E "+" T | T
T      = "(" E ")" | digit
ab     = "a" ab "b" | ""
`)
	checkDiagnoses(t, g, []diagCase{
		// Inside a literal, what is still expected is the rest of it.
		{"s", "htx", Diagnosis{Offset: 2, Expected: []string{`"tp"`}, In: "s"}},
		{"s", "", Diagnosis{Offset: 0, Expected: []string{`"http"`}, In: "s"}},
		// After "http:1" the grammar allows the "." of the option, "/", or another digit
		// (listed in the order the file mentions them).
		{"s", "http:1x", Diagnosis{Offset: 6, Expected: []string{`"."`, `"/"`, "digit"}, In: "digits"}},
		{"s", "http:1.", Diagnosis{Offset: 7, Expected: []string{"digit"}, In: "s"}},
		{"s", "http:1/", Diagnosis{Match: true, Offset: 7, Expected: []string{endOfInput}, In: "s"}},
		{"s", "http:1/x", Diagnosis{Offset: 7, Expected: []string{endOfInput}, In: "s"}},
		{"crlf", "\r\r", Diagnosis{Offset: 1, Expected: []string{"%x0A"}, In: "crlf"}},
		{"crlf", "x", Diagnosis{Offset: 0, Expected: []string{"%x0D.0A"}, In: "crlf"}},
		// Left recursion: after "1+" a term must follow; after "(1" a ")" or "+", inside the
		// E that began after "(".
		{"E", "1+", Diagnosis{Offset: 2, Expected: []string{`"("`, "digit"}, In: "E"}},
		{"E", "(1", Diagnosis{Offset: 2, Expected: []string{`"+"`, `")"`}, In: "E"}},
		{"E", "1+2", Diagnosis{Match: true, Offset: 3, Expected: []string{`"+"`, endOfInput}, In: "E"}},
		// a^n b^n: after "aab", only "b" can follow; "aabbb" leaves the language at its 5th byte.
		{"ab", "aab", Diagnosis{Offset: 3, Expected: []string{`"b"`}, In: "ab"}},
		{"ab", "aabbb", Diagnosis{Offset: 4, Expected: []string{endOfInput}, In: "ab"}},
		{"ab", "ba", Diagnosis{Offset: 0, Expected: []string{`"a"`, endOfInput}, In: "ab"}},
		// Any bytes at all.
		{"s", "http:\x00", Diagnosis{Offset: 5, Expected: []string{"digit"}, In: "s"}},
		{"s", "\xff\xfe", Diagnosis{Offset: 0, Expected: []string{`"http"`}, In: "s"}},
		{"nosuchrule", "x", Diagnosis{}},
	})
	if got := (Diagnosis{Expected: []string{"digit", `"."`, `"/"`}}).expectedText(); got != `digit, "." or "/"` {
		t.Errorf("expectedText = %s", got)
	}
	if got := (Diagnosis{Expected: []string{endOfInput}}).expectedText(); got != "end of input" {
		t.Errorf("expectedText = %s", got)
	}
	if got := (Diagnosis{}).expectedText(); got != "nothing" {
		t.Errorf("expectedText = %s", got)
	}
}

// TestDiagnoseRFC3986 holds Diagnose to RFC 3986's Appendix A (testdata/rfc3986.bnf).
func TestDiagnoseRFC3986(t *testing.T) {
	g := loadFixture(t)
	checkDiagnoses(t, g, []diagCase{
		// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) — a URI starts with a letter.
		{"URI", "", Diagnosis{Offset: 0, Expected: []string{"ALPHA"}, In: "URI"}},
		{"URI", "1http:", Diagnosis{Offset: 0, Expected: []string{"ALPHA"}, In: "URI"}},
		// After "ht" the scheme continues or ends with URI's ":".
		{"URI", "ht tp:", Diagnosis{Offset: 2, Expected: []string{`":"`, "ALPHA", "DIGIT", `"+"`, `"-"`, `"."`}, In: "scheme"}},
		// pct-encoded = "%" HEXDIG HEXDIG
		{"URI", "http://a/%zz", Diagnosis{Offset: 10, Expected: []string{"HEXDIG"}, In: "pct-encoded"}},
		{"URI", "http://a/%4", Diagnosis{Offset: 11, Expected: []string{"HEXDIG"}, In: "pct-encoded"}},
		// "a" may begin a userinfo (then "@") or a reg-name: both live in authority. After it:
		// URI's "?" and "#", authority's "@" and port ":", more userinfo or reg-name characters
		// (unreserved, sub-delims, ":" and "%" of pct-encoded), path-abempty's "/", or the end.
		{"URI", "http://a b", Diagnosis{Offset: 8,
			Expected: []string{`"?"`, `"#"`, `"@"`, `":"`, "unreserved", "sub-delims", `"/"`, `"%"`, endOfInput},
			In:       "authority"}},
		// After "[::1": more HEXDIG of h16, ":" after an h16, "." or DIGIT of an IPv4address
		// in ls32 (dec-octet), or IP-literal's "]" ("::" h16 ends IPv6address's 8th form).
		{"URI", "http://[::1", Diagnosis{Offset: 11, Expected: []string{`"]"`, `":"`, "HEXDIG", `"."`, "DIGIT"}, In: "IPv6address"}},
		// Nine groups of h16: IPv6address has at most eight.
		{"URI", "http://[1:2:3:4:5:6:7:8:9]", Diagnosis{Offset: 23, Expected: []string{`"]"`, "HEXDIG"}, In: "h16"}},
	})
}

// TestDiagnoseLongInputs checks the exact offset on 1 MiB inputs with bounded memory: a valid
// path with bad bytes at the end, junk, a scheme that never ends; and on a 256 KiB right
// recursion (BenchmarkDiagnose measures the time).
func TestDiagnoseLongInputs(t *testing.T) {
	g := loadFixture(t)
	path := "http://h/" + strings.Repeat("abc/", 1<<18)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := g.Diagnose("URI-reference", path+" tail")
	runtime.ReadMemStats(&after)
	if d.Offset != len(path) || d.Match {
		t.Errorf("1 MiB path: Offset = %d, Match = %v; want %d, false", d.Offset, d.Match, len(path))
	}
	if d.In != "path-abempty" {
		t.Errorf("1 MiB path: In = %q, want path-abempty", d.In)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 100<<20 {
		t.Errorf("1 MiB path: allocated %d MiB", n>>20)
	}
	junk := strings.Repeat("\x00\xff\x7f junk ", 1<<16)
	if d := g.Diagnose("URI", junk); d.Offset != 0 {
		t.Errorf("junk: Offset = %d", d.Offset)
	}
	// "aaaa…": a scheme that never ends with ":"; as a relative-ref, a path that never ends.
	letters := strings.Repeat("a", 1<<20)
	if d := g.Diagnose("URI", letters); d.Offset != len(letters) || d.Match {
		t.Errorf("letters: %+v", d)
	}

	rr := mustParse(t, `@case sensitive
xalphas = xalpha [ xalphas ]
xalpha  = "a" | "b"
`)
	long := strings.Repeat("ab", 1<<17)
	runtime.ReadMemStats(&before)
	if d := rr.Diagnose("xalphas", long+"!"); d.Offset != len(long) || d.In != "xalphas" {
		t.Errorf("right recursion: Offset = %d, In = %q", d.Offset, d.In)
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 40<<20 {
		t.Errorf("256 KiB right recursion: allocated %d MiB", n>>20)
	}
}

// TestConcurrentUse runs one Grammar from several goroutines (run with -race to check).
func TestConcurrentUse(t *testing.T) {
	g := loadFixture(t)
	inputs := []string{"http://a/b?c#d", "//[::1]:80/x", "a b", "%zz", "mailto:x@y", "http://[v1.x]/"}
	want := make([]bool, len(inputs))
	for i, in := range inputs {
		want[i] = g.Recognize("URI-reference", in)
	}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				i := k % len(inputs)
				if got := g.Recognize("URI-reference", inputs[i]); got != want[i] {
					t.Errorf("Recognize(%q) = %v", inputs[i], got)
				}
				if d := g.Diagnose("URI-reference", inputs[i]); d.Match != want[i] {
					t.Errorf("Diagnose(%q).Match = %v", inputs[i], d.Match)
				}
			}
		}()
	}
	wg.Wait()
}
