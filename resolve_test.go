package urlgrammar

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// A resolveRow is one row of a document's table of resolution examples.
type resolveRow struct {
	ref    string
	want   string // the target as the document prints it; for "(current document)#s", the base without its fragment and "#s"
	same   bool   // the document prints "(current document)"
	policy Policy
	cite   string // where the row stands, when not in the table's own section
	// rejected, when set, says why the version's own grammar rejects the reference although the
	// document's table resolves it: Resolve must fail with a *SyntaxError, and the algorithm
	// alone, given the reference anyway, must give want. The reference is then given to the
	// algorithm as RFC 3986's grammar parses it, whose components are those of every Appendix B.
	rejected string
}

// A resolveTable is a document's table of examples against one base.
type resolveTable struct {
	v    Version
	base string
	cite string
	rows []resolveRow
}

func checkTable(t *testing.T, tab resolveTable) {
	t.Helper()
	for _, row := range tab.rows {
		cite := tab.cite
		if row.cite != "" {
			cite = row.cite
		}
		if row.rejected != "" {
			if _, err := Resolve(tab.v, tab.base, row.ref, 0, row.policy); !isSyntaxErr(err) {
				t.Errorf("%v %s: %q: error = %v, want a *SyntaxError: %s", tab.v, cite, row.ref, err, row.rejected)
			}
			baseURL, err := ParseRule(tab.v, tab.v.Spec().DefaultRule, tab.base, 0)
			if err != nil {
				t.Fatal(err)
			}
			refURL, err := Parse(RFC3986, row.ref)
			if err != nil {
				t.Fatal(err)
			}
			refURL.Version = tab.v
			got, err := resolvers[tab.v].resolve(&resolution{v: tab.v, base: tab.base, ref: row.ref, baseURL: baseURL, refURL: refURL, policy: row.policy})
			if err != nil || got.Text != row.want || got.SameDocument != row.same {
				t.Errorf("%v %s: the algorithm alone: %q against %q = %+v, %v; want %q (same document: %v)",
					tab.v, cite, row.ref, tab.base, got, err, row.want, row.same)
			}
			continue
		}
		got, err := Resolve(tab.v, tab.base, row.ref, 0, row.policy)
		if err != nil {
			t.Errorf("%v %s: %q against %q: unexpected error: %v", tab.v, cite, row.ref, tab.base, err)
			continue
		}
		if got.Text != row.want || got.SameDocument != row.same {
			t.Errorf("%v %s: %q against %q = %q (same document: %v), want %q (same document: %v)",
				tab.v, cite, row.ref, tab.base, got.Text, got.SameDocument, row.want, row.same)
		}
		// The method on a parsed base works from its components and gives the same.
		base, err := Parse(tab.v, tab.base)
		if err != nil {
			t.Fatal(err)
		}
		if r, err := base.Resolve(row.ref, row.policy); err != nil || r != got {
			t.Errorf("%v %s: URL.Resolve(%q, Policy{}) = %+v, %v; Resolve gave %+v", tab.v, cite, row.ref, r, err, got)
		}
		checkRelativize(t, tab.v, tab.base, got.Text, row.policy, cite)
	}
}

// RFC 1808 section 5, "Examples and Recommended Practice": "Within an object with a well-defined
// base URL of Base: <URL:http://a/b/c/d;p?q#f> the relative URLs would be resolved as follows".
// The targets are printed as <URL:...>; here without the wrapper.
func TestResolveRFC1808Normal(t *testing.T) {
	checkTable(t, resolveTable{v: RFC1808, base: "http://a/b/c/d;p?q#f", cite: "RFC 1808 section 5.1", rows: []resolveRow{
		{ref: "g:h", want: "g:h"},
		{ref: "g", want: "http://a/b/c/g"},
		{ref: "./g", want: "http://a/b/c/g"},
		{ref: "g/", want: "http://a/b/c/g/"},
		{ref: "/g", want: "http://a/g"},
		{ref: "//g", want: "http://g"},
		{ref: "?y", want: "http://a/b/c/d;p?y"},
		{ref: "g?y", want: "http://a/b/c/g?y"},
		{ref: "g?y/./x", want: "http://a/b/c/g?y/./x"},
		{ref: "#s", want: "http://a/b/c/d;p?q#s"},
		{ref: "g#s", want: "http://a/b/c/g#s"},
		{ref: "g#s/./x", want: "http://a/b/c/g#s/./x"},
		{ref: "g?y#s", want: "http://a/b/c/g?y#s"},
		{ref: ";x", want: "http://a/b/c/d;x"},
		{ref: "g;x", want: "http://a/b/c/g;x"},
		{ref: "g;x?y#s", want: "http://a/b/c/g;x?y#s"},
		{ref: ".", want: "http://a/b/c/"},
		{ref: "./", want: "http://a/b/c/"},
		{ref: "..", want: "http://a/b/"},
		{ref: "../", want: "http://a/b/"},
		{ref: "../g", want: "http://a/b/g"},
		{ref: "../..", want: "http://a/"},
		{ref: "../../", want: "http://a/"},
		{ref: "../../g", want: "http://a/g"},
	}})
}

func TestResolveRFC1808Abnormal(t *testing.T) {
	checkTable(t, resolveTable{v: RFC1808, base: "http://a/b/c/d;p?q#f", cite: "RFC 1808 section 5.2", rows: []resolveRow{
		// "An empty reference resolves to the complete base URL:"
		{ref: "", want: "http://a/b/c/d;p?q#f"},
		// "Parsers must be careful in handling the case where there are more relative path ".."
		// segments than there are hierarchical levels in the base URL's path."
		{ref: "../../../g", want: "http://a/../g"},
		{ref: "../../../../g", want: "http://a/../../g"},
		// "Similarly, parsers must avoid treating "." and ".." as special when they are not
		// complete components of a relative path."
		{ref: "/./g", want: "http://a/./g"},
		{ref: "/../g", want: "http://a/../g"},
		{ref: "g.", want: "http://a/b/c/g."},
		{ref: ".g", want: "http://a/b/c/.g"},
		{ref: "g..", want: "http://a/b/c/g.."},
		{ref: "..g", want: "http://a/b/c/..g"},
		// "Less likely are cases where the relative URL uses unnecessary or nonsensical forms of
		// the "." and ".." complete path segments."
		{ref: "./../g", want: "http://a/b/g"},
		{ref: "./g/.", want: "http://a/b/c/g/"},
		{ref: "g/./h", want: "http://a/b/c/g/h"},
		{ref: "g/../h", want: "http://a/b/c/h"},
		// "Finally, some older parsers allow the scheme name to be present in a relative URL if it
		// is the same as the base URL scheme. This is considered to be a loophole in prior
		// specifications of partial URLs [1] and should be avoided by future parsers."
		{ref: "http:g", want: "http:g"},
		{ref: "http:", want: "http:"},
	}})
}

