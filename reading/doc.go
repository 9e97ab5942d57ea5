// Package reading says what the URL parsers that run today make of an input, beside what the
// historical grammars of package urlgrammar make of it, and where they part ways.
//
// A Reading is one reader's verdict on an input and, when the reader accepts it, the components
// it finds: scheme, userinfo (with its user name and password), host, port, path, query and
// fragment, each with whether it is present. Two readers of today stand beside the grammars:
//
//   - NetURL, Go's net/url.Parse, as built into the program;
//   - WHATWG, the basic URL parser of the WHATWG URL Standard (the parser of browsers), with the
//     standard's defaults and no base URL, by github.com/nlnwa/whatwg-url.
//
// A reader does more than split the input: each normalizes some components (a browser writes
// the host in lower case, resolves dot segments and percent-encodes). Reader.Normalizations
// names what each does, component by component; a Reading's components are the reader's own,
// after its normalization, as it would go on to use them.
//
// Grammar reads an input under one of the grammars (urlgrammar.Parse) and FromURL takes a URL
// already parsed: a grammar's components are the input's own text, since a grammar defines
// syntax and reads nothing into it.
//
// Compare is the interpretation differential: for an input that two readings both accept, each
// component on which they differ, byte for byte, with its cause (a backslash read as a "/",
// more than one "@", an IPv4 address in hexadecimal, a default port dropped, ...) and, where one
// of the readings is a grammar's, what the grammar's document says of that component.
//
// Cases lists the published URL-confusion cases that the package's tests hold the two readers
// to, each with its source.
//
// # Dependency
//
// Package reading is the one package of the library that imports a module outside the standard
// library: github.com/nlnwa/whatwg-url, a maintained implementation of the URL Standard's
// parser, which this package would otherwise have to write again (its state machine, host
// parser, IDNA and serializers). The package's tests hold it to the standard's own test data,
// web-platform-tests' urltestdata.json (testdata/wpt, with the rows it gets wrong); it passes
// 861 of 866. The root package, compare and review do not import this package, so that a
// program importing them builds nothing but the standard library and this module.
package reading
