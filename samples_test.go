package urlgrammar_test

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
)

// The properties of Normalize and Relativize on the conformance generator's samples of every
// version's grammar.

func isSyntaxErr(err error) bool {
	var se *urlgrammar.SyntaxError
	return errors.As(err, &se)
}

// readAs is how Normalize reads an input of v: RFC 1738's schemes case-insensitively (section
// 2.1), every other version's as printed.
func readAs(v urlgrammar.Version) urlgrammar.Mode {
	if v == urlgrammar.RFC1738 {
		return urlgrammar.CaseIgnoreScheme
	}
	return 0
}

// On samples of every version's grammar (the conformance generator's derivations and near
// misses), Normalize either rejects the sample as Validate does or gives a valid URL that it
// leaves as it is.
func TestNormalizeSamples(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for _, v := range urlgrammar.Versions() {
		if v.Spec().NormalizationSteps == nil {
			continue
		}
		g := bnfOf(t, v)
		rule := v.Spec().DefaultRule
		if v == urlgrammar.RFC1738 {
			rule = "url"
		}
		gen, err := conformance.NewGenerator(g, rule, 15)
		if err != nil {
			t.Fatal(err)
		}
		opts := readAs(v)
		changed, valid := 0, 0
		for i := 0; i < n; i++ {
			s := gen.Positive()
			if i%4 == 3 {
				s = gen.NearMiss(s)
			}
			got, err := urlgrammar.Normalize(v, s, 0)
			if urlgrammar.ValidateRule(v, "", s, opts) != nil {
				if !isSyntaxErr(err) {
					t.Errorf("%v: Normalize(%q) of an invalid input: %v, want a *SyntaxError", v, s, err)
				}
				continue
			}
			valid++
			if err != nil {
				t.Errorf("%v: Normalize(%q): %v", v, s, err)
				continue
			}
			if got != s {
				changed++
			}
			// Valid as the grammar is printed: under RFC 1738 too, whose scheme is then in lower
			// case.
			if err := urlgrammar.Validate(v, got); err != nil {
				t.Errorf("%v: Normalize(%q) = %q, not valid: %v", v, s, got, err)
			}
			if again, err := urlgrammar.Normalize(v, got, 0); err != nil || again != got {
				t.Errorf("%v: Normalize(%q) = %q, then %q, %v: not idempotent", v, s, got, again, err)
			}
			if e, err := urlgrammar.Equivalent(v, s, got, 0); err != nil || !e.Equivalent {
				t.Errorf("%v: Equivalent(%q, its normal form %q) = %+v, %v", v, s, got, e, err)
			}
		}
		if valid < n/2 || changed == 0 {
			t.Errorf("%v: %d of %d samples valid, %d changed by normalization: the samples do not exercise it", v, valid, n, changed)
		}
	}
}

// relativizePairs is how many generated pairs TestRelativizeGenerated checks per version:
// URLGRAMMAR_RELATIVIZE_PAIRS when set (the 100 000 of the long run), otherwise a number that
// keeps go test quick.
func relativizePairs(t *testing.T) int {
	if s := os.Getenv("URLGRAMMAR_RELATIVIZE_PAIRS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("URLGRAMMAR_RELATIVIZE_PAIRS=%q: %v", s, err)
		}
		return n
	}
	if testing.Short() {
		return 1000
	}
	return 10000
}

// The property Resolve(v, base, Relativize(v, base, target)) == target on generated pairs, for
// every version that defines resolution. Bases are the documents' own and generated absolute
// URLs; references are generated references of the version's grammar and their parts (what
// follows the scheme, the path and what follows it, the last segment and what follows it),
// and each target is what resolution gives. Every resolvable pair counts; the test fails when
// fewer than the wanted number resolve.
func TestRelativizeGenerated(t *testing.T) {
	want := relativizePairs(t)
	for _, v := range urlgrammar.Versions() {
		if v.Spec().Resolution == "" {
			continue
		}
		g := bnfOf(t, v)
		refs, err := conformance.NewGenerator(g, v.Spec().DefaultRule, 7)
		if err != nil {
			t.Fatal(err)
		}
		bases, err := conformance.NewGenerator(g, v.Spec().AbsoluteRule, 8)
		if err != nil {
			t.Fatal(err)
		}
		fixed := []string{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "http://a", "http://a/", "s://h/a/b/c/", "s:/a/b"}
		var base string
		checked, tried, shorter, invalid := 0, 0, 0, 0
		for checked < want && tried < 20*want {
			if tried%8 == 0 {
				if tried%16 == 0 {
					base = fixed[(tried/16)%len(fixed)]
				} else {
					base = bases.Positive()
				}
			}
			for _, ref := range referenceParts(refs.Positive()) {
				tried++
				res, err := urlgrammar.Resolve(v, base, ref, 0, urlgrammar.Policy{})
				if err != nil {
					continue
				}
				target := res.Text
				// RFC 3986's algorithm as printed can give what its grammar rejects: "/.//x"
				// against "s:/a/b" is "s://x", whose "//x" reads as an authority. Relativize
				// rejects such a target as it rejects any invalid one.
				if !urlgrammar.MatchRule(v, v.Spec().DefaultRule, target, 0) {
					if _, err := urlgrammar.Relativize(v, base, target, 0, urlgrammar.Policy{}); !isSyntaxErr(err) {
						t.Errorf("%v: Relativize(%q, %q), an invalid target: %v, want a *SyntaxError", v, base, target, err)
					}
					invalid++
					continue
				}
				rel, err := urlgrammar.Relativize(v, base, target, 0, urlgrammar.Policy{})
				if err != nil {
					t.Errorf("%v: Relativize(%q, %q) (the target of %q): %v", v, base, target, ref, err)
					continue
				}
				if got, err := urlgrammar.Resolve(v, base, rel, 0, urlgrammar.Policy{}); err != nil || got.Text != target {
					t.Errorf("%v: Relativize(%q, %q) = %q, which resolves to %q, %v", v, base, target, rel, got.Text, err)
				}
				if len(rel) < len(target) {
					shorter++
				}
				checked++
			}
		}
		t.Logf("%v: %d pairs checked (%d tried, %d resolved to an invalid target), %d with a reference shorter than the target", v, checked, tried, invalid, shorter)
		if checked < want || shorter < checked/4 {
			t.Errorf("%v: %d pairs checked, %d of them shortened, of %d wanted: the samples do not exercise Relativize", v, checked, shorter, want)
		}
	}
}

// referenceParts returns s and its tails: from after the scheme's ":", from its path, and from
// its last "/" (as the generic syntax would split it; parts that are not references of the
// version are rejected by Resolve and skipped).
func referenceParts(s string) []string {
	parts := []string{s}
	if i := strings.IndexByte(s, ':'); i > 0 {
		rest := s[i+1:]
		parts = append(parts, rest)
		if strings.HasPrefix(rest, "//") {
			if j := strings.IndexAny(rest[2:], "/?#"); j >= 0 {
				parts = append(parts, rest[2+j:])
			}
		}
	}
	end := len(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		end = i
	}
	if i := strings.LastIndexByte(s[:end], '/'); i >= 0 {
		parts = append(parts, s[i+1:])
	}
	return parts
}
