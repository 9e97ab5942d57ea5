package urlgrammar

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/generated/draft1993"
	"github.com/urlgrammar/urlgrammar/generated/draft1994"
	"github.com/urlgrammar/urlgrammar/generated/draft1997"
	"github.com/urlgrammar/urlgrammar/generated/draft2003"
	"github.com/urlgrammar/urlgrammar/generated/rfc1738"
	"github.com/urlgrammar/urlgrammar/generated/rfc1808"
	"github.com/urlgrammar/urlgrammar/generated/rfc2396"
	"github.com/urlgrammar/urlgrammar/generated/rfc3986"
	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// This file is the engine under the package's API: what the package knows of each version and
// runs for it, which every function that reads an input calls down into. It holds the registry
// of versions, the one file of the package that imports the generated parsers (for each
// Version, its document, its grammar and the pools of its parsers, its fills and the walker
// compiled from them); the choice of the start rule that an input is held to; the reading of an
// input as a Mode says; and the running of a parser. It calls nothing above it: what a user asks
// of a version (spec.go) sits on top. The diagnosis of a rejection (diagnose.go), which reads
// the automata that gen compiled from the grammars as printed, stands apart from it, beneath
// the functions that diagnose what a parser rejected. The other per-version tables (the
// diagnosis of diagnose.go, the resolution and normalization of each document) are byVersion
// tables too, read the same way.

// An engine is what the package knows of one Version and runs for it: its document, its
// generated parser and the walker of its fills.
type engine struct {
	document string
	date     string // year and month of publication, "YYYY-MM"
	// grammar is the generated parser package's description of the version's grammar.
	grammar *pegrt.Grammar
	// schemeRules, when set, is the default reading of Validate: a URL whose scheme is one of
	// them is held to its rule, any other to otherRule (RFC 1738; see the package
	// documentation). Their start rule numbers are found once, by init.
	schemeRules []schemeRule
	otherRule   string
	otherStart  int
	// schemeFirst holds, by the first byte of a scheme name, the schemeRules whose names
	// begin with it: bit i for schemeRules[i] (TestDefaultReading checks that they fit).
	schemeFirst [256]uint32
	// absoluteRule is the rule for an absolute URL with no fragment, which compare holds
	// inputs to by default; "" is the default reading (RFC 1738, whose URLs are all absolute).
	absoluteRule string

	// fills declares which rule of the grammar fills which component of a URL (fills.go).
	fills []fill
	// pathDefined: the document says the path is never undefined, though it may be empty.
	pathDefined bool

	// pool holds parsers whose token buffers hold at most largeTokens tokens, large those that
	// grew beyond it on a long input: a long input takes a large parser, so that it does not
	// regrow a small one, and a short input a small one, so that it does not keep a large
	// buffer busy.
	pool, large sync.Pool // of *pegrt.Machine
	// named holds the rules of the document (Grammar.Rules[i] != ""): the rules whose matches
	// are the nodes of a parse tree, and the tokens that parseAll records.
	named    pegrt.RuleSet
	walkOnce sync.Once
	walk     atomic.Pointer[walker] // fills compiled for grammar, by walker()
	walkErr  error                  // why the fills do not compile, if they do not
}

