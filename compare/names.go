package compare

import (
	"time"

	"github.com/urlgrammar/urlgrammar"
)

// Name is how a report names a version for a reader, in words rather than its ID: "RFC 1738",
// "the 2003 draft of RFC 2396bis". The drafts are named by their year, which is how the
// project's question, 1994 against 2003, names RFC 1738 (December 1994) and the 2003 draft;
// the draft of March 1994 is "the 1994 URL draft".
func Name(v urlgrammar.Version) string {
	if n, ok := names[v]; ok {
		return n.full
	}
	return v.String()
}

// Dated is Name with the month and year of the version's document: "RFC 1738 (December
// 1994)".
func Dated(v urlgrammar.Version) string { return Name(v) + " (" + Month(v) + ")" }

// Month is the month and year of the version's document, "December 1994" (its Spec's Date,
// "1994-12", in words).
func Month(v urlgrammar.Version) string {
	d, err := time.Parse("2006-01", v.Spec().Date)
	if err != nil {
		return v.Spec().Date
	}
	return d.Format("January 2006")
}

// shortName is Name once the version has been named: "the 2003 draft".
func shortName(v urlgrammar.Version) string {
	if n, ok := names[v]; ok {
		return n.short
	}
	return v.String()
}

var names = map[urlgrammar.Version]struct{ full, short string }{
	urlgrammar.Draft1993: {"the 1993 URL draft", "the 1993 draft"},
	urlgrammar.Draft1994: {"the 1994 URL draft", "the 1994 draft"},
	urlgrammar.RFC1738:   {"RFC 1738", "RFC 1738"},
	urlgrammar.RFC1808:   {"RFC 1808", "RFC 1808"},
	urlgrammar.Draft1997: {"the 1997 URL draft", "the 1997 draft"},
	urlgrammar.RFC2396:   {"RFC 2396", "RFC 2396"},
	urlgrammar.Draft2003: {"the 2003 draft of RFC 2396bis", "the 2003 draft"},
	urlgrammar.RFC3986:   {"RFC 3986", "RFC 3986"},
}
