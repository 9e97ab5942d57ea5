package urlgrammar

import (
	"errors"
	"fmt"
	"strings"
)

// This file resolves a reference against a base URL under the algorithm of each version's own
// document. The algorithms disagree on purpose (see the tests, which are the documents' own
// example tables): "?y" against "http://a/b/c/d;p?q" is "http://a/b/c/?y" under the 1997
// draft (and in RFC 2396's Appendix C, although RFC 2396's grammar has no such reference),
// "http://a/b/c/d;p?y" under RFC 1808, the 2003 draft and RFC 3986.
//
// Base and reference are parsed (Parse) under the version's grammar, and each algorithm takes
// their components from the *URL (partsOf), read as the document's resolution reads them.

// A Resolution is the target of a reference resolved against a base.
type Resolution struct {
	// Text is the resolved reference. When SameDocument is set, it is the base without its
	// fragment followed by the reference's fragment (with its "#"), if the reference has one.
	Text string
	// SameDocument reports that the version's document resolves the reference to "the current
	// document" rather than to a URL of its own: step 2 of section 5.2 of the 1997 draft and of
	// RFC 2396, the "current-document" result of the 2003 draft's section 5.2, and a
	// "same-document reference" of RFC 3986 section 4.4 (a target that, aside from its fragment,
	// is identical to the base). RFC 1808 and the 1993 draft have no such notion.
	SameDocument bool
	// Invalid is empty when Text is a URL of the version's grammar (it matches the default rule
	// and has a scheme), and otherwise says why it is not, citing the document: the algorithm
	// as printed can give a string that the same document's grammar rejects, as when RFC 3986's
	// remove_dot_segments (section 5.2.4) leaves a path beginning with "//" after a scheme with
	// no authority ("x:/.//h:p/" against any base is "x://h:p/", whose port "p" is no port,
	// while section 3.3 says that such a path "cannot begin with two slash characters"), or
	// when a non-validating reading (Policy.NonValidating) reads the text after an ignored
	// scheme as a relative path ("http:[" against "http://a/b/" is "http://a/b/[" under the
	// 2003 draft).
	//
	// Resolve returns the target that way rather than failing because each document defines the
	// target as what its algorithm gives: RFC 1808 section 4 ("The resulting URL components
	// [...] are recombined to give the absolute form of the embedded URL"), section 5.2 of the
	// 1997 draft and RFC 2396 (step 7, "the resulting URI components [...] are recombined"),
	// the 2003 draft's section 5.2 and RFC 3986 section 5.2 (its pseudo-code, then "the
	// resulting target URI components" of 5.3), none of which asks for the result to be
	// validated; their example tables are reproduced as printed. The caller that needs a URL of
	// the version checks Invalid. The 1993 draft is the exception: it defines a partial form as
	// an abbreviation of a URL ("the URL of another object may be given in abbreviated form"),
	// so a partial form that stands for no valid URL is an error of Resolve, and Invalid is
	// never set under it.
	Invalid string
}

// ErrNoResolution is wrapped by the error of Resolve for a version whose document defines no
// way to resolve a relative reference (the 1994 draft and RFC 1738; see Spec.Resolution).
var ErrNoResolution = errors.New("the document defines no resolution of relative references")

// ErrLeftoverDotDot is wrapped by the error of Resolve when a resolved path still begins with
// ".." segments and the Policy AvoidTraversal was given.
var ErrLeftoverDotDot = errors.New(`the resolved path still begins with ".." segments (avoiding traversal of the reference)`)

// A resolver is what the package knows of one version's resolution algorithm.
type resolver struct {
	section string // where the document defines the algorithm
	// nonValidating and dotDot say whether the document allows NonValidating, and RemoveDotDot
	// and AvoidTraversal.
	nonValidating, dotDot bool
	resolve               func(r *resolution) (Resolution, error)
}

// resolution is one call of Resolve: the version, its inputs as written and as parsed, and the
// modes. refURL is nil for a partial form of the 1993 draft, which its grammar does not
// define.
type resolution struct {
	v               Version
	base, ref       string
	baseURL, refURL *URL
	mode            Mode
	policy          Policy
}

var resolvers = byVersion[*resolver]{
	Draft1993: {
		section: `section "Partial form"`,
		resolve: resolve1993,
	},
	RFC1808: {
		section: "section 4",
		resolve: resolve1808,
	},
	Draft1997: {
		section: "section 5.2",
		resolve: resolve1997,
	},
	RFC2396: {
		section:       "section 5.2",
		nonValidating: true,
		dotDot:        true,
		resolve:       resolve2396,
	},
	Draft2003: {
		section:       "section 5.2",
		nonValidating: true,
		dotDot:        true,
		resolve:       resolve2003,
	},
	RFC3986: {
		section:       "section 5.2",
		nonValidating: true,
		resolve:       resolve3986,
	},
}

// noResolution says, for each version whose document defines no resolution, why.
var noResolution = byVersion[string]{
	// The draft's "Recommendations" promise "the rules under which parts of the name may be
	// omitted in a well-defined context", but its "URL syntax" section says "Fragment
	// identifiers and partial URLs are not involved in the basic URL definition" and no such
	// rules follow; its WAIS section names "the partial form rules" without stating them.
	Draft1994: `draft-ietf-uri-url-03 states no rules for partial URLs ("Fragment identifiers and partial URLs are not involved in the basic URL definition")`,
	// RFC 1738 section 2.3, "Hierarchical schemes and relative links": "Relative links are not
	// described in this document." RFC 1808 defines them; use that version.
	RFC1738: `RFC 1738 section 2.3: "Relative links are not described in this document" (RFC 1808 describes them: use version rfc1808)`,
}

// definesResolution reports whether v's document defines how to resolve a relative reference.
// Of the grammar versions, the 1994 draft and RFC 1738 do not.
func (v Version) definesResolution() bool {
	return resolvers.of(v) != nil
}

