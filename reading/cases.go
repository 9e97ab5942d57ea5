package reading

import (
	_ "embed"
	"strconv"
	"strings"
)

// A Case is a published URL-confusion case: an input that parsers in use split differently,
// the publication that gives it, and what that publication says parsers read as its host.
type Case struct {
	Input  string
	Source string // the publication, short (cases.tsv cites each in full)
	// Claim is what the source says parsers read as the host: "PARSER HOST" separated by ", ".
	Claim string
}

//go:embed cases.tsv
var casesTSV string

// Cases returns the published URL-confusion cases (cases.tsv, embedded), in the file's order.
// Their inputs and sources are in the format of compare's corpus.
func Cases() []Case {
	var out []Case
	for _, cols := range caseRows() {
		out = append(out, Case{Input: cols[0], Source: cols[1], Claim: cols[2]})
	}
	return out
}

// caseRows returns the rows of cases.tsv, each its columns, the input unescaped.
func caseRows() [][]string {
	var rows [][]string
	for _, line := range strings.Split(casesTSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		cols[0] = unescapeInput(cols[0])
		rows = append(rows, cols)
	}
	return rows
}

// unescapeInput reads the escapes of compare's corpus in an input: \t, \n, \r, \\, \# and \xHH;
// a backslash that begins none of them stands for itself.
func unescapeInput(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch c := s[i+1]; c {
		case 't':
			b.WriteByte('\t')
			i++
		case 'n':
			b.WriteByte('\n')
			i++
		case 'r':
			b.WriteByte('\r')
			i++
		case '\\', '#':
			b.WriteByte(c)
			i++
		case 'x':
			if i+3 < len(s) {
				if v, err := strconv.ParseUint(s[i+2:i+4], 16, 8); err == nil {
					b.WriteByte(byte(v))
					i += 3
					continue
				}
			}
			b.WriteByte('\\')
		default:
			b.WriteByte('\\')
		}
	}
	return b.String()
}
