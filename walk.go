package urlgrammar

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// This file compiles a version's fills (fills.go) into a walker, and holds the one walk over a
// parse's tokens that fills a URL with it. The parse tree API is in tree.go.

// A walker fills URLs from the parses of one grammar.
//
// It holds the fills compiled into a table of what to do with a match of each rule in each
// context, where a match's context is the parent that its nearest enclosing frame is (a fill
// names few parents) or none: the walk reads one entry per token, with no search through the
// fills of its rule for the ones that hold for its parent.
type walker struct {
	// entries holds the entry of rule number r in context c at r*contexts+c; steps holds
	// the steps that the entries name.
	entries  []entry
	steps    []step
	contexts int // the number of contexts: 1 and the number of rules that fills name as parent
	// pathDefined: the document says "the path component is never undefined, though it may be
	// empty" (RFC 2396, the 1997 and 2003 drafts, section 5.2), so a reference whose grammar
	// derivation has no path rule has an empty path, where the path would stand.
	pathDefined bool
	// qualified says that some fill has a parent: only then does the walk keep the stack of
	// enclosing matches that gives each match its context. qualifiedGeneric says that some
	// fill of a generic component has one: only then does the walk of Parse keep it.
	qualified, qualifiedGeneric bool
	// record holds the rules whose tokens the walk reads for the generic components: the
	// rules of the fills of those (a fill of opHide, which hides the matches inside it,
	// among them), and, if qualifiedGeneric, the parents of every fill. Parse records no
	// others: a parent that only the fills of details name (RFC 2396's segment, the parent
	// of param) is not recorded where no context changes a generic component.
	// recordDetails adds the rules of the fills of the details (Segments and Parts).
	record, recordDetails pegrt.RuleSet
	// parts holds the rules of the fills of opPart: the rules whose matches are parts.
	parts pegrt.RuleSet
	// pending holds the pending steps (op.pending), by step.bit, which the walk applies once
	// it is done, in this order.
	pending []step
}

// An entry is what the walk does with a match of one rule in one context: the steps
// steps[first:generic] for the generic components, then those up to all for the details.
type entry struct {
	first, generic, all uint16
	// set, when not fNone, says that the one generic step sets that component (opSet), and
	// host and path are the kinds it sets: the walk does it without reading the step.
	set  field
	host HostKind
	path PathKind
	// prefix, when not fNone, says that the one generic step fills that component with the
	// first n bytes of the match (opPrefix), and reset that it empties that component
	// (opReset): the scheme named by a literal of its rule, and RFC 1738's ip-schemepart,
	// which the walk does without reading the step either.
	prefix, reset field
	n             uint8
	// leaf says to skip the matches inside: some fill that holds here is a leaf.
	leaf bool
	// frame says that the match is the nearest enclosing frame of the matches inside it,
	// for which it makes the context push: the rule is a rule of the document
	// (Grammar.Rules[i] != "") of a generic fill or a parent. The tokens that only
	// recordDetails adds are no frames, so that the walk finds the same parents with them as
	// without.
	frame bool
	push  uint8
}

// maxPending is the number of pending fills (op.pending) that a walker holds: a walk keeps
// which of them it has met in the bits of a byte (walkState.pending). RFC 1738 has five,
// fileurl's three and those of gopherurl and telneturl.
const maxPending = 8

// A resolved fill is a fill with the number of its parent's rule, -1 for none.
type resolved struct {
	*fill
	parentRule int
}

// newWalker compiles fills for g. It refuses fills that do not fit together: a rule that g
// does not have, a kind on a fill of another component, more pending fills than a walk holds.
func newWalker(g *pegrt.Grammar, fills []fill) (*walker, error) {
	if len(g.Rules) > pegrt.MaxRules {
		return nil, fmt.Errorf("%s has %d rule numbers, more than a pegrt.RuleSet holds", g.ID, len(g.Rules))
	}
	fills, pending, err := checkFills(g.ID, fills)
	if err != nil {
		return nil, err
	}
	w := &walker{contexts: 1, pending: pending}
	byRule, context, parents, err := w.resolve(g, fills, ruleNumbers(g, fills))
	if err != nil {
		return nil, err
	}
	// The frames are the matches of the rules of the generic fills and of the parents, in
	// both walks, whether Parse records the parents or not.
	var frames pegrt.RuleSet
	for i := range frames {
		frames[i] = w.record[i] | parents[i]
	}
	w.compileEntries(g, byRule, context, frames)
	w.settleContexts(g, frames)
	if len(w.steps) > math.MaxUint16 {
		return nil, fmt.Errorf("the fills of %s compile to %d steps, more than an entry can name", g.ID, len(w.steps))
	}
	return w, nil
}

