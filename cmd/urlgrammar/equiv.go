package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// equivResult is the comparison of a pair under one version, in "equiv --json".
type equivResult struct {
	Equivalent bool   `json:"equivalent"`
	Step       string `json:"step,omitempty"`
	Section    string `json:"section,omitempty"`
	A          string `json:"a_normal,omitempty"`
	B          string `json:"b_normal,omitempty"`
	Difference string `json:"difference,omitempty"`
	Error      string `json:"error,omitempty"`
}

// equivLine is one line of "equiv --json": with -g, Result is set; with --all, Results holds
// one result per version whose document defines equivalence.
type equivLine struct {
	A       string                  `json:"a"`
	B       string                  `json:"b"`
	Version string                  `json:"version,omitempty"`
	Result  *equivResult            `json:"result,omitempty"`
	Results map[string]*equivResult `json:"results,omitempty"`
}

const equivUsage = `-g ID [--json] [A B | -f FILE]
       urlgrammar equiv --all [--json] [A B | -f FILE]

Compares A and B (or, when they are not given, the two tab-separated fields of each line of -f
FILE or standard input) by the comparison ladder of the version's document. With -g, one line
per pair: "equivalent", the rung that made them equal, its section and the normal form; or
"different", where the normal forms differ and the two normal forms; or "error" and the reason.
With --all, a table of the verdicts under every version that defines equivalence. Exit status 0
when every pair is equivalent, 1 when some pair is not or is invalid.`

func runEquiv(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("equiv", equivUsage, stderr)
	id := fs.String("g", "", "grammar version `ID` whose document's comparison to apply (see \"urlgrammar versions\")")
	all := fs.Bool("all", false, "print a table of the comparison under every version whose document defines equivalence")
	asJSON := fs.Bool("json", false, "print JSON Lines: a, b, and the result (equivalent, step, section, a_normal, b_normal, difference, error) or, with --all, results by version")
	in := addInputFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "equiv", err) }
	if len(rest) != 0 && len(rest) != 2 {
		return abort(fmt.Errorf("want two inputs A and B, or none (pairs on standard input), not %d", len(rest)))
	}
	versions, err := versionsFor(*id, *all, normalizes, func(v urlgrammar.Version) error {
		_, err := urlgrammar.Equivalent(v, "", "", 0)
		return err
	})
	if err != nil {
		return abort(err)
	}
	if len(rest) == 2 {
		rest = []string{rest[0] + "\t" + rest[1]} // one pair, as a line gives it
	}
	l, err := newLoop("equiv", in, nil, rest, stdin, stdout, stderr)
	if err != nil {
		return abort(err)
	}
	e := &equivRun{l: l, versions: versions, all: *all, json: *asJSON}
	if *all && !*asJSON {
		e.table = newNotedTable(l.out, versions, "A", "B")
		var none []string
		for _, v := range versionsWhere(func(s urlgrammar.Spec) bool { return !normalizes(s) }) {
			none = append(none, v.String())
		}
		e.table.tail = "not compared: " + strings.Join(none, ", ") + " (their documents define no equivalence)"
		l.onFinish = e.table.end
	}
	return l.run(func(in input) (bool, error) {
		a, b, ok := strings.Cut(in.text, "\t")
		if !ok {
			return false, &badLine{"want two inputs separated by a tab"}
		}
		return e.pair(in, a, b)
	})
}

// An equivRun prints the comparisons of one equiv command.
type equivRun struct {
	l        *loop
	versions []urlgrammar.Version
	all      bool // under every version that defines equivalence
	json     bool
	table    *notedTable // with --all, but for JSON
}

// pair compares a and b, the pair of in, and prints the result. Under one version, it says on
// standard error when the document's comparison reads a or b more leniently than check does
// (see lenientReading).
func (e *equivRun) pair(in input, a, b string) (bool, error) {
	results := make(map[string]*equivResult, len(e.versions))
	cells := []string{shownInput(a), shownInput(b)}
	ok := true
	for _, v := range e.versions {
		res := equivOne(v, a, b)
		results[v.String()] = res
		ok = ok && res.Equivalent
		switch {
		case e.table == nil:
		case res.Error != "":
			cells = append(cells, fmt.Sprintf("(error [%d])", e.table.note("%s: %s", v, res.Error)))
		case res.Equivalent:
			cells = append(cells, "= "+res.Step)
		default:
			cells = append(cells, fmt.Sprintf("different [%d]", e.table.note("%s: %s", v, res.Difference)))
		}
	}
	v := e.versions[0]
	res := results[v.String()]
	if why := lenientReading[v]; !e.all && why != "" && res.Error == "" && (urlgrammar.Validate(v, a) != nil || urlgrammar.Validate(v, b) != nil) {
		e.l.note(in, why)
	}
	out := e.l.out
	var err error
	switch {
	case e.json && e.all:
		err = encodeJSONLine(out, equivLine{A: a, B: b, Results: results})
	case e.json:
		err = encodeJSONLine(out, equivLine{A: a, B: b, Version: v.String(), Result: res})
	case e.all:
		err = e.table.row(cells...)
	case res.Error != "":
		_, err = fmt.Fprintf(out, "error\t%s\n", res.Error)
	case res.Equivalent:
		_, err = fmt.Fprintf(out, "equivalent\t%s\t%s\t%s\n", res.Step, res.Section, res.A)
	default:
		_, err = fmt.Fprintf(out, "different\t%s\t%s\t%s\n", res.Difference, res.A, res.B)
	}
	return ok, err
}

// equivOne compares a and b under v.
func equivOne(v urlgrammar.Version, a, b string) *equivResult {
	e, err := urlgrammar.Equivalent(v, a, b, 0)
	if err != nil {
		return &equivResult{Error: err.Error()}
	}
	res := &equivResult{Equivalent: e.Equivalent, Section: e.Section, A: e.A, B: e.B, Difference: e.Difference}
	if e.Equivalent {
		res.Step = e.Step.String() // the rung; a difference has none
	}
	return res
}

// shownInput writes the empty input visibly in a table.
func shownInput(s string) string {
	if s == "" {
		return `""`
	}
	return s
}
