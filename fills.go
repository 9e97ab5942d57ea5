package urlgrammar

// This file declares, for each version, which rule of its grammar fills which component of a
// URL: the whole of the mapping from grammar to typed components. The rule names are the
// document's own (grammar/<id>.bnf). walk.go applies a table in one walk over the tokens of a
// parse; fill and its ways of filling (howSet, howUnion, howClear, howPrefix, howEmptyAfter,
// howRest, howSameAs, leaf) are described there. A test checks that every rule named here is a
// rule of the grammar.

// rfc1738Fills maps RFC 1738 (section 5's BNF) to the URL. The generic components are those
// of section 3.1's common Internet scheme syntax, //<user>:<password>@<host>:<port>/<url-path>;
// a URL of one of the ten predefined schemes also has its scheme's parts (URL.Parts), the
// matches of the rules of its fPart fills. A predefined scheme
// rule writes its scheme name as a literal ("ftp://"), hence the prefix fills for Scheme.
var rfc1738Fills = []fill{
	// genericurl = scheme ":" schemepart; schemepart = *xchar | ip-schemepart: an opaque
	// schemepart is the path, unless it is an ip-schemepart, whose urlpath is.
	{rule: "scheme", field: fScheme, leaf: true},
	{rule: "schemepart", field: fPath, path: PathOpaque},
	{rule: "ip-schemepart", field: fPath, how: howClear},
	{rule: "urlpath", field: fPath, path: PathAbsolute, leaf: true},

	// login = [ user [ ":" password ] "@" ] hostport; hostport = host [ ":" port ].
	// The authority is the login, or the hostport of a scheme that has no login.
	{rule: "login", field: fAuthority},
	{rule: "hostport", field: fAuthority},
	{rule: "user", field: fUser, leaf: true},
	{rule: "user", field: fUserinfo, how: howUnion},
	{rule: "password", field: fPassword, leaf: true},
	{rule: "password", field: fUserinfo, how: howUnion},
	{rule: "hostname", field: fHost, host: HostDomain, leaf: true},
	{rule: "hostnumber", field: fHost, host: HostIPv4, leaf: true},
	{rule: "port", field: fPort, leaf: true},

	// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ] ]. Section 3.2.2: the url-path
	// is <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>.
	{rule: "ftpurl", field: fScheme, how: howPrefix, lit: "ftp"},
	// fpath is the path of ftpurl and of fileurl, with the ftptype of ftpurl, a union.
	{rule: "fpath", field: fPath, path: PathAbsolute, how: howUnion},
	{rule: "fpath", field: fPart},
	{rule: "fsegment", field: fSegment, leaf: true},
	{rule: "ftptype", field: fPath, how: howUnion},
	{rule: "ftptype", field: fPart, leaf: true},

	// fileurl = "file://" [ host | "localhost" ] "/" fpath. Section 3.10: the host "can be the
	// string "localhost" or the empty string".
	{rule: "fileurl", field: fScheme, how: howPrefix, lit: "file"},
	// The authority is the host, the match of hostname or hostnumber as in every scheme. No
	// fill of a generic component names host, so that Parse does not record its matches (one
	// per URL), and none has a parent, so that Parse keeps no stack of them.
	{rule: "fileurl", field: fAuthority, how: howSameAs, after: fHost},
	{parent: "fileurl", rule: "host", field: fPart},
	{rule: "fileurl", field: fAuthority, how: howEmptyAfter, after: fScheme, lit: "://"},
	{rule: "fileurl", field: fHost, how: howEmptyAfter, after: fScheme, lit: "://"},

	// httpurl = "http://" hostport [ "/" hpath [ "?" search ] ]. Section 3.3: <path> is the
	// hpath, and <searchpart> "is a query string".
	{rule: "httpurl", field: fScheme, how: howPrefix, lit: "http"},
	{rule: "hpath", field: fPath, path: PathAbsolute},
	{rule: "hpath", field: fPart},
	{rule: "hsegment", field: fSegment, leaf: true},
	{rule: "search", field: fQuery, leaf: true}, // and waisindex's
	{rule: "search", field: fPart},

	// gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search
	// [ "%09" gopher+_string ] ] ] ] ]. The transcription matches this search with the rule
	// gopher_search, declared "as" search (it ends at the next "%09"), named here by that name:
	// it is part of the path, where the search of the other schemes is the query. Section
	// 3.4.1: the <gopher-path> runs from the gtype to the end; "The entire <gopher-path> may
	// also be null, in which case the delimiting "/" is also optional".
	{rule: "gopherurl", field: fScheme, how: howPrefix, lit: "gopher"},
	{rule: "gopherurl", field: fPath, how: howEmptyAfter, after: fAuthority, lit: "/"},
	{rule: "gtype", field: fPath, path: PathAbsolute, how: howUnion},
	{rule: "gtype", field: fPart, leaf: true},
	{rule: "selector", field: fPath, how: howUnion},
	{rule: "selector", field: fPart, leaf: true},
	{rule: "gopher_search", field: fPath, how: howUnion},
	{rule: "gopher_search", field: fPart, leaf: true},
	{rule: "gopher+_string", field: fPath, how: howUnion},
	{rule: "gopher+_string", field: fPart, leaf: true},

	// mailtourl = "mailto:" encoded822addr.
	{rule: "mailtourl", field: fScheme, how: howPrefix, lit: "mailto"},
	{rule: "encoded822addr", field: fPath, path: PathOpaque, leaf: true},
	{rule: "encoded822addr", field: fPart},

	// newsurl = "news:" grouppart; grouppart = "*" | group | article.
	{rule: "newsurl", field: fScheme, how: howPrefix, lit: "news"},
	{rule: "grouppart", field: fPath, path: PathOpaque},
	{rule: "grouppart", field: fPart},
	{rule: "group", field: fPart, leaf: true}, // and nntpurl's
	{rule: "article", field: fPart, leaf: true},
	{rule: "article", leaf: true}, // its host is not the URL's, for Parse too (no detail)

	// nntpurl = "nntp://" hostport "/" group [ "/" digits ]: the path is the group and the
	// digits. In a news URL the group lies inside the grouppart, which is the path already.
	{rule: "nntpurl", field: fScheme, how: howPrefix, lit: "nntp"},
	{rule: "group", field: fPath, path: PathAbsolute, how: howUnion},
	{rule: "digits", field: fPath, how: howUnion},
	{rule: "digits", field: fPart, leaf: true},

	// telneturl = "telnet://" login [ "/" ]. Section 3.8: "The final "/" character may be
	// omitted": after it, the url-path is empty.
	{rule: "telneturl", field: fScheme, how: howPrefix, lit: "telnet"},
	{rule: "telneturl", field: fPath, how: howEmptyAfter, after: fAuthority, lit: "/"},

	// waisurl = waisdatabase | waisindex | waisdoc: "wais://" hostport "/" database, then
	// "?" search (the query, as http's), or "/" wtype "/" wpath.
	{rule: "waisurl", field: fScheme, how: howPrefix, lit: "wais"},
	{rule: "database", field: fPath, path: PathAbsolute, how: howUnion},
	{rule: "database", field: fPart, leaf: true},
	{rule: "wtype", field: fPath, how: howUnion},
	{rule: "wtype", field: fPart, leaf: true},
	{rule: "wpath", field: fPath, how: howUnion},
	{rule: "wpath", field: fPart, leaf: true},

	// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]; fieldspec = ";" fieldname
	// "=" fieldvalue. Section 3.11: prospero://<host>:<port>/<hsoname>;<field>=<value>.
	{rule: "prosperourl", field: fScheme, how: howPrefix, lit: "prospero"},
	{rule: "ppath", field: fPath, path: PathAbsolute, how: howUnion},
	{rule: "ppath", field: fPart},
	{rule: "psegment", field: fSegment, leaf: true},
	{rule: "fieldspec", field: fPath, how: howUnion},
	{rule: "fieldname", field: fPart, leaf: true},
	{rule: "fieldvalue", field: fPart, leaf: true},
}

