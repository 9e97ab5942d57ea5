package charset

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/urlgrammar/urlgrammar"
)

// This file derives, for each version and component, which printable ASCII characters may
// stand unescaped in that component. Nothing here lists characters: each verdict comes from
// the version's generated parser, by probing. The probes are data (probedComponents below);
// urlgrammar.ParseRule decides.

// A Status says where a character may stand unescaped in a component, over the positions
// that the component's probes try.
type Status uint8

// The statuses, from none of the probed positions to all of them.
const (
	No     Status = iota // in none of the probed positions
	Partly               // in some of them but not in all
	Yes                  // in every probed position
)

var statusNames = [...]string{"no", "partly", "yes"}

// String returns "no", "partly" or "yes".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// The printable ASCII characters, which Of tries: the space (0x20) to "~" (0x7E).
const (
	FirstPrintable = ' '
	LastPrintable  = '~'
	NumPrintable   = LastPrintable - FirstPrintable + 1 // 95
)

// A Probe is one way of asking a version's parser whether a character may stand in a
// component: a URL that the version accepts with a suitable character in place of the
// placeholder "•", read under a start rule. The probe admits a character c when, with c in
// place of the placeholder, the parser accepts the URL under Rule AND Parse puts c into the
// component, at the placeholder's place, with the text Want (with c in place of its "•"). So a
// character that the parser accepts but reads as a delimiter of another component (the ":"
// that ends a scheme, the "/" between two segments, the "?" that starts a query) is not
// admitted.
type Probe struct {
	Rule string // the start rule, by its name in the document
	URL  string // the URL, with one "•" where the probed character goes
	Want string // the component's text, with one "•" at the same place
	// Context says which occurrence of the component this is, such as "a relative-URI's first
	// segment", and Position where in it the character stands: "only", "first", "inner" or
	// "last" character. The Context of an Extra probe says where, with its preposition ("at
	// the start of an IPv6reference"), and it has no Position.
	Context, Position string
	// Extra marks a probe that only some characters can complete, such as the "[" that opens
	// an IPv6 reference: it can show that a character may stand in the component, but its
	// rejections do not count against "yes".
	Extra bool
}

// Placeholder is where a Probe's character goes.
const Placeholder = "•"

// A Set is, for one version and one component, the status of each printable ASCII
// character unescaped in the component, derived by probing the version's parser.
//
// A character "may appear" in the component when it may stand in some position of the
// component in some URL of the component's probes (status Yes or Partly). The probes
// of a component try each context in which the version's grammar has the component (for a
// path segment: a segment of an absolute path, and the first segment of a relative reference,
// which some grammars restrict), and in each context four positions: the component's only
// character, its first, an inner and its last character. A few extra probes (Probe.Extra)
// reach forms that only some characters can complete, such as an IPv6 reference in a host.
// A character is then
//   - Yes when every probe that is not extra admits it,
//   - Partly when some probe admits it, but not every one (Restriction says
//     which did not),
//   - No when no probe admits it.
//
// The verdict is the parser's reading of the input: where a grammar is ambiguous, the
// character counts where the parse puts it (in the 2003 draft, "s://y@z/" is a server whose
// userinfo is "y", not a reg-name "y@z", so "@" is no inner character of that host).
//
// A "%" counts as itself, not as the start of an escape: no probe follows the placeholder by
// two hex digits, so "%" is No wherever an escape is the only way to write it. The probes
// use no Mode: scheme names are case-sensitive as the grammars print them.
type Set struct {
	Version   urlgrammar.Version
	Component string
	// Applies is false when the version's grammar has no such component; the statuses are
	// then all No, and there are no probes.
	Applies bool
	Status  [NumPrintable]Status // by character, from FirstPrintable
	Probes  []Probe
	partly  map[byte]partlyChar
}

// partlyChar is what the probes said of a character that is Partly.
type partlyChar struct {
	notIn     []Probe // the probes that do not admit it, extra probes left out
	admitted  []Probe // the probes that admit it
	onlyExtra bool    // only extra probes admit it
}

// Of returns the status of the character c; a character outside the printable ASCII range is
// No.
func (cs *Set) Of(c byte) Status {
	if c < FirstPrintable || c > LastPrintable {
		return No
	}
	return cs.Status[c-FirstPrintable]
}

