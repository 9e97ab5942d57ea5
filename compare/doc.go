// Package compare holds the acceptance reports of package urlgrammar: which of several grammar
// versions accept each input and why the others reject it, what their documents say of the
// characters at which they do, and the corpus of URLs printed in the documents.
//
// # Comparing versions
//
//	c, err := compare.Compare(compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003), "http://a/~b", 0)
//	// c.Err(0): RFC 1738 rejects "~" (unsafe, section 2.2); c.Err(1) == nil
//
// A Target is a version and the rule it holds inputs to. AbsoluteTargets holds each version to
// its rule for an absolute URL with no fragment, so that like is compared with like;
// ReferenceTargets to its broadest reference rule; NewTarget and ParseVersions read a rule and
// a list of versions as a user names them. CompareAll judges a stream of inputs on
// every CPU, in input order and constant memory, and a Summary counts the verdicts per version
// and per pair of versions and groups the rejections by cause. Summaries of the parts of a
// stream merge into the summary of the whole (Summary.Merge), and their JSON form (MarshalJSON)
// is stable, so that shards can be summarized anywhere and merged later. A Report writes the
// comparisons and their summary as a table for a terminal, Markdown, TSV, JSON Lines or an HTML
// page; its WriteRows writes the rows of a stream of inputs in input order, judging and
// formatting them on every CPU.
//
// # Readings of today
//
// A Target may stand for a Reader instead of a version: a URL parser of today, such as Go's
// net/url or a browser's parser of the WHATWG URL Standard, with its verdict on each input. A
// Report with a Differential holds the components that two targets read in each input they both
// accept to each other, for each pair of which one at least is a reader, and its summary groups
// where they part ways by component and cause (Summary.Differences), with the documents' words
// where a grammar decides the case. The package defines Reader and Differential and implements
// neither, so that it needs nothing beyond the standard library: the caller supplies them (the
// command line supplies package reading's).
//
// # Characters
//
// Passages quotes what a version's document says of a character at which inputs are rejected
// (a Cause's Found), in the document's own words. The HTML report shows beside them which
// characters each version lets stand unescaped in each component, from package charset.
//
// # The corpus
//
// Corpus returns every URL printed in the documents whose grammars package urlgrammar has, each
// tagged with its document and section, and a curated set that shows each difference between
// the grammars: the default input of "urlgrammar compare".
//
// # Concurrency
//
// Everything in this package is safe for concurrent use by multiple goroutines, except a
// Summary and a Report, accumulators like bytes.Buffer: Add and Merge must not be called on one
// Summary from two goroutines at once, nor the methods of one Report (FormatHTML's rows, and
// WriteRows's count of inputs read, accumulate in it).
package compare
