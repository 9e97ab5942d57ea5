package urlgrammar

import (
	"iter"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// This file holds Parse, and what it leaves out of a URL (its segments and parts), which the
// URL's methods find by reading the input again. Both call down into the engine (engine.go):
// the start rule, the parser, the walker.

// Parse validates s under v exactly as Validate does and, when s is valid, returns its
// components as v's grammar defines them. It holds s to the same rule as Validate (for RFC
// 1738, the rule of s's scheme: see the package documentation), and a rejection is the same
// *SyntaxError. Parse allocates the URL and nothing else; Segments, Part and Parts allocate
// what they return. It is ParseRule(v, "", s, 0).
func Parse(v Version, s string) (*URL, error) {
	return ParseRule(v, "", s, 0)
}

// ParseRule is Parse holding s, read as mode says, to the rule named rule (by its name in the
// document; "" for the rule of Validate), as ValidateRule does.
func ParseRule(v Version, rule, s string, mode Mode) (*URL, error) {
	info, start, rule, err := startFor("parse", v, rule, s, mode)
	if err != nil {
		return nil, err
	}
	w := info.walker()
	if w == nil {
		return nil, &Error{Op: "parse", Version: v, Err: info.walkErr}
	}
	read := readAs(s, mode)
	p, ok := run(info, start, read, w.record)
	if ok {
		// The walk reads what it has filled: it fills components here, and the URL is
		// written once, whole, rather than read back from memory that it alone has touched.
		var c components
		var st walkState
		w.walk(p, s, &c, &st)
		info.release(p)
		return &URL{Version: v, Rule: rule, Raw: s, c: stored{components: c, mode: uint8(mode & CaseIgnoreScheme)}}, nil
	}
	info.release(p)
	return nil, newSyntaxError(v, rule, s, read)
}

// Segments returns an iterator over the segments of the path, in order: none when the path
// has none (or the grammar does not divide it into segments). The first call of Segments,
// Part or Parts reads the URL again to find them (see URL); each Segment's Params are
// allocated as the iteration reaches it.
func (u *URL) Segments() iter.Seq[Segment] {
	return func(yield func(Segment) bool) {
		d := u.details()
		for i, it := range d.items {
			if d.tags[i].kind != itemSegment {
				continue
			}
			var params []Component
			for j := i + 1; j < len(d.items) && d.tags[j].kind == itemParam && d.items[j].e <= it.e; j++ {
				params = append(params, u.component(d.items[j].span()))
			}
			if !yield(Segment{Component: u.component(it.span()), Params: params}) {
				return
			}
		}
	}
}

// Part returns the first part of the URL named rule, by the rule's name in the document: the
// first of Parts with that name or, for a rule of the grammar that names no part, the first
// match of the rule in the parse, the outermost where one holds another (the node that
// Preorder reaches first in the tree of ParseTreeRule). It is absent when nothing in the URL
// matched the rule, and for a name that is no rule of the grammar. Under RFC 1738,
// u.Part("ftptype") is the typecode of an ftp URL (section 3.2.2) and u.Part("search") the
// search of an http, gopher or wais URL; under RFC 3986, u.Part("dec-octet") is the first
// number of an IPv4 host. The first call of Segments, Part or Parts reads the URL again (see
// URL); a rule that names no part is read for on each call.
func (u *URL) Part(rule string) Component {
	info := u.Version.info()
	if info == nil || rule == "" {
		return Component{}
	}
	d := u.details()
	g := info.grammar
	for i, it := range d.items {
		if tag := d.tags[i]; tag.kind == itemPart && g.Rules[tag.rule] == rule {
			return u.component(it.span())
		}
	}
	w := info.walker()
	if w == nil {
		return Component{}
	}
	var record pegrt.RuleSet
	for n, name := range g.Rules {
		if name != rule {
			continue
		}
		if w.parts.Has(n) {
			return Component{} // a part that did not match
		}
		record.Add(n)
	}
	if record == (pegrt.RuleSet{}) {
		return Component{}
	}
	start := g.Rule(u.Rule)
	if start < 0 {
		return Component{}
	}
	p, ok := run(info, start, readAs(u.Raw, u.mode()), record)
	defer info.release(p)
	if !ok {
		return Component{}
	}
	var first span
	for _, t := range p.Tokens() {
		if first.ok && (t.Begin > first.b || t.Begin == first.b && t.End <= first.e) {
			continue
		}
		first = span{b: t.Begin, e: t.End, ok: true}
	}
	return u.component(first)
}

// Parts returns an iterator over the parts of the URL, in input order (a part before the
// parts inside it), each with the name of the rule that matched it in the document: what the
// version's document says of a URL beyond the components that every grammar has. Under RFC
// 1738 they are the parts of its predefined schemes (section 3), from the scheme's own rule:
// ftpurl's fpath and ftptype, httpurl's hpath and search, gopherurl's gtype, selector, search
// and gopher+_string, mailtourl's encoded822addr, newsurl's grouppart and its group or article,
// nntpurl's group and digits, waisurl's database, search, wtype and wpath, fileurl's host and
// fpath, prosperourl's ppath and each fieldname and fieldvalue. A telnet URL's parts are its
// login's, the URL's user, password, host and port. The other grammars have no parts beyond
// their components, which Part reaches by any of their rules. The first call of Segments,
// Part or Parts reads the URL again (see URL).
func (u *URL) Parts() iter.Seq2[string, Component] {
	return func(yield func(string, Component) bool) {
		info := u.Version.info()
		if info == nil {
			return
		}
		d := u.details()
		for i, it := range d.items {
			if tag := d.tags[i]; tag.kind == itemPart {
				if !yield(info.grammar.Rules[tag.rule], u.component(it.span())) {
					return
				}
			}
		}
	}
}

// details returns the details of u: on the first call, it reads u again as Parse read it,
// for what Parse leaves out (the scheme's parts and the lists), and keeps what it finds for
// later calls. A URL that Parse did not make has none.
func (u *URL) details() *details {
	if d := u.more.Load(); d != nil {
		return d
	}
	st := &walkState{withDetails: true}
	var c components // found again, as Parse found them
	if info := u.Version.info(); info != nil {
		start := info.grammar.Rule(u.Rule)
		w := info.walker()
		if start >= 0 && w != nil {
			read := readAs(u.Raw, u.mode())
			p, ok := run(info, start, read, w.recordDetails)
			if ok {
				// An item comes from one token at most: made that large at once, the items
				// of a long path (a million segments) are not copied as they grow.
				if n := len(p.Tokens()); n > 64 {
					st.items, st.tags = make([]item, 0, n), make([]itemTag, 0, n)
				}
				w.walk(p, u.Raw, &c, st)
			}
			info.release(p)
		}
	}
	// Two goroutines may both read u on their first call; they find the same details, and
	// the first one stored is kept.
	u.more.CompareAndSwap(nil, &st.details)
	return u.more.Load()
}
