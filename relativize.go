package urlgrammar

import (
	"errors"
	"fmt"
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
// Resolve(v, base, Relativize(v, base, target, mode, p), mode, p) == target whenever there is
// no error. When none does (a "." or ".." in the base's path, or a path that dot-segment
// removal treats apart, such as a rootless one, can make the directory the algorithm climbs
// from differ from the base's text), the relative paths made of "./" or of up to one "../" more
// than the base's directory has segments, followed by the target's path from each of its
// segments on, are tried too, at most searchLimit of them (and fewer for long inputs). Where none resolves to target, not
// even target itself (RFC 3986 removes dot segments from every target), the error wraps
// ErrNoReference.
//
// Relativize accepts every base that Resolve accepts: an absolute URL of v's grammar, whether
// or not it fits the hierarchical syntax that relative references need (against one that does
// not, only the target itself, the empty reference or a fragment may resolve). The target must
// be valid under v's grammar: one that Resolve marks Invalid is refused. A version whose
// document defines no resolution gives an error that wraps ErrNoResolution.
func Relativize(v Version, base, target string, mode Mode, p Policy) (string, error) {
	r, err := newResolution(v, mode, p)
	if err != nil {
		return "", err
	}
	rule := v.defaultRule()
	baseURL, err := ParseRule(v, rule, base, mode)
	if err != nil {
		return "", errorf("relativize", v, "the base is not a valid %s: %w", rule, err)
	}
	if err := r.setBase(baseURL); err != nil {
		return "", err
	}
	t, err := ParseRule(v, rule, target, mode)
	if err != nil {
		return "", errorf("relativize", v, "the target is not a valid %s: %w", rule, err)
	}
	resolves := func(ref string) bool {
		r := &resolution{v: v, mode: mode, policy: p}
		got, err := r.run(baseURL, ref)
		return err == nil && got.Text == target
	}
	cands := append(candidates(baseURL, t), target)
	sort.SliceStable(cands, func(i, j int) bool { return len(cands[i]) < len(cands[j]) })
	for _, ref := range cands {
		if resolves(ref) {
			return ref, nil
		}
	}
	if ref, ok := searchPaths(baseURL, t, resolves); ok {
		return ref, nil
	}
	why := ""
	if got, err := Resolve(v, base, target, mode, p); err == nil {
		why = fmt.Sprintf(" (the target itself resolves to %q)", got.Text)
	}
	return "", errorf("relativize", v, "%q against %q: %w%s", target, base, ErrNoReference, why)
}

// searchLimit bounds the relative paths that searchPaths tries, and searchBytes the bytes of
// base and target that their resolutions read in all, so that the search stays linear in the
// size of its inputs.
const (
	searchLimit = 4096
	searchBytes = 1 << 24
)

// searchPaths tries, shortest first, the relative paths "./" or "../" repeated up to one more
// time than the base's directory has segments, followed by the target's path from each of its
// segments on (with its query and fragment), and returns the first that resolves, if any.
func searchPaths(base, t *URL, resolves func(string) bool) (string, bool) {
	s := t.Raw
	sc := t.Scheme()
	if !sc.Present {
		return "", false
	}
	start := sc.End + 1
	if a := t.Authority(); a.Present {
		start = a.End
	}
	rest := s[start:]
	pathEnd := strings.IndexAny(rest, "?#")
	if pathEnd < 0 {
		pathEnd = len(rest)
	}
	suffixes := []string{rest}
	for i := 0; i < pathEnd; i++ {
		if rest[i] == '/' {
			suffixes = append(suffixes, rest[i+1:])
		}
	}
	ups := strings.Count(baseDir(base), "/") + 1
	if n := (ups + 2) * len(suffixes); n > searchLimit || n*(len(s)+len(base.Raw)) > searchBytes {
		return "", false
	}
	var cands []string
	for _, suffix := range suffixes {
		cands = append(cands, suffix, "./"+suffix)
		for k := 1; k <= ups; k++ {
			cands = append(cands, strings.Repeat("../", k)+suffix)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return len(cands[i]) < len(cands[j]) })
	for _, ref := range cands {
		if resolves(ref) {
			return ref, true
		}
	}
	return "", false
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
	if p := t.get(fParams); p.Present {
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
	common := 0
	for common < len(dir) && common < len(rest) && dir[common] == rest[common] {
		common++
	}
	up := strings.LastIndexByte(dir[:common], '/') + 1 // the longest common directory
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
