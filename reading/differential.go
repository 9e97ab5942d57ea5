package reading

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// A Cause is why two readings of an input differ on a component: what in the input one reader
// reads, or normalizes, as the other does not.
type Cause uint8

// The causes, in the order Compare tries them. The zero Cause is none of them.
const (
	// Absent: the component is empty in one reading and absent in the other, both readers
	// telling the two apart ("socks5h://": an empty host, or none).
	Absent Cause = iota + 1
	// LetterCase: the scheme or the host differ in letter case alone ("ExAmPlE.CoM" and
	// "example.com").
	LetterCase
	// TrailingDot: the hosts differ by a dot that ends one of them ("1.2.3.4." and "1.2.3.4").
	TrailingDot
	// IPv4Form: the hosts are one IPv4 address, one written in another of the forms that the
	// URL Standard's IPv4 parser reads (parts in hexadecimal or octal, fewer than four parts):
	// "0x7f.1" and "127.0.0.1".
	IPv4Form
	// IPv6Form: the hosts are one IPv6 address written in two ways ("[::127.0.0.1]" and
	// "[::7f00:1]").
	IPv6Form
	// IDNA: one host is written in other characters than the other, which IDNA maps to it: a
	// non-ASCII or fullwidth domain and its ASCII ("xn--") form.
	IDNA
	// Localhost: the host of a file URL is "localhost" in one reading and empty in the other,
	// which the URL Standard writes so.
	Localhost
	// DefaultPort: one reader drops the port, the other keeps it, and the port is the scheme's
	// default or empty; or the ports differ in leading zeros alone.
	DefaultPort
	// EmptyCredentials: one reader drops an empty user name and password, or an empty
	// password, that the other keeps ("http://:@h", "http://u:@h").
	EmptyCredentials
	// EmptyPath: one reader gives an empty path the path "/".
	EmptyPath
	// EncodedDots: the paths differ by dot segments written with percent-encodings ("%2e",
	// "%2e%2e", ".%2e"), which one reader resolves.
	EncodedDots
	// DotSegments: the paths differ by "." and ".." segments, which one reader resolves.
	DotSegments
	// PercentEncoding: the components are one text, percent-encoded in another way: one reader
	// encodes a character that the other leaves, or decodes one, or reads a byte that is not
	// UTF-8 as U+FFFD.
	PercentEncoding
	// OpaquePath: one reader takes what follows the scheme as one opaque path (RFC 1738's
	// schemepart of a scheme it does not define), where the other finds an authority or a query
	// in it.
	OpaquePath
	// Backslash: the input holds a "\", which one reader reads as "/" (ending the authority)
	// and the other as data.
	Backslash
	// Slashes: the scheme's ":" is followed by another number of "/" than two, which one reader
	// reads as the "//" of an authority and the other as a path.
	Slashes
	// AtSign: the input holds an "@" that the readers read differently: one of several "@"
	// (which one divides the userinfo from the host), or one after the place where one reader
	// ends the authority and the other does not.
	AtSign
	// Whitespace: the input holds white space or control characters, which one reader removes
	// (leading and trailing C0 controls and spaces, tabs and newlines anywhere).
	Whitespace
	// Other: none of the above.
	Other
)

var causeIDs = []string{"", "absent", "case", "trailing-dot", "ipv4-form", "ipv6-form", "idna",
	"localhost", "default-port", "empty-credentials", "empty-path", "encoded-dots", "dot-segments",
	"percent-encoding", "opaque-path", "backslash", "slashes", "at-sign", "whitespace", "other"}

// Causes returns the causes, in the order Compare tries them.
func Causes() []Cause {
	out := make([]Cause, 0, len(causeIDs)-1)
	for c := Absent; c <= Other; c++ {
		out = append(out, c)
	}
	return out
}

// String returns the cause's ID, such as "backslash"; "" for the zero Cause.
func (c Cause) String() string {
	if int(c) < len(causeIDs) {
		return causeIDs[c]
	}
	return fmt.Sprintf("Cause(%d)", int(c))
}

// MarshalText returns the cause's ID, as String does; a Cause that is none of the causes is an
// error.
func (c Cause) MarshalText() ([]byte, error) {
	if c == 0 || int(c) >= len(causeIDs) {
		return nil, fmt.Errorf("reading: Cause(%d) has no ID", int(c))
	}
	return []byte(causeIDs[c]), nil
}

// A Disagreement is a component that two readings of one input read differently.
type Disagreement struct {
	Field Field
	Cause Cause
	A, B  Component // the component as the first and the second reading read it
	// Passages are what the documents of the grammars among the two readings say of the
	// component: how the grammar decides the case. None when neither reading is a grammar's,
	// or when the package quotes nothing of the document on it.
	Passages []Passage
}

// ErrRefused is wrapped by the error of Compare when a reading refused its input: a reader
// that refuses an input splits it into nothing to compare.
var ErrRefused = errors.New("reading: a reading refused the input")

