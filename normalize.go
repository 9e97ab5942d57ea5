package urlgrammar

import (
	"errors"
	"strings"
)

// This file normalizes a URL under the rules of each version's own document: the steps that the
// document gives, in its order, and no others. Equivalent (equivalent.go) compares two URLs by
// climbing the same steps.

// A Step is one step of a document's normalization: a rung of the comparison ladder of the 2003
// draft and RFC 3986 (section 6.2), or one of the equivalence rules of the older documents.
type Step uint8

// The steps, in the order of the comparison ladder. SimpleComparison is the ladder's first rung
// (normalizing nothing); the others are normalization steps. The zero Step is none of them.
const (
	// SimpleComparison is no normalization: the strings are compared as they are (RFC 3986
	// section 6.2.1, "Simple String Comparison"; the 2003 draft's 6.2.1).
	SimpleComparison Step = iota + 1
	// CaseNormalization writes the scheme, and the host where the document says it is case
	// insensitive, in lower case (RFC 3986 and the 2003 draft section 6.2.2.1; RFC 2396 sections
	// 3.1 and 6; the 1997 draft sections 4.1 and 6; RFC 1738 section 2.1, the scheme only).
	// Under RFC 3986 it also writes the hexadecimal digits of percent-encodings in upper case.
	CaseNormalization
	// PercentEncodingNormalization decodes the percent-encodings (escapes) of the version's own
	// unreserved characters and writes the hexadecimal digits of the others in upper case (RFC
	// 3986 section 6.2.2.2; the 2003 draft's "Escape Normalization", 6.2.2.2; RFC 2396 and the
	// 1997 draft section 2.3; RFC 1738 section 2.2).
	PercentEncodingNormalization
	// PathSegmentNormalization removes the dot segments "." and ".." from the path of a URI
	// (RFC 3986 and the 2003 draft section 6.2.2.3).
	PathSegmentNormalization
	// DefaultPortNormalization removes a port that is the scheme's default, with its ":" (RFC
	// 3986 section 6.2.3, the 2003 draft's 6.2.3, RFC 2396 and the 1997 draft section 6).
	DefaultPortNormalization
	// EmptyPathNormalization writes the empty path of an "http" URI with an authority as "/"
	// (RFC 3986 section 6.2.3).
	EmptyPathNormalization
)

var stepIDs = []string{"", "simple-comparison", "case", "percent-encoding", "path-segments", "default-port", "empty-path"}

// String returns the step's ID, such as "case" or "path-segments"; "" for the zero Step.
func (s Step) String() string { return enumString(s, stepIDs, "Step") }

// MarshalText returns the step's ID, as String does; a Step that is none of the steps is an
// error.
func (s Step) MarshalText() ([]byte, error) { return marshalEnum(s, stepIDs, "Step") }

// UnmarshalText sets s to the step whose ID is text, ignoring case ("" is the zero Step).
func (s *Step) UnmarshalText(text []byte) error { return unmarshalEnum(s, text, stepIDs, "Step") }

// ErrNoNormalization is wrapped by the error of Normalize and Equivalent for a version whose
// document defines no normalization or equivalence of URLs (the 1993 and 1994 drafts and RFC
// 1808; see Spec.NormalizationSteps).
var ErrNoNormalization = errors.New("the document defines no normalization or equivalence of URLs")

// A normalizer is what the package knows of one version's normalization.
type normalizer struct {
	steps []sectionStep // in the document's order
	// readAs are the modes the input is parsed with: RFC 1738 section 2.1's case-ignoring
	// reading of schemes, which its case normalization presupposes.
	readAs Mode
	// unreserved lists the version's unreserved characters other than letters and digits.
	unreserved string
	// hostCase reports whether the document makes hosts of a kind case-insensitive.
	hostCase func(HostKind) bool
	// hexInCase: the case step also writes percent-encodings' hexadecimal digits in upper case.
	hexInCase bool
	// removeDots is the path segment step's dot-segment removal.
	removeDots func(path string) string
	// defaultPorts are the default ports of the schemes the document names, or refers to.
	defaultPorts map[string]string
	// emptyPortIsDefault says for which schemes an empty port ("h:") is the default port; nil
	// for every scheme.
	emptyPortIsDefault map[string]bool
	// emptyPathIsSlash are the schemes whose empty path the document makes equivalent to "/".
	emptyPathIsSlash map[string]bool
}

