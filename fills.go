package urlgrammar

// This file is the fill language and, for each version, its fills in it: which rule of the
// version's grammar fills which component of a URL, the whole of the mapping from grammar to
// typed components. The rule names are the document's own (grammar/<id>.bnf).
//
// A fill is built by one of the constructors below, each named for what it does with a match
// of its rule (set, union, reset, prefix, restAfter, emptyAfter, sameAs; hostKindOnly and
// pathKindOnly; part, segment and param; hide), and changed by the methods after them (leaf,
// in, withHostKind, withPathKind, pathBySlash). The components that it fills are the fields
// fScheme, fAuthority, fUserinfo, fUser, fPassword, fHost, fPort, fPath, fParams, fQuery and
// fFragment: those of a URL's methods and of its Authority's fields, by the same names
// (declared beside the URL, in ast.go). The kinds that it sets are the package's HostKind and
// PathKind values.
//
// The walk (walk.go) visits every match before the matches inside it, so among the matches of
// one component the outermost is seen first. The walker of a version is compiled from its
// fills, which are refused if they do not fit together: a rule that the grammar does not have,
// a kind on a fill of another component, more pending fills than a walk holds. TestFills
// compiles the walker of every version.

// A fillOp is what a fill does with a match of its rule.
type fillOp uint8

const (
	// opSet fills the field with the match, unless a match around this one has filled it
	// already: the outermost match wins.
	opSet fillOp = iota
	// opUnion fills the field, or widens it to take this match in too: a component that the
	// grammar writes as several rules side by side (RFC 1738's userinfo is user ":" password).
	opUnion
	// opReset empties the field (and its kind), so that matches inside this one fill it anew.
	opReset
	// opPrefix fills the field with the first len(lit) bytes of the match: a literal that the
	// rule begins with, such as the "ftp" of ftpurl = "ftp://" ….
	opPrefix
	// opRest fills the field with what follows the first lit in the match: a part that the
	// grammar writes without a rule of its own, such as the opaque part of RFC 1808's
	// absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) ).
	opRest
	// opEmptyAfter and opSameAs are pending: a match of the rule makes them apply once the
	// walk is done, each once, in the order of the fills. opEmptyAfter makes the field present
	// and empty if it is still absent and the input reads lit right after the field from: RFC
	// 1738's file URL "file:///x" has an empty host (section 3.10), as the grammar has no rule
	// for it. opSameAs makes the field the component that fills the field from, if the field
	// is still absent and that one is present: RFC 1738's file URL has a host and no rule for
	// its authority, which is that host (section 3.10).
	opEmptyAfter
	opSameAs
	// opHostKind sets the kind of the host alone, over what a fill of fHost set; opPathKind
	// sets the kind of the path alone, if none is set yet.
	opHostKind
	opPathKind
	// opHide fills nothing: a fill of it is a leaf, which hides the matches inside its own
	// from the walk (the IPv4address in the ls32 of RFC 3986's IPv6address is not the host).
	opHide
	// The ops from opPart on find the details of a URL (what Segments and Parts return),
	// which Parse leaves out: opPart a part, named by its rule (URL.Parts), opSegment a path
	// segment, opParam a parameter of the path segment it is in.
	opPart
	opSegment
	opParam
)

// detail reports whether o finds a detail of a URL, which the walk of Parse leaves out.
func (o fillOp) detail() bool { return o >= opPart }

// pending reports whether o applies once the walk is done.
func (o fillOp) pending() bool { return o == opEmptyAfter || o == opSameAs }

// A step is what a fill does with a match, as the walk applies it: its op, and what the op
// reads. Each constructor sets what its op needs and nothing else. (The bytes come first and
// the literal last, so that a step takes 24 bytes.)
type step struct {
	op    fillOp
	field field // the component filled: zero for opHostKind, opPathKind, opHide and the details
	from  field // the component after which (opEmptyAfter), or copied (opSameAs)
	// host and path are the kinds that the step sets: of a fill of fHost or fPath (set, union
	// or restAfter), and of hostKindOnly and pathKindOnly. bySlash sets PathAbsolute for a match
	// that begins with "/" and PathRelative for one that does not: the 1997 draft's path = [
	// "/" ] path_segments.
	host    HostKind
	path    PathKind
	bySlash bool
	// bit is the step's place among its walker's pending steps (fillOp.pending), which newWalker
	// numbers.
	bit uint8
	lit string // the literal of opPrefix, opRest and opEmptyAfter
}