// Compare holds two readings of one input to each other, component by component: scheme,
// userinfo, host, port, path, query and fragment, byte for byte, each as its reader reads it
// (after the reader's own normalization). An absent component and an empty one differ only
// when both readers tell them apart; a component that one reading's grammar does not have (RFC
// 1808's host) is not compared. It returns the components on which the readings differ, in
// the order of Fields, each with its cause; none when they agree. It is an error to compare
// readings of different inputs, or a reading that refused its input (ErrRefused).
func Compare(a, b Reading) ([]Disagreement, error) {
	if a.Input != b.Input {
		return nil, fmt.Errorf("reading: compare: the readings are of different inputs (%q, %q)", a.Input, b.Input)
	}
	if a.Err != nil {
		return nil, fmt.Errorf("reading: compare: %s: %w: %v", a.By, ErrRefused, a.Err)
	}
	if b.Err != nil {
		return nil, fmt.Errorf("reading: compare: %s: %w: %v", b.By, ErrRefused, b.Err)
	}
	var out []Disagreement
	scheme := a.Scheme.Text
	if scheme == "" {
		scheme = b.Scheme.Text
	}
	scheme = strings.ToLower(scheme)
	for _, f := range fields {
		if (a.undefined|b.undefined)&(1<<f) != 0 {
			continue
		}
		x, y := a.Field(f), b.Field(f)
		if x.Text == y.Text && (x.Present == y.Present || !a.distinguishes(f) || !b.distinguishes(f)) {
			continue
		}
		d := Disagreement{Field: f, A: x, B: y, Cause: classify(f, &a, &b, scheme)}
		if a.reader == 0 {
			d.Passages = passagesOf(a.By, f, d.Cause)
		}
		if b.reader == 0 {
			d.Passages = append(d.Passages, passagesOf(b.By, f, d.Cause)...)
		}
		out = append(out, d)
	}
	return out, nil
}

// classify finds the cause of a disagreement on field f between the readings a and b of a URL
// of the scheme scheme (in lower case): first the normalizations that make one of the two texts
// from the other, then what in the input moves a boundary between components.
func classify(f Field, ra, rb *Reading, scheme string) Cause {
	a, b := ra.Field(f).Text, rb.Field(f).Text
	if a == b {
		return Absent
	}
	switch f {
	case Scheme:
		if strings.EqualFold(a, b) {
			return LetterCase
		}
	case Host:
		if scheme == "file" && (strings.EqualFold(a, "localhost") && b == "" || a == "" && strings.EqualFold(b, "localhost")) {
			return Localhost
		}
		if c := hostCause(a, b); c != 0 {
			return c
		}
	case Port:
		if a == "" || b == "" {
			if p := a + b; strings.TrimLeft(p, "0") == strings.TrimLeft(defaultPorts[scheme], "0") {
				return DefaultPort
			}
		} else if strings.TrimLeft(a, "0") == strings.TrimLeft(b, "0") {
			return DefaultPort
		}
	case Userinfo:
		if strings.TrimSuffix(a, ":") == strings.TrimSuffix(b, ":") {
			return EmptyCredentials
		}
	case Path:
		if a+b == "/" {
			return EmptyPath
		}
		if c := dotCause(a, b); c != 0 {
			return c
		}
	}
	if samePercentDecoded(a, b) {
		return PercentEncoding
	}
	if opaque(ra, rb) || opaque(rb, ra) {
		return OpaquePath
	}
	return boundaryCause(ra.Input, scheme)
}

// samePercentDecoded reports whether a and b are one text once percent-decoded, a byte that is
// not UTF-8 read as U+FFFD.
func samePercentDecoded(a, b string) bool {
	da, db := decodePercent(a), decodePercent(b)
	return da == db || strings.ToValidUTF8(da, "\uFFFD") == strings.ToValidUTF8(db, "\uFFFD")
}

// opaque reports whether p read as an opaque path what q divides into an authority or a query:
// p has no host and a path that begins with "//" where q has a host, or p has no query and a
// path that holds "?" and q's query.
func opaque(p, q *Reading) bool {
	return !p.Host.Present && q.Host.Present && strings.HasPrefix(p.Path.Text, "//") ||
		!p.Query.Present && q.Query.Present && strings.Contains(p.Path.Text, "?"+q.Query.Text)
}

// hostCause finds the cause of two hosts that differ, when one is a normalization of the
// other; zero when neither is.
func hostCause(a, b string) Cause {
	switch {
	case strings.EqualFold(a, b):
		return LetterCase
	case len(a) > 1 && strings.EqualFold(a[:len(a)-1], b) && a[len(a)-1] == '.',
		len(b) > 1 && strings.EqualFold(b[:len(b)-1], a) && b[len(b)-1] == '.':
		return TrailingDot
	}
	if va, ok := ipv4Value(a); ok {
		if vb, ok := ipv4Value(b); ok && va == vb {
			return IPv4Form
		}
	}
	if strings.HasPrefix(a, "[") && strings.HasPrefix(b, "[") {
		aa, erra := netip.ParseAddr(strings.Trim(a, "[]"))
		ab, errb := netip.ParseAddr(strings.Trim(b, "[]"))
		if erra == nil && errb == nil && aa == ab {
			return IPv6Form
		}
	}
	if !isASCII(a) || !isASCII(b) || hasACELabel(a) != hasACELabel(b) {
		return IDNA
	}
	if strings.EqualFold(decodePercent(a), decodePercent(b)) {
		return PercentEncoding
	}
	return 0
}

