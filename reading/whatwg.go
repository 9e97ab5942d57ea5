package reading

import (
	"errors"
	"fmt"
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"
)

// The limits of the WHATWG reading. whatwg-url builds a user name and password, an opaque host
// (the host of a URL of a scheme that is not special) and the serialized path by appending to a
// string one code point or segment at a time, and makes a validation error, which copies the
// input, at every "@" of the authority: its time grows with the square of each of these, and an
// input of 16 KiB made of "@" takes it seconds. The reading refuses an input beyond these limits
// (ErrLimit), which keep the worst input to a few milliseconds and no URL in use is near: the
// URL Standard sets none, but URLs so shaped are hostile more often than not.
const (
	MaxWHATWGInput    = 16 << 10 // bytes of input
	MaxWHATWGAt       = 64       // "@" in the input
	MaxWHATWGSlashes  = 256      // "/" and "\" in the input
	MaxWHATWGUserinfo = 1 << 10  // bytes before the authority's last "@", and of an opaque host
)

// ErrLimit is wrapped by the Err of a WHATWG reading of an input beyond the reading's limits
// (MaxWHATWGInput and the others), which the reading does not read.
var ErrLimit = errors.New("reading: whatwg: input beyond the reading's limits, not read")

// checkWHATWGLimits returns why s is beyond the limits of the WHATWG reading, or nil. The
// userinfo and the host are found as the URL Standard's parser finds them, closely enough to
// bound them: tabs and newlines removed, the authority begins after the scheme's ":" and the
// "/" and "\" that follow (a scheme that is not special needs "//"), and ends at "/", "?", "#"
// (or "\" after a special scheme); its userinfo ends at its last "@".
func checkWHATWGLimits(s string) error {
	if len(s) > MaxWHATWGInput {
		return fmt.Errorf("%w: %d bytes (at most %d)", ErrLimit, len(s), MaxWHATWGInput)
	}
	if n := strings.Count(s, "@"); n > MaxWHATWGAt {
		return fmt.Errorf("%w: %d \"@\" (at most %d)", ErrLimit, n, MaxWHATWGAt)
	}
	if n := strings.Count(s, "/") + strings.Count(s, "\\"); n > MaxWHATWGSlashes {
		return fmt.Errorf("%w: %d \"/\" and \"\\\" (at most %d)", ErrLimit, n, MaxWHATWGSlashes)
	}
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return nil
	}
	scheme := strings.ToLower(strings.TrimLeftFunc(s[:colon], func(r rune) bool { return r <= ' ' }))
	rest := s[colon+1:]
	special := specialSchemes[scheme]
	if !special && !strings.HasPrefix(rest, "//") {
		return nil // no authority
	}
	authority := strings.TrimLeft(rest, "/\\")
	ends := "/?#"
	if special {
		ends = "/?#\\"
	}
	if i := strings.IndexAny(authority, ends); i >= 0 {
		authority = authority[:i]
	}
	host := authority
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		if at > MaxWHATWGUserinfo {
			return fmt.Errorf("%w: a userinfo of %d bytes (at most %d)", ErrLimit, at, MaxWHATWGUserinfo)
		}
		host = authority[at+1:]
	}
	if !special && len(host) > MaxWHATWGUserinfo {
		return fmt.Errorf("%w: an opaque host of %d bytes (at most %d)", ErrLimit, len(host), MaxWHATWGUserinfo)
	}
	return nil
}

// readWHATWG reads s with the WHATWG URL Standard's basic URL parser, no base URL.
func readWHATWG(s string) (r Reading) {
	r = Reading{By: WHATWG.String(), Input: s, reader: WHATWG}
	if err := checkWHATWGLimits(s); err != nil {
		r.Err = err
		return r
	}
	// whatwg-url is another project's code: a panic in it is a refusal of this input, not a
	// failure of the program that reads it.
	defer func() {
		if p := recover(); p != nil {
			r = Reading{By: WHATWG.String(), Input: s, reader: WHATWG, Err: fmt.Errorf("reading: whatwg-url failed on this input: %v", p)}
		}
	}()
	u, err := whatwg.Parse(s)
	if err != nil {
		r.Err = err
		return r
	}
	fillWHATWG(&r, u)
	return r
}

// fillWHATWG sets the components of r from the URL record u. The record holds the standard's
// components already serialized (percent-encoded, the host written by the host serializer); the
// one thing the accessors do not say is which of host, query and fragment are null rather than
// empty, which the serialization does: the host is not null exactly when "//" follows the
// scheme's ":", the query when a "?" comes before the fragment's "#", the fragment when there is
// a "#" (no component before the fragment holds an unencoded "?" or "#", and no component before
// the query one unencoded "?").
func fillWHATWG(r *Reading, u *whatwg.Url) {
	href := u.Href(false)
	r.Scheme = present(u.Scheme())
	user, pass := u.Username(), u.Password()
	if user != "" || pass != "" {
		r.Username = present(user)
		r.Userinfo = present(user)
		if pass != "" {
			r.Password = present(pass)
			r.Userinfo = present(user + ":" + pass)
		}
	}
	if strings.HasPrefix(href[len(u.Scheme())+1:], "//") {
		r.Host = present(u.Hostname())
		if p := u.Port(); p != "" {
			r.Port = present(p)
		}
	}
	r.Path = present(u.Pathname())
	beforeFragment := href
	if i := strings.IndexByte(href, '#'); i >= 0 {
		beforeFragment = href[:i]
		r.Fragment = present(u.Fragment())
	}
	if strings.IndexByte(beforeFragment, '?') >= 0 {
		r.Query = present(u.Query())
	}
}

// specialSchemes are the URL Standard's special schemes, which its basic URL parser reads in
// their own ways: an authority after any number of slashes, "\" read as "/", a domain host.
var specialSchemes = map[string]bool{"ftp": true, "file": true, "http": true, "https": true, "ws": true, "wss": true}
