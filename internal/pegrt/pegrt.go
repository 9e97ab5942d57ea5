// Package pegrt is the interface between the generated parsers (generated/<id>/) and the rest of
// urlgrammar, and the run-time that every generated parser shares. Nothing outside generated/
// and this package knows how pointlander/peg works.
package pegrt

// Token is one successful match of a grammar rule, recorded by a generated parser.
//
// The tokens of a parse are listed in post-order: a rule's token comes after the tokens of
// every rule matched inside it, and those are exactly the tokens First through the token's own
// index minus one. Rule matches that consumed nothing are kept (Begin == End), so an empty
// component can be told from an absent one.
//
// Its fields are 32 bits wide, as Machine.Position is: a token is 16 bytes, and a parse may
// hold a few per byte of input.
type Token struct {
	Rule       uint32 // index into Grammar.Rules
	Begin, End uint32 // byte offsets of the matched text in the input
	First      uint32 // index of the first token inside this one (its own index if none)
}

// Grammar describes one generated parser package.
type Grammar struct {
	ID string // the version id, e.g. "rfc1738"
	// Starts holds the document's own entry points by their BNF names; the first is the
	// default. Every rule of the document can be matched (see Rule); these are the ones the
	// document means a URL to be read as.
	Starts []string
	// Default is the rule number of Starts[0].
	Default int
	// DocumentRules holds every rule of the document (the .bnf), in its order; each can be
	// matched on its own.
	DocumentRules []string
	// Entry maps each rule of the document to the number of the rule that matches it alone
	// (and any other name to -1): its PEG rule, or the extra rule declared "alone" for it in
	// the .peg, where its PEG rule is written for the context it stands in.
	Entry func(name string) int
	// Rules holds, for each rule number of a Token, the BNF name of the rule, or "" for a rule
	// that only the PEG has (rules declared "extra" in the .peg, and the numbers that no rule
	// has). An extra rule declared "as" a BNF rule has that rule's name: two rule numbers may
	// share one.
	Rules []string
	// PEGRules holds, for each rule number, the rule's name in the .peg file.
	PEGRules []string
	// New returns a new parser of the grammar, ready to Match: the Machine of a value of
	// the generated parser type, whose Rules hold that value's rule methods. A parser is not
	// safe for concurrent use; New makes another.
	New func() *Machine
}

// Rule returns the number of the rule that matches the rule of the document named name (its
// BNF name) alone, or -1.
func (g *Grammar) Rule(name string) int { return g.Entry(name) }

