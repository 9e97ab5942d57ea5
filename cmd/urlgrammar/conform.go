package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/conformance/pegproof"
)

// runConform is "urlgrammar conform": the differential check of each generated parser against
// the recognizer of its grammar/<id>.bnf (see package conformance). For every rule of the
// document, each matched on its own (or the one -rule names), it prints the agreement line,
// the coverage summary with the unexercised rules and alternatives by name, and the minimized
// counterexamples. Exit status 1 when any rule disagrees. --cover runs W-method suites instead,
// --prove proves each rule's PEG equal to its BNF (package pegproof).
func runConform(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("conform", "[-g ID[,ID...]] [-rule RULE] [--samples N] [-seed S] [--cover [-budget B] [-k K] [-rounds R] | --prove]", stderr)
	f := conformFlags{stderr: stderr}
	fs.StringVar(&f.id, "g", "", "grammar versions `IDs`, comma-separated (default: every registered version)")
	fs.StringVar(&f.rule, "rule", "", "`RULE` to check (default: every rule of the version; with one version)")
	fs.IntVar(&f.n, "samples", 100000, "generated samples per rule")
	fs.Uint64Var(&f.seed, "seed", 1, "random `seed` of the samples")
	addFormatFlag(fs, "text") // a report for people: its exit status is the verdict
	fs.BoolVar(&f.cover, "cover", false, "run each rule's W-method suite (conformance.Cover) instead of samples")
	fs.IntVar(&f.budget, "budget", 0, "with --cover: at most `B` tests per rule (0: the whole suite)")
	fs.IntVar(&f.extra, "k", 0, "with --cover: extra states `K` the suite allows an implementation")
	fs.IntVar(&f.rounds, "rounds", 2, "with --cover: run each suite at least `R` times, with other bytes for the classes")
	fs.BoolVar(&f.prove, "prove", false, "prove each rule of the .peg equal to the .bnf's instead of samples")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	switch {
	case len(rest) > 0:
		return fail(stderr, "conform", fmt.Errorf("unexpected argument %q", rest[0]))
	case f.n < 0 || f.budget < 0 || f.extra < 0 || f.rounds < 0:
		return fail(stderr, "conform", errors.New("--samples, -budget, -k and -rounds must not be negative"))
	case f.rule != "" && (f.id == "" || strings.Contains(f.id, ",")):
		return fail(stderr, "conform", errors.New("-rule needs -g naming one version"))
	case f.cover && f.prove:
		return fail(stderr, "conform", errors.New("--cover and --prove are two runs: give one"))
	}
	began := time.Now()
	jobs, err := f.jobs()
	if err != nil {
		return fail(stderr, "conform", err)
	}
	status, total := runConformJobs(jobs, f.check, stdout, stderr)
	if f.cover {
		total.WriteText(stdout, time.Since(began))
	}
	if f.prove {
		var proofs pegproof.Total
		for _, j := range jobs {
			proofs.Add(j.v.String(), j.proof)
		}
		proofs.WriteText(stdout, time.Since(began))
	}
	return status
}

// conformFlags are the flags of conform.
type conformFlags struct {
	id, rule                 string
	n, budget, extra, rounds int
	seed                     uint64
	cover, prove             bool
	stderr                   io.Writer
}

// A conformJob is the check of one rule, and its report.
type conformJob struct {
	v     urlgrammar.Version
	g     *conformance.Grammar
	rule  string
	out   strings.Builder
	bad   bool
	rep   conformance.CoverReport
	peg   *pegproof.Grammar // with --prove
	proof pegproof.Result
	done  chan struct{} // closed when the check is done
}

// jobs returns a job per rule the flags name: every rule of every version by default.
func (f *conformFlags) jobs() ([]*conformJob, error) {
	versions, err := versionsFlag("conform", f.id, true, f.stderr)
	if err != nil {
		return nil, err
	}
	if versions == nil {
		versions = urlgrammar.Versions()
	}
	var jobs []*conformJob
	for _, v := range versions {
		g, err := conformance.Load(v.String())
		var peg *pegproof.Grammar
		if err == nil && f.prove {
			peg, err = pegproof.Load(v.String())
		}
		if err != nil {
			return nil, err
		}
		rules := v.Spec().Rules
		if f.rule != "" {
			if !slices.Contains(rules, f.rule) {
				return nil, fmt.Errorf("%v has no rule %q (its rules: %s)", v, f.rule, strings.Join(rules, " "))
			}
			rules = []string{f.rule}
		}
		for _, r := range rules {
			jobs = append(jobs, &conformJob{v: v, g: g, peg: peg, rule: r, done: make(chan struct{})})
		}
	}
	return jobs, nil
}

// check runs job j: its W-method suite with --cover, its proof with --prove, else its
// generated samples.
func (f *conformFlags) check(j *conformJob) {
	if f.prove {
		j.proof = pegproof.Prove(j.peg, j.g, j.rule)
		j.proof.WriteText(&j.out, j.v.String())
		j.bad = !j.proof.Proven && j.proof.Err == nil
		return
	}
	if f.cover {
		j.rep, j.bad = coverRule(j.v, j.g, j.rule, conformance.CoverConfig{Budget: f.budget, Extra: f.extra, MinRounds: f.rounds}, &j.out)
		return
	}
	peg := func(s string) bool { return urlgrammar.MatchRule(j.v, j.rule, s, 0) }
	rep := conformance.Check(j.g, j.rule, peg, conformance.Config{N: f.n, Seed: f.seed})
	rep.WriteText(&j.out)
	j.bad = rep.DisagreementCount > 0
}

// runConformJobs runs the jobs on every CPU (the rules are independent) and prints their
// reports in order; the status is 1 when a rule disagrees, 2 on a write error.
func runConformJobs(jobs []*conformJob, check func(*conformJob), stdout, stderr io.Writer) (int, conformance.CoverTotal) {
	// The jobs begin in order, as many at a time as there are CPUs.
	running := make(chan struct{}, runtime.GOMAXPROCS(0))
	go func() {
		for _, j := range jobs {
			running <- struct{}{}
			go func() {
				check(j)
				close(j.done)
				<-running
			}()
		}
	}()
	status := exitValid
	total := conformance.CoverTotal{Implementations: coverImplementations}
	for _, j := range jobs {
		<-j.done
		if _, err := io.WriteString(stdout, j.out.String()); err != nil {
			status = fail(stderr, "conform", err)
		}
		if j.bad && status == exitValid {
			status = exitInvalid
		}
		total.Add(j.rep)
	}
	return status, total
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