// checkFills returns a copy of fills whose pending fills are numbered (step.bit), and their
// steps in the order of the fills. It refuses a kind on a fill that fills another component,
// and more pending fills than a walk holds (maxPending).
func checkFills(id string, fills []fill) ([]fill, []step, error) {
	fills = slices.Clone(fills)
	var pending []step
	for i := range fills {
		f := &fills[i]
		kinds := f.op == opSet || f.op == opUnion || f.op == opRest
		switch {
		case f.host != HostNone && f.op != opHostKind && !(kinds && f.field == fHost):
			return nil, nil, fmt.Errorf("the fills of %s: a fill of %s sets the host kind %v but fills no host", id, f.rule, f.host)
		case (f.path != PathNone || f.bySlash) && f.op != opPathKind && !(kinds && f.field == fPath):
			return nil, nil, fmt.Errorf("the fills of %s: a fill of %s sets a path kind but fills no path", id, f.rule)
		}
		if f.op.pending() {
			f.bit = uint8(len(pending))
			pending = append(pending, f.step)
		}
	}
	if len(pending) > maxPending {
		return nil, nil, fmt.Errorf("the fills of %s have %d pending fills (emptyAfter, sameAs), more than the %d that a walk holds", id, len(pending), maxPending)
	}
	return fills, pending, nil
}

// ruleNumbers returns the rule numbers of each name that fills may use: a rule of the
// document may have two, where the .peg has a context-bound copy of it (an extra rule "as"
// it), which a fill names by its PEG name.
func ruleNumbers(g *pegrt.Grammar, fills []fill) map[string][]int {
	number := map[string][]int{}
	for i, name := range g.Rules {
		if name != "" {
			number[name] = append(number[name], i)
		}
	}
	// A rule that only the PEG has is named by its PEG name, and so is a copy: a rule number
	// whose PEG name is not that of its rule of the document.
	copies := map[string]int{}
	for i, name := range g.PEGRules {
		switch {
		case g.Rules[i] == "":
			if _, ok := number[name]; !ok {
				number[name] = []int{i}
			}
		case name != pegrt.PEGName(g.Rules[i]):
			copies[name] = i
		}
	}
	// A copy that some fill names by its PEG name takes those fills alone.
	for _, f := range fills {
		if i, ok := copies[f.rule]; ok {
			bnf := g.Rules[i]
			number[bnf] = slices.DeleteFunc(number[bnf], func(n int) bool { return n == i })
			number[f.rule] = []int{i}
		}
	}
	return number
}

// resolve finds the rules that fills name, by number: it returns the fills of each rule
// number with the rule numbers of their parents, the context of each rule that fills name as
// parent (0 for the others) and the parents, and sets the contexts and the rules that w
// records.
func (w *walker) resolve(g *pegrt.Grammar, fills []fill, number map[string][]int) (byRule [][]resolved, context []uint8, parents pegrt.RuleSet, err error) {
	byRule = make([][]resolved, len(g.Rules))
	context = make([]uint8, len(g.Rules))
	var unknown []string
	for i := range fills {
		f := resolved{fill: &fills[i], parentRule: -1}
		if f.parent != "" {
			ns, found := number[f.parent]
			if !found || len(ns) != 1 {
				unknown = append(unknown, f.parent)
				continue
			}
			f.parentRule = ns[0]
			if context[ns[0]] == 0 {
				context[ns[0]] = uint8(w.contexts)
				w.contexts++
			}
			parents.Add(ns[0])
			w.recordDetails.Add(ns[0])
			w.qualified = true
		}
		ns, found := number[f.rule]
		if !found {
			unknown = append(unknown, f.rule)
			continue
		}
		for _, n := range ns {
			byRule[n] = append(byRule[n], f)
			w.recordDetails.Add(n)
			if f.op == opPart {
				w.parts.Add(n)
			}
			if !f.op.detail() {
				w.record.Add(n)
			}
		}
	}
	if len(unknown) > 0 {
		return nil, nil, parents, fmt.Errorf("the fills of %s name rules its grammar does not have: %s", g.ID, strings.Join(unknown, ", "))
	}
	return byRule, context, parents, nil
}

