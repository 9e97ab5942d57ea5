package urlgrammar

import (
	"sync"

	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/grammar"
)

// bnfGrammars holds each version's BNF, read once on the first rejection: the error path
// asks the BNF, not the PEG, what was allowed where the input left the grammar.
var bnfGrammars struct {
	sync.Mutex
	byID map[string]*conformance.Grammar
}

// bnf returns the recognizer of v's grammar as printed (grammar/<id>.bnf).
func bnf(v Version) (*conformance.Grammar, error) {
	bnfGrammars.Lock()
	defer bnfGrammars.Unlock()
	id := v.String()
	if g, ok := bnfGrammars.byID[id]; ok {
		return g, nil
	}
	src, err := grammar.Files.ReadFile(id + ".bnf")
	if err != nil {
		return nil, err
	}
	g, err := conformance.ParseBNF(id+".bnf", src)
	if err != nil {
		return nil, err
	}
	if bnfGrammars.byID == nil {
		bnfGrammars.byID = map[string]*conformance.Grammar{}
	}
	bnfGrammars.byID[id] = g
	return g, nil
}

// diagnose fills in e.Offset, e.Expected and e.In from the BNF's recognizer: the longest
// prefix of the input that is still a prefix of some valid string, what the BNF allows there,
// and the innermost rule being matched. It runs only on the error path.
func diagnose(e *SyntaxError, s string) {
	g, err := bnf(e.Version)
	if err != nil {
		// The .bnf files are embedded and read by the tests; this cannot happen in a build
		// that passed them. Say so rather than guess.
		e.In = "(no diagnostics: " + err.Error() + ")"
		return
	}
	d := g.Diagnose(e.Rule, s)
	e.Offset, e.Expected, e.In = d.Offset, d.Expected, d.In
}
