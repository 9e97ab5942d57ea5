package urlgrammar

import (
	"maps"
	"sync"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

// SetDiagnosed sets the function that is told of every rejection diagnosed, for the tests
// that hold the diagnosis engine to the conformance engine's.
func SetDiagnosed(f func(e *SyntaxError, read string)) { diagnosed = f }

// DropAutomata forgets every diagnosis automaton, as at start-up.
func DropAutomata() {
	for i := range diagnosers {
		d := &diagnosers[i]
		d.mu.Lock()
		d.byRule.Store(nil)
		d.mu.Unlock()
		d.once = sync.Once{}
		d.grammar, d.err = nil, nil
	}
}

// SetAutomaton makes the diagnosis automaton of rule of v's grammar the one of rule compiled
// from src (a grammar in the .bnf notation), so that a test can make the two engines disagree;
// DropAutomata undoes it.
func SetAutomaton(v Version, rule, src string) error {
	if _, err := automaton(v, rule); err != nil {
		return err
	}
	g, err := bnf.Parse("test.bnf", []byte(src))
	if err != nil {
		return err
	}
	a, err := diagnosis.Compile(g, rule)
	if err != nil {
		return err
	}
	d := &diagnosers[v]
	d.mu.Lock()
	m := maps.Clone(*d.byRule.Load())
	m[rule] = a
	d.byRule.Store(&m)
	d.mu.Unlock()
	return nil
}
