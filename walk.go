package urlgrammar

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// This file holds the one walk over a parse's tokens that fills a URL, driven by the per-version
// fill tables of fills.go. The parse tree API is in tree.go.

// A field is what a fill fills.
type field uint8

const (
	fNone field = iota
	// The fields below numSpans are the URL's generic components.
	fScheme
	fAuthority
	fUserinfo
	fUser
	fPassword
	fHost
	fPort
	fPath
	fParams
	fQuery
	fFragment
	numSpans

	fHostKind // the HostKind alone (kind), over what fHost set
	fPathKind // the PathKind alone (kind), if no kind is set yet
	fPart     // a part of the URL, named by its rule (URL.Parts)
	fSegment  // a path segment
	fParam    // a parameter of the path segment it is in
)

// detail reports whether f is a detail of a URL (what Segments and Parts return), which the
// walk of Parse leaves out.
func (f field) detail() bool { return f >= fPart }

// how says how a match fills its field.
type how uint8

const (
	// howSet fills the field unless a match around this one has filled it already: the
	// outermost match wins.
	howSet how = iota
	// howUnion fills the field, or widens it to take this match in too: a component that the
	// grammar writes as several rules side by side (RFC 1738's userinfo is user ":" password).
	howUnion
	// howClear empties the field (and its kind), so that matches inside this one fill it anew.
	howClear
	// howPrefix fills the field with the first len(lit) bytes of the match: a literal that the
	// rule begins with, such as the "ftp" of ftpurl = "ftp://" ….
	howPrefix
	// howEmptyAfter makes the field present and empty, once the walk is done, if it is still
	// absent and the input reads lit right after the field named by after: RFC 1738's file
	// URL "file:///x" has an empty host (section 3.10), as the grammar has no rule for it.
	howEmptyAfter
	// howRest fills the field with what follows the first lit in the match: a part that the
	// grammar writes without a rule of its own, such as the opaque part of RFC 1808's
	// absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) ).
	howRest
)

// A fill declares that the matches of one grammar rule fill one field of a URL. A version's
// fills (fills.go) are its whole mapping from grammar to URL.
type fill struct {
	// rule is the rule's name in the document; a rule that only the PEG has (declared extra
	// in the .peg) is named by its PEG name. With a parent, the fill applies only to a match
	// whose nearest enclosing match of a rule that the fills name is of parent; where a fill
	// with a parent and one without could both apply, the one with the parent does.
	rule, parent string
	field        field
	// host and path are the kinds that a fill of fHost or fHostKind, and of fPath or
	// fPathKind, sets. pathBySlash sets PathAbsolute for a match that begins with "/" and
	// PathRelative for one that does not: the 1997 draft's path = [ "/" ] path_segments.
	host        HostKind
	path        PathKind
	pathBySlash bool
	how         how
	lit         string // for howPrefix, howEmptyAfter and howRest
	after       field  // for howEmptyAfter
	// leaf says that nothing inside the match fills anything: the walk does not look inside.
	// Parse does not record the matches of a fill of a detail (Segments, Parts), so such a
	// leaf hides nothing from the generic components; a leaf fill of no field does.
	leaf bool
}

// kinded reports whether the fill sets a kind.
func (f *fill) kinded() bool { return f.host != HostNone || f.path != PathNone || f.pathBySlash }

// An act is a fill compiled for one grammar: rule names resolved to rule numbers.
type act struct {
	fill
	parent int // the rule number of the parent, or -1
}

// A walker fills URLs from the parses of one grammar.
type walker struct {
	rules []ruleActs // by rule number
	// pathDefined: the document says "the path component is never undefined, though it may be
	// empty" (RFC 2396, the 1997 and 2003 drafts, section 5.2), so a reference whose grammar
	// derivation has no path rule has an empty path, where the path would stand.
	pathDefined bool
	// qualified says that some fill has a parent: only then does the walk keep the stack of
	// enclosing matches that gives each match its parent.
	qualified bool
	// record holds the rules whose tokens the walk reads for the generic components: the
	// rules of the fills of those (a leaf fill of no field, which hides the matches inside
	// it, among them), and the parents of every fill. Parse records no others.
	// recordDetails adds the rules of the fills of the details (Segments and Parts).
	record, recordDetails pegrt.RuleSet
	// parts holds the rules of the fills of fPart: the rules whose matches are parts.
	parts pegrt.RuleSet
}

