# The everyday commands; .ci/run is what CI runs.
.PHONY: all generate test ci conform bench fmt

all: generate test

generate:
	go generate ./...

test:
	go test ./...

ci:
	bash .ci/run

# A large differential run of every generated parser against its BNF (see conformance/).
conform:
	go run ./cmd/urlgrammar conform -n 100000

# Benchmarks beside net/url in the same run; ratios via benchstat.
bench:
	go test -run '^$$' -bench . -benchmem -count 6 . | tee bench.txt

fmt:
	gofmt -w $$(git ls-files '*.go')
