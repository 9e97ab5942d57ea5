package urlgrammar_test

// Speed is measured here, with benchmarks beside a baseline in the same run, never with timed
// tests. `make bench` runs them six times and prints the ratios (internal/benchratio reads the
// metric names below; keep the two in step).
//
// Each benchmark is paired: one op runs every part being compared (net/url.Parse and
// Validate over the same inputs; valid and invalid inputs; 1 KiB and 1 MiB inputs) one after
// the other, and times each part by the CPU time of the benchmark's thread. A busy machine
// slows the parts of one op alike, and the thread's CPU time does not count the time spent
// waiting for a CPU, so the ratios hold on a shared machine where ns/op varies several times
// from run to run. (What the thread's CPU time leaves out is the garbage collector's
// background work on other threads: the allocations of net/url.Parse cost it more than the
// benchmarks say, never less.)
//
// Reported metrics: PART-ns/pass or PART-ns/B (CPU time per pass over the inputs or per input
// byte), PART/BASE (the ratio of the two in this count), PART-allocs/pass (by
// testing.AllocsPerRun, outside the timing), inputs/pass. ns/op, B/op and allocs/op are those
// of the whole op, every part together.

import (
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar"
)

// A part is one of the things a paired benchmark compares: run does it once over bytes bytes
// of input.
type part struct {
	name  string
	bytes int
	run   func()
}

// segmentBytes and segmentTime bound how much work one part does per op: a part that reads
// less than segmentBytes runs several times, up to segmentBytes or about segmentTime of work
// (one run timed before the first op), so that the half-microsecond cost of reading the
// thread's CPU time is lost in the measurement while a slow part (the Earley diagnosis of a
// few KiB) still runs once.
const (
	segmentBytes = 64 << 10
	segmentTime  = 200 * time.Microsecond
)

