package conformance

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

// cpuTime is the process's user+system CPU time in nanoseconds: on a loaded machine it measures
// the work better than wall time.
func cpuTime() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU adds a cpu-ns/op metric to a benchmark; call it with the CPU time at the start.
func reportCPU(b *testing.B, t0 int64) {
	b.ReportMetric(float64(cpuTime()-t0)/float64(b.N), "cpu-ns/op")
}

func loadFixture(b testing.TB) *Grammar {
	src, err := os.ReadFile("testdata/rfc3986.bnf")
	if err != nil {
		b.Fatal(err)
	}
	g, err := ParseBNF("rfc3986.bnf", src)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkRecognize measures the recognizer on short URI references (the differential
// check's load).
func BenchmarkRecognize(b *testing.B) {
	g := loadFixture(b)
	gen, _ := NewGenerator(g, "URI-reference", 1)
	var samples []string
	n := 0
	for i := 0; i < 1000; i++ {
		s := gen.Positive()
		samples = append(samples, s, gen.NearMiss(s))
		n += 2 * len(s)
	}
	b.SetBytes(int64(n / len(samples)))
	b.ResetTimer()
	t0 := cpuTime()
	for i := 0; i < b.N; i++ {
		g.Recognize("URI-reference", samples[i%len(samples)])
	}
	reportCPU(b, t0)
}

// BenchmarkDiagnose measures Diagnose on a short invalid input, on 1 MiB of valid path with
// one bad byte at the end, and on 1 MiB of junk.
func BenchmarkDiagnose(b *testing.B) {
	g := loadFixture(b)
	for _, bc := range []struct{ name, in string }{
		{"short", "http://example.com/a b"},
		{"1MiB-path", "http://h/" + strings.Repeat("abc/", 1<<18) + " "},
		{"1MiB-junk", strings.Repeat("\x00\xff junk", 1<<17)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			t0 := cpuTime()
			for i := 0; i < b.N; i++ {
				g.Diagnose("URI-reference", bc.in)
			}
			reportCPU(b, t0)
		})
	}
}

func mustRead(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