// compileEntries fills w.entries and w.steps: for each rule number and context, the fills
// that hold there (those with the context's rule as parent if there are any, and otherwise
// those with no parent), compiled.
func (w *walker) compileEntries(g *pegrt.Grammar, byRule [][]resolved, context []uint8, frames pegrt.RuleSet) {
	// The rule of each context, by context (none for 0).
	contextRule := make([]int, w.contexts)
	contextRule[0] = -1
	for n, c := range context {
		if c != 0 {
			contextRule[c] = n
		}
	}
	w.entries = make([]entry, len(g.Rules)*w.contexts)
	for n, fs := range byRule {
		for c := range w.contexts {
			var holding []resolved
			for _, f := range fs {
				if c > 0 && f.parentRule == contextRule[c] {
					holding = append(holding, f)
				}
			}
			e := &w.entries[n*w.contexts+c]
			if c > 0 && holding == nil {
				*e = w.entries[n*w.contexts] // as in no context
				continue
			}
			if holding == nil {
				for _, f := range fs {
					if f.parentRule < 0 {
						holding = append(holding, f)
					}
				}
			}
			e.frame = w.qualified && g.Rules[n] != "" && frames.Has(n)
			e.push = context[n]
			w.compileEntry(e, holding)
		}
	}
}

// compileEntry makes e the entry of the fills holding: their generic steps, then their
// details, each in the order of the fills.
func (w *walker) compileEntry(e *entry, holding []resolved) {
	e.first = uint16(len(w.steps))
	for _, details := range []bool{false, true} {
		for _, f := range holding {
			e.leaf = e.leaf || f.skips
			if f.op != opHide && f.op.detail() == details {
				w.steps = append(w.steps, f.step)
			}
		}
		if !details {
			e.generic = uint16(len(w.steps))
		}
	}
	e.all = uint16(len(w.steps))
	if e.generic == e.first+1 {
		switch s := w.steps[e.first]; {
		case s.op == opSet && !s.bySlash:
			e.set, e.host, e.path = s.field, s.host, s.path
		case s.op == opPrefix && len(s.lit) <= math.MaxUint8:
			e.prefix, e.n = s.field, uint8(len(s.lit))
		case s.op == opReset:
			e.reset = s.field
		}
	}
}

// settleContexts decides whether the walk of Parse keeps the contexts, and records the
// parents: only where a context changes what it does with a match that it records, its
// generic steps or whether it is a leaf. Where only details depend on a parent (RFC 2396's
// param in a segment), Parse records neither the parent's matches nor the stack; a parent
// that it then does not record must change nothing by its own match.
func (w *walker) settleContexts(g *pegrt.Grammar, frames pegrt.RuleSet) {
	for n := range g.Rules {
		if !w.qualified || w.qualifiedGeneric || !frames.Has(n) {
			continue
		}
		e0 := &w.entries[n*w.contexts]
		for c := range w.contexts {
			e := &w.entries[n*w.contexts+c]
			if e.leaf != e0.leaf || !slices.Equal(w.steps[e.first:e.generic], w.steps[e0.first:e0.generic]) {
				w.qualifiedGeneric = true
			}
		}
		if !w.record.Has(n) && (e0.leaf || e0.first < e0.generic) {
			w.qualifiedGeneric = true
		}
	}
	if w.qualifiedGeneric {
		w.record = frames
	}
}

// walkState is what one walk has found, besides the components.
type walkState struct {
	// pending holds, bit i for walker.pending[i], the pending steps of the matches visited,
	// which finish applies.
	pending uint8

	// withDetails says to find the details too, which Parse leaves out.
	withDetails bool
	details
}

// add adds the item of kind k at s, a match of rule number rule.
func (d *details) add(k itemKind, rule uint32, s span) {
	d.items = append(d.items, item{b: s.b, e: s.e})
	d.tags = append(d.tags, itemTag{kind: k, rule: uint8(rule)})
}

// frame is an enclosing match of a named rule during the walk: where the tokens inside it
// begin, and the context it gives them.
type frame struct {
	first   uint32
	context uint8
}

