package urlgrammar_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// escapeInputs returns the decoded path segments and queries of the benchmark corpus, as
// net/url reads them, and each again in a non-ASCII form (its letters "a" and "e" written
// "ä" and "é"), so that about half of them need escaping under every grammar.
func escapeInputs(b *testing.B) (segments, queries []string) {
	accent := strings.NewReplacer("a", "ä", "e", "é")
	for _, s := range benchInputs(b) {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		for _, seg := range strings.Split(u.Path, "/") {
			if seg != "" {
				segments = append(segments, seg, accent.Replace(seg))
			}
		}
		if q, err := url.QueryUnescape(u.RawQuery); err == nil && q != "" {
			queries = append(queries, q, accent.Replace(q))
		}
	}
	if len(segments) == 0 || len(queries) == 0 {
		b.Fatal("no segments or queries in the corpus")
	}
	return segments, queries
}

// BenchmarkEscape compares escaping with net/url's PathEscape (segments) and QueryEscape
// (queries) on the same inputs, the decoded segments and queries of the benchmark corpus:
// Escapers of RFC 3986's segment and query and of RFC 1738's hsegment and search, whose sets
// differ ("~" escaped, fewer delimiters), and Escape of the same, which looks the component up
// on each call. A pass is one call on each input; the allocations are per
// input.
func BenchmarkEscape(b *testing.B) {
	segments, queries := escapeInputs(b)
	escape := func(v urlgrammar.Version, component string, inputs []string) func() {
		return func() {
			for _, s := range inputs {
				if _, err := urlgrammar.Escape(v, component, s); err != nil {
					panic(err)
				}
			}
		}
	}
	for _, tc := range []struct {
		name     string
		inputs   []string
		baseline func(string) string
		rfc3986  string
		rfc1738  string
	}{
		{"segment", segments, url.PathEscape, "segment", "hsegment"},
		{"query", queries, url.QueryEscape, "query", "search"},
	} {
		n := totalLen(tc.inputs)
		baseline := func() {
			for _, s := range tc.inputs {
				tc.baseline(s)
			}
		}
		e3986 := escape(urlgrammar.RFC3986, tc.rfc3986, tc.inputs)
		e1738 := escape(urlgrammar.RFC1738, tc.rfc1738, tc.inputs)
		escaper := func(v urlgrammar.Version, component string) func() {
			e, err := urlgrammar.NewEscaper(v, component)
			if err != nil {
				b.Fatal(err)
			}
			return func() {
				for _, s := range tc.inputs {
					if _, err := e.Escape(s); err != nil {
						panic(err)
					}
				}
			}
		}
		eEscaper, eEscaper1738 := escaper(urlgrammar.RFC3986, tc.rfc3986), escaper(urlgrammar.RFC1738, tc.rfc1738)
		b.Run(tc.name, func(b *testing.B) {
			per := float64(len(tc.inputs))
			netAllocs := testing.AllocsPerRun(10, baseline) / per
			allocs3986 := testing.AllocsPerRun(10, e3986) / per
			allocs1738 := testing.AllocsPerRun(10, e1738) / per
			allocsEscaper := testing.AllocsPerRun(10, eEscaper) / per
			allocsEscaper1738 := testing.AllocsPerRun(10, eEscaper1738) / per
			paired(b, false, part{"net-url", n, baseline}, part{"Escaper-rfc3986", n, eEscaper},
				part{"Escaper-rfc1738", n, eEscaper1738}, part{"Escape-rfc3986", n, e3986}, part{"Escape-rfc1738", n, e1738})
			b.ReportMetric(per, "inputs/pass")
			b.ReportMetric(netAllocs, "net-url-allocs/input")
			b.ReportMetric(allocs3986, "Escape-rfc3986-allocs/input")
			b.ReportMetric(allocsEscaper, "Escaper-rfc3986-allocs/input")
			b.ReportMetric(allocsEscaper1738, "Escaper-rfc1738-allocs/input")
			b.ReportMetric(allocs1738, "Escape-rfc1738-allocs/input")
		})
	}
}
