package urlgrammar_test

import (
	"fmt"

	"github.com/urlgrammar/urlgrammar"
)

func ExampleNormalize() {
	// RFC 3986 section 6.2.2: case, percent-encoding and path segment normalization.
	s, err := urlgrammar.Normalize(urlgrammar.RFC3986, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", 0)
	fmt.Println(s, err)
	// RFC 1738 section 2.2: "~" is not unreserved there, so "%7E" stays.
	s, err = urlgrammar.Normalize(urlgrammar.RFC1738, "HTTP://a/%7e%41", 0)
	fmt.Println(s, err)
	// Output:
	// example://a/b/c/%7Bfoo%7D <nil>
	// http://a/%7EA <nil>
}

func ExampleEquivalent() {
	// RFC 3986 section 6.2.3: an explicit default port is equivalent to none.
	e, err := urlgrammar.Equivalent(urlgrammar.RFC3986, "http://example.com:80/", "http://example.com/", 0)
	fmt.Println(e.Equivalent, e.Step, e.Section, err)
	e, _ = urlgrammar.Equivalent(urlgrammar.RFC3986, "http://example.com/?", "http://example.com/", 0)
	fmt.Println(e.Equivalent, e.Difference)
	// Output:
	// true default-port section 6.2.3 <nil>
	// false only the first has a query
}

func ExampleRelativize() {
	// The 1997 draft resolves "?y" against the base's directory (Appendix C: "?y =
	// http://a/b/c/?y"); RFC 3986 against the base's path (section 5.4.1: "?y =
	// http://a/b/c/d;p?y").
	for _, v := range []urlgrammar.Version{urlgrammar.Draft1997, urlgrammar.RFC3986} {
		ref, err := urlgrammar.Relativize(v, "http://a/b/c/d;p?q", "http://a/b/c/d;p?y", 0, urlgrammar.Policy{})
		fmt.Println(v, ref, err)
	}
	// Output:
	// draft1997 d;p?y <nil>
	// rfc3986 ?y <nil>
}
