package urlgrammar

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The property tests of resolution: over generated (base, reference) pairs, under every version
// that defines resolution and every Policy its document offers,
//
//   - a target that the version's grammar rejects is always marked (Resolution.Invalid), and
//     one it accepts never is;
//   - Relativize accepts the base of every pair that Resolve resolves, and finds a reference
//     for every valid target (the pair's reference is one), which Resolve maps back to it.
//
// The pairs are built from a few pieces chosen to collide: dot segments, empty segments, "//",
// colons in a first segment, brackets, escapes, queries and fragments, schemes equal to the
// base's and not. URLGRAMMAR_RESOLVE_PAIRS sets the number of pairs per version and policy (the
// default, 3000 or 300 with -short, keeps go test fast); URLGRAMMAR_RESOLVE_SEED the seed. A
// large run is best made with -short, which leaves out TestMain's check of every rejection
// against the Earley recognizer:
//
//	URLGRAMMAR_RESOLVE_PAIRS=1000000 go test -short -run TestResolveProperties -v -timeout 2h .

var (
	genSchemes  = []string{"http", "http", "a", "x", "https", "HTTP"}
	genAuth     = []string{"a", "a", "h:1", "u@h", "", "a:80", "[::1]", "h:p", "g"}
	genSegments = []string{"", "", ".", "..", "..", "b", "c", "g", "g:h", "%2e", "%2E%2e", "[", "d;p", "a", "...", ";x", "@"}
	genQueries  = []string{"q", "", "y", "y/../x", "a?b", "/"}
	genFrags    = []string{"s", "", "f?g"}
)

func pick(r *rand.Rand, from []string) string { return from[r.IntN(len(from))] }

// genURL writes a URL or reference of random components; absolute gives it a scheme always.
func genURL(r *rand.Rand, absolute bool) string {
	var b strings.Builder
	if absolute || r.IntN(3) == 0 {
		b.WriteString(pick(r, genSchemes))
		b.WriteByte(':')
	}
	auth := r.IntN(3) == 0
	if auth {
		b.WriteString("//")
		b.WriteString(pick(r, genAuth))
	}
	n := r.IntN(5)
	if n > 0 && (auth || r.IntN(2) == 0) {
		b.WriteByte('/')
	}
	for i := range n {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(pick(r, genSegments))
	}
	if r.IntN(4) == 0 {
		b.WriteByte('?')
		b.WriteString(pick(r, genQueries))
	}
	if r.IntN(5) == 0 {
		b.WriteByte('#')
		b.WriteString(pick(r, genFrags))
	}
	return b.String()
}

// propertyCounts are what one run of the property over pairs found.
type propertyCounts struct {
	pairs, resolved, invalid, unmarked, falselyMarked, relativized, disagree int
	examples                                                                 []string
}

func (c *propertyCounts) fail(format string, args ...any) {
	if len(c.examples) < 5 {
		c.examples = append(c.examples, fmt.Sprintf(format, args...))
	}
}

// checkPair checks the properties on one pair.
func (c *propertyCounts) checkPair(v Version, mode Mode, p Policy, base, ref string) {
	c.pairs++
	res, err := Resolve(v, base, ref, mode, p)
	if err != nil {
		return
	}
	c.resolved++
	u, perr := ParseRule(v, "", res.Text, mode)
	valid := perr == nil && u.Scheme().Present
	if perr == nil && !valid {
		abs, _, _ := strings.Cut(res.Text, "#")
		valid = MatchRule(v, v.Spec().AbsoluteRule, abs, mode)
	}
	switch {
	case !valid && res.Invalid == "":
		c.unmarked++
		c.fail("%v %+v: Resolve(%q, %q) = %q, which the grammar rejects, unmarked", v, p, base, ref, res.Text)
	case valid && res.Invalid != "":
		c.falselyMarked++
		c.fail("%v %+v: Resolve(%q, %q) = %q, valid, marked %q", v, p, base, ref, res.Text, res.Invalid)
	}
	if !valid {
		c.invalid++
		return
	}
	rel, err := Relativize(v, base, res.Text, mode, p)
	if err != nil {
		c.disagree++
		c.fail("%v %+v: Relativize(%q, %q): %v; but %q resolves to it", v, p, base, res.Text, err, ref)
		return
	}
	back, err := Resolve(v, base, rel, mode, p)
	if err != nil || back.Text != res.Text {
		c.disagree++
		c.fail("%v %+v: Relativize(%q, %q) = %q, which resolves to %q, %v", v, p, base, res.Text, rel, back.Text, err)
		return
	}
	c.relativized++
}

// policies are the policies that v's document offers, the zero one first.
func policies(v Version) []Policy {
	var ps []Policy
	for _, nv := range []bool{false, true} {
		for _, dd := range []Policy{{}, {RemoveDotDot: true}, {AvoidTraversal: true}} {
			p := dd
			p.NonValidating = nv
			if _, err := newResolution(v, 0, p); err == nil {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

func envInt(name string, def int) int {
	if s := os.Getenv(name); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	return def
}

func TestResolveProperties(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	n = envInt("URLGRAMMAR_RESOLVE_PAIRS", n)
	seed := uint64(envInt("URLGRAMMAR_RESOLVE_SEED", 1))
	for _, v := range Versions() {
		if v.Spec().Resolution == "" {
			continue
		}
		for _, p := range policies(v) {
			r := rand.New(rand.NewPCG(seed, uint64(v)))
			var c propertyCounts
			for range n {
				var mode Mode
				if r.IntN(8) == 0 {
					mode = CaseIgnoreScheme
				}
				base := genURL(r, true)
				ref := genURL(r, false)
				if r.IntN(4) == 0 { // a reference with the base's scheme
					if s, _, ok := strings.Cut(base, ":"); ok && !strings.Contains(ref, ":") {
						ref = s + ":" + ref
					}
				}
				c.checkPair(v, mode, p, base, ref)
			}
			t.Logf("%v %+v: %d pairs, %d resolved, %d invalid targets (all marked: %v), %d relativized, %d disagreements",
				v, p, c.pairs, c.resolved, c.invalid, c.unmarked == 0, c.relativized, c.disagree)
			if c.unmarked+c.falselyMarked+c.disagree > 0 {
				t.Errorf("%v %+v: %d unmarked invalid targets, %d valid ones marked, %d Relativize/Resolve disagreements over %d pairs; for example:\n%s",
					v, p, c.unmarked, c.falselyMarked, c.disagree, c.pairs, strings.Join(c.examples, "\n"))
			}
		}
	}
}
