package conformance

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestPredictionLookaheadChangesNothing: filtering predictions by the next byte (and
// processing the last set again without the filter) gives the same verdict and the same
// Diagnosis as the plain algorithm, for every rule of every grammar of the project, on
// generated strings of each rule and near misses of them.
func TestPredictionLookaheadChangesNothing(t *testing.T) {
	files, err := filepath.Glob("../grammar/*.bnf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no grammars: %v", err)
	}
	samples := 200
	if testing.Short() {
		samples = 20
	}
	defer func() { predictionLookahead = true }()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ParseBNF(filepath.Base(f), src)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range g.rules {
			gen, err := NewGenerator(g, r.Name, 7)
			if err != nil {
				continue // a rule that derives no string
			}
			for i := 0; i < samples; i++ {
				s := gen.Positive()
				for _, in := range []string{s, gen.NearMiss(s), s + "\x00", strings.Repeat(s, 3)} {
					predictionLookahead = true
					with, withRec := g.Diagnose(r.Name, in), g.Recognize(r.Name, in)
					predictionLookahead = false
					without, withoutRec := g.Diagnose(r.Name, in), g.Recognize(r.Name, in)
					if !reflect.DeepEqual(with, without) || withRec != withoutRec {
						t.Fatalf("%s %s %q:\n with lookahead:    %+v %v\n without lookahead: %+v %v", filepath.Base(f), r.Name, in, with, withRec, without, withoutRec)
					}
				}
			}
		}
	}
}