// A sectionStep is a Step and where the document gives it.
type sectionStep struct {
	step    Step
	section string
}

// domainHosts is the case rule of RFC 2396 and the 2003 draft ("the scheme and hostname are case
// insensitive") and of the 1997 draft ("host name is case independent"): a host name or an IP
// address, not a registry-based authority (RFC 2396 section 3.2.1, whose reg_name is the whole
// authority and may hold what would be a user name).
func domainHosts(k HostKind) bool {
	return k == HostDomain || k == HostIPv4 || k == HostIPv6 || k == HostIPvFuture
}

// rfc1738Ports are the default ports that RFC 1738 section 3 gives its schemes (3.2 ftp, 3.3
// http, 3.4 gopher, 3.7 nntp, 3.8 telnet, 3.9 wais, 3.11 prospero). The 1997 draft and RFC 2396
// speak of "the default for the scheme" without naming any: they replace RFC 1738's generic
// syntax but leave its scheme definitions in force (the 1997 draft, section 1: "It excludes
// those portions of RFC 1738 that defined the specific syntax of individual URL schemes").
var rfc1738Ports = map[string]string{
	"ftp": "21", "http": "80", "gopher": "70", "nntp": "119", "telnet": "23", "wais": "210", "prospero": "1525",
}

var normalizers = byVersion[*normalizer]{
	// RFC 1738 has no section on equivalence. Section 2.1: "programs interpreting URLs should
	// treat upper case letters as equivalent to lower case in scheme names"; section 2.2:
	// "Usually a URL has the same interpretation when an octet is represented by a character and
	// when it encoded. However, this is not true for reserved characters", and hex digits may be
	// "0123456789ABCDEF" or "abcdef". It says nothing of the case of host names, nor that a
	// default port equals none, so those steps are not RFC 1738's.
	RFC1738: {
		steps:      []sectionStep{{CaseNormalization, "section 2.1"}, {PercentEncodingNormalization, "section 2.2"}},
		readAs:     CaseIgnoreScheme,
		unreserved: "$-_.+!*'(),", // unreserved = alpha | digit | safe | extra
		hostCase:   func(HostKind) bool { return false },
	},
	Draft1997: {
		steps: []sectionStep{{CaseNormalization, "sections 4.1 and 6"}, {PercentEncodingNormalization, "section 2.3"},
			{DefaultPortNormalization, "section 6"}},
		unreserved:   "$-_.!~*'(),", // unreserved = alpha | digit | mark
		hostCase:     domainHosts,
		defaultPorts: rfc1738Ports,
		// Section 6 equates an explicit default ":port" with none; it says nothing of an empty one.
		emptyPortIsDefault: map[string]bool{},
	},
	RFC2396: {
		steps: []sectionStep{{CaseNormalization, "sections 3.1 and 6"}, {PercentEncodingNormalization, "section 2.3"},
			{DefaultPortNormalization, "section 6"}},
		unreserved:         "-_.!~*'()", // unreserved = alphanum | mark
		hostCase:           domainHosts,
		defaultPorts:       rfc1738Ports,
		emptyPortIsDefault: map[string]bool{},
	},
	Draft2003: {
		steps: []sectionStep{{CaseNormalization, "section 6.2.2.1"}, {PercentEncodingNormalization, "section 6.2.2.2"},
			{PathSegmentNormalization, "section 6.2.2.3"}, {DefaultPortNormalization, "section 6.2.3"}},
		unreserved: "-_.!~*'()", // unreserved = ALPHA / DIGIT / mark
		hostCase:   domainHosts,
		removeDots: removeDots2003,
		// Section 6.2.3 names one scheme: "the "http" URI scheme, which defines an empty port
		// component as being equivalent to the default TCP port for HTTP (port 80)".
		defaultPorts:       map[string]string{"http": "80"},
		emptyPortIsDefault: map[string]bool{"http": true},
	},
	RFC3986: {
		steps: []sectionStep{{CaseNormalization, "section 6.2.2.1"}, {PercentEncodingNormalization, "section 6.2.2.2"},
			{PathSegmentNormalization, "section 6.2.2.3"}, {DefaultPortNormalization, "section 6.2.3"},
			{EmptyPathNormalization, "section 6.2.3"}},
		unreserved: "-._~", // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
		// Section 6.2.2.1: "the scheme and host are case-insensitive": every kind of host.
		hostCase:   func(k HostKind) bool { return k != HostNone },
		hexInCase:  true,
		removeDots: removeDotSegments,
		// Section 6.2.3 names "http" with its default port "80" and "an empty path to be
		// equivalent to "/""; section 3.2.3: "URI producers and normalizers should omit the port
		// component and its ":" delimiter if port is empty", whatever the scheme.
		defaultPorts:     map[string]string{"http": "80"},
		emptyPathIsSlash: map[string]bool{"http": true},
	},
}

