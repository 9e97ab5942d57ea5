package review

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestReviewDefaultPorts: no finding on the default port of any scheme of the table, under
// every version that reviews ports and reads the URL with an authority; every entry names its
// source.
func TestReviewDefaultPorts(t *testing.T) {
	for scheme, d := range defaultPorts {
		if d.source == "" || !strings.HasPrefix(d.source, "RFC ") && !strings.HasPrefix(d.source, "IANA service name ") {
			t.Errorf("%s: source %q", scheme, d.source)
		}
		s := scheme + "://h:" + d.port + "/"
		for _, v := range []urlgrammar.Version{urlgrammar.Draft1997, urlgrammar.RFC2396, urlgrammar.Draft2003, urlgrammar.RFC3986} {
			fs, err := URL(v, s, 0)
			if err != nil || len(fs) != 0 {
				t.Errorf("URL(%v, %q) = %v, %v; want no finding", v, s, fs, err)
			}
		}
	}
}

// TestPortNumber: the 16-bit reading of a port and whether it is above 65535.
func TestPortNumber(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		huge bool
	}{
		{"0", 0, false}, {"80", 80, false}, {"0080", 80, false}, {"65535", 65535, false},
		{"65536", 0, true}, {"65616", 80, true}, {"4294967376", 80, true},
		{"18446744073709551696", 80, true}, // 2^64 + 80
	} {
		if n, huge := portNumber(c.s); n != c.n || huge != c.huge {
			t.Errorf("portNumber(%q) = %d, %v; want %d, %v", c.s, n, huge, c.n, c.huge)
		}
	}
}