// resolutionSection names the part of v's document that defines its resolution algorithm,
// such as "section 5.2", or is empty when it defines none.
func (v Version) resolutionSection() string {
	if v.definesResolution() {
		return resolvers.of(v).section
	}
	return ""
}

// Resolve resolves the reference ref against the base URL base with the algorithm of v's
// document, exactly as the document states it: the target, and whether the document takes
// it to be the current document. The policy selects the choices that the document leaves open (see
// Policy and Spec.Offers); giving one that the document does not offer is an error. Both inputs are
// read as mode says.
//
// Both are parsed under v first: the base must be an absolute URL of v's grammar (its
// Spec.AbsoluteRule: url, absoluteURL, absoluteURI or absolute-URI; a fragment after it is allowed
// and is not part of the base), and the reference must match v's Spec.DefaultRule, its broadest
// reference rule (fragmentaddress, URL, URL-reference or URI-reference), as must the base with
// its fragment. An error that comes from the grammar wraps the *SyntaxError. Where the
// document requires that a base used with relative references fit its hierarchical syntax
// (RFC 1808 section 2, the 1997 draft and RFC 2396 section 5, the 2003 draft section 5), a
// base that does not is an error too. The 1993 draft gives no grammar for its partial form: a
// reference that is not a full URL is validated by validating the URL it resolves to, since
// the draft defines the partial form as an abbreviation of that URL.
//
// The algorithms take the components of base and reference from their parse, as partsOf
// describes.
//
// A version whose document defines no resolution gives an error that wraps ErrNoResolution.
func Resolve(v Version, base, ref string, mode Mode, p Policy) (Resolution, error) {
	r, err := newResolution(v, mode, p)
	if err != nil {
		return Resolution{}, err
	}
	baseURL, err := ParseRule(v, v.defaultRule(), base, r.mode)
	if err != nil {
		return Resolution{}, errorf("resolve", v, "the base is not a valid %s: %w", v.defaultRule(), err)
	}
	return r.resolve(baseURL, ref)
}

// Resolve resolves the reference ref against u with the algorithm of u's version: it is
// Resolve(u.Version, u.String(), ref, mode, p) with the mode u was read with, working from the components of u as Parse
// found them rather than reading u again. u must be absolute (have a scheme); the start rule
// it was parsed with does not matter, and a CaseIgnoreScheme it was parsed with holds for ref
// too.
func (u *URL) Resolve(ref string, p Policy) (Resolution, error) {
	r, err := newResolution(u.Version, u.mode(), p)
	if err != nil {
		return Resolution{}, err
	}
	return r.resolve(u, ref)
}

// resolve resolves ref against base, parsed under r.v, and says whether the target is valid.
func (r *resolution) resolve(base *URL, ref string) (Resolution, error) {
	res, err := r.run(base, ref)
	if err == nil {
		res.Invalid = r.invalid(res.Text)
	}
	return res, err
}

// run resolves ref against base, parsed under r.v, without checking the target's validity.
func (r *resolution) run(base *URL, ref string) (Resolution, error) {
	if err := r.setBase(base); err != nil {
		return Resolution{}, err
	}
	v, refRule := r.v, r.v.defaultRule()
	r.ref = ref
	if v != Draft1993 || isFullForm1993(ref) {
		var err error
		if r.refURL, err = ParseRule(v, refRule, ref, r.mode); err != nil {
			return Resolution{}, errorf("resolve", v, "the reference is not a valid %s: %w", refRule, err)
		}
	}
	return resolvers.of(v).resolve(r)
}

// invalid says why target is not a URL of r.v's grammar (see Resolution.Invalid), or returns
// "" when it is one.
func (r *resolution) invalid(target string) string {
	u, err := ParseRule(r.v, "", target, r.mode)
	if err == nil && u.Scheme().Present {
		return ""
	}
	if err == nil {
		// Under RFC 1808 a relativeURL may hold a ":" in its first segment: what the algorithm
		// gives with a scheme is then read as a relative URL. It is a URL when its part before
		// the fragment is an absolute one.
		abs, _, _ := strings.Cut(target, "#")
		if err = ValidateRule(r.v, r.v.info().absoluteRule, abs, r.mode); err == nil {
			return ""
		}
	}
	doc, _, _ := strings.Cut(r.v.info().document, ",")
	why := fmt.Sprintf("%s %s gives %q, which the grammar of %s rejects: %s", doc, resolvers.of(r.v).section, target, doc,
		err)
	// The target has a scheme (the base is absolute), so it has an authority when "//" follows
	// the scheme's ":" (Appendix B's expression).
	_, afterScheme, _ := strings.Cut(target, ":")
	if r.v == RFC3986 && strings.HasPrefix(afterScheme, "//") && r.authorityFromPath() {
		why += `; the path that section 5.2.4 leaves begins with "//", which section 5.3 writes after the scheme, where it is read as an authority (section 3.3: "If a URI does not contain an authority component, then the path cannot begin with two slash characters")`
	}
	return why
}

// authorityFromPath reports whether the target can have an authority only from its path: the
// reference has none, and either its scheme is taken as it stands or the base has none.
func (r *resolution) authorityFromPath() bool {
	ref, base := partsOf(r.refURL), partsOf(r.baseURL)
	return !ref.hasAuthority && (ref.hasScheme && !ignoresScheme(r.v, r.policy, base, ref, r.base) || !base.hasAuthority)
}