// RFC 1808 rows that the document does not print, derived from its text.
func TestResolveRFC1808Derived(t *testing.T) {
	checkTable(t, resolveTable{v: RFC1808, base: "http://a/b/c/d;p?q#f", rows: []resolveRow{
		// Section 2.4.4: "If the question mark is the last character, or no question mark is
		// present, then the query information is empty"; step 6 takes the query from the
		// embedded URL only, and step 7 has no query to write.
		{ref: "g?", want: "http://a/b/c/g", cite: "RFC 1808 sections 2.4.4 and 4 step 6"},
		// Section 2.4.5 likewise for params; step 5a: "if the embedded URL's <params> is
		// non-empty, we skip to step 7; otherwise, it inherits the <params> of the base URL".
		{ref: ";", want: "http://a/b/c/d;p?q", cite: "RFC 1808 sections 2.4.5 and 4 step 5"},
		// Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7. Otherwise, the
		// embedded URL inherits the <net_loc> (if any) of the base URL."
		{ref: "///g", want: "http://a/g", cite: "RFC 1808 section 4 step 3"},
		// "Parameters, regardless of their purpose, do not form a part of the URL path and thus
		// do not affect the resolving of relative paths."
		{ref: "g;x=1/../y", want: "http://a/b/c/g;x=1/../y", cite: "RFC 1808 section 4, after step 7"},
	}})
}

// The 1997 draft, Appendix C: "Within an object with a well-defined base URL of Content-Base:
// http://a/b/c/d;p?q the relative URLs would be resolved as follows".
func TestResolveDraft1997Normal(t *testing.T) {
	checkTable(t, resolveTable{v: Draft1997, base: "http://a/b/c/d;p?q", cite: "draft-fielding-url-syntax-05 C.1", rows: []resolveRow{
		{ref: "g:h", want: "g:h"},
		{ref: "g", want: "http://a/b/c/g"},
		{ref: "./g", want: "http://a/b/c/g"},
		{ref: "g/", want: "http://a/b/c/g/"},
		{ref: "/g", want: "http://a/g"},
		{ref: "//g", want: "http://g"},
		{ref: "?y", want: "http://a/b/c/?y"},
		{ref: "g?y", want: "http://a/b/c/g?y"},
		{ref: "#s", want: "http://a/b/c/d;p?q#s", same: true}, // "(current document)#s"
		{ref: "g#s", want: "http://a/b/c/g#s"},
		{ref: "g?y#s", want: "http://a/b/c/g?y#s"},
		{ref: ";x", want: "http://a/b/c/;x"},
		{ref: "g;x", want: "http://a/b/c/g;x"},
		{ref: "g;x?y#s", want: "http://a/b/c/g;x?y#s"},
		{ref: ".", want: "http://a/b/c/"},
		{ref: "./", want: "http://a/b/c/"},
		{ref: "..", want: "http://a/b/"},
		{ref: "../", want: "http://a/b/"},
		{ref: "../g", want: "http://a/b/g"},
		{ref: "../..", want: "http://a/"},
		{ref: "../../", want: "http://a/"},
		{ref: "../../g", want: "http://a/g"},
	}})
}

func TestResolveDraft1997Abnormal(t *testing.T) {
	checkTable(t, resolveTable{v: Draft1997, base: "http://a/b/c/d;p?q", cite: "draft-fielding-url-syntax-05 C.2", rows: []resolveRow{
		// "An empty reference refers to the start of the current document."
		{ref: "", want: "http://a/b/c/d;p?q", same: true}, // "<> = (current document)"
		{ref: "../../../g", want: "http://a/../g"},
		{ref: "../../../../g", want: "http://a/../../g"},
		{ref: "/./g", want: "http://a/./g"},
		{ref: "/../g", want: "http://a/../g"},
		{ref: "g.", want: "http://a/b/c/g."},
		{ref: ".g", want: "http://a/b/c/.g"},
		{ref: "g..", want: "http://a/b/c/g.."},
		{ref: "..g", want: "http://a/b/c/..g"},
		{ref: "./../g", want: "http://a/b/g"},
		{ref: "./g/.", want: "http://a/b/c/g/"},
		{ref: "g/./h", want: "http://a/b/c/g/h"},
		{ref: "g/../h", want: "http://a/b/c/h"},
		{ref: "g;x=1/./y", want: "http://a/b/c/g;x=1/y"},
		{ref: "g;x=1/../y", want: "http://a/b/c/y"},
		// The query is merged with the path before the dot segments are removed (step 6c).
		{ref: "g?y/./x", want: "http://a/b/c/g?y/x"},
		{ref: "g?y/../x", want: "http://a/b/c/x"},
		{ref: "g#s/./x", want: "http://a/b/c/g#s/./x"},
		{ref: "g#s/../x", want: "http://a/b/c/g#s/../x"},
		// "Some parsers allow the scheme name to be present in a relative URL if it is the same
		// as the base URL scheme. This is considered to be a loophole in prior specifications of
		// partial URLs [RFC1630]. Its use should be avoided."
		{ref: "http:g", want: "http:g"},
		{ref: "http:", want: "http:"},
		// "Some parsers inappropriately strip a lead relative symbolic path element from resolved
		// paths in requests with some schemes. http://a/../b/c = http://a/b/c": the row shows
		// what those parsers do wrong. By step 3 the reference "is interpreted as an absolute URL
		// and we are done".
		{ref: "http://a/../b/c", want: "http://a/../b/c"},
	}})
}

