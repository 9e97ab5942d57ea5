package urlgrammar

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

// CheckEngines reads s, as mode says, as the rule named rule of v's grammar ("" as in
// ValidateRule) with both of this package's engines and returns their verdicts: the generated
// parser's (MatchRule's) and the diagnosis automaton's. err is an *EngineError when they
// differ, or ValidateRule's error for an unknown version, rule or mode. It costs a parse and
// an automaton run of s whatever the verdict; it is for tests and conformance runs, and
// ValidateRule already makes the check on every rejection.
func CheckEngines(v Version, rule, s string, mode Mode) (byParser, byAutomaton bool, err error) {
	info, start, rule, err := startFor("validate", v, rule, s, mode)
	if err != nil {
		return false, false, err
	}
	read := readAs(s, mode)
	p := match(info, start, read)
	a, err := automaton(v, rule)
	if err != nil {
		return false, false, err
	}
	d := a.Match(read)
	if p != d {
		err = &EngineError{Version: v, Rule: rule, Input: s, Parser: p, Automaton: d}
	}
	return p, d, err
}
