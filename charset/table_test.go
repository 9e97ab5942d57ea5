package charset

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestCharsetTableTSV holds the TSV of a Table to the documents: RFC 1738 calls "~"
// unsafe (section 2.2), the 2003 draft makes it an unreserved mark (section 2.3); a backslash
// is in neither's sets, and is written escaped so that the row keeps its fields.
func TestCharsetTableTSV(t *testing.T) {
	tab, err := NewTable(urlgrammar.RFC1738, urlgrammar.Draft2003)
	if err != nil {
		t.Fatal(err)
	}
	var diff, all strings.Builder
	if err := tab.WriteTSV(&diff, true); err != nil {
		t.Fatal(err)
	}
	if err := tab.WriteTSV(&all, false); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(diff.String(), "\n")
	if want := "component\tchar\thex\trfc1738\tdraft2003"; lines[0] != want {
		t.Errorf("header %q, want %q", lines[0], want)
	}
	for _, want := range []string{"path segment\t~\t7e\tno\tyes", "query\t~\t7e\tno\tyes"} {
		if !strings.Contains(diff.String(), want+"\n") {
			t.Errorf("--diff TSV lacks %q", want)
		}
	}
	if want := "query\t\\\\\t5c\tno\tno\n"; !strings.Contains(all.String(), want) || strings.Contains(diff.String(), want) {
		t.Errorf("the whole TSV should have %q, the diff not", want)
	}
}
