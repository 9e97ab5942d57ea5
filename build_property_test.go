package urlgrammar_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// This file holds Build to its promise on random components: what it returns is valid under
// its version, and Parse of it gives back the components that went in; or it refuses them with
// an *Error. The layouts of each version's URLs, which say what components to make, and the
// reading of the components back from a parsed URL are written here from the documents'
// rules, apart from build.go.

// A layout is one rule of a version's URLs: its scheme ("" for any), the fields of Components
// it has, and the parts, in their order.
type layout struct {
	scheme string
	fields []string // of userinfo, user, password, host, port, segments, rooted, opaque, query, fragment
	parts  []string
	// fixedRoot: the "/" after the host is the layout's own, so Rooted says nothing.
	fixedRoot bool
	// pathSplit: the version's URL has no segments for this layout's path, whose segments
	// are its text between "/" after the parts.
	pathSplit bool
}

var (
	login1738 = []string{"user", "password", "host", "port"}
	generic   = []string{"host", "port", "segments", "rooted", "query", "fragment"}
)

// layouts are each version's rules, from its BNF.
var layouts = map[urlgrammar.Version][]layout{
	urlgrammar.Draft1993: {
		{scheme: "", fields: []string{"segments", "query", "fragment"}, pathSplit: true},
		{scheme: "http", fields: []string{"host", "port", "segments", "rooted", "query", "fragment"}, pathSplit: true},
		{scheme: "ftp", fields: []string{"host", "segments", "fragment"}, fixedRoot: true, pathSplit: true},
		{scheme: "afs", fields: []string{"host", "segments", "fragment"}, fixedRoot: true, pathSplit: true},
		{scheme: "news", fields: []string{"fragment"}, parts: []string{"group"}},
		{scheme: "news", fields: []string{"fragment"}, parts: []string{"article"}},
		{scheme: "wais", fields: []string{"host", "port", "query", "fragment"}, parts: []string{"database"}, fixedRoot: true},
		{scheme: "wais", fields: []string{"host", "port", "segments", "fragment"}, parts: []string{"database", "wtype", "digits"}, fixedRoot: true, pathSplit: true},
		{scheme: "prospero", fields: []string{"host", "port", "segments", "fragment"}, parts: []string{"version", "attributes"}, fixedRoot: true, pathSplit: true},
		{scheme: "telnet", fields: []string{"user", "host", "port", "fragment"}},
		{scheme: "gopher", fields: []string{"host", "port", "rooted", "query", "fragment"}, parts: []string{"gtype", "selector"}},
	},
	urlgrammar.Draft1994: {
		// path = void | segment [ "/" path ]: a final empty segment is the void, which Parse
		// does not count as a segment; the reading splits the path.
		{scheme: "http", fields: []string{"host", "port", "segments", "rooted", "query"}, pathSplit: true},
		{scheme: "ftp", fields: login1738, fixedRoot: true},
		{scheme: "ftp", fields: append(slices.Clone(login1738), "segments"), fixedRoot: true, pathSplit: true},
		{scheme: "news", parts: []string{"group"}},
		{scheme: "nntp", parts: []string{"group", "digits"}},
		{scheme: "wais", fields: []string{"host", "port", "query"}, parts: []string{"database"}, fixedRoot: true},
		{scheme: "wais", fields: []string{"host", "port"}, parts: []string{"database", "wtype", "wpath"}, fixedRoot: true},
		{scheme: "prospero", fields: []string{"host", "port", "segments"}, parts: []string{"version", "attributes"}, fixedRoot: true, pathSplit: true},
		{scheme: "telnet", fields: login1738},
		{scheme: "gopher", fields: []string{"host", "port", "rooted"}, parts: []string{"gtype", "gcommand"}},
	},
	urlgrammar.RFC1738: {
		{scheme: "ftp", fields: append(slices.Clone(login1738), "segments", "rooted"), parts: []string{"ftptype"}},
		{scheme: "file", fields: []string{"host", "segments"}, fixedRoot: true},
		{scheme: "http", fields: []string{"host", "port", "segments", "rooted", "query"}},
		{scheme: "gopher", fields: []string{"host", "port", "rooted"}, parts: []string{"gtype", "selector", "search", "gopher+_string"}},
		{scheme: "mailto", parts: []string{"encoded822addr"}},
		{scheme: "news", parts: []string{"group"}},
		{scheme: "news", parts: []string{"article"}},
		{scheme: "nntp", fields: []string{"host", "port"}, parts: []string{"group", "digits"}, fixedRoot: true},
		{scheme: "telnet", fields: append(slices.Clone(login1738), "rooted")},
		{scheme: "wais", fields: []string{"host", "port", "query"}, parts: []string{"database"}, fixedRoot: true},
		{scheme: "wais", fields: []string{"host", "port"}, parts: []string{"database", "wtype", "wpath"}, fixedRoot: true},
		{scheme: "prospero", fields: []string{"host", "port", "segments"}, parts: []string{"fieldname", "fieldvalue", "fieldname", "fieldvalue"}, fixedRoot: true},
		{scheme: "", fields: append(slices.Clone(login1738), "segments", "rooted"), pathSplit: true},
		{scheme: "", fields: []string{"opaque"}},
	},
	urlgrammar.RFC1808: {
		{fields: []string{"host", "segments", "rooted", "query", "fragment"}, parts: []string{"params"}},
	},
	urlgrammar.Draft1997: {
		{fields: append([]string{"user", "password"}, generic...)},
	},
	urlgrammar.RFC2396: {
		{fields: append([]string{"userinfo"}, generic...)},
		{fields: []string{"opaque", "fragment"}},
	},
	urlgrammar.Draft2003: {
		{fields: append([]string{"userinfo"}, generic...)},
		{fields: []string{"opaque", "fragment"}},
	},
	urlgrammar.RFC3986: {
		{fields: append([]string{"userinfo"}, generic...)},
	},
}