// draft2003Fills maps the 2003 draft (sections 3 to 5) to the URL: absolute-URI = scheme ":"
// ( hier-part / opaque-part ); authority = server / reg-name; server = [ [ userinfo "@" ]
// hostport ]; host = IPv6reference / IPv4address / hostname. Its userinfo is not split.
// rel-path = rel-segment [ abs-path ] is one relative path: the outer match wins.
var draft2003Fills = []fill{
	{rule: "scheme", field: fScheme, leaf: true},
	{rule: "authority", field: fAuthority},
	{rule: "userinfo", field: fUserinfo, leaf: true},
	{rule: "IPv6reference", field: fHost, host: HostIPv6, leaf: true},
	{rule: "IPv4address", field: fHost, host: HostIPv4, leaf: true},
	{rule: "hostname", field: fHost, host: HostDomain, leaf: true},
	{rule: "reg-name", field: fHost, host: HostRegName, leaf: true},
	{rule: "port", field: fPort, leaf: true},
	{rule: "abs-path", field: fPath, path: PathAbsolute},
	{rule: "rel-path", field: fPath, path: PathRelative},
	{rule: "opaque-part", field: fPath, path: PathOpaque, leaf: true},
	{rule: "segment", field: fSegment, leaf: true},
	{rule: "rel-segment", field: fSegment, leaf: true},
	{rule: "query", field: fQuery, leaf: true},
	{rule: "fragment", field: fFragment, leaf: true},
}

