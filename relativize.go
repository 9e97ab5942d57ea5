package urlgrammar

import (
	"errors"
	"sort"
	"strings"
)

// ErrNoReference is wrapped by the error of Relativize when no reference resolves to the target
// under the version's algorithm: RFC 3986's, for example, removes the dot segments of every
// target, so that no reference resolves to "http://a/./b".
var ErrNoReference = errors.New("no reference resolves to the target")

// Relativize returns a reference that resolves to target against base under v's own algorithm
// (Resolve, with the same mode and policy): the inverse of resolution. It is the shortest of these
// forms that does resolve to target, the first listed on a tie:
//
//   - the empty reference, and the fragment alone ("#s");
//   - the query and what follows it ("?y#s"), and RFC 1808's params and what follows them
//     (";x?y");
//   - a relative path from the base's last "/": the target's path with the base's directory
//     taken off it, or that prefixed with "./", or, when the target is not under that
//     directory, as many "../" as lead to their longest common directory and the rest;
//   - an absolute path ("/g?y#s") and a network path ("//g/h");
//   - the target itself, which is the answer when no relative form exists (a different
//     scheme, a base outside the hierarchical syntax).
//
// Each candidate is resolved with v's algorithm and kept only when it gives target exactly, so
// Resolve(v, base, Relativize(v, base, target, mode, p), mode, p) == target whenever there is no error. Where
// none resolves to target, not even target itself (RFC 3986 removes dot segments from every
// target), the error wraps ErrNoReference. Base and target must be valid as for Resolve; a
// version whose document defines no resolution gives an error that wraps ErrNoResolution.
func Relativize(v Version, base, target string, mode Mode, p Policy) (string, error) {
	if _, err := newResolution(v, mode, p); err != nil {
		return "", err
	}
	rule := v.DefaultRule()
	baseURL, err := ParseRule(v, rule, base, mode)
	if err != nil {
		return "", errorf("relativize", v, "the base is not a valid %s: %w", rule, err)
	}
	t, err := ParseRule(v, rule, target, mode)
	if err != nil {
		return "", errorf("relativize", v, "the target is not a valid %s: %w", rule, err)
	}
	// The target itself as the reference: every algorithm takes a reference with a scheme as
	// it stands (RFC 3986 after removing its dot segments), so an error here is the base's.
	got, err := Resolve(v, base, target, mode, p)
	if err != nil {
		return "", err
	}
	cands := append(candidates(baseURL, t), target)
	sort.SliceStable(cands, func(i, j int) bool { return len(cands[i]) < len(cands[j]) })
	for _, ref := range cands {
		if r, err := Resolve(v, base, ref, mode, p); err == nil && r.Text == target {
			return ref, nil
		}
	}
	return "", errorf("relativize", v, "%q against %q: %w (the target itself resolves to %q)", target, base, ErrNoReference, got.Text)
}

// candidates are the relative forms of t against base that Relativize tries, as substrings of
// t and of the base's text (see Relativize).
func candidates(base, t *URL) []string {
	s := t.Raw
	var cands []string
	add := func(c string) { cands = append(cands, c) }
	add("")
	if f := t.Fragment(); f.Present {
		add(s[f.Begin-1:])
	}
	if q := t.Query(); q.Present {
		add(s[q.Begin-1:])
	}
	if p := t.Params(); p.Present {
		add(s[p.Begin-1:]) // RFC 1808's ";x"
	}
	sc := t.Scheme()
	if !sc.Present {
		return cands
	}
	start := sc.End + 1 // after the scheme's ":"
	var network string
	if a := t.Authority(); a.Present {
		network = s[start:]
		start = a.End
	}
	rest := s[start:] // the path and all that follows it
	cands = append(cands, relativePaths(baseDir(base), rest)...)
	if strings.HasPrefix(rest, "/") {
		add(rest)
	}
	if network != "" {
		add(network)
	}
	return cands
}

// relativePaths are the relative-path forms of rest, a target's path and all that follows it,
// against dir, the base's directory.
func relativePaths(dir, rest string) []string {
	if !strings.HasPrefix(dir, "/") {
		return nil
	}
	common := 0
	for common < len(dir) && common < len(rest) && dir[common] == rest[common] {
		common++
	}
	up := strings.LastIndexByte(dir[:common], '/') + 1 // the longest common directory
	if up == 0 {
		return nil
	}
	tail := rest[up:]
	ups := strings.Repeat("../", strings.Count(dir[up:], "/"))
	switch {
	case ups == "" && tail == "":
		return []string{".", "./"}
	case ups == "":
		return []string{tail, "./" + tail}
	case tail == "":
		return []string{strings.TrimSuffix(ups, "/"), ups}
	}
	return []string{ups + tail}
}

// baseDir returns the text of u from the end of its authority (or scheme) up to and including
// the last "/" before its query or fragment, or "" when there is none.
func baseDir(u *URL) string {
	s := u.Raw
	start := 0
	if sc := u.Scheme(); sc.Present {
		start = sc.End + 1
	}
	if a := u.Authority(); a.Present {
		start = a.End
	}
	end := len(s)
	if q := u.Query(); q.Present {
		end = q.Begin - 1
	} else if f := u.Fragment(); f.Present {
		end = f.Begin - 1
	}
	if end < start {
		return ""
	}
	return lastSlashPrefix(s[start:end])
}