// A source makes components from a random source and a text: each text is the next piece of
// the fuzzer's text, of a random length, or a random one when the text is used up.
type source struct {
	rnd  *rand.Rand
	text string
}

// alphabet holds bytes that the grammars treat in every way: letters and digits, every
// printable punctuation, "%" and what follows one, controls, NUL, tab, non-ASCII.
const alphabet = "aZ09 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\x00\t\x7f\xc3\xa9\xff%41%zz"

func (s *source) piece() string {
	if len(s.text) > 0 && s.rnd.IntN(4) != 0 {
		n := min(len(s.text), s.rnd.IntN(12))
		p := s.text[:n]
		s.text = s.text[n:]
		return p
	}
	b := make([]byte, s.rnd.IntN(8))
	for i := range b {
		b[i] = alphabet[s.rnd.IntN(len(alphabet))]
	}
	return string(b)
}

// pick is one of the choices, mostly, or a random piece.
func (s *source) pick(choices ...string) string {
	if s.rnd.IntN(8) == 0 {
		return s.piece()
	}
	return choices[s.rnd.IntN(len(choices))]
}

// components makes components of the layout l under v.
func (s *source) components(v urlgrammar.Version, l layout) urlgrammar.Components {
	var c urlgrammar.Components
	c.Scheme = l.scheme
	if c.Scheme == "" && v != urlgrammar.RFC1808 && v != urlgrammar.Draft1997 && v != urlgrammar.RFC2396 && v != urlgrammar.Draft2003 && v != urlgrammar.RFC3986 || s.rnd.IntN(3) > 0 {
		if c.Scheme == "" {
			c.Scheme = s.pick("x", "s", "a+b.c-d", "HTTP", "g", "urn")
		}
	}
	hosts := []string{"h", "example.com", "1.2.3.4", "a-b.c", "localhost"}
	if v == urlgrammar.RFC3986 || v == urlgrammar.Draft2003 {
		hosts = append(hosts, "[::1]", "[2001:db8::7]")
	}
	for _, f := range l.fields {
		if s.rnd.IntN(4) == 0 || f != "host" && s.rnd.IntN(2) == 0 {
			continue
		}
		switch f {
		case "userinfo":
			c.Userinfo = s.piece()
		case "user":
			c.User = s.piece()
		case "password":
			c.Password = s.piece()
		case "host":
			c.Host = s.pick(hosts...)
			if escapedHost(v) && s.rnd.IntN(3) == 0 {
				c.Host = s.piece()
			}
		case "port":
			c.Port = s.pick("80", "8042", "")
		case "segments":
			for range s.rnd.IntN(5) {
				c.Segments = append(c.Segments, s.piece())
			}
		case "rooted":
			c.Rooted = true
		case "opaque":
			c.Opaque = s.piece()
		case "query":
			c.Query = s.piece()
		case "fragment":
			c.Fragment = s.piece()
		}
	}
	for _, p := range l.parts {
		if s.rnd.IntN(3) == 0 {
			continue
		}
		var text string
		switch p {
		case "ftptype":
			text = s.pick("a", "i", "d", "A")
		case "digits", "version":
			text = s.pick("12", "0")
		case "group":
			text = s.pick("comp.infosystems.www", "alt.a-b_c+d")
		case "article":
			text = s.pick("a1@b.c", "x.y@1.2.3.4")
		case "attributes":
			text = s.pick("ab", "A1")
		case "wpath":
			if v == urlgrammar.Draft1994 {
				text = s.pick("1=a;", "2=a/b;3=c;")
			} else {
				text = s.piece()
			}
		case "gtype":
			text = s.pick("0", "1", "7", "/")
			if s.rnd.IntN(4) == 0 {
				text = string(alphabet[s.rnd.IntN(len(alphabet))])
			}
		default:
			text = s.piece()
		}
		c.Parts = append(c.Parts, urlgrammar.Part{Rule: p, Text: text})
	}
	for _, name := range []string{"userinfo", "user", "password", "host", "port", "query", "fragment"} {
		if slices.Contains(l.fields, name) && s.rnd.IntN(6) == 0 {
			c.Empty = append(c.Empty, name)
		}
	}
	return c
}