// rfc3986Fills maps RFC 3986 (section 3 and Appendix A): hier-part = "//" authority
// path-abempty / path-absolute / path-rootless / path-empty; authority = [ userinfo "@" ] host
// [ ":" port ]; host = IP-literal / IPv4address / reg-name. Section 3.3: "A path is always
// defined for a URI, though the defined path may be empty".
var rfc3986Fills = []fill{
	{rule: "scheme", field: fScheme, leaf: true},
	{rule: "authority", field: fAuthority},
	{rule: "userinfo", field: fUserinfo, leaf: true},
	{rule: "IP-literal", field: fHost, host: HostIPv6},
	{rule: "IPvFuture", field: fHostKind, host: HostIPvFuture, leaf: true},
	{rule: "IPv6address", leaf: true}, // its ls32 may hold an IPv4address, which is not the host
	{rule: "IPv4address", field: fHost, host: HostIPv4, leaf: true},
	{rule: "reg-name", field: fHost, host: HostRegName, leaf: true},
	{rule: "port", field: fPort, leaf: true},
	{rule: "path-abempty", field: fPath, path: PathAbsolute},
	{rule: "path-absolute", field: fPath, path: PathAbsolute},
	{rule: "path-noscheme", field: fPath, path: PathRelative},
	{rule: "path-rootless", field: fPath, path: PathRelative},
	{rule: "path-empty", field: fPath, path: PathEmpty, leaf: true},
	{rule: "segment", field: fSegment, leaf: true},
	{rule: "segment-nz", field: fSegment, leaf: true},
	{rule: "segment-nz-nc", field: fSegment, leaf: true},
	{rule: "query", field: fQuery, leaf: true},
	{rule: "fragment", field: fFragment, leaf: true},
}

// rfc2396Fills maps RFC 2396 (Appendix A): absoluteURI = scheme ":" ( hier_part |
// opaque_part ); authority = server | reg_name, where a reg_name is the whole authority (it
// is given as the host, of kind HostRegName); segment = *pchar *( ";" param ).
var rfc2396Fills = []fill{
	{rule: "scheme", field: fScheme, leaf: true},
	{rule: "authority", field: fAuthority},
	{rule: "userinfo", field: fUserinfo, leaf: true},
	{rule: "hostname", field: fHost, host: HostDomain, leaf: true},
	{rule: "IPv4address", field: fHost, host: HostIPv4, leaf: true},
	{rule: "reg_name", field: fHost, host: HostRegName, leaf: true},
	{rule: "port", field: fPort, leaf: true},
	{rule: "abs_path", field: fPath, path: PathAbsolute},
	{rule: "rel_path", field: fPath, path: PathRelative},
	{rule: "opaque_part", field: fPath, path: PathOpaque, leaf: true},
	{rule: "segment", field: fSegment},
	{parent: "segment", rule: "param", field: fParam, leaf: true},
	{rule: "rel_segment", field: fSegment, leaf: true},
	{rule: "query", field: fQuery, leaf: true},
	{rule: "fragment", field: fFragment, leaf: true},
}

// rfc1808Fills maps RFC 1808 (section 2.2): <scheme>://<net_loc>/<path>;<params>?<query>
// #<fragment>. Section 2.1: '"/" path' is the URL path of RFC 1738 section 3.1, which does not
// count the "/"; abs_path = "/" rel_path says the path is absolute. So "http://a/" has an
// absolute path whose text is empty (PathAbsolute, not PathEmpty). net_loc is not split.
// absoluteURL's second form, scheme ":" *( uchar | reserved ), has no rule of its own.
var rfc1808Fills = []fill{
	{rule: "scheme", field: fScheme, leaf: true},
	{rule: "absoluteURL", field: fPath, path: PathOpaque, how: howRest, lit: ":"},
	{rule: "generic-RL", field: fPath, how: howClear},
	{rule: "net_loc", field: fAuthority, leaf: true},
	{rule: "abs_path", field: fPathKind, path: PathAbsolute},
	{rule: "path", field: fPath, path: PathRelative},
	{rule: "fsegment", field: fSegment, leaf: true},
	{rule: "segment", field: fSegment, leaf: true},
	{rule: "params", field: fParams, leaf: true},
	{rule: "query", field: fQuery, leaf: true},
	{rule: "fragment", field: fFragment, leaf: true},
}

