package source

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestWhereAppendJSON: Where's and URL's AppendJSON write what encoding/json writes of a Where with HTML
// escaping off, for each field present or absent (omitempty; a gzip member at offset 0 is
// present) and strings that need RFC 8259 section 7's escapes or encoding/json's own (U+2028,
// U+2029, bytes that are not UTF-8).
func TestWhereAppendJSON(t *testing.T) {
	zero, member := int64(0), int64(4096)
	ws := []Where{
		{},
		{File: "f", Line: 3},
		{Offset: 7, Member: &zero},
		{Member: &member, Type: "response", Record: "http://r/"},
		{File: "f", Element: "a", Attr: "href", Base: "http://b/"},
		{Line: -1, Offset: -2},
	}
	for _, s := range []string{"http://a/b?c=<d>&e", "tab\there \"q\" back\\slash", "nul\x00 \x1f \x7f",
		"ünïcode \u2028 \u2029", "bad \xff\xfe utf-8"} {
		ws = append(ws, Where{File: s, Line: 1, Offset: 2, Member: &member, Record: s, Type: s, Element: s, Attr: s, Base: s})
	}
	for _, w := range ws {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(w); err != nil {
			t.Fatal(err)
		}
		if got := string(w.AppendJSON([]byte("x"))) + "\n"; got != "x"+want.String() {
			t.Errorf("AppendJSON:\n got %q\nwant %q", got, "x"+want.String())
		}
		for _, text := range []string{"", w.File, "http://a/"} {
			want.Reset()
			if err := enc.Encode(URL{text, w}); err != nil {
				t.Fatal(err)
			}
			if got := string(URL{text, w}.AppendJSON([]byte("x"))) + "\n"; got != "x"+want.String() {
				t.Errorf("URL.AppendJSON:\n got %q\nwant %q", got, "x"+want.String())
			}
		}
	}
}
