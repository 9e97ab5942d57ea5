package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

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
	fs := newFlagSet("conform", "[-g ID] [-rule RULE] [-n N] [-seed S] [--cover [-budget B] [-k K] [-rounds R]]", stderr)
	id := fs.String("g", "", "grammar version `ID` (default: every registered version)")
	rule := fs.String("rule", "", "`RULE` to check (default: every rule of the version)")
	n := fs.Int("n", 100000, "generated samples per rule")
	seed := fs.Uint64("seed", 1, "random `seed` of the samples")
	cover := fs.Bool("cover", false, "run each rule's W-method suite (conformance.Cover) instead of samples")
	budget := fs.Int("budget", 0, "with --cover: at most `B` tests per rule (0: the whole suite)")
	extra := fs.Int("k", 0, "with --cover: extra states `K` the suite allows an implementation")
	rounds := fs.Int("rounds", 2, "with --cover: run each suite at least `R` times, with other bytes for the classes")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(rest) > 0 {
		return fail(stderr, "conform", fmt.Errorf("unexpected argument %q", rest[0]))
	}
	if *n < 0 || *budget < 0 || *extra < 0 || *rounds < 0 {
		fmt.Fprintln(stderr, "urlgrammar conform: -n, -budget, -k and -rounds must not be negative")
		return exitUsage
	}
	began := time.Now()
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
		rep  conformance.CoverReport
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
		rules := v.Spec().Rules
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
				if *cover {
					j.rep, j.bad = coverRule(j.v, j.g, j.rule, conformance.CoverConfig{Budget: *budget, Extra: *extra, MinRounds: *rounds}, &j.out)
					close(done[i])
					continue
				}
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
	var total coverTotal
	for i, j := range jobs {
		<-done[i]
		if _, err := io.WriteString(stdout, j.out.String()); err != nil {
			fail(stderr, "conform", err)
			status = exitUsage
		}
		if j.bad && status == exitValid {
			status = exitInvalid
		}
		total.add(j.rep)
	}
	wg.Wait()
	if *cover {
		total.write(stdout, time.Since(began))
	}
	return status
}

// coverImplementations are what conform --cover holds to each rule's minimal DFA.
var coverImplementations = []string{"parser", "automaton"}

// coverRule runs the W-method suite of rule and writes its report line; bad is true when
// some test was judged otherwise than by the DFA, or the suite could not be made.
func coverRule(v urlgrammar.Version, g *conformance.Grammar, rule string, cfg conformance.CoverConfig, w io.Writer) (rep conformance.CoverReport, bad bool) {
	cfg.Implementations = coverImplementations
	cfg.Run = func(s string, verdicts []bool) {
		verdicts[0], verdicts[1], _ = urlgrammar.CheckEngines(v, rule, s, 0)
	}
	rep, err := conformance.Cover(g, rule, cfg)
	if err != nil {
		fmt.Fprintf(w, "%v %s: %v\n", v, rule, err)
		return rep, true
	}
	rep.WriteText(w)
	return rep, slices.ContainsFunc(rep.Disagreements, func(n int) bool { return n > 0 })
}

// coverTotal sums the cover reports of conform --cover.
type coverTotal struct {
	rules, states, transitions, tests, incomplete int
	disagreements                                 []int
}

func (t *coverTotal) add(r conformance.CoverReport) {
	if r.Rule == "" {
		return
	}
	t.rules++
	t.states += r.States
	t.transitions += r.Transitions
	t.tests += r.Tests
	if !r.Complete {
		t.incomplete++
	}
	if t.disagreements == nil {
		t.disagreements = make([]int, len(coverImplementations))
	}
	for i, n := range r.Disagreements {
		t.disagreements[i] += n
	}
}

func (t *coverTotal) write(w io.Writer, took time.Duration) {
	var dis []string
	for i, name := range coverImplementations {
		n := 0
		if t.disagreements != nil {
			n = t.disagreements[i]
		}
		dis = append(dis, fmt.Sprintf("%s %d", name, n))
	}
	fmt.Fprintf(w, "total: %d rules, %d states, %d transitions, %d tests (%d rules over the budget) in %.1fs; disagreements: %s\n",
		t.rules, t.states, t.transitions, t.tests, t.incomplete, took.Seconds(), strings.Join(dis, ", "))
}
