package urlgrammar_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestConcurrentUse exercises, from several goroutines at once, what the package
// documentation says is safe for concurrent use: validation and its diagnosis, Parse and the
// details a URL finds on first use, the parse tree, resolution, escaping and building. Its worth is under the
// race detector (go test -race), which CI runs.
func TestConcurrentUse(t *testing.T) {
	u, err := urlgrammar.Parse(urlgrammar.RFC1738, "ftp://u:p@host/a/b;type=d")
	if err != nil {
		t.Fatal(err)
	}
	base, err := urlgrammar.Parse(urlgrammar.RFC3986, "http://a/b/c/d;p?q")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, v := range urlgrammar.Versions() {
				urlgrammar.Validate(v, "http://h/~a b")
				urlgrammar.MatchRule(v, "", "http://h/a", 0)
				if p, err := urlgrammar.Parse(v, "http://h/a/b?c"); err == nil {
					for range p.Segments() {
					}
				}
				urlgrammar.ParseTreeRule(v, "", "http://h/a", 0)
				// Escape computes a component's bytes on first use.
				urlgrammar.Escape(v, "query", "a b~")
				urlgrammar.Build(v, urlgrammar.Components{Scheme: "http", Host: "h", Segments: []string{"a b"}})
			}
			if len(slices.Collect(u.Segments())) != 2 || !u.Part("ftptype").Present {
				t.Error("Segments or Parts lost")
			}
			if r, err := base.Resolve("../g", urlgrammar.Policy{}); err != nil || r.Text != "http://a/b/g" {
				t.Errorf("Resolve: %+v, %v", r, err)
			}
			urlgrammar.Resolve(urlgrammar.Draft2003, "http://a/b/c/d;p?q", "g?y", 0, urlgrammar.Policy{})
		}()
	}
	wg.Wait()
}
