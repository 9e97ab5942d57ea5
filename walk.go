package urlgrammar

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// This file holds the one walk over a parse's tokens that fills a URL (driven by the per-version
// fill tables of fills.go), and the generic parse tree (Node, Preorder, ParseTreeRule).

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
	// set fills the field unless a match around this one has filled it already: the
	// outermost match wins.
	set how = iota
	// union fills the field, or widens it to take this match in too: a component that the
	// grammar writes as several rules side by side (RFC 1738's userinfo is user ":" password).
	union
	// clear empties the field (and its kind), so that matches inside this one fill it anew.
	clear
	// prefix fills the field with the first len(lit) bytes of the match: a literal that the
	// rule begins with, such as the "ftp" of ftpurl = "ftp://" ….
	prefix
	// emptyAfter makes the field present and empty, once the walk is done, if it is still
	// absent and the input reads lit right after the field named by after: RFC 1738's file
	// URL "file:///x" has an empty host (section 3.10), as the grammar has no rule for it.
	emptyAfter
	// rest fills the field with what follows the first lit in the match: a part that the
	// grammar writes without a rule of its own, such as the opaque part of RFC 1808's
	// absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) ).
	rest
)

// byLeadingSlash, as the kind of an fPath fill, is PathAbsolute for a match that begins with
// "/" and PathRelative for one that does not: the 1997 draft's path = [ "/" ] path_segments.
const byLeadingSlash = 255

// A fill declares that the matches of one grammar rule fill one field of a URL. A version's
// fills (fills.go) are its whole mapping from grammar to URL.
type fill struct {
	// rule is the rule's name in the document, or "parent rule": then only a match whose
	// nearest enclosing match of a rule of the document that the fills name is of parent. A rule that only the PEG has
	// (declared extra in the .peg) is named by its PEG name. Where both a "parent rule" fill
	// and a plain "rule" fill could apply, the one with the parent applies.
	rule  string
	field field
	kind  uint8 // a HostKind (fHost, fHostKind) or PathKind (fPath, fPathKind)
	how   how
	lit   string // for prefix, emptyAfter and rest
	after field  // for emptyAfter
	// leaf says that nothing inside the match fills anything: the walk does not look inside.
	// Parse does not record the matches of a fill of a detail (Segments, Parts), so such a
	// leaf hides nothing from the generic components; a leaf fill of no field does.
	leaf bool
}

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
		if parent, rule, ok := strings.Cut(name, " "); ok {
			ns, found := number[parent]
			if !found || len(ns) != 1 {
				unknown = append(unknown, parent)
				continue
			}
			a.parent, name = ns[0], rule
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
		if a.parent < 0 && a.how == set && a.field > fNone && a.field < numSpans &&
			(a.kind == 0 || a.field == fHost || a.field == fPath && a.kind != byLeadingSlash) {
			r.set = a.field
		}
	}
	return w, nil
}