// The 1997 draft, derived from section 5.2 step 6a: "All but the last segment of the base URL's
// path component is copied to the buffer. In other words, any characters after the last
// (right-most) slash character, if any, are excluded." An empty base path leaves the buffer
// empty, and step 7 writes the site and the path side by side.
func TestResolveDraft1997EmptyBasePath(t *testing.T) {
	checkTable(t, resolveTable{v: Draft1997, base: "http://a", cite: "draft-fielding-url-syntax-05 5.2 steps 6a and 7", rows: []resolveRow{
		{ref: "g", want: "http://ag"},
		{ref: "/g", want: "http://a/g"},
	}})
}

// RFC 2396 Appendix C: "Within an object with a well-defined base URI of http://a/b/c/d;p?q the
// relative URI would be resolved as follows".
func TestResolveRFC2396Normal(t *testing.T) {
	checkTable(t, resolveTable{v: RFC2396, base: "http://a/b/c/d;p?q", cite: "RFC 2396 C.1", rows: []resolveRow{
		{ref: "g:h", want: "g:h"},
		{ref: "g", want: "http://a/b/c/g"},
		{ref: "./g", want: "http://a/b/c/g"},
		{ref: "g/", want: "http://a/b/c/g/"},
		{ref: "/g", want: "http://a/g"},
		{ref: "//g", want: "http://g"},
		{ref: "?y", want: "http://a/b/c/?y", rejected: `RFC 2396's relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ] needs a path, ` +
			`and rel_segment is 1*( ... ) (Appendix A); RFC 3986 Appendix D.2: "The ABNF has been corrected to allow the path component to be empty"`},
		{ref: "g?y", want: "http://a/b/c/g?y"},
		{ref: "#s", want: "http://a/b/c/d;p?q#s", same: true}, // "(current document)#s"
		{ref: "g#s", want: "http://a/b/c/g#s"},
		{ref: "g?y#s", want: "http://a/b/c/g?y#s"},
		{ref: ";x", want: "http://a/b/c/;x"},
		{ref: "g;x", want: "http://a/b/c/g;x"},
		{ref: "g;x?y#s", want: "http://a/b/c/g;x?y#s"},
		{ref: ".", want: "http://a/b/c/"},
		{ref: "./", want: "http://a/b/c/"},
		{ref: "..", want: "http://a/b/"},
		{ref: "../", want: "http://a/b/"},
		{ref: "../g", want: "http://a/b/g"},
		{ref: "../..", want: "http://a/"},
		{ref: "../../", want: "http://a/"},
		{ref: "../../g", want: "http://a/g"},
	}})
}

func TestResolveRFC2396Abnormal(t *testing.T) {
	checkTable(t, resolveTable{v: RFC2396, base: "http://a/b/c/d;p?q", cite: "RFC 2396 C.2", rows: []resolveRow{
		// "An empty reference refers to the start of the current document."
		{ref: "", want: "http://a/b/c/d;p?q", same: true}, // "<> = (current document)"
		{ref: "../../../g", want: "http://a/../g"},
		{ref: "../../../../g", want: "http://a/../../g"},
		// "In practice, some implementations strip leading relative symbolic elements (".", "..")
		// after applying a relative URI calculation [...]. Thus, the above two references will be
		// interpreted as "http://a/g" by some implementations." (section 5.2 step 6g: "by
		// removing them from the resolved path")
		{ref: "../../../g", want: "http://a/g", policy: Policy{RemoveDotDot: true}},
		{ref: "../../../../g", want: "http://a/g", policy: Policy{RemoveDotDot: true}},
		{ref: "/./g", want: "http://a/./g"},
		{ref: "/../g", want: "http://a/../g"},
		{ref: "g.", want: "http://a/b/c/g."},
		{ref: ".g", want: "http://a/b/c/.g"},
		{ref: "g..", want: "http://a/b/c/g.."},
		{ref: "..g", want: "http://a/b/c/..g"},
		{ref: "./../g", want: "http://a/b/g"},
		{ref: "./g/.", want: "http://a/b/c/g/"},
		{ref: "g/./h", want: "http://a/b/c/g/h"},
		{ref: "g/../h", want: "http://a/b/c/h"},
		{ref: "g;x=1/./y", want: "http://a/b/c/g;x=1/y"},
		{ref: "g;x=1/../y", want: "http://a/b/c/y"},
		{ref: "g?y/./x", want: "http://a/b/c/g?y/./x"},
		{ref: "g?y/../x", want: "http://a/b/c/g?y/../x"},
		{ref: "g#s/./x", want: "http://a/b/c/g#s/./x"},
		{ref: "g#s/../x", want: "http://a/b/c/g#s/../x"},
		// "http:g = http:g ; for validating parsers | http://a/b/c/g ; for backwards compatibility"
		{ref: "http:g", want: "http:g"},
		{ref: "http:g", want: "http://a/b/c/g", policy: Policy{NonValidating: true}},
	}})
}

// The 2003 draft, Appendix C: "Within an object with a well-defined base URI of
// http://a/b/c/d;p?q the relative URI would be resolved as follows".
func TestResolveDraft2003Normal(t *testing.T) {
	checkTable(t, resolveTable{v: Draft2003, base: "http://a/b/c/d;p?q", cite: "draft-fielding-uri-rfc2396bis-01 C.1", rows: []resolveRow{
		{ref: "g:h", want: "g:h"},
		{ref: "g", want: "http://a/b/c/g"},
		{ref: "./g", want: "http://a/b/c/g"},
		{ref: "g/", want: "http://a/b/c/g/"},
		{ref: "/g", want: "http://a/g"},
		{ref: "//g", want: "http://g"},
		{ref: "?y", want: "http://a/b/c/d;p?y"},
		{ref: "g?y", want: "http://a/b/c/g?y"},
		{ref: "#s", want: "http://a/b/c/d;p?q#s", same: true}, // "(current document)#s"
		{ref: "g#s", want: "http://a/b/c/g#s"},
		{ref: "g?y#s", want: "http://a/b/c/g?y#s"},
		{ref: ";x", want: "http://a/b/c/;x"},
		{ref: "g;x", want: "http://a/b/c/g;x"},
		{ref: "g;x?y#s", want: "http://a/b/c/g;x?y#s"},
		{ref: ".", want: "http://a/b/c/"},
		{ref: "./", want: "http://a/b/c/"},
		{ref: "..", want: "http://a/b/"},
		{ref: "../", want: "http://a/b/"},
		{ref: "../g", want: "http://a/b/g"},
		{ref: "../..", want: "http://a/"},
		{ref: "../../", want: "http://a/"},
		{ref: "../../g", want: "http://a/g"},
	}})
}

