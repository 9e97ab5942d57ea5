package urlgrammar_test

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// benchInputs is the benchmark corpus (testdata/bench/urls.txt): realistic URLs, relative
// references and invalid inputs; every benchmark runs on the same inputs.
func benchInputs(b *testing.B) []string {
	data, err := os.ReadFile("testdata/bench/urls.txt")
	if err != nil {
		b.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// BenchmarkNetURLParse is the baseline: Go's lenient parser on the benchmark corpus.
// Each benchmark op is one pass over the whole corpus.
func BenchmarkNetURLParse(b *testing.B) {
	inputs := benchInputs(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range inputs {
			url.Parse(s)
		}
	}
}

// BenchmarkMatch is the verdict of every version's default reading on the corpus.
func BenchmarkMatch(b *testing.B) {
	inputs := benchInputs(b)
	for _, v := range urlgrammar.Versions() {
		b.Run(v.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range inputs {
					urlgrammar.Match(v, s)
				}
			}
		})
	}
}

// BenchmarkValidateValid is Validate on the inputs that the version accepts: no diagnostics.
func BenchmarkValidateValid(b *testing.B) {
	inputs := benchInputs(b)
	for _, v := range urlgrammar.Versions() {
		var valid []string
		for _, s := range inputs {
			if urlgrammar.Match(v, s) {
				valid = append(valid, s)
			}
		}
		b.Run(v.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range valid {
					urlgrammar.Validate(v, s)
				}
			}
		})
	}
}
