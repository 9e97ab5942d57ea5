package urlgrammar_test

// Speed is measured here, with benchmarks beside a baseline in the same run, never with timed
// tests. `make bench` runs them six times and prints the ratios (internal/benchratio reads the
// names below; keep the two in step).
//
// Every benchmark reports, besides ns/op (wall clock), cpu-ns/op: the CPU time the process
// used per op, the garbage collector's included. On a shared machine the wall clock also
// counts the time spent waiting for a CPU; the CPU time does not, and the ratios are taken of
// it. Benchmarks over inputs of known total size also report cpu-ns/B.

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar"
)

// measure runs f as the benchmark's op and reports its CPU time per op and, when bytes > 0
// (the input bytes one op reads), per byte.
func measure(b *testing.B, bytes int, f func()) {
	b.ReportAllocs()
	if bytes > 0 {
		b.SetBytes(int64(bytes))
	}
	start, ok := processCPU()
	for b.Loop() {
		f()
	}
	end, _ := processCPU()
	if ok && b.N > 0 {
		perOp := float64((end - start).Nanoseconds()) / float64(b.N)
		b.ReportMetric(perOp, "cpu-ns/op")
		if bytes > 0 {
			b.ReportMetric(perOp/float64(bytes), "cpu-ns/B")
		}
	}
}

// benchInputs is the benchmark corpus (testdata/bench/urls.txt): realistic URLs, relative
// references and invalid inputs; every benchmark runs on the same inputs.
func benchInputs(b *testing.B) []string {
	data, err := os.ReadFile("testdata/bench/urls.txt")
	if err != nil {
		b.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func totalLen(ss []string) int {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	return n
}

// validFor returns the inputs that v's default reading accepts.
func validFor(v urlgrammar.Version, inputs []string) []string {
	var valid []string
	for _, s := range inputs {
		if urlgrammar.Match(v, s) {
			valid = append(valid, s)
		}
	}
	return valid
}

// BenchmarkCorpus measures, for each version, on the corpus inputs that its default reading
// accepts: net/url.Parse (the baseline: Go's lenient parser), Validate, and Match. One op is
// one pass over those inputs.
func BenchmarkCorpus(b *testing.B) {
	inputs := benchInputs(b)
	for _, v := range urlgrammar.Versions() {
		valid := validFor(v, inputs)
		if len(valid) == 0 {
			b.Fatalf("%v accepts none of the corpus", v)
		}
		n := totalLen(valid)
		b.Run(v.String()+"/net-url", func(b *testing.B) {
			measure(b, n, func() {
				for _, s := range valid {
					url.Parse(s)
				}
			})
		})
		b.Run(v.String()+"/Validate", func(b *testing.B) {
			measure(b, n, func() {
				for _, s := range valid {
					if urlgrammar.Validate(v, s) != nil {
						b.Fatal(s)
					}
				}
			})
		})
		b.Run(v.String()+"/Match", func(b *testing.B) {
			measure(b, n, func() {
				for _, s := range valid {
					urlgrammar.Match(v, s)
				}
			})
		})
	}
}

// invalidVariants returns, for each input, the same input with the byte at the position pos
// picks replaced by c, when v rejects that; the variants have the lengths of the inputs.
func invalidVariants(v urlgrammar.Version, inputs []string, c byte, pos func(n int) int) []string {
	var out []string
	for _, s := range inputs {
		b := []byte(s)
		b[pos(len(b))] = c
		if t := string(b); !urlgrammar.Match(v, t) {
			out = append(out, t)
		}
	}
	return out
}

// BenchmarkVerdict compares the verdict (Match) on invalid inputs with that on valid inputs
// of the same lengths, per byte: the valid corpus inputs of each version, then the same inputs
// made invalid at their end ("%" as the last byte: an escape cut short), in their middle ("%"
// again), and by a byte outside every grammar's alphabet ("<") in their middle.
func BenchmarkVerdict(b *testing.B) {
	inputs := benchInputs(b)
	last := func(n int) int { return n - 1 }
	middle := func(n int) int { return n / 2 }
	for _, v := range urlgrammar.Versions() {
		valid := validFor(v, inputs)
		sets := []struct {
			name   string
			inputs []string
		}{
			{"valid", valid},
			{"invalid-end", invalidVariants(v, valid, '%', last)},
			{"invalid-middle", invalidVariants(v, valid, '%', middle)},
			{"invalid-byte", invalidVariants(v, valid, '<', middle)},
		}
		for _, set := range sets {
			b.Run(v.String()+"/"+set.name, func(b *testing.B) {
				measure(b, totalLen(set.inputs), func() {
					for _, s := range set.inputs {
						urlgrammar.Match(v, s)
					}
				})
			})
		}
	}
}

// BenchmarkLong measures the verdict on each long shape (long_test.go) at 1 KiB, 64 KiB and
// 1 MiB: linear time is a cost per byte that does not grow with the length.
func BenchmarkLong(b *testing.B) {
	for _, v := range urlgrammar.Versions() {
		for _, l := range longShapes(v) {
			for _, size := range longSizes {
				s := l.build(size.n)
				b.Run(v.String()+"/"+l.name()+"/"+size.name, func(b *testing.B) {
					measure(b, len(s), func() { l.match(v, s) })
				})
			}
		}
	}
}

// BenchmarkLongDiagnose measures Validate on the common long shapes made invalid by a last
// "%" (an escape cut short), at 1 KiB, 64 KiB and 1 MiB: the verdict, then the diagnosis of
// the SyntaxError by the conformance engine's Earley recognizer.
//
// Where the diagnosis is super-linear on a shape, the larger sizes would take hours: before
// measuring a shape, its cost is taken once at 1 KiB and at 2 KiB (the best of three each),
// and when the cost per byte grows more than 1.5 times, the larger sizes are not run; a line
// "SKIP name: why" on standard output says so (a skipped benchmark prints nothing otherwise).
func BenchmarkLongDiagnose(b *testing.B) {
	for _, v := range urlgrammar.Versions() {
		for _, l := range commonLong(v) {
			l.suffix += "%"
			if l.match(v, l.build(1<<10)) {
				continue
			}
			why := superLinear(v, l)
			for _, size := range longSizes {
				s := l.build(size.n)
				b.Run(v.String()+"/"+l.name()+"/"+size.name, func(b *testing.B) {
					if why != "" && size.n > 1<<10 {
						fmt.Printf("SKIP %s: %s\n", b.Name(), why)
						b.SkipNow()
					}
					measure(b, len(s), func() {
						if l.validate(v, s) == nil {
							b.Fatal("valid")
						}
					})
				})
			}
		}
	}
}

// superLinearSeen remembers superLinear's findings across the counts of a run.
var superLinearSeen = map[string]string{}

// superLinear returns why Validate on shape l is super-linear, or "".
func superLinear(v urlgrammar.Version, l longShape) string {
	key := v.String() + "/" + l.name()
	if why, ok := superLinearSeen[key]; ok {
		return why
	}
	cost := func(n int) time.Duration {
		s := l.build(n)
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			l.validate(v, s)
			best = min(best, time.Since(start))
		}
		return best
	}
	cost(1 << 10) // warm up: the first diagnosis under v reads its BNF
	small, double := cost(1<<10), cost(1<<11)
	why := ""
	if double > 3*small {
		why = fmt.Sprintf("super-linear diagnosis: %v at 1 KiB, %v at 2 KiB", small, double)
	}
	superLinearSeen[key] = why
	return why
}
