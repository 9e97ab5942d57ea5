// Package source reads the URLs that documents hold, each with where it was found: the lines of
// a list, running text, the URL-valued attributes of HTML, the records of a web archive (WARC)
// and the lines of an archive's index (CDX and CDXJ). It is what "urlgrammar --from" and the
// Beam pipeline read their inputs with; the command's lines are read by its LineReader too.
//
// Every reader streams: it holds one block of lines, one HTML token or one record's header at a
// time, so that memory stays bounded on an input of any size. Each yields a URL with its [Where], or an
// error. An [*Error] is about one part of the input (a line too long, a malformed or truncated
// WARC record, a payload that cannot be decoded): that part is skipped and reading goes on, so
// that nothing is dropped without a word. Any other error (of the underlying reader) ends the
// sequence.
//
// The parts are bounded so: a line of Lines, Text and CDX, by [MaxLine] (64 MiB, as an input
// line of the urlgrammar command); an HTML token (a tag, a comment, a run of text), by 4 MiB,
// past which the token alone is skipped; a line of a WARC record's header or of the HTTP header
// in its block, by 64 KiB; a "<…>" wrapper that Text follows across lines, by 64 KiB. A WARC
// record's block is not held (but for its HTML, up to 512 KB); its Content-Length is read as
// far as the next record's header, where a block too long for it is cut.
//
// A URL is yielded as its document wrote it: a relative reference stays relative, and the base
// it would be resolved against is in its Where (the HTML's <base href>, the WARC record's
// target URI). Resolving it is left to the caller, by the resolution algorithm of the grammar
// version it judges under.
//
// The WARC reader is this package's own, after ISO 28500 (WARC/1.0, and WARC/1.1 of the IIPC's
// revision): the format is a version line, header fields, a block of Content-Length bytes and
// two CRLFs, which takes a few hundred lines to read with the record offsets and the recovery
// from damaged records that provenance needs, where the community's libraries bring in their
// own dependency graphs (validation, digest and compression packages) and do not report the
// gzip member a damaged record sits in. Its tests read the examples of the specification's
// annexes.
package source