// newResolution checks v, mode and p.
func newResolution(v Version, mode Mode, p Policy) (*resolution, error) {
	if !v.definesResolution() {
		if why := noResolution.of(v); why != "" {
			return nil, errorf("resolve", v, "%w: %s", ErrNoResolution, why)
		}
		return nil, errorf("resolve", v, "unknown version")
	}
	if v.info() == nil {
		return nil, errorf("resolve", v, "its grammar is not registered, so base and reference cannot be validated")
	}
	if err := checkMode("resolve", v, mode); err != nil {
		return nil, err
	}
	rv := resolvers.of(v)
	switch {
	case p.NonValidating && !rv.nonValidating:
		return nil, errorf("resolve", v, "NonValidating does not apply: the document does not allow a reference's scheme to be ignored")
	case (p.RemoveDotDot || p.AvoidTraversal) && !rv.dotDot:
		return nil, errorf("resolve", v, "RemoveDotDot and AvoidTraversal do not apply: the document leaves no choice for leftover \"..\" segments")
	case p.RemoveDotDot && p.AvoidTraversal:
		return nil, errorf("resolve", v, "RemoveDotDot and AvoidTraversal exclude each other")
	}
	return &resolution{v: v, mode: mode, policy: p}, nil
}

// setBase checks that u is absolute: without its fragment, it matches the version's
// AbsoluteRule. Under every version's reference rule, a URL with a scheme is one whose part
// before the fragment matches the absolute rule (a relative reference has no scheme), so the
// grammar is asked again only for the error of a base without one.
func (r *resolution) setBase(u *URL) error {
	if !u.Scheme().Present {
		absRule := r.v.info().absoluteRule
		baseAbs, _, _ := strings.Cut(u.Raw, "#")
		err := ValidateRule(r.v, absRule, baseAbs, u.mode())
		if err == nil {
			err = fmt.Errorf("the base %q has no scheme", u.Raw)
		}
		return errorf("resolve", r.v, "the base is not an absolute URL (%s): %w", absRule, err)
	}
	r.base, r.baseURL = u.Raw, u
	return nil
}

// sameDocument is the Resolution of a reference to the current document: the base without its
// fragment, followed by the reference's fragment if it has one.
func sameDocument(base string, ref refParts) Resolution {
	text, _, _ := strings.Cut(base, "#")
	if ref.hasFragment {
		text += "#" + ref.fragment
	}
	return Resolution{Text: text, SameDocument: true}
}

// ignoresScheme reports whether v's algorithm, under p, ignores the scheme of the reference
// ref against base (whose text is baseText): with NonValidating, where the reference's scheme is
// the base's; under RFC 2396 only when the base fits the <hier_part> syntax (step 3: "the
// scheme is known to always use the <hier_part> syntax"), that is, begins with "/" after its
// scheme.
func ignoresScheme(v Version, p Policy, base, ref refParts, baseText string) bool {
	if !p.NonValidating || !ref.hasScheme || ref.scheme != base.scheme {
		return false
	}
	if v == RFC2396 {
		_, afterScheme, _ := strings.Cut(baseText, ":")
		return strings.HasPrefix(afterScheme, "/")
	}
	return true
}

// errNotHierarchical is the error for a base that does not fit the hierarchical syntax that the
// version's document requires of a base used with relative references.
func (r *resolution) errNotHierarchical(syntax, where string) error {
	return errorf("resolve", r.v, "the base %q does not fit the %s syntax, and %s", r.base, syntax, where)
}

// refParts are the components of a URL or reference that the resolution algorithms work on. A
// component is undefined when its delimiter is absent, and empty when the delimiter is there
// with nothing after it; the path is never undefined.
type refParts struct {
	scheme, authority, path, params, query, fragment          string
	hasScheme, hasAuthority, hasParams, hasQuery, hasFragment bool
}

// partsOf returns the components of u as the resolution algorithm of u's version reads them.
// They are the components of u's grammar (Parse), with two readings of the documents:
//
//   - RFC 1808 section 2.4 knows no undefined fragment, query or params: "If the crosshatch is
//     the last character, or no crosshatch is present, then the fragment identifier is empty"
//     (2.4.1; likewise the query, 2.4.4, and the params, 2.4.5), so each is defined here exactly
//     when it is not empty. Its path keeps the "/" that may precede it (2.4.6: "the parser must
//     remember whether or not it was present [...]. Often this is done by simply storing the
//     preceding slash along with the path"), where the grammar's path does not count it.
//   - The 1997 draft, RFC 2396 and the 2003 draft parse a reference for resolution with their
//     Appendix B's expression, ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?,
//     "as if it is a generic-URL, even though it might be considered opaque by later processes"
//     (1997 draft, section 4.4). An opaque part (opaque_part, opaque-part, opaque-URL), which the
//     grammar does not divide, is read that way: its path ends at the first "?", and the query
//     follows it. ("http:g?y/../x" is the reference whose non-validating resolution this
//     changes.)
//
// For the 1993 draft, resolve1993 reads the base's spans itself.
func partsOf(u *URL) refParts {
	var p refParts
	sc, au, pa, pr, q, f := u.Scheme(), u.Authority(), u.Path(), u.get(fParams), u.Query(), u.Fragment()
	p.scheme, p.hasScheme = sc.Text, sc.Present
	p.authority, p.hasAuthority = au.Text, au.Present
	p.path = pa.Text
	p.params, p.hasParams = pr.Text, pr.Present
	p.query, p.hasQuery = q.Text, q.Present
	p.fragment, p.hasFragment = f.Text, f.Present
	switch {
	case u.Version == RFC1808:
		if pa.Kind == PathAbsolute || pa.Kind == PathEmpty {
			p.path = "/" + p.path // abs_path = "/" rel_path: the only path that may be present and empty
		}
		p.hasParams, p.hasQuery, p.hasFragment = p.params != "", p.query != "", p.fragment != ""
	case pa.Kind == PathOpaque && !p.hasQuery:
		if path, query, ok := strings.Cut(p.path, "?"); ok {
			p.path, p.query, p.hasQuery = path, query, true
		}
	}
	return p
}

