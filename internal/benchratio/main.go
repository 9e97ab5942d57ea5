// Command benchratio reads the output of the root package's benchmarks (bench_test.go), run
// with -count 6 or so, and prints the median of each ratio those benchmarks report, beside the
// project's speed targets:
//
//   - BenchmarkCorpus/V: Validate/net-url at most 0.80 with 0 Validate-allocs/pass;
//     Parse/net-url at most 1.00 with at most 1 Parse-allocs/pass; Match/net-url reported;
//     ParseTree/net-url at most 2.00 with ParseTree-B/byte at most 32;
//   - BenchmarkVerdict/V: invalid-*/valid (per byte) at most 1.00;
//   - BenchmarkLong/V/SHAPE: 1MiB/1KiB (per byte) at most 1.50;
//   - BenchmarkLongDiagnose/V/SHAPE: 1MiB/1KiB (per byte) at most 1.50;
//   - BenchmarkLongParse/V/SHAPE: Parse-B/byte (allocated by one Parse of 1 MiB with no
//     parser pooled) at most 16; ParseTree-B/byte reported;
//   - BenchmarkHugeDiagnose/V/SHAPE (make bench-huge): 50MiB/1KiB (per byte) at most 1.50;
//   - BenchmarkRejected/V: Validate/net-url at most 1.00 with at most 1
//     Validate-allocs/rejection; Validate+Error/net-url at most 2.00 with at most 3
//     Validate+Error-allocs/rejection;
//   - BenchmarkEscape/segment and /query: Escaper-rfc3986/net-url and Escaper-rfc1738/net-url
//     (beside PathEscape and QueryEscape) at most 1.00 with at most 1 allocation per input;
//     Escape-rfc3986/net-url and Escape-rfc1738/net-url reported;
//   - BenchmarkFirstRejection/V: first-ms at most 1 (milliseconds of CPU time: the one
//     absolute target, a start-up cost with no baseline to set it beside).
//
// Each ratio is taken within one op of a paired benchmark (every part of it timed by the
// thread's CPU time), so it holds on a busy machine; the printer only takes medians.
//
// Usage: go test -run '^$' -bench . -count 6 . > bench.txt; go run ./internal/benchratio bench.txt
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
	if missed := report(os.Stdout, rs); missed > 0 {
		fmt.Printf("targets missed: %d\n", missed)
	} else {
		fmt.Println("every target met")
	}
}

// results holds every value measured, by benchmark name (without the -GOMAXPROCS suffix) and
// unit, in the order the names first appeared.
type results struct {
	names  []string
	values map[string]map[string][]float64
}

var procSuffix = regexp.MustCompile(`-\d+$`)

