package review_test

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/review"
)

// FuzzReview: for any input under any version, URL gives a *SyntaxError, the 1993 draft's
// ErrNoConsiderations, or findings in input order, each with a span of the input that its
// reason names first, a section and the severity of that section's words (findingsOf); a
// userinfo found in the host names the host net/url connects to.
func FuzzReview(f *testing.F) {
	for _, s := range []string{
		"http://good.com@evil.com@x/", "http://u:secret@evil@x/", "http://[::ffff:127.0.0.1]:25/",
		"http://[::127.0.0.1]/", "http://0x7f.1/a/..%2f..%2fb%00", "ftp://u:p@h@x:21/%0d%0a",
		"http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", "http://a@b@[v1.x]/",
		"http://example.com/path%2Fwith%2Fslashes", "telnet://user:secret@host.example:23",
	} {
		for v := range len(urlgrammar.Versions()) {
			f.Add(uint8(v), s)
		}
	}
	versions := urlgrammar.Versions()
	f.Fuzz(func(t *testing.T, vi uint8, s string) {
		v := versions[int(vi)%len(versions)]
		fs, err := review.URL(v, s, 0)
		var se *urlgrammar.SyntaxError
		switch {
		case errors.As(err, &se):
			if fs != nil {
				t.Fatalf("URL(%v, %q): findings %v with %v", v, s, fs, err)
			}
			return
		case errors.Is(err, review.ErrNoConsiderations):
			if v != urlgrammar.Draft1993 {
				t.Fatalf("URL(%v, %q): %v", v, s, err)
			}
			return
		case err != nil:
			t.Fatalf("URL(%v, %q): %v", v, s, err)
		}
		findingsOf(t, s, fs)
		if !slices.IsSortedFunc(fs, func(a, b review.Finding) int { return a.Begin - b.Begin }) {
			t.Fatalf("URL(%v, %q): findings out of order: %v", v, s, fs)
		}
		nu, err := url.Parse(s)
		if err != nil || strings.Contains(nu.Host, "%") {
			return
		}
		for _, f := range fs {
			if f.Concern != review.UserinfoInHost {
				continue
			}
			host := nu.Hostname()
			if strings.HasPrefix(nu.Host, "[") { // an IP literal, whose brackets Hostname drops
				host = "[" + host + "]"
			}
			named := "the host " + strconv.Quote(host) + " they connect to"
			if host == "" {
				named = "an empty host"
			}
			if !strings.Contains(f.Reason, named) {
				t.Fatalf("URL(%v, %q): %q does not name net/url's host %q", v, s, f.Reason, host)
			}
		}
	})
}