// kinded reports whether s sets a kind over the component it fills.
func (s *step) kinded() bool { return s.host != HostNone || s.path != PathNone || s.bySlash }

// A fill declares what the matches of one grammar rule do to a URL. A version's fills are
// its whole mapping from grammar to URL.
type fill struct {
	// rule is the rule's name in the document; a rule that only the PEG has (declared extra
	// in the .peg) is named by its PEG name, and so may be a context-bound copy of a rule of
	// the document (an extra rule "as" it), which then takes only the fills that name it so,
	// not those of the rule it copies. With a parent (in), the fill applies only to a match
	// whose nearest enclosing match of a rule that the fills name is of parent; where a fill
	// with a parent and one without could both apply, the one with the parent does.
	rule, parent string
	// skips says that nothing inside the match fills anything: the walk does not look inside
	// (leaf). Parse does not record the matches of a fill of a detail, so such a leaf hides
	// nothing from the generic components; a leaf that fills nothing (hide) does.
	skips bool
	step
}

// set fills f with the outermost match of rule.
func set(rule string, f field) fill { return fill{rule: rule, step: step{op: opSet, field: f}} }

// union fills f with the matches of rule, widened to take each of them in.
func union(rule string, f field) fill { return fill{rule: rule, step: step{op: opUnion, field: f}} }

// reset empties f, and its kind, at a match of rule, for the matches inside it to fill anew.
func reset(rule string, f field) fill { return fill{rule: rule, step: step{op: opReset, field: f}} }

// prefix fills f with the literal lit that rule begins with.
func prefix(rule string, f field, lit string) fill {
	return fill{rule: rule, step: step{op: opPrefix, field: f, lit: lit}}
}

// restAfter fills f with what follows the first lit in the match of rule.
func restAfter(rule string, f field, lit string) fill {
	return fill{rule: rule, step: step{op: opRest, field: f, lit: lit}}
}

// emptyAfter makes f present and empty, once the walk is done, where rule matched, f is still
// absent and the input reads lit right after the component that fills from.
func emptyAfter(rule string, f, from field, lit string) fill {
	return fill{rule: rule, step: step{op: opEmptyAfter, field: f, from: from, lit: lit}}
}

// sameAs makes f, once the walk is done, where rule matched and f is still absent, the
// component that fills from.
func sameAs(rule string, f, from field) fill {
	return fill{rule: rule, step: step{op: opSameAs, field: f, from: from}}
}

// hostKindOnly sets the kind of the host to k at a match of rule, over what a fill of fHost
// set.
func hostKindOnly(rule string, k HostKind) fill {
	return fill{rule: rule, step: step{op: opHostKind, host: k}}
}

// pathKindOnly sets the kind of the path to k at a match of rule, if none is set yet.
func pathKindOnly(rule string, k PathKind) fill {
	return fill{rule: rule, step: step{op: opPathKind, path: k}}
}

// hide fills nothing and hides the matches inside those of rule from the walk.
func hide(rule string) fill { return fill{rule: rule, skips: true, step: step{op: opHide}} }

// part makes each match of rule a part of the URL, named by rule (URL.Parts).
func part(rule string) fill { return fill{rule: rule, step: step{op: opPart}} }

// segment makes each match of rule a segment of the path (URL.Segments).
func segment(rule string) fill { return fill{rule: rule, step: step{op: opSegment}} }

// param makes each match of rule a parameter of the segment it is in (Segment.Params).
func param(rule string) fill { return fill{rule: rule, step: step{op: opParam}} }

// leaf says that nothing inside a match of f's rule fills anything, so that the walk does not
// look inside.
func (f fill) leaf() fill { f.skips = true; return f }

// in makes f apply only to the matches of its rule whose nearest enclosing match of a rule
// that the fills name is of parent.
func (f fill) in(parent string) fill { f.parent = parent; return f }

// withHostKind makes f, a fill of fHost, set the kind of the host to k too, if none is set: a
// kind, like a component, is set by the outermost match that has one.
func (f fill) withHostKind(k HostKind) fill { f.host = k; return f }

// withPathKind makes f, a fill of fPath, set the kind of the path to k too, if none is set.
func (f fill) withPathKind(k PathKind) fill { f.path = k; return f }

