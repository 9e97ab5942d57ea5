package urlgrammar

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPendingOverflow: a walk keeps which pending fills (emptyAfter, sameAs) its matches met
// in the bits of a byte, so a version whose fills have more than maxPending of them is refused
// when its walker is built, with an error that says so, rather than losing a component when a
// URL is parsed. RFC 1738's own fills have five (fileurl's three, section 3.10; gopherurl's,
// section 3.4.1; telneturl's, section 3.8), and fit.
func TestPendingOverflow(t *testing.T) {
	g := RFC1738.info().grammar
	count := func(fills []fill) int {
		n := 0
		for _, f := range fills {
			if f.op.pending() {
				n++
			}
		}
		return n
	}
	if n := count(rfc1738Fills); n != 5 {
		t.Errorf("RFC 1738's fills have %d pending fills, want 5", n)
	}
	// The fills of RFC 1738, and more of fileurl's kind, on other rules of its scheme
	// rules, until the walker is full: each URL could meet one.
	fills := slices.Clone(rfc1738Fills)
	extra := []string{"ftpurl", "httpurl", "mailtourl", "newsurl", "nntpurl", "waisurl", "prosperourl"}
	for _, rule := range extra {
		if count(fills) == maxPending {
			break
		}
		fills = append(fills, emptyAfter(rule, fPath, fAuthority, "/"))
	}
	if count(fills) != maxPending {
		t.Fatalf("made %d pending fills, want %d", count(fills), maxPending)
	}
	if _, err := newWalker(g, fills); err != nil {
		t.Fatalf("%d pending fills: %v", maxPending, err)
	}
	fills = append(fills, sameAs("genericurl", fAuthority, fHost))
	_, err := newWalker(g, fills)
	want := fmt.Sprintf("the fills of rfc1738 have %d pending fills (emptyAfter, sameAs), more than the %d that a walk holds", maxPending+1, maxPending)
	if err == nil || err.Error() != want {
		t.Errorf("%d pending fills: err = %v, want %q", maxPending+1, err, want)
	}
}

// TestPendingOnce: a pending fill applies once the walk is done, whatever the matches of its
// rule, in the order of the fills. RFC 1738 section 3.10 (fileurl): "file://<host>/<path>",
// where the host "can be the string "localhost" or the empty string"; the authority is the
// host, and an empty host makes both present and empty.
func TestPendingOnce(t *testing.T) {
	for _, tt := range []struct {
		in, authority, host string
		present             bool
	}{
		{"file:///etc/motd", "", "", true},
		{"file://localhost/etc/motd", "localhost", "localhost", true},
		{"file://vms.host.edu/disk$user/my/notes/note12345.txt", "vms.host.edu", "vms.host.edu", true},
	} {
		u, err := Parse(RFC1738, tt.in)
		if err != nil {
			t.Fatal(err)
		}
		a := u.Authority()
		if a.Present != tt.present || a.Text != tt.authority || a.Host.Present != tt.present || a.Host.Text != tt.host {
			t.Errorf("%s: authority %+v, host %+v; want %q and %q, present", tt.in, a.Component, a.Host, tt.authority, tt.host)
		}
	}
	// The order of the fills decides where two pending fills could fill one component: the
	// first that applies wins.
	g := RFC1738.info().grammar
	for _, tt := range []struct {
		first, second fill
		want          Component
	}{
		{sameAs("fileurl", fPath, fScheme), emptyAfter("fileurl", fPath, fScheme, "://"), Component{Present: true, Text: "file", Begin: 0, End: 4}},
		{emptyAfter("fileurl", fPath, fScheme, "://"), sameAs("fileurl", fPath, fScheme), Component{Present: true, Text: "", Begin: 7, End: 7}},
	} {
		// Only the scheme and the two pending fills: the path is absent until they apply.
		w, err := newWalker(g, []fill{prefix("fileurl", fScheme, "file"), tt.first, tt.second})
		if err != nil {
			t.Fatal(err)
		}
		const in = "file:///x"
		p, ok := run(RFC1738.info(), g.Rule("fileurl"), in, w.record)
		if !ok {
			t.Fatalf("%s: not a fileurl", in)
		}
		var c components
		w.walk(p, in, &c, &walkState{})
		RFC1738.info().release(p)
		u := URL{Raw: in, c: stored{components: c}}
		if got := u.Path().Component; got != tt.want {
			t.Errorf("%v then %v: path %+v, want %+v", tt.first.op, tt.second.op, got, tt.want)
		}
	}
}