func TestResolveDraft2003Abnormal(t *testing.T) {
	checkTable(t, resolveTable{v: Draft2003, base: "http://a/b/c/d;p?q", cite: "draft-fielding-uri-rfc2396bis-01 C.2", rows: []resolveRow{
		// "An empty reference refers to the start of the current document. <> = (current document)"
		{ref: "", want: "http://a/b/c/d;p?q", same: true},
		{ref: "../../../g", want: "http://a/../g"},
		{ref: "../../../../g", want: "http://a/../../g"},
		// "Thus, the above two references will be interpreted as "http://a/g" by some
		// implementations." (section 5.2 merge step 7: "by removing them from the resolved path")
		{ref: "../../../g", want: "http://a/g", policy: Policy{RemoveDotDot: true}},
		{ref: "../../../../g", want: "http://a/g", policy: Policy{RemoveDotDot: true}},
		{ref: "/./g", want: "http://a/./g"},
		{ref: "/../g", want: "http://a/../g"},
		{ref: "g.", want: "http://a/b/c/g."},
		{ref: ".g", want: "http://a/b/c/.g"},
		{ref: "g..", want: "http://a/b/c/g.."},
		{ref: "..g", want: "http://a/b/c/..g"},
		{ref: "./../g", want: "http://a/b/g"},
		{ref: "./g/.", want: "http://a/b/c/g/"},
		{ref: "g/./h", want: "http://a/b/c/g/h"},
		{ref: "g/../h", want: "http://a/b/c/h"},
		{ref: "g;x=1/./y", want: "http://a/b/c/g;x=1/y"},
		{ref: "g;x=1/../y", want: "http://a/b/c/y"},
		{ref: "g?y/./x", want: "http://a/b/c/g?y/./x"},
		{ref: "g?y/../x", want: "http://a/b/c/g?y/../x"},
		{ref: "g#s/./x", want: "http://a/b/c/g#s/./x"},
		{ref: "g#s/../x", want: "http://a/b/c/g#s/../x"},
		// "http:g = http:g ; for validating parsers / http://a/b/c/g ; for backwards compatibility"
		{ref: "http:g", want: "http:g"},
		{ref: "http:g", want: "http://a/b/c/g", policy: Policy{NonValidating: true}},
	}})
}

// RFC 2396, derived from section 5.2 step 6a, in the words of the 1997 draft: an empty base
// path leaves the buffer empty, and step 7 writes the authority and the path side by side.
func TestResolveRFC2396EmptyBasePath(t *testing.T) {
	checkTable(t, resolveTable{v: RFC2396, base: "http://a", cite: "RFC 2396 5.2 steps 6a and 7", rows: []resolveRow{
		{ref: "g", want: "http://ag"},
		{ref: "/g", want: "http://a/g"},
	}})
}

// RFC 1808, derived from section 4 step 6 and the form of section 2.1,
// <scheme>://<net_loc>/<path>;<params>?<query>#<fragment>, whose "/" separates net_loc from path.
func TestResolveRFC1808EmptyBasePath(t *testing.T) {
	checkTable(t, resolveTable{v: RFC1808, base: "http://a", cite: "RFC 1808 sections 2.1 and 4 step 6", rows: []resolveRow{
		{ref: "g", want: "http://a/g"},
	}})
}

// RFC 3986 section 5.2.3: "If the base URI has a defined authority component and an empty path,
// then return a string consisting of "/" concatenated with the reference's path".
func TestResolveRFC3986EmptyBasePath(t *testing.T) {
	checkTable(t, resolveTable{v: RFC3986, base: "http://a", cite: "RFC 3986 section 5.2.3", rows: []resolveRow{
		{ref: "g", want: "http://a/g"},
	}})
}

// The 2003 draft, derived from section 5.2's merge step 1: "If the base URI's path component is
// the empty string, then a single slash character ("/") is copied to the buffer."
func TestResolveDraft2003EmptyBasePath(t *testing.T) {
	checkTable(t, resolveTable{v: Draft2003, base: "http://a", cite: "draft-fielding-uri-rfc2396bis-01 5.2 merge step 1", rows: []resolveRow{
		{ref: "g", want: "http://a/g"},
	}})
}

// RFC 3986 section 5.4: "Within a representation with a well defined base URI of
// http://a/b/c/d;p?q a relative reference is transformed to its target URI as follows."
// "#s" and "" are same-document references (section 4.4).
func TestResolveRFC3986Normal(t *testing.T) {
	checkTable(t, resolveTable{v: RFC3986, base: "http://a/b/c/d;p?q", cite: "RFC 3986 section 5.4.1", rows: []resolveRow{
		{ref: "g:h", want: "g:h"},
		{ref: "g", want: "http://a/b/c/g"},
		{ref: "./g", want: "http://a/b/c/g"},
		{ref: "g/", want: "http://a/b/c/g/"},
		{ref: "/g", want: "http://a/g"},
		{ref: "//g", want: "http://g"},
		{ref: "?y", want: "http://a/b/c/d;p?y"},
		{ref: "g?y", want: "http://a/b/c/g?y"},
		{ref: "#s", want: "http://a/b/c/d;p?q#s", same: true},
		{ref: "g#s", want: "http://a/b/c/g#s"},
		{ref: "g?y#s", want: "http://a/b/c/g?y#s"},
		{ref: ";x", want: "http://a/b/c/;x"},
		{ref: "g;x", want: "http://a/b/c/g;x"},
		{ref: "g;x?y#s", want: "http://a/b/c/g;x?y#s"},
		{ref: "", want: "http://a/b/c/d;p?q", same: true},
		{ref: ".", want: "http://a/b/c/"},
		{ref: "./", want: "http://a/b/c/"},
		{ref: "..", want: "http://a/b/"},
		{ref: "../", want: "http://a/b/"},
		{ref: "../g", want: "http://a/b/g"},
		{ref: "../..", want: "http://a/"},
		{ref: "../../", want: "http://a/"},
		{ref: "../../g", want: "http://a/g"},
	}})
}

