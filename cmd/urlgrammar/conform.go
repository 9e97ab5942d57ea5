package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/grammar"
)

// runConform is "urlgrammar conform": the differential check of each generated parser against
// the recognizer of its grammar/<id>.bnf (see package conformance). For every rule of the
// document, each matched on its own (or the one -rule names), it prints the agreement line,
// the coverage summary with the unexercised rules and alternatives by name, and the minimized
// counterexamples. Exit status 1 when any rule disagrees.
func runConform(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("conform", "[-g ID] [-rule RULE] [-n N] [-seed S]", stderr)
	id := fs.String("g", "", "grammar version `ID` (default: every registered version)")
	rule := fs.String("rule", "", "`RULE` to check (default: every rule of the version)")
	n := fs.Int("n", 100000, "generated samples per rule")
	seed := fs.Uint64("seed", 1, "random `seed` of the samples")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(rest) > 0 {
		return fail(stderr, "conform", fmt.Errorf("unexpected argument %q", rest[0]))
	}
	if *n < 0 {
		fmt.Fprintln(stderr, "urlgrammar conform: -n must not be negative")
		return exitUsage
	}
	versions := urlgrammar.Versions()
	if *id != "" {
		v, err := urlgrammar.Lookup(*id)
		if err != nil {
			fail(stderr, "conform", err)
			return exitUsage
		}
		versions = []urlgrammar.Version{v}
	} else if *rule != "" {
		fmt.Fprintln(stderr, "urlgrammar conform: -rule needs -g")
		return exitUsage
	}

	type job struct {
		v    urlgrammar.Version
		g    *conformance.Grammar
		rule string
		out  strings.Builder
		bad  bool
	}
	var jobs []*job
	for _, v := range versions {
		name := v.String() + ".bnf"
		src, err := grammar.Files.ReadFile(name)
		if err != nil {
			fail(stderr, "conform", err)
			return exitUsage
		}
		g, err := conformance.ParseBNF(name, src)
		if err != nil {
			fail(stderr, "conform", err)
			return exitUsage
		}
		rules := v.Rules()
		if *rule != "" {
			if !slices.Contains(rules, *rule) {
				fmt.Fprintf(stderr, "urlgrammar conform: %v has no rule %q (its rules: %s)\n", v, *rule, strings.Join(rules, " "))
				return exitUsage
			}
			rules = []string{*rule}
		}
		for _, r := range rules {
			jobs = append(jobs, &job{v: v, g: g, rule: r})
		}
	}

	// The rules are independent: check them on every CPU, print them in order.
	done := make([]chan struct{}, len(jobs))
	for i := range done {
		done[i] = make(chan struct{})
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				j := jobs[i]
				peg := func(s string) bool { return urlgrammar.MatchRule(j.v, j.rule, s, 0) }
				rep := conformance.Check(j.g, j.rule, peg, conformance.Config{N: *n, Seed: *seed})
				rep.WriteText(&j.out)
				j.bad = rep.DisagreementCount > 0
				close(done[i])
			}
		}()
	}
	go func() {
		for i := range jobs {
			work <- i
		}
		close(work)
	}()
	status := exitValid
	for i, j := range jobs {
		<-done[i]
		if _, err := io.WriteString(stdout, j.out.String()); err != nil {
			fail(stderr, "conform", err)
			status = exitUsage
		}
		if j.bad && status == exitValid {
			status = exitInvalid
		}
	}
	wg.Wait()
	return status
}
