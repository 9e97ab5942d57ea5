package urlgrammar

import (
	"iter"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// This file holds the parse tree API: the generic derivation of an input, a Node per match of
// a rule of the document, built from the same parse as a URL.

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
	info, p, err := parseAll(v, rule, s, mode)
	if err != nil {
		return nil, err
	}
	root := buildTree(info.grammar, p, s)
	info.release(p)
	return root, nil
}

// parseAll parses s as ValidateRule holds it, recording the match of every rule of the
// document (a token a node, none for the rules that only the PEG transcription has): the
// parser holds the tokens of the tree, and the caller gives it back with info.release.
func parseAll(v Version, rule, s string, mode Mode) (*engine, pegrt.Parser, error) {
	info, start, rule, err := startFor("parse", v, rule, s, mode)
	if err != nil {
		return nil, nil, err
	}
	p, err := runInput(v, info, start, rule, s, mode, info.named)
	return info, p, err
}

// buildTree makes the tree of the tokens p holds, in one pass over them: each token's
// children are the nodes, not yet placed, of the tokens inside it.
func buildTree(g *pegrt.Grammar, p pegrt.Parser, s string) *Node {
	tokens := p.Tokens()
	count := len(tokens) // parseAll records the matches of rules of the document alone
	nodes := make([]Node, count)
	children := make([]*Node, count) // every node is the child of at most one other
	// open are the nodes made so far that no node is around yet: their numbers in nodes, and
	// those of their tokens. It holds at most every node, and is made that large at once so
	// that a flat tree (a path of a million segments) does not regrow it; the tree of a URL
	// of usual length needs no allocation for it.
	type open struct{ node, token uint32 }
	var small [64]open
	stack := small[:0]
	if count > len(small) {
		stack = make([]open, 0, count)
	}
	used, next := 0, 0
	for i := range tokens {
		t := &tokens[i]
		j := len(stack)
		for j > 0 && stack[j-1].token >= t.First {
			j--
		}
		node := &nodes[next]
		node.Rule = g.Rules[t.Rule]
		node.Begin, node.End = int(t.Begin), int(t.End)
		node.Text = s[t.Begin:t.End]
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
	info, p, err := parseAll(v, rule, s, mode)
	if err != nil {
		return nil, err
	}
	// p is not given back to the pool: the iterator may be used any number of times. It keeps
	// the tokens alone, and lets go of the rest of p (a copy of s).
	tokens := p.Tokens()
	return func(yield func(int, Node) bool) {
		preorderTokens(info.grammar, tokens, s, yield)
	}, nil
}

// preorderTokens yields the nodes of the tree of tokens, as buildTree makes it, in preorder
// with their depths. The tokens are in post-order, from which each token's children are
// found from the last to the first (the last is the token before it, and each one's
// previous sibling the token before its own first token): they are stacked in that order,
// so that the first is taken first.
func preorderTokens(g *pegrt.Grammar, tokens []pegrt.Token, s string, yield func(int, Node) bool) {
	var small [64]uint32
	stack := tokenStack{top: small[:0]} // the tokens still to visit, the next on top
	// A group is the children of one token, stacked from the stack's start-th token on, at
	// one depth.
	type group struct{ start, depth int }
	var groups []group
	push := func(first, end, depth int) { // the tokens whose subtrees fill tokens[first:end]
		groups = append(groups, group{start: stack.n, depth: depth})
		for j := end - 1; j >= first; j = int(tokens[j].First) - 1 {
			stack.push(uint32(j))
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
	for stack.n > 0 {
		for groups[len(groups)-1].start >= stack.n {
			groups = groups[:len(groups)-1]
		}
		depth := groups[len(groups)-1].depth
		j := int(stack.pop())
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

// stackBlock is the size of a tokenStack's blocks, in tokens.
const stackBlock = 1 << 14

// A tokenStack is a stack of token numbers held in blocks, so that it grows without copying
// what it holds and takes little more than that: a flat tree (a path of a million segments)
// stacks every child of a node at once, and a stack regrown as it fills would allocate
// several times its size.
type tokenStack struct {
	n     int        // the number of tokens held
	top   []uint32   // the tokens on top: a block, or the first tokens while fewer than a block
	below [][]uint32 // the full blocks under top, the lowest first
	spare []uint32   // an empty block, kept for a stack that goes up and down across a block's end
}

func (s *tokenStack) push(t uint32) {
	if len(s.top) == cap(s.top) && cap(s.top) >= stackBlock {
		s.below = append(s.below, s.top)
		s.top, s.spare = s.spare, nil
		if s.top == nil {
			s.top = make([]uint32, 0, stackBlock)
		}
	}
	s.top = append(s.top, t)
	s.n++
}

// pop takes the token on top of s, which holds one.
func (s *tokenStack) pop() uint32 {
	if len(s.top) == 0 {
		s.spare = s.top
		s.top, s.below = s.below[len(s.below)-1], s.below[:len(s.below)-1]
	}
	s.n--
	t := s.top[len(s.top)-1]
	s.top = s.top[:len(s.top)-1]
	return t
}