// recompose joins components the way RFC 3986 section 5.3 (and, in the same words, step 7 of
// section 5.2 of the 1997 draft and RFC 2396, and the 2003 draft's section 5.2) describes: a
// delimiter is written for every defined component, even an empty one.
func (c refParts) recompose() string {
	var b strings.Builder
	b.Grow(len(c.scheme) + len(c.authority) + len(c.path) + len(c.query) + len(c.fragment) + 6)
	if c.hasScheme {
		b.WriteString(c.scheme)
		b.WriteByte(':')
	}
	if c.hasAuthority {
		b.WriteString("//")
		b.WriteString(c.authority)
	}
	b.WriteString(c.path)
	if c.hasQuery {
		b.WriteByte('?')
		b.WriteString(c.query)
	}
	if c.hasFragment {
		b.WriteByte('#')
		b.WriteString(c.fragment)
	}
	return b.String()
}

// lastSlashPrefix returns path up to and including its last "/", or "" when it has none: "all
// but the last segment" of a path.
func lastSlashPrefix(path string) string {
	return path[:strings.LastIndexByte(path, '/')+1]
}

// removeDotsStepwise applies to buf the dot-segment steps shared, in the same words, by RFC 1808
// section 4 step 6a-6d, the 1997 draft and RFC 2396 section 5.2 steps 6c-6f (6d-6g in the 1997
// draft) and the 2003 draft's merge steps 3-6:
//
//   - all occurrences of "./", where "." is a complete path segment, are removed;
//   - if the buffer ends with "." as a complete path segment, that "." is removed;
//   - all occurrences of "<segment>/../", where <segment> is a complete path segment not equal
//     to "..", are removed, iteratively, the leftmost first, until none remains;
//   - if the buffer ends with "<segment>/..", where <segment> is a complete path segment not
//     equal to "..", that "<segment>/.." is removed.
//
// A leading "/" delimits no segment: the documents' own examples ("../../../g" resolves to
// "http://a/../g") show that "/../g" keeps its "..". The steps are applied as one pass over
// the segments with a stack, which gives the same result as the string replacements in linear
// time. It also returns how many ".." segments the result begins with.
func removeDotsStepwise(buf string) (string, int) {
	var prefix string
	if strings.HasPrefix(buf, "/") {
		prefix, buf = "/", buf[1:]
	}
	segs := strings.Split(buf, "/")
	n := len(segs)
	stack := make([]string, 0, n)
	for i, s := range segs {
		last := i == n-1
		switch {
		case s == "." && !last:
			// "./" removed.
		case s == "." && last:
			stack = append(stack, "") // the final "." removed, its "/" kept
		case s == ".." && !last && len(stack) > 0 && stack[len(stack)-1] != "..":
			stack = stack[:len(stack)-1] // "<segment>/../" removed
		default:
			stack = append(stack, s)
		}
	}
	if k := len(stack); k >= 2 && stack[k-1] == ".." && stack[k-2] != ".." {
		stack = append(stack[:k-2], "") // the final "<segment>/.." removed, the "/" before it kept
	}
	lead := 0
	for lead < len(stack) && stack[lead] == ".." {
		lead++
	}
	return prefix + strings.Join(stack, "/"), lead
}

// dropLeadingDotDot removes the first lead ".." segments of a path that begins with them.
func dropLeadingDotDot(path string, lead int) string {
	var prefix string
	if strings.HasPrefix(path, "/") {
		prefix, path = "/", path[1:]
	}
	for ; lead > 0; lead-- {
		if rest, ok := strings.CutPrefix(path, "../"); ok {
			path = rest
		} else {
			path = strings.TrimPrefix(path, "..")
		}
	}
	return prefix + path
}

// leftoverDotDot applies the chosen handling (RFC 2396 step 6g, the 2003 draft's merge step 7)
// to a path that begins with lead ".." segments.
func (r *resolution) leftoverDotDot(path string, lead int) (string, error) {
	if lead == 0 {
		return path, nil
	}
	switch {
	case r.policy.RemoveDotDot:
		return dropLeadingDotDot(path, lead), nil
	case r.policy.AvoidTraversal:
		return "", errorf("resolve", r.v, "%q against %q: %w", r.ref, r.base, ErrLeftoverDotDot)
	}
	return path, nil
}

// ---- the 1993 draft ----

// isFullForm1993 reports whether s is a full URL rather than a partial one. The 1993 draft,
// "Partial form": "A partial form can be distinguished from a full form in that a full form
// must have a colon and that colon must occur before any slash characters."
func isFullForm1993(s string) bool {
	i := strings.IndexByte(s, ':')
	return i >= 0 && !strings.Contains(s[:i], "/")
}