func TestResolveRFC3986Abnormal(t *testing.T) {
	checkTable(t, resolveTable{v: RFC3986, base: "http://a/b/c/d;p?q", cite: "RFC 3986 section 5.4.2", rows: []resolveRow{
		{ref: "../../../g", want: "http://a/g"},
		{ref: "../../../../g", want: "http://a/g"},
		{ref: "/./g", want: "http://a/g"},
		{ref: "/../g", want: "http://a/g"},
		{ref: "g.", want: "http://a/b/c/g."},
		{ref: ".g", want: "http://a/b/c/.g"},
		{ref: "g..", want: "http://a/b/c/g.."},
		{ref: "..g", want: "http://a/b/c/..g"},
		{ref: "./../g", want: "http://a/b/g"},
		{ref: "./g/.", want: "http://a/b/c/g/"},
		{ref: "g/./h", want: "http://a/b/c/g/h"},
		{ref: "g/../h", want: "http://a/b/c/h"},
		{ref: "g;x=1/./y", want: "http://a/b/c/g;x=1/y"},
		{ref: "g;x=1/../y", want: "http://a/b/c/y"},
		{ref: "g?y/./x", want: "http://a/b/c/g?y/./x"},
		{ref: "g?y/../x", want: "http://a/b/c/g?y/../x"},
		{ref: "g#s/./x", want: "http://a/b/c/g#s/./x"},
		{ref: "g#s/../x", want: "http://a/b/c/g#s/../x"},
		// ""http:g" = "http:g" ; for strict parsers / "http://a/b/c/g" ; for backward compatibility"
		{ref: "http:g", want: "http:g"},
		{ref: "http:g", want: "http://a/b/c/g", policy: Policy{NonValidating: true}},
	}})
}

// RFC 3986 section 5.2.4 illustrates remove_dot_segments on two merged paths, showing the two
// buffers after each step.
func TestRemoveDotSegments(t *testing.T) {
	for in, want := range map[string]string{
		"/a/b/c/./../../g":   "/a/g",
		"mid/content=5/../6": "mid/6",
	} {
		if got := removeDotSegments(in); got != want {
			t.Errorf("remove_dot_segments(%q) = %q, want %q (RFC 3986 section 5.2.4)", in, got, want)
		}
	}
}

// The 1993 draft prints no examples. Its rules for the use of a partial name (section "Partial
// form"), applied by hand to the base of the later documents' tables; each row names the rule.
func TestResolveDraft1993(t *testing.T) {
	const full, host, abs, rel, dots = `full form: "a full form must have a colon and that colon must occur before any slash characters"`,
		`"If the host and/or port parts are the different, the host, port name and all the rest of the locator must be given"`,
		`"If a leading slash is present, the path is absolute"`,
		`"The last part of the path of the context locator (anything following the rightmost slash) is removed, and the given partial URL appended in its place"`,
		`"all occurrences of "/xxx/.." or "/." are recursively removed"`
	checkTable(t, resolveTable{v: Draft1993, base: "http://a/b/c/d;p?q", rows: []resolveRow{
		{ref: "g:h", want: "g:h", cite: full},
		{ref: "http:g", want: "http:g", cite: full},
		{ref: "//g", want: "http://g", cite: host},
		{ref: "/g", want: "http://a/g", cite: abs},
		{ref: "/./g", want: "http://a/./g", cite: abs + ": the removal of dot elements is a rule for relative paths"},
		{ref: "g", want: "http://a/b/c/g", cite: rel},
		{ref: "g/", want: "http://a/b/c/g/", cite: rel},
		{ref: "g?y", want: "http://a/b/c/g?y", cite: rel},
		{ref: "g#s", want: "http://a/b/c/g#s", cite: rel},
		{ref: ";x", want: "http://a/b/c/;x", cite: rel},
		{ref: "?y", want: "http://a/b/c/?y", cite: rel + `: "?y" has no leading slash`},
		{ref: "#s", want: "http://a/b/c/#s", cite: rel + `: "#s" has no leading slash`},
		{ref: "", want: "http://a/b/c/", cite: rel},
		{ref: "./g", want: "http://a/b/c/g", cite: dots},
		{ref: "./", want: "http://a/b/c/", cite: dots},
		{ref: ".", want: "http://a/b/c", cite: dots + `: "/." at the end goes with its slash`},
		{ref: "..", want: "http://a/b", cite: dots},
		{ref: "../", want: "http://a/b/", cite: dots},
		{ref: "../g", want: "http://a/b/g", cite: dots},
		{ref: "../..", want: "http://a", cite: dots},
		{ref: "../../", want: "http://a/", cite: dots},
		{ref: "../../g", want: "http://a/g", cite: dots},
		{ref: "../../../g", want: "http://a/../g", cite: dots + `: "/../g" has no "/xxx/.."`},
		{ref: "g/./h", want: "http://a/b/c/g/h", cite: dots},
		{ref: "g/../h", want: "http://a/b/c/h", cite: dots},
	}})
	// "These rules imply that within an article, a reference to a news group or to another
	// article will be a valid URL (in the partial form)." (News): the path of a news URL has no
	// slash, and all of it is the last part.
	checkTable(t, resolveTable{v: Draft1993, base: "news:123@a.b", cite: "1993 draft, News", rows: []resolveRow{
		{ref: "comp.infosystems", want: "news:comp.infosystems"},
		{ref: "456@c.d", want: "news:456@c.d"},
	}})
	// "Within the WAIS world, names do not of course not need to be prefixed by "wais:" (by the
	// partial form rules)." (WAIS)
	checkTable(t, resolveTable{v: Draft1993, base: "wais://a/db?x", cite: "1993 draft, WAIS", rows: []resolveRow{
		{ref: "//b/other", want: "wais://b/other"},
	}})
}

// The 1993 draft's partial form is validated by the URL it stands for: a search holds no "/"
// (search = xalphas [ + search ]), so "g?y/./x" abbreviates no URL.
func TestResolveDraft1993InvalidPartial(t *testing.T) {
	_, err := Resolve(Draft1993, "http://a/b/c/d;p?q", "g?y/./x", 0, Policy{})
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf(`Resolve(draft1993, "g?y/./x") error = %v, want one that wraps a *SyntaxError`, err)
	}
}