// draft1997Fills maps the 1997 draft (Appendix A): generic-URL = scheme ":" relativeURL;
// net_path = "//" site [ abs_path ]; site = [ [ user [ ":" password ] "@" ] hostport ];
// abs_path = "/" rel_path; rel_path = [ path_segments ] [ "?" query ], so an abs_path or
// rel_path match holds the query too: the path ends before it (walk.go). Its own rule path =
// [ "/" ] path_segments, a start rule, includes the "/".
var draft1997Fills = []fill{
	{rule: "scheme", field: fScheme, leaf: true},
	{rule: "opaque-URL", field: fPath, path: PathOpaque, how: howRest, lit: ":"},
	{rule: "site", field: fAuthority},
	{rule: "user", field: fUser, leaf: true},
	{rule: "user", field: fUserinfo, how: howUnion},
	{rule: "password", field: fPassword, leaf: true},
	{rule: "password", field: fUserinfo, how: howUnion},
	{rule: "hostname", field: fHost, host: HostDomain, leaf: true},
	{rule: "hostnumber", field: fHost, host: HostIPv4, leaf: true},
	{rule: "port", field: fPort, leaf: true},
	{rule: "abs_path", field: fPath, path: PathAbsolute},
	{rule: "rel_path", field: fPath, path: PathRelative},
	{rule: "path", field: fPath, pathBySlash: true},
	{rule: "segment", field: fSegment},
	{parent: "segment", rule: "param", field: fParam, leaf: true},
	{rule: "query", field: fQuery, leaf: true},
	{rule: "fragment", field: fFragment, leaf: true},
}

// draft1993Fills maps the 1993 draft ("BNF syntax"): an address per scheme, whose scheme name
// is a literal ("http://"), and generic = scheme ":" path [ "?" search ]. Its path follows
// the "/" after the host and does not count it, as in RFC 1738; in generic it is rootless.
// The path of a gopher, wais or prospero address is everything after the host's "/". Its
// hostname = ialpha [ "." hostname ] may hold ":"; the transcription ends a hostname before
// ":" digits, which is the port where the grammar has one.
var draft1993Fills = []fill{
	{rule: "fragmentid", field: fFragment, leaf: true},
	{rule: "scheme", field: fScheme, leaf: true},
	// The path of generic is rootless: generic, outer, sets the kind before path does. No fill
	// of a generic component has a parent, so that Parse keeps no stack.
	{rule: "generic", field: fPathKind, path: PathRelative},
	{rule: "path", field: fPath, path: PathAbsolute, how: howUnion, leaf: true},
	{rule: "search", field: fQuery, leaf: true},
	{rule: "hostport", field: fAuthority, how: howUnion},
	{rule: "hostname", field: fHost, host: HostDomain, leaf: true},
	{rule: "hostnumber", field: fHost, host: HostIPv4, leaf: true},
	{rule: "port", field: fPort, leaf: true},
	{rule: "httpaddress", field: fScheme, how: howPrefix, lit: "http"},
	{rule: "fileaddress", field: fScheme, how: howPrefix, lit: "ftp"},
	{rule: "fileaddress", field: fAuthority, how: howSameAs, after: fHost},
	{rule: "afsaddress", field: fScheme, how: howPrefix, lit: "afs"},
	{rule: "cellname", field: fAuthority},
	{rule: "newsaddress", field: fScheme, how: howPrefix, lit: "news"},
	{rule: "groupart", field: fPath, path: PathOpaque, leaf: true},
	{rule: "waisindex", field: fScheme, how: howPrefix, lit: "wais"},
	{rule: "waisdoc", field: fScheme, how: howPrefix, lit: "wais"},
	{rule: "database", field: fPath, path: PathAbsolute, how: howUnion, leaf: true},
	{rule: "wtype", field: fPath, how: howUnion, leaf: true},
	{rule: "digits", field: fPath, how: howUnion, leaf: true}, // waisdoc's: the others lie in leaves
	{rule: "prosperolink", field: fScheme, how: howPrefix, lit: "prospero"},
	{rule: "hsoname", field: fPath, path: PathAbsolute, how: howUnion, leaf: true},
	{rule: "version", field: fPath, how: howUnion, leaf: true},
	{rule: "attributes", field: fPath, how: howUnion, leaf: true},
	{rule: "telnetaddress", field: fScheme, how: howPrefix, lit: "telnet"},
	{rule: "user", field: fUser, leaf: true},
	{rule: "user", field: fUserinfo, how: howUnion},
	{rule: "user", field: fAuthority, how: howUnion},
	{rule: "gopheraddress", field: fScheme, how: howPrefix, lit: "gopher"},
	{rule: "gtype", field: fPath, path: PathAbsolute, how: howUnion, leaf: true},
	{rule: "selector", field: fPath, how: howUnion, leaf: true},
}