// resolve1993 applies the rules for the use of a partial name of the 1993 draft (section
// "Partial form", under "Recommendations"):
//
//	. If the scheme parts are different, the whole absolute locator must be given. Otherwise,
//	  the scheme is omitted, and:
//	. If the host and/or port parts are the different, the host, port name and all the rest of
//	  the locator must be given.
//	. If the access and host parts are the same, then the path may be given in absolute (fully
//	  qualified) or relative form. Within the path:
//	. If a leading slash is present, the path is absolute. Otherwise, a relative path is
//	  interpreted as follows:
//	. The last part of the path of the context locator (anything following the rightmost
//	  slash) is removed, and the given partial URL appended in its place.
//	. Within the result, all occurrences of "/xxx/.." or "/." are recursively removed, where
//	  xxx, ".." and "." are complete path elements.
//
// Read as follows:
//   - a full form (see isFullForm1993) is the result as it stands;
//   - a partial form that starts with "//" gives the host part ("Internet protocol parts": it
//     "starts with a double slash "//" to indicate its presence") and everything after it: the
//     result is the base's scheme, ":" and the partial form;
//   - one that starts with "/" replaces the base's path and all that follows it;
//   - any other replaces what follows the rightmost slash of the base's path (the base's search
//     and fragment-id go with it). A base without a host part whose path has no slash loses its
//     whole path: that is how, by the draft's News section, "within an article, a reference to
//     a news group or to another article will be a valid URL (in the partial form)". In a base
//     with a host part, the "/" that separates the path from the host (httpaddress = h t t p :
//     / / hostport [ / path ]) is kept even when the path is void.
//   - "/." and "/xxx/.." are removed from the new path only (the search and fragment-id that
//     follow it are left as given), and xxx is a complete path element other than "." and
//     "..": otherwise "/./.." could be removed as "/xxx/.." and the result would depend on the
//     order of removal.
//
// The rules single out no partial form made of a search or a fragment-id alone: "?y" and "#s"
// are relative paths and replace the last part of the path like any other. Nor does the draft
// speak of a current document: SameDocument is never set.
func resolve1993(r *resolution) (Resolution, error) {
	if isFullForm1993(r.ref) {
		return Resolution{Text: r.ref}, nil
	}
	// The base's scheme, its host part ("//" and the hostport) and its path, as they stand in
	// it: the path runs from the end of the host part (or the scheme's ":") to the search or
	// fragment-id.
	u := r.baseURL
	sc := u.Scheme()
	scheme, start, end := sc.Text, sc.End+1, len(u.Raw)
	var host string
	if a := u.Authority(); a.Present {
		host, start = u.Raw[start:a.End], a.End
	}
	if q := u.Query(); q.Present {
		end = q.Begin - 1
	} else if f := u.Fragment(); f.Present {
		end = f.Begin - 1
	}
	path := u.Raw[start:end]
	var text string
	switch {
	case strings.HasPrefix(r.ref, "//"):
		text = scheme + ":" + r.ref
	case strings.HasPrefix(r.ref, "/"):
		text = scheme + ":" + host + r.ref
	default:
		if host != "" && path == "" {
			path = "/"
		}
		refPath, after := r.ref, ""
		if i := strings.IndexAny(r.ref, "?#"); i >= 0 {
			refPath, after = r.ref[:i], r.ref[i:]
		}
		text = scheme + ":" + host + removeDots1993(lastSlashPrefix(path)+refPath) + after
	}
	// The draft defines the partial form only as an abbreviation of a URL ("the URL of another
	// object may be given in abbreviated form"): what it abbreviates must be a URL.
	if err := ValidateRule(r.v, "fragmentaddress", text, r.mode); err != nil {
		return Resolution{}, errorf("resolve", r.v, "the partial form %q against %q stands for %q, which is not a valid fragmentaddress: %w", r.ref, r.base, text, err)
	}
	return Resolution{Text: text}, nil
}

// removeDots1993 removes, recursively, every "/." and every "/xxx/.." from path, where "."
// and xxx are complete path elements and xxx is neither "." nor "..". An element is what
// stands between a "/" and the next "/" or the end; the text before the first "/" is preceded
// by no slash and is never removed. One pass with a stack gives the same result as repeated
// removal, in linear time.
func removeDots1993(path string) string {
	head, rest, found := strings.Cut(path, "/")
	if !found {
		return path
	}
	elems := strings.Split(rest, "/")
	stack := make([]string, 0, len(elems))
	for _, e := range elems {
		switch {
		case e == ".":
			// "/." removed.
		case e == ".." && len(stack) > 0 && stack[len(stack)-1] != "..":
			stack = stack[:len(stack)-1] // "/xxx/.." removed
		default:
			stack = append(stack, e)
		}
	}
	var b strings.Builder
	b.Grow(len(path))
	b.WriteString(head)
	for _, e := range stack {
		b.WriteByte('/')
		b.WriteString(e)
	}
	return b.String()
}

// ---- RFC 1808 ----

// recompose1808 recombines components for RFC 1808 section 4 step 7, which gives no
// pseudo-code: in the order of section 2.1's <scheme>://<net_loc>/<path>;<params>?<query>#<fragment>,
// each delimiter written when its component is present. Section 2.1's form puts a "/" between
// net_loc and path; it is written when the path does not bring its own.
func (c refParts) recompose1808() string {
	var b strings.Builder
	if c.hasScheme {
		b.WriteString(c.scheme)
		b.WriteByte(':')
	}
	if c.hasAuthority {
		b.WriteString("//")
		b.WriteString(c.authority)
		if c.path != "" && c.path[0] != '/' {
			b.WriteByte('/')
		}
	}
	b.WriteString(c.path)
	if c.hasParams {
		b.WriteByte(';')
		b.WriteString(c.params)
	}
	if c.hasQuery {
		b.WriteByte('?')
		b.WriteString(c.query)
	}
	if c.hasFragment {
		b.WriteByte('#')
		b.WriteString(c.fragment)
	}
	return b.String()
}

