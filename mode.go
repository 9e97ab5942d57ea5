package urlgrammar

// This file holds the two kinds of options: how an input is read (Mode), which every function
// that reads an input takes, and how a reference is resolved (Policy), which the functions
// that resolve take besides.

// A Mode says how an input is read: the readings that a document's prose allows beyond its
// grammar as printed, each flag named after the sentence that allows it. The zero Mode is the
// grammar as printed. Every function that reads an input takes a Mode, as its one plain
// parameter, except Validate and Parse, the short forms of ValidateRule and ParseRule that read
// as printed under the default rule. A Mode
// with a bit that this package does not define is refused by every function, with the same
// error (MatchRule reports false).
//
// How a reference is resolved is no reading of it: the choices that the documents leave to a
// resolver are a Policy.
type Mode uint

// CaseIgnoreScheme reads scheme names case-insensitively, as RFC 1738 section 2.1 allows:
// "For resiliency, programs interpreting URLs should treat upper case letters as equivalent to
// lower case in scheme names (e.g., allow "HTTP" as well as "http")." The scheme's letters are
// read as lower case before the input is matched; everything else is matched as written. It
// applies to every version.
const CaseIgnoreScheme Mode = 1

// knownModes are the flags that this package defines.
const knownModes = CaseIgnoreScheme

// A Policy selects the choices that some documents leave to a resolver; Resolve, Relativize,
// URL.Resolve and package review's Reference take one. The zero Policy is the choice each
// document lists first. A choice that the version's document does not offer is refused
// (Spec.Offers says which it offers).
type Policy struct {
	// NonValidating makes Resolve ignore a scheme in the reference when it is identical to the
	// base's scheme, so that "http:g" against "http://a/b/c/d;p?q" is "http://a/b/c/g" instead
	// of "http:g". The 2003 draft, section 5.2: "A non-validating parser may ignore a scheme in
	// the reference if it is identical to the base URI's scheme" (Appendix C: "http://a/b/c/g ;
	// for backwards compatibility"); RFC 3986 section 5.2.2 says the same of "a non-strict
	// parser"; RFC 2396 section 5.2 step 3 allows it "for backwards compatibility" when "the
	// scheme is known to always use the <hier_part> syntax" — the base, which must fit that
	// syntax for a relative reference to be used with it (section 5), is the only knowledge of
	// the scheme that Resolve has. The 1993 draft, RFC 1808 and the 1997 draft allow no such
	// reading.
	NonValidating bool

	// RemoveDotDot makes Resolve discard the ".." segments that a resolved path still begins
	// with ("../../../g" against "http://a/b/c/d;p?q" is "http://a/g"), and AvoidTraversal
	// makes it fail with an error that wraps ErrLeftoverDotDot; without either, they are
	// retained ("http://a/../g"), the choice the documents list first and the one their
	// Appendix C examples show. These are the choices of RFC 2396 section 5.2 step 6g and of
	// the 2003 draft's merge step 7: "Implementations may handle this error by retaining these
	// components in the resolved path (i.e., treating them as part of the final URI), by
	// removing them from the resolved path (i.e., discarding relative levels above the root),
	// or by avoiding traversal of the reference." The other versions leave no choice: RFC 1808
	// and the 1997 draft keep them, RFC 3986's remove_dot_segments removes them, and the 1993
	// draft's rules keep them. The two exclude each other.
	RemoveDotDot, AvoidTraversal bool
}