// escapedHost: the version has a host that may be escaped (RFC 3986's reg-name, RFC 2396's and
// the 2003 draft's reg_name, RFC 1808's net_loc).
func escapedHost(v urlgrammar.Version) bool {
	return v == urlgrammar.RFC3986 || v == urlgrammar.RFC2396 || v == urlgrammar.Draft2003 || v == urlgrammar.RFC1808
}

// splitsUserinfo: the version has a user and a password, not a userinfo.
func splitsUserinfo(v urlgrammar.Version) bool {
	return v == urlgrammar.RFC1738 || v == urlgrammar.Draft1993 || v == urlgrammar.Draft1994 || v == urlgrammar.Draft1997
}

// A reading is what the test compares of components: each text as it means it (decoded), or
// absent, in a canonical form.
type reading struct {
	Authority                                    bool
	Scheme, Userinfo, User, Password, Host, Port *string
	Segments                                     []string
	Rooted                                       bool
	Opaque, Query, Fragment                      *string
	Parts                                        []urlgrammar.Part
}

func ptr(s string) *string { return &s }

// want is the reading that c should give back under the layout l.
func want(v urlgrammar.Version, l layout, c urlgrammar.Components) reading {
	present := func(name, text string) *string {
		if text != "" || slices.Contains(c.Empty, name) {
			return ptr(text)
		}
		return nil
	}
	r := reading{
		Scheme: present("scheme", c.Scheme), Userinfo: present("userinfo", c.Userinfo),
		User: present("user", c.User), Password: present("password", c.Password),
		Host: present("host", c.Host), Port: present("port", c.Port),
		Query: present("query", c.Query), Fragment: present("fragment", c.Fragment),
		Parts: c.Parts,
	}
	if c.Opaque != "" {
		r.Opaque = ptr(c.Opaque)
	}
	r.Segments = c.Segments
	if len(r.Segments) == 1 && r.Segments[0] == "" {
		r.Segments = nil
	}
	authority := r.Userinfo != nil || r.User != nil || r.Password != nil || r.Host != nil || r.Port != nil
	r.Authority = authority
	switch {
	case (v == urlgrammar.Draft1997 || v == urlgrammar.RFC2396 || v == urlgrammar.Draft2003) && r.Host != nil && *r.Host == "":
		r.Host = nil // an empty authority (site, server) has no host
	case (v == urlgrammar.RFC3986 || v == urlgrammar.RFC1808) && authority && r.Host == nil:
		r.Host = ptr("") // every authority has a host (an empty reg-name, the net_loc)
	}
	// The "/" after the host stands before a path, and before a gopher URL's parts.
	r.Rooted = c.Rooted || authority && (len(r.Segments) > 0 || len(c.Parts) > 0)
	if l.fixedRoot || !slices.Contains(l.fields, "rooted") {
		r.Rooted = false
	}
	if l.scheme != "" {
		r.Scheme = ptr(l.scheme)
	}
	if v == urlgrammar.RFC1738 && l.scheme == "file" && r.Host == nil {
		r.Host = ptr("") // fileurl = "file://" [ host | "localhost" ] "/" fpath
		r.Authority = true
	}
	return r
}