// walkState is what one walk has found.
type walkState struct {
	components
	pending  [4]*act // emptyAfter fills to apply at the end
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
			st.set(r.set, r.acts[0].kind, t)
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
			st.hostKind = HostKind(a.kind)
		case a.field == fPathKind:
			if st.pathKind == PathNone {
				st.pathKind = PathKind(a.kind)
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

// set is fillSpan for a fill that sets the generic component f, of kind k, with no parent:
// the outermost match wins, and its kind with it.
func (st *walkState) set(f field, k uint8, t *pegrt.Token) {
	sp := &st.s[f]
	if sp.ok {
		return
	}
	*sp = span{b: t.Begin, e: t.End, ok: true}
	switch {
	case k == 0:
	case f == fHost && st.hostKind == HostNone:
		st.hostKind = HostKind(k)
	case f == fPath && st.pathKind == PathNone:
		st.pathKind = PathKind(k)
	}
}

// fillSpan applies a to the generic component a.field. A kind, like a span, is set by the
// outermost match that has one.
func (st *walkState) fillSpan(a *act, ts span, raw string) {
	sp := &st.s[a.field]
	switch a.how {
	case set:
		if sp.ok {
			return
		}
		*sp = ts
	case rest:
		if sp.ok {
			return
		}
		i := strings.Index(raw[ts.b:ts.e], a.lit)
		if i < 0 {
			return
		}
		*sp = span{b: ts.b + uint32(i+len(a.lit)), e: ts.e, ok: true}
	case union:
		if sp.ok {
			sp.b, sp.e = min(sp.b, ts.b), max(sp.e, ts.e)
		} else {
			*sp = ts
		}
	case clear:
		*sp = span{}
		switch a.field {
		case fHost:
			st.hostKind = HostNone
		case fPath:
			st.pathKind = PathNone
		}
		return
	case prefix:
		if !sp.ok {
			*sp = span{b: ts.b, e: ts.b + uint32(len(a.lit)), ok: true}
		}
		return
	case emptyAfter:
		if st.npending < len(st.pending) {
			st.pending[st.npending] = a
			st.npending++
		}
		return
	}
	switch {
	case a.kind == 0:
	case a.field == fHost && st.hostKind == HostNone:
		st.hostKind = HostKind(a.kind)
	case a.field == fPath && st.pathKind == PathNone:
		st.pathKind = PathKind(a.kind)
		if a.kind == byLeadingSlash {
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
func (info *version) walker() (*walker, error) {
	info.walkOnce.Do(func() {
		info.walk, info.walkErr = newWalker(info.grammar, info.fills)
		if info.walk != nil {
			info.walk.pathDefined = info.pathDefined
		}
	})
	return info.walk, info.walkErr
}

// A Node is one match of a grammar rule in a parse tree: the rule's name in the document, the
// span of input it matched, and the matches of the rules inside it, in input order. A rule
// that matched the empty string is a node too, with Begin == End.
//
// The tree has a node for each match of a rule of the document. A rule that only the PEG
// transcription has (Grammar.Rules[i] == "") has none: the nodes inside its match are
// children of the node around it. Character-set rules that a transcription writes inline (its
// "# folded" rules) have no matches, hence no nodes.
type Node struct {
	Rule       string // the rule's name in the document, such as "hostport"
	Begin, End int    // the matched text is the input's [Begin:End]
	Text       string
	Children   []*Node
}

// Preorder returns an iterator over the nodes of the tree rooted at node, in depth-first
// preorder (each node before its children, the children in input order). Stopping the
// iteration early stops the traversal; a nil node yields nothing.
func Preorder(node *Node) iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		preorder(node, yield)
	}
}

// preorder yields node and its descendants, and reports whether to go on.
func preorder(node *Node, yield func(*Node) bool) bool {
	if node == nil {
		return true
	}
	if !yield(node) {
		return false
	}
	for _, c := range node.Children {
		if !preorder(c, yield) {
			return false
		}
	}
	return true
}

// ParseTreeRule returns the parse tree of s, read as mode says, under the rule named rule of
// v's grammar ("" for the rule of Validate), as ValidateRule holds it: its root is that rule's
// match. A rejection is the *SyntaxError of ValidateRule.
func ParseTreeRule(v Version, rule, s string, mode Mode) (*Node, error) {
	info, start, rule, err := startFor("parse", v, rule, s, mode)
	if err != nil {
		return nil, err
	}
	p, err := runInput(v, info, start, rule, s, mode, pegrt.AllRules)
	if err != nil {
		return nil, err
	}
	root := buildTree(info.grammar, p, s)
	info.release(p)
	return root, nil
}

// buildTree makes the tree of the tokens p holds, in one pass over them: each token's
// children are the nodes, not yet placed, of the tokens inside it.
func buildTree(g *pegrt.Grammar, p pegrt.Parser, s string) *Node {
	tokens := p.Tokens()
	count := 0
	for i := range tokens {
		if g.Rules[tokens[i].Rule] != "" {
			count++
		}
	}
	nodes := make([]Node, count)
	children := make([]*Node, count) // every node is the child of at most one other
	// open are the nodes made so far that no node is around yet: their numbers in nodes, and
	// those of their tokens. It holds at most every node, and is made that large at once so
	// that a flat tree (a path of a million segments) does not regrow it.
	type open struct{ node, token uint32 }
	stack := make([]open, 0, count)
	used, next := 0, 0
	for i := range tokens {
		t := &tokens[i]
		if g.Rules[t.Rule] == "" {
			continue // its nodes stay open, for the node around it
		}
		j := len(stack)
		for j > 0 && stack[j-1].token >= t.First {
			j--
		}
		node := &nodes[next]
		*node = Node{Rule: g.Rules[t.Rule], Begin: int(t.Begin), End: int(t.End), Text: s[t.Begin:t.End]}
		if k := len(stack) - j; k > 0 {
			node.Children = children[used : used+k : used+k]
			for c := range k {
				node.Children[c] = &nodes[stack[j+c].node]
			}
			used += k
		}
		stack = append(stack[:j], open{node: uint32(next), token: uint32(i)})
		next++
	}
	if len(stack) != 1 {
		// The start rule's match holds every other: one node is left, unless the grammar's
		// start rule itself were PEG-only, which gen does not allow.
		root := &Node{Begin: 0, End: len(s), Text: s}
		for _, o := range stack {
			root.Children = append(root.Children, &nodes[o.node])
		}
		return root
	}
	return &nodes[stack[0].node]
}

// ParseTreeNodesRule is ParseTreeRule for an input whose tree is too large to hold (a path
// of millions of segments): it returns an iterator over the nodes of the tree that
// ParseTreeRule would return, in the order of Preorder, each with its depth in the tree (the
// root's is 0). The nodes are made one at a time as the iteration reaches them, and have no
// Children; the iteration holds the parse's tokens and, at most, the children of each node on
// the path to the current one. A rejection is the *SyntaxError of ValidateRule.
func ParseTreeNodesRule(v Version, rule, s string, mode Mode) (iter.Seq2[int, Node], error) {
	info, start, rule, err := startFor("parse", v, rule, s, mode)
	if err != nil {
		return nil, err
	}
	p, err := runInput(v, info, start, rule, s, mode, pegrt.AllRules)
	if err != nil {
		return nil, err
	}
	// p is not given back to the pool: the iterator may be used any number of times.
	return func(yield func(int, Node) bool) {
		preorderTokens(info.grammar, p.Tokens(), s, yield)
	}, nil
}

// preorderTokens yields the nodes of the tree of tokens, as buildTree makes it, in preorder
// with their depths. The tokens are in post-order, from which each token's children are
// found from the last to the first (the last is the token before it, and each one's
// previous sibling the token before its own first token): they are stacked in that order,
// so that the first is taken first.
func preorderTokens(g *pegrt.Grammar, tokens []pegrt.Token, s string, yield func(int, Node) bool) {
	var stack []uint32 // the tokens still to visit, the next on top
	// A group is the children of one token, stacked from stack[start] on, at one depth.
	type group struct{ start, depth int }
	var groups []group
	push := func(first, end, depth int) { // the tokens whose subtrees fill tokens[first:end]
		groups = append(groups, group{start: len(stack), depth: depth})
		for j := end - 1; j >= first; j = int(tokens[j].First) - 1 {
			stack = append(stack, uint32(j))
		}
	}
	last := len(tokens) - 1
	if last >= 0 && tokens[last].First == 0 && g.Rules[tokens[last].Rule] != "" {
		push(0, len(tokens), 0) // the start rule's match, which holds every other
	} else {
		// As buildTree: a root around the matches that no match holds.
		if !yield(0, Node{Begin: 0, End: len(s), Text: s}) {
			return
		}
		push(0, len(tokens), 1)
	}
	for len(stack) > 0 {
		top := len(stack) - 1
		for groups[len(groups)-1].start > top {
			groups = groups[:len(groups)-1]
		}
		depth := groups[len(groups)-1].depth
		j := int(stack[top])
		stack = stack[:top]
		t := &tokens[j]
		if name := g.Rules[t.Rule]; name != "" {
			if !yield(depth, Node{Rule: name, Begin: int(t.Begin), End: int(t.End), Text: s[t.Begin:t.End]}) {
				return
			}
			depth++
		} // else its children stand in its place, at its depth
		if int(t.First) < j {
			push(int(t.First), j, depth)
		}
	}
}
