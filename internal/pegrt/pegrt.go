// Package pegrt is the interface between the generated parsers (generated/<id>/) and the rest of
// urlgrammar. Nothing outside generated/ and this package knows how pointlander/peg works.
package pegrt

// Token is one successful match of a grammar rule, recorded by a generated parser.
//
// The tokens of a parse are listed in post-order: a rule's token comes after the tokens of
// every rule matched inside it, and those are exactly the tokens First through the token's own
// index minus one. Rule matches that consumed nothing are kept (Begin == End), so an empty
// component can be told from an absent one.
type Token struct {
	Rule       int // index into Grammar.Rules
	Begin, End int // byte offsets of the matched text in the input
	First      int // index of the first token inside this one (its own index if none)
}

// Parser is one generated parser. It is not safe for concurrent use; Grammar.New makes another.
type Parser interface {
	// Match reports whether the start rule numbered start (an index into Grammar.Starts)
	// matches the whole input. An input holding a NUL byte never matches.
	Match(start int, input string) bool
	// Recognize is Match without recording tokens: faster, for a verdict alone. It leaves
	// Len and Token undefined.
	Recognize(start int, input string) bool
	// Len is the number of tokens recorded by the last Match that returned true.
	Len() int
	// Token returns token i (0 <= i < Len()) of the last Match that returned true.
	Token(i int) Token
	// Capacity is the size of the token buffer the parser keeps between matches, in tokens.
	Capacity() int
}

// Grammar describes one generated parser package.
type Grammar struct {
	ID     string   // the version id, e.g. "rfc1738"
	Starts []string // the start rules by their BNF names; the first is the default
	// Rules holds, for each rule number of a Token, the BNF name of the rule, or "" for a rule
	// that only the PEG has (the start dispatcher, and rules declared "extra" in the .peg). An
	// extra rule declared "as" a BNF rule has that rule's name: two rule numbers may share one.
	Rules []string
	// PEGRules holds, for each rule number, the rule's name in the .peg file.
	PEGRules []string
	New      func() Parser // a new parser, ready to Match
}

// Start returns the number of the start rule named by its BNF name, or -1.
func (g *Grammar) Start(rule string) int {
	for i, s := range g.Starts {
		if s == rule {
			return i
		}
	}
	return -1
}