// read is the reading of u, parsed under v, by the layout l.
func read(t *testing.T, v urlgrammar.Version, l layout, u *urlgrammar.URL, given []urlgrammar.Part) reading {
	present := func(c urlgrammar.Component, decode bool) *string {
		switch {
		case !c.Present:
			return nil
		case decode:
			return ptr(c.Decoded())
		}
		return ptr(c.Text)
	}
	a := u.Authority()
	r := reading{
		Authority: a.Present,
		Scheme:    present(u.Scheme(), false), Port: present(a.Port, false),
		Query: present(u.Query(), true), Fragment: present(u.Fragment(), true),
	}
	if splitsUserinfo(v) {
		r.User, r.Password = present(a.User, true), present(a.Password, true)
	} else {
		r.Userinfo = present(a.Userinfo, true)
	}
	r.Host = present(a.Host, escapedHost(v))
	if v == urlgrammar.RFC1808 {
		r.Host = present(a.Component, true) // its net_loc is not divided
	}
	path := u.Path()
	switch {
	case slices.Contains(l.fields, "opaque") && path.Kind == urlgrammar.PathOpaque:
		r.Opaque = present(path.Component, true)
		if r.Opaque != nil && *r.Opaque == "" {
			r.Opaque = nil
		}
	case l.pathSplit && path.Present:
		text := path.Text
		// The parts before the segments (a waisdoc's database, wtype and digits) and after
		// them (a prosperolink's "%00" version).
		// (Without an authority the 1993 draft's URL of any scheme is a generic one, whose
		// path is all segments.)
		if len(l.parts) > 0 && l.parts[0] == "database" && a.Present {
			if f := strings.SplitN(text, "/", 4); len(f) == 4 {
				text = f[3]
			} else {
				text = ""
			}
		}
		if i := strings.Index(text, "%00"); l.scheme == "prospero" && a.Present && i >= 0 {
			text = text[:i]
		}
		if text != "" {
			for _, seg := range strings.Split(text, "/") {
				r.Segments = append(r.Segments, urlgrammar.Component{Present: true, Text: seg}.Decoded())
			}
		}
	default:
		for seg := range u.Segments() {
			r.Segments = append(r.Segments, seg.Decoded())
		}
	}
	if len(r.Segments) == 1 && r.Segments[0] == "" {
		r.Segments = nil
	}
	switch {
	case l.fixedRoot || !slices.Contains(l.fields, "rooted"):
	case v == urlgrammar.RFC1738 || v == urlgrammar.Draft1993 || v == urlgrammar.Draft1994:
		r.Rooted = path.Present && a.Present // the "/" after the host (RFC 1738 section 3.1)
	default:
		r.Rooted = path.Kind == urlgrammar.PathAbsolute
	}
	r.Parts = readParts(t, v, u, given)
	return r
}