// walk fills c, and the details of st if it asks for them, from the tokens of the parse p
// holds, of the input raw. c is zero to begin with.
//
// It visits the tokens from last to first. The tokens are in post-order, so this visits every
// match before the matches inside it (the outermost first, and among siblings the rightmost
// first). A leaf skips the tokens inside its match. For the generic components it reads the
// tokens of the rules in w.record alone, and for the details those of w.recordDetails: p may
// hold those or every token.
func (w *walker) walk(p *pegrt.Machine, raw string, c *components, st *walkState) {
	if st.withDetails || w.qualifiedGeneric {
		w.walkFramed(p.Tokens(), raw, c, st)
	} else {
		w.walkFlat(p.Tokens(), raw, c, st)
	}
	st.finish(c, raw, w.pending)
	if path := &c.at[fPath-1]; w.pathDefined && path.e1 == 0 {
		var b uint32
		if a := c.at[fAuthority-1]; a.e1 != 0 {
			b = a.e1 - 1
		} else if sc := c.at[fScheme-1]; sc.e1 != 0 {
			b = sc.e1 // after the ":"
		}
		*path = at{b: b, e1: b + 1}
		c.pathKind = PathEmpty
	}
}

// walkFlat is the walk of Parse where no match's context changes what is done with a generic
// component: every match is in context 0, and there are no details to find. It is walkFramed's
// loop without the stack, kept apart: one loop that skips the stack where it is not needed
// costs 40 % more per match, its variables no longer held in registers.
func (w *walker) walkFlat(tokens []pegrt.Token, raw string, c *components, st *walkState) {
	entries, contexts := w.entries, w.contexts
	for i := len(tokens) - 1; i >= 0; i-- {
		t := &tokens[i]
		e := &entries[int(t.Rule)*contexts]
		if e.set != fNone {
			c.set(e, t) // most matches: one component set, inline
		} else if e.first < e.generic {
			st.visit(c, e, w.steps, t, raw)
		}
		if e.leaf {
			i = int(t.First) // skip the tokens inside
		}
	}
}

// walkFramed is the walk with the stack of enclosing frames that gives each match its
// context, and the walk that finds the details.
func (w *walker) walkFramed(tokens []pegrt.Token, raw string, c *components, st *walkState) {
	var stackArray [16]frame
	stack := stackArray[:0]
	entries, contexts, withDetails := w.entries, w.contexts, st.withDetails
	for i := len(tokens) - 1; i >= 0; i-- {
		t := &tokens[i]
		for len(stack) > 0 && int(stack[len(stack)-1].first) > i {
			stack = stack[:len(stack)-1]
		}
		context := uint8(0)
		if len(stack) > 0 {
			context = stack[len(stack)-1].context
		}
		e := &entries[int(t.Rule)*contexts+int(context)]
		if e.set != fNone && !withDetails {
			c.set(e, t) // most matches: one component set, inline
		} else if e.first < e.all {
			st.visit(c, e, w.steps, t, raw)
		}
		if e.leaf {
			i = int(t.First) // skip the tokens inside
			continue
		}
		// A frame that gives the matches inside it the context they are in already
		// changes nothing: it is not kept.
		if e.frame && e.push != context {
			stack = append(stack, frame{first: t.First, context: e.push})
		}
	}
}

// set applies the one generic step of e, which sets a component (entry.set), to t: the
// outermost match wins, and most matches set a component that is still absent.
func (c *components) set(e *entry, t *pegrt.Token) {
	f := e.set
	if a := &c.at[f-1]; a.e1 == 0 {
		*a = at{b: t.Begin, e1: t.End + 1}
		if f == fHost && c.hostKind == HostNone {
			c.hostKind = e.host
		}
		if f == fPath && c.pathKind == PathNone {
			c.pathKind = e.path
		}
	}
}

// visit applies the steps of e to t, a match in raw: the generic ones, and the details if st
// asks for them.
func (st *walkState) visit(c *components, e *entry, steps []step, t *pegrt.Token, raw string) {
	switch {
	case e.set != fNone:
		c.set(e, t)
	case e.prefix != fNone:
		if a := &c.at[e.prefix-1]; a.e1 == 0 {
			*a = at{b: t.Begin, e1: t.Begin + uint32(e.n) + 1}
		}
	case e.reset != fNone:
		c.clear(e.reset)
	default:
		st.applyAll(c, steps[e.first:e.generic], t, raw)
	}
	if st.withDetails {
		st.applyAll(c, steps[e.generic:e.all], t, raw)
	}
}

