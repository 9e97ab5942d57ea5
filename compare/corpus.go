package compare

import (
	_ "embed"
	"strconv"
	"strings"
)

// An Example is one input of the default corpus, with the document and section it comes from.
type Example struct {
	Input  string
	Source string
}

//go:embed corpus.tsv
var corpusTSV string

// Corpus returns the default corpus of the compare command (corpus.tsv, embedded): every URL
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

// unescapeCorpus reads the escapes of the corpus file's input column, so that an input may hold
// any byte: "\t" a tab, "\n" a line feed, "\r" a carriage return, "\\" a backslash, "\#" a "#"
// (an input that begins with "#" is written "\#", since a line that begins with "#" is a
// comment), and "\xHH" the byte with hexadecimal value HH. Every other byte stands for itself,
// and so does a backslash that begins none of these.
func unescapeCorpus(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	b := []byte(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b = append(b, c)
			continue
		}
		switch s[i+1] {
		case 't':
			b, i = append(b, '\t'), i+1
		case 'n':
			b, i = append(b, '\n'), i+1
		case 'r':
			b, i = append(b, '\r'), i+1
		case '\\', '#':
			b, i = append(b, s[i+1]), i+1
		case 'x':
			// Two hexadecimal digits: in base 16, ParseUint takes no sign and no prefix.
			if i+3 < len(s) {
				if v, err := strconv.ParseUint(s[i+2:i+4], 16, 8); err == nil {
					b, i = append(b, byte(v)), i+3
					continue
				}
			}
			b = append(b, c)
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
