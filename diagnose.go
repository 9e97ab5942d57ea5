package urlgrammar

import (
	"sync"

	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

// diagnosers holds, per version, its grammar as printed (grammar/<id>.bnf, read on the first
// rejection) and the diagnosis automaton of each rule asked so far. The error path asks the
// BNF, not the PEG, what was allowed where the input left the grammar.
var diagnosers [len(versions)]struct {
	once    sync.Once
	grammar *bnf.Grammar
	err     error
	mu      sync.Mutex
	byRule  map[string]*diagnosis.Automaton
}

// automaton returns the diagnosis automaton of rule of v's grammar.
func automaton(v Version, rule string) (*diagnosis.Automaton, error) {
	d := &diagnosers[v]
	d.once.Do(func() {
		id := v.String()
		src, err := grammar.Files.ReadFile(id + ".bnf")
		if err == nil {
			d.grammar, err = bnf.Parse(id+".bnf", src)
		}
		d.err = err
	})
	if d.err != nil {
		return nil, d.err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if a, ok := d.byRule[rule]; ok {
		return a, nil
	}
	a, err := diagnosis.Compile(d.grammar, rule)
	if err != nil {
		return nil, err
	}
	if d.byRule == nil {
		d.byRule = map[string]*diagnosis.Automaton{}
	}
	d.byRule[rule] = a
	return a, nil
}

// diagnose fills in e.Offset, e.Expected and e.In from the automaton of e.Rule: the longest
// prefix of s that is still a prefix of some valid string, what the BNF allows there, and the
// rule being matched. It runs only on the error path, in one pass over s.
func diagnose(e *SyntaxError, s string) {
	a, err := automaton(e.Version, e.Rule)
	if err != nil {
		// The .bnf files are embedded and compiled by the tests; this cannot happen in a build
		// that passed them. Say so rather than guess.
		e.In = "(no diagnostics: " + err.Error() + ")"
		return
	}
	d := a.Diagnose(s)
	e.Offset, e.In = d.Offset, d.In
	e.Expected = append([]string(nil), d.Expected...) // the automaton's slice is shared
	if diagnosed != nil {
		diagnosed(e, s)
	}
}

// diagnosed, when set (by the tests), is told of every rejection diagnosed and of the input as
// the automaton read it.
var diagnosed func(e *SyntaxError, read string)
