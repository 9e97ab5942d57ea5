package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// equivResult is the comparison of a pair under one version, in "equiv --format json".
type equivResult struct {
	Equivalent bool   `json:"equivalent"`
	Step       string `json:"step,omitempty"`
	Section    string `json:"section,omitempty"`
	A          string `json:"a_normal,omitempty"`
	B          string `json:"b_normal,omitempty"`
	Difference string `json:"difference,omitempty"`
	Error      string `json:"error,omitempty"`
}

// equivLine is one line of "equiv --format json": the pair and its comparison under each
// version compared, by version.
type equivLine struct {
	A       string                  `json:"a"`
	B       string                  `json:"b"`
	Results map[string]*equivResult `json:"results"`
}

const equivUsage = `(-g ID[,ID...] | --all) [--format text|json|tsv] [A B | -f FILE]

Compares A and B (or, when they are not given, the two tab-separated fields of each line of -f
FILE or standard input) by the comparison ladder of the version's document. With one version,
one line per pair: "equivalent", the rung that made them equal, its section and the normal
form; or "different", where the normal forms differ and the two normal forms; or "error" and the
reason. With several (or --all, every version that defines equivalence), a table of the
verdicts. Exit status 0 when every pair is equivalent, 1 when some pair is not or is invalid.`

func runEquiv(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("equiv", equivUsage, stderr)
	id := fs.String("g", "", "grammar versions `IDs` whose documents' comparison to apply, comma-separated (see \"urlgrammar versions\")")
	all := fs.Bool("all", false, "print a table of the comparison under every version whose document defines equivalence")
	format := addFormatFlag(fs, "text", "json", "tsv")
	in := addInputFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "equiv", err) }
	if len(rest) != 0 && len(rest) != 2 {
		return abort(fmt.Errorf("want two inputs A and B, or none (pairs on standard input), not %d", len(rest)))
	}
	versions, err := versionsFor("equiv", *id, *all, normalizes, func(v urlgrammar.Version) error {
		_, err := urlgrammar.Equivalent(v, "", "", 0)
		return err
	}, stderr)
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
	e := &equivRun{l: l, versions: versions, format: format.name}
	switch {
	case format.name == "tsv":
		h := []string{"a", "b"}
		for _, v := range versions {
			h = append(h, v.String(), v.String()+" reason")
		}
		writeTSV(l.out, h...)
	case format.name == "text" && len(versions) > 1:
		e.table = newNotedTable(l.out, versions, "A", "B")
		var none []string
		for _, v := range versionsWhere(func(s urlgrammar.Spec) bool { return !normalizes(s) }) {
			none = append(none, v.String())
		}
		if *all {
			e.table.tail = "not compared: " + strings.Join(none, ", ") + " (their documents define no equivalence)"
		}
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
	format   string
	table    *notedTable // the text of several versions
}

// pair compares a and b, the pair of in, and prints the result. Under one version, it says on
// standard error when the document's comparison reads a or b more leniently than check does
// (see lenientReading).
func (e *equivRun) pair(in input, a, b string) (bool, error) {
	results := make(map[string]*equivResult, len(e.versions))
	cells := []string{shownInput(a), shownInput(b)}
	row := []string{a, b}
	ok := true
	for _, v := range e.versions {
		res := equivOne(v, a, b)
		results[v.String()] = res
		ok = ok && res.Equivalent
		switch {
		case res.Error != "":
			row = append(row, "error", res.Error)
			if e.table != nil {
				cells = append(cells, fmt.Sprintf("(error [%d])", e.table.note("%s: %s", v, res.Error)))
			}
		case res.Equivalent:
			row = append(row, "equivalent", res.Step+" ("+res.Section+")")
			cells = append(cells, "= "+res.Step)
		default:
			row = append(row, "different", res.Difference)
			if e.table != nil {
				cells = append(cells, fmt.Sprintf("different [%d]", e.table.note("%s: %s", v, res.Difference)))
			}
		}
	}
	v := e.versions[0]
	res := results[v.String()]
	if why := lenientReading[v]; len(e.versions) == 1 && why != "" && res.Error == "" && (urlgrammar.Validate(v, a) != nil || urlgrammar.Validate(v, b) != nil) {
		e.l.note(in, why)
	}
	out := e.l.out
	var err error
	switch {
	case e.format == "json":
		err = encodeJSONLine(out, equivLine{A: a, B: b, Results: results})
	case e.format == "tsv":
		err = writeTSV(out, row...)
	case e.table != nil:
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
		return &equivResult{Error: cause(err)}
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