// ruleActs is what the walk does with a match of one rule.
type ruleActs struct {
	acts      []act
	qualified bool // some of its acts have a parent
	// frame says that a match of the rule is a parent for the matches inside it: the rule is
	// a rule of the document (Grammar.Rules[i] != "") in walker.record. The tokens that
	// only recordDetails adds are no frames, so that the walk finds the same parents with
	// them as without.
	frame bool
	// set, when not fNone, says that the rule's one act sets that generic component (and
	// perhaps its kind) if no match around this one has: the walk does it without apply.
	set field
}

// newWalker compiles fills for g. Every rule a fill names must be a rule of g.
func newWalker(g *pegrt.Grammar, fills []fill) (*walker, error) {
	// number gives the rule numbers of each name: a rule of the document may have two, where
	// the .peg has a context-bound copy of it (an extra rule "as" it).
	number := map[string][]int{}
	for i, name := range g.Rules {
		if name != "" {
			number[name] = append(number[name], i)
		}
	}
	for i, name := range g.PEGRules {
		if _, ok := number[name]; !ok && g.Rules[i] == "" {
			number[name] = []int{i}
		}
	}
	if len(g.Rules) > pegrt.MaxRules {
		return nil, fmt.Errorf("%s has %d rule numbers, more than a pegrt.RuleSet holds", g.ID, len(g.Rules))
	}
	w := &walker{rules: make([]ruleActs, len(g.Rules))}
	var unknown []string
	for _, f := range fills {
		a := act{fill: f, parent: -1}
		name := f.rule
		if f.parent != "" {
			ns, found := number[f.parent]
			if !found || len(ns) != 1 {
				unknown = append(unknown, f.parent)
				continue
			}
			a.parent = ns[0]
			w.record.Add(a.parent)
			w.recordDetails.Add(a.parent)
		}
		ns, found := number[name]
		if !found {
			unknown = append(unknown, name)
			continue
		}
		for _, n := range ns {
			r := &w.rules[n]
			r.acts = append(r.acts, a)
			r.qualified = r.qualified || a.parent >= 0
			w.recordDetails.Add(n)
			if f.field == fPart {
				w.parts.Add(n)
			}
			if !f.field.detail() {
				w.record.Add(n)
			}
		}
		w.qualified = w.qualified || a.parent >= 0
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("the fills of %s name rules its grammar does not have: %s", g.ID, strings.Join(unknown, ", "))
	}
	for i := range w.rules {
		r := &w.rules[i]
		r.frame = g.Rules[i] != "" && w.record.Has(i)
		if len(r.acts) != 1 {
			continue
		}
		a := r.acts[0]
		if a.parent < 0 && a.how == howSet && a.field > fNone && a.field < numSpans && !a.pathBySlash &&
			(!a.kinded() || a.field == fHost || a.field == fPath) {
			r.set = a.field
		}
	}
	return w, nil
}

// walkState is what one walk has found.
type walkState struct {
	components
	pending  [4]*act // howEmptyAfter fills to apply at the end
	npending int

	// withDetails says to find the details too, which Parse leaves out.
	withDetails bool
	details
}

// details are what a URL's Segments and Parts are made of.
type details struct {
	// items are the segments, their parameters and the parts, in input order, an item before
	// the items inside it (walkState.finish puts them so). tags holds the kind and rule of each,
	// apart, so that an item of a path of millions of segments takes 10 bytes rather than 12.
	items []item
	tags  []itemTag
}

// add adds the item of kind k at s, a match of rule number rule.
func (d *details) add(k itemKind, rule uint32, s span) {
	d.items = append(d.items, item{b: s.b, e: s.e})
	d.tags = append(d.tags, itemTag{kind: k, rule: uint8(rule)})
}

// frame is an enclosing match of a named rule during the walk.
type frame struct {
	rule, first uint32
}

