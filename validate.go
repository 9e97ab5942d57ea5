package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// A Mode selects readings that a document's prose allows beyond its grammar as printed. The
// zero Mode is the grammar as printed; each flag is named after the sentence that allows it.
// Functions that take modes combine them (CaseIgnoreScheme|NonValidating is both).
// Version.Allows says which flags a version's document allows; CaseIgnoreScheme applies to
// every version.
type Mode uint

const (
	// CaseIgnoreScheme reads scheme names case-insensitively, as RFC 1738 section 2.1 allows:
	// "For resiliency, programs interpreting URLs should treat upper case letters as
	// equivalent to lower case in scheme names (e.g., allow "HTTP" as well as "http")." The
	// scheme's letters are read as lower case before the input is matched; everything else is
	// matched as written.
	CaseIgnoreScheme Mode = 1 << iota

	// NonValidating makes Resolve ignore a scheme in the reference when it is identical to
	// the base's scheme, so that "http:g" against "http://a/b/c/d;p?q" is "http://a/b/c/g"
	// instead of "http:g". The 2003 draft, section 5.2: "A non-validating parser may ignore a
	// scheme in the reference if it is identical to the base URI's scheme" (Appendix C:
	// "http://a/b/c/g ; for backwards compatibility"); RFC 3986 section 5.2.2 says the same of
	// "a non-strict parser"; RFC 2396 section 5.2 step 3 allows it "for backwards
	// compatibility" when "the scheme is known to always use the <hier_part> syntax" — the
	// base, which must fit that syntax for a relative reference to be used with it (section
	// 5), is the only knowledge of the scheme that Resolve has. The 1993 draft, RFC 1808 and
	// the 1997 draft allow no such reading.
	NonValidating

	// RemoveDotDot makes Resolve discard the ".." segments that a resolved path still begins
	// with ("../../../g" against "http://a/b/c/d;p?q" is "http://a/g"), and AvoidTraversal
	// makes it fail with an error that wraps ErrLeftoverDotDot; without either, they are
	// retained ("http://a/../g"), the choice the documents list first and the one their
	// Appendix C examples show. These are the choices of RFC 2396 section 5.2 step 6g and of
	// the 2003 draft's merge step 7: "Implementations may handle this error by retaining these
	// components in the resolved path (i.e., treating them as part of the final URI), by
	// removing them from the resolved path (i.e., discarding relative levels above the root),
	// or by avoiding traversal of the reference." The other versions leave no choice: RFC 1808
	// and the 1997 draft keep them, RFC 3986's remove_dot_segments removes them, and the 1993
	// draft's rules keep them.
	RemoveDotDot
	AvoidTraversal // see RemoveDotDot
)

// modeOf combines the modes a function was given.
func modeOf(modes []Mode) Mode {
	var m Mode
	for _, x := range modes {
		m |= x
	}
	return m
}

// knownModes are the flags that this package defines.
const knownModes = CaseIgnoreScheme | NonValidating | RemoveDotDot | AvoidTraversal

// Validate reports whether s is a valid URL under v: nil, or a *SyntaxError that says where
// and why s leaves the grammar. It holds s to v's default start rule (Version.DefaultRule),
// except for RFC 1738 (see the package documentation).
func Validate(v Version, s string, mode ...Mode) error {
	info, start, rule, err := defaultStart("validate", v, s, mode)
	if err != nil {
		return err
	}
	return validate(v, info, start, rule, s, mode)
}

// ValidateRule reports whether the whole of s is matched by the rule named rule (by its name
// in the document, such as "URI-reference" or "host") of v's grammar: nil, or a *SyntaxError.
// Every rule of the document can be asked (Version.Rules). An unknown version or rule is an
// error of another type.
func ValidateRule(v Version, rule, s string, mode ...Mode) error {
	info, start, err := lookupRule("validate", v, rule)
	if err != nil {
		return err
	}
	return validate(v, info, start, rule, s, mode)
}

