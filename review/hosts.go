package review

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// A HostReader is a URL parser of today, such as Go's net/url or a browser's parser of the
// WHATWG URL Standard, by the host it connects to. Package review defines it and the caller
// supplies one (the command line supplies package reading's readers), so that review imports
// nothing beyond the standard library.
type HostReader struct {
	// Name names the reader in a finding's reason: "net/url", "a browser (the WHATWG URL
	// Standard)".
	Name string
	// Host returns the host that the reader reads in s, as it would connect to it (after its
	// own normalization), and whether it reads one: false when it refuses s or finds no host.
	Host func(s string) (host string, ok bool)
}

// Hosts reviews the host that the grammar of version v reads in s (held to the version's
// default rule) beside the host that each reader connects to, and returns a HostDiffers finding
// for each reader whose host is another: the pattern of server-side request forgery, in which
// a filter that validates a URL by one parser lets through a URL that another parser, the one
// that connects, sends elsewhere. The documents name it among their semantic attacks (RFC 3986
// section 7.6: "Because the userinfo subcomponent is rarely used and appears before the host
// in the authority component, it can be used to construct a URI intended to mislead a human
// user by appearing to identify one (trusted) naming authority while actually identifying a
// different authority hidden behind the noise"; the 2003 draft section 7.5); the finding cites
// the version's own section when its document has one, else RFC 3986's.
//
// A host that a reader writes otherwise but that names the same host is no finding: in other
// letter case (RFC 3986 section 3.2.2: "The host subcomponent is case-insensitive"), with its
// percent-encodings decoded (section 6.2.2.2), without a dot that ends a domain name (the
// domain's root), an IPv6 address written otherwise, or a domain of percent-encoded non-ASCII
// characters that the reader writes in IDNA's ASCII form ("xn--"); nor, in a file URL, the
// host "localhost" written as the empty host (RFC 1738 section 3.10: '<host> can be the string
// "localhost" or the empty string; this is interpreted as "the machine from which the URL is
// being interpreted"', which the URL Standard writes as the empty host). An IPv4 address that the
// grammar reads as a name ("0x7f.1", which a reader connects to as 127.0.0.1) is a finding.
// Hosts returns the grammar's error when it rejects s, and no finding when it reads no host,
// or a reader reads none.
func Hosts(v urlgrammar.Version, s string, mode urlgrammar.Mode, readers ...HostReader) ([]Finding, error) {
	u, err := urlgrammar.ParseRule(v, "", s, mode)
	if err != nil {
		return nil, err
	}
	a := u.Authority()
	if !a.Host.Present {
		return nil, nil
	}
	by := warning("RFC 3986 section 7.6")
	if rv := reviews[v]; rv != nil && rv.misleading.section != "" {
		by = rv.misleading
	}
	var fs []Finding
	file := strings.EqualFold(u.Scheme().Text, "file")
	for _, rd := range readers {
		host, ok := rd.Host(s)
		if !ok || sameHost(a.Host.Text, host) || file && localHost(a.Host.Text) && localHost(host) {
			continue
		}
		fs = append(fs, Finding{Concern: HostDiffers, Severity: by.severity, Section: by.section, Begin: a.Host.Begin, End: a.Host.End,
			Reason: fmt.Sprintf("the grammar reads the host %q, %s connects to %s", a.Host.Text, rd.Name, quoteHost(host))})
	}
	return fs, nil
}

// localHost reports whether a file URL's host h names the machine that reads it.
func localHost(h string) bool { return h == "" || strings.EqualFold(h, "localhost") }

// quoteHost quotes a reader's host, or says that it is empty.
func quoteHost(h string) string {
	if h == "" {
		return "an empty host"
	}
	return "the host " + strconv.Quote(h)
}

// sameHost reports whether the grammar's host g and a reader's host r name the same host (see
// Hosts).
func sameHost(g, r string) bool {
	dg, dr := strings.TrimSuffix(percentDecode(g), "."), strings.TrimSuffix(percentDecode(r), ".")
	if strings.EqualFold(dg, dr) && dg != "" {
		return true
	}
	if g == r {
		return true
	}
	if strings.HasPrefix(g, "[") && strings.HasPrefix(r, "[") {
		ag, errG := netip.ParseAddr(strings.Trim(g, "[]"))
		ar, errR := netip.ParseAddr(strings.Trim(r, "[]"))
		return errG == nil && errR == nil && ag == ar
	}
	return !isASCIIText(dg) && hasACE(dr)
}

// percentDecode decodes the percent-encodings of s; a "%" not followed by two hexadecimal
// digits is kept.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c, ok := escapedOctet(s, i); ok {
			b.WriteByte(c)
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isASCIIText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hasACE reports whether a domain has a label in IDNA's ASCII-compatible encoding ("xn--").
func hasACE(s string) bool {
	for _, l := range strings.Split(s, ".") {
		if len(l) >= 4 && strings.EqualFold(l[:4], "xn--") {
			return true
		}
	}
	return false
}
