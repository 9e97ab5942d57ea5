package urlgrammar

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// This file writes a URL from its components, as one version's grammar lays them out: the
// inverse of Parse. Each version's layout is written below as code that follows the
// document's rules, one function per URL rule; the text of each component is escaped as
// Escape does (escape.go); and the URL written is parsed again, which is both the result and
// the proof that the version accepts it and reads back the components that went in.

// Components are the parts from which Build writes a URL: the components that URL has, by the
// same names, and the parts of RFC 1738's schemes and of the 1993 and 1994 drafts' schemes by
// the names of their rules. Each text is the component as the caller means it, decoded: Build
// escapes what the version requires (see Escape); with Escaped set, each is the text as
// written in a URL instead, escapes and all, as Component.Text has it, which Build holds to
// the component's rule and writes unchanged.
//
// A component is present when its text is not empty, or when Empty names it: Empty:
// []string{"query"} writes the empty query of "http://h?", and Empty: []string{"user"} the
// empty user name of "ftp://@host.com/" (RFC 1738 section 3.1). The names are "userinfo",
// "user", "password", "host" (an authority with an empty host, "file:///"), "port", "query"
// and "fragment".
type Components struct {
	Scheme string
	// Userinfo is the userinfo of RFC 2396, the 2003 draft and RFC 3986. RFC 1738, the 1993
	// and 1994 drafts and the 1997 draft divide it instead, into User and Password
	// (user [ ":" password ]), and the 1993 draft has a user alone.
	Userinfo       string
	User, Password string
	// Host is the host: a host name or an IP address (under RFC 3986 an IP-literal in brackets,
	// or a reg-name, which is escaped); under RFC 1808, whose net_loc is not divided, the
	// whole net_loc.
	Host string
	Port string
	// Segments are the segments of a hierarchical path, each decoded (Build escapes its "/");
	// nil and []string{""} are both the empty path. The path begins with "/" when Rooted is
	// set, and always when it follows an authority and has a segment: "http://h/" is
	// Segments []string{""} or Rooted. Under RFC 1738, Rooted is the "/" after the host
	// (section 3.1: it is not part of the url-path), which telnet and gopher URLs may have
	// with no path after it.
	Segments []string
	Rooted   bool
	// Opaque is a path that the grammar does not divide into segments: RFC 2396's opaque_part
	// and the 2003 draft's opaque-part ("mailto:a@b"), the schemepart of an RFC 1738
	// genericurl with no "//", the address of the 1994 draft's mailto, mid and cid URLs. With
	// Escaped set, Opaque may give any path whole, as the URL holds it, the "/" that begins
	// it included (which RFC 1738, RFC 1808 and the 1993 and 1994 drafts count as no part of
	// the path): "/pub/doc;type=d" for an ftp URL, "/1sel%09search" for a gopher URL, whose
	// parts it then holds. Such a path is written as it is, and the URL's rule is its check.
	Opaque string
	// Query is the query; under RFC 1738 and the 1993 and 1994 drafts, the search of an http
	// or wais URL (a gopher search is a part).
	Query    string
	Fragment string
	// Parts are the parts of a scheme's URL by the names of their rules, in the order the
	// URL holds them: RFC 1738's ftptype, gtype, selector, search, gopher+_string,
	// encoded822addr, group, article, digits, database, wtype, wpath, fieldname and
	// fieldvalue (in pairs), the 1993 and 1994 drafts' database, wtype, digits, wpath,
	// gtype, selector, gcommand, group, article, version and attributes; RFC 1808's
	// params.
	Parts []Part
	// Empty names the components above that are present though their text is empty.
	Empty []string
	// Escaped says that the texts are as written in a URL, not decoded.
	Escaped bool
}

// A Part is a part of a scheme's URL: the name of its rule in the document, and its text.
type Part struct {
	Rule string
	Text string
}

// Build writes the URL that c describes as v's grammar lays it out, and returns it parsed,
// as Parse returns it: a URL that v accepts, whose components are those of c (decoded, they
// are c's texts). Under RFC 1738 and the 1993 and 1994 drafts the scheme chooses the layout:
// each of their predefined schemes has its own rule (RFC 1738 section 5: "ftp" an ftpurl,
// "wais" a waisurl, …), and any other scheme is a genericurl (RFC 1738), a generic URL (the
// 1993 draft) or is refused (the 1994 draft, which has no generic URL). The other versions lay
// out every URL alike: [ scheme ":" ] [ "//" authority ] path [ "?" query ] [ "#" fragment ].
//
// Build refuses, with an *Error, what no escaping can fix:
//   - a component that has no escape and does not match its rule (a host that is no host
//     name or IP address, a port that is not digits, a scheme that is not one, an ftptype
//     that is not one of RFC 1738's six); the error wraps the rule's *SyntaxError;
//   - a component that the layout does not have (a fragment under RFC 1738, a userinfo
//     where the version has a user and a password, a user in an http URL, a query after an
//     opaque part, which holds it), and a part the layout does not have, or not there: the
//     parts are taken in their order in Parts, which must be the URL's;
//   - a component the layout requires and c lacks (an http URL's host, a wais URL's
//     database, a host after a userinfo where the grammar has no empty one), or one that the
//     layout writes only after another that c lacks: an RFC 1738 search after a path, a
//     password after a user, a gopher selector after a gtype, a query after a site under
//     the 1997 draft or a net_loc under RFC 1808 (whose net_loc holds "?"), only after "/";
//   - text that the version cannot read back however it is escaped: a tab in a gopher
//     selector or search (RFC 1738 section 3.4: "%09" separates them), a NUL in a prospero
//     path (the 1993 and 1994 drafts: "%00" separates the version) and attributes that begin
//     with a digit (the version takes it), a path that begins with "//" where no authority
//     stands before it or with an empty segment where there is no root, a 1994 ftptype (the
//     path takes it), a userinfo or port beside an RFC 2396 or 2003 draft host that is no
//     host name (a reg_name, which is the whole authority);
//   - a URL that the version rejects as a whole once written (an empty segment where the
//     grammar has none, such as the 1993 draft's "a//b"; RFC 2396's "s:", which has no path);
//     the error wraps its *SyntaxError;
//   - a URL that the version reads back with other components than those written, which
//     happens only where a component without escape is ambiguous in its place (a 1993 host
//     that holds an "@", which the parser reads as ending a user).
//
// Validate(v, u.String()) is nil for every URL that Build returns.
func Build(v Version, c Components) (*URL, error) {
	if v.info() == nil {
		return nil, errorf("build", v, "unknown version")
	}
	if c.Escaped && strings.HasPrefix(c.Opaque, "/") && !holdsRoot(v) && c.hasAuthority() {
		// The "/" that begins a path as written is no part of RFC 1738's path (see Opaque).
		c.Opaque, c.Rooted = c.Opaque[1:], true
	}
	b := &builder{v: v, c: &c, partUsed: make([]bool, len(c.Parts))}
	for _, name := range c.Empty {
		f := slices.Index(fieldNames[:], name)
		if f < 0 || slot(f) == bScheme || slot(f) == bPath {
			return nil, errorf("build", v, "Empty names %q, which is no component that can be present and empty (userinfo, user, password, host, port, query, fragment)", name)
		}
		b.empty[f] = true
	}
	b.segs = c.Segments
	if len(b.segs) == 1 && b.segs[0] == "" {
		b.segs = nil
	}
	switch v {
	case Draft1993:
		b.draft1993()
	case Draft1994:
		b.draft1994()
	case RFC1738:
		b.rfc1738()
	default:
		b.generic()
	}
	b.leftover()
	if b.err != nil {
		return nil, b.err
	}
	return b.readBack()
}

