package urlgrammar_test

import (
	"flag"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/charset"
)

// rejection is one diagnosis the tests made: the version and rule, the input as the automaton
// read it, and what it said.
type rejection struct {
	v        urlgrammar.Version
	rule     string
	read     string
	offset   int
	expected string // Expected, joined
}

var rejections struct {
	sync.Mutex
	seen map[rejection]bool
}

// oracleLimit bounds the inputs the Earley recognizer is asked about after the tests: it is
// the oracle, not meant for megabytes (the 1993 and 1994 drafts make it cubic on some).
const oracleLimit = 512

// TestMain runs the tests, then holds every rejection they made (up to oracleLimit bytes) to
// the conformance engine's Earley recognizer: the diagnosis engine's Offset and Expected must
// be the recognizer's.
//
// Benchmarks run without the check (it would measure the recording, not the library), and so
// do short runs (-short: the race detector's run in CI, where the oracle is many times slower).
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); testing.Short() || f != nil && f.Value.String() != "" {
		os.Exit(m.Run())
	}
	rejections.seen = map[rejection]bool{}
	urlgrammar.SetDiagnosed(func(e *urlgrammar.SyntaxError, read string) {
		if len(read) > oracleLimit {
			return
		}
		r := rejection{e.Version, e.Rule, read, e.Offset, fmt.Sprintf("%q", e.Expected)}
		rejections.Lock()
		rejections.seen[r] = true
		rejections.Unlock()
	})
	code := m.Run()
	urlgrammar.SetDiagnosed(nil)
	if code == 0 {
		code = checkRejections()
	}
	os.Exit(code)
}

func checkRejections() int {
	bad := 0
	for r := range rejections.seen {
		g, err := oracle(r.v)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		d := g.Diagnose(r.rule, r.read)
		if want := fmt.Sprintf("%q", d.Expected); d.Offset != r.offset || want != r.expected {
			bad++
			if bad <= 20 {
				fmt.Fprintf(os.Stderr, "diagnosis of %v %s %q: offset %d, expected %s; the Earley recognizer: offset %d, expected %s\n",
					r.v, r.rule, r.read, r.offset, r.expected, d.Offset, want)
			}
		}
	}
	if bad > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d of %d rejections diagnosed differently from the Earley recognizer\n", bad, len(rejections.seen))
		return 1
	}
	if testing.Verbose() {
		fmt.Printf("diagnosis: %d rejections made by the tests agree with the Earley recognizer\n", len(rejections.seen))
	}
	return 0
}

// TestProbeRejections makes, in this package's tests, the rejections of package charset's
// character probes (every printable ASCII character at every position of every component
// under every version), so that TestMain holds their diagnoses to the Earley recognizer too.
func TestProbeRejections(t *testing.T) {
	for _, v := range urlgrammar.Versions() {
		for _, c := range charset.Components() {
			if _, err := charset.Of(v, c.Name); err != nil {
				t.Errorf("%v %s: %v", v, c.Name, err)
			}
		}
	}
}