// Restriction says in words where a character that is Partly may not stand, such as "not
// in a relative-URI's first segment" or "not as the only or first character of an
// absolute-URI's scheme"; or, for one that only extra probes admit, where it may: "only at
// the start of an IPv6reference". It is "" for a character that is not Partly.
func (cs *Set) Restriction(c byte) string {
	pc, ok := cs.partly[c]
	if !ok {
		return ""
	}
	if pc.onlyExtra {
		var in []string
		for _, p := range pc.admitted {
			in = append(in, p.Context)
		}
		return "only " + orList(in)
	}
	var parts, whole []string
	flush := func() {
		if len(whole) > 0 {
			parts = append(parts, "not in "+orList(whole))
			whole = nil
		}
	}
	for i := 0; i < len(pc.notIn); {
		ctx := pc.notIn[i].Context
		var pos []string
		for ; i < len(pc.notIn) && pc.notIn[i].Context == ctx; i++ {
			pos = append(pos, pc.notIn[i].Position)
		}
		all := 0
		for _, p := range cs.Probes {
			if p.Context == ctx && !p.Extra {
				all++
			}
		}
		if len(pos) == all {
			whole = append(whole, ctx)
			continue
		}
		flush()
		parts = append(parts, "not as the "+orList(pos)+" character of "+ctx)
	}
	flush()
	return strings.Join(parts, "; ")
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if n := len(words); n > 1 {
		return strings.Join(words[:n-1], ", ") + " or " + words[n-1]
	}
	return strings.Join(words, "")
}

// Chars returns the characters whose status is s, in ASCII order.
func (cs *Set) Chars(s Status) string {
	var b strings.Builder
	for i, st := range cs.Status {
		if st == s {
			b.WriteByte(byte(FirstPrintable + i))
		}
	}
	return b.String()
}

// Allowed returns the characters that may appear in the component (Yes or Partly),
// in ASCII order.
func (cs *Set) Allowed() string {
	var b strings.Builder
	for i, st := range cs.Status {
		if st != No {
			b.WriteByte(byte(FirstPrintable + i))
		}
	}
	return b.String()
}

// A Component is a component whose characters Of derives.
type Component struct {
	Name string // such as "path segment", or "http search" for a scheme part
	// Scheme is, for a part of one of RFC 1738's predefined schemes, the scheme's name
	// ("http"); it is "" for a generic component.
	Scheme string
}

// Components returns the components that Of knows, in the order the command
// prints them: the generic components (scheme, userinfo, user, password, host, port, path
// segment, query, fragment), then the free-text parts of RFC 1738's predefined schemes, each
// named by its scheme and its rule in RFC 1738 section 5 ("http search", "gopher selector").
func Components() []Component {
	cs := make([]Component, len(probedComponents()))
	for i, c := range probedComponents() {
		cs[i] = Component{Name: c.name, Scheme: c.scheme}
	}
	return cs
}

// Of derives the Set of the named component (one of Components) under v
// by probing v's parser with every printable ASCII character in every probe of the component.
func Of(v urlgrammar.Version, component string) (*Set, error) {
	if !slices.Contains(urlgrammar.Versions(), v) {
		return nil, fmt.Errorf("charset: unknown version %v", v)
	}
	var comp *probedComponent
	components := probedComponents()
	for i := range components {
		if components[i].name == component {
			comp = &components[i]
		}
	}
	if comp == nil {
		var known []string
		for _, c := range components {
			known = append(known, c.name)
		}
		return nil, fmt.Errorf("charset: no component %q (known: %s)", component, strings.Join(known, ", "))
	}
	cs := &Set{Version: v, Component: component, Probes: append([]Probe(nil), comp.probes[v]...)}
	cs.Applies = len(cs.Probes) > 0
	for c := byte(FirstPrintable); c <= LastPrintable; c++ {
		var pc partlyChar
		positional := 0 // the probes that are not extra and admit c
		for _, p := range cs.Probes {
			ok, err := p.admits(v, c, comp.locate)
			if err != nil {
				return nil, err
			}
			switch {
			case ok:
				pc.admitted = append(pc.admitted, p)
				if !p.Extra {
					positional++
				}
			case !p.Extra:
				pc.notIn = append(pc.notIn, p)
			}
		}
		st := &cs.Status[c-FirstPrintable]
		switch {
		case len(pc.admitted) == 0:
			*st = No
		case len(pc.notIn) == 0:
			*st = Yes
		default:
			*st = Partly
			pc.onlyExtra = positional == 0
			if cs.partly == nil {
				cs.partly = map[byte]partlyChar{}
			}
			cs.partly[c] = pc
		}
	}
	return cs, nil
}

