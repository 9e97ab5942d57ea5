package urlgrammar_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
)

func ExampleBuild() {
	// RFC 1738's Appendix: an ftp URL with its typecode (section 3.2.2), from its parts.
	u, err := urlgrammar.Build(urlgrammar.RFC1738, urlgrammar.Components{
		Scheme:   "ftp",
		Host:     "info.cern.ch",
		Segments: []string{"pub", "www", "doc"},
		Parts:    []urlgrammar.Part{{Rule: "ftptype", Text: "d"}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u, u.Rule, u.Part("ftptype").Text)
	// Output:
	// ftp://info.cern.ch/pub/www/doc;type=d ftpurl d
}

func ExampleBuild_utf8Path() {
	// RFC 3987 section 3.1: the IRI "http://www.example.org/D&#xFC;rst" is the URI
	// "http://www.example.org/D%C3%BCrst": the path's UTF-8, escaped byte by byte (RFC 3986
	// section 2.5).
	u, err := urlgrammar.Build(urlgrammar.RFC3986, urlgrammar.Components{
		Scheme:   "http",
		Host:     "www.example.org",
		Segments: []string{"Dürst"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for seg := range u.Segments() {
		fmt.Println(u, seg.Text, seg.Decoded())
	}
	// Output:
	// http://www.example.org/D%C3%BCrst D%C3%BCrst Dürst
}

func ExampleBuild_wais() {
	// The 1993 draft's "References" (Lynch 1991): a waisindex = "wais://" hostport "/"
	// database [ "?" search ].
	u, err := urlgrammar.Build(urlgrammar.Draft1993, urlgrammar.Components{
		Scheme: "wais",
		Host:   "quake.think.com",
		Parts:  []urlgrammar.Part{{Rule: "database", Text: "wais-discussion-archives"}},
		Query:  "lynch",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u)
	fmt.Println(u.Part("database").Text, u.Query().Text)
	// Output:
	// wais://quake.think.com/wais-discussion-archives?lynch
	// wais-discussion-archives lynch
}

func ExampleBuild_eachVersion() {
	// A URL each document prints, built back from its parts.
	for _, x := range []struct {
		v urlgrammar.Version
		c urlgrammar.Components
	}{
		// The 1994 draft's "References" (Postel 1985).
		{urlgrammar.Draft1994, urlgrammar.Components{Scheme: "ftp", Host: "ds.internic.net", Segments: []string{"rfc", "rfc959.txt"}}},
		// RFC 1738 References [1].
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "ftp", Host: "ds.internic.net", Segments: []string{"rfc", "rfc1436.txt"},
			Parts: []urlgrammar.Part{{Rule: "ftptype", Text: "a"}}}},
		// RFC 1808 section 5: the base URL, whose params are RFC 1808's own.
		{urlgrammar.RFC1808, urlgrammar.Components{Scheme: "http", Host: "a", Segments: []string{"b", "c", "d"},
			Parts: []urlgrammar.Part{{Rule: "params", Text: "p"}}, Query: "q", Fragment: "f"}},
		// The 1997 draft section 1.3: the space is escaped.
		{urlgrammar.Draft1997, urlgrammar.Components{Scheme: "gopher", Host: "spinaltap.micro.umn.edu",
			Segments: []string{"00", "Weather", "California", "Los Angeles"}}},
		// RFC 2396 section 1.3: an opaque_part.
		{urlgrammar.RFC2396, urlgrammar.Components{Scheme: "mailto", Opaque: "mduerst@ifi.unizh.ch"}},
		// The 2003 draft section 1.3.
		{urlgrammar.Draft2003, urlgrammar.Components{Scheme: "gopher", Host: "gopher.tc.umn.edu", Port: "70",
			Segments: []string{"11", "Mailing Lists", ""}}},
		// RFC 3986 section 3.
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "foo", Host: "example.com", Port: "8042",
			Segments: []string{"over", "there"}, Query: "name=ferret", Fragment: "nose"}},
	} {
		u, err := urlgrammar.Build(x.v, x.c)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(x.v, u)
	}
	// Output:
	// draft1994 ftp://ds.internic.net/rfc/rfc959.txt
	// rfc1738 ftp://ds.internic.net/rfc/rfc1436.txt;type=a
	// rfc1808 http://a/b/c/d;p?q#f
	// draft1997 gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles
	// rfc2396 mailto:mduerst@ifi.unizh.ch
	// draft2003 gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/
	// rfc3986 foo://example.com:8042/over/there?name=ferret#nose
}

func ExampleBuild_refused() {
	// RFC 1738's host has no escape: "a b" is no host name, whatever is escaped.
	_, err := urlgrammar.Build(urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http", Host: "a b"})
	fmt.Println(err)
	// RFC 1738 section 3.4: "%09" separates a gopher selector from its search.
	_, err = urlgrammar.Build(urlgrammar.RFC1738, urlgrammar.Components{Scheme: "gopher", Host: "h",
		Parts: []urlgrammar.Part{{Rule: "gtype", Text: "7"}, {Rule: "selector", Text: "a\tb"}}})
	fmt.Println(err)
	// Output:
	// build rfc1738: host "a b" has no escape and is no host: rfc1738 host "a b": byte 1: found " " (in host); expected ".", alphadigit, "-" or end of input
	// build rfc1738: a gopher selector cannot hold a tab: its escape "%09" separates the selector, the search and the gopher+_string (RFC 1738 section 3.4)
}

func ExampleEscape() {
	// RFC 1738 section 2.2 holds "~" unsafe; RFC 3986 section 2.3 makes it unreserved. Both
	// escape "/" in a segment, and RFC 1738's ftp escapes ";" too (section 3.2.2).
	for _, x := range []struct {
		v         urlgrammar.Version
		component string
	}{{urlgrammar.RFC1738, "hsegment"}, {urlgrammar.RFC1738, "fsegment"}, {urlgrammar.RFC3986, "segment"}} {
		s, err := urlgrammar.Escape(x.v, x.component, "~user/a;b é")
		fmt.Println(x.v, x.component, s, err)
	}
	// Output:
	// rfc1738 hsegment %7Euser%2Fa;b%20%C3%A9 <nil>
	// rfc1738 fsegment %7Euser%2Fa%3Bb%20%C3%A9 <nil>
	// rfc3986 segment ~user%2Fa;b%20%C3%A9 <nil>
}

func ExampleEscaper() {
	e, err := urlgrammar.NewEscaper(urlgrammar.RFC3986, "query")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"a=1&b=2", "100% sure", "?/:@"} {
		esc, _ := e.Escape(s)
		back, _ := urlgrammar.Unescape(urlgrammar.RFC3986, "query", esc)
		fmt.Println(esc, back == s)
	}
	// Output:
	// a=1&b=2 true
	// 100%25%20sure true
	// ?/:@ true
}
