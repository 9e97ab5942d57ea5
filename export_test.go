package urlgrammar

import "sync"

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