// admits reports whether p admits c in the component that locate finds. An error is a probe
// that names no rule of v.
func (p Probe) admits(v urlgrammar.Version, c byte, locate func(*urlgrammar.URL) []urlgrammar.Component) (bool, error) {
	at := strings.Index(p.URL, Placeholder)
	in := strings.Index(p.Want, Placeholder)
	if at < 0 || in < 0 {
		return false, fmt.Errorf("charset: probe %q of %v has no placeholder", p.URL, v)
	}
	s := p.URL[:at] + string(c) + p.URL[at+len(Placeholder):]
	want := p.Want[:in] + string(c) + p.Want[in+len(Placeholder):]
	u, err := urlgrammar.ParseRule(v, p.Rule, s, 0)
	if err != nil {
		if _, ok := err.(*urlgrammar.SyntaxError); ok {
			return false, nil
		}
		return false, err
	}
	for _, comp := range locate(u) {
		if comp.Present && comp.Begin == at-in && comp.Text == want {
			return true, nil
		}
	}
	return false, nil
}

// A probedComponent is a component whose characters Of derives: how to find it
// in a URL, and per version the probes (none: the version has no such component).
type probedComponent struct {
	name   string
	scheme string // for a part of an RFC 1738 scheme
	locate func(*urlgrammar.URL) []urlgrammar.Component
	probes map[urlgrammar.Version][]Probe
}

// positions expands one context of a component into its four probes: the component's only
// character, its first, an inner and its last character. Under rule, the URL is before, the
// component, then after; fill is two characters that may stand in the component around the
// probed one. At most one fill character follows the placeholder, so that with after it
// never makes two hex digits and a probed "%" never starts an escape (a test checks this).
func positions(rule, before, after, fill, context string) []Probe {
	y, z := fill[:1], fill[1:]
	p := func(want, pos string) Probe {
		return Probe{Rule: rule, URL: before + want + after, Want: want, Context: context, Position: pos}
	}
	return []Probe{
		p(Placeholder, "only"),
		p(Placeholder+z, "first"),
		p(y+Placeholder+z, "inner"),
		p(y+Placeholder, "last"),
	}
}

// extra is a probe that only some characters complete (Probe.Extra).
func extra(rule, url, want, context string) Probe {
	return Probe{Rule: rule, URL: url, Want: want, Context: context, Extra: true}
}

// join concatenates probe lists.
func join(lists ...[]Probe) []Probe {
	var ps []Probe
	for _, l := range lists {
		ps = append(ps, l...)
	}
	return ps
}

// one wraps a component that a URL has at most once.
func one(f func(*urlgrammar.URL) urlgrammar.Component) func(*urlgrammar.URL) []urlgrammar.Component {
	return func(u *urlgrammar.URL) []urlgrammar.Component { return []urlgrammar.Component{f(u)} }
}

// pathSegments finds the segments of the path (URL.Segments). The 1993 draft's grammar has
// no rule for a segment: path = void | xpalphas [ "/" path ], so its segments are the xpalphas
// between the "/"s of the path, and this splits the path there.
func pathSegments(u *urlgrammar.URL) []urlgrammar.Component {
	var cs []urlgrammar.Component
	if u.Version == urlgrammar.Draft1993 {
		p := u.Path().Component
		if !p.Present {
			return nil
		}
		b := p.Begin
		for _, seg := range strings.Split(p.Text, "/") {
			cs = append(cs, urlgrammar.Component{Present: true, Text: seg, Begin: b, End: b + len(seg)})
			b += len(seg) + 1
		}
		return cs
	}
	for s := range u.Segments() {
		cs = append(cs, s.Component)
	}
	return cs
}

// part finds the parts named rule of a URL held to the RFC 1738 scheme rule schemeRule: its
// Parts of that name or, for a rule that names none (telnet's user and password), the Part.
func part(schemeRule, rule string) func(*urlgrammar.URL) []urlgrammar.Component {
	return func(u *urlgrammar.URL) []urlgrammar.Component {
		if u.Rule != schemeRule {
			return nil
		}
		var cs []urlgrammar.Component
		for name, c := range u.Parts() {
			if name == rule {
				cs = append(cs, c)
			}
		}
		if c := u.Part(rule); len(cs) == 0 && c.Present {
			cs = append(cs, c)
		}
		return cs
	}
}