// resolve1808 is RFC 1808 section 4, "Resolving Relative URLs", steps 1 to 7. Step 1's empty
// base cannot occur: the base has been validated as an absolute URL. Where the algorithm is
// "done" at step 2 the result is the base (2a) or the reference (2b) as written; otherwise the
// components are recombined by recompose1808. The base must fit the generic-RL syntax (section
// 2: "base documents can only make use of relative URLs when their base URL fits within the
// generic-RL syntax"); generic-RL = scheme ":" relativeURL.
func resolve1808(r *resolution) (Resolution, error) {
	ref := partsOf(r.refURL)
	// Step 2b: "If the embedded URL starts with a scheme name, it is interpreted as an absolute
	// URL and we are done."
	if ref.hasScheme {
		return Resolution{Text: r.ref}, nil
	}
	baseAbs, _, _ := strings.Cut(r.base, "#")
	_, afterScheme, _ := strings.Cut(baseAbs, ":")
	if !MatchRule(r.v, "relativeURL", afterScheme, r.mode) {
		return Resolution{}, r.errNotHierarchical("generic-RL", `"base documents can only make use of relative URLs when their base URL fits within the generic-RL syntax" (RFC 1808 section 2)`)
	}
	// Step 2a: "If the embedded URL is entirely empty, it inherits the entire base URL (i.e., is
	// set equal to the base URL) and we are done."
	if r.ref == "" {
		return Resolution{Text: r.base}, nil
	}
	base := partsOf(r.baseURL)
	// Step 2c: "Otherwise, the embedded URL inherits the scheme of the base URL."
	ref.scheme, ref.hasScheme = base.scheme, base.hasScheme
	// Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7. Otherwise, the
	// embedded URL inherits the <net_loc> (if any) of the base URL."
	if ref.authority != "" {
		return Resolution{Text: ref.recompose1808()}, nil
	}
	ref.authority, ref.hasAuthority = base.authority, base.hasAuthority
	// Step 4: "If the embedded URL path is preceded by a slash "/", the path is not relative and
	// we skip to Step 7."
	if strings.HasPrefix(ref.path, "/") {
		return Resolution{Text: ref.recompose1808()}, nil
	}
	// Step 5: "If the embedded URL path is empty (and not preceded by a slash), then the embedded
	// URL inherits the base URL path, and a) if the embedded URL's <params> is non-empty, we skip
	// to step 7; otherwise, it inherits the <params> of the base URL (if any) and b) if the
	// embedded URL's <query> is non-empty, we skip to step 7; otherwise, it inherits the <query>
	// of the base URL (if any) and we skip to step 7."
	if ref.path == "" {
		ref.path = base.path
		if !ref.hasParams {
			ref.params, ref.hasParams = base.params, base.hasParams
			if !ref.hasQuery {
				ref.query, ref.hasQuery = base.query, base.hasQuery
			}
		}
		return Resolution{Text: ref.recompose1808()}, nil
	}
	// Step 6: "The last segment of the base URL's path (anything following the rightmost slash
	// "/", or the entire path if no slash is present) is removed and the embedded URL's path is
	// appended in its place", then the dot-segment operations a) to d).
	ref.path, _ = removeDotsStepwise(lastSlashPrefix(base.path) + ref.path)
	// Step 7: "The resulting URL components, including any inherited from the base URL, are
	// recombined to give the absolute form of the embedded URL."
	return Resolution{Text: ref.recompose1808()}, nil
}

// ---- the 1997 draft ----

// resolve1997 is section 5.2 of draft-fielding-url-syntax-05, steps 1 to 7. The base is parsed
// into its four components (section 4.4, Appendix B; "The base URL's query component is not
// used by the resolution algorithm and may be discarded"), and must fit the generic-URL syntax
// when a relative reference is used with it (section 5: "Documents can only make use of
// relative URLs when their base URL fits within the generic-URL syntax"; generic-URL = scheme
// ":" relativeURL).
//
// Step 6 merges the reference's query with its path before the dot segments are removed ("c)
// If the reference's query component is defined, then a "?" character is appended to the
// buffer string, followed by the query component"), and takes the query back from the buffer
// afterwards (steps h and i): "g?y/../x" is "http://a/b/c/x" and "?y" is "http://a/b/c/?y".
// As step 6a is written, a base whose path is empty ("http://a") gives "http://ag" for "g":
// the 2003 draft's merge step 1 and RFC 3986 section 5.2.3 are the first to add a "/".
func resolve1997(r *resolution) (Resolution, error) {
	// Step 1: "The URL reference is parsed into the potential four components and fragment
	// identifier, as described in Section 4.4."
	ref := partsOf(r.refURL)
	// Step 2: "If the path component is empty and the scheme, site, and query components are
	// undefined, then it is a reference to the current document and we are done."
	if ref.path == "" && !ref.hasScheme && !ref.hasAuthority && !ref.hasQuery {
		return sameDocument(r.base, ref), nil
	}
	// Step 3: "If the scheme component is defined, indicating that the reference starts with a
	// scheme name, then the reference is interpreted as an absolute URL and we are done.
	// Otherwise, the reference URL's scheme is inherited from the base URL's scheme component."
	if ref.hasScheme {
		return Resolution{Text: r.ref}, nil
	}
	baseAbs, _, _ := strings.Cut(r.base, "#")
	_, afterScheme, _ := strings.Cut(baseAbs, ":")
	if !MatchRule(r.v, "relativeURL", afterScheme, r.mode) {
		return Resolution{}, r.errNotHierarchical("generic-URL", `"Documents can only make use of relative URLs when their base URL fits within the generic-URL syntax" (section 5)`)
	}
	base := partsOf(r.baseURL)
	ref.scheme, ref.hasScheme = base.scheme, true
	// Step 4: "If the site component is defined, then the reference is a network-path and we
	// skip to step 7. Otherwise, the reference URL's site is inherited from the base URL's site
	// component, which will also be undefined if the URL scheme does not use a site component."
	if !ref.hasAuthority {
		ref.authority, ref.hasAuthority = base.authority, base.hasAuthority
		// Step 5: "If the path component begins with a slash character ("/"), then the reference
		// is an absolute-path and we skip to step 7."
		if !strings.HasPrefix(ref.path, "/") {
			// Step 6, a) to c): all but the last segment of the base path, the reference's path,
			// and "?" and the reference's query if it is defined.
			buf := lastSlashPrefix(base.path) + ref.path
			if ref.hasQuery {
				buf += "?" + ref.query
			}
			// d) to g): the dot segments.
			buf, _ = removeDotsStepwise(buf)
			// h) "If the buffer string contains a question-mark "?" character, then the reference
			// URL's query component is the substring after the first (left-most) question-mark.
			// Otherwise, the reference URL's query component is set undefined." i) "The reference
			// URL's new path component is the buffer string up to, but not including, the first
			// question-mark character or the end of the buffer string."
			ref.path, ref.query, ref.hasQuery = strings.Cut(buf, "?")
		}
	}
	// Step 7: the components are recombined.
	return Resolution{Text: ref.recompose()}, nil
}

// ---- RFC 2396 ----