// hasAuthority reports whether c has a component of an authority.
func (c *Components) hasAuthority() bool {
	return c.Host != "" || c.Userinfo != "" || c.User != "" || c.Password != "" || c.Port != "" ||
		slices.ContainsFunc(c.Empty, func(name string) bool { return name != "query" && name != "fragment" })
}

// holdsRoot says whether v's path holds the "/" that roots it: not in RFC 1738 (section 3.1:
// "the "/" between the host (or port) and the url-path is NOT part of the url-path"), RFC 1808
// (section 2.1: abs_path = "/" rel_path) and the 1993 and 1994 drafts.
func holdsRoot(v Version) bool {
	switch v {
	case RFC1738, RFC1808, Draft1993, Draft1994:
		return false
	}
	return true
}

// UnmarshalJSON sets c to the components of the JSON of a URL (URL.MarshalJSON, what
// "urlgrammar parse" prints), as written: Escaped, each component present or absent (null)
// as there, the path whole as Opaque (with the "/" that begins it, where the URL's version
// counts it as no part of the path), RFC 1808's net_loc as the Host and its params as a part.
// Its parts and segments, which the path holds, and its input are not read; so Build of c
// under the version writes the URL again, with what was changed in the JSON changed, and under
// another version writes the same components if that version can. The JSON of an invalid
// input ("valid": false, from "urlgrammar parse") is an error.
func (c *Components) UnmarshalJSON(data []byte) error {
	var j struct {
		Version                                     Version
		Valid                                       *bool
		Scheme, Authority, Userinfo, User, Password *string
		Host, Port, Path, Params, Query, Fragment   *string
		PathKind                                    string `json:"path_kind"`
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Valid != nil && !*j.Valid {
		return errors.New("the JSON of an invalid input has no components")
	}
	*c = Components{Escaped: true}
	text := func(name string, s *string) string {
		if s != nil && *s == "" {
			c.Empty = append(c.Empty, name)
		}
		if s == nil {
			return ""
		}
		return *s
	}
	c.Scheme = text("scheme", j.Scheme)
	if j.User != nil || j.Password != nil {
		c.User, c.Password = text("user", j.User), text("password", j.Password)
	} else {
		c.Userinfo = text("userinfo", j.Userinfo)
	}
	switch {
	case j.Version == RFC1808:
		c.Host = text("host", j.Authority) // its net_loc
	case j.Authority != nil && j.Host == nil:
		c.Empty = append(c.Empty, "host") // an empty authority: "s:///x"
	default:
		c.Host = text("host", j.Host)
	}
	c.Port = text("port", j.Port)
	c.Opaque = text("path", j.Path)
	if !holdsRoot(j.Version) && (j.Authority != nil && j.Path != nil || j.Version == RFC1808 && j.PathKind == "absolute") {
		c.Opaque = "/" + c.Opaque
	}
	c.Empty = slices.DeleteFunc(c.Empty, func(name string) bool { return name == "scheme" || name == "path" })
	if j.Params != nil {
		c.Parts = []Part{{Rule: "params", Text: *j.Params}}
	}
	c.Query = text("query", j.Query)
	c.Fragment = text("fragment", j.Fragment)
	return nil
}

// A slot is a component of Components other than its parts.
type slot uint8

const (
	bScheme slot = iota
	bUserinfo
	bUser
	bPassword
	bHost
	bPort
	bPath
	bQuery
	bFragment
	numFields
)

var fieldNames = [numFields]string{"scheme", "userinfo", "user", "password", "host", "port", "path", "query", "fragment"}

// A builder is a URL being written from Components.
type builder struct {
	v        Version
	c        *Components
	segs     []string // c.Segments, nil for the empty path
	empty    [numFields]bool
	out      []byte
	used     [numFields]bool
	partUsed []bool
	nextPart int // the index in c.Parts after the part written last: the parts come in order
	err      error

	rule   string          // the rule the layout is, for the versions whose default reading depends on the scheme
	at     [numFields]span // where each slot was written
	segAt  []span          // where each segment was written
	partAt []writtenPart   // where each part was written
}

// A writtenPart is where the builder wrote a part.
type writtenPart struct {
	rule string
	at   span
}

// text returns the text of f in c.
func (b *builder) text(f slot) string {
	switch f {
	case bScheme:
		return b.c.Scheme
	case bUserinfo:
		return b.c.Userinfo
	case bUser:
		return b.c.User
	case bPassword:
		return b.c.Password
	case bHost:
		return b.c.Host
	case bPort:
		return b.c.Port
	case bQuery:
		return b.c.Query
	case bFragment:
		return b.c.Fragment
	}
	return ""
}

// has reports whether c has f: its text, or for the path a segment, a root or an opaque part.
func (b *builder) has(f slot) bool {
	if f == bPath {
		return b.c.Rooted || len(b.segs) > 0 || b.c.Opaque != ""
	}
	return b.text(f) != "" || b.empty[f]
}

// refuse records the first reason for which the URL cannot be written.
func (b *builder) refuse(format string, args ...any) {
	if b.err == nil {
		b.err = errorf("build", b.v, format, args...)
	}
}

// lit writes a literal of the layout.
func (b *builder) lit(s string) { b.out = append(b.out, s...) }

// field writes f, present in c, as the component named comp (Escape's name for it).
func (b *builder) field(f slot, comp string) {
	b.used[f] = true
	begin := len(b.out)
	b.write(fieldNames[f], comp, b.text(f))
	b.at[f] = span{b: uint32(begin), e: uint32(len(b.out)), ok: true}
}

// write writes s as the component comp, escaped (or held to comp's rule as written), and
// checks the result against comp's rule; what names the text in an error.
func (b *builder) write(what, comp, s string) {
	if b.err != nil {
		return
	}
	e, err := b.escaping(comp)
	if err != nil {
		b.err = err // a layout that names no component of the version: a defect of this file
		return
	}
	// A text as written (Escaped) is held to the component's rule alone, which is what the
	// grammar says of it; a decoded one is escaped first, and its bytes that end the component
	// where the rule allows them are escaped with the rest.
	w := s
	if !b.c.Escaped || e.verbatim(b.v, s) {
		if err := e.escapable("build", b.v, s); err != nil {
			b.err = err
			return
		}
		if !b.c.Escaped {
			w = e.escapeText(b.v, s)
		}
	}
	rule := e.ruleOf(b.v, w)
	if err := ValidateRule(b.v, rule, w, 0); err != nil {
		b.refuse("the %s %q cannot be written as a %s: %w", what, s, rule, err)
		return
	}
	b.out = append(b.out, w...)
}

// escaping returns the escaping of the component named comp, or of relativeFirstName.
func (b *builder) escaping(comp string) (*escaping, error) {
	if comp == relativeFirstName {
		e := relativeFirst.of(b.v)
		if e == nil {
			return nil, errorf("build", b.v, "no component %q", comp)
		}
		e.once.Do(func() { e.compute(b.v) })
		return e, nil
	}
	x, err := lookupComponent("build", b.v, comp)
	if err != nil {
		return nil, err
	}
	return x.c, nil
}

// relativeFirstName names, for the builder alone, the first segment of a relative-path
// reference under RFC 1808 and the 1997 draft, which no rule of theirs names.
const relativeFirstName = "first segment of a relative path"

// relativeFirst holds the escapings of relativeFirstName: a segment, which also ends at a
// ":" (see relativeSegments).
var relativeFirst = byVersion[*escaping]{
	RFC1808:   {name: "first segment", rule: "fsegment", escaped: true, ends: "/:"},
	Draft1997: {name: "first segment", rule: "segment", escaped: true, element: "pchar", ends: "/:"},
}

// part returns the text of the next part of c named rule, after those written, and whether
// there is one; it marks it written. The parts are taken in their order in c, which is the
// URL's: each layout asks for them in the order it writes them.
func (b *builder) part(rule string) (string, bool) {
	for i := b.nextPart; i < len(b.c.Parts); i++ {
		if p := b.c.Parts[i]; p.Rule == rule {
			// The parts before it that the layout did not take stand where the URL does
			// not hold them: leftover refuses them.
			b.partUsed[i], b.nextPart = true, i+1
			return p.Text, true
		}
	}
	return "", false
}

// hasPart reports whether c has a part named rule that the layout may still take.
func (b *builder) hasPart(rule string) bool {
	for _, p := range b.c.Parts[b.nextPart:] {
		if p.Rule == rule {
			return true
		}
	}
	return false
}

// writePart writes the part named rule, of text s, as the component comp ("" for rule).
func (b *builder) writePart(rule, s string) {
	begin := len(b.out)
	b.write(rule, rule, s)
	b.partAt = append(b.partAt, writtenPart{rule: rule, at: span{b: uint32(begin), e: uint32(len(b.out)), ok: true}})
}

// optionalPart writes the part named rule after the literal before it, when c has it.
func (b *builder) optionalPart(before, rule string) bool {
	s, ok := b.part(rule)
	if ok {
		b.lit(before)
		b.writePart(rule, s)
	}
	return ok
}

// requiredPart writes the part named rule, which the layout named by layout requires.
func (b *builder) requiredPart(rule, layout string) {
	s, ok := b.part(rule)
	if !ok {
		b.refuse("a %s requires its %s (a part named %q)", layout, rule, rule)
		return
	}
	b.writePart(rule, s)
}

// segments writes the segments of the path separated by "/", the first as the component
// first and the others as comp. It records the path's span from where the path began.
func (b *builder) segments(first, comp string, pathBegin int) {
	if b.whole(pathBegin) {
		return
	}
	b.used[bPath] = true
	for i, s := range b.segs {
		if i > 0 {
			b.lit("/")
		}
		name := comp
		if i == 0 {
			name = first
		}
		begin := len(b.out)
		if s == "" {
			// An empty segment: whether the grammar has it where it stands is the path's
			// rule's to say, which the whole URL is held to.
			b.segAt = append(b.segAt, span{b: uint32(begin), e: uint32(begin), ok: true})
			continue
		}
		b.write("segment", name, s)
		b.segAt = append(b.segAt, span{b: uint32(begin), e: uint32(len(b.out)), ok: true})
	}
	b.at[bPath] = span{b: uint32(pathBegin), e: uint32(len(b.out)), ok: true}
}

// whole writes c's Opaque as the whole of the path, as written, when c is Escaped and gives
// its path so (or gives a root and nothing after it, an empty path), and reports whether it
// did: the path begins at begin (before the "/" that
// RFC 3986 counts as the path's, after the one that RFC 1738 does not). It then holds the
// parts of the path, which Parts does not give; the URL's rule is its check.
func (b *builder) whole(begin int) bool {
	empty := b.c.Opaque == "" && b.c.Rooted && len(b.c.Parts) == 0 && len(b.segs) == 0 // "wais://h/"
	if !b.c.Escaped || b.c.Opaque == "" && !empty || b.used[bPath] {
		return false
	}
	if len(b.segs) > 0 {
		b.refuse("a path is either opaque or of segments")
		return true
	}
	b.used[bPath] = true
	b.lit(b.c.Opaque)
	b.at[bPath] = span{b: uint32(begin), e: uint32(len(b.out)), ok: true}
	return true
}

// noPath refuses segments and an opaque part, which the layout named rule does not have;
// a root it takes as the "/" it writes anyway.
func (b *builder) noPath(rule string) {
	if len(b.segs) > 0 || b.c.Opaque != "" && !b.c.Escaped {
		b.refuse("a %s has no path of segments: give its parts", rule)
	}
	if b.c.Opaque == "" {
		b.used[bPath] = true // else its parts are given whole, as written (whole)
	}
}

// login writes RFC 1738's login = [ user [ ":" password ] "@" ] hostport, which the 1993 and
// 1994 drafts and the 1997 draft's site share; withPassword is false for the 1993 draft's
// telnet address, which has a user alone; needHost that the grammar has no empty host there.
func (b *builder) login(rule string, withPassword, needHost bool) {
	if b.has(bUserinfo) {
		b.refuse("%v divides the userinfo into user and password: give User and Password", b.v)
		return
	}
	if b.has(bPassword) && !withPassword {
		b.refuse("a %s has a user and no password", rule)
		return
	}
	if b.has(bPassword) && !b.has(bUser) {
		b.refuse(`a %s has a password only after a user (user [ ":" password ] "@"): give a User, or name "user" in Empty`, rule)
		return
	}
	if b.has(bUser) {
		b.field(bUser, "user")
		if b.has(bPassword) {
			b.lit(":")
			b.field(bPassword, "password")
		}
		b.lit("@")
	}
	b.hostport(rule, needHost)
}

// hostport writes host [ ":" port ].
func (b *builder) hostport(rule string, needHost bool) {
	b.host(rule, "host", needHost)
	if b.has(bPort) {
		b.lit(":")
		b.field(bPort, "port")
	}
}

// host writes the host as the component comp; an empty host is written only where the
// grammar may have none (needHost false), and checked there by the URL's rule.
func (b *builder) host(rule, comp string, needHost bool) {
	if b.text(bHost) == "" {
		if needHost {
			b.refuse("a %s requires a host", rule)
			return
		}
		b.used[bHost] = b.has(bHost)
		// Every authority has a host in RFC 3986 (an empty reg-name) and RFC 1808 (its
		// net_loc); in the 1997 draft, RFC 2396 and the 2003 draft an empty one has none.
		if b.v == RFC3986 || b.v == RFC1808 {
			b.at[bHost] = span{b: uint32(len(b.out)), e: uint32(len(b.out)), ok: true}
		}
		return
	}
	b.field(bHost, comp)
}

// query writes "?" query when c has it.
func (b *builder) query(comp string) {
	if b.has(bQuery) {
		b.lit("?")
		b.field(bQuery, comp)
	}
}

// fragment writes "#" fragment when c has it.
func (b *builder) fragment(comp string) {
	if b.has(bFragment) {
		b.lit("#")
		b.field(bFragment, comp)
	}
}

// leftover refuses c when it has a component or a part that the layout did not write.
func (b *builder) leftover() {
	if b.err != nil {
		return
	}
	layout := b.rule
	if layout == "" {
		layout = "URL"
	}
	for f := range numFields {
		if b.has(f) && !b.used[f] {
			what := fieldNames[f]
			if f == bPath && b.c.Opaque != "" {
				what = "opaque path"
			}
			b.refuse("a %s of %v has no %s", layout, b.v, what)
			return
		}
	}
	for i, p := range b.c.Parts {
		if !b.partUsed[i] {
			b.refuse("a %s of %v has no part %q here, after the parts before it in Parts (the URL's order), or not this many", layout, b.v, p.Rule)
			return
		}
	}
}

// scheme writes the scheme and ":", refusing one the version's rule does not match.
func (b *builder) scheme() {
	b.field(bScheme, "scheme")
	b.lit(":")
}

// generic writes a URL of the versions that lay out every URL alike (RFC 1808, the 1997
// draft, RFC 2396, the 2003 draft, RFC 3986): [ scheme ":" ] [ "//" authority ] path
// [ "?" query ] [ "#" fragment ], with RFC 1808's ";" params before the query. It stops at
// the first step that refuses c.
func (b *builder) generic() {
	if b.has(bScheme) {
		b.scheme()
	}
	authority := b.has(bHost) || b.has(bUserinfo) || b.has(bUser) || b.has(bPassword) || b.has(bPort)
	if authority {
		b.lit("//")
		b.authority()
	}
	if b.err != nil {
		return
	}
	b.path(authority)
	if b.err != nil {
		return
	}
	b.queryAfterPath(authority)
	if b.err != nil {
		return
	}
	if b.v == RFC1808 {
		b.optionalPart(";", "params")
	}
	b.query("query")
	b.fragment("fragment")
}

// authority writes the authority of generic's layout: RFC 1808's net_loc, the 1997 draft's
// site, RFC 2396's and the 2003 draft's server, RFC 3986's authority.
func (b *builder) authority() {
	switch b.v {
	case RFC1808:
		b.netLoc()
	case Draft1997:
		// site = [ [ user [ ":" password ] "@" ] hostport ]: a user or a port needs a host.
		b.login("site", true, b.has(bUser) || b.has(bPassword) || b.has(bPort))
	default:
		b.server()
	}
}

// netLoc writes RFC 1808's net_loc, the whole of its authority.
func (b *builder) netLoc() {
	// net_loc = *( pchar | ";" | "?" ), not divided (RFC 1808 section 2.1).
	for _, f := range []slot{bUserinfo, bUser, bPassword, bPort} {
		if b.has(f) {
			b.refuse("RFC 1808 does not divide its net_loc: give it whole as the Host")
			return
		}
	}
	b.host("net_loc", "host", false)
}

// server writes RFC 2396's and the 2003 draft's server = [ [ userinfo "@" ] hostport ] and
// RFC 3986's authority = [ userinfo "@" ] host [ ":" port ].
func (b *builder) server() {
	v := b.v
	if b.has(bUser) || b.has(bPassword) {
		b.refuse("%v has a userinfo, which it does not divide: give it as Userinfo", v)
		return
	}
	if (v == RFC2396 || v == Draft2003) && b.text(bHost) != "" && (b.has(bUserinfo) || b.has(bPort)) {
		if e, err := b.escaping("host"); err == nil && !e.verbatim(v, b.text(bHost)) {
			b.refuse("the host %q is no host name or IP address but a reg_name, which is the whole authority (authority = server | reg_name): it has no userinfo or port", b.text(bHost))
			return
		}
	}
	if b.has(bUserinfo) {
		b.field(bUserinfo, "userinfo")
		b.lit("@")
	}
	// RFC 2396's and the 2003 draft's server = [ [ userinfo "@" ] hostport ], with
	// hostport = host [ ":" port ]: a userinfo or a port needs a host; RFC 3986's
	// host may be an empty reg-name.
	b.hostport("authority", v != RFC3986 && (b.has(bUserinfo) || b.has(bPort)))
}

// path writes the path of generic's layout, after the authority when there is one: the
// whole path as written, an opaque part, a path that begins with "/", or one that does not.
func (b *builder) path(authority bool) {
	if b.v == RFC1808 && len(b.segs) > 1 && b.segs[0] == "" {
		// path = fsegment *( "/" segment ), fsegment = 1*pchar: "//" after the net_loc, or
		// after a scheme, is read otherwise (as an opaque absoluteURL).
		b.refuse("RFC 1808's path cannot begin with an empty segment (its fsegment is 1*pchar)")
		return
	}
	switch {
	case b.c.Opaque != "" && b.c.Escaped:
		// The whole path as written: RFC 1808's does not hold the "/" before it.
		if b.v == RFC1808 && b.c.Rooted {
			b.lit("/")
		}
		b.whole(len(b.out))
	case b.c.Opaque != "":
		b.opaquePart(authority)
	case b.c.Rooted || authority && len(b.segs) > 0:
		b.absPath(authority)
	case len(b.segs) > 0:
		b.rootlessPath()
	}
}

// opaquePart writes the path as RFC 2396's opaque_part or the 2003 draft's opaque-part,
// which follow a scheme and no authority.
func (b *builder) opaquePart(authority bool) {
	if len(b.segs) > 0 || b.c.Rooted {
		b.refuse("a path is either opaque or of segments")
		return
	}
	comp := map[Version]string{RFC2396: "opaque_part", Draft2003: "opaque-part"}[b.v]
	if comp == "" || !b.has(bScheme) || authority {
		b.refuse("%v has an opaque part only after a scheme and no authority", b.v)
		return
	}
	if b.has(bQuery) {
		// opaque_part = uric_no_slash *uric, and uric holds "?".
		b.refuse(`an opaque part holds its "?" and all after it, and has no query: give it as part of Opaque`)
		return
	}
	begin := len(b.out)
	b.used[bPath] = true
	b.write("opaque part", comp, b.c.Opaque)
	b.at[bPath] = span{b: uint32(begin), e: uint32(len(b.out)), ok: true}
}

// absPath writes a path that begins with "/": an abs_path (RFC 3986's path-absolute), or
// the segments after an authority (path-abempty).
func (b *builder) absPath(authority bool) {
	if !authority && len(b.segs) > 1 && b.segs[0] == "" {
		b.refuse(`a path with no authority before it cannot begin with "//", which begins an authority`)
		return
	}
	pathBegin := len(b.out)
	b.lit("/")
	first := "segment"
	if b.v == RFC1808 {
		// RFC 1808's path does not hold the "/" before it (section 2.1: abs_path = "/"
		// rel_path), and its first segment is an fsegment.
		first, pathBegin = "fsegment", len(b.out)
	}
	b.segments(first, "segment", pathBegin)
}

// rootlessPath writes a path of segments that does not begin with "/": after a scheme, RFC
// 3986's path-rootless; with no scheme, a relative-path reference.
func (b *builder) rootlessPath() {
	if b.segs[0] == "" {
		b.refuse(`a path with no root cannot begin with an empty segment: it would begin with "/"`)
		return
	}
	pathBegin := len(b.out)
	switch {
	case !b.has(bScheme):
		b.relativeSegments(pathBegin)
	case b.v == RFC2396 || b.v == Draft2003:
		b.refuse("%v's absolute URI with no authority and a path with no root has an opaque part: give it as Opaque", b.v)
	case b.v == RFC1808:
		b.segments("fsegment", "segment", pathBegin)
	default:
		b.segments("segment", "segment", pathBegin)
	}
}

// queryAfterPath refuses a query, and RFC 1808's params, where c has no path and the
// version's grammar has them only after one.
func (b *builder) queryAfterPath(authority bool) {
	pathless := !b.c.Rooted && len(b.segs) == 0 && b.c.Opaque == ""
	switch {
	case b.v == RFC2396 && b.has(bScheme) && !authority && pathless && b.has(bQuery):
		// absoluteURI = scheme ":" ( hier_part | opaque_part ), hier_part = ( net_path |
		// abs_path ) [ "?" query ]: "s:?q" is an opaque_part "?q".
		b.refuse(`RFC 2396's absolute URI has a query only after an authority or a path beginning with "/" (hier_part = ( net_path | abs_path ) [ "?" query ]): set Rooted`)
	case b.v == Draft1997 && authority && pathless && b.has(bQuery):
		// net_path = "//" site [ abs_path ], abs_path = "/" rel_path, rel_path = [
		// path_segments ] [ "?" query ]: a query follows a site only after a "/".
		b.refuse(`the 1997 draft's query follows a site only after a "/" (net_path = "//" site [ abs_path ]): set Rooted or give Segments`)
	case b.v == RFC1808 && authority && pathless && (b.hasPart("params") || b.has(bQuery)):
		// rel_path = [ path ] [ ";" params ] [ "?" query ], which follows a net_loc only
		// after abs_path's "/": net_loc = *( pchar | ";" | "?" ) would hold the rest.
		b.refuse(`RFC 1808's params and query follow a net_loc only after a "/" (net_path = "//" net_loc [ abs_path ]): set Rooted or give Segments`)
	}
}

// relativeSegments writes the segments of a relative-path reference, whose first segment
// may not hold a ":", which would make what is before it a scheme: RFC 3986's segment-nz-nc
// (section 4.2: "A path segment that contains a colon character (e.g., "this:that") cannot
// be used as the first segment of a relative-path reference"), RFC 2396's rel_segment, the
// 2003 draft's rel-segment. RFC 1808 and the 1997 draft have no such rule, but read such a
// reference as a URL with a scheme all the same (an absoluteURL comes first in their URL and
// URL-reference), so its ":" is escaped there too (relativeFirst).
func (b *builder) relativeSegments(pathBegin int) {
	first := map[Version]string{RFC3986: "segment-nz-nc", RFC2396: "rel_segment", Draft2003: "rel-segment"}[b.v]
	if first == "" {
		first = relativeFirstName
	}
	b.segments(first, "segment", pathBegin)
}

// rfc1738 writes a URL of RFC 1738, by the rule of its scheme (section 5).
func (b *builder) rfc1738() {
	scheme := b.c.Scheme
	if scheme == "" {
		b.refuse("every URL of RFC 1738 has a scheme")
		return
	}
	rule := "genericurl"
	for _, sr := range RFC1738.info().schemeRules {
		if sr.scheme == scheme {
			rule = sr.rule
		}
	}
	b.rule = rule
	if rule == "genericurl" {
		b.genericurl()
		return
	}
	b.literalScheme()
	switch rule {
	case "ftpurl":
		b.ftpurl()
	case "fileurl":
		b.fileurl()
	case "httpurl":
		b.httpurl()
	case "gopherurl":
		b.gopherurl()
	case "mailtourl":
		b.mailtourl()
	case "newsurl":
		b.newsurl()
	case "nntpurl":
		b.nntpurl()
	case "telneturl":
		b.telneturl()
	case "waisurl":
		b.waisurl()
	case "prosperourl":
		b.prosperourl()
	}
}

// literalScheme writes the scheme of a layout whose rule spells it out ("ftp://" login …):
// a literal of the layout, which no scheme rule checks.
func (b *builder) literalScheme() {
	scheme := b.c.Scheme
	b.used[bScheme] = true
	b.at[bScheme] = span{b: 0, e: uint32(len(scheme)), ok: true}
	b.lit(scheme + ":")
}

// ftpurl writes the rest of RFC 1738's ftpurl = "ftp://" login [ "/" fpath [ ";type="
// ftptype ]].
func (b *builder) ftpurl() {
	b.lit("//")
	b.login("ftpurl", true, true)
	if b.has(bPath) || b.hasPart("ftptype") {
		b.rooted("ftpurl", "an ftptype")
		b.lit("/")
		b.segments("fsegment", "fsegment", len(b.out))
		b.optionalPart(";type=", "ftptype")
		b.at[bPath].e = uint32(len(b.out)) // an ftp URL's path holds its ";type=" (see Path)
	}
}

// fileurl writes the rest of RFC 1738's fileurl = "file://" [ host | "localhost" ] "/" fpath.
func (b *builder) fileurl() {
	b.lit("//")
	b.host("fileurl", "host", false)
	if b.text(bHost) == "" {
		// "file:///": the host is present and empty (section 3.10: "if <host> is
		// the empty string, it is taken to be "the machine from which the URL is
		// being interpreted"").
		b.at[bHost] = span{b: uint32(len(b.out)), e: uint32(len(b.out)), ok: true}
	}
	b.rooted("fileurl", `its "/" fpath`)
	b.lit("/")
	b.segments("fsegment", "fsegment", len(b.out))
}

// httpurl writes the rest of RFC 1738's httpurl = "http://" hostport [ "/" hpath [ "?"
// search ]].
func (b *builder) httpurl() {
	b.lit("//")
	b.hostport("httpurl", true)
	if b.has(bPath) || b.has(bQuery) {
		b.rooted("httpurl", "a search")
		b.lit("/")
		b.segments("hsegment", "hsegment", len(b.out))
		b.query("search")
	}
}

// gopherurl writes the rest of RFC 1738's gopherurl = "gopher://" hostport [ "/" [ gtype
// [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ].
func (b *builder) gopherurl() {
	b.lit("//")
	b.hostport("gopherurl", true)
	b.noPath("gopherurl")
	if b.c.Rooted || len(b.c.Parts) > 0 || b.c.Opaque != "" {
		b.lit("/")
		b.at[bPath] = span{b: uint32(len(b.out)), ok: true}
		b.chain("gopherurl", []string{"gtype", "selector", "search", "gopher+_string"}, []string{"", "", "%09", "%09"})
		b.at[bPath].e = uint32(len(b.out))
	}
}

// mailtourl writes the rest of RFC 1738's mailtourl = "mailto:" encoded822addr.
func (b *builder) mailtourl() {
	if !b.whole(len(b.out)) {
		b.requiredPart("encoded822addr", "mailtourl")
	}
	b.pathOfParts(len(b.c.Scheme) + 1)
}

// newsurl writes the rest of RFC 1738's newsurl = "news:" grouppart; grouppart = "*" |
// group | article.
func (b *builder) newsurl() {
	if !b.whole(len(b.out)) && !b.optionalPart("", "grouppart") && !b.optionalPart("", "group") && !b.optionalPart("", "article") {
		b.refuse(`a newsurl requires its grouppart: a part named "group", "article" or "grouppart" ("*")`)
	}
	b.pathOfParts(len(b.c.Scheme) + 1)
}

// nntpurl writes the rest of RFC 1738's nntpurl = "nntp://" hostport "/" group [ "/" digits ].
func (b *builder) nntpurl() {
	b.lit("//")
	b.hostport("nntpurl", true)
	b.lit("/")
	begin := len(b.out)
	if !b.whole(begin) {
		b.requiredPart("group", "nntpurl")
		b.optionalPart("/", "digits")
	}
	b.pathOfParts(begin)
}

// telneturl writes the rest of RFC 1738's telneturl = "telnet://" login [ "/" ].
func (b *builder) telneturl() {
	b.lit("//")
	b.login("telneturl", true, true)
	b.noPath("telneturl")
	if b.c.Rooted {
		b.lit("/")
		b.at[bPath] = span{b: uint32(len(b.out)), e: uint32(len(b.out)), ok: true}
	}
}

// waisurl writes the rest of RFC 1738's waisurl, one of
//
//	waisdatabase = "wais://" hostport "/" database
//	waisindex    = "wais://" hostport "/" database "?" search
//	waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
func (b *builder) waisurl() {
	b.lit("//")
	b.hostport("waisurl", true)
	b.lit("/")
	begin := len(b.out)
	if !b.whole(begin) {
		b.requiredPart("database", "waisurl")
		b.waisDoc("waisurl", "wpath")
	}
	b.pathOfParts(begin)
	b.query("search")
}

// prosperourl writes the rest of RFC 1738's prosperourl = "prospero://" hostport "/" ppath
// *[ ";" fieldname "=" fieldvalue ].
func (b *builder) prosperourl() {
	b.lit("//")
	b.hostport("prosperourl", true)
	b.lit("/")
	b.segments("psegment", "psegment", len(b.out))
	for b.hasPart("fieldname") || b.hasPart("fieldvalue") {
		b.lit(";")
		b.requiredPart("fieldname", "prosperourl's fieldspec")
		b.lit("=")
		b.requiredPart("fieldvalue", "prosperourl's fieldspec")
		if b.err != nil {
			return
		}
	}
	b.at[bPath].e = uint32(len(b.out)) // a prospero URL's path holds its field specs (see Path)
}

// genericurl writes RFC 1738's genericurl = scheme ":" schemepart, of a scheme that section
// 5 defines no rule of its own for; schemepart = *xchar | ip-schemepart, ip-schemepart =
// "//" login [ "/" urlpath ].
func (b *builder) genericurl() {
	b.scheme()
	if b.has(bHost) || b.has(bUser) || b.has(bPassword) || b.has(bPort) || b.has(bUserinfo) {
		b.lit("//")
		b.login("ip-schemepart", true, true)
		if b.c.Opaque != "" && !b.c.Escaped {
			b.refuse("an ip-schemepart's urlpath is given as its Segments, not Opaque")
			return
		}
		if b.has(bPath) {
			b.lit("/")
			b.segments("urlpath", "urlpath", len(b.out))
		}
		return
	}
	if len(b.segs) > 0 || b.c.Rooted {
		b.refuse("a genericurl with no login has a schemepart (*xchar) and no segments: give it as Opaque")
		return
	}
	if b.c.Opaque != "" {
		b.used[bPath] = true
		begin := len(b.out)
		b.write("schemepart", "schemepart", b.c.Opaque)
		b.at[bPath] = span{b: uint32(begin), e: uint32(len(b.out)), ok: true}
	}
}

// rooted refuses a path that is not there where the layout named rule writes what (a later
// component) only after it: RFC 1738 counts the "/" after the host as no part of the path,
// but writes it only before a path (section 3.1).
func (b *builder) rooted(rule, what string) {
	if !b.has(bPath) {
		b.refuse(`a %s has %s only after its path: set Rooted or give Segments (an empty path is []string{""})`, rule, what)
	}
}

// pathOfParts records the path as written from begin to here, where the layout's path is
// made of parts; a path of segments, an opaque part or a root it does not have.
func (b *builder) pathOfParts(begin int) {
	if b.used[bPath] {
		return // written whole
	}
	if len(b.segs) > 0 || b.c.Opaque != "" {
		b.refuse("a %s has no path of segments: give its parts", b.rule)
		return
	}
	b.used[bPath] = true
	b.at[bPath] = span{b: uint32(begin), e: uint32(len(b.out)), ok: true}
}

// chain writes parts that nest, each only after the one before it, each after its literal:
// gopher's gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ].
func (b *builder) chain(rule string, parts, before []string) {
	if b.whole(len(b.out)) {
		return
	}
	for i, p := range parts {
		s, ok := b.part(p)
		if !ok {
			for _, later := range parts[i+1:] {
				if b.hasPart(later) {
					b.refuse("a %s has a %s only after a %s (which may be empty where its rule allows)", rule, later, p)
				}
			}
			return
		}
		if (p == "selector" || p == "search") && tabIn(s, b.c.Escaped) {
			// RFC 1738 section 3.4: the selector and search are separated by "%09", a tab,
			// so that neither can hold one.
			b.refuse(`a gopher %s cannot hold a tab: its escape "%%09" separates the selector, the search and the gopher+_string (RFC 1738 section 3.4)`, p)
			return
		}
		b.lit(before[i])
		b.writePart(p, s)
	}
}

// tabIn reports whether s holds a tab: as the byte, or as "%09" when s is escaped.
func tabIn(s string, escaped bool) bool {
	if escaped {
		return strings.Contains(s, "%09")
	}
	return strings.IndexByte(s, '\t') >= 0
}

// waisDoc writes "/" wtype "/" rest when c has a wtype: wais's document form, whose rest is
// RFC 1738's wpath or the 1994 draft's wpath; the 1993 draft's is written by its caller.
func (b *builder) waisDoc(rule, rest string) bool {
	if !b.hasPart("wtype") && !b.hasPart(rest) {
		return false
	}
	if b.has(bQuery) {
		b.refuse("a %s is an index with a search or a document with a wtype, not both", rule)
		return false
	}
	b.lit("/")
	b.requiredPart("wtype", rule+" (waisdoc)")
	b.lit("/")
	if rest != "" {
		b.requiredPart(rest, rule+" (waisdoc)")
	}
	return true
}

// draft1993 writes a URL of the 1993 draft by the rule of its scheme, with its fragmentid.
func (b *builder) draft1993() {
	scheme := b.c.Scheme
	if strings.Contains(scheme, ":") {
		// scheme = ialpha, whose xalphas hold ":" (extra); the URL's scheme ends at its first.
		b.refuse("the scheme %q holds a \":\", which ends a scheme where it stands", scheme)
		return
	}
	// A URL of one of the draft's schemes that has none of its address's components is a
	// generic URL ("http:a/b" is one: generic = scheme ":" path [ "?" search ]).
	address := b.has(bHost) || b.has(bUser) || b.has(bPassword) || b.has(bPort) || b.c.Rooted || len(b.c.Parts) > 0
	layout := map[string]string{
		"http": "httpaddress", "ftp": "fileaddress", "afs": "afsaddress", "wais": "waisaddress",
		"prospero": "prosperoaddress", "telnet": "telnetaddress", "gopher": "gopheraddress",
	}[scheme]
	if scheme == "news" && len(b.c.Parts) > 0 {
		layout = "newsaddress"
	}
	if layout == "" || layout != "newsaddress" && !address {
		b.draft1993Generic()
		return
	}
	b.rule = layout
	b.literalScheme()
	switch layout {
	case "httpaddress":
		b.httpaddress()
	case "fileaddress", "afsaddress":
		b.fileaddress()
	case "newsaddress":
		b.newsaddress()
	case "waisaddress":
		b.waisaddress()
	case "prosperoaddress":
		b.prospero(layout)
	case "telnetaddress":
		// telnetaddress = "telnet://" [ user "@" ] hostport
		b.lit("//")
		b.login(layout, false, true)
	case "gopheraddress":
		// gopheraddress = "gopher://" hostport [ "/" gtype [ selector ] ] [ "?" search ]
		b.gopheraddress("selector")
		b.query("query")
	}
	b.fragment("fragment")
}

// draft1993Generic writes the 1993 draft's generic = scheme ":" path [ "?" search ], with its
// fragmentid.
func (b *builder) draft1993Generic() {
	if b.c.Scheme == "" {
		b.refuse("every URL of the 1993 draft has a scheme")
		return
	}
	b.scheme()
	if b.c.Rooted || len(b.segs) > 1 && b.segs[0] == "" {
		b.refuse(`a generic URL's path does not begin with "/" (generic = scheme ":" path), nor with an empty segment`)
		return
	}
	b.segments("segment", "segment", len(b.out))
	b.query("query")
	b.fragment("fragment")
}

// httpaddress writes the rest of the 1993 and 1994 drafts' httpaddress = "http://" hostport
// [ "/" path ] [ "?" search ].
func (b *builder) httpaddress() {
	b.lit("//")
	b.hostport("httpaddress", true)
	b.draftPath()
	b.query("query")
}

// fileaddress writes the rest of the 1993 draft's fileaddress = "ftp://" host "/" path, or
// of its afsaddress = "afs://" cellname "/" path, as b.rule says.
func (b *builder) fileaddress() {
	b.lit("//")
	if b.rule == "afsaddress" {
		b.host(b.rule, "cellname", true)
	} else {
		b.host(b.rule, "host", true)
	}
	b.lit("/")
	b.segments("segment", "segment", len(b.out))
}

// newsaddress writes the rest of the 1993 and 1994 drafts' newsaddress = "news:" groupart;
// groupart = "*" | group | article.
func (b *builder) newsaddress() {
	if b.draftGroupWithAt() {
		return
	}
	if !b.whole(len(b.out)) && !b.optionalPart("", "groupart") && !b.optionalPart("", "group") && !b.optionalPart("", "article") {
		b.refuse(`a newsaddress requires its groupart: a part named "group", "article" or "groupart" ("*")`)
	}
	b.pathOfParts(len(b.c.Scheme) + 1)
}

// waisaddress writes the rest of the 1993 and 1994 drafts' waisaddress = waisindex |
// waisdoc, whose document forms differ:
//
//	waisindex = "wais://" hostport "/" database [ "?" search ]
//	waisdoc   = "wais://" hostport "/" database "/" wtype "/" digits "/" path (1993)
//	waisdoc   = "wais://" hostport "/" database "/" wtype "/" wpath (1994)
func (b *builder) waisaddress() {
	b.lit("//")
	b.hostport("waisaddress", true)
	b.lit("/")
	begin := len(b.out)
	if !b.whole(begin) {
		b.requiredPart("database", "waisaddress")
		if b.v == Draft1994 {
			b.waisDoc("waisaddress", "wpath")
		} else if b.waisDoc("waisaddress", "digits") {
			b.lit("/")
			b.segmentsAfterParts(begin)
		}
	}
	b.pathOfParts(begin)
	b.query("query")
}

// gopheraddress writes "gopher://" hostport [ "/" gtype [ second ] ], the rest of the 1993
// and 1994 drafts' gopheraddress but the 1993 draft's [ "?" search ]: its second is the 1993
// draft's selector or the 1994 draft's gcommand.
func (b *builder) gopheraddress(second string) {
	b.lit("//")
	b.hostport("gopheraddress", true)
	b.noPath("gopheraddress")
	if b.c.Rooted || b.hasPart("gtype") || b.hasPart(second) || b.c.Opaque != "" {
		b.lit("/")
		b.at[bPath] = span{b: uint32(len(b.out)), ok: true}
		b.chain("gopheraddress", []string{"gtype", second}, []string{"", ""})
		b.at[bPath].e = uint32(len(b.out))
	}
}

// draftGroupWithAt refuses a news group of the 1993 and 1994 drafts that holds an "@": their
// group (ialpha) may, but "A message identifier may be distinguished from a news group name by
// the presence of the commercial at "@" character", and the parser reads it as an article.
func (b *builder) draftGroupWithAt() bool {
	for _, p := range b.c.Parts {
		if p.Rule == "group" && strings.Contains(p.Text, "@") {
			b.refuse("the news group %q holds an \"@\", which makes it a message identifier (an article)", p.Text)
			return true
		}
	}
	return false
}

// draftPath writes [ "/" path ] of the 1993 and 1994 drafts' http address.
func (b *builder) draftPath() {
	if b.has(bPath) {
		b.lit("/")
		b.segments("segment", "segment", len(b.out))
	}
}

// segmentsAfterParts writes segments that continue a path begun with parts at begin.
func (b *builder) segmentsAfterParts(begin int) {
	b.segments("segment", "segment", len(b.out))
	b.at[bPath].b = uint32(begin)
}

// prospero writes the 1993 and 1994 drafts' prosperolink = "prospero://" hostport "/"
// hsoname [ "%00" version [ attributes ] ], whose hsoname is a path.
func (b *builder) prospero(layout string) {
	b.lit("//")
	b.hostport(layout, true)
	b.lit("/")
	for _, s := range b.segs {
		if tabOrNUL := strings.IndexByte(s, 0) >= 0 || b.c.Escaped && strings.Contains(s, "%00"); tabOrNUL {
			// "If these latter fields are present they are separated from the host specific
			// object name and from each other by the characters "%00" (percent, zero, zero)".
			b.refuse(`a prospero path cannot hold a NUL: its escape "%%00" separates the version and the attributes`)
			return
		}
	}
	b.segments("segment", "segment", len(b.out))
	if b.optionalPart("%00", "version") {
		if a, ok := b.part("attributes"); ok {
			if a != "" && '0' <= a[0] && a[0] <= '9' {
				// version = digits, attributes = attribute [ attributes ], attribute =
				// alphanums: the version's digits take the attributes' first.
				b.refuse("a prosperolink's attributes %q cannot begin with a digit, which its version (digits) takes", a)
				return
			}
			b.writePart("attributes", a)
		}
	} else if b.hasPart("attributes") {
		b.refuse(`a prosperolink has attributes only after a version ("%%00" version [ attributes ]), which may be empty`)
	}
	b.at[bPath].e = uint32(len(b.out)) // the path holds the version and the attributes

}

// draft1994 writes a URL of the 1994 draft by the rule of its scheme: the draft's url has no
// generic form, and no fragment (its fragmentid is used by no rule).
func (b *builder) draft1994() {
	scheme := b.c.Scheme
	layout := map[string]string{
		"http": "httpaddress", "ftp": "ftpaddress", "news": "newsaddress", "nntp": "nntpaddress",
		"mid": "midaddress", "cid": "cidaddress", "mailto": "mailtoaddress", "wais": "waisaddress",
		"prospero": "prosperoaddress", "telnet": "telnetaddress", "gopher": "gopheraddress",
	}[scheme]
	if layout == "" {
		b.refuse("the 1994 draft defines no scheme %q: its url is one of http, ftp, news, nntp, mid, cid, mailto, wais, prospero, telnet and gopher", scheme)
		return
	}
	b.rule = layout
	b.literalScheme()
	switch layout {
	case "httpaddress":
		b.httpaddress()
	case "ftpaddress":
		b.ftpaddress()
	case "newsaddress":
		b.newsaddress()
	case "nntpaddress":
		b.nntpaddress()
	case "midaddress", "cidaddress", "mailtoaddress":
		b.opaqueAddress()
	case "waisaddress":
		b.waisaddress()
	case "prosperoaddress":
		b.prospero(layout)
	case "telnetaddress":
		// telnetaddress = "telnet://" login
		b.lit("//")
		b.login(layout, true, true)
	case "gopheraddress":
		// gopheraddress = "gopher://" hostport [ "/" gtype [ gcommand ] ]
		b.gopheraddress("gcommand")
	}
}

// ftpaddress writes the rest of the 1994 draft's ftpaddress = "ftp://" login "/" path
// [ ftptype ].
func (b *builder) ftpaddress() {
	if b.hasPart("ftptype") {
		b.refuse(`the 1994 draft's ftptype follows the path with no delimiter (ftpaddress = "ftp://" login "/" path [ ftptype ]), and its letters are read as part of the path: it cannot be written`)
		return
	}
	b.lit("//")
	b.login("ftpaddress", true, true)
	b.lit("/")
	b.segments("segment", "segment", len(b.out))
}

// nntpaddress writes the rest of the 1994 draft's nntpaddress = "nntp:" group "/" digits.
func (b *builder) nntpaddress() {
	if !b.whole(len(b.out)) {
		b.requiredPart("group", "nntpaddress")
		b.lit("/")
		b.requiredPart("digits", "nntpaddress")
	}
	b.pathOfParts(len(b.c.Scheme) + 1)
}

// opaqueAddress writes the rest of the 1994 draft's midaddress = "mid:" addr-spec,
// cidaddress = "cid:" content-identifier or mailtoaddress = "mailto:" xalphas "@" hostname,
// as b.rule says: written as given, and held to the rule by the URL's.
func (b *builder) opaqueAddress() {
	if len(b.segs) > 0 || b.c.Rooted || b.c.Opaque == "" {
		b.refuse("a %s is given as its Opaque address", b.rule)
		return
	}
	b.used[bPath] = true
	b.lit(b.c.Opaque)
	b.at[bPath] = span{b: uint32(len(b.c.Scheme) + 1), e: uint32(len(b.out)), ok: true}
}

// errReadBack marks the error of a URL that its version reads back with other components
// than those written.
var errReadBack = errors.New("the version reads the URL written with other components")

// readBack parses the URL written and checks that the version reads each component where it
// was written, and no other: the URL it returns is Parse's.
func (b *builder) readBack() (*URL, error) {
	s := string(b.out)
	u, err := Parse(b.v, s)
	if err != nil {
		return nil, errorf("build", b.v, "the URL written, %q, is not valid: %w", s, err)
	}
	if b.rule != "" && b.v == RFC1738 && u.Rule != b.rule {
		return nil, b.misread(s, "the rule", u.Rule, b.rule)
	}
	a := u.Authority()
	got := [numFields]Component{u.Scheme(), a.Userinfo, a.User, a.Password, a.Host, a.Port, u.Path().Component, u.Query(), u.Fragment()}
	if b.v == RFC1808 {
		got[bHost] = a.Component // the net_loc, which RFC 1808 does not divide
	}
	for f := range numFields {
		want := b.at[f]
		g := got[f]
		switch {
		case f == bUserinfo && b.used[bUser]:
			continue // the user and password were written, and the userinfo is theirs
		case f == bPath:
			if !b.used[bPath] {
				want = span{}
			}
			if !g.Present && want.ok && want.b == want.e || g.Present && g.Text == "" && !want.ok {
				// An empty path is absent in some grammars (RFC 1808's "http://h/") and
				// present in others, where every URL has a path (RFC 3986's "//h").
				continue
			}
			if want.ok && !holdsRoot(b.v) && want.e > want.b && b.out[want.b] == '/' &&
				(g.Present && g.Begin == int(want.b)+1 && g.End == int(want.e) || !g.Present && want.e == want.b+1) {
				// A path written whole that begins with "/": RFC 1808 counts the "/" of an
				// abs_path as no part of the path ("/a", and "s:/" has none), and that of an
				// opaque absoluteURL as its own ("ftp://h//a" with no net_loc).
				continue
			}
		}
		if g.Present != want.ok || g.Present && (g.Begin != int(want.b) || g.End != int(want.e)) {
			return nil, b.misread(s, fieldNames[f], quoteComponent(g), quoteSpan(s, want))
		}
	}
	if err := b.readSegments(s, u); err != nil {
		return nil, err
	}
	if err := b.readParts(s, u); err != nil {
		return nil, err
	}
	return u, nil
}

// readParts checks that the version reads each part where it was written: a node of the
// part's rule in the parse tree of u's rule, over the text written.
func (b *builder) readParts(s string, u *URL) error {
	if len(b.partAt) == 0 {
		return nil
	}
	root, err := ParseTreeRule(b.v, u.Rule, s, 0)
	if err != nil {
		return errorf("build", b.v, "the URL written, %q, is not valid: %w", s, err)
	}
	rules := map[string]bool{}
	for _, p := range b.partAt {
		rules[p.rule] = true
	}
	matched := make(map[writtenPart]bool, len(b.partAt))
	for _, n := range Preorder(root) {
		if rules[n.Rule] {
			matched[writtenPart{rule: n.Rule, at: span{b: uint32(n.Begin), e: uint32(n.End), ok: true}}] = true
		}
	}
	for _, p := range b.partAt {
		if !matched[p] {
			return b.misread(s, "the part "+p.rule, "none", quoteSpan(s, p.at))
		}
	}
	return nil
}

// readSegments checks that the version reads the segments where they were written, where
// its URL divides the path into segments.
func (b *builder) readSegments(s string, u *URL) error {
	var got []Component
	for seg := range u.Segments() {
		got = append(got, seg.Component)
	}
	if len(got) == 0 || len(b.segAt) == 0 {
		return nil // a grammar that divides no such path (the 1993 draft's), or the empty path
	}
	if len(got) == 1 && got[0].Text == "" && len(b.segAt) == 0 {
		return nil
	}
	if n := len(b.segAt); len(got) == n-1 && b.segAt[n-1].b == b.segAt[n-1].e {
		// A final empty segment that the grammar reads as no segment: the 1994 draft's path
		// = void | segment [ "/" path ].
		b.segAt = b.segAt[:n-1]
	}
	if len(got) != len(b.segAt) {
		return b.misread(s, "the segments", fmt.Sprint(len(got)), fmt.Sprint(len(b.segAt)))
	}
	for i, g := range got {
		if w := b.segAt[i]; g.Begin != int(w.b) || g.End != int(w.e) {
			return b.misread(s, fmt.Sprintf("segment %d", i), quoteComponent(g), quoteSpan(s, w))
		}
	}
	return nil
}

// misread is the error of a URL read back with what where want was written.
func (b *builder) misread(s, what, got, want string) error {
	return errorf("build", b.v, "%w: %q has %s %s where %s was written", errReadBack, s, what, got, want)
}

func quoteComponent(c Component) string {
	if !c.Present {
		return "none"
	}
	return fmt.Sprintf("%q at %d", c.Text, c.Begin)
}

func quoteSpan(s string, at span) string {
	if !at.ok {
		return "none"
	}
	return fmt.Sprintf("%q at %d", s[at.b:at.e], at.b)
}