// noNormalization says, for each version whose document defines no normalization, why.
var noNormalization = byVersion[string]{
	Draft1993: "the 1993 draft says nothing of when two URLs are equivalent",
	Draft1994: "draft-ietf-uri-url-03 says nothing of when two URLs are equivalent",
	RFC1808:   "RFC 1808 defines relative URLs, not their equivalence (RFC 1738 and the later documents do)",
}

// definesNormalization reports whether v's document says when two URLs are equivalent and so
// how to normalize one. Of the grammar versions, the 1993 and 1994 drafts and RFC 1808 do not.
func (v Version) definesNormalization() bool {
	return normalizers.of(v) != nil
}

// normalizationSteps is Spec().NormalizationSteps: the steps of v's normalization in the
// document's order, or nil when its document defines none.
func (v Version) normalizationSteps() []Step {
	if !v.definesNormalization() {
		return nil
	}
	var steps []Step
	for _, s := range normalizers.of(v).steps {
		steps = append(steps, s.step)
	}
	return steps
}

// sectionOf names the part of v's document that gives step, such as "section 6.2.2.1", or is
// empty when the document does not give it.
func sectionOf(v Version, step Step) string {
	if v.definesNormalization() {
		for _, s := range normalizers.of(v).steps {
			if s.step == step {
				return s.section
			}
		}
	}
	return ""
}

// normalizerOf returns v's normalizer, or the error for a version without one.
func normalizerOf(v Version) (*normalizer, error) {
	if !v.definesNormalization() {
		if why := noNormalization.of(v); why != "" {
			return nil, errorf("normalize", v, "%w: %s", ErrNoNormalization, why)
		}
		return nil, errorf("normalize", v, "unknown version")
	}
	if v.info() == nil {
		return nil, errorf("normalize", v, "its grammar is not registered")
	}
	return normalizers.of(v), nil
}

