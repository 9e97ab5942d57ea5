package urlgrammar

// This file holds the Version enumeration, at the bottom of the package: it depends on
// nothing else here. What the package knows of each version is in its registry (engine.go).

// A Version is one of the grammars in which URLs were historically written.
type Version int

// The grammar versions, oldest first. The zero Version is none of them.
const (
	Draft1993 Version = iota + 1 // T. Berners-Lee, "Uniform Resource Locators", IETF URL WG Internet Draft, July 1993
	Draft1994                    // draft-ietf-uri-url-03, "Uniform Resource Locators", March 1994
	RFC1738                      // RFC 1738, "Uniform Resource Locators (URL)", December 1994
	RFC1808                      // RFC 1808, "Relative Uniform Resource Locators", June 1995
	Draft1997                    // draft-fielding-url-syntax-05, May 1997
	RFC2396                      // RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax", August 1998
	Draft2003                    // draft-fielding-uri-rfc2396bis-01, March 2003
	RFC3986                      // RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax", January 2005
)

// versionIDs are the versions' IDs, by Version: each names the version's grammar files
// (grammar/<id>.bnf) and generated parser (generated/<id>).
var versionIDs = []string{"", "draft1993", "draft1994", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"}

// String returns the version's ID, such as "rfc1738"; "" for the zero Version.
func (v Version) String() string { return enumString(v, versionIDs, "Version") }

// MarshalText returns the version's ID, as String does, so that a Version is a JSON string
// such as "rfc3986"; a Version that is none of the versions is an error.
func (v Version) MarshalText() ([]byte, error) { return marshalEnum(v, versionIDs, "Version") }

// UnmarshalText sets v to the version whose ID is text, ignoring case ("" is the zero
// Version). With flag.TextVar, it reads a version from the command line.
func (v *Version) UnmarshalText(text []byte) error {
	return unmarshalEnum(v, text, versionIDs, "version")
}

// byVersion is a table with an entry per Version. Every per-version table of the package is
// one (the registry of engine.go and the documents' tables of resolution and
// normalization), and each is read with of, which checks the bounds for all of them.
type byVersion[T any] [RFC3986 + 1]T

// of returns the entry of v, or the zero T for a Version that is none of the versions.
func (t *byVersion[T]) of(v Version) T {
	if v > 0 && int(v) < len(t) {
		return t[v]
	}
	var zero T
	return zero
}
