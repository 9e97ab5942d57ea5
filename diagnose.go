package urlgrammar

import (
	"fmt"
	"maps"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/generated/automata"
	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

// diagnosers holds, per version, the diagnosis automaton of each rule asked so far, and its
// grammar as printed (grammar/<id>.bnf) once a rule needs compiling. The error path asks the
// BNF, not the PEG, what was allowed where the input left the grammar. The automaton of a start
// rule, every rule diagnosed by default among them, was compiled and encoded by gen
// (generated/automata) and is decoded, in microseconds, on the first rejection under
// it; any other rule's is compiled from the BNF then. The automata are read without a lock
// (every rejection looks one up) from a map that is replaced, never changed, when a rule's
// automaton is added.
var diagnosers byVersion[struct {
	once    sync.Once
	grammar *bnf.Grammar
	err     error
	mu      sync.Mutex // held to add an automaton
	byRule  atomic.Pointer[map[string]*diagnosis.Automaton]
	// first is the first rule added and its automaton, kept apart: most programs diagnose
	// under one rule (Validate's), whose lookup then costs a string comparison, not a hash.
	first atomic.Pointer[ruleAutomaton]
}]

// A ruleAutomaton is a rule and its diagnosis automaton.
type ruleAutomaton struct {
	rule string
	a    *diagnosis.Automaton
}

// automaton returns the diagnosis automaton of rule of v's grammar.
func automaton(v Version, rule string) (*diagnosis.Automaton, error) {
	d := &diagnosers[v]
	if f := d.first.Load(); f != nil && f.rule == rule {
		return f.a, nil
	}
	if m := d.byRule.Load(); m != nil {
		if a, ok := (*m)[rule]; ok {
			return a, nil
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	old := d.byRule.Load()
	if old != nil {
		if a, ok := (*old)[rule]; ok {
			return a, nil
		}
	}
	var a *diagnosis.Automaton
	if enc := encodedAutomaton(v, rule); enc != "" {
		// An error here is a generated file out of step with internal/diagnosis, which the
		// tests rule out; the BNF still gives the automaton.
		a, _ = diagnosis.Decode(enc)
	}
	if a == nil {
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
		var err error
		if a, err = diagnosis.Compile(d.grammar, rule); err != nil {
			return nil, err
		}
	}
	m := map[string]*diagnosis.Automaton{rule: a}
	if old != nil {
		maps.Copy(m, *old)
	} else {
		d.first.Store(&ruleAutomaton{rule: rule, a: a})
	}
	d.byRule.Store(&m)
	return a, nil
}

// encodedAutomaton is the diagnosis automaton of rule of v's grammar as gen compiled and
// encoded it, or "" for a rule that is no start rule.
func encodedAutomaton(v Version, rule string) string { return automata.Encoded(v.String(), rule) }

// newSyntaxError diagnoses why input is not matched by rule of v's grammar. The BNF is asked
// about s, which is input as the parser read it (with CaseIgnoreScheme, its scheme in lower
// case); the error keeps the input as given. It is an *EngineError when the BNF accepts s.
func newSyntaxError(v Version, rule, input, s string) error {
	return diagnose(&SyntaxError{Version: v, Rule: rule, Input: input}, s)
}

// diagnose fills in e.Offset, e.Expected and e.In from the automaton of e.Rule: the longest
// prefix of s that is still a prefix of some valid string, what the BNF allows there, and the
// rule being matched. It runs only on the error path, in one pass over s. It returns an
// *EngineError instead when the automaton accepts s, which the parser rejected: a diagnosis of
// an input in the language would say that what was expected is what was found.
func diagnose(e *SyntaxError, s string) error {
	a, err := automaton(e.Version, e.Rule)
	if err != nil {
		// The .bnf files are embedded and compiled by the tests; this cannot happen in a build
		// that passed them. Say so rather than guess.
		e.In = "(no diagnostics: " + err.Error() + ")"
		return e
	}
	d := a.Diagnose(s)
	if d.Match {
		return &EngineError{Version: e.Version, Rule: e.Rule, Input: e.Input, Parser: false, Automaton: true}
	}
	// The automaton's Expected is shared by every rejection at the same point, as
	// SyntaxError.Expected says: the error is the rejection's one allocation.
	e.Offset, e.Expected, e.In = d.Offset, d.Expected, d.In
	if diagnosed != nil {
		diagnosed(e, s)
	}
	return e
}

// An EngineError is an internal error of this package, never a verdict on the input: its two
// readings of a grammar disagree about Input. One is the generated parser (grammar/<id>.peg),
// which gives every verdict; the other is the diagnosis automaton compiled from the grammar as
// printed (grammar/<id>.bnf), which explains every rejection. ValidateRule returns one when the
// automaton accepts an input that the parser rejected; CheckEngines also when the automaton
// rejects an input that the parser accepted.
type EngineError struct {
	Version Version
	Rule    string // the start rule, by its name in the document
	Input   string
	// Parser and Automaton are the two verdicts: whether each accepts Input (read as the mode
	// said) as Rule.
	Parser, Automaton bool
}

// Error says that it is an internal error and gives both verdicts, quoting at most the start
// of the input.
func (e *EngineError) Error() string {
	verdict := func(b bool) string {
		if b {
			return "accepts"
		}
		return "rejects"
	}
	in := e.Input
	if len(in) > 2*contextBytes {
		in = in[:2*contextBytes] + "…"
	}
	return fmt.Sprintf("internal error: %v %s: the generated parser %s %q, the grammar's diagnosis automaton %s it",
		e.Version, e.Rule, verdict(e.Parser), in, verdict(e.Automaton))
}

// diagnosed, when set (by the tests), is told of every rejection diagnosed and of the input as
// the automaton read it.
var diagnosed func(e *SyntaxError, read string)