func read(r io.Reader) (*results, error) {
	rs := &results{values: map[string]map[string][]float64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
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

// counts returns how many values name has in unit.
func (rs *results) counts(name, unit string) int { return len(rs.values[name][unit]) }

// under returns the names that start with prefix+"/", in order.
func (rs *results) under(prefix string) []string {
	var out []string
	for _, n := range rs.names {
		if strings.HasPrefix(n, prefix+"/") {
			out = append(out, n)
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

// report prints the tables and returns how many targets were missed.
func report(w io.Writer, rs *results) int {
	missed := 0
	check := func(ratio, limit float64) string {
		v := verdict(ratio, limit)
		if v != "met" {
			missed++
		}
		return v
	}
	// allocCell prints the median count of allocations in unit, marked when over limit.
	allocCell := func(name, unit, format string, limit float64) string {
		a, ok := rs.median(name, unit)
		if !ok {
			return "-"
		}
		mark := fmt.Sprintf(format, a)
		if a > limit {
			missed++
			mark += " MISSED"
		}
		return mark
	}
	cell := func(name, ratio string, limit float64) string {
		r, ok := rs.median(name, ratio)
		if !ok {
			return "-"
		}
		if limit == 0 {
			return fmt.Sprintf("%.2f", r)
		}
		return fmt.Sprintf("%.2f %s", r, check(r, limit))
	}

	if names := rs.under("BenchmarkCorpus"); len(names) > 0 {
		fmt.Fprintln(w, "Corpus (testdata/bench/urls.txt, the inputs each version accepts): CPU time per pass, ratio to net/url.Parse")
		fmt.Fprintf(w, "%-10s %5s %10s  %-22s %-7s %-6s  %-22s %-7s %-22s %s\n", "version", "count", "net/url", "Validate (≤0.80)", "allocs", "Match", "Parse (≤1.00)", "allocs", "ParseTree (≤2.00)", "B/byte (≤32)")
		for _, name := range names {
			base, ok := rs.median(name, "net-url-ns/pass")
			if !ok {
				continue
			}
			allocs := func(part string, limit float64) string { return allocCell(name, part+"-allocs/pass", "%.0f", limit) }
			fmt.Fprintf(w, "%-10s %5d %7.1f µs  %-22s %-7s %-6s  %-22s %-7s %-22s %s\n",
				strings.TrimPrefix(name, "BenchmarkCorpus/"), rs.counts(name, "net-url-ns/pass"), base/1e3,
				cell(name, "Validate/net-url", 0.80), allocs("Validate", 0),
				cell(name, "Match/net-url", 0),
				cell(name, "Parse/net-url", 1.00), allocs("Parse", rs.perPassLimit(name)),
				cell(name, "ParseTree/net-url", 2.00), cell(name, "ParseTree-B/byte", 32))
		}
		fmt.Fprintln(w, "(allocs: allocations per pass over the inputs; the Parse target is at most one per input)")
		fmt.Fprintln(w)
	}

	if names := rs.under("BenchmarkVerdict"); len(names) > 0 {
		fmt.Fprintln(w, "Verdict (Match) on invalid inputs against valid ones of the same lengths, CPU time per byte (target ≤1.00)")
		fmt.Fprintf(w, "%-10s %12s  %-22s %-22s %-22s\n", "version", "valid", "invalid-end", "invalid-middle", "invalid-byte")
		for _, name := range names {
			base, ok := rs.median(name, "valid-ns/B")
			if !ok {
				continue
			}
			fmt.Fprintf(w, "%-10s %7.2f ns/B  %-22s %-22s %-22s\n", strings.TrimPrefix(name, "BenchmarkVerdict/"), base,
				cell(name, "invalid-end/valid", 1.0), cell(name, "invalid-middle/valid", 1.0), cell(name, "invalid-byte/valid", 1.0))
		}
		fmt.Fprintln(w)
	}

	if names := rs.under("BenchmarkRejected"); len(names) > 0 {
		fmt.Fprintln(w, "Rejected (the corpus inputs each version rejects): Validate, and Validate with the error's message, CPU time per pass, ratio to net/url.Parse on the same inputs")
		fmt.Fprintf(w, "%-10s %6s %10s  %-20s %-10s  %-20s %s\n", "version", "inputs", "net/url", "Validate (≤1.00)", "allocs (≤1)", "+Error() (≤2.00)", "allocs (≤3)")
		for _, name := range names {
			base, ok := rs.median(name, "net-url-ns/pass")
			if !ok {
				continue
			}
			n, _ := rs.median(name, "inputs/pass")
			allocs := func(part string, limit float64) string {
				return allocCell(name, part+"-allocs/rejection", "%.2f", limit)
			}
			fmt.Fprintf(w, "%-10s %6.0f %7.1f µs  %-20s %-10s  %-20s %s\n", strings.TrimPrefix(name, "BenchmarkRejected/"), n, base/1e3,
				cell(name, "Validate/net-url", 1.00), allocs("Validate", 1),
				cell(name, "Validate+Error/net-url", 2.00), allocs("Validate+Error", 3))
		}
		fmt.Fprintln(w)
	}

	if names := rs.under("BenchmarkEscape"); len(names) > 0 {
		fmt.Fprintln(w, "Escape (the decoded segments and queries of the corpus): CPU time per pass, ratio to net/url's PathEscape (segment) and QueryEscape (query)")
		fmt.Fprintf(w, "%-8s %6s %10s  %-22s %-6s %-22s %-6s %-8s %-8s\n", "inputs", "count", "net/url", "Escaper 3986 (≤1.00)", "allocs", "Escaper 1738 (≤1.00)", "allocs", "Esc 3986", "Esc 1738")
		for _, name := range names {
			base, ok := rs.median(name, "net-url-ns/pass")
			if !ok {
				continue
			}
			n, _ := rs.median(name, "inputs/pass")
			allocs := func(part string) string { return allocCell(name, part+"-allocs/input", "%.2f", 1) }
			fmt.Fprintf(w, "%-8s %6.0f %7.1f µs  %-22s %-6s %-22s %-6s %-8s %-8s\n", strings.TrimPrefix(name, "BenchmarkEscape/"), n, base/1e3,
				cell(name, "Escaper-rfc3986/net-url", 1.00), allocs("Escaper-rfc3986"),
				cell(name, "Escaper-rfc1738/net-url", 1.00), allocs("Escaper-rfc1738"),
				cell(name, "Escape-rfc3986/net-url", 0), cell(name, "Escape-rfc1738/net-url", 0))
		}
		fmt.Fprintln(w, "(Escape looks the component up by name on each call, an Escaper once; allocs: per input, at most one)")
		fmt.Fprintln(w)
	}

	if names := rs.under("BenchmarkFirstRejection"); len(names) > 0 {
		fmt.Fprintln(w, "First rejection after start-up (decode the automaton, diagnose): CPU ms (target ≤1)")
		for _, name := range names {
			ms, ok := rs.median(name, "first-ms")
			if !ok {
				continue
			}
			fmt.Fprintf(w, "%-10s %.3f %s\n", strings.TrimPrefix(name, "BenchmarkFirstRejection/"), ms, check(ms, 1))
		}
		fmt.Fprintln(w)
	}

	for _, bench := range []struct {
		name, title string
		big         string // the size compared with 1 KiB
		limit       float64
	}{
		{"BenchmarkLong", "Long inputs (Match): CPU time per byte at 1 KiB, 64 KiB, 1 MiB; ratio 1 MiB / 1 KiB (target ≤1.50)", "1MiB", 1.5},
		{"BenchmarkLongParse", "Long inputs (Parse): CPU time per byte at 1 KiB, 64 KiB, 1 MiB; ratio 1 MiB / 1 KiB (target ≤1.50)", "1MiB", 1.5},
		{"BenchmarkLongDiagnose", "Long invalid inputs (Validate: the verdict, then the diagnosis): CPU time per byte; ratio 1 MiB / 1 KiB (target ≤1.50)", "1MiB", 1.5},
		{"BenchmarkHugeDiagnose", "Huge invalid inputs (Validate): CPU time per byte at 1 KiB and 50 MiB; ratio 50 MiB / 1 KiB (target ≤1.50)", "50MiB", 1.5},
	} {
		names := rs.under(bench.name)
		if len(names) == 0 {
			continue
		}
		fmt.Fprintln(w, bench.title)
		fmt.Fprintf(w, "%-10s %-46s %9s %9s %9s  %s\n", "version", "shape (\"|\" is \"/\")", "1KiB", "64KiB", bench.big, "ratio")
		worst := map[string]float64{}
		var versions []string
		for _, name := range names {
			v, shape, _ := strings.Cut(strings.TrimPrefix(name, bench.name+"/"), "/")
			if _, ok := worst[v]; !ok {
				versions = append(versions, v)
				worst[v] = 0
			}
			if _, ok := rs.median(name, "1KiB-ns/B"); !ok {
				continue
			}
			num := func(unit string) string {
				if x, ok := rs.median(name, unit); ok {
					return fmt.Sprintf("%9.2f", x)
				}
				return fmt.Sprintf("%9s", "-")
			}
			r, ok := rs.median(name, bench.big+"/1KiB")
			if !ok {
				continue
			}
			worst[v] = max(worst[v], r)
			fmt.Fprintf(w, "%-10s %-46s %s %s %s  %.2f %s\n", v, clip(shape, 46), num("1KiB-ns/B"), num("64KiB-ns/B"), num(bench.big+"-ns/B"), r, check(r, bench.limit))
		}
		fmt.Fprint(w, "worst ratio per version:")
		for _, v := range versions {
			fmt.Fprintf(w, " %s %.2f", v, worst[v])
		}
		fmt.Fprintln(w)
		fmt.Fprintln(w)
	}
	if names := rs.under("BenchmarkLongParse"); len(names) > 0 {
		fmt.Fprintln(w, "Memory of one long Parse (1 MiB, no parser pooled): bytes allocated per input byte, the worst shape per version")
		fmt.Fprintf(w, "%-10s %-22s %-46s %s\n", "version", "Parse (≤16)", "its shape", "ParseTree")
		type worst struct {
			parse, tree float64
			shape       string
		}
		var order []string
		by := map[string]*worst{}
		for _, name := range names {
			v, shape, _ := strings.Cut(strings.TrimPrefix(name, "BenchmarkLongParse/"), "/")
			p, ok := rs.median(name, "Parse-B/byte")
			if !ok {
				continue
			}
			t, _ := rs.median(name, "ParseTree-B/byte")
			if by[v] == nil {
				by[v] = &worst{}
				order = append(order, v)
			}
			if p >= by[v].parse {
				by[v].parse, by[v].shape = p, shape
			}
			by[v].tree = max(by[v].tree, t)
		}
		for _, v := range order {
			x := by[v]
			fmt.Fprintf(w, "%-10s %-22s %-46s %.1f\n", v, fmt.Sprintf("%.1f %s", x.parse, check(x.parse, 16)), clip(x.shape, 46), x.tree)
		}
		fmt.Fprintln(w)
	}
	return missed
}

// perPassLimit is the most allocations per pass that the Parse target allows: one per input.
func (rs *results) perPassLimit(name string) float64 {
	if n, ok := rs.median(name, "inputs/pass"); ok {
		return n
	}
	return 0
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