// pathBySlash makes f, a fill of fPath, set the kind of the path by its first byte:
// PathAbsolute for "/", PathRelative otherwise.
func (f fill) pathBySlash() fill { f.bySlash = true; return f }

// rfc1738Fills maps RFC 1738 (section 5's BNF) to the URL. The generic components are those
// of section 3.1's common Internet scheme syntax, //<user>:<password>@<host>:<port>/<url-path>;
// a URL of one of the ten predefined schemes also has its scheme's parts (URL.Parts), the
// matches of the rules of its part fills. A predefined scheme rule writes its scheme name as
// a literal ("ftp://"), hence the prefix fills for the scheme.
var rfc1738Fills = []fill{
	// genericurl = scheme ":" schemepart; schemepart = *xchar | ip-schemepart: an opaque
	// schemepart is the path, unless it is an ip-schemepart, whose urlpath is.
	set("scheme", fScheme).leaf(),
	set("schemepart", fPath).withPathKind(PathOpaque),
	reset("ip-schemepart", fPath),
	set("urlpath", fPath).withPathKind(PathAbsolute).leaf(),

	// login = [ user [ ":" password ] "@" ] hostport; hostport = host [ ":" port ].
	// The authority is the login, or the hostport of a scheme that has no login.
	set("login", fAuthority),
	set("hostport", fAuthority),
	set("user", fUser).leaf(),
	union("user", fUserinfo),
	set("password", fPassword).leaf(),
	union("password", fUserinfo),
	set("hostname", fHost).withHostKind(HostDomain).leaf(),
	set("hostnumber", fHost).withHostKind(HostIPv4).leaf(),
	set("port", fPort).leaf(),

	// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ] ]. Section 3.2.2: the url-path
	// is <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>.
	prefix("ftpurl", fScheme, "ftp"),
	// fpath is the path of ftpurl and of fileurl, with the ftptype of ftpurl, a union.
	union("fpath", fPath).withPathKind(PathAbsolute),
	part("fpath"),
	segment("fsegment").leaf(),
	union("ftptype", fPath),
	part("ftptype").leaf(),

	// fileurl = "file://" [ host | "localhost" ] "/" fpath. Section 3.10: the host "can be the
	// string "localhost" or the empty string".
	prefix("fileurl", fScheme, "file"),
	// The authority is the host, the match of hostname or hostnumber as in every scheme. No
	// fill of a generic component names host, so that Parse does not record its matches (one
	// per URL), and none has a parent, so that Parse keeps no stack of them.
	sameAs("fileurl", fAuthority, fHost),
	part("host").in("fileurl"),
	emptyAfter("fileurl", fAuthority, fScheme, "://"),
	emptyAfter("fileurl", fHost, fScheme, "://"),

	// httpurl = "http://" hostport [ "/" hpath [ "?" search ] ]. Section 3.3: <path> is the
	// hpath, and <searchpart> "is a query string".
	prefix("httpurl", fScheme, "http"),
	set("hpath", fPath).withPathKind(PathAbsolute),
	part("hpath"),
	segment("hsegment").leaf(),
	set("search", fQuery).leaf(), // and waisindex's
	part("search"),

	// gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search
	// [ "%09" gopher+_string ] ] ] ] ]. The transcription matches this search with the rule
	// gopher_search, declared "as" search (it ends at the next "%09"), named here by that name:
	// it is part of the path, where the search of the other schemes is the query. Section
	// 3.4.1: the <gopher-path> runs from the gtype to the end; "The entire <gopher-path> may
	// also be null, in which case the delimiting "/" is also optional".
	prefix("gopherurl", fScheme, "gopher"),
	emptyAfter("gopherurl", fPath, fAuthority, "/"),
	union("gtype", fPath).withPathKind(PathAbsolute),
	part("gtype").leaf(),
	union("selector", fPath),
	part("selector").leaf(),
	union("gopher_search", fPath),
	part("gopher_search").leaf(),
	union("gopher+_string", fPath),
	part("gopher+_string").leaf(),

	// mailtourl = "mailto:" encoded822addr.
	prefix("mailtourl", fScheme, "mailto"),
	set("encoded822addr", fPath).withPathKind(PathOpaque).leaf(),
	part("encoded822addr"),

	// newsurl = "news:" grouppart; grouppart = "*" | group | article.
	prefix("newsurl", fScheme, "news"),
	set("grouppart", fPath).withPathKind(PathOpaque),
	part("grouppart"),
	part("group").leaf(), // and nntpurl's
	part("article").leaf(),
	hide("article"), // its host is not the URL's, for Parse too (no detail)

	// nntpurl = "nntp://" hostport "/" group [ "/" digits ]: the path is the group and the
	// digits. In a news URL the group lies inside the grouppart, which is the path already.
	prefix("nntpurl", fScheme, "nntp"),
	union("group", fPath).withPathKind(PathAbsolute),
	union("digits", fPath),
	part("digits").leaf(),

	// telneturl = "telnet://" login [ "/" ]. Section 3.8: "The final "/" character may be
	// omitted": after it, the url-path is empty.
	prefix("telneturl", fScheme, "telnet"),
	emptyAfter("telneturl", fPath, fAuthority, "/"),

	// waisurl = waisdatabase | waisindex | waisdoc: "wais://" hostport "/" database, then
	// "?" search (the query, as http's), or "/" wtype "/" wpath.
	prefix("waisurl", fScheme, "wais"),
	union("database", fPath).withPathKind(PathAbsolute),
	part("database").leaf(),
	union("wtype", fPath),
	part("wtype").leaf(),
	union("wpath", fPath),
	part("wpath").leaf(),

	// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]; fieldspec = ";" fieldname
	// "=" fieldvalue. Section 3.11: prospero://<host>:<port>/<hsoname>;<field>=<value>.
	prefix("prosperourl", fScheme, "prospero"),
	union("ppath", fPath).withPathKind(PathAbsolute),
	part("ppath"),
	segment("psegment").leaf(),
	union("fieldspec", fPath),
	part("fieldname").leaf(),
	part("fieldvalue").leaf(),
}

