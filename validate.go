package urlgrammar

import (
	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// Validate reports whether s is a valid URL under v: nil, or a *SyntaxError that says where
// and why s leaves the grammar. It holds s, as written, to v's default start rule (the first of
// Spec.DefaultRule), except for RFC 1738 (see the package documentation). It is
// ValidateRule(v, "", s, 0).
func Validate(v Version, s string) error {
	return ValidateRule(v, "", s, 0)
}

// ValidateRule reports whether the whole of s, read as mode says, is matched by the rule named
// rule (by its name in the document, such as "URI-reference" or "host") of v's grammar: nil,
// or a *SyntaxError (or, were the package's two engines to disagree about s, an *EngineError:
// an internal error, see CheckEngines). Every rule of the document can be asked (Spec.Rules); "" is the rule
// that Validate holds s to. An unknown version, rule or mode is an error of another type.
func ValidateRule(v Version, rule, s string, mode Mode) error {
	info, start, rule, err := startFor("validate", v, rule, s, mode)
	if err != nil {
		return err
	}
	read := readAs(s, mode)
	if match(info, start, read) {
		return nil
	}
	return newSyntaxError(v, rule, s, read)
}

// MatchRule reports whether ValidateRule(v, rule, s, mode) would return nil, without
// computing the diagnostics of a rejection. It is false for an unknown version, rule or mode.
func MatchRule(v Version, rule, s string, mode Mode) bool {
	info, start, _, err := startFor("validate", v, rule, s, mode)
	return err == nil && match(info, start, readAs(s, mode))
}

// RuleFor returns the rule, by its name in the document, that ValidateRule(v, "", s, mode)
// holds s to: Spec.DefaultRule, or for RFC 1738 the rule of s's scheme (see the package
// documentation). It is "" for an unknown version or mode.
func (v Version) RuleFor(s string, mode Mode) string {
	_, _, rule, _ := startFor("", v, "", s, mode)
	return rule
}

// startFor is the start rule that ValidateRule holds s to under v: the rule named rule, or
// for "" the default reading of s (version.defaultFor). It checks v, rule and mode: an
// unknown one is the *Error of op.
func startFor(op string, v Version, rule, s string, mode Mode) (info *engine, start int, name string, err error) {
	info = v.info()
	if info == nil {
		return nil, 0, "", errorf(op, v, "unknown version")
	}
	if err := checkMode(op, v, mode); err != nil {
		return nil, 0, "", err
	}
	if rule == "" {
		rule, start = info.defaultFor(s, mode)
	} else {
		start = info.grammar.Rule(rule)
	}
	if start < 0 {
		return nil, 0, "", errorf(op, v, "no rule %q", rule)
	}
	return info, start, rule, nil
}

// readAs returns s as mode says to read it: with CaseIgnoreScheme, its scheme in lower case.
func readAs(s string, mode Mode) string {
	if mode&CaseIgnoreScheme != 0 {
		if scheme, ok := splitScheme(s); ok {
			return lowerASCII(scheme) + s[len(scheme):]
		}
	}
	return s
}

// match reports whether rule number start of info's grammar matches all of s.
func match(info *engine, start int, s string) bool {
	p := info.parser(0) // Recognize records no tokens: any parser will do
	ok := p.Recognize(start, s)
	info.release(p)
	return ok
}

// run is match recording the tokens of the rules in record, for ParseRule and ParseTreeRule: when it
// reports true, the parser holds the tokens. The caller gives the parser back with
// info.release.
func run(info *engine, start int, s string, record pegrt.RuleSet) (*pegrt.Machine, bool) {
	p := info.parser(len(s))
	return p, p.MatchRecording(start, s, record)
}

// runInput is run on s read as mode says, for ParseRule and ParseTreeRule: on a rejection it gives the
// parser back and returns the *SyntaxError that Validate would; otherwise the caller gives the
// parser back with info.release.
func runInput(v Version, info *engine, start int, rule, s string, mode Mode, record pegrt.RuleSet) (*pegrt.Machine, error) {
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

// checkMode refuses a mode with a flag that this package does not define: the *Error of op
// under v.
func checkMode(op string, v Version, mode Mode) error {
	if mode&^knownModes != 0 {
		return errorf(op, v, "unknown mode %#x", uint(mode&^knownModes))
	}
	return nil
}