// Normalize returns s in the normal form of v's document: s with the document's normalization
// steps applied in the document's order (Spec.NormalizationSteps). With steps, only those
// are applied (still in the document's order); a step the document does not give is an error.
//
// s must be valid under v, read as mode says (ValidateRule; under RFC 1738 its scheme is read case-insensitively, as
// section 2.1 says interpreters should), and so is the result. The steps are applied until none
// changes anything, so that normalizing the result again gives it back: under RFC 2396, for
// example, decoding "%41" in an authority can turn a registry-based name into a host name,
// which the case step then writes in lower case.
//
// Each document gives different steps:
//   - RFC 3986 section 6.2.2 (syntax-based: case, percent-encoding, path segments) and 6.2.3
//     (scheme-based, for the scheme it names, "http": default port 80, empty path as "/"; and
//     the empty port of section 3.2.3, for every scheme). The protocol-based normalization of
//     section 6.2.4 needs the network and is not done.
//   - The 2003 draft, section 6.2.2 (case, escapes, path segments) and 6.2.3 (the default port
//     of "http", the only scheme it names). Its path segment step merges the path with the
//     URI up to its first "/" by the merge of section 5.2, which retains leftover ".."
//     segments. Its 6.2.4, like RFC 3986's, is not done.
//   - RFC 2396 section 6 and the 1997 draft's: scheme and host name in lower case, a default
//     port removed (the ports of RFC 1738's schemes); and section 2.3: "Unreserved characters
//     can be escaped without changing the semantics".
//   - RFC 1738 section 2.1 (scheme names) and 2.2 (escapes of unreserved characters).
//
// A path segment step applies to a URI with a scheme only: the dot segments of a relative
// reference say where it leads (RFC 3986 section 6.1: relative references "should be
// converted to their target URI forms before comparison"). Percent-encoding normalization
// decodes the version's own unreserved characters: "%7E" is "~" under RFC 2396 and RFC 3986,
// but stays "%7E" under RFC 1738, whose unreserved set has no "~".
//
// A version whose document defines no normalization gives an error that wraps
// ErrNoNormalization.
func Normalize(v Version, s string, mode Mode, steps ...Step) (string, error) {
	n, err := normalizerOf(v)
	if err != nil {
		return "", err
	}
	apply, err := n.selected(v, steps)
	if err != nil {
		return "", err
	}
	mode |= n.readAs
	if _, err := ParseRule(v, "", s, mode); err != nil {
		return "", err
	}
	return n.normalize(v, s, apply, mode)
}

// selected returns which of the document's steps to apply: all of them when steps is empty.
func (n *normalizer) selected(v Version, steps []Step) ([]Step, error) {
	var apply []Step
	for _, s := range n.steps {
		if len(steps) == 0 || containsStep(steps, s.step) {
			apply = append(apply, s.step)
		}
	}
	for _, s := range steps {
		if s != SimpleComparison && !containsStep(apply, s) {
			return nil, errorf("normalize", v, "its document gives no %v normalization (its steps: %v)", s, v.normalizationSteps())
		}
	}
	return apply, nil
}

func containsStep(steps []Step, s Step) bool {
	for _, x := range steps {
		if x == s {
			return true
		}
	}
	return false
}

// maxRounds bounds how often the steps are applied in turn: a second round only undoes the
// interplay of two steps (see Normalize), and a third changes nothing.
const maxRounds = 4

// normalize applies steps to s, which is valid under v read as mode says, until none changes
// anything.
func (n *normalizer) normalize(v Version, s string, steps []Step, mode Mode) (string, error) {
	for round := 0; round < maxRounds; round++ {
		before := s
		for _, step := range steps {
			u, err := ParseRule(v, "", s, mode)
			if err != nil {
				return "", errorf("normalize", v, "%v normalization gave %q, which is not valid: %w", step, s, err)
			}
			s = n.apply(step, u)
		}
		if s == before {
			break
		}
	}
	if err := ValidateRule(v, "", s, mode); err != nil {
		return "", errorf("normalize", v, "normalization gave %q, which is not valid: %w", s, err)
	}
	return s, nil
}

