package urlgrammar_test

// Oracles independent of the PEG for the grammars that admit them: the piece-counting reading
// of IPv6 addresses, and regular expressions transcribed from the ABNF of the versions whose
// start rules are regular (each version's own file holds its transcription).

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

var (
	h16           = regexp.MustCompile(`^[0-9A-Fa-f]{1,4}$`)
	decOctet      = `(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])`
	dottedDecimal = regexp.MustCompile(`^` + decOctet + `\.` + decOctet + `\.` + decOctet + `\.` + decOctet + `$`)
)

// ipv6Valid decides whether s is an IPv6address by counting pieces, as RFC 3986 section 3.2.2's
// prose and the 2003 draft's Appendix G.1 ("matches the text representations defined by
// Section 2.2 of RFC 2373") describe it, instead of matching the nine alternatives of the
// ABNF: eight 16-bit pieces of 1 to 4 hexadecimal digits separated by ":", the last two of
// which may be an IPv4 address in dotted-decimal form (each dec-octet 0-255 without leading
// zeros); one "::" may stand for one or more zero pieces, leaving at most seven written pieces.
func ipv6Valid(s string) bool {
	count := func(list string, v4ok bool) (int, bool) {
		if list == "" {
			return 0, true
		}
		pieces := strings.Split(list, ":")
		n := 0
		for i, p := range pieces {
			switch {
			case h16.MatchString(p):
				n++
			case v4ok && i == len(pieces)-1 && dottedDecimal.MatchString(p):
				n += 2
			default:
				return 0, false
			}
		}
		return n, true
	}
	switch strings.Count(s, "::") {
	case 0:
		n, ok := count(s, true)
		return ok && n == 8
	case 1:
		i := strings.Index(s, "::")
		b, ok1 := count(s[:i], false)
		a, ok2 := count(s[i+2:], true)
		return ok1 && ok2 && b+a <= 7
	}
	return false
}

// TestIPv6Exhaustive compares the IPv6address transcriptions of the 2003 draft and RFC 3986
// with the piece-counting reading on every sequence of up to six elements from a small
// alphabet of pieces and separators, plus random well-formed shapes of up to nine pieces
// around an optional "::".
func TestIPv6Exhaustive(t *testing.T) {
	for _, tt := range []struct {
		v        urlgrammar.Version
		alphabet []string
		seed     int64
	}{
		{urlgrammar.Draft2003, []string{"0", "aBcD", "1.2.3.4", "12345", "1.2.3.256", ":", "::", "1:"}, 2003},
		{urlgrammar.RFC3986, []string{"0", "aBcD", "1.2.3.4", "12345", "1.2.3.256", ":", "::"}, 3986},
	} {
		check := func(addr string) {
			want := ipv6Valid(addr)
			if got := urlgrammar.MatchRule(tt.v, "URI-reference", "//["+addr+"]/", 0); got != want {
				t.Errorf("%v [%s]: valid = %v, want %v", tt.v, addr, got, want)
			}
		}
		var walk func(prefix string, depth int)
		walk = func(prefix string, depth int) {
			check(prefix)
			if depth == 0 {
				return
			}
			for _, a := range tt.alphabet {
				walk(prefix+a, depth-1)
			}
		}
		maxDepth := 6
		if testing.Short() {
			maxDepth = 5
		}
		walk("", maxDepth)
		rng := rand.New(rand.NewSource(tt.seed))
		for i := 0; i < 20000; i++ {
			var b strings.Builder
			n := rng.Intn(10)
			elide := rng.Intn(n + 2)
			for j := 0; j < n; j++ {
				switch {
				case j == elide:
					b.WriteString("::")
				case j > 0:
					b.WriteString(":")
				}
				if j == n-1 && rng.Intn(3) == 0 {
					b.WriteString("192.0.2.1")
				} else {
					b.WriteString(fmt.Sprintf("%x", rng.Intn(0x10000)))
				}
			}
			if elide == n {
				b.WriteString("::")
			}
			check(b.String())
		}
	}
}

// TestAgainstRegexp compares every start rule of RFC 2396, the 2003 draft and RFC 3986 with
// the version's regular-expression oracle on random strings built from pieces of URIs and of
// the grammar's pitfalls.
func TestAgainstRegexp(t *testing.T) {
	for _, tt := range []struct {
		v       urlgrammar.Version
		regexps map[string]*regexp.Regexp
		atoms   []string
		seed    int64
		// netPath starts one string in three with "//", where RFC 2396's server and reg_name
		// differ.
		netPath bool
	}{
		{urlgrammar.RFC2396, rfc2396Regexps(), []string{"a", "B", "z", "1", "2", "0", "9", "f", ":",
			"/", "//", "?", "#", "[", "]", "@", ".", "..", "%", "%4", "%41", "%zz", "-", "_", "~", "!",
			"$", "&", "'", "(", ")", "*", "+", ",", ";", "=", " ", "1.2.3.4", "a.b", "a-b", "http:",
			"x:", "com.", "1a"}, 2396, true},
		{urlgrammar.Draft2003, draft2003Regexps(), []string{"a", "B", "z", "1", "2", "5", "0", "f",
			"25", "256", ":", "::", "/", "//", "?", "#", "[", "]", "@", ".", "%", "%4", "%41", "%zz",
			"-", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", " ", "<", "\\",
			"1.2.3.4", "1.2.3.4.5", "ffff", "12345", "[::1]", "[1::2::3]", "http:", "x:", "a-", "-a",
			"a.b.", "a.", "u@", ":80", strings.Repeat("a", 63), strings.Repeat("b", 62) + "-"}, 2003, false},
		{urlgrammar.RFC3986, rfc3986Regexps(), []string{"a", "B", "v", "V", "1", "2", "5", "0", "f",
			"25", "256", ":", "::", "/", "//", "?", "#", "[", "]", "@", ".", "%", "%4", "%41", "%zz",
			"-", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", " ", "1.2.3.4",
			"ffff", "12345", "[::1]", "[v1.x]", "http:", "x:"}, 1, false},
	} {
		n := 100000
		if testing.Short() {
			n = 10000
		}
		rng := rand.New(rand.NewSource(tt.seed))
		failures := 0
		for i := 0; i < n && failures < 20; i++ {
			var b strings.Builder
			if tt.netPath && rng.Intn(3) == 0 {
				b.WriteString("//")
			}
			for k := rng.Intn(12); k > 0; k-- {
				b.WriteString(tt.atoms[rng.Intn(len(tt.atoms))])
			}
			s := b.String()
			for rule, re := range tt.regexps {
				if got, want := urlgrammar.MatchRule(tt.v, rule, s, 0), re.MatchString(s); got != want {
					t.Errorf("%v %s %q: valid = %v, the regexp says %v", tt.v, rule, s, got, want)
					failures++
				}
			}
		}
	}
}
