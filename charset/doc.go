// Package charset says, for each grammar version of package urlgrammar and each component of a
// URL, which printable ASCII characters may stand unescaped in the component: a property of
// each grammar, derived from its generated parser.
//
//	s, err := charset.Of(urlgrammar.RFC1738, "path segment")
//	// s.Of('~') == charset.No: RFC 1738 calls "~" unsafe (section 2.2)
//
// Of lists nothing by hand: it puts each character into valid URLs at the component's
// positions (the Probes of the component, one of Components) and asks the version's parser,
// and urlgrammar.ParseRule, whether the character is then in the component (see Set for what
// "may appear" means). NewTable does so for every component under several versions, and its
// Table is what "urlgrammar charsets" prints: for a person (WriteText), as TSV, as JSON Lines
// or as an HTML table, whole or only where the versions differ.
//
// Everything in this package is safe for concurrent use by multiple goroutines.
package charset