// resolve2396 is RFC 2396 section 5.2, steps 1 to 7. The base must fit the <hier_part> syntax
// when a relative reference is used with it (section 5: "Documents can only make use of
// relative URI when their base URI fits within the <hier_part> syntax"): an absoluteURI whose
// part after the scheme's ":" begins with "/" (hier_part = ( net_path | abs_path ) [ "?" query ],
// and an opaque_part never begins with "/"). Step 6g's choice is RemoveDotDot's or AvoidTraversal's; step 3's
// work-around is NonValidating's. As step 6a is written, a base whose path is empty
// ("http://a") gives "http://ag" for "g".
func resolve2396(r *resolution) (Resolution, error) {
	// Step 1: "The URI reference is parsed into the potential four components and fragment
	// identifier, as described in Section 4.3."
	ref := partsOf(r.refURL)
	baseAbs, _, _ := strings.Cut(r.base, "#")
	base := partsOf(r.baseURL)
	// Step 2: "If the path component is empty and the scheme, authority, and query components
	// are undefined, then it is a reference to the current document and we are done."
	if ref.path == "" && !ref.hasScheme && !ref.hasAuthority && !ref.hasQuery {
		return sameDocument(r.base, ref), nil
	}
	_, afterScheme, _ := strings.Cut(baseAbs, ":")
	hier := strings.HasPrefix(afterScheme, "/")
	// Step 3: "If the scheme component is defined, indicating that the reference starts with a
	// scheme name, then the reference is interpreted as an absolute URI and we are done." Its
	// work-around for a reference whose scheme is the base's ("removing the scheme if it matches
	// that of the base URI and the scheme is known to always use the <hier_part> syntax") is
	// taken only with NonValidating; Appendix C: "http:g = http:g ; for validating parsers".
	if ref.hasScheme {
		if !ignoresScheme(r.v, r.policy, base, ref, r.base) {
			return Resolution{Text: r.ref}, nil
		}
		// "The parser can then continue with the steps below for the remainder of the
		// reference components."
		ref.hasScheme = false
	}
	if !hier {
		return Resolution{}, r.errNotHierarchical("<hier_part>", `"Documents can only make use of relative URI when their base URI fits within the <hier_part> syntax" (RFC 2396 section 5)`)
	}
	ref.scheme, ref.hasScheme = base.scheme, true
	// Step 4: "If the authority component is defined, then the reference is a network-path and
	// we skip to step 7. Otherwise, the reference URI's authority is inherited from the base
	// URI's authority component".
	if !ref.hasAuthority {
		ref.authority, ref.hasAuthority = base.authority, base.hasAuthority
		// Step 5: "If the path component begins with a slash character ("/"), then the reference
		// is an absolute-path and we skip to step 7."
		if !strings.HasPrefix(ref.path, "/") {
			// Step 6, a) and b): all but the last segment of the base path, then the
			// reference's path; c) to f): the dot segments; g): leftover ".." segments.
			path, lead := removeDotsStepwise(lastSlashPrefix(base.path) + ref.path)
			var err error
			if ref.path, err = r.leftoverDotDot(path, lead); err != nil {
				return Resolution{}, err
			}
		}
	}
	// Step 7: the components are recombined.
	return Resolution{Text: ref.recompose()}, nil
}

// ---- the 2003 draft ----

// resolve2003 is the pseudo-code of section 5.2 of draft-fielding-uri-rfc2396bis-01, with its
// merge routine (steps 1 to 8) and its recomposition. Unlike RFC 3986, it removes dot segments
// only from a merged relative path: "/./g" is "http://a/./g". An empty reference, or one of a
// fragment alone, is "(current-document, fragment)". Merge step 7's choice is RemoveDotDot's or AvoidTraversal's.
//
// In the seed text, merge steps 5 and 6 read `"/../", where is a complete path segment` and
// `ends with "/..", where is a complete path segment`: the "<segment>" between angle brackets
// has been lost, as everywhere in that text; they are read as RFC 2396 step 6e and 6f read.
//
// The base must fit the <hier-part> syntax when a relative reference is used with it (section
// 5: "Documents can only make use of a relative URI when their base URI fits within the
// syntax", the rule name lost likewise): hier-part = [ net-path / abs-path ] [ "?" query ].
func resolve2003(r *resolution) (Resolution, error) {
	// (R.scheme, R.authority, R.path, R.query, fragment) = parse(R);
	ref := partsOf(r.refURL)
	baseAbs, _, _ := strings.Cut(r.base, "#")
	base := partsOf(r.baseURL)
	// if ((not validating) and (R.scheme == Base.scheme)) then undefine(R.scheme);
	if ignoresScheme(r.v, r.policy, base, ref, r.base) {
		ref.hasScheme = false
	}
	var t refParts
	if ref.hasScheme {
		t = ref // T.scheme, T.authority, T.path, T.query = R's
	} else {
		if !ref.hasAuthority && ref.path == "" && !ref.hasQuery {
			// "-- An empty reference refers to the current document"
			return sameDocument(r.base, ref), nil
		}
		if err := r.fitsHierPart2003(baseAbs); err != nil {
			return Resolution{}, err
		}
		if ref.hasAuthority {
			t = ref
		} else {
			switch {
			case ref.path == "": // and R.query defined
				t.path, t.query, t.hasQuery = base.path, ref.query, true
			case strings.HasPrefix(ref.path, "/"):
				t.path, t.query, t.hasQuery = ref.path, ref.query, ref.hasQuery
			default:
				path, err := r.merge2003(base.path, ref.path)
				if err != nil {
					return Resolution{}, err
				}
				t.path, t.query, t.hasQuery = path, ref.query, ref.hasQuery
			}
			t.authority, t.hasAuthority = base.authority, base.hasAuthority
		}
		t.scheme, t.hasScheme = base.scheme, true
	}
	t.fragment, t.hasFragment = ref.fragment, ref.hasFragment
	return Resolution{Text: t.recompose()}, nil
}

