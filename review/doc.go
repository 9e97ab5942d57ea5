// Package review checks inputs that are valid URLs of a version against the security
// considerations of that version's own document: RFC 1738 section 6, the "Security
// considerations" of the 1994 draft, section 7 of the 1997 draft and of RFC 2396, section 7 of
// the 2003 draft and of RFC 3986. Each check cites the sentence it comes from, and each Finding
// carries how strongly the document words it (its Severity).
//
//	findings, err := review.URL(urlgrammar.RFC3986, "http://0x7f.1/", 0)
//	// RFC 3986 section 7.4 (warning): host "0x7f.1" (hexadecimal, 2 parts) is read [...] as 127.0.0.1
//
// URL reviews one input; Reference reviews what resolving a reference against a base does, such
// as turning a path into an authority ("the ".." syntax cannot be used to change the authority
// component of a URI", RFC 3986 section 5.4.2).
//
// The review is a job of its own beside the grammars, as the reports of package compare are: it
// reads URLs only through the exported API of package urlgrammar (ParseRule, the components of
// a URL, Resolve), which parses, validates, resolves and normalizes, and leaves judging them
// here.
//
// The names are meant to be read with the package's name: review.URL and review.Reference say
// what is reviewed, as the sections' own words do ("a URL which specifies a port number",
// "relative references"); review.Finding, review.Concern and review.Severity are what a review
// gives. The constants keep the name of their kind (SeverityWarning, as slog.LevelWarn does)
// where a bare word such as Must or Warning would read like a function, and the concerns are
// named after what they look for (PasswordPresent, DotSegments).
//
// The grammars are ASCII, so mixed-script or confusable-looking host names (a concern of
// internationalized names, which none of these documents define) are out of scope.
//
// Everything in this package is safe for concurrent use by multiple goroutines.
package review
