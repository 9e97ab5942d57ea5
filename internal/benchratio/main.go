// Command benchratio reads the output of the root package's benchmarks (bench_test.go), run
// with -count 6 or so, and prints each measurement as a ratio to its baseline in the same run,
// from the medians of the counts, beside the project's speed targets:
//
//   - BenchmarkCorpus/V/Validate and /Parse against BenchmarkCorpus/V/net-url
//     (Validate at most 0.8 times net/url.Parse with 0 allocs/op; Parse at most 1.0 times,
//     at most 1 alloc/op);
//   - BenchmarkVerdict/V/invalid-* against BenchmarkVerdict/V/valid, per byte (at most 1.0);
//   - BenchmarkLong/V/SHAPE/1MiB against BenchmarkLong/V/SHAPE/1KiB, per byte (at most 1.5);
//   - BenchmarkLongDiagnose likewise, reported without a target.
//
// Ratios are taken of cpu-ns/op and cpu-ns/B (the process's CPU time, which a busy machine
// does not inflate) when the benchmarks report them, else of ns/op.
//
// Usage: go test -run '^$' -bench . -benchmem -count 6 . | tee bench.txt; go run ./internal/benchratio bench.txt
package main

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("benchratio: ")
	var r io.Reader = os.Stdin
	if len(os.Args) > 1 {
		f, err := os.Open(os.Args[1])
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		r = f
	}
	rs, err := read(r)
	if err != nil {
		log.Fatal(err)
	}
	report(os.Stdout, rs)
}

// results holds every value measured, by benchmark name (without the -GOMAXPROCS suffix) and
// unit, in the order the names first appeared.
type results struct {
	names  []string
	values map[string]map[string][]float64
	skips  map[string]string // benchmark name -> why it was not run ("SKIP name: why" lines)
}

var procSuffix = regexp.MustCompile(`-\d+$`)

func read(r io.Reader) (*results, error) {
	rs := &results{values: map[string]map[string][]float64{}, skips: map[string]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "SKIP "); ok {
			if name, why, ok := strings.Cut(rest, ": "); ok {
				rs.skips[name] = why
			}
			continue
		}
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue // not a result line
		}
		name := procSuffix.ReplaceAllString(f[0], "")
		if rs.values[name] == nil {
			rs.values[name] = map[string][]float64{}
			rs.names = append(rs.names, name)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("%s: value %q: %v", name, f[i], err)
			}
			rs.values[name][f[i+1]] = append(rs.values[name][f[i+1]], v)
		}
	}
	return rs, sc.Err()
}

// median returns the median of name's values in unit, and whether there are any.
func (rs *results) median(name, unit string) (float64, bool) {
	vs := append([]float64(nil), rs.values[name][unit]...)
	if len(vs) == 0 {
		return 0, false
	}
	sort.Float64s(vs)
	if len(vs)%2 == 1 {
		return vs[len(vs)/2], true
	}
	return (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2, true
}

// time returns the median time of name per op (perByte false) or per byte, preferring CPU
// time, and the unit it comes from.
func (rs *results) time(name string, perByte bool) (float64, string, bool) {
	units := []string{"cpu-ns/op", "ns/op"}
	if perByte {
		units = []string{"cpu-ns/B"}
	}
	for _, u := range units {
		if v, ok := rs.median(name, u); ok {
			return v, u, true
		}
	}
	if perByte { // wall time per byte, from ns/op and MB/s (= bytes per µs)
		if mbs, ok := rs.median(name, "MB/s"); ok && mbs > 0 {
			return 1e3 / mbs, "ns/B", true
		}
	}
	return 0, "", false
}

// children returns the distinct path elements that follow prefix+"/" in the names, in order.
func (rs *results) children(prefix string) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range rs.names {
		rest, ok := strings.CutPrefix(n, prefix+"/")
		if !ok {
			continue
		}
		if i := strings.Index(rest, "/"); i >= 0 {
			rest = rest[:i]
		}
		if !seen[rest] {
			seen[rest] = true
			out = append(out, rest)
		}
	}
	return out
}

// verdict says whether ratio meets the target "at most limit".
func verdict(ratio, limit float64) string {
	if ratio <= limit {
		return "met"
	}
	return fmt.Sprintf("MISSED by %.0f%%", (ratio/limit-1)*100)
}

