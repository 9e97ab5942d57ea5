package urlgrammar_test

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

func ExampleParse() {
	// RFC 1738 section 3.1: "ftp://foo:@host.com/" has the user name "foo" and an empty
	// password; section 3.2.2: ";type=d" gives the typecode.
	u, err := urlgrammar.Parse(urlgrammar.RFC1738, "ftp://foo:@host.com/pub;type=d")
	if err != nil {
		fmt.Println(err)
		return
	}
	a := u.Authority()
	fmt.Printf("user %q, password %q (present %v), host %q (%v)\n", a.User.Text, a.Password.Text, a.Password.Present, a.Host.Text, a.HostKind)
	fmt.Printf("path %q (%v)\n", u.Path().Text, u.Path().Kind)
	for rule, c := range u.Parts() {
		fmt.Printf("%s %q\n", rule, c.Text)
	}
	// Output:
	// user "foo", password "" (present true), host "host.com" (domain)
	// path "pub;type=d" (absolute)
	// fpath "pub"
	// ftptype "d"
}

func ExampleParseTreeRule() {
	// RFC 3986 section 3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ];
	// section 3.2.2: host = IP-literal / IPv4address / reg-name.
	root, err := urlgrammar.ParseTreeRule(urlgrammar.RFC3986, "", "http://[::1]:80/a", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for depth, n := range urlgrammar.Preorder(root) {
		fmt.Printf("%s%s %q\n", strings.Repeat("  ", depth), n.Rule, n.Text)
	}
	// Output:
	// URI-reference "http://[::1]:80/a"
	//   URI "http://[::1]:80/a"
	//     scheme "http"
	//     hier-part "//[::1]:80/a"
	//       authority "[::1]:80"
	//         host "[::1]"
	//           IP-literal "[::1]"
	//             IPv6address "::1"
	//               h16 "1"
	//         port "80"
	//       path-abempty "/a"
	//         segment "a"
}
