package reading

import (
	"github.com/urlgrammar/urlgrammar"
)

// Grammar reads s under grammar version v, held to the version's default rule as
// urlgrammar.Parse holds it: a rejection is the Reading's Err, a *urlgrammar.SyntaxError.
func Grammar(v urlgrammar.Version, s string) Reading {
	u, err := urlgrammar.Parse(v, s)
	if err != nil {
		return Reading{By: v.String(), Input: s, Err: err}
	}
	return FromURL(u)
}

// FromURL returns the reading of a URL that a grammar accepted: its generic components as
// written, absent told apart from empty as the grammar tells them. The path is taken as the
// other readers take it, so that paths compare: with the "/" that begins an absolute path, which
// RFC 1738, RFC 1808 and the 1993 and 1994 drafts count as the separator after the host (RFC
// 1738 section 3.1: 'the "/" between the host (or port) and the url-path is NOT part of the
// url-path'), and with RFC 1808's parameters (";" params), which that grammar keeps apart from
// the path. RFC 1738's scheme-specific parts are left to u.Parts: its HTTP search is the Query.
// RFC 1808 does not divide its net_loc: its reading has no userinfo, host and port, and Compare
// does not hold it to those of another reading.
func FromURL(u *urlgrammar.URL) Reading {
	r := Reading{By: u.Version.String(), Input: u.Raw}
	r.Scheme = component(u.Scheme())
	a := u.Authority()
	r.Userinfo = component(a.Userinfo)
	r.Username = component(a.User)
	r.Password = component(a.Password)
	r.Host = component(a.Host)
	r.Port = component(a.Port)
	r.Path = pathOf(u, a)
	r.Query = component(u.Query())
	r.Fragment = component(u.Fragment())
	if u.Version == urlgrammar.RFC1808 {
		r.undefined = 1<<Userinfo | 1<<Host | 1<<Port
	}
	return r
}

// pathOf returns the path of u as FromURL takes it; a is u's authority.
func pathOf(u *urlgrammar.URL, a urlgrammar.Authority) Component {
	p := u.Path()
	begin, end, ok := p.Begin, p.End, p.Present
	if u.Version == urlgrammar.RFC1808 {
		if params := u.Part("params"); params.Present {
			if !ok {
				begin = params.Begin - 1 // its ";"
			}
			end, ok = params.End, true
		}
	}
	raw := u.Raw
	switch {
	case a.Present && a.End < len(raw) && raw[a.End] == '/' && (!ok || begin == a.End+1):
		// The "/" after the authority, not counted in the path, or standing for an absent one
		// (RFC 1808's abs_path = "/" rel_path).
		begin = a.End
		if !ok {
			end, ok = a.End+1, true
		}
	case ok && p.Kind == urlgrammar.PathAbsolute && begin > 0 && raw[begin-1] == '/' && (begin == end || raw[begin] != '/'):
		begin-- // an absolute path with no authority before it
	}
	if !ok {
		return Component{}
	}
	return present(raw[begin:end])
}

// component converts a grammar's component to a reading's.
func component(c urlgrammar.Component) Component {
	return Component{Present: c.Present, Text: c.Text}
}
