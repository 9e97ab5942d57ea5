package urlgrammar

import (
	"iter"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// This file holds the parse tree API: the generic derivation of an input, a Node per match of
// a rule of the document, read from the same parse as a URL.

// A Node is one match of a grammar rule in a parse tree: the rule's name in the document, the
// span of input it matched, and, through Children, the matches of the rules inside it, in
// input order. A rule that matched the empty string is a node too, with Begin == End.
//
// The tree has a node for each match of a rule of the document. A rule that only the PEG
// transcription has (Grammar.Rules[i] == "") has none: the nodes inside its match are
// children of the node around it. Character-set rules that a transcription writes inline (its
// "# folded" rules) have no matches, hence no nodes.
//
// A Node is a small value, made when ParseTreeRule, Children or Preorder reaches it; the tree
// itself is held once, 16 bytes a node. Two Nodes are equal when they are the same match of
// the same call of ParseTreeRule. The zero Node, and any Node not made by this package, has no
// children and no tree: Preorder yields nothing for it.
type Node struct {
	Rule       string // the rule's name in the document, such as "hostport"
	Begin, End int    // the matched text is the input's [Begin:End]
	Text       string
	tree       *tree // the matches of the parse that n is one of
	index      int   // n's token in tree.tokens; len(tree.tokens) for a root around them all
}

// A tree is the storage of a parse tree: the parse's tokens as the parser records them, a
// token a node (parseAll records the matches of the document's rules alone). They are in
// postorder, each token after the tokens inside it, which are those from its First on: a
// token's last child is the token before it, and each child's previous sibling the token
// before the child's own First.
type tree struct {
	grammar *pegrt.Grammar // for the rules' names
	s       string         // the input, for the nodes' texts
	tokens  []pegrt.Token
}

// node returns the node of token i, or of the root around every token when i is
// len(t.tokens).
func (t *tree) node(i int) Node {
	if i == len(t.tokens) {
		return Node{Begin: 0, End: len(t.s), Text: t.s, tree: t, index: i}
	}
	tok := &t.tokens[i]
	return Node{Rule: t.grammar.Rules[tok.Rule], Begin: int(tok.Begin), End: int(tok.End), Text: t.s[tok.Begin:tok.End], tree: t, index: i}
}

// first returns the first token inside the node of token i (i itself if none).
func (t *tree) first(i int) int {
	if i == len(t.tokens) {
		return 0
	}
	return int(t.tokens[i].First)
}

// Children returns an iterator over the nodes directly inside n, in input order. Stopping the
// iteration early stops it; the zero Node has none.
func (n Node) Children() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		t := n.tree
		if t == nil {
			return
		}
		// The children are found from the last to the first, and yielded the other way.
		var small [16]uint32
		children := small[:0]
		for c := n.index - 1; c >= t.first(n.index); c = int(t.tokens[c].First) - 1 {
			children = append(children, uint32(c))
		}
		for i := len(children) - 1; i >= 0; i-- {
			if !yield(t.node(int(children[i]))) {
				return
			}
		}
	}
}

// Preorder returns an iterator over n and the nodes inside it, in depth-first preorder (each
// node before its children, the children in input order), each with its depth below n (n's is
// 0). Stopping the iteration early stops the traversal; the zero Node yields nothing. It holds,
// besides the tree, at most the children of each node on the path from n to the current one,
// 4 bytes each: a tree of millions of nodes, from an input of as many bytes, is walked in
// memory in proportion to it.
func Preorder(n Node) iter.Seq2[int, Node] {
	return func(yield func(int, Node) bool) {
		if n.tree == nil || !yield(0, n) {
			return
		}
		t := n.tree
		var smallStack [64]uint32
		var smallGroups [16]childGroup
		w := preorderState{stack: tokenStack{top: smallStack[:0]}, groups: smallGroups[:0]}
		w.push(t, n.index, 1)
		for w.stack.n > 0 {
			for w.groups[len(w.groups)-1].start >= w.stack.n {
				w.groups = w.groups[:len(w.groups)-1]
			}
			depth := w.groups[len(w.groups)-1].depth
			j := int(w.stack.pop())
			if !yield(depth, t.node(j)) {
				return
			}
			if int(t.tokens[j].First) < j {
				w.push(t, j, depth+1)
			}
		}
	}
}

// A preorderState is the state of Preorder: the tokens still to visit, and the depths they are
// at.
type preorderState struct {
	stack  tokenStack // the next on top
	groups []childGroup
}

// A childGroup is the children of one node, stacked from the stack's start-th token on, at one
// depth.
type childGroup struct{ start, depth int }

// push stacks the children of t's token parent, at depth, the last first.
func (w *preorderState) push(t *tree, parent, depth int) {
	w.groups = append(w.groups, childGroup{start: w.stack.n, depth: depth})
	for c := parent - 1; c >= t.first(parent); c = int(t.tokens[c].First) - 1 {
		w.stack.push(uint32(c))
	}
}

// ParseTreeRule returns the parse tree of s, read as mode says, under the rule named rule of
// v's grammar ("" for the rule of Validate), as ValidateRule holds it: its root is that rule's
// match. A rejection is the *SyntaxError of ValidateRule.
//
// The tree takes 16 bytes a node, and the nodes are made as Children and Preorder reach them:
// a tree too large to hold as values (a path of millions of segments) is walked with Preorder
// in memory in proportion to the input.
func ParseTreeRule(v Version, rule, s string, mode Mode) (Node, error) {
	info, p, err := parseAll(v, rule, s, mode)
	if err != nil {
		return Node{}, err
	}
	t := &tree{grammar: info.grammar, s: s}
	if tokens := p.Tokens(); len(tokens) > largeTokens && cap(tokens) <= 2*len(tokens) {
		// A long input's tokens stay where the parser put them, and p is not given back to
		// the pool: a copy would hold them twice at once, 16 bytes a node more. The parser's
		// buffer, grown to what the input needs (pegrt's Machine.grow), is at most twice
		// the tokens; a buffer left larger by an earlier input is copied from and pooled.
		t.tokens = tokens
	} else {
		// An ordinary input's tokens are copied to a slice of their own size, and p goes
		// back to the pool for the next parse.
		t.tokens = make([]pegrt.Token, len(tokens))
		copy(t.tokens, tokens)
		info.release(p)
	}
	// The start rule's match holds every other, unless that rule had no match recorded,
	// which gen does not allow of a start rule: then a root is made around the matches.
	if last := len(t.tokens) - 1; last >= 0 && t.tokens[last].First == 0 {
		return t.node(last), nil
	}
	return t.node(len(t.tokens)), nil
}

// parseAll parses s as ValidateRule holds it, recording the match of every rule of the
// document (a token a node, none for the rules that only the PEG transcription has): the
// parser holds the tokens of the tree, and the caller gives it back with info.release.
func parseAll(v Version, rule, s string, mode Mode) (*engine, *pegrt.Machine, error) {
	info, start, rule, err := startFor("parse", v, rule, s, mode)
	if err != nil {
		return nil, nil, err
	}
	read := readAs(s, mode)
	p, ok := run(info, start, read, info.named)
	if !ok {
		info.release(p)
		return nil, nil, newSyntaxError(v, rule, s, read)
	}
	return info, p, nil
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