// draft1994Fills maps the 1994 draft ("BNF for specific URL schemes"), read as the 1993 one:
// an address per scheme, with login = [ user [ ":" password ] "@" ] hostport for ftp and
// telnet. prefixedurl = "url:" url: the prefix is no component. Addresses without "//" (news,
// nntp, mailto, mid, cid) have an opaque path.
var draft1994Fills = []fill{
	{rule: "httpaddress", field: fScheme, how: howPrefix, lit: "http"},
	{rule: "ftpaddress", field: fScheme, how: howPrefix, lit: "ftp"},
	{rule: "afsaddress", field: fScheme, how: howPrefix, lit: "afs"},
	{rule: "newsaddress", field: fScheme, how: howPrefix, lit: "news"},
	{rule: "nntpaddress", field: fScheme, how: howPrefix, lit: "nntp"},
	{rule: "midaddress", field: fScheme, how: howPrefix, lit: "mid"},
	{rule: "cidaddress", field: fScheme, how: howPrefix, lit: "cid"},
	{rule: "mailtoaddress", field: fScheme, how: howPrefix, lit: "mailto"},
	{rule: "waisindex", field: fScheme, how: howPrefix, lit: "wais"},
	{rule: "waisdoc", field: fScheme, how: howPrefix, lit: "wais"},
	{rule: "prosperolink", field: fScheme, how: howPrefix, lit: "prospero"},
	{rule: "telnetaddress", field: fScheme, how: howPrefix, lit: "telnet"},
	{rule: "gopheraddress", field: fScheme, how: howPrefix, lit: "gopher"},
	{rule: "login", field: fAuthority},
	{rule: "hostport", field: fAuthority},
	{rule: "cellname", field: fAuthority},
	{rule: "user", field: fUser, leaf: true},
	{rule: "user", field: fUserinfo, how: howUnion},
	{rule: "password", field: fPassword, leaf: true},
	{rule: "password", field: fUserinfo, how: howUnion},
	{rule: "hostname", field: fHost, host: HostDomain, leaf: true},
	{rule: "hostnumber", field: fHost, host: HostIPv4, leaf: true},
	{rule: "port", field: fPort, leaf: true},
	{rule: "path", field: fPath, path: PathAbsolute, how: howUnion},
	{rule: "segment", field: fSegment, leaf: true},
	{rule: "ftptype", field: fPath, how: howUnion, leaf: true},
	{rule: "search", field: fQuery, leaf: true},
	{rule: "groupart", field: fPath, path: PathOpaque, leaf: true},
	{parent: "nntpaddress", rule: "group", field: fPath, path: PathOpaque, how: howUnion, leaf: true},
	{parent: "nntpaddress", rule: "digits", field: fPath, how: howUnion, leaf: true},
	{rule: "addr-spec", field: fPath, path: PathOpaque, leaf: true},
	{rule: "mailtoaddress", field: fPath, path: PathOpaque, how: howRest, lit: ":"},
	{parent: "mailtoaddress", rule: "hostname", leaf: true}, // the mail domain, not a host of the URL
	{rule: "database", field: fPath, path: PathAbsolute, how: howUnion, leaf: true},
	{rule: "wtype", field: fPath, how: howUnion, leaf: true},
	{rule: "wpath", field: fPath, how: howUnion, leaf: true},
	{rule: "hsoname", field: fPath, path: PathAbsolute, how: howUnion, leaf: true},
	{rule: "version", field: fPath, how: howUnion, leaf: true},
	{rule: "attributes", field: fPath, how: howUnion, leaf: true},
	{rule: "gtype", field: fPath, path: PathAbsolute, how: howUnion, leaf: true},
	{rule: "gcommand", field: fPath, how: howUnion, leaf: true},
}