// readParts finds the parts named as the given ones are in u's parse tree: each the first
// match of its rule after the one before it, outside the host and port.
func readParts(t *testing.T, v urlgrammar.Version, u *urlgrammar.URL, given []urlgrammar.Part) []urlgrammar.Part {
	if len(given) == 0 {
		return nil
	}
	root, err := urlgrammar.ParseTreeRule(v, u.Rule, u.String(), 0)
	if err != nil {
		t.Fatalf("%v %q: the tree of a URL Parse accepted: %v", v, u.String(), err)
	}
	var nodes []urlgrammar.Node
	for _, n := range urlgrammar.Preorder(root) {
		nodes = append(nodes, n)
	}
	var parts []urlgrammar.Part
	at := u.Authority().End
	for _, g := range given {
		rule := g.Rule
		for _, n := range nodes {
			if n.Rule == rule && n.Begin >= at {
				text := urlgrammar.Component{Present: true, Text: n.Text}.Decoded()
				if !escapedPart(v, rule) {
					text = n.Text
				}
				parts = append(parts, urlgrammar.Part{Rule: rule, Text: text})
				at = n.End
				if n.Begin == n.End {
					at++ // an empty match: the next part stands after it
				}
				break
			}
		}
	}
	return parts
}

// escapedPart: the part may hold escapes, which the reading decodes; the others have none
// in their rules (RFC 1738 section 5: ftptype, group, digits; the drafts' group, article,
// digits, wpath, version, attributes).
func escapedPart(v urlgrammar.Version, rule string) bool {
	switch rule {
	case "ftptype", "digits", "group", "version", "attributes", "grouppart", "groupart":
		return false
	case "article", "wpath":
		return v == urlgrammar.RFC1738 && rule == "wpath"
	}
	return true
}

// checkBuild builds c under v by the layout l and holds the result to the property; it
// returns the error, a refusal, for the caller to count.
func checkBuild(t *testing.T, v urlgrammar.Version, l layout, c urlgrammar.Components) error {
	u, err := urlgrammar.Build(v, c)
	if err != nil {
		var e *urlgrammar.Error
		if !errors.As(err, &e) || e.Op != "build" || e.Version != v {
			t.Fatalf("%v %+v: %v (%T), want an *Error of build", v, c, err, err)
		}
		return err
	}
	if err := urlgrammar.Validate(v, u.String()); err != nil {
		t.Fatalf("%v %+v: Build gave %q, which Validate rejects: %v", v, c, u.String(), err)
	}
	if p, err := urlgrammar.Parse(v, u.String()); err != nil || p.Rule != u.Rule {
		t.Fatalf("%v %+v: Build gave %q, read as %s; Parse: %v", v, c, u.String(), u.Rule, err)
	}
	if diff := cmp.Diff(want(v, l, c), read(t, v, l, u, c.Parts)); diff != "" {
		t.Fatalf("%v %#v: Build gave %q, which reads back otherwise (-want +got):\n%s", v, c, u.String(), diff)
	}
	// The URL's components as written build it again, byte for byte.
	if again, err := urlgrammar.Build(v, asWritten(u)); err != nil || again.String() != u.String() {
		t.Fatalf("%v %q: built again from its components as written (%+v): %v, %v", v, u.String(), asWritten(u), again, err)
	}
	// Escaping then unescaping is the identity, on every text that went in.
	for _, p := range c.Parts {
		if esc, err := urlgrammar.Escape(v, p.Rule, p.Text); err == nil {
			if back, err := urlgrammar.Unescape(v, p.Rule, esc); err != nil || back != p.Text {
				t.Fatalf("%v %s: Unescape(Escape(%q) = %q) = %q, %v", v, p.Rule, p.Text, esc, back, err)
			}
		}
	}
	return nil
}