func report(w io.Writer, rs *results) {
	missed := 0
	count := func(v string) string {
		if v != "met" && v != "" {
			missed++
		}
		return v
	}

	if vs := rs.children("BenchmarkCorpus"); len(vs) > 0 {
		fmt.Fprintln(w, "Corpus (testdata/bench/urls.txt, the inputs each version accepts): time per pass, ratio to net/url.Parse")
		fmt.Fprintf(w, "%-10s %12s  %-26s %-8s  %-8s  %-26s %-8s\n", "version", "net/url", "Validate (≤0.80, 0 alloc)", "allocs", "Match", "Parse (≤1.00, ≤1 alloc)", "allocs")
		for _, v := range vs {
			p := "BenchmarkCorpus/" + v
			base, unit, ok := rs.time(p+"/net-url", false)
			if !ok {
				continue
			}
			cell := func(name string, limit, maxAllocs float64) (string, string) {
				t, _, ok := rs.time(p+"/"+name, false)
				if !ok {
					return "-", "-"
				}
				a, _ := rs.median(p+"/"+name, "allocs/op")
				s := fmt.Sprintf("%.2f", t/base)
				if limit > 0 {
					ver := verdict(t/base, limit)
					if a > maxAllocs {
						ver = "MISSED (allocs)"
					}
					s += " " + count(ver)
				}
				return s, fmt.Sprintf("%.0f", a)
			}
			val, valA := cell("Validate", 0.8, 0)
			match, _ := cell("Match", 0, 0)
			parse, parseA := cell("Parse", 1.0, 1)
			fmt.Fprintf(w, "%-10s %9.1f µs  %-26s %-8s  %-8s  %-26s %-8s\n", v, base/1e3, val, valA, match, parse, parseA)
			_ = unit
		}
		fmt.Fprintln(w)
	}

	if vs := rs.children("BenchmarkVerdict"); len(vs) > 0 {
		fmt.Fprintln(w, "Verdict (Match) on invalid inputs against valid ones of the same lengths, time per byte (target ≤1.00)")
		for _, v := range vs {
			p := "BenchmarkVerdict/" + v
			base, unit, ok := rs.time(p+"/valid", true)
			if !ok {
				continue
			}
			fmt.Fprintf(w, "%-10s valid %6.2f %-9s", v, base, unit)
			for _, set := range rs.children(p) {
				if set == "valid" {
					continue
				}
				t, _, ok := rs.time(p+"/"+set, true)
				if !ok {
					continue
				}
				fmt.Fprintf(w, "  %s %.2f %s", set, t/base, count(verdict(t/base, 1.0)))
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
	}

	for _, bench := range []struct {
		name, title string
		limit       float64
	}{
		{"BenchmarkLong", "Long inputs (Match): time per byte at 1 KiB, 64 KiB, 1 MiB; ratio 1 MiB / 1 KiB (target ≤1.50)", 1.5},
		{"BenchmarkLongDiagnose", "Long invalid inputs (Validate: verdict, then Earley diagnosis): time per byte; ratio 1 MiB / 1 KiB (no target)", 0},
	} {
		vs := rs.children(bench.name)
		if len(vs) == 0 {
			continue
		}
		fmt.Fprintln(w, bench.title)
		fmt.Fprintf(w, "%-10s %-44s %10s %10s %10s %7s\n", "version", "shape (\"|\" is \"/\")", "1KiB", "64KiB", "1MiB", "ratio")
		for _, v := range vs {
			worst := 0.0
			for _, shape := range rs.children(bench.name + "/" + v) {
				p := bench.name + "/" + v + "/" + shape
				small, unit, ok1 := rs.time(p+"/1KiB", true)
				mid, _, _ := rs.time(p+"/64KiB", true)
				large, _, ok2 := rs.time(p+"/1MiB", true)
				if why, skipped := rs.skips[p+"/1MiB"]; skipped && ok1 {
					fmt.Fprintf(w, "%-10s %-44s %10.3f %s (%s)\n", v, clip(shape, 44), small, why, unit)
					if bench.limit > 0 {
						count("skipped")
					}
					continue
				}
				if !ok1 || !ok2 {
					continue
				}
				ratio := large / small
				worst = max(worst, ratio)
				mark := ""
				if bench.limit > 0 {
					mark = count(verdict(ratio, bench.limit))
				}
				fmt.Fprintf(w, "%-10s %-44s %10.3f %10.3f %10.3f %7.2f %s (%s)\n", v, clip(shape, 44), small, mid, large, ratio, mark, unit)
			}
			fmt.Fprintf(w, "%-10s %-44s %40s %7.2f\n", v, "worst", "", worst)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "targets missed: %d\n", missed)
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