// draft2003Fills maps the 2003 draft (sections 3 to 5) to the URL: absolute-URI = scheme ":"
// ( hier-part / opaque-part ); authority = server / reg-name; server = [ [ userinfo "@" ]
// hostport ]; host = IPv6reference / IPv4address / hostname. Its userinfo is not split.
// rel-path = rel-segment [ abs-path ] is one relative path: the outer match wins.
var draft2003Fills = []fill{
	set("scheme", fScheme).leaf(),
	set("authority", fAuthority),
	set("userinfo", fUserinfo).leaf(),
	set("IPv6reference", fHost).withHostKind(HostIPv6).leaf(),
	set("IPv4address", fHost).withHostKind(HostIPv4).leaf(),
	set("hostname", fHost).withHostKind(HostDomain).leaf(),
	set("reg-name", fHost).withHostKind(HostRegName).leaf(),
	set("port", fPort).leaf(),
	set("abs-path", fPath).withPathKind(PathAbsolute),
	set("rel-path", fPath).withPathKind(PathRelative),
	set("opaque-part", fPath).withPathKind(PathOpaque).leaf(),
	segment("segment").leaf(),
	segment("rel-segment").leaf(),
	set("query", fQuery).leaf(),
	set("fragment", fFragment).leaf(),
}

// rfc3986Fills maps RFC 3986 (section 3 and Appendix A): hier-part = "//" authority
// path-abempty / path-absolute / path-rootless / path-empty; authority = [ userinfo "@" ] host
// [ ":" port ]; host = IP-literal / IPv4address / reg-name. Section 3.3: "A path is always
// defined for a URI, though the defined path may be empty".
var rfc3986Fills = []fill{
	set("scheme", fScheme).leaf(),
	set("authority", fAuthority),
	set("userinfo", fUserinfo).leaf(),
	set("IP-literal", fHost).withHostKind(HostIPv6),
	hostKindOnly("IPvFuture", HostIPvFuture).leaf(),
	hide("IPv6address"), // its ls32 may hold an IPv4address, which is not the host
	set("IPv4address", fHost).withHostKind(HostIPv4).leaf(),
	set("reg-name", fHost).withHostKind(HostRegName).leaf(),
	set("port", fPort).leaf(),
	set("path-abempty", fPath).withPathKind(PathAbsolute),
	set("path-absolute", fPath).withPathKind(PathAbsolute),
	set("path-noscheme", fPath).withPathKind(PathRelative),
	set("path-rootless", fPath).withPathKind(PathRelative),
	set("path-empty", fPath).withPathKind(PathEmpty).leaf(),
	segment("segment").leaf(),
	segment("segment-nz").leaf(),
	segment("segment-nz-nc").leaf(),
	set("query", fQuery).leaf(),
	set("fragment", fFragment).leaf(),
}