// TestFillKinds: a kind is set by a fill of the component it is the kind of (or by
// hostKindOnly and pathKindOnly); any other is refused when the walker is built.
func TestFillKinds(t *testing.T) {
	g := RFC3986.info().grammar
	for _, tt := range []struct {
		f    fill
		want string // in the error; "" for none
	}{
		{set("reg-name", fHost).withHostKind(HostRegName), ""},
		{union("reg-name", fHost).withHostKind(HostRegName), ""},
		{restAfter("URI", fPath, ":").withPathKind(PathOpaque), ""},
		{set("path-abempty", fPath).pathBySlash(), ""},
		{hostKindOnly("IPvFuture", HostIPvFuture), ""},
		{pathKindOnly("path-empty", PathEmpty), ""},
		{set("reg-name", fAuthority).withHostKind(HostRegName), "reg-name sets the host kind reg-name but fills no host"},
		{set("path-abempty", fQuery).withPathKind(PathAbsolute), "path-abempty sets a path kind but fills no path"},
		{set("path-abempty", fQuery).pathBySlash(), "path-abempty sets a path kind but fills no path"},
		{prefix("reg-name", fHost, "x").withHostKind(HostRegName), "fills no host"},
		{part("reg-name").withHostKind(HostRegName), "fills no host"},
		{segment("segment").withPathKind(PathRelative), "fills no path"},
		{hide("IPv6address").withPathKind(PathRelative), "fills no path"},
		{set("no-such-rule", fHost), "name rules its grammar does not have: no-such-rule"},
		{part("host").in("no-such-parent"), "name rules its grammar does not have: no-such-parent"},
	} {
		_, err := newWalker(g, []fill{tt.f})
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v: %v", tt.f, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%+v: err = %v, want one that says %q", tt.f, err, tt.want)
		}
	}
}

// TestFillConstructors: each constructor sets its op and what the op reads, and nothing else,
// so that no fill carries a literal or a component that its op does not read.
func TestFillConstructors(t *testing.T) {
	for _, tt := range []struct {
		f    fill
		want fill
	}{
		{set("r", fHost), fill{rule: "r", step: step{op: opSet, field: fHost}}},
		{union("r", fPath), fill{rule: "r", step: step{op: opUnion, field: fPath}}},
		{reset("r", fPath), fill{rule: "r", step: step{op: opReset, field: fPath}}},
		{prefix("r", fScheme, "ftp"), fill{rule: "r", step: step{op: opPrefix, field: fScheme, lit: "ftp"}}},
		{restAfter("r", fPath, ":"), fill{rule: "r", step: step{op: opRest, field: fPath, lit: ":"}}},
		{emptyAfter("r", fHost, fScheme, "://"), fill{rule: "r", step: step{op: opEmptyAfter, field: fHost, from: fScheme, lit: "://"}}},
		{sameAs("r", fAuthority, fHost), fill{rule: "r", step: step{op: opSameAs, field: fAuthority, from: fHost}}},
		{hostKindOnly("r", HostIPvFuture), fill{rule: "r", step: step{op: opHostKind, host: HostIPvFuture}}},
		{pathKindOnly("r", PathAbsolute), fill{rule: "r", step: step{op: opPathKind, path: PathAbsolute}}},
		{hide("r"), fill{rule: "r", skips: true, step: step{op: opHide}}},
		{part("r"), fill{rule: "r", step: step{op: opPart}}},
		{segment("r"), fill{rule: "r", step: step{op: opSegment}}},
		{param("r").in("p").leaf(), fill{rule: "r", parent: "p", skips: true, step: step{op: opParam}}},
		{set("r", fHost).withHostKind(HostIPv4).leaf(), fill{rule: "r", skips: true, step: step{op: opSet, field: fHost, host: HostIPv4}}},
		{set("r", fPath).pathBySlash(), fill{rule: "r", step: step{op: opSet, field: fPath, bySlash: true}}},
	} {
		if tt.f != tt.want {
			t.Errorf("got %+v, want %+v", tt.f, tt.want)
		}
	}
}
