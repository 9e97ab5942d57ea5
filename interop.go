package urlgrammar

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
)

// This file connects a URL to the standard library: net/url's *url.URL, and the host as a
// name, a port number and a netip.Addr.

// Hostname returns the host as written, without the brackets of an IPv6 or IPvFuture literal
// ("[::1]" gives "::1"), or "" when the URL has no host. Escapes are left as they are (see
// Component.Decoded). Under RFC 1808, whose net_loc is not split, no URL has a host.
func (u *URL) Hostname() string {
	h := u.get(fHost).Text
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		return h[1 : len(h)-1]
	}
	return h
}

// Port returns the port as a number, and false when the URL has none, or an empty one, or
// one too large for an int. The grammars bound a port's digits by no value: a port above
// 65535 is returned as it is.
func (u *URL) Port() (int, bool) {
	p := u.get(fPort).Text
	if p == "" {
		return 0, false
	}
	n, err := strconv.Atoi(p)
	if err != nil {
		return 0, false
	}
	return n, true
}

// Addr returns the host as an IP address when it is one (HostIPv4 or HostIPv6), and false
// otherwise. It is also false for an address that netip does not read as the grammar does:
// RFC 1738's and the 1997 draft's hostnumber = digits "." digits "." digits "." digits allows
// "999.1.1.01", which is no IPv4 address.
func (u *URL) Addr() (netip.Addr, bool) {
	if u.c.hostKind != HostIPv4 && u.c.hostKind != HostIPv6 {
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(u.Hostname())
	return a, err == nil
}

// NetURL returns the URL as net/url reads it: url.Parse of its text. That is the reading a
// *url.URL stands for, and it is not always the grammar's: net/url divides every URL into
// the components of RFC 3986, while RFC 1738's ftp path may hold a "?" that net/url takes for
// the start of a query, RFC 2396's opaque part holds its "?" and more, and RFC 1808 keeps
// ";" parameters apart from the path. Where the grammar and net/url both have a component,
// NetURL's holds the same text, decoded where net/url decodes it (Path, Fragment, the user
// and password); the tests check that on the package's corpus. The error is net/url's,
// for the few valid URLs that net/url rejects (an escape in a host that stands for a
// character below 0x80, which net/url does not allow).
func (u *URL) NetURL() (*url.URL, error) {
	if u.Version.info() == nil {
		return nil, &Error{Op: "NetURL", Version: u.Version, Err: errors.New("a URL that Parse did not make")}
	}
	return url.Parse(u.Raw)
}

// FromNetURL validates the text of nu (nu.String()) under v and parses it as ParseRule does,
// under the default rule. A
// *url.URL that net/url made from a valid URL gives back that URL's text, unless net/url
// writes it differently: it escapes some characters that it decoded ("%7E" comes back as
// "~"), which a grammar may reject ("~" is unsafe in RFC 1738, section 2.2).
func FromNetURL(v Version, nu *url.URL, mode Mode) (*URL, error) {
	if nu == nil {
		return nil, &Error{Op: "FromNetURL", Version: v, Err: errors.New("a nil *url.URL")}
	}
	return ParseRule(v, "", nu.String(), mode)
}
