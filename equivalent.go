package urlgrammar

import "fmt"

// An Equivalence is the outcome of comparing two URLs under a version's document.
type Equivalence struct {
	// Equivalent reports that the document makes the two equivalent.
	Equivalent bool
	// Step is, when they are equivalent, the rung of the ladder on which they first compare
	// equal: SimpleComparison when they are the same string, otherwise the last of the steps
	// that it took (the steps are climbed in the document's order, each rung adding one). It
	// is the zero Step when they are not equivalent.
	Step Step
	// Section is where the document gives Step, such as "section 6.2.2.2"; "" for
	// SimpleComparison.
	Section string
	// A and B are the two in normal form: normalized up to Step when they are equivalent, with
	// every step of the document when they are not.
	A, B string
	// Difference says, when they are not equivalent, in which component their normal forms
	// differ first, such as `the paths differ: "/a" and "/b"`.
	Difference string
}

// Equivalent compares a and b under v's document, climbing its comparison ladder (RFC 3986 and
// the 2003 draft, section 6.2): first the strings as they are, then normalized with the first
// of the document's steps, with the first two, and so on (Spec.NormalizationSteps). It
// reports the rung on which they first compare equal or, when none makes them equal, where
// their normal forms differ. Both must be valid under v, read as mode says, as for Normalize.
//
// The comparison is of the strings as given: a relative reference is not resolved first, and a
// fragment is compared like any other component (RFC 3986 section 6.1 leaves both to the
// application).
//
// A version whose document defines no normalization gives an error that wraps
// ErrNoNormalization.
func Equivalent(v Version, a, b string, mode Mode) (Equivalence, error) {
	n, err := normalizerOf(v)
	if err != nil {
		return Equivalence{}, err
	}
	mode |= n.readAs
	for _, s := range []string{a, b} {
		if _, err := ParseRule(v, "", s, mode); err != nil {
			return Equivalence{}, err
		}
	}
	if a == b {
		return Equivalence{Equivalent: true, Step: SimpleComparison, A: a, B: b}, nil
	}
	var na, nb string
	for i, s := range n.steps {
		steps := v.normalizationSteps()[:i+1]
		if na, err = n.normalize(v, a, steps, mode); err != nil {
			return Equivalence{}, err
		}
		if nb, err = n.normalize(v, b, steps, mode); err != nil {
			return Equivalence{}, err
		}
		if na == nb {
			return Equivalence{Equivalent: true, Step: s.step, Section: s.section, A: na, B: nb}, nil
		}
	}
	return Equivalence{A: na, B: nb, Difference: n.difference(v, na, nb, mode)}, nil
}

// difference names the first component in which a and b, valid under v, differ.
func (n *normalizer) difference(v Version, a, b string, mode Mode) string {
	ua, errA := ParseRule(v, "", a, mode)
	ub, errB := ParseRule(v, "", b, mode)
	if errA != nil || errB != nil {
		return "the strings differ"
	}
	aa, ab := ua.Authority(), ub.Authority()
	components := []struct {
		name   string
		ca, cb Component
	}{
		{"scheme", ua.Scheme(), ub.Scheme()},
		{"authority", aa.Component, ab.Component},
		{"userinfo", aa.Userinfo, ab.Userinfo},
		{"host", aa.Host, ab.Host},
		{"port", aa.Port, ab.Port},
		{"path", ua.Path().Component, ub.Path().Component},
		{"params", ua.get(fParams), ub.get(fParams)},
		{"query", ua.Query(), ub.Query()},
		{"fragment", ua.Fragment(), ub.Fragment()},
	}
	// The authority is named only when its parts (which some grammars do not have) are equal.
	var authority string
	for _, c := range components {
		switch {
		case c.ca.Present && !c.cb.Present:
			return fmt.Sprintf("only the first has %s", withArticle(c.name))
		case !c.ca.Present && c.cb.Present:
			return fmt.Sprintf("only the second has %s", withArticle(c.name))
		case c.ca.Text == c.cb.Text:
			continue
		case c.name == "authority":
			authority = fmt.Sprintf("the authorities differ: %q and %q", c.ca.Text, c.cb.Text)
			continue
		}
		return fmt.Sprintf("the %s differ: %q and %q", plural(c.name), c.ca.Text, c.cb.Text)
	}
	if authority != "" {
		return authority
	}
	return "the strings differ"
}

func withArticle(component string) string {
	switch component {
	case "authority":
		return "an authority"
	case "params":
		return "params"
	}
	return "a " + component
}

func plural(component string) string {
	switch component {
	case "params", "userinfo":
		return component
	case "authority":
		return "authorities"
	case "query":
		return "queries"
	}
	return component + "s"
}