// validate holds s, read as mode says, to rule number start (named rule) of v's grammar.
func validate(v Version, info *version, start int, rule, s string, mode []Mode) error {
	read := readAs(s, mode)
	if match(info, start, read) {
		return nil
	}
	return newSyntaxError(v, rule, s, read)
}

// Match reports whether Validate(v, s, mode...) would return nil, without computing the
// diagnostics of a rejection.
func Match(v Version, s string, mode ...Mode) bool {
	info, start, _, err := defaultStart("validate", v, s, mode)
	return err == nil && match(info, start, readAs(s, mode))
}

// MatchRule reports whether ValidateRule(v, rule, s, mode...) would return nil, without
// computing the diagnostics of a rejection. It is false for an unknown version or rule.
func MatchRule(v Version, rule, s string, mode ...Mode) bool {
	info, start, err := lookupRule("validate", v, rule)
	return err == nil && match(info, start, readAs(s, mode))
}

// lookupRule returns what the package knows of v and the number of the rule named rule in
// its grammar, or the *Error of op for an unknown version or rule.
func lookupRule(op string, v Version, rule string) (*version, int, error) {
	info := v.info()
	if info == nil {
		return nil, 0, errorf(op, v, "unknown version")
	}
	start := info.grammar.Rule(rule)
	if start < 0 {
		return nil, 0, errorf(op, v, "no rule %q", rule)
	}
	return info, start, nil
}

// RuleFor returns the rule, by its name in the document, that Validate holds s to under v:
// DefaultRule, or for RFC 1738 the rule of s's scheme (see the package documentation). It is
// "" for an unknown version.
func (v Version) RuleFor(s string, mode ...Mode) string {
	rule, _ := defaultRule("", v, s, mode)
	return rule
}

// defaultRule is the rule Validate holds s to under v, or the *Error of op for an unknown
// version.
func defaultRule(op string, v Version, s string, mode []Mode) (string, error) {
	info := v.info()
	if info == nil {
		return "", errorf(op, v, "unknown version")
	}
	rule, _ := info.defaultFor(s, modeOf(mode))
	return rule, nil
}

// defaultStart is the start rule Validate holds s to under v: its number and name; or the
// *Error of op.
func defaultStart(op string, v Version, s string, mode []Mode) (info *version, start int, rule string, err error) {
	info = v.info()
	if info == nil {
		return nil, 0, "", errorf(op, v, "unknown version")
	}
	if rule, start = info.defaultFor(s, modeOf(mode)); start < 0 {
		return nil, 0, "", errorf(op, v, "no rule %q", rule)
	}
	return info, start, rule, nil
}

// readAs returns s as mode says to read it: with CaseIgnoreScheme, its scheme in lower case.
func readAs(s string, mode []Mode) string {
	if modeOf(mode)&CaseIgnoreScheme != 0 {
		if scheme, ok := splitScheme(s); ok {
			return lowerASCII(scheme) + s[len(scheme):]
		}
	}
	return s
}

// match reports whether rule number start of info's grammar matches all of s.
func match(info *version, start int, s string) bool {
	p := info.parser(0) // Recognize records no tokens: any parser will do
	ok := p.Recognize(start, s)
	info.release(p)
	return ok
}

// run is match recording the tokens of the rules in record, for Parse and ParseTree: when it
// reports true, the parser holds the tokens. The caller gives the parser back with
// info.release.
func run(info *version, start int, s string, record pegrt.RuleSet) (pegrt.Parser, bool) {
	p := info.parser(len(s))
	return p, p.MatchRecording(start, s, record)
}

// runInput is run on s read as mode says, for Parse and ParseTree: on a rejection it gives the
// parser back and returns the *SyntaxError that Validate would; otherwise the caller gives the
// parser back with info.release.
func runInput(v Version, info *version, start int, rule, s string, mode []Mode, record pegrt.RuleSet) (pegrt.Parser, error) {
	read := readAs(s, mode)
	p, ok := run(info, start, read, record)
	if !ok {
		info.release(p)
		return nil, newSyntaxError(v, rule, s, read)
	}
	return p, nil
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