// rfc2396Fills maps RFC 2396 (Appendix A): absoluteURI = scheme ":" ( hier_part |
// opaque_part ); authority = server | reg_name, where a reg_name is the whole authority (it
// is given as the host, of kind HostRegName); segment = *pchar *( ";" param ).
var rfc2396Fills = []fill{
	set("scheme", fScheme).leaf(),
	set("authority", fAuthority),
	set("userinfo", fUserinfo).leaf(),
	set("hostname", fHost).withHostKind(HostDomain).leaf(),
	set("IPv4address", fHost).withHostKind(HostIPv4).leaf(),
	set("reg_name", fHost).withHostKind(HostRegName).leaf(),
	set("port", fPort).leaf(),
	set("abs_path", fPath).withPathKind(PathAbsolute),
	set("rel_path", fPath).withPathKind(PathRelative),
	set("opaque_part", fPath).withPathKind(PathOpaque).leaf(),
	segment("segment"),
	param("param").in("segment").leaf(),
	segment("rel_segment").leaf(),
	set("query", fQuery).leaf(),
	set("fragment", fFragment).leaf(),
}

// rfc1808Fills maps RFC 1808 (section 2.2): <scheme>://<net_loc>/<path>;<params>?<query>
// #<fragment>. Section 2.1: '"/" path' is the URL path of RFC 1738 section 3.1, which does not
// count the "/"; abs_path = "/" rel_path says the path is absolute. So "http://a/" has an
// absolute path whose text is empty (PathAbsolute, not PathEmpty). net_loc is not split.
// absoluteURL's second form, scheme ":" *( uchar | reserved ), has no rule of its own.
var rfc1808Fills = []fill{
	set("scheme", fScheme).leaf(),
	restAfter("absoluteURL", fPath, ":").withPathKind(PathOpaque),
	reset("generic-RL", fPath),
	set("net_loc", fAuthority).leaf(),
	pathKindOnly("abs_path", PathAbsolute),
	set("path", fPath).withPathKind(PathRelative),
	segment("fsegment").leaf(),
	segment("segment").leaf(),
	set("params", fParams).leaf(),
	set("query", fQuery).leaf(),
	set("fragment", fFragment).leaf(),
}

// draft1997Fills maps the 1997 draft (Appendix A): generic-URL = scheme ":" relativeURL;
// net_path = "//" site [ abs_path ]; site = [ [ user [ ":" password ] "@" ] hostport ];
// abs_path = "/" rel_path; rel_path = [ path_segments ] [ "?" query ], so an abs_path or
// rel_path match holds the query too: the path ends before it (see fPath). Its own rule path =
// [ "/" ] path_segments, a start rule, includes the "/".
var draft1997Fills = []fill{
	set("scheme", fScheme).leaf(),
	restAfter("opaque-URL", fPath, ":").withPathKind(PathOpaque),
	set("site", fAuthority),
	set("user", fUser).leaf(),
	union("user", fUserinfo),
	set("password", fPassword).leaf(),
	union("password", fUserinfo),
	set("hostname", fHost).withHostKind(HostDomain).leaf(),
	set("hostnumber", fHost).withHostKind(HostIPv4).leaf(),
	set("port", fPort).leaf(),
	set("abs_path", fPath).withPathKind(PathAbsolute),
	set("rel_path", fPath).withPathKind(PathRelative),
	set("path", fPath).pathBySlash(),
	segment("segment"),
	param("param").in("segment").leaf(),
	set("query", fQuery).leaf(),
	set("fragment", fFragment).leaf(),
}