// paired runs the parts in turn as one op and reports each part's CPU time per pass (perByte
// false) or per byte, and its ratio to the first part, the baseline.
func paired(b *testing.B, perByte bool, parts ...part) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	reps := make([]int, len(parts))
	for i, p := range parts {
		reps[i] = 1
		if p.bytes < segmentBytes {
			start := threadCPU()
			p.run()
			once := max(threadCPU()-start, time.Microsecond)
			reps[i] = max(1, min(segmentBytes/max(1, p.bytes), int(segmentTime/once)))
		}
	}
	total := make([]time.Duration, len(parts))
	for b.Loop() {
		for i, p := range parts {
			start := threadCPU()
			for range reps[i] {
				p.run()
			}
			total[i] += threadCPU() - start
		}
	}
	per := make([]float64, len(parts))
	for i, p := range parts {
		n := float64(b.N * reps[i])
		if perByte {
			n *= float64(max(1, p.bytes))
		}
		per[i] = float64(total[i].Nanoseconds()) / n
		unit := "-ns/pass"
		if perByte {
			unit = "-ns/B"
		}
		b.ReportMetric(per[i], p.name+unit)
		if i > 0 && per[0] > 0 {
			b.ReportMetric(per[i]/per[0], p.name+"/"+parts[0].name)
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

// BenchmarkCorpus compares, for each version, on the corpus inputs that its default reading
// accepts: net/url.Parse (the baseline: Go's lenient parser), Validate, Match, and Parse (the
// typed components). A pass is one call on each of those inputs.
func BenchmarkCorpus(b *testing.B) {
	inputs := benchInputs(b)
	for _, v := range urlgrammar.Versions() {
		valid := validFor(v, inputs)
		if len(valid) == 0 {
			b.Fatalf("%v accepts none of the corpus", v)
		}
		n := totalLen(valid)
		netURL := func() {
			for _, s := range valid {
				url.Parse(s)
			}
		}
		validate := func() {
			for _, s := range valid {
				if urlgrammar.Validate(v, s) != nil {
					panic("valid input rejected: " + s)
				}
			}
		}
		match := func() {
			for _, s := range valid {
				urlgrammar.Match(v, s)
			}
		}
		parse := func() {
			for _, s := range valid {
				if _, err := urlgrammar.Parse(v, s); err != nil {
					panic("valid input rejected: " + s)
				}
			}
		}
		b.Run(v.String(), func(b *testing.B) {
			validateAllocs := testing.AllocsPerRun(10, validate)
			matchAllocs := testing.AllocsPerRun(10, match)
			parseAllocs := testing.AllocsPerRun(10, parse)
			paired(b, false, part{"net-url", n, netURL}, part{"Validate", n, validate}, part{"Match", n, match},
				part{"Parse", n, parse})
			b.ReportMetric(float64(len(valid)), "inputs/pass")
			b.ReportMetric(validateAllocs, "Validate-allocs/pass")
			b.ReportMetric(matchAllocs, "Match-allocs/pass")
			b.ReportMetric(parseAllocs, "Parse-allocs/pass")
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
		var parts []part
		for _, set := range []struct {
			name   string
			inputs []string
		}{
			{"valid", valid},
			{"invalid-end", invalidVariants(v, valid, '%', last)},
			{"invalid-middle", invalidVariants(v, valid, '%', middle)},
			{"invalid-byte", invalidVariants(v, valid, '<', middle)},
		} {
			parts = append(parts, part{set.name, totalLen(set.inputs), func() {
				for _, s := range set.inputs {
					urlgrammar.Match(v, s)
				}
			}})
		}
		b.Run(v.String(), func(b *testing.B) { paired(b, true, parts...) })
	}
}

// longParts are the parts that compare the cost per byte of one long shape at each size.
func longParts(l longShape, sizes []int, names []string, run func(s string)) []part {
	var parts []part
	for i, n := range sizes {
		s := l.build(n)
		parts = append(parts, part{names[i], len(s), func() { run(s) }})
	}
	return parts
}

// BenchmarkLong compares the verdict on each long shape (long_test.go) at 1 KiB, 64 KiB and
// 1 MiB: linear time is a cost per byte that does not grow with the length.
func BenchmarkLong(b *testing.B) {
	for _, v := range urlgrammar.Versions() {
		for _, l := range longShapes(v) {
			parts := longParts(l, []int{1 << 10, 1 << 16, 1 << 20}, []string{"1KiB", "64KiB", "1MiB"},
				func(s string) { l.match(v, s) })
			b.Run(v.String()+"/"+l.name(), func(b *testing.B) { paired(b, true, parts...) })
		}
	}
}

// BenchmarkLongDiagnose compares Validate on the common long shapes made invalid by a last
// "%" (an escape cut short) at 1 KiB, 64 KiB and 1 MiB: the verdict, then the diagnosis of
// the SyntaxError by the conformance engine's Earley recognizer.
//
// Where the diagnosis is super-linear on a shape, the larger sizes would take hours: before a
// shape is measured, its cost is taken once at 1 KiB and at 2 KiB (the best of three each),
// and when the cost per byte grows more than 1.5 times, the shape is measured at 1 KiB and
// 2 KiB only (metric 2KiB/1KiB instead of 1MiB/1KiB).
func BenchmarkLongDiagnose(b *testing.B) {
	for _, v := range urlgrammar.Versions() {
		for _, l := range commonLong(v) {
			l.suffix += "%"
			if l.match(v, l.build(1<<10)) {
				continue
			}
			validate := func(s string) {
				if l.validate(v, s) == nil {
					panic("invalid input accepted: " + l.name())
				}
			}
			b.Run(v.String()+"/"+l.name(), func(b *testing.B) {
				sizes, names := []int{1 << 10, 1 << 16, 1 << 20}, []string{"1KiB", "64KiB", "1MiB"}
				if superLinear(v, l) {
					sizes, names = []int{1 << 10, 1 << 11}, []string{"1KiB", "2KiB"}
				}
				paired(b, true, longParts(l, sizes, names, validate)...)
			})
		}
	}
}

// superLinearSeen remembers superLinear's findings across the counts of a run.
var superLinearSeen = map[string]bool{}

// superLinear reports whether Validate's cost per byte on shape l grows more than 1.5 times
// from 1 KiB to 2 KiB.
func superLinear(v urlgrammar.Version, l longShape) bool {
	key := v.String() + "/" + l.name()
	if seen, ok := superLinearSeen[key]; ok {
		return seen
	}
	cost := func(n int) time.Duration {
		s := l.build(n)
		best := time.Duration(1 << 62)
		for range 3 {
			start := threadCPU()
			l.validate(v, s)
			best = min(best, threadCPU()-start)
		}
		return best
	}
	runtime.LockOSThread()
	cost(1 << 10) // warm up: the first diagnosis under v reads its BNF
	small, double := cost(1<<10), cost(1<<11)
	runtime.UnlockOSThread()
	superLinearSeen[key] = double > 3*small
	if superLinearSeen[key] {
		fmt.Fprintf(os.Stderr, "BenchmarkLongDiagnose: %v %s: super-linear (%v at 1 KiB, %v at 2 KiB); measured at 1 and 2 KiB only\n", v, l.name(), small, double)
	}
	return superLinearSeen[key]
}
