package reading

import (
	"net/url"
	"strings"
)

// readNetURL reads s with net/url.Parse. net/url keeps no text of the input but the query's:
// each other component is what the URL it returns holds, and net/url's own writing of it
// (NetURL.Normalizations names each).
func readNetURL(s string) Reading {
	r := Reading{By: NetURL.String(), Input: s, reader: NetURL}
	u, err := url.Parse(s)
	if err != nil {
		r.Err = err
		return r
	}
	if u.Scheme != "" {
		r.Scheme = present(u.Scheme)
	}
	if u.User != nil {
		r.Userinfo = present(u.User.String())
		r.Username = present(u.User.Username())
		if p, ok := u.User.Password(); ok {
			r.Password = present(p)
		}
	}
	// net/url holds an authority when the input has one ("//" after the scheme, or at the start
	// of a reference with none): its Host is then set, or at least its User, or the input's
	// authority was empty. OmitHost tells the last apart from a path that begins with a single
	// "/" after the scheme; Opaque, a path that does not begin with "/".
	if hasAuthority(u, s) {
		host, port, hasPort := splitHostPort(u.Host)
		r.Host = present(host)
		if hasPort {
			r.Port = present(port)
		}
	}
	switch {
	case u.Opaque != "":
		r.Path = present(u.Opaque)
	case u.Path != "" || u.RawPath != "":
		r.Path = present(u.EscapedPath())
	}
	if u.RawQuery != "" || u.ForceQuery {
		r.Query = present(u.RawQuery)
	}
	if u.Fragment != "" || u.RawFragment != "" {
		r.Fragment = present(u.EscapedFragment())
	}
	return r
}

// hasAuthority reports whether net/url read an authority in s, which u is net/url's parse of.
// net/url has no field for it: an empty authority ("http:///p", "//") leaves Host and User
// empty, as no authority does. It read one exactly when the text after the scheme's ":" (the
// whole of s when u has no scheme) begins with "//", and, without a scheme, not with "///".
func hasAuthority(u *url.URL, s string) bool {
	if u.Host != "" || u.User != nil {
		return true
	}
	if u.Opaque != "" || u.OmitHost {
		return false
	}
	rest := s
	if u.Scheme != "" {
		rest = s[len(u.Scheme)+1:]
	} else if strings.HasPrefix(rest, "///") {
		return false
	}
	return strings.HasPrefix(rest, "//")
}

// splitHostPort divides net/url's Host into the host and the port as net/url's own Hostname
// and Port do, but keeping an IPv6 address's brackets and telling an empty port ("h:") from
// none: the port is what follows the last ":" when that is all digits, or empty.
func splitHostPort(hostport string) (host, port string, hasPort bool) {
	i := strings.LastIndexByte(hostport, ':')
	if i < 0 || strings.IndexByte(hostport[i:], ']') >= 0 {
		return hostport, "", false
	}
	for _, c := range []byte(hostport[i+1:]) {
		if c < '0' || c > '9' {
			return hostport, "", false
		}
	}
	return hostport[:i], hostport[i+1:], true
}