// The rows that the brief names: the documents disagree on them on purpose.
func TestResolveDifferences(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	type want struct {
		v    Version
		text string
		cite string
	}
	for _, c := range []struct {
		ref   string
		wants []want
	}{
		{"?y", []want{
			{RFC1808, "http://a/b/c/d;p?y", "RFC 1808 5.1"},
			{Draft1997, "http://a/b/c/?y", "1997 draft C.1"},
			{Draft2003, "http://a/b/c/d;p?y", "2003 draft C.1"},
			{RFC3986, "http://a/b/c/d;p?y", "RFC 3986 5.4.1"},
		}},
		{"g?y/./x", []want{
			{RFC1808, "http://a/b/c/g?y/./x", "RFC 1808 5.1"},
			{Draft1997, "http://a/b/c/g?y/x", "1997 draft C.2"},
			{RFC2396, "http://a/b/c/g?y/./x", "RFC 2396 C.2"},
			{Draft2003, "http://a/b/c/g?y/./x", "2003 draft C.2"},
			{RFC3986, "http://a/b/c/g?y/./x", "RFC 3986 5.4.2"},
		}},
		{"../../../g", []want{
			{RFC1808, "http://a/../g", "RFC 1808 5.2"},
			{Draft1997, "http://a/../g", "1997 draft C.2"},
			{RFC2396, "http://a/../g", "RFC 2396 C.2"},
			{Draft2003, "http://a/../g", "2003 draft C.2"},
			{RFC3986, "http://a/g", "RFC 3986 5.4.2"},
		}},
		{";x", []want{
			{RFC1808, "http://a/b/c/d;x", "RFC 1808 5.1"},
			{Draft1997, "http://a/b/c/;x", "1997 draft C.1"},
			{RFC3986, "http://a/b/c/;x", "RFC 3986 5.4.1"},
		}},
		{"/./g", []want{
			{RFC1808, "http://a/./g", "RFC 1808 5.2"},
			{Draft2003, "http://a/./g", "2003 draft C.2"},
			{RFC3986, "http://a/g", "RFC 3986 5.4.2"},
		}},
		{"http:g", []want{
			{RFC1808, "http:g", "RFC 1808 5.2"},
			{Draft1997, "http:g", "1997 draft C.2"},
			{RFC2396, "http:g", "RFC 2396 C.2, for validating parsers"},
			{Draft2003, "http:g", "2003 draft C.2, for validating parsers"},
			{RFC3986, "http:g", "RFC 3986 5.4.2, for strict parsers"},
		}},
	} {
		if c.ref == "?y" {
			// RFC 2396 C.1 prints "?y = http://a/b/c/?y", but its grammar has no reference made
			// of a query alone (see TestResolveRFC2396Normal).
			if _, err := Resolve(RFC2396, base, c.ref, 0, Policy{}); !isSyntaxErr(err) {
				t.Errorf("rfc2396: %q: error = %v, want a *SyntaxError", c.ref, err)
			}
		}
		for _, w := range c.wants {
			got, err := resolveText(w.v, base, c.ref, Policy{})
			if err != nil || got != w.text {
				t.Errorf("%v: %q = %q, %v; want %q (%s)", w.v, c.ref, got, err, w.text, w.cite)
			}
		}
	}
}

func TestResolveNoResolution(t *testing.T) {
	for _, v := range []Version{Draft1994, RFC1738} {
		if (v.Spec().Resolution != "") || v.resolutionSection() != "" {
			t.Errorf("%v.DefinesResolution() = true, want false", v)
		}
		_, err := Resolve(v, "http://a/b/c/d", "g", 0, Policy{})
		if !errors.Is(err, ErrNoResolution) {
			t.Errorf("Resolve(%v) error = %v, want one that wraps ErrNoResolution", v, err)
		}
	}
	for _, v := range []Version{Draft1993, RFC1808, Draft1997, RFC2396, Draft2003, RFC3986} {
		if v.Spec().Resolution == "" || v.resolutionSection() == "" {
			t.Errorf("%v.DefinesResolution() = false, want true", v)
		}
	}
	if _, err := Resolve(Version(0), "http://a/", "g", 0, Policy{}); err == nil || errors.Is(err, ErrNoResolution) {
		t.Errorf("Resolve(Version(0)) error = %v, want an unknown-version error", err)
	}
}

func TestResolveOptionsApplyOnlyWhereDocumented(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	for _, v := range []Version{Draft1993, RFC1808, Draft1997} {
		if _, err := Resolve(v, base, "http:g", 0, Policy{NonValidating: true}); err == nil {
			t.Errorf("%v accepts NonValidating; its document allows no such reading", v)
		}
	}
	for _, v := range []Version{Draft1993, RFC1808, Draft1997, RFC3986} {
		if _, err := Resolve(v, base, "g", 0, Policy{RemoveDotDot: true}); err == nil {
			t.Errorf("%v accepts LeftoverDotDot; its document leaves no choice", v)
		}
	}
	for _, v := range []Version{RFC2396, Draft2003} {
		_, err := Resolve(v, base, "../../../g", 0, Policy{AvoidTraversal: true})
		if !errors.Is(err, ErrLeftoverDotDot) {
			t.Errorf("%v with AvoidTraversal: error = %v, want one that wraps ErrLeftoverDotDot", v, err)
		}
		if got, err := resolveText(v, base, "../g", Policy{AvoidTraversal: true}); err != nil || got != "http://a/b/g" {
			t.Errorf("%v with AvoidTraversal: %q = %q, %v; want %q", v, "../g", got, err, "http://a/b/g")
		}
		if got, err := resolveText(v, base, "../../../g", Policy{}); err != nil || got != "http://a/../g" {
			t.Errorf("%v retaining: %q = %q, %v; want %q", v, "../../../g", got, err, "http://a/../g")
		}
		if _, err := Resolve(v, base, "g", 0, Policy{RemoveDotDot: true, AvoidTraversal: true}); err == nil {
			t.Errorf("%v accepts RemoveDotDot|AvoidTraversal, which exclude each other", v)
		}
	}
}

