package compare_test

import (
	"errors"
	"fmt"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// RFC 1738 section 2.2 lists "~" among the unsafe characters, which must be encoded; the 2003
// draft's section 2.3 lists it among the unreserved ones.
func ExampleCompare() {
	targets := compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)
	c, err := compare.Compare(targets, "http://a/~b", 0)
	if err != nil {
		panic(err)
	}
	for i, t := range targets {
		if c.Accepted(i) {
			fmt.Printf("%v: accepted\n", t)
		} else {
			var e *urlgrammar.SyntaxError
			errors.As(c.Err(i), &e)
			fmt.Printf("%v: rejected at byte %d, %q\n", t, e.Offset, e.Input[e.Offset:e.Offset+1])
		}
	}
	// Output:
	// rfc1738: rejected at byte 9, "~"
	// draft2003:absolute-URI: accepted
}
