package urlgrammar

// Parse validates s under v exactly as Validate does and, when s is valid, returns its
// components as v's grammar defines them. It holds s to the same rule as Validate (for RFC
// 1738, the rule of s's scheme: see the package documentation), and a rejection is the same
// *SyntaxError. Parse allocates the URL and nothing else; Segments, Part and Parts allocate
// what they return. It is ParseRule(v, "", s, 0).
func Parse(v Version, s string) (*URL, error) {
	return ParseRule(v, "", s, 0)
}

// ParseRule is Parse holding s, read as mode says, to the rule named rule (by its name in the
// document; "" for the rule of Validate), as ValidateRule does.
func ParseRule(v Version, rule, s string, mode Mode) (*URL, error) {
	info, start, rule, err := startFor("parse", v, rule, s, mode)
	if err != nil {
		return nil, err
	}
	w, err := info.walker()
	if err != nil {
		return nil, &Error{Op: "parse", Version: v, Err: err}
	}
	p, err := runInput(v, info, start, rule, s, mode, w.record)
	if err != nil {
		return nil, err
	}
	u := &URL{Version: v, Rule: rule, Raw: s, c: stored{mode: uint8(mode & CaseIgnoreScheme)}}
	var st walkState
	w.walk(p, s, &u.c.components, &st)
	info.release(p)
	return u, nil
}
