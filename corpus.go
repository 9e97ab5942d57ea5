package urlgrammar

import (
	_ "embed"
	"strings"
)

// An Example is one input of the default corpus, with the document and section it comes from.
type Example struct {
	Input  string
	Source string
}

//go:embed testdata/corpus.tsv
var corpusTSV string

// Corpus returns the default corpus of the compare command (testdata/corpus.tsv): every URL
// printed in the source documents and the RFCs this package implements, each tagged with its
// document and section, and a curated set that shows each difference between the grammars.
func Corpus() []Example {
	var ex []Example
	for _, line := range strings.Split(corpusTSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		input, source, _ := strings.Cut(line, "\t")
		ex = append(ex, Example{Input: unescapeCorpus(input), Source: source})
	}
	return ex
}

// unescapeCorpus reads the corpus file's one escape: "\t" for a tab, "\\" for a backslash,
// so that an input may hold a tab; every other byte stands for itself.
func unescapeCorpus(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return strings.NewReplacer(`\t`, "\t", `\\`, `\`).Replace(s)
}