var versions = byVersion[*engine]{
	Draft1993: {
		absoluteRule: "url",
		document:     `T. Berners-Lee, "Uniform Resource Locators", IETF URL working group Internet Draft`,
		date:         "1993-07",
		grammar:      draft1993.Grammar,
		fills:        draft1993Fills,
	},
	Draft1994: {
		absoluteRule: "url",
		document:     `draft-ietf-uri-url-03, "Uniform Resource Locators"`,
		date:         "1994-03",
		grammar:      draft1994.Grammar,
		fills:        draft1994Fills,
	},
	RFC1738: {
		document: `RFC 1738, "Uniform Resource Locators (URL)"`,
		date:     "1994-12",
		grammar:  rfc1738.Grammar,
		fills:    rfc1738Fills,
		schemeRules: []schemeRule{
			{scheme: "ftp", rule: "ftpurl"}, {scheme: "http", rule: "httpurl"},
			{scheme: "gopher", rule: "gopherurl"}, {scheme: "mailto", rule: "mailtourl"},
			{scheme: "news", rule: "newsurl"}, {scheme: "nntp", rule: "nntpurl"},
			{scheme: "telnet", rule: "telneturl"}, {scheme: "wais", rule: "waisurl"},
			{scheme: "file", rule: "fileurl"}, {scheme: "prospero", rule: "prosperourl"},
		},
		otherRule: "genericurl",
	},
	RFC1808: {
		absoluteRule: "absoluteURL",
		document:     `RFC 1808, "Relative Uniform Resource Locators"`,
		date:         "1995-06",
		grammar:      rfc1808.Grammar,
		fills:        rfc1808Fills,
	},
	Draft1997: {
		absoluteRule: "absoluteURL",
		document:     `draft-fielding-url-syntax-05, "Uniform Resource Locators (URL): Generic Syntax and Semantics"`,
		date:         "1997-05",
		grammar:      draft1997.Grammar,
		fills:        draft1997Fills,
		pathDefined:  true,
	},
	RFC2396: {
		absoluteRule: "absoluteURI",
		document:     `RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax"`,
		date:         "1998-08",
		grammar:      rfc2396.Grammar,
		fills:        rfc2396Fills,
		pathDefined:  true,
	},
	Draft2003: {
		absoluteRule: "absolute-URI",
		document:     `draft-fielding-uri-rfc2396bis-01, "Uniform Resource Identifier (URI): Generic Syntax"`,
		date:         "2003-03",
		grammar:      draft2003.Grammar,
		fills:        draft2003Fills,
		pathDefined:  true,
	},
	RFC3986: {
		absoluteRule: "absolute-URI",
		document:     `RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax"`,
		date:         "2005-01",
		grammar:      rfc3986.Grammar,
		fills:        rfc3986Fills,
	},
}

// A schemeRule is a scheme of a version's default reading, the start rule that a URL of that
// scheme is held to, and the rule's number.
type schemeRule struct {
	scheme, rule string
	start        int
}

func init() {
	for _, info := range versions {
		if info == nil {
			continue
		}
		for i, name := range info.grammar.Rules {
			if name != "" {
				info.named.Add(i)
			}
		}
		if info.schemeRules == nil {
			continue
		}
		for i := range info.schemeRules {
			sr := &info.schemeRules[i]
			sr.start = info.grammar.Rule(sr.rule)
			if i < 32 && sr.scheme != "" {
				info.schemeFirst[sr.scheme[0]] |= 1 << i
			}
		}
		info.otherStart = info.grammar.Rule(info.otherRule)
	}
}

// defaultFor is the start rule that Validate holds s to, read with mode: its name and number
// (-1 if the grammar lacks it, which TestDefaultReading rules out).
func (info *engine) defaultFor(s string, mode Mode) (string, int) {
	if info.schemeRules == nil {
		return info.grammar.Starts[0], info.grammar.Default
	}
	if mode&CaseIgnoreScheme == 0 {
		// The scheme of s is one of theirs when s begins with its name and ":".
		if s != "" {
			for set := info.schemeFirst[s[0]]; set != 0; set &= set - 1 {
				sr := &info.schemeRules[bits.TrailingZeros32(set)]
				if n := len(sr.scheme); len(s) > n && s[n] == ':' && s[:n] == sr.scheme {
					return sr.rule, sr.start
				}
			}
		}
		return info.otherRule, info.otherStart
	}
	scheme, _ := splitScheme(s)
	scheme = lowerASCII(scheme)
	for i := range info.schemeRules {
		if sr := &info.schemeRules[i]; sr.scheme == scheme {
			return sr.rule, sr.start
		}
	}
	return info.otherRule, info.otherStart
}

// info returns what the package knows of v, or nil if v is none of the versions.
func (v Version) info() *engine { return versions.of(v) }

// defaultRule is Spec().DefaultRule, without the copies: "" for an unknown version.
func (v Version) defaultRule() string {
	if info := v.info(); info != nil {
		return info.grammar.Starts[0]
	}
	return ""
}

