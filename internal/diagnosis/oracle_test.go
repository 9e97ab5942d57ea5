package diagnosis_test

import (
	"os"
	"reflect"
	"strconv"
	"sync"
	"testing"

	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

// The Earley recognizer of the conformance package is the oracle: on every input, the
// automaton's Match, Offset and Expected must be the recognizer's.

var grammarIDs = []string{"draft1993", "draft1994", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"}

type pair struct {
	bnf    *bnf.Grammar
	oracle *conformance.Grammar
}

var (
	loadOnce sync.Once
	loaded   map[string]pair
	loadErr  error
)

func load(t testing.TB, id string) pair {
	t.Helper()
	loadOnce.Do(func() {
		loaded = map[string]pair{}
		for _, id := range grammarIDs {
			src, err := grammar.Files.ReadFile(id + ".bnf")
			if err != nil {
				loadErr = err
				return
			}
			b, err := bnf.Parse(id+".bnf", src)
			if err != nil {
				loadErr = err
				return
			}
			o, err := conformance.ParseBNF(id+".bnf", src)
			if err != nil {
				loadErr = err
				return
			}
			loaded[id] = pair{b, o}
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded[id]
}

// agree reports, as a test error, where the automaton's diagnosis of s differs from the oracle's.
func agree(t *testing.T, id, rule string, a *diagnosis.Automaton, o *conformance.Grammar, s string) bool {
	t.Helper()
	got := a.Diagnose(s)
	want := o.Diagnose(rule, s)
	if got.Match != want.Match || got.Offset != want.Offset || !reflect.DeepEqual(got.Expected, want.Expected) {
		t.Errorf("%s %s %q:\n automaton: match %v offset %d expected %q\n    earley: match %v offset %d expected %q",
			id, rule, s, got.Match, got.Offset, got.Expected, want.Match, want.Offset, want.Expected)
		return false
	}
	return true
}

// same reports, as a test error, where the automaton d that Decode read diagnoses s otherwise
// than a, the automaton Compile made that it was encoded from.
func same(t *testing.T, id, rule string, a, d *diagnosis.Automaton, s string) bool {
	t.Helper()
	if got, want := d.Diagnose(s), a.Diagnose(s); !reflect.DeepEqual(got, want) {
		t.Errorf("%s %s %q: decoded %+v, compiled %+v", id, rule, s, got, want)
		return false
	}
	return true
}

// samplesPerRule is how many generated samples (and as many near misses) each rule gets in
// go test; DIAGNOSIS_SAMPLES=N asks for more.
func samplesPerRule() int {
	if n, err := strconv.Atoi(os.Getenv("DIAGNOSIS_SAMPLES")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 50
	}
	return 300
}

// TestAgreesWithEarley compares the automaton of every rule of every grammar with the Earley
// recognizer on generated samples of the rule, their near misses (most of them rejections),
// and every prefix of a few of them; and the automaton decoded from its encoding with it.
func TestAgreesWithEarley(t *testing.T) {
	n := samplesPerRule()
	for _, id := range grammarIDs {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			p := load(t, id)
			for _, r := range p.bnf.Rules {
				a, err := diagnosis.Compile(p.bnf, r.Name)
				if err != nil {
					t.Fatal(err)
				}
				d := roundTrip(t, a)
				gen, err := conformance.NewGenerator(p.oracle, r.Name, 7)
				if err != nil {
					t.Fatal(err)
				}
				bad := 0
				for i := 0; i < n && bad < 5; i++ {
					s := gen.Positive()
					m := gen.NearMiss(s)
					if !agree(t, id, r.Name, a, p.oracle, s) || !agree(t, id, r.Name, a, p.oracle, m) ||
						!same(t, id, r.Name, a, d, s) || !same(t, id, r.Name, a, d, m) {
						bad++
					}
					if i < 3 {
						for k := 0; k < len(m); k++ {
							agree(t, id, r.Name, a, p.oracle, m[:k])
						}
					}
				}
			}
		})
	}
}

// FuzzDiagnosis holds the automaton to the Earley recognizer on any input, under a grammar
// and rule the fuzzer picks (by number: each grammar's rules in the order of its .bnf), and
// the automaton decoded from its encoding to it.
func FuzzDiagnosis(f *testing.F) {
	for i := range grammarIDs {
		f.Add(uint8(i), uint16(0), "http://a/b c")
		f.Add(uint8(i), uint16(0), "url:http://h/p?a+b&%4")
	}
	f.Add(uint8(7), uint16(3), "http://[1::2::3]/")
	automata := map[[2]int][2]*diagnosis.Automaton{}
	f.Fuzz(func(t *testing.T, gi uint8, ri uint16, s string) {
		if len(s) > 256 {
			return // the oracle is not meant for long inputs on the drafts (cubic there)
		}
		id := grammarIDs[int(gi)%len(grammarIDs)]
		p := load(t, id)
		r := p.bnf.Rules[int(ri)%len(p.bnf.Rules)]
		key := [2]int{int(gi) % len(grammarIDs), r.Index}
		ad, ok := automata[key]
		if !ok {
			a, err := diagnosis.Compile(p.bnf, r.Name)
			if err != nil {
				t.Fatal(err)
			}
			ad = [2]*diagnosis.Automaton{a, roundTrip(t, a)}
			automata[key] = ad
		}
		if agree(t, id, r.Name, ad[0], p.oracle, s) {
			same(t, id, r.Name, ad[0], ad[1], s)
		}
	})
}
