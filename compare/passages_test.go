package compare

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/doccharsets"
)

// TestDocWordsClasses: the characters each passage is said to be about are the characters its
// words name, and the classes agree with the documents' sets as internal/doccharsets writes them
// from the documents: RFC 1738 section 2.2's unsafe characters, and the excluded characters of
// RFC 2396 and the 2003 draft (section 2.4.3 of each).
func TestDocWordsClasses(t *testing.T) {
	for _, v := range urlgrammar.Versions() {
		if len(docWordsOf[v.String()]) == 0 || docCitation[v.String()] == "" {
			t.Errorf("%s: no words quoted", v)
		}
	}
	quoted := regexp.MustCompile(`"[^"]*"`)
	for id, ws := range docWordsOf {
		for _, w := range ws {
			if w.Words == "" || w.Section == "" {
				t.Errorf("%s: a passage without words or section", id)
			}
			// A character is named in a quoted string ("~", "$-_.+!*'(),") or as a BNF
			// token of its own (the early drafts write ~ unquoted).
			inQuotes := strings.Join(quoted.FindAllString(w.Words, -1), "")
			fields := strings.Fields(w.Words)
			for i := 0; i < len(w.chars); i++ {
				c := w.chars[i]
				ok := slices.Contains(fields, string(c)) || strings.IndexByte(inQuotes, c) >= 0
				switch c {
				case ' ':
					ok = strings.Contains(w.Words, "space")
				case '|':
					ok = ok || strings.Contains(w.Words, "vline")
				case '"':
					ok = strings.Contains(w.Words, `<">`) || strings.Contains(w.Words, `"""`) || strings.Contains(w.Words, "double-quote") || slices.Contains(fields, `"`)
				}
				if !ok {
					t.Errorf("%s %s: the words do not name %q: %s", id, w.Section, c, w.Words)
				}
			}
		}
	}
	union := func(id string, keep func(Passage) bool) string {
		var all []string
		for _, w := range docWordsOf[id] {
			if keep(w) {
				all = append(all, w.chars)
			}
		}
		return doccharsets.Union(all...)
	}
	for _, c := range []struct{ id, section, word, want string }{
		{"rfc1738", "section 2.2", "unsafe", doccharsets.RFC1738Unsafe},
		{"rfc2396", "section 2.4.3", "", doccharsets.RFC2396Excluded},
		{"draft2003", "section 2.4.3", "", doccharsets.Draft2003Excluded},
	} {
		got := union(c.id, func(w Passage) bool { return w.Section == c.section && strings.Contains(w.Words, c.word) })
		if want := doccharsets.Union(c.want); got != want {
			t.Errorf("%s %s %s: %q, the document's set is %q", c.id, c.section, c.word, got, want)
		}
	}
}

// TestDocWordsAbout: "~" is unsafe in RFC 1738 (section 2.2) and an unreserved mark in the 2003
// draft (section 2.3); a character no passage names gets the passage on every character the
// grammar does not allow (RFC 3986 section 2.1 for "<"); letters get none.
func TestDocWordsAbout(t *testing.T) {
	for _, c := range []struct{ id, found, section, has string }{
		{"rfc1738", "~", "section 2.2", "unsafe"},
		{"draft2003", "~", "section 2.3", `"~"`},
		{"rfc3986", "~", "section 2.3", "tilde"},
		{"rfc3986", "<", "section 2.1", "outside the allowed set"},
		{"draft1994", "~", `section "BNF for specific URL schemes"`, "national"},
		{"rfc1738", "control", "section 2.2", "control characters"},
		{"draft2003", "space", "section 2.4.3", "space character"},
	} {
		ws := docWordsAbout(c.id, c.found)
		if len(ws) == 0 || ws[0].Section != c.section || !strings.Contains(ws[0].Words, c.has) {
			t.Errorf("%s on %q: %+v, want %s with %q first", c.id, c.found, ws, c.section, c.has)
		}
	}
	if ws := docWordsAbout("rfc1738", "letter"); len(ws) != 0 {
		t.Errorf("rfc1738 on letters: %+v", ws)
	}
}