// The probes of each component per version. A template's placeholder stands where the
// grammar lets the component begin, between the fixed parts the version requires; the start
// rule is the version's absolute rule, its relative rule for the first segment of a relative
// reference, or the RFC 1738 scheme rule the part belongs to. The filler "yz" (digits "12" in
// a port) is valid in every context it is used in.
//
// They are made on first use, not at start-up: a process that compares a few URLs never
// probes a character set.
var probedComponents = sync.OnceValue(func() []probedComponent {
	return []probedComponent{
		{
			name:   "scheme",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Scheme() }),
			probes: map[urlgrammar.Version][]Probe{
				// draft1994: its URLs name their schemes as literals ("http://"); its rule
				// scheme = ialpha is used by no other rule.
				urlgrammar.Draft1993: positions("generic", "", ":x", "yz", "a generic URL's scheme"),
				urlgrammar.RFC1738:   positions("genericurl", "", ":x", "yz", "a genericurl's scheme"),
				urlgrammar.RFC1808:   positions("absoluteURL", "", ":x", "yz", "an absoluteURL's scheme"),
				urlgrammar.Draft1997: positions("absoluteURL", "", ":x", "yz", "an absoluteURL's scheme"),
				urlgrammar.RFC2396:   positions("absoluteURI", "", ":x", "yz", "an absoluteURI's scheme"),
				urlgrammar.Draft2003: positions("absolute-URI", "", ":x", "yz", "an absolute-URI's scheme"),
				urlgrammar.RFC3986:   positions("absolute-URI", "", ":x", "yz", "an absolute-URI's scheme"),
			},
		},
		{
			// The userinfo, whole: RFC 1738's and the 1997 draft's user [ ":" password ].
			name:   "userinfo",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Authority().Userinfo }),
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1993: positions("telnetaddress", "telnet://", "@h", "yz", "a telnet address's user"),
				urlgrammar.Draft1994: positions("ftpaddress", "ftp://", "@h/", "yz", "an ftp login's user and password"),
				urlgrammar.RFC1738:   positions("ftpurl", "ftp://", "@h/", "yz", "an ftp login's user and password"),
				urlgrammar.Draft1997: positions("absoluteURL", "s://", "@h/", "yz", "a site's user and password"),
				urlgrammar.RFC2396:   positions("absoluteURI", "s://", "@h/", "yz", "the userinfo"),
				urlgrammar.Draft2003: positions("absolute-URI", "s://", "@h/", "yz", "the userinfo"),
				urlgrammar.RFC3986:   positions("absolute-URI", "s://", "@h/", "yz", "the userinfo"),
			},
		},
		{
			name:   "user",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Authority().User }),
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1993: positions("telnetaddress", "telnet://", "@h", "yz", "a telnet address's user"),
				urlgrammar.Draft1994: positions("ftpaddress", "ftp://", "@h/", "yz", "an ftp login's user"),
				urlgrammar.RFC1738:   positions("ftpurl", "ftp://", "@h/", "yz", "an ftp login's user"),
				urlgrammar.Draft1997: positions("absoluteURL", "s://", "@h/", "yz", "a site's user"),
			},
		},
		{
			name:   "password",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Authority().Password }),
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1994: positions("ftpaddress", "ftp://u:", "@h/", "yz", "an ftp login's password"),
				urlgrammar.RFC1738:   positions("ftpurl", "ftp://u:", "@h/", "yz", "an ftp login's password"),
				urlgrammar.Draft1997: positions("absoluteURL", "s://u:", "@h/", "yz", "a site's password"),
			},
		},
		{
			name:   "host",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Authority().Host }),
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1993: positions("httpaddress", "http://", "/x", "yz", "an http address's host"),
				urlgrammar.Draft1994: positions("httpaddress", "http://", "/x", "yz", "an http address's host"),
				urlgrammar.RFC1738:   positions("httpurl", "http://", "/x", "yz", "an http URL's host"),
				urlgrammar.Draft1997: positions("absoluteURL", "s://", "/x", "yz", "the host"),
				urlgrammar.RFC2396:   positions("absoluteURI", "s://", "/x", "yz", "the host"),
				urlgrammar.Draft2003: join(positions("absolute-URI", "s://", "/x", "yz", "the host"),
					[]Probe{
						extra("absolute-URI", "s://•::1]/x", "•::1]", "at the start of an IPv6reference"),
						extra("absolute-URI", "s://[:•1]/x", "[:•1]", "inside an IPv6reference"),
						extra("absolute-URI", "s://[::1•/x", "[::1•", "at the end of an IPv6reference"),
					}),
				urlgrammar.RFC3986: join(positions("absolute-URI", "s://", "/x", "yz", "the host"),
					[]Probe{
						extra("absolute-URI", "s://•::1]/x", "•::1]", "at the start of an IP-literal"),
						extra("absolute-URI", "s://[:•1]/x", "[:•1]", "inside an IPv6address"),
						extra("absolute-URI", "s://[::1•/x", "[::1•", "at the end of an IP-literal"),
						extra("absolute-URI", "s://[v1.•]/x", "[v1.•]", "inside an IPvFuture"),
					}),
			},
		},
		{
			name:   "port",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Authority().Port }),
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1993: positions("httpaddress", "http://h:", "/x", "12", "an http address's port"),
				urlgrammar.Draft1994: positions("httpaddress", "http://h:", "/x", "12", "an http address's port"),
				urlgrammar.RFC1738:   positions("httpurl", "http://h:", "/x", "12", "an http URL's port"),
				urlgrammar.Draft1997: positions("absoluteURL", "s://h:", "/x", "12", "the port"),
				urlgrammar.RFC2396:   positions("absoluteURI", "s://h:", "/x", "12", "the port"),
				urlgrammar.Draft2003: positions("absolute-URI", "s://h:", "/x", "12", "the port"),
				urlgrammar.RFC3986:   positions("absolute-URI", "s://h:", "/x", "12", "the port"),
			},
		},
		{
			name:   "path segment",
			locate: pathSegments,
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1993: join(
					positions("httpaddress", "http://h/", "", "yz", "an http address's path segment"),
					positions("generic", "x:", "", "yz", "a generic URL's path segment")),
				urlgrammar.Draft1994: positions("httpaddress", "http://h/", "", "yz", "an http address's path segment"),
				// RFC 1738 has segments in the paths of four of its schemes only.
				urlgrammar.RFC1738: join(
					positions("ftpurl", "ftp://h/", "", "yz", "an ftp fsegment"),
					positions("fileurl", "file://h/", "", "yz", "a file fsegment"),
					positions("httpurl", "http://h/", "", "yz", "an http hsegment"),
					positions("prosperourl", "prospero://h/", "", "yz", "a prospero psegment")),
				urlgrammar.RFC1808: join(
					positions("absoluteURL", "s://h/", "", "yz", "an absolute path's segment"),
					positions("relativeURL", "", "", "yz", "a relativeURL's first segment")),
				urlgrammar.Draft1997: join(
					positions("absoluteURL", "s://h/", "", "yz", "an absolute path's segment"),
					positions("relativeURL", "", "", "yz", "a relativeURL's first segment")),
				urlgrammar.RFC2396: join(
					positions("absoluteURI", "s://h/", "", "yz", "an absolute path's segment"),
					positions("relativeURI", "", "", "yz", "a relativeURI's first segment")),
				urlgrammar.Draft2003: join(
					positions("absolute-URI", "s://h/", "", "yz", "an absolute path's segment"),
					positions("relative-URI", "", "", "yz", "a relative-URI's first segment")),
				urlgrammar.RFC3986: join(
					positions("absolute-URI", "s://h/", "", "yz", "an absolute path's segment"),
					positions("absolute-URI", "s:", "", "yz", "a rootless path's first segment"),
					positions("relative-ref", "", "", "yz", "a relative-ref's first segment")),
			},
		},
		{
			name:   "query",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Query() }),
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1993: positions("httpaddress", "http://h?", "", "yz", "an http address's search"),
				urlgrammar.Draft1994: positions("httpaddress", "http://h?", "", "yz", "an http address's search"),
				urlgrammar.RFC1738: join(
					positions("httpurl", "http://h/?", "", "yz", "an http URL's search"),
					positions("waisurl", "wais://h/d?", "", "yz", "a wais URL's search")),
				urlgrammar.RFC1808:   positions("absoluteURL", "s://h/?", "", "yz", "the query"),
				urlgrammar.Draft1997: positions("absoluteURL", "s://h/?", "", "yz", "the query"),
				urlgrammar.RFC2396:   positions("absoluteURI", "s://h/?", "", "yz", "the query"),
				urlgrammar.Draft2003: positions("absolute-URI", "s://h/?", "", "yz", "the query"),
				urlgrammar.RFC3986:   positions("absolute-URI", "s://h/?", "", "yz", "the query"),
			},
		},
		{
			// draft1994 defines fragmentid but no rule uses it; RFC 1738 has no fragment.
			name:   "fragment",
			locate: one(func(u *urlgrammar.URL) urlgrammar.Component { return u.Fragment() }),
			probes: map[urlgrammar.Version][]Probe{
				urlgrammar.Draft1993: positions("fragmentaddress", "http://h#", "", "yz", "a fragmentid"),
				urlgrammar.RFC1808:   positions("URL", "s://h/#", "", "yz", "the fragment"),
				urlgrammar.Draft1997: positions("URL-reference", "s://h/#", "", "yz", "the fragment"),
				urlgrammar.RFC2396:   positions("URI-reference", "s://h/#", "", "yz", "the fragment"),
				urlgrammar.Draft2003: positions("URI-reference", "s://h/#", "", "yz", "the fragment"),
				urlgrammar.RFC3986:   positions("URI-reference", "s://h/#", "", "yz", "the fragment"),
			},
		},

		// The free-text parts of RFC 1738's predefined schemes (section 3), each under its scheme's
		// rule.
		{
			name:   "ftp fsegment",
			scheme: "ftp",
			locate: pathSegments,
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("ftpurl", "ftp://h/", "", "yz", "an fsegment")},
		},
		{
			name:   "file fsegment",
			scheme: "file",
			locate: pathSegments,
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("fileurl", "file://h/", "", "yz", "an fsegment")},
		},
		{
			name:   "http hsegment",
			scheme: "http",
			locate: pathSegments,
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("httpurl", "http://h/", "", "yz", "an hsegment")},
		},
		{
			name:   "http search",
			scheme: "http",
			locate: part("httpurl", "search"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("httpurl", "http://h/?", "", "yz", "the search")},
		},
		{
			name:   "gopher selector",
			scheme: "gopher",
			locate: part("gopherurl", "selector"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: join(
				positions("gopherurl", "gopher://h/1", "", "yz", "the selector"),
				positions("gopherurl", "gopher://h/1", "%09s", "yz", "a selector before a search"))},
		},
		{
			name:   "gopher search",
			scheme: "gopher",
			locate: part("gopherurl", "search"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: join(
				positions("gopherurl", "gopher://h/1x%09", "", "yz", "the search"),
				positions("gopherurl", "gopher://h/1x%09", "%09s", "yz", "a search before a gopher+_string"))},
		},
		{
			name:   "news group",
			scheme: "news",
			locate: part("newsurl", "group"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("newsurl", "news:", "", "yz", "the group")},
		},
		{
			name:   "mailto encoded822addr",
			scheme: "mailto",
			locate: part("mailtourl", "encoded822addr"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("mailtourl", "mailto:", "", "yz", "the encoded822addr")},
		},
		{
			name:   "wais database",
			scheme: "wais",
			locate: part("waisurl", "database"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("waisurl", "wais://h/", "", "yz", "the database")},
		},
		{
			name:   "prospero psegment",
			scheme: "prospero",
			locate: pathSegments,
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("prosperourl", "prospero://h/", "", "yz", "a psegment")},
		},
		{
			name:   "prospero fieldname",
			scheme: "prospero",
			locate: part("prosperourl", "fieldname"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("prosperourl", "prospero://h/x;", "=v", "yz", "a fieldname")},
		},
		{
			name:   "prospero fieldvalue",
			scheme: "prospero",
			locate: part("prosperourl", "fieldvalue"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("prosperourl", "prospero://h/x;n=", "", "yz", "a fieldvalue")},
		},
		{
			name:   "telnet user",
			scheme: "telnet",
			locate: part("telneturl", "user"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("telneturl", "telnet://", "@h", "yz", "the user")},
		},
		{
			name:   "telnet password",
			scheme: "telnet",
			locate: part("telneturl", "password"),
			probes: map[urlgrammar.Version][]Probe{urlgrammar.RFC1738: positions("telneturl", "telnet://u:", "@h", "yz", "the password")},
		},
	}
})