// apply returns u's text with one step applied.
func (n *normalizer) apply(step Step, u *URL) string {
	s := u.Raw
	switch step {
	case CaseNormalization:
		return n.normalizeCase(u)
	case PercentEncodingNormalization:
		return n.normalizeEscapes(s)
	case PathSegmentNormalization:
		p := u.Path()
		if !u.Scheme().Present || !p.Present || p.Text == "" {
			return s
		}
		path := n.removeDots(p.Text)
		// RFC 3986 section 3.3: "If a URI does not contain an authority component, then the
		// path cannot begin with two slash characters": a "." segment in front keeps the "//"
		// a path (and removing dot segments again gives the same).
		if strings.HasPrefix(path, "//") && !u.Authority().Present {
			path = "/." + path
		}
		return s[:p.Begin] + path + s[p.End:]
	case DefaultPortNormalization:
		a := u.Authority()
		if !a.Port.Present {
			return s
		}
		scheme := lowerASCII(u.Scheme().Text)
		def, named := n.defaultPorts[scheme]
		empty := a.Port.Text == "" && (n.emptyPortIsDefault == nil || n.emptyPortIsDefault[scheme])
		if empty || named && trimZeros(a.Port.Text) == def {
			return s[:a.Port.Begin-1] + s[a.Port.End:]
		}
		return s
	case EmptyPathNormalization:
		a := u.Authority()
		if a.Present && u.Path().Text == "" && n.emptyPathIsSlash[lowerASCII(u.Scheme().Text)] {
			return s[:a.End] + "/" + s[a.End:]
		}
		return s
	}
	return s
}

// normalizeCase returns u's text with its scheme, and its host where the document says a
// host is case-insensitive, in lower case.
func (n *normalizer) normalizeCase(u *URL) string {
	b := []byte(u.Raw)
	if sc := u.Scheme(); sc.Present {
		lowerBytes(b[sc.Begin:sc.End])
	}
	a := u.Authority()
	if a.Host.Present && n.hostCase(a.HostKind) {
		lowerBytes(b[a.Host.Begin:a.Host.End])
	}
	// Lowering the host has lowered the hexadecimal digits of its escapes too: they are
	// digits, not letters, and are written in upper case again (and, under RFC 3986, those
	// of every escape).
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && isHex(b[i+1]) && isHex(b[i+2]) {
			inHost := a.Host.Present && i >= a.Host.Begin && i < a.Host.End && n.hostCase(a.HostKind)
			if n.hexInCase || inHost {
				b[i+1], b[i+2] = upperHex(b[i+1]), upperHex(b[i+2])
			}
			i += 2
		}
	}
	return string(b)
}

// normalizeEscapes decodes the escapes of unreserved characters in s and writes the
// hexadecimal digits of the others in upper case.
func (n *normalizer) normalizeEscapes(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b = append(b, s[i])
			continue
		}
		if c := unhex(s[i+1])<<4 | unhex(s[i+2]); n.isUnreserved(c) {
			b = append(b, c)
		} else {
			b = append(b, '%', upperHex(s[i+1]), upperHex(s[i+2]))
		}
		i += 2
	}
	return string(b)
}

// isUnreserved reports whether c is an unreserved character of the version: a letter, a digit
// or one of its other unreserved characters.
func (n *normalizer) isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c != 0 && strings.IndexByte(n.unreserved, c) >= 0
}

// removeDots2003 is the 2003 draft's section 6.2.2.3 on an absolute path: "splitting the URI
// just after the "/" that starts the path, using the left half as the base URI and the right
// as a relative reference, and normalizing the URI by merging the two in accordance with the
// relative URI processing algorithm (Section 5)". The merge of a relative path with the base
// path "/" is its steps 3 to 6 on the whole path (removeDotsStepwise); step 7's leftover ".."
// segments are retained, the first choice it lists. A path that does not start with "/" has no
// such split and is left alone. The merge is applied to the path directly rather than to the
// reference text, which would read a first segment with a ":" as a scheme.
func removeDots2003(path string) string {
	if !strings.HasPrefix(path, "/") {
		return path
	}
	path, _ = removeDotsStepwise(path)
	return path
}

func lowerBytes(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// trimZeros removes the leading zeros of a port number: "080" is port 80.
func trimZeros(port string) string {
	for len(port) > 1 && port[0] == '0' {
		port = port[1:]
	}
	return port
}
