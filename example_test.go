package urlgrammar_test

import (
	"errors"
	"fmt"
	"net/url"

	"github.com/urlgrammar/urlgrammar"
)

func ExampleValidate() {
	// RFC 1738 section 2.2 counts "~" among the unsafe characters: an http URL's path cannot
	// hold it unescaped.
	err := urlgrammar.Validate(urlgrammar.RFC1738, "http://www.example.com/~user/")
	var se *urlgrammar.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Rule, se.Offset, se.In)
		fmt.Println(se.Reason())
	}
	// RFC 3986 section 2.3 makes it unreserved.
	fmt.Println(urlgrammar.Validate(urlgrammar.RFC3986, "http://www.example.com/~user/"))
	// Output:
	// httpurl 23 httpurl
	// found "~" (in httpurl); expected "?", "/", ";", ":", "@", "&", "=", "%", unreserved or end of input
	// <nil>
}

func ExampleResolve() {
	// The 1997 draft's Appendix C and RFC 3986 section 5.4.1 resolve "?y" differently.
	for _, v := range []urlgrammar.Version{urlgrammar.Draft1997, urlgrammar.RFC3986} {
		target, err := urlgrammar.Resolve(v, "http://a/b/c/d;p?q", "?y", 0, urlgrammar.Policy{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(v, target.Text)
	}
	// RFC 2396 section 5.2 step 6g lets an implementation remove the ".." segments left over.
	target, _ := urlgrammar.Resolve(urlgrammar.RFC2396, "http://a/b/c/d;p?q", "../../../g", 0, urlgrammar.Policy{RemoveDotDot: true})
	fmt.Println(target.Text)
	// Output:
	// draft1997 http://a/b/c/?y
	// rfc3986 http://a/b/c/d;p?y
	// http://a/g
}

func ExampleURL_Resolve() {
	base, err := urlgrammar.Parse(urlgrammar.RFC3986, "http://a/b/c/d;p?q")
	if err != nil {
		fmt.Println(err)
		return
	}
	// RFC 3986 section 5.4.1.
	for _, ref := range []string{"g", "../g", "#s"} {
		target, err := base.Resolve(ref, urlgrammar.Policy{})
		fmt.Println(target.Text, target.SameDocument, err)
	}
	// Output:
	// http://a/b/c/g false <nil>
	// http://a/b/g false <nil>
	// http://a/b/c/d;p?q#s true <nil>
}

func ExampleURL_Addr() {
	u, err := urlgrammar.Parse(urlgrammar.RFC3986, "https://user:pa%20ss@[2001:db8::1]:8443/p?q=1#frag")
	if err != nil {
		fmt.Println(err)
		return
	}
	addr, _ := u.Addr()
	fmt.Println(u.Hostname(), u.Authority().Port.Text, addr.Is6())
	// net/url's reading of the same text.
	nu, err := url.Parse(u.String())
	if err != nil {
		fmt.Println(err)
		return
	}
	password, _ := nu.User.Password()
	fmt.Println(nu.Hostname(), nu.Port(), password, nu.RawQuery, nu.Fragment)
	// Output:
	// 2001:db8::1 8443 true
	// 2001:db8::1 8443 pa ss q=1 frag
}

func ExamplePreorder() {
	root, err := urlgrammar.ParseTreeRule(urlgrammar.RFC3986, "", "http://h/a/b", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range urlgrammar.Preorder(root) {
		if n.Rule == "segment" {
			fmt.Printf("%q at %d\n", n.Text, n.Begin)
		}
	}
	// Output:
	// "a" at 9
	// "b" at 11
}

func ExampleNode_Children() {
	// RFC 3986 section 3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ].
	root, err := urlgrammar.ParseTreeRule(urlgrammar.RFC3986, "URI", "http://h:80/a?q", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for c := range root.Children() {
		fmt.Printf("%s %q\n", c.Rule, c.Text)
	}
	// Output:
	// scheme "http"
	// hier-part "//h:80/a"
	// query "q"
}
