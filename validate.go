package urlgrammar

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// An Option changes how an input is read. The default reading is the grammar as printed;
// each option is named after the sentence of a document's prose that allows it.
type Option func(*config)

type config struct {
	caseIgnoreScheme bool
}

// CaseIgnoreScheme reads scheme names case-insensitively, as RFC 1738 section 2.1 allows:
// "For resiliency, programs interpreting URLs should treat upper case letters as equivalent to
// lower case in scheme names (e.g., allow "HTTP" as well as "http")." The scheme's letters are
// read as lower case before the input is matched; everything else is matched as written.
func CaseIgnoreScheme() Option {
	return func(c *config) { c.caseIgnoreScheme = true }
}

// Validate reports whether s is a valid URL under v: nil, or a *SyntaxError that says where
// and why s leaves the grammar. It holds s to v's default start rule (Version.DefaultRule),
// except for RFC 1738 (see the package documentation).
func Validate(v Version, s string, opts ...Option) error {
	info, start, rule, err := defaultStart(v, s, opts)
	if err != nil {
		return err
	}
	return validate(v, info, start, rule, s, opts)
}

// ValidateRule reports whether the whole of s is matched by the start rule named rule (by its
// name in the document, such as "URI-reference") of v's grammar: nil, or a *SyntaxError.
// An unknown version or rule is an error of another type.
func ValidateRule(v Version, rule, s string, opts ...Option) error {
	info, start, err := lookupRule(v, rule)
	if err != nil {
		return err
	}
	return validate(v, info, start, rule, s, opts)
}

// validate holds s, read as opts say, to start rule number start (named rule) of v's grammar.
func validate(v Version, info *version, start int, rule, s string, opts []Option) error {
	read := readAs(s, opts)
	if match(info, start, read) {
		return nil
	}
	return newSyntaxError(v, rule, s, read)
}

// Match reports whether Validate(v, s, opts...) would return nil, without computing the
// diagnostics of a rejection.
func Match(v Version, s string, opts ...Option) bool {
	info, start, _, err := defaultStart(v, s, opts)
	return err == nil && match(info, start, readAs(s, opts))
}

// MatchRule reports whether ValidateRule(v, rule, s, opts...) would return nil, without
// computing the diagnostics of a rejection. It is false for an unknown version or rule.
func MatchRule(v Version, rule, s string, opts ...Option) bool {
	info, start, err := lookupRule(v, rule)
	return err == nil && match(info, start, readAs(s, opts))
}

func lookupRule(v Version, rule string) (*version, int, error) {
	info := v.info()
	if info == nil {
		return nil, 0, fmt.Errorf("urlgrammar: unknown version %v", v)
	}
	start := info.grammar.Start(rule)
	if start < 0 {
		return nil, 0, fmt.Errorf("urlgrammar: %v has no start rule %q (its start rules: %v)", v, rule, info.grammar.Starts)
	}
	return info, start, nil
}

// defaultRule is the rule Validate holds s to under v.
func defaultRule(v Version, s string, opts []Option) (string, error) {
	info := v.info()
	if info == nil {
		return "", fmt.Errorf("urlgrammar: unknown version %v", v)
	}
	if info.schemeRules == nil {
		return info.grammar.Starts[0], nil
	}
	scheme, _ := splitScheme(s)
	if len(opts) > 0 && newConfig(opts).caseIgnoreScheme {
		scheme = lowerASCII(scheme)
	}
	if rule, ok := info.schemeRules[scheme]; ok {
		return rule, nil
	}
	return info.otherRule, nil
}

// defaultStart is the start rule Validate holds s to under v: its number and name.
func defaultStart(v Version, s string, opts []Option) (info *version, start int, rule string, err error) {
	info = v.info()
	if info == nil {
		return nil, 0, "", fmt.Errorf("urlgrammar: unknown version %v", v)
	}
	if info.schemeRules == nil {
		return info, 0, info.grammar.Starts[0], nil
	}
	if rule, err = defaultRule(v, s, opts); err != nil {
		return nil, 0, "", err
	}
	if start = info.grammar.Start(rule); start < 0 {
		return nil, 0, "", fmt.Errorf("urlgrammar: %v has no start rule %q (its start rules: %v)", v, rule, info.grammar.Starts)
	}
	return info, start, rule, nil
}

// newConfig applies opts. Callers test len(opts) first: the config escapes to the heap
// through the option functions, and an input read with no option should not allocate.
func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// readAs returns s as the options say to read it: with CaseIgnoreScheme, its scheme in lower
// case.
func readAs(s string, opts []Option) string {
	if len(opts) > 0 && newConfig(opts).caseIgnoreScheme {
		if scheme, ok := splitScheme(s); ok {
			return lowerASCII(scheme) + s[len(scheme):]
		}
	}
	return s
}

// match reports whether start rule number start of info's grammar matches all of s.
func match(info *version, start int, s string) bool {
	p := info.parser()
	ok := p.Recognize(start, s)
	info.pool.Put(p) // Recognize records no tokens: the parser has not grown
	return ok
}

// run is match recording the tokens of the parse, for Parse and ParseTree: when it reports
// true, the parser holds the tokens. The caller gives the parser back with info.release.
func run(info *version, start int, s string) (pegrt.Parser, bool) {
	p := info.parser()
	return p, p.Match(start, s)
}

// splitScheme returns the text before the first ":" of s when it could be a scheme name in some
// version's grammar (letters, digits, "+", "-", "."), and whether there is such a text.
func splitScheme(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return s[:i], i > 0
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '+', c == '-', c == '.':
		default:
			return "", false
		}
	}
	return "", false
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