// walk fills st from the tokens of the parse p holds, of the input raw.
//
// It visits the tokens from last to first. The tokens are in post-order, so this visits every
// match before the matches inside it (the outermost first, and among siblings the rightmost
// first); a stack of the enclosing matches gives each match its parent. A leaf fill skips the
// tokens inside its match. For the generic components it reads the tokens of the rules in
// w.record alone, and for the details those of w.recordDetails: p may hold those or every
// token.
func (w *walker) walk(p pegrt.Parser, raw string, st *walkState) {
	var stackArray [32]frame
	stack := stackArray[:0]
	tokens := p.Tokens()
	for i := len(tokens) - 1; i >= 0; i-- {
		t := &tokens[i]
		if w.qualified {
			for len(stack) > 0 && int(stack[len(stack)-1].first) > i {
				stack = stack[:len(stack)-1]
			}
		}
		r := &w.rules[t.Rule]
		if r.set != fNone {
			st.set(r.set, &r.acts[0].fill, t)
			if r.acts[0].leaf {
				i = int(t.First) // skip the tokens inside
				continue
			}
		} else if acts := r.acts; len(acts) > 0 {
			parent := -1
			if r.qualified && len(stack) > 0 {
				parent = int(stack[len(stack)-1].rule)
			}
			if st.apply(acts, parent, t, raw) {
				i = int(t.First) // skip the tokens inside
				continue
			}
		}
		if w.qualified && r.frame {
			stack = append(stack, frame{rule: t.Rule, first: t.First})
		}
	}
	st.finish(raw)
	if w.pathDefined && !st.s[fPath].ok {
		var at uint32
		if a := st.s[fAuthority]; a.ok {
			at = a.e
		} else if sc := st.s[fScheme]; sc.ok {
			at = sc.e + 1 // after the ":"
		}
		st.s[fPath] = span{b: at, e: at, ok: true}
		st.pathKind = PathEmpty
	}
}

// apply applies the acts of t's rule that hold for its parent, and reports whether one of
// them is a leaf.
func (st *walkState) apply(acts []act, parent int, t *pegrt.Token, raw string) (leaf bool) {
	qualified := false
	if parent >= 0 {
		for i := range acts {
			if acts[i].parent == parent {
				qualified = true
				break
			}
		}
	}
	ts := span{b: t.Begin, e: t.End, ok: true}
	for i := range acts {
		a := &acts[i]
		if qualified != (a.parent >= 0) || qualified && a.parent != parent {
			continue
		}
		leaf = leaf || a.leaf
		switch {
		case a.field == fNone:
		case a.field < numSpans:
			st.fillSpan(a, ts, raw)
		case a.field == fHostKind:
			st.hostKind = a.host
		case a.field == fPathKind:
			if st.pathKind == PathNone {
				st.pathKind = a.path
			}
		case a.field.detail() && !st.withDetails:
		case a.field == fPart:
			st.add(itemPart, t.Rule, ts)
		case a.field == fSegment:
			st.add(itemSegment, t.Rule, ts)
		case a.field == fParam:
			st.add(itemParam, t.Rule, ts)
		}
	}
	return leaf
}

// set is fillSpan for a fill a that sets the generic component f, and perhaps a kind, with
// no parent: the outermost match wins, and its kind with it.
func (st *walkState) set(f field, a *fill, t *pegrt.Token) {
	sp := &st.s[f]
	if sp.ok {
		return
	}
	*sp = span{b: t.Begin, e: t.End, ok: true}
	switch {
	case f == fHost && st.hostKind == HostNone:
		st.hostKind = a.host
	case f == fPath && st.pathKind == PathNone:
		st.pathKind = a.path
	}
}

// fillSpan applies a to the generic component a.field. A kind, like a span, is set by the
// outermost match that has one.
func (st *walkState) fillSpan(a *act, ts span, raw string) {
	sp := &st.s[a.field]
	switch a.how {
	case howSet:
		if sp.ok {
			return
		}
		*sp = ts
	case howRest:
		if sp.ok {
			return
		}
		i := strings.Index(raw[ts.b:ts.e], a.lit)
		if i < 0 {
			return
		}
		*sp = span{b: ts.b + uint32(i+len(a.lit)), e: ts.e, ok: true}
	case howUnion:
		if sp.ok {
			sp.b, sp.e = min(sp.b, ts.b), max(sp.e, ts.e)
		} else {
			*sp = ts
		}
	case howClear:
		*sp = span{}
		switch a.field {
		case fHost:
			st.hostKind = HostNone
		case fPath:
			st.pathKind = PathNone
		}
		return
	case howPrefix:
		if !sp.ok {
			*sp = span{b: ts.b, e: ts.b + uint32(len(a.lit)), ok: true}
		}
		return
	case howEmptyAfter:
		if st.npending < len(st.pending) {
			st.pending[st.npending] = a
			st.npending++
		}
		return
	}
	switch {
	case !a.kinded():
	case a.field == fHost && st.hostKind == HostNone:
		st.hostKind = a.host
	case a.field == fPath && st.pathKind == PathNone:
		st.pathKind = a.path
		if a.pathBySlash {
			st.pathKind = PathRelative
			if ts.e > ts.b && raw[ts.b] == '/' {
				st.pathKind = PathAbsolute
			}
		}
	}
}