// PEGName maps a BNF rule name to its PEG rule name: "-" is written "_" and "+" "plus".
// It is the only mapping between the two (grammar/README.md).
func PEGName(bnfName string) string {
	b := make([]byte, 0, len(bnfName)+3)
	for i := 0; i < len(bnfName); i++ {
		switch c := bnfName[i]; c {
		case '-':
			b = append(b, '_')
		case '+':
			b = append(b, "plus"...)
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// EndSymbol follows the input in Machine.Buffer. Only a character set that holds NUL accepts
// it; the one such set is RFC 2396's control = %x00-1F | %x7F, a rule of one character that no
// rule uses, so no match reads past the end marker. A match that ends at a NUL before the end
// of the input is no match of the input (Machine.Match), and a match that consumed the end
// marker ends past the input, which is no match either.
const EndSymbol = 0

// MaxRules is the number of rule numbers that a RuleSet holds: every generated grammar has
// fewer rules (gen checks it).
const MaxRules = 128

// A RuleSet is a set of rule numbers below MaxRules.
type RuleSet [MaxRules / 64]uint64

// AllRules holds every rule number.
var AllRules = RuleSet{^uint64(0), ^uint64(0)}

// Add adds the rule numbered rule to s.
func (s *RuleSet) Add(rule int) { s[rule/64] |= 1 << (rule % 64) }

// Has reports whether s holds the rule numbered rule.
func (s *RuleSet) Has(rule int) bool { return s[rule/64]&(1<<(rule%64)) != 0 }

// Machine is the state and run-time that every generated parser embeds: the input, the
// position in it, and the tokens recorded so far. The generated rule methods read and advance
// Position in Buffer and record their matches with Add; Rules, set by the generated package,
// holds them by rule number.
type Machine struct {
	Buffer     []byte // the input followed by EndSymbol
	Position   uint32 // the offset of the next byte to match
	TokenIndex uint32 // the number of tokens recorded, and the index of the next
	// record holds the rules whose matches Add records: none while recognizing.
	record RuleSet
	Rules  []func() bool // the rule methods by rule number; nil where there is none
	// tokens is the token buffer, used up to TokenIndex during a match and up to n after
	// one. Its length is its capacity: Add writes into it, and only a full buffer makes a
	// new one (grow), so recording a token does not store the slice again.
	tokens []Token
	n      int // the number of tokens of the last match that returned true
}

// Add records a match of rule from begin to Position, whose inner tokens begin at first.
// The generated code calls it with a constant rule: inlined, the test of record is one load
// and one bit test.
func (m *Machine) Add(rule, begin, first uint32) {
	if m.record[rule/64]&(1<<(rule%64)) == 0 {
		return
	}
	if int(m.TokenIndex) >= len(m.tokens) {
		m.grow()
	}
	m.tokens[m.TokenIndex] = Token{Rule: rule, Begin: begin, End: m.Position, First: first}
	m.TokenIndex++
}

// grow makes the token buffer larger, keeping the tokens recorded so far. Its new size is what
// the whole input (and the end marker) will need if it holds as many tokens per byte as the
// part read so far, and an eighth more (a URL's first bytes, its scheme and host, hold fewer
// tokens than a long path after them): on a long input whose tokens are spread evenly (a path
// of a million segments) the buffer grows once to a little more than its tokens, where
// doubling would allocate twice their size and copy them as often. It grows by at least an
// eighth, so that the copies stay linear in the input whatever its shape. It is small enough
// for Add, which the generated code inlines at every rule's end, to inline it.
func (m *Machine) grow() {
	t := make([]Token, uint64(len(m.tokens))*uint64(len(m.Buffer))/uint64(m.Position+1)*9/8+64)
	copy(t, m.tokens) // Add grows a full buffer
	m.tokens = t
}

// MatchDot matches any byte but the end marker: PEG's ".".
func (m *Machine) MatchDot() bool {
	if m.Buffer[m.Position] != EndSymbol {
		m.Position++
		return true
	}
	return false
}

// Match reports whether the rule numbered rule (an index into Grammar.Rules, as Grammar.Rule
// returns it) matches the whole input, recording the tokens of every rule. An input holding a
// NUL byte matches only a rule whose characters include NUL (RFC 2396's control; see
// EndSymbol).
func (m *Machine) Match(rule int, input string) bool { return m.run(rule, input, AllRules) }

// Recognize is Match without recording tokens: faster, for a verdict alone. It leaves Tokens
// undefined.
func (m *Machine) Recognize(rule int, input string) bool { return m.run(rule, input, RuleSet{}) }

// MatchRecording is Match recording the tokens of the rules in record alone: fewer tokens, for
// a reader that looks at no others. The tokens left out are as if their rules' matches had no
// token, so First still counts the tokens inside a token.
func (m *Machine) MatchRecording(rule int, input string, record RuleSet) bool {
	return m.run(rule, input, record)
}

// run matches input from the rule numbered rule. A match that does not end at the end of the
// input is no match of the input (see EndSymbol).
func (m *Machine) run(rule int, input string, record RuleSet) bool {
	if rule < 0 || rule >= len(m.Rules) || m.Rules[rule] == nil {
		return false
	}
	m.record = record
	if len(input) >= cap(m.Buffer) {
		// Made large enough for the end marker at once: appending it to a buffer that the
		// input filled would copy the input again, into a buffer a quarter larger.
		m.Buffer = make([]byte, 0, max(len(input)+1, 2*cap(m.Buffer)))
	}
	m.Buffer = append(append(m.Buffer[:0], input...), EndSymbol)
	m.Position, m.TokenIndex, m.n = 0, 0, 0
	if !m.Rules[rule]() || int(m.Position) != len(input) {
		return false
	}
	// Failed alternatives may have left tokens after the last one kept.
	m.n = int(m.TokenIndex)
	return true
}

// Tokens returns the tokens recorded by the last Match or MatchRecording that returned true.
// They are the machine's own, valid until its next match: a reader reads them in place, with
// no call per token.
func (m *Machine) Tokens() []Token { return m.tokens[:m.n] }

// Capacity is the size of the token buffer the machine keeps between matches, in tokens.
func (m *Machine) Capacity() int { return len(m.tokens) }