func TestResolveBase(t *testing.T) {
	for _, v := range []Version{Draft1993, RFC1808, Draft1997, RFC2396, Draft2003, RFC3986} {
		// A base must be absolute (RFC 1808 section 3, the 1997 draft and RFC 2396 section 5.1,
		// the 2003 draft section 5.1, RFC 3986 section 5.1).
		for _, base := range []string{"", "/b/c", "b/c", "//a/b", "\x00", "http://a/b\x00", "http://a/\xff", "http://a/é"} {
			_, err := Resolve(v, base, "g", 0, Policy{})
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("%v: base %q: error = %v, want one that wraps a *SyntaxError", v, base, err)
			}
		}
		// A fragment after the base is set aside.
		if got, err := resolveText(v, "http://a/b/c/d;p?q#f", "g", Policy{}); err != nil || got != "http://a/b/c/g" {
			t.Errorf("%v: base with a fragment: %q, %v", v, got, err)
		}
	}
	// Documents that require the base of a relative reference to fit their hierarchical syntax.
	for _, c := range []struct {
		v    Version
		base string
	}{
		{RFC2396, "mailto:x@y"}, // hier_part begins with "/"
		{Draft2003, "mailto:x@y"},
	} {
		if _, err := Resolve(c.v, c.base, "g", 0, Policy{}); err == nil || isSyntaxErr(err) {
			t.Errorf("%v: base %q, reference %q: error = %v, want a not-hierarchical error", c.v, c.base, "g", err)
		}
		// A reference to the current document does not use the base's hierarchy.
		if got, err := Resolve(c.v, c.base, "#s", 0, Policy{}); err != nil || got.Text != "mailto:x@y#s" || !got.SameDocument {
			t.Errorf("%v: base %q, reference %q = %+v, %v", c.v, c.base, "#s", got, err)
		}
		// Nor does an absolute one.
		if got, err := resolveText(c.v, c.base, "g:h", Policy{}); err != nil || got != "g:h" {
			t.Errorf("%v: base %q, reference %q = %q, %v", c.v, c.base, "g:h", got, err)
		}
	}
	// RFC 3986 requires no hierarchy of the base (section 5.2.3 merges with any path).
	if got, err := resolveText(RFC3986, "mailto:x@y", "g", Policy{}); err != nil || got != "mailto:g" {
		t.Errorf("rfc3986: mailto:x@y + g = %q, %v; want %q", got, err, "mailto:g")
	}
}

// resolveText is the text of Resolve's target.
func resolveText(v Version, base, ref string, p Policy) (string, error) {
	r, err := Resolve(v, base, ref, 0, p)
	return r.Text, err
}

func isSyntaxErr(err error) bool {
	var se *SyntaxError
	return errors.As(err, &se)
}

func TestResolveBadReference(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	for _, v := range []Version{Draft1993, RFC1808, Draft1997, RFC2396, Draft2003, RFC3986} {
		// A rejected input costs its diagnosis (a few seconds for 1 MiB): 1 MiB for the 1993
		// draft's partial form, which is diagnosed after it is resolved, and for RFC 3986.
		huge := strings.Repeat("a", 1<<16)
		if v == Draft1993 || v == RFC3986 {
			huge = strings.Repeat("a", 1<<20)
		}
		for _, ref := range []string{"\x00", "g\x00", "g h\n", "\xff", "é", "%", "g#s#t", huge + "\x00"} {
			_, err := Resolve(v, base, ref, 0, Policy{})
			if !isSyntaxErr(err) {
				t.Errorf("%v: reference %q: error = %v, want one that wraps a *SyntaxError", v, truncate(ref), err)
			}
		}
	}
}

// hugeReferences are references of about n bytes made of dot segments, and what RFC 3986
// section 5.2 makes of them against http://a/b/c/d;p?q (remove_dot_segments: ".." above the
// root is dropped, "x/.." and "." vanish).
func hugeReferences(n int) []struct{ ref, rfc3986 string } {
	return []struct{ ref, rfc3986 string }{
		{strings.Repeat("../", n/3) + "g", "http://a/g"},
		{strings.Repeat("x/../", n/5) + "g", "http://a/b/c/g"},
		{strings.Repeat("./", n/2) + "g", "http://a/b/c/g"},
		{strings.Repeat("g/", n/2), "http://a/b/c/" + strings.Repeat("g/", n/2)},
	}
}

// TestResolveHugeInputs: a 1 MiB reference resolves under every version that defines
// resolution, with no error but a *SyntaxError and no stack growth; RFC 3986's results are
// checked. How long it takes is measured by BenchmarkResolveHuge, never by a timed test.
func TestResolveHugeInputs(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	for _, v := range []Version{Draft1993, RFC1808, Draft1997, RFC2396, Draft2003, RFC3986} {
		for _, h := range hugeReferences(1 << 20) {
			got, err := resolveText(v, base, h.ref, Policy{})
			if err != nil && !isSyntaxErr(err) {
				t.Errorf("%v: %d-byte reference: %v", v, len(h.ref), err)
			}
			if v == RFC3986 && got != h.rfc3986 {
				t.Errorf("%v: %d-byte reference: %s, want %s", v, len(h.ref), truncate(got), truncate(h.rfc3986))
			}
		}
	}
}

// BenchmarkResolveHuge resolves the huge references at 1 KiB and 1 MiB under RFC 3986: with
// b.SetBytes, the two MB/s figures say whether the cost per byte stays the same.
func BenchmarkResolveHuge(b *testing.B) {
	const base = "http://a/b/c/d;p?q"
	for _, size := range []struct {
		name string
		n    int
	}{{"1KiB", 1 << 10}, {"1MiB", 1 << 20}} {
		for i, h := range hugeReferences(size.n) {
			b.Run(fmt.Sprintf("%s/%d", size.name, i), func(b *testing.B) {
				b.SetBytes(int64(len(h.ref)))
				for b.Loop() {
					Resolve(RFC3986, base, h.ref, 0, Policy{})
				}
			})
		}
	}
}