// finish applies the pending fills, settles the kinds, and puts the items in input order.
func (st *walkState) finish(raw string) {
	for _, a := range st.pending[:st.npending] {
		sp, after := &st.s[a.field], st.s[a.after]
		if !sp.ok && after.ok && strings.HasPrefix(raw[after.e:], a.lit) {
			at := after.e + uint32(len(a.lit))
			*sp = span{b: at, e: at, ok: true}
		}
	}
	path := &st.s[fPath]
	// A path ends where a component that follows it begins, in a grammar whose path rule
	// holds the rest of the reference (the 1997 draft: abs_path = "/" rel_path, and
	// rel_path = [ path_segments ] [ "?" query ]).
	for _, f := range [...]field{fParams, fQuery, fFragment} {
		if c := st.s[f]; c.ok && path.ok && c.b > path.b && c.b-1 < path.e {
			path.e = c.b - 1
		}
	}
	if path.ok && path.b == path.e {
		st.pathKind = PathEmpty
	}
	switch host := st.s[fHost]; {
	case !host.ok:
		st.hostKind = HostNone
	case host.b == host.e:
		st.hostKind = HostEmpty
	}
	st.inOrder()
}

// inOrder puts the items in input order, an item before the items inside it. The walk found
// them outermost first and the rightmost first: reversed, they are in the order their matches
// end (the tokens' post-order), which is input order but for an item and the items inside it.
// A path of segments alone is in order once reversed, and is not sorted.
func (d *details) inOrder() {
	slices.Reverse(d.items)
	slices.Reverse(d.tags)
	before := func(x, y item) bool { return x.b < y.b || x.b == y.b && x.e > y.e }
	sorted := true
	for i := 1; i < len(d.items) && sorted; i++ {
		sorted = !before(d.items[i], d.items[i-1])
	}
	if !sorted {
		type tagged struct {
			item
			itemTag
		}
		all := make([]tagged, len(d.items))
		for i := range all {
			all[i] = tagged{d.items[i], d.tags[i]}
		}
		slices.SortStableFunc(all, func(x, y tagged) int {
			switch {
			case before(x.item, y.item):
				return -1
			case before(y.item, x.item):
				return 1
			}
			return 0
		})
		for i := range all {
			d.items[i], d.tags[i] = all[i].item, all[i].itemTag
		}
	}
	// Items of one span stay in the order their matches end, the inner first: put the outer
	// first.
	for i := 0; i < len(d.items); {
		j := i + 1
		for j < len(d.items) && d.items[j] == d.items[i] {
			j++
		}
		slices.Reverse(d.items[i:j])
		slices.Reverse(d.tags[i:j])
		i = j
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
	if info := u.Version.info(); info != nil {
		start := info.grammar.Rule(u.Rule)
		w, err := info.walker()
		if start >= 0 && err == nil {
			read := readAs(u.Raw, u.mode())
			p, ok := run(info, start, read, w.recordDetails)
			if ok {
				// An item comes from one token at most: made that large at once, the items
				// of a long path (a million segments) are not copied as they grow.
				if n := len(p.Tokens()); n > 64 {
					st.items, st.tags = make([]item, 0, n), make([]itemTag, 0, n)
				}
				w.walk(p, u.Raw, st)
			}
			info.release(p)
		}
	}
	// Two goroutines may both read u on their first call; they find the same details, and
	// the first one stored is kept.
	u.more.CompareAndSwap(nil, &st.details)
	return u.more.Load()
}

// walker returns the walker of info's grammar, compiled on first use.
func (info *engine) walker() (*walker, error) {
	info.walkOnce.Do(func() {
		info.walk, info.walkErr = newWalker(info.grammar, info.fills)
		if info.walk != nil {
			info.walk.pathDefined = info.pathDefined
		}
	})
	return info.walk, info.walkErr
}
