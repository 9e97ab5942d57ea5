// Package urlgrammar parses and strictly validates URLs against the grammars in which they were
// historically written: the 1993 and 1994 URL Internet-Drafts, RFC 1738, RFC 1808, the 1997
// draft, RFC 2396, the 2003 draft of RFC 2396bis and RFC 3986.
//
// Each grammar is the document's own BNF (grammar/<id>.bnf), transcribed into a parsing
// expression grammar (grammar/<id>.peg) from which pointlander/peg generates the parser
// (generated/<id>/). The conformance engine (package conformance) proves that each generated
// parser accepts exactly the language of the BNF it was transcribed from.
//
// # Validating
//
//	err := urlgrammar.Validate(urlgrammar.RFC1738, "http://www.example.com/a;b?c")
//
// Validate holds an input, as written, to the version's default start rule; ValidateRule to
// any rule of the version, by its name in the document (Spec.Rules lists them; "" is the
// default), read as a Mode says. A rejection is a *SyntaxError that gives the byte offset
// where the input stops being a prefix of any valid string and what the grammar allows there.
// MatchRule gives the verdict alone, without diagnosing a rejection. Every
// other failure of the package's functions (an unknown version or rule, a resolution the
// document does not define) is an *Error, which names the operation and the version and wraps
// the cause.
//
// # Modes and policies
//
// The functions come in one shape: a Version first, then the input strings, then a Mode, the
// readings that a document's prose allows beyond its grammar (CaseIgnoreScheme), as one plain
// parameter. A function that holds an input to a rule of the grammar is named for it
// (ValidateRule, MatchRule, ParseRule, ParseTreeRule) and takes the rule before the input, ""
// for the version's default. Validate and Parse are their short forms, the common case: the
// input as printed, under the default rule. How a reference is resolved is no reading of it:
// the functions that resolve take a Policy besides, the choices that some documents leave to a
// resolver. A mode bit that the package does not define is refused by every function with the
// same error.
//
// The verdict comes from the generated parser; a rejection's diagnosis from an automaton
// compiled from the version's BNF as printed (grammar/<id>.bnf), at generate time for the start
// rules and on the first rejection under any other rule, which reads the input once, left to
// right, and allocates nothing but the error.
// Both are linear in the input. The conformance engine's Earley recognizer is the oracle of
// both, in the tests, and never runs in the library.
//
// # Parsing
//
//	u, err := urlgrammar.Parse(urlgrammar.RFC1738, "ftp://foo:@host.com/pub;type=d")
//	u.Authority().User.Text        // "foo"
//	u.Authority().Password.Present // true: present and empty
//	u.Part("ftptype").Text         // "d": RFC 1738's typecode, by its rule's name
//
// Parse validates as Validate does (the same rule, the same *SyntaxError) and returns the
// input's components as the version's grammar defines them: each with its text as written and
// its span, absent told apart from empty, the host's and the path's kind, the path's segments,
// and for RFC 1738's predefined schemes their own parts, named by the rules that matched them
// (Parts); Part reaches the match of any rule of the grammar by its name. Which rule of a
// grammar fills which component is declared per version (fills.go); one walk over the parse
// fills the URL. ParseTreeRule returns the parse tree itself, a Node per rule match, reached
// by Node.Children and Preorder; the tree holds the parse's matches as the parser records
// them, 16 bytes each, and makes the nodes as they are reached, so that a tree of millions of
// nodes is walked in memory in proportion to the input. A URL's JSON (URL.MarshalJSON) holds its components as written, and reads back by
// parsing the input again.
//
// # Writing URLs
//
//	u, err := urlgrammar.Build(urlgrammar.RFC1738, urlgrammar.Components{
//		Scheme: "ftp", Host: "info.cern.ch", Segments: []string{"pub", "www", "doc"},
//		Parts: []urlgrammar.Part{{Rule: "ftptype", Text: "d"}},
//	}) // ftp://info.cern.ch/pub/www/doc;type=d
//
// Build writes a URL from its components as the version's grammar lays them out, escaping
// each component's text by the version's own rules, and returns it parsed: a URL the version
// accepts and reads back with the components that went in, or an *Error that says what no
// escaping can fix (a host that is no host name, a component the scheme's URL does not
// have). Escape and Unescape, and an Escaper for many texts, percent-encode the text of one
// component: exactly the bytes that the version's rule for that component does not take,
// asked of its generated parser, so that "~" is escaped in an RFC 1738 path and not in an
// RFC 3986 one.
//
// # net/url
//
// url.Parse(u.String()) gives net/url's reading of a URL, and Parse(v, nu.String()) validates
// a *url.URL under a version. The reading of net/url is not always the grammar's: net/url
// divides every URL into the components of RFC 3986, while RFC 1738's ftp path may hold a "?"
// that net/url takes for the start of a query, RFC 2396's opaque part holds its "?" and more,
// and RFC 1808 keeps ";" parameters apart from the path. Where the grammar and net/url both
// have a component, net/url's holds the same text, decoded where net/url decodes it; the tests
// check that on the package's corpus. net/url rejects a few valid URLs (an escape in a host
// that stands for a character below 0x80), and writes some back differently ("%7E" as "~",
// which RFC 1738 holds unsafe). URL.Hostname and URL.Addr give the host without brackets and an
// IP host as a netip.Addr.
//
// # Comparing versions
//
// Package compare (github.com/urlgrammar/urlgrammar/compare) holds the reports built on this
// package: the verdicts of several versions on the same inputs and their causes, the character
// sets of each component, and the corpus of the documents' examples.
//
// # Reading RFC 1738
//
// Taken literally, RFC 1738's rule url accepts "http://a:b/" through its last alternative,
// otherurl = genericurl. But the RFC says (section 2.1) that otherurl is how new schemes follow
// the general syntax: a URL of one of the ten schemes it defines is held to that scheme's rule.
// So Validate(RFC1738, s) holds a URL whose scheme is ftp, http, gopher, mailto, news, nntp,
// telnet, wais, file or prospero to that scheme's rule (ftpurl, httpurl, …) and any other URL
// to genericurl, and its SyntaxError names that rule; ValidateRule(RFC1738, "url", s, 0) keeps
// the literal reading.
//
// Scheme names are case-sensitive as the grammars print them; the mode CaseIgnoreScheme
// reads them as RFC 1738's prose allows.
//
// Each grammar's header (grammar/<id>.bnf) records every decision taken where a document's line
// could not mean what it says. RFC 6874's zone identifiers ("[fe80::1%25eth0]") are not part
// of RFC 3986, and RFC3986 rejects them.
//
// # Resolving relative references
//
//	target, err := urlgrammar.Resolve(urlgrammar.Draft1997, "http://a/b/c/d;p?q", "?y", 0, urlgrammar.Policy{})
//	// target.Text is "http://a/b/c/?y"; under RFC3986, "http://a/b/c/d;p?y"
//
// Resolve applies the resolution algorithm of the version's own document, exactly as printed:
// the 1993 draft's partial form, RFC 1808 section 4, section 5.2 of the 1997 draft, RFC 2396,
// the 2003 draft and RFC 3986. The documents' example tables disagree with each other, and so
// do the results. The Resolution also tells when the document resolves a reference to "the
// current document". The 1994 draft and RFC 1738 define no resolution: Resolve says so with
// an error that wraps ErrNoResolution. A Policy (NonValidating, RemoveDotDot,
// AvoidTraversal) selects the choices that some documents leave to the implementation.
// URL.Resolve does the same for a base already parsed.
//
// # Security review
//
// The security review is a package of its own, github.com/urlgrammar/urlgrammar/review, built
// on this one's exported API: review.URL checks a valid input against the security
// considerations of the version's own document (RFC 1738 section 6, section 7 of the 1997
// draft, RFC 2396, the 2003 draft and RFC 3986, …), and review.Reference what resolving a
// reference does, such as turning a path into an authority.
//
// # Concurrency
//
// Everything in this package is safe for concurrent use by multiple goroutines: the functions
// share only the parsers they pool per version, each used by one call at a time, and what
// they read once and keep (a version's BNF, a URL's segments).
package urlgrammar