// startFor is the start rule that ValidateRule holds s to under v: the rule named rule, or
// for "" the default reading of s (engine.defaultFor). It checks v, rule and mode: an
// unknown one is the *Error of op.
func startFor(op string, v Version, rule, s string, mode Mode) (info *engine, start int, name string, err error) {
	info = v.info()
	if info == nil {
		return nil, 0, "", errorf(op, v, "unknown version")
	}
	if err := checkMode(op, v, mode); err != nil {
		return nil, 0, "", err
	}
	if rule == "" {
		rule, start = info.defaultFor(s, mode)
	} else {
		start = info.grammar.Rule(rule)
	}
	if start < 0 {
		return nil, 0, "", errorf(op, v, "no rule %q", rule)
	}
	return info, start, rule, nil
}

// checkMode refuses a mode with a flag that this package does not define: the *Error of op
// under v.
func checkMode(op string, v Version, mode Mode) error {
	if mode&^knownModes != 0 {
		return errorf(op, v, "unknown mode %#x", uint(mode&^knownModes))
	}
	return nil
}

// readAs returns s as mode says to read it: with CaseIgnoreScheme, its scheme in lower case.
func readAs(s string, mode Mode) string {
	if mode&CaseIgnoreScheme != 0 {
		if scheme, ok := splitScheme(s); ok {
			return lowerASCII(scheme) + s[len(scheme):]
		}
	}
	return s
}

// splitScheme returns the text before the first ":" of s when it could be a scheme name in some
// version's grammar (letters, digits, "+", "-", "."), and whether there is such a text.
func splitScheme(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return s[:i], i > 0
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '+', c == '-', c == '.':
		default:
			return "", false
		}
	}
	return "", false
}

// lowerASCII returns s with its letters A to Z in lower case.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// largeTokens is the size of token buffer above which a parser is pooled as large, and
// largeInput the length of input from which a parse takes a large parser first (no grammar
// here records more than a few tokens per byte).
const (
	largeTokens = 1 << 16
	largeInput  = largeTokens / 4
)

// parser takes a parser of v's grammar from the pools, for an input of n bytes; release
// gives it back.
func (info *engine) parser(n int) *pegrt.Machine {
	if n >= largeInput {
		if p, ok := info.large.Get().(*pegrt.Machine); ok {
			return p
		}
	}
	if p, ok := info.pool.Get().(*pegrt.Machine); ok {
		return p
	}
	return info.grammar.New()
}

// release gives p back to the pool of its size, however large its token buffer has grown: a
// parser that a long input made large is kept for the next long input, so that the cost per
// byte does not step up past some length (regrowing the buffer on every call). sync.Pool lets
// go of it after two garbage collections in which nobody took it.
func (info *engine) release(p *pegrt.Machine) {
	if p.Capacity() > largeTokens {
		info.large.Put(p)
		return
	}
	info.pool.Put(p)
}

// match reports whether rule number start of info's grammar matches all of s.
func match(info *engine, start int, s string) bool {
	p := info.parser(0) // Recognize records no tokens: any parser will do
	ok := p.Recognize(start, s)
	info.release(p)
	return ok
}

// run is match recording the tokens of the rules in record, for ParseRule, ParseTreeRule and
// a URL's details: when it reports true, the parser holds the tokens. The caller gives the
// parser back with info.release.
func run(info *engine, start int, s string, record pegrt.RuleSet) (*pegrt.Machine, bool) {
	p := info.parser(len(s))
	return p, p.MatchRecording(start, s, record)
}

// walker returns the walker of info's grammar, compiled on first use, or nil if its fills do
// not compile (info.walkErr says why). Parse calls it every time: its usual path, once the
// walker is compiled, is small enough to inline.
func (info *engine) walker() *walker {
	if w := info.walk.Load(); w != nil {
		return w
	}
	return info.compileWalker()
}

// compileWalker compiles the walker of info's grammar once, for walker.
func (info *engine) compileWalker() *walker {
	info.walkOnce.Do(func() {
		w, err := newWalker(info.grammar, info.fills)
		if err != nil {
			info.walkErr = err
			return
		}
		w.pathDefined = info.pathDefined
		info.walk.Store(w)
	})
	return info.walk.Load()
}