// refusalKinds are the kinds of refusal that Build documents, by what their messages say;
// a refusal of no such kind fails the test.
var refusalKinds = []string{
	"has no escape and is no",     // a component without escape that its rule does not match
	"begins with \"[\" and is no", // an IP literal that is not one
	"is not UTF-8",                // RFC 3986's host
	"cannot be written as a",      // a text its rule rejects once escaped (an empty one of 1*)
	" has no ",                    // a component or part the layout does not have
	"requires",                    // one it requires
	"only after",                  // one it writes only after another
	"cannot hold a tab", "cannot hold a NUL",
	"cannot begin with \"//\"", "cannot begin with an empty segment: it would", "holds a \":\"",
	"is not valid:", // the URL written, rejected as a whole
	"divides the userinfo", "does not divide", "has a userinfo, which it does not divide",
	"has an opaque part only", "has no query: give it as part of Opaque", "has no path of segments", "is given as its", "give it as Opaque",
	"is either opaque", "defines no scheme", "every URL of", "its letters are read as part of the path",
	"is no host name or IP address but a reg_name", "given as its Segments",
	"is an index with a search or a document", "path does not begin with", "cannot begin with a digit", "cannot begin with an empty segment", "which ends a scheme where it stands", "which makes it a message identifier",
}

// readBack marks the refusal of a URL that its version reads back with other components,
// which Build documents only where a component without escape is ambiguous in its place.
const readBack = "reads the URL written with other components"

// classify returns the kind of a refusal, or "" for one of no documented kind.
func classify(err error) string {
	msg := err.Error()
	if strings.Contains(msg, readBack) {
		return readBack
	}
	for _, k := range refusalKinds {
		if strings.Contains(msg, k) {
			return k
		}
	}
	return ""
}

// TestBuildProperty builds random components of every layout of every version.
func TestBuildProperty(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for _, v := range urlgrammar.Versions() {
		built, kinds := 0, map[string]int{}
		for i := range n {
			rnd := rand.New(rand.NewPCG(uint64(v), uint64(i)))
			ls := layouts[v]
			l := ls[rnd.IntN(len(ls))]
			src := &source{rnd: rnd}
			c := src.components(v, l)
			err := checkBuild(t, v, l, c)
			if err == nil {
				built++
				continue
			}
			kind := classify(err)
			if kind == "" || kind == readBack && !readBackAllowed(v, c) {
				t.Fatalf("%v %#v: a refusal of no documented kind: %v", v, c, err)
			}
			kinds[kind]++
		}
		if built < n/5 {
			t.Errorf("%v: built %d of %d, refused %v", v, built, n, kinds)
		}
		t.Logf("%v: built %d of %d; refused %v", v, built, n, kinds)
	}
}

// readBackAllowed: a read-back refusal is documented where a component without escape is
// ambiguous in its place: the 1993 draft's host, whose ialpha may hold an "@" or a ":" that
// the parser reads as the end of a user or the start of a port.
func readBackAllowed(v urlgrammar.Version, c urlgrammar.Components) bool {
	return v == urlgrammar.Draft1993 && strings.ContainsAny(c.Host, "@:")
}

// FuzzBuild is TestBuildProperty's property for the fuzzer: a version and a layout by
// index, a seed for the choices, and a text from which the components' texts are cut. Run it
// with go test -fuzz FuzzBuild -run '^$' -parallel 2 .
func FuzzBuild(f *testing.F) {
	for vi := range urlgrammar.Versions() {
		for li := range 14 {
			f.Add(uint8(vi), uint8(li), uint64(li), "a/b?c#d%41~ é\x00\t:@;=&+$,")
		}
	}
	f.Fuzz(func(t *testing.T, vi, li uint8, seed uint64, text string) {
		vs := urlgrammar.Versions()
		v := vs[int(vi)%len(vs)]
		ls := layouts[v]
		l := ls[int(li)%len(ls)]
		src := &source{rnd: rand.New(rand.NewPCG(seed, uint64(len(text)))), text: text}
		c := src.components(v, l)
		if err := checkBuild(t, v, l, c); err != nil {
			if kind := classify(err); kind == "" || kind == readBack && !readBackAllowed(v, c) {
				t.Fatalf("%v %#v: a refusal of no documented kind: %v", v, c, err)
			}
		}
	})
}