func truncate(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

func FuzzResolve(f *testing.F) {
	for _, ref := range []string{"g:h", "g", "./g", "?y", "#s", "", "../../../g", "/./g", "g?y/./x", "http:g", "//g", ";x", "%zz"} {
		f.Add("http://a/b/c/d;p?q", ref)
	}
	f.Add("news:123@a.b", "comp.x")
	f.Add("mailto:x@y", "g")
	f.Fuzz(func(t *testing.T, base, ref string) {
		for _, v := range Versions() {
			for _, p := range []Policy{{}, {NonValidating: true}, {RemoveDotDot: true}} {
				r, err := Resolve(v, base, ref, 0, p)
				if err != nil {
					continue
				}
				if baseAbs, _, _ := strings.Cut(base, "#"); r.SameDocument && !strings.HasPrefix(r.Text, baseAbs) {
					t.Fatalf("%v: %q against %q: same document %q does not begin with the base", v, ref, base, r.Text)
				}
			}
		}
	})
}

// The documents parse a reference for resolution with their Appendix B, "as if it is a
// generic-URL, even though it might be considered opaque by later processes" (1997 draft,
// section 4.4): when a non-validating resolution drops the scheme of "http:g?y/../x", which
// RFC 2396's and the 2003 draft's grammars read as an opaque part, what remains is the path "g"
// and the query "y/../x", and the query keeps its dot segments (RFC 2396 C.2: "g?y/../x =
// http://a/b/c/g?y/../x").
func TestResolveOpaqueReadAsAppendixB(t *testing.T) {
	for _, v := range []Version{RFC2396, Draft2003, RFC3986} {
		got, err := resolveText(v, "http://a/b/c/d;p?q", "http:g?y/../x", Policy{NonValidating: true})
		if want := "http://a/b/c/g?y/../x"; err != nil || got != want {
			t.Errorf("%v: non-validating %q = %q, %v; want %q", v, "http:g?y/../x", got, err, want)
		}
	}
}

// URL.Resolve, which works from a parsed base, gives what Resolve gives.
func TestResolveParsed(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	refs := []string{"g:h", "g", "?y", "#s", "", "../../../g", "/./g", "g?y/./x", "http:g", "//g", ";x"}
	for _, v := range []Version{RFC1808, Draft1997, RFC2396, Draft2003, RFC3986, Draft1993} {
		baseURL, err := Parse(v, base)
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		for _, ref := range refs {
			want, wantErr := Resolve(v, base, ref, 0, Policy{})
			got, err := baseURL.Resolve(ref, Policy{})
			if got != want || (err == nil) != (wantErr == nil) {
				t.Errorf("%v: URL.Resolve(%q, Policy{}) = %+v, %v; Resolve gives %+v, %v", v, ref, got, err, want, wantErr)
			}
		}
	}
	// A base parsed with another start rule is read as it was parsed.
	absBase, err := ParseRule(RFC3986, "absolute-URI", base, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := absBase.Resolve("../g", Policy{}); err != nil || got.Text != "http://a/b/g" {
		t.Errorf("rfc3986: absolute-URI base, ../g = %+v, %v", got, err)
	}
	// The base must be absolute; a zero URL is no base.
	relBase, _ := Parse(RFC3986, "/b/c")
	if _, err := relBase.Resolve("../g", Policy{}); !isSyntaxErr(err) {
		t.Errorf("URL.Resolve with a relative base: error = %v, want one that wraps a *SyntaxError", err)
	}
	if _, err := new(URL).Resolve("g", Policy{}); err == nil {
		t.Error("URL.Resolve on a zero URL: no error")
	}
	// A base parsed with CaseIgnoreScheme reads its references the same way.
	ci, err := ParseRule(RFC3986, "", "HTTP://a/b/c", CaseIgnoreScheme)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ci.Resolve("g", Policy{}); err != nil || got.Text != "HTTP://a/b/g" {
		t.Errorf("CaseIgnoreScheme base: g = %+v, %v; want %q", got, err, "HTTP://a/b/g")
	}
}

// TestResolveInvalidTargetMarked: the algorithms as printed can give a string that the same
// document's grammar rejects; Resolve returns it, as the document defines it, and marks it.
func TestResolveInvalidTargetMarked(t *testing.T) {
	for _, c := range []struct {
		v               Version
		base, ref, want string
		p               Policy
		because         []string // what the reason must say
	}{
		// RFC 3986 section 5.2.2 takes a reference with a scheme as it stands, its path's dot
		// segments removed (5.2.4): "/.//h:p/" becomes "//h:p/", and section 5.3 writes it after
		// "x:", where "h:p" is read as an authority whose port "p" is no port (section 3.2.3:
		// port = *DIGIT).
		{RFC3986, "http://a/b", "x:/.//h:p/", "x://h:p/", Policy{}, []string{"RFC 3986 section 5.2 gives", "section 3.3"}},
		// The 2003 draft, section 5.2: "A non-validating parser may ignore a scheme in the
		// reference if it is identical to the base URI's scheme": "[" is then merged as a
		// relative path, where the grammar allows no "[" (pchar, section 3.3).
		{Draft2003, "http://a/b/", "http:[", "http://a/b/[", Policy{NonValidating: true}, []string{"draft-fielding-uri-rfc2396bis-01 section 5.2 gives"}},
	} {
		got, err := Resolve(c.v, c.base, c.ref, 0, c.p)
		if err != nil || got.Text != c.want || got.Invalid == "" {
			t.Errorf("Resolve(%v, %q, %q, %+v) = %+v, %v; want %q marked invalid", c.v, c.base, c.ref, c.p, got, err, c.want)
			continue
		}
		if Validate(c.v, got.Text) == nil {
			t.Errorf("%q: marked invalid, but Validate accepts it", got.Text)
		}
		for _, b := range c.because {
			if !strings.Contains(got.Invalid, b) {
				t.Errorf("Resolve(%v, %q, %q).Invalid = %q; want it to say %q", c.v, c.base, c.ref, got.Invalid, b)
			}
		}
	}
	// A valid target is not marked, and the zero Resolution says it is valid.
	if got, err := Resolve(RFC3986, "http://a/b/c/d;p?q", "../g", 0, Policy{}); err != nil || got.Invalid != "" {
		t.Errorf("Resolve(rfc3986, \"../g\") = %+v, %v; want no mark", got, err)
	}
}
