# The everyday commands; .ci/run is what CI runs.
.PHONY: all generate test ci conform bench bench-huge bench-compare bench-check bench-cold fmt

all: generate test

generate:
	go generate ./...

test:
	go test ./...

ci:
	bash .ci/run

# A large differential run of every generated parser against its BNF (see conformance/): random
# samples, then every rule's W-method suite with one extra state (k 1) against the generated
# parser and the diagnosis automaton (CI runs the suite with k 0), then the proof of every .peg
# rule (CI runs it too).
conform:
	go run ./cmd/urlgrammar conform --samples 100000
	go run ./cmd/urlgrammar conform --cover -k 1
	go run ./cmd/urlgrammar conform --prove

# Benchmarks beside their baselines in the same run (bench_test.go), six counts, then the
# ratios of the medians to the baselines and to the targets (internal/benchratio).
# BENCH selects benchmarks (a -bench pattern), BENCHTIME sets -benchtime.
BENCH ?= .
BENCHTIME ?= 200ms
bench:
	go test -run '^$$' -bench '$(BENCH)' -benchmem -benchtime $(BENCHTIME) -count 6 -timeout 0 . | tee bench.txt
	go run ./internal/benchratio bench.txt

# Validate on a 50 MiB rejected path per version, beside 1 KiB (minutes; about 400 MB).
bench-huge:
	URLGRAMMAR_HUGE=1 go test -run '^$$' -bench HugeDiagnose -benchtime 3x -count 1 -timeout 0 . | tee bench-huge.txt
	go run ./internal/benchratio bench-huge.txt

# How compare scales with the cores: BenchmarkCompare (the 20 000 real URLs of testdata/urls)
# at each GOMAXPROCS of CPUS; the speedup is the ns/op at 1 over that at N.
CPUS ?= 1,2
bench-compare:
	go test -run '^$$' -bench Compare -cpu $(CPUS) -count 6 -timeout 0 ./cmd/urlgrammar | tee bench-compare.txt

# How check -q scales with the cores: BenchmarkCheckQuiet (100 000 real URLs) at each GOMAXPROCS
# of CPUS, beside its floor, the same lines read and nothing done with them.
bench-check:
	go test -run '^$$' -bench CheckQuiet -cpu $(CPUS) -count 10 -benchtime 10x -timeout 0 ./cmd/urlgrammar | tee bench-check.txt

# The CPU time of a whole process judging one URL under all eight versions (urlgrammar compare
# URL), beside a process that runs net/url.Parse on it (internal/coldstart), RUNS runs of each,
# interleaved: a URL every version accepts, one that the 1993 and 1994 drafts and RFC 1738
# reject, one that all eight reject.
# Both programs are copied after the build: the kernel maps a file that the linker wrote
# through a memory map in smaller pieces than a copy, which costs the larger program more.
RUNS ?= 300
COLD ?= $(or $(TMPDIR),/tmp)/urlgrammar-cold
bench-cold:
	go build -o $(COLD)/build/urlgrammar ./cmd/urlgrammar
	go build -o $(COLD)/build/neturl ./internal/coldstart/neturl
	rm -f $(COLD)/urlgrammar $(COLD)/neturl
	cp $(COLD)/build/urlgrammar $(COLD)/build/neturl $(COLD)/
	go run ./internal/coldstart -n $(RUNS) -cli $(COLD)/urlgrammar -base $(COLD)/neturl \
		'http://example.com/a' 'http://www.example.com/search?q=go#top' 'http://example.com/a<b'

fmt:
	gofmt -w $$(git ls-files '*.go')
