package conformance_test

import (
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/grammar"
)

func loadVersion(t testing.TB, v urlgrammar.Version) *conformance.Grammar {
	t.Helper()
	name := v.String() + ".bnf"
	src, err := grammar.Files.ReadFile(name)
	if err != nil {
		t.Fatalf("%v: %v", v, err)
	}
	g, err := conformance.ParseBNF(name, src)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return g
}

func TestGrammarsExplore(t *testing.T) {
	for _, v := range urlgrammar.Versions() {
		g := loadVersion(t, v)
		for _, rule := range v.StartRules() {
			t0 := time.Now()
			rep := conformance.Check(g, rule, func(s string) bool { return urlgrammar.MatchRule(v, rule, s) }, conformance.Config{N: 5000, Seed: 1})
			t.Logf("%v\n%s", time.Since(t0), rep)
		}
	}
}
