package reading

// Speed is measured here with benchmarks beside the parser each reading reads with, in the same
// run: a reading costs what its parser costs, plus what it takes to turn the parser's result
// into components. Each benchmark is paired: one op runs the parser over the inputs, then the
// reading over the same inputs, and times each by the CPU time of the benchmark's thread, so
// that a busy machine slows both alike. Reported metrics: PART-ns/input (CPU time per input),
// PART/BASE (the ratio of the two in this count) and extra-ns/input (what the reading adds to
// its parser, per input).

import (
	"net/url"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	whatwg "github.com/nlnwa/whatwg-url/url"
)

// benchInputs are the root package's benchmark inputs (testdata/bench/urls.txt): realistic
// URLs, relative references and invalid inputs.
func benchInputs(b *testing.B) []string {
	data, err := os.ReadFile("../testdata/bench/urls.txt")
	if err != nil {
		b.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// pairedReading runs base and then reading over inputs, as one op, and reports the CPU time of
// each per input, their ratio, and the difference.
func pairedReading(b *testing.B, inputs []string, baseName string, base func(string), readName string, read func(string)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var tBase, tRead time.Duration
	for b.Loop() {
		start := threadCPU()
		for _, s := range inputs {
			base(s)
		}
		mid := threadCPU()
		for _, s := range inputs {
			read(s)
		}
		tBase += mid - start
		tRead += threadCPU() - mid
	}
	n := float64(b.N * len(inputs))
	perBase, perRead := float64(tBase.Nanoseconds())/n, float64(tRead.Nanoseconds())/n
	b.ReportMetric(perBase, baseName+"-ns/input")
	b.ReportMetric(perRead, readName+"-ns/input")
	b.ReportMetric(perRead/perBase, readName+"/"+baseName)
	b.ReportMetric(perRead-perBase, "extra-ns/input")
}

// BenchmarkReadNetURL: the net/url reading beside net/url.Parse.
func BenchmarkReadNetURL(b *testing.B) {
	pairedReading(b, benchInputs(b), "net-url", func(s string) { url.Parse(s) }, "read-neturl", func(s string) { Read(NetURL, s) })
}

// BenchmarkReadWHATWG: the WHATWG reading beside whatwg-url's Parse.
func BenchmarkReadWHATWG(b *testing.B) {
	pairedReading(b, benchInputs(b), "whatwg-url", func(s string) { whatwg.Parse(s) }, "read-whatwg", func(s string) { Read(WHATWG, s) })
}

// BenchmarkCompare: the differential of two readings already made, beside net/url.Parse of the
// input.
func BenchmarkCompare(b *testing.B) {
	inputs := benchInputs(b)
	pairs := map[string][2]Reading{}
	for _, s := range inputs {
		pairs[s] = [2]Reading{Read(NetURL, s), Read(WHATWG, s)}
	}
	pairedReading(b, inputs, "net-url", func(s string) { url.Parse(s) }, "compare", func(s string) {
		p := pairs[s]
		Compare(p[0], p[1])
	})
}

// BenchmarkWHATWGLimits: the WHATWG reading of the worst inputs its limits let through, each
// beside net/url.Parse of the same input: an input of MaxWHATWGInput bytes with as many "@",
// "/", userinfo bytes or opaque host bytes as the limits allow, and one just beyond a limit.
func BenchmarkWHATWGLimits(b *testing.B) {
	rep := strings.Repeat
	pad := func(s string) string { return s + rep("a", MaxWHATWGInput-len(s)) }
	for _, tc := range []struct{ name, input string }{
		{"at-signs", pad("http://" + rep("a@", MaxWHATWGAt) + "h/")},
		{"segments", pad("http://h" + rep("/a", MaxWHATWGSlashes-2))},
		{"userinfo", pad("foo://" + rep("u", MaxWHATWGUserinfo) + "@h/")},
		{"opaque-host", pad("foo://" + rep("h", MaxWHATWGUserinfo) + "/")},
		{"path", pad("http://h/")},
		{"beyond", pad("http://" + rep("a@", MaxWHATWGAt+1) + "h/")},
	} {
		b.Run(tc.name, func(b *testing.B) {
			pairedReading(b, []string{tc.input}, "net-url", func(s string) { url.Parse(s) }, "read-whatwg", func(s string) { Read(WHATWG, s) })
		})
	}
}
