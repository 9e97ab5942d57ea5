package conformance

import (
	"sync"

	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

// Grammar is a grammar read from a .bnf file (see grammar/README.md for the notation) by package
// bnf, compiled for recognition. A Grammar is read-only after ParseBNF returns and safe for
// concurrent use.
type Grammar struct {
	bnf   *bnf.Grammar
	rules []*bnf.Rule // bnf.Rules
	c     *compiled

	// The expressions of MinimalDFA, made on first use; their derivatives are memoized, under
	// the lock.
	exprsOnce sync.Once
	exprsMu   sync.Mutex
	exprs     *exprs
}

// ParseBNF reads a grammar written in the notation of grammar/README.md and compiles it for
// recognition. name is used in error messages (for example "rfc3986.bnf"). The error, if any, is
// a bnf.ErrorList.
func ParseBNF(name string, src []byte) (*Grammar, error) {
	b, err := bnf.Parse(name, src)
	if err != nil {
		return nil, err
	}
	g := &Grammar{bnf: b, rules: b.Rules}
	g.c = compile(g)
	return g, nil
}

// Load reads the grammar of the version id ("rfc3986") as the project prints it, the file
// grammar/<id>.bnf, with ParseBNF.
func Load(id string) (*Grammar, error) {
	name := id + ".bnf"
	src, err := grammar.Files.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return ParseBNF(name, src)
}

// Rules returns the names of the grammar's rules in the order of their definition.
func (g *Grammar) Rules() []string {
	out := make([]string, len(g.rules))
	for i, r := range g.rules {
		out[i] = r.Name
	}
	return out
}

// reachable marks, by rule index, the rules reachable from start.
func (g *Grammar) reachable(start string) []bool {
	seen := make([]bool, len(g.rules))
	for _, name := range g.bnf.Reachable(start) {
		seen[g.bnf.Rule(name).Index] = true
	}
	return seen
}
