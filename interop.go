package urlgrammar

import (
	"net/netip"
)

// This file connects a URL's host to the standard library's names for it: a host name without
// brackets, and a netip.Addr. (net/url's reading of a URL is url.Parse of its String: see the
// package documentation.)

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
