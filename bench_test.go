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
	"math"
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
		if urlgrammar.MatchRule(v, "", s, 0) {
			valid = append(valid, s)
		}
	}
	return valid
}

// BenchmarkCorpus compares, for each version, on the corpus inputs that its default reading
// accepts: net/url.Parse (the baseline: Go's lenient parser), Validate, Match, Parse (the
// typed components) and ParseTreeRule (the parse tree), with the bytes that a pass of
// ParseTreeRule allocates per input byte (ParseTree-B/byte). A pass is one call on each of
// those inputs.
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
				urlgrammar.MatchRule(v, "", s, 0)
			}
		}
		parse := func() {
			for _, s := range valid {
				if _, err := urlgrammar.Parse(v, s); err != nil {
					panic("valid input rejected: " + s)
				}
			}
		}
		tree := func() {
			for _, s := range valid {
				if _, err := urlgrammar.ParseTreeRule(v, "", s, 0); err != nil {
					panic("valid input rejected: " + s)
				}
			}
		}
		b.Run(v.String(), func(b *testing.B) {
			validateAllocs := testing.AllocsPerRun(10, validate)
			matchAllocs := testing.AllocsPerRun(10, match)
			parseAllocs := testing.AllocsPerRun(10, parse)
			tree()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			tree()
			runtime.ReadMemStats(&after)
			paired(b, false, part{"net-url", n, netURL}, part{"Validate", n, validate}, part{"Match", n, match},
				part{"Parse", n, parse}, part{"ParseTree", n, tree})
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(n), "ParseTree-B/byte")
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
		if t := string(b); !urlgrammar.MatchRule(v, "", t, 0) {
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
					urlgrammar.MatchRule(v, "", s, 0)
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

// BenchmarkLongParse compares Parse on each long shape that its version accepts at 1 KiB,
// 64 KiB and 1 MiB, per byte, as BenchmarkLong does for the verdict: the parser's token
// buffer grows with the input and is pooled at every size, so the cost per byte does not
// step up past some size. It also reports, at 1 MiB, the bytes that one call of Parse and
// one of ParseTree allocate per input byte when no parser is pooled, as for the one long
// input of a process (Parse-B/byte, target at most 16; ParseTree-B/byte): the token buffer
// grown from nothing, and what the call returns.
func BenchmarkLongParse(b *testing.B) {
	for _, v := range urlgrammar.Versions() {
		for _, l := range longShapes(v) {
			if !l.match(v, l.build(1<<10)) || !l.match(v, l.build(1<<20)) {
				continue
			}
			parse := func(s string) {
				if _, err := l.parse(v, s); err != nil {
					panic(err)
				}
			}
			parts := longParts(l, []int{1 << 10, 1 << 16, 1 << 20}, []string{"1KiB", "64KiB", "1MiB"}, parse)
			b.Run(v.String()+"/"+l.name(), func(b *testing.B) {
				s := l.build(1 << 20)
				// perByte is the least that one of three calls of f allocates per input byte,
				// each with the parser pools empty: two collections empty a sync.Pool.
				perByte := func(f func()) float64 {
					least := uint64(math.MaxUint64)
					for range 3 {
						runtime.GC()
						runtime.GC()
						var before, after runtime.MemStats
						runtime.ReadMemStats(&before)
						f()
						runtime.ReadMemStats(&after)
						least = min(least, after.TotalAlloc-before.TotalAlloc)
					}
					return float64(least) / float64(len(s))
				}
				parseBytes := perByte(func() { parse(s) })
				treeBytes := perByte(func() {
					if _, err := l.parseTree(v, s); err != nil {
						panic(err)
					}
				})
				paired(b, true, parts...)
				b.ReportMetric(parseBytes, "Parse-B/byte")
				b.ReportMetric(treeBytes, "ParseTree-B/byte")
			})
		}
	}
}

// BenchmarkLongDiagnose compares Validate on long invalid inputs at 1 KiB, 64 KiB and 1 MiB:
// the common long shapes made invalid by a last "%" (an escape cut short), and the adversarial
// shapes (long_test.go) rejected at their last byte. The verdict, then the diagnosis of the
// SyntaxError: linear time is a cost per byte that does not grow with the length.
func BenchmarkLongDiagnose(b *testing.B) {
	for _, v := range urlgrammar.Versions() {
		var shapes []longShape
		for _, l := range commonLong(v) {
			l.suffix += "%"
			shapes = append(shapes, l)
		}
		for _, l := range append(shapes, adversarialLong(v)...) {
			if l.match(v, l.build(1<<10)) {
				continue
			}
			validate := func(s string) {
				if l.validate(v, s) == nil {
					panic("invalid input accepted: " + l.name())
				}
			}
			b.Run(v.String()+"/"+l.name(), func(b *testing.B) {
				paired(b, true, longParts(l, []int{1 << 10, 1 << 16, 1 << 20}, []string{"1KiB", "64KiB", "1MiB"}, validate)...)
			})
		}
	}
}

// BenchmarkHugeDiagnose compares Validate on one long path per version, rejected at its last
// byte, at 1 KiB and at 50 MiB. It takes minutes and about 400 MB, so it runs only when
// URLGRAMMAR_HUGE=1 (make bench-huge).
func BenchmarkHugeDiagnose(b *testing.B) {
	if os.Getenv("URLGRAMMAR_HUGE") != "1" {
		b.Skip("set URLGRAMMAR_HUGE=1 to run (make bench-huge)")
	}
	for _, v := range urlgrammar.Versions() {
		l := adversarialLong(v)[0]
		validate := func(s string) {
			if l.validate(v, s) == nil {
				panic("invalid input accepted: " + l.name())
			}
		}
		b.Run(v.String()+"/"+l.name(), func(b *testing.B) {
			paired(b, true, longParts(l, []int{1 << 10, 50 << 20}, []string{"1KiB", "50MiB"}, validate)...)
		})
	}
}

// BenchmarkRejected compares, for each version, Validate with net/url.Parse on the corpus
// inputs that the version's default reading rejects: the verdict, then the diagnosis; and
// Validate followed by the error's message (Error), what a program that logs or prints each
// rejection pays. A pass is one call on each of those inputs.
func BenchmarkRejected(b *testing.B) {
	inputs := benchInputs(b)
	for _, v := range urlgrammar.Versions() {
		var rejected []string
		for _, s := range inputs {
			if !urlgrammar.MatchRule(v, "", s, 0) {
				rejected = append(rejected, s)
			}
		}
		n := totalLen(rejected)
		netURL := func() {
			for _, s := range rejected {
				url.Parse(s)
			}
		}
		validate := func() {
			for _, s := range rejected {
				if urlgrammar.Validate(v, s) == nil {
					panic("invalid input accepted: " + s)
				}
			}
		}
		message := func() {
			for _, s := range rejected {
				if err := urlgrammar.Validate(v, s); err == nil || err.Error() == "" {
					panic("invalid input accepted: " + s)
				}
			}
		}
		b.Run(v.String(), func(b *testing.B) {
			validate() // the automaton's states on these inputs are built once, before timing
			allocs := testing.AllocsPerRun(10, validate)
			messageAllocs := testing.AllocsPerRun(10, message)
			paired(b, false, part{"net-url", n, netURL}, part{"Validate", n, validate}, part{"Validate+Error", n, message})
			b.ReportMetric(float64(len(rejected)), "inputs/pass")
			b.ReportMetric(allocs/float64(len(rejected)), "Validate-allocs/rejection")
			b.ReportMetric(messageAllocs/float64(len(rejected)), "Validate+Error-allocs/rejection")
		})
	}
}

// BenchmarkFirstRejection measures the first rejection under each version after start-up:
// decoding the automaton of its default rule (generated/automata) and its first run
// over the input. Each op starts from nothing (the automata are dropped first); the target is
// 1 ms.
func BenchmarkFirstRejection(b *testing.B) {
	for _, v := range urlgrammar.Versions() {
		s := "http://example.com/a<b"
		if v == urlgrammar.Draft1994 {
			s = "url:" + s
		}
		b.Run(v.String(), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var total time.Duration
			for b.Loop() {
				urlgrammar.DropAutomata()
				start := threadCPU()
				if urlgrammar.Validate(v, s) == nil {
					b.Fatal("invalid input accepted")
				}
				total += threadCPU() - start
			}
			b.ReportMetric(float64(total.Microseconds())/1e3/float64(b.N), "first-ms")
		})
	}
}