// draft1993Fills maps the 1993 draft ("BNF syntax"): an address per scheme, whose scheme name
// is a literal ("http://"), and generic = scheme ":" path [ "?" search ]. Its path follows
// the "/" after the host and does not count it, as in RFC 1738; in generic it is rootless.
// The path of a gopher, wais or prospero address is everything after the host's "/". Its
// hostname = ialpha [ "." hostname ] may hold ":"; the transcription ends a hostname before
// ":" digits, which is the port where the grammar has one.
var draft1993Fills = []fill{
	set("fragmentid", fFragment).leaf(),
	set("scheme", fScheme).leaf(),
	// The path of generic is rootless: generic, outer, sets the kind before path does. No fill
	// of a generic component has a parent, so that Parse keeps no stack.
	pathKindOnly("generic", PathRelative),
	union("path", fPath).withPathKind(PathAbsolute).leaf(),
	set("search", fQuery).leaf(),
	union("hostport", fAuthority),
	set("hostname", fHost).withHostKind(HostDomain).leaf(),
	set("hostnumber", fHost).withHostKind(HostIPv4).leaf(),
	set("port", fPort).leaf(),
	prefix("httpaddress", fScheme, "http"),
	prefix("fileaddress", fScheme, "ftp"),
	sameAs("fileaddress", fAuthority, fHost),
	prefix("afsaddress", fScheme, "afs"),
	set("cellname", fAuthority),
	prefix("newsaddress", fScheme, "news"),
	set("groupart", fPath).withPathKind(PathOpaque).leaf(),
	prefix("waisindex", fScheme, "wais"),
	prefix("waisdoc", fScheme, "wais"),
	union("database", fPath).withPathKind(PathAbsolute).leaf(),
	union("wtype", fPath).leaf(),
	union("digits", fPath).leaf(), // waisdoc's: the others lie in leaves
	prefix("prosperolink", fScheme, "prospero"),
	union("hsoname", fPath).withPathKind(PathAbsolute).leaf(),
	union("version", fPath).leaf(),
	union("attributes", fPath).leaf(),
	prefix("telnetaddress", fScheme, "telnet"),
	set("user", fUser).leaf(),
	union("user", fUserinfo),
	union("user", fAuthority),
	prefix("gopheraddress", fScheme, "gopher"),
	union("gtype", fPath).withPathKind(PathAbsolute).leaf(),
	union("selector", fPath).leaf(),
}

// draft1994Fills maps the 1994 draft ("BNF for specific URL schemes"), read as the 1993 one:
// an address per scheme, with login = [ user [ ":" password ] "@" ] hostport for ftp and
// telnet. prefixedurl = "url:" url: the prefix is no component. Addresses without "//" (news,
// nntp, mailto, mid, cid) have an opaque path.
var draft1994Fills = []fill{
	prefix("httpaddress", fScheme, "http"),
	prefix("ftpaddress", fScheme, "ftp"),
	prefix("afsaddress", fScheme, "afs"),
	prefix("newsaddress", fScheme, "news"),
	prefix("nntpaddress", fScheme, "nntp"),
	prefix("midaddress", fScheme, "mid"),
	prefix("cidaddress", fScheme, "cid"),
	prefix("mailtoaddress", fScheme, "mailto"),
	prefix("waisindex", fScheme, "wais"),
	prefix("waisdoc", fScheme, "wais"),
	prefix("prosperolink", fScheme, "prospero"),
	prefix("telnetaddress", fScheme, "telnet"),
	prefix("gopheraddress", fScheme, "gopher"),
	set("login", fAuthority),
	set("hostport", fAuthority),
	set("cellname", fAuthority),
	set("user", fUser).leaf(),
	union("user", fUserinfo),
	set("password", fPassword).leaf(),
	union("password", fUserinfo),
	set("hostname", fHost).withHostKind(HostDomain).leaf(),
	set("hostnumber", fHost).withHostKind(HostIPv4).leaf(),
	set("port", fPort).leaf(),
	union("path", fPath).withPathKind(PathAbsolute),
	segment("segment").leaf(),
	union("ftptype", fPath).leaf(),
	set("search", fQuery).leaf(),
	set("groupart", fPath).withPathKind(PathOpaque).leaf(),
	union("group", fPath).in("nntpaddress").withPathKind(PathOpaque).leaf(),
	union("digits", fPath).in("nntpaddress").leaf(),
	set("addr-spec", fPath).withPathKind(PathOpaque).leaf(),
	restAfter("mailtoaddress", fPath, ":").withPathKind(PathOpaque),
	hide("hostname").in("mailtoaddress"), // the mail domain, not a host of the URL
	union("database", fPath).withPathKind(PathAbsolute).leaf(),
	union("wtype", fPath).leaf(),
	union("wpath", fPath).leaf(),
	union("hsoname", fPath).withPathKind(PathAbsolute).leaf(),
	union("version", fPath).leaf(),
	union("attributes", fPath).leaf(),
	union("gtype", fPath).withPathKind(PathAbsolute).leaf(),
	union("gcommand", fPath).leaf(),
}