// fitsHierPart2003 checks that the base, an absolute-URI, fits hier-part: what follows its
// scheme's ":" is empty, or begins with "/" or "?" and matches relative-URI (which then is
// net-path or abs-path, or nothing, followed by an optional query: hier-part exactly).
func (r *resolution) fitsHierPart2003(baseAbs string) error {
	_, afterScheme, _ := strings.Cut(baseAbs, ":")
	if afterScheme == "" || (afterScheme[0] == '/' || afterScheme[0] == '?') && MatchRule(r.v, "relative-URI", afterScheme, r.mode) {
		return nil
	}
	return r.errNotHierarchical("<hier-part>", `"Documents can only make use of a relative URI when their base URI fits within the syntax" (section 5)`)
}

// merge2003 is the 2003 draft's merge routine, steps 1 to 8.
func (r *resolution) merge2003(basePath, refPath string) (string, error) {
	// 1. "All but the last segment of the base URI's path component is copied to the buffer.
	// [...] If the base URI's path component is the empty string, then a single slash
	// character ("/") is copied to the buffer."
	buf := lastSlashPrefix(basePath)
	if basePath == "" {
		buf = "/"
	}
	// 2. "The reference's path component is appended to the buffer string." 3. to 6.: the dot
	// segments; 7.: leftover ".." segments; 8. "The remaining buffer string is the target URI's
	// path component."
	path, lead := removeDotsStepwise(buf + refPath)
	return r.leftoverDotDot(path, lead)
}

// ---- RFC 3986 ----

// resolve3986 is RFC 3986 section 5.2.2's pseudo-code, with merge (5.2.3), remove_dot_segments
// (5.2.4) and the recomposition of section 5.3. The base must be an absolute-URI (section 5.1);
// its fragment, if given, is not part of it. SameDocument is set for a same-document
// reference (section 4.4).
func resolve3986(r *resolution) (Resolution, error) {
	ref := partsOf(r.refURL)
	baseAbs, _, _ := strings.Cut(r.base, "#")
	base := partsOf(r.baseURL)
	// -- A non-strict parser may ignore a scheme in the reference
	// -- if it is identical to the base URI's scheme.
	if ignoresScheme(r.v, r.policy, base, ref, r.base) {
		ref.hasScheme = false
	}
	var t refParts
	if ref.hasScheme {
		t = ref
		t.path = removeDotSegments(ref.path)
	} else {
		if ref.hasAuthority {
			t.authority, t.hasAuthority = ref.authority, true
			t.path = removeDotSegments(ref.path)
			t.query, t.hasQuery = ref.query, ref.hasQuery
		} else {
			switch {
			case ref.path == "":
				t.path = base.path
				if ref.hasQuery {
					t.query, t.hasQuery = ref.query, true
				} else {
					t.query, t.hasQuery = base.query, base.hasQuery
				}
			case strings.HasPrefix(ref.path, "/"):
				t.path = removeDotSegments(ref.path)
				t.query, t.hasQuery = ref.query, ref.hasQuery
			default:
				t.path = removeDotSegments(merge3986(base, ref.path))
				t.query, t.hasQuery = ref.query, ref.hasQuery
			}
			t.authority, t.hasAuthority = base.authority, base.hasAuthority
		}
		t.scheme, t.hasScheme = base.scheme, true
	}
	t.fragment, t.hasFragment = ref.fragment, ref.hasFragment
	text := t.recompose()
	// Section 4.4: "When a URI reference refers to a URI that is, aside from its fragment
	// component (if any), identical to the base URI (Section 5.1), that reference is called a
	// "same-document" reference."
	target, _, _ := strings.Cut(text, "#")
	return Resolution{Text: text, SameDocument: target == baseAbs}, nil
}

// merge3986 is RFC 3986 section 5.2.3: "If the base URI has a defined authority component and
// an empty path, then return a string consisting of "/" concatenated with the reference's
// path; otherwise, return a string consisting of the reference's path component appended to
// all but the last segment of the base URI's path".
func merge3986(base refParts, refPath string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + refPath
	}
	return lastSlashPrefix(base.path) + refPath
}

// removeDotSegments is remove_dot_segments of RFC 3986 section 5.2.4, with its two buffers: the
// input buffer is in[i:], the output buffer out.
func removeDotSegments(in string) string {
	out := make([]byte, 0, len(in))
	// removeLast removes "the last segment and its preceding "/" (if any) from the output
	// buffer".
	removeLast := func() {
		j := len(out) - 1
		for j >= 0 && out[j] != '/' {
			j--
		}
		if j < 0 {
			j = 0
		}
		out = out[:j]
	}
	for i := 0; i < len(in); {
		rest := in[i:]
		switch {
		// A. "If the input buffer begins with a prefix of "../" or "./", then remove that
		// prefix from the input buffer"
		case strings.HasPrefix(rest, "../"):
			i += 3
		case strings.HasPrefix(rest, "./"):
			i += 2
		// B. "if the input buffer begins with a prefix of "/./" or "/.", where "." is a complete
		// path segment, then replace that prefix with "/" in the input buffer"
		case strings.HasPrefix(rest, "/./"):
			i += 2
		case rest == "/.":
			i++
			in = in[:i] + "/"
		// C. "if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
		// complete path segment, then replace that prefix with "/" in the input buffer and
		// remove the last segment and its preceding "/" (if any) from the output buffer"
		case strings.HasPrefix(rest, "/../"):
			i += 3
			removeLast()
		case rest == "/..":
			i += 2
			in = in[:i] + "/"
			removeLast()
		// D. "if the input buffer consists only of "." or "..", then remove that from the input
		// buffer"
		case rest == "." || rest == "..":
			i = len(in)
		// E. "move the first path segment in the input buffer to the end of the output buffer,
		// including the initial "/" character (if any) and any subsequent characters up to, but
		// not including, the next "/" character or the end of the input buffer."
		default:
			j := strings.IndexByte(rest[1:], '/')
			if j < 0 {
				j = len(rest) - 1
			}
			out = append(out, rest[:j+1]...)
			i += j + 1
		}
	}
	return string(out)
}