// applyAll applies steps to t, a match in raw.
func (st *walkState) applyAll(c *components, steps []step, t *pegrt.Token, raw string) {
	for i := range steps {
		st.apply(c, &steps[i], t, raw)
	}
}

// apply applies s to t, a match in raw.
func (st *walkState) apply(c *components, s *step, t *pegrt.Token, raw string) {
	switch s.op {
	case opHostKind:
		c.hostKind = s.host
		return
	case opPathKind:
		if c.pathKind == PathNone {
			c.pathKind = s.path
		}
		return
	case opPart:
		st.add(itemPart, t.Rule, span{b: t.Begin, e: t.End, ok: true})
		return
	case opSegment:
		st.add(itemSegment, t.Rule, span{b: t.Begin, e: t.End, ok: true})
		return
	case opParam:
		st.add(itemParam, t.Rule, span{b: t.Begin, e: t.End, ok: true})
		return
	}
	a := &c.at[s.field-1]
	switch s.op {
	case opSet:
		if a.e1 != 0 {
			return
		}
		*a = at{b: t.Begin, e1: t.End + 1}
	case opRest:
		if a.e1 != 0 {
			return
		}
		i := strings.Index(raw[t.Begin:t.End], s.lit)
		if i < 0 {
			return
		}
		*a = at{b: t.Begin + uint32(i+len(s.lit)), e1: t.End + 1}
	case opUnion:
		if a.e1 != 0 {
			a.b, a.e1 = min(a.b, t.Begin), max(a.e1, t.End+1)
		} else {
			*a = at{b: t.Begin, e1: t.End + 1}
		}
	case opReset:
		c.clear(s.field)
		return
	case opPrefix:
		if a.e1 == 0 {
			*a = at{b: t.Begin, e1: t.Begin + uint32(len(s.lit)) + 1}
		}
		return
	case opEmptyAfter, opSameAs:
		st.pending |= 1 << s.bit // newWalker made sure that the bit is in range
		return
	}
	if s.kinded() {
		c.kind(s, t, raw)
	}
}

// clear empties the component that fills f, and its kind.
func (c *components) clear(f field) {
	c.at[f-1] = at{}
	switch f {
	case fHost:
		c.hostKind = HostNone
	case fPath:
		c.pathKind = PathNone
	}
}

// kind sets the kind that s sets, for its match t, if none is set: a kind, like a span, is
// set by the outermost match that has one.
func (c *components) kind(s *step, t *pegrt.Token, raw string) {
	switch {
	case s.field == fHost && c.hostKind == HostNone:
		c.hostKind = s.host
	case s.field == fPath && c.pathKind == PathNone:
		c.pathKind = s.path
		if s.bySlash {
			c.pathKind = PathRelative
			if t.End > t.Begin && raw[t.Begin] == '/' {
				c.pathKind = PathAbsolute
			}
		}
	}
}

// finish applies the pending steps of the matches visited, of those that pending holds, in
// their order; settles the kinds; and puts the items in input order.
func (st *walkState) finish(c *components, raw string, pending []step) {
	for i := range pending { // none in most grammars
		s := &pending[i]
		if st.pending&(1<<i) == 0 {
			continue
		}
		a, from := &c.at[s.field-1], c.at[s.from-1]
		switch {
		case a.e1 != 0 || from.e1 == 0:
		case s.op == opSameAs:
			*a = from
		case strings.HasPrefix(raw[from.e1-1:], s.lit):
			b := from.e1 - 1 + uint32(len(s.lit))
			*a = at{b: b, e1: b + 1}
		}
	}
	if path := &c.at[fPath-1]; path.e1 != 0 {
		// A path ends where a component that follows it begins (see fPath).
		for _, a := range c.at[fParams-1 : fFragment] { // the components after the path
			if a.e1 != 0 && a.b > path.b && a.b < path.e1 {
				path.e1 = a.b
			}
		}
		if path.e1-1 == path.b {
			c.pathKind = PathEmpty
		}
	}
	switch host := c.at[fHost-1]; {
	case host.e1 == 0:
		c.hostKind = HostNone
	case host.e1-1 == host.b:
		c.hostKind = HostEmpty
	}
	if len(st.items) > 0 {
		st.inOrder()
	}
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
