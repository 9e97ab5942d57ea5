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
// written, absent told apart from empty as the grammar tells them. The path is written with the
// "/" that begins an absolute path even under RFC 1738 and RFC 1808, whose grammars count that
// "/" as the separator after the host (RFC 1738 section 3.1: 'the "/" between the host (or port)
// and the url-path is NOT part of the url-path'), so that paths compare with other readers'.
// RFC 1738's scheme-specific parts are left to u.Parts: its HTTP search is the Query.
func FromURL(u *urlgrammar.URL) Reading {
	r := Reading{By: u.Version.String(), Input: u.Raw}
	r.Scheme = component(u.Scheme())
	a := u.Authority()
	r.Userinfo = component(a.Userinfo)
	r.Username = component(a.User)
	r.Password = component(a.Password)
	r.Host = component(a.Host)
	r.Port = component(a.Port)
	p := u.Path()
	r.Path = component(p.Component)
	if p.Kind == urlgrammar.PathAbsolute && p.Begin > 0 && u.Raw[p.Begin-1] == '/' &&
		(u.Version == urlgrammar.RFC1738 || u.Version == urlgrammar.RFC1808) {
		r.Path = present(u.Raw[p.Begin-1 : p.End])
	}
	if p.Kind == urlgrammar.PathAbsolute && !p.Present && u.Version == urlgrammar.RFC1808 {
		// RFC 1808's abs_path = "/" rel_path can stand with an absent path: "http://a/".
		if e := a.End; a.Present && e < len(u.Raw) && u.Raw[e] == '/' {
			r.Path = present("/")
		}
	}
	r.Query = component(u.Query())
	r.Fragment = component(u.Fragment())
	return r
}

// component converts a grammar's component to a reading's.
func component(c urlgrammar.Component) Component {
	return Component{Present: c.Present, Text: c.Text}
}
