package reading

import (
	"testing"

	"github.com/urlgrammar/urlgrammar/compare"
)

// TestCasesInCorpus: every published case is in compare's corpus, tagged with its source and
// what net/url and the WHATWG reading read as its host, as cases.tsv says (which TestCases
// holds to the readers).
func TestCasesInCorpus(t *testing.T) {
	corpus := map[compare.Example]bool{}
	for _, ex := range compare.Corpus() {
		corpus[ex] = true
	}
	say := func(host string) string {
		switch host {
		case "refuses":
			return "refuses it"
		case "none":
			return "reads no host"
		}
		return "reads the host " + host
	}
	for _, c := range readCaseRows(t) {
		want := compare.Example{Input: c.Input, Source: "confusion: " + c.Source + "; net/url " + say(c.neturl) + ", WHATWG " + say(c.whatwg)}
		if !corpus[want] {
			t.Errorf("compare's corpus lacks %q tagged %q", want.Input, want.Source)
		}
	}
}