// dotCause finds whether two paths differ by dot segments that one of them holds and the other
// resolved: EncodedDots when a segment is written with "%2e", DotSegments when not; zero when
// resolving the dot segments of neither gives the other.
func dotCause(a, b string) Cause {
	for _, p := range [2][2]string{{a, b}, {b, a}} {
		segs := strings.Split(p[0], "/")
		encoded, dots := false, false
		for i, s := range segs {
			switch d := decodeDots(s); d {
			case ".", "..":
				dots = true
				encoded = encoded || d != s
				segs[i] = d
			}
		}
		if dots && decodePercent(removeDotSegments(strings.Join(segs, "/"))) == decodePercent(p[1]) {
			if encoded {
				return EncodedDots
			}
			return DotSegments
		}
	}
	return 0
}

// boundaryCause finds what in the input moves a boundary between components, for two readings
// that split it differently.
func boundaryCause(input, scheme string) Cause {
	if strings.IndexByte(input, '\\') >= 0 {
		return Backslash
	}
	if scheme != "" && len(input) > len(scheme) {
		rest := input[len(scheme)+1:]
		n := len(rest) - len(strings.TrimLeft(rest, "/"))
		if n != 2 && specialSchemes[scheme] {
			return Slashes
		}
	}
	if strings.IndexByte(input, '@') >= 0 {
		return AtSign
	}
	for i := 0; i < len(input); i++ {
		if input[i] <= ' ' || input[i] == 0x7f {
			return Whitespace
		}
	}
	return Other
}

// defaultPorts are the default ports of the special schemes, as the URL Standard lists them.
var defaultPorts = map[string]string{"ftp": "21", "http": "80", "https": "443", "ws": "80", "wss": "443"}

// ipv4Value reads s as the URL Standard's IPv4 parser reads a host that ends in a number: up
// to four parts separated by "." (a last empty part ignored), each in decimal, in octal after a
// leading "0" or in hexadecimal after "0x" or "0X"; all but the last below 256, the last
// filling the bytes that remain. It reports whether s is such an address.
func ipv4Value(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, false
	}
	var v uint64
	for i, p := range parts {
		n, ok := ipv4Part(p)
		if !ok {
			return 0, false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return 0, false
			}
			v |= n << (8 * (3 - i))
			continue
		}
		if n >= 1<<(8*(5-len(parts))) {
			return 0, false
		}
		v |= n
	}
	return uint32(v), true
}

// ipv4Part reads one part of an IPv4 address as ipv4Value does.
func ipv4Part(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(p) >= 2 && (p[:2] == "0x" || p[:2] == "0X"):
		p, base = p[2:], 16
	case len(p) >= 2 && p[0] == '0':
		p, base = p[1:], 8
	}
	if p == "" {
		return 0, true
	}
	n, err := strconv.ParseUint(p, base, 64)
	return n, err == nil
}

// removeDotSegments is RFC 3986 section 5.2.4's algorithm, which the URL Standard's path state
// agrees with for paths that begin with "/".
func removeDotSegments(p string) string {
	var out []string
	segs := strings.Split(p, "/")
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 1 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	return strings.Join(out, "/")
}

// decodeDots writes a segment's "%2e" and "%2E" as "."; the others are left as they are.
func decodeDots(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	return strings.NewReplacer("%2e", ".", "%2E", ".").Replace(s)
}

// decodePercent decodes the percent-encodings of s ("%" and two hexadecimal digits); a "%" not
// followed by two is kept.
func decodePercent(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b = append(b, byte(v))
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hasACELabel reports whether a domain has a label in IDNA's ASCII-compatible encoding.
func hasACELabel(s string) bool {
	for _, l := range strings.Split(s, ".") {
		if len(l) >= 4 && strings.EqualFold(l[:4], "xn--") {
			return true
		}
	}
	return false
}

// distinguishes reports whether the reader tells an absent component f from an empty one, so
// that Compare holds it to the difference. net/url keeps no empty path or fragment apart from
// none; the WHATWG URL Standard has no null user name, password or port (it drops an empty
// one, and an empty port), and its path and scheme are never null. A grammar tells every
// absent component from an empty one.
func (r *Reading) distinguishes(f Field) bool {
	switch r.reader {
	case NetURL:
		return f != Path && f != Fragment
	case WHATWG:
		return f == Host || f == Query || f == Fragment
	}
	return true
}
