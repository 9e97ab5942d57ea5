package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

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

func runEquiv(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("equiv", "(-g ID | --all) [--json] [A B]", stderr)
	id := fs.String("g", "", "grammar version `ID` whose document's comparison to apply (see \"urlgrammar versions\")")
	all := fs.Bool("all", false, "print a table of the comparison under every version whose document defines equivalence")
	asJSON := fs.Bool("json", false, "print JSON Lines: a, b, and the result (equivalent, step, section, a_normal, b_normal, difference, error) or, with --all, results by version")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: urlgrammar equiv -g ID [--json] [A B]")
		fmt.Fprintln(stderr, "       urlgrammar equiv --all [--json] [A B]")
		fmt.Fprintln(stderr, "\nCompares A and B (or, when they are not given, the two tab-separated fields of each line of")
		fmt.Fprintln(stderr, "standard input) by the comparison ladder of the version's document. With -g, one line per")
		fmt.Fprintln(stderr, "pair: \"equivalent\", the rung that made them equal, its section and the normal form; or")
		fmt.Fprintln(stderr, "\"different\", where the normal forms differ and the two normal forms; or \"error\" and the")
		fmt.Fprintln(stderr, "reason. With --all, a table of the verdicts under every version that defines equivalence.")
		fmt.Fprintln(stderr, "Exit status 0 when every pair is equivalent, 1 when some pair is not or is invalid.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "equiv", err) }
	if len(rest) != 0 && len(rest) != 2 {
		return abort(fmt.Errorf("want two inputs A and B, or none (pairs on standard input), not %d", len(rest)))
	}
	var versions []urlgrammar.Version
	switch {
	case *all && *id != "":
		return abort(errors.New("-g and --all exclude each other"))
	case *all:
		for _, v := range urlgrammar.Versions() {
			if v.DefinesNormalization() {
				versions = append(versions, v)
			}
		}
	default:
		v, err := versionFlag(*id)
		if err != nil {
			return abort(err)
		}
		if !v.DefinesNormalization() {
			_, err := urlgrammar.Equivalent(v, "", "", 0)
			return abort(err)
		}
		versions = []urlgrammar.Version{v}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	var tw *tabwriter.Writer
	var notes []string
	if *all && !*asJSON {
		tw = tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprint(tw, "A\tB")
		for _, v := range versions {
			fmt.Fprintf(tw, "\t%s", v)
		}
		fmt.Fprintln(tw)
	}
	status := exitValid
	var writeErr error
	pair := func(a, b string) error {
		results := make(map[string]*equivResult, len(versions))
		cells := make([]string, len(versions))
		for i, v := range versions {
			res := equivOne(v, a, b)
			results[v.String()] = res
			switch {
			case res.Error != "":
				notes = append(notes, fmt.Sprintf("[%d] %s: %s", len(notes)+1, v, res.Error))
				cells[i] = fmt.Sprintf("(error [%d])", len(notes))
			case res.Equivalent:
				cells[i] = "= " + res.Step
			default:
				notes = append(notes, fmt.Sprintf("[%d] %s: %s", len(notes)+1, v, res.Difference))
				cells[i] = fmt.Sprintf("different [%d]", len(notes))
			}
			if !res.Equivalent {
				status = exitInvalid
			}
		}
		v := versions[0]
		switch {
		case *asJSON && *all:
			return encodeJSONLine(out, equivLine{A: a, B: b, Results: results})
		case *asJSON:
			return encodeJSONLine(out, equivLine{A: a, B: b, Version: v.String(), Result: results[v.String()]})
		case *all:
			_, err := fmt.Fprintf(tw, "%s\t%s\t%s\n", shownInput(a), shownInput(b), strings.Join(cells, "\t"))
			return err
		}
		res := results[v.String()]
		var err error
		switch {
		case res.Error != "":
			_, err = fmt.Fprintf(out, "error\t%s\n", res.Error)
		case res.Equivalent && res.Section == "":
			_, err = fmt.Fprintf(out, "equivalent\t%s\t\t%s\n", res.Step, res.A)
		case res.Equivalent:
			_, err = fmt.Fprintf(out, "equivalent\t%s\t%s\t%s\n", res.Step, res.Section, res.A)
		default:
			_, err = fmt.Fprintf(out, "different\t%s\t%s\t%s\n", res.Difference, res.A, res.B)
		}
		return err
	}
	if len(rest) == 2 {
		writeErr = pair(rest[0], rest[1])
	} else {
		err = readInputs(nil, stdin, func(line string) bool {
			a, b, ok := strings.Cut(line, "\t")
			if !ok {
				writeErr = fmt.Errorf("line %q: want two inputs separated by a tab", line)
				return false
			}
			writeErr = pair(a, b)
			return writeErr == nil
		})
	}
	if err == nil {
		err = writeErr
	}
	if err == nil && tw != nil {
		err = tw.Flush()
		if len(notes) > 0 {
			fmt.Fprintln(out)
			for _, n := range notes {
				fmt.Fprintln(out, n)
			}
		}
		var none []string
		for _, v := range urlgrammar.Versions() {
			if !v.DefinesNormalization() {
				none = append(none, v.String())
			}
		}
		if len(none) > 0 {
			fmt.Fprintf(out, "\nnot compared: %s (their documents define no equivalence)\n", strings.Join(none, ", "))
		}
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar equiv:", err)
		return exitUsage
	}
	return status
}

// equivOne compares a and b under v.
func equivOne(v urlgrammar.Version, a, b string) *equivResult {
	e, err := urlgrammar.Equivalent(v, a, b, 0)
	if err != nil {
		return &equivResult{Error: strings.TrimPrefix(err.Error(), "urlgrammar: ")}
	}
	return &equivResult{Equivalent: e.Equivalent, Step: stepName(e), Section: e.Section, A: e.A, B: e.B, Difference: e.Difference}
}

// stepName is the rung of an equivalence, or "" for a difference.
func stepName(e urlgrammar.Equivalence) string {
	if !e.Equivalent {
		return ""
	}
	return e.Step.String()
}

// shownInput writes the empty input visibly in a table.
func shownInput(s string) string {
	if s == "" {
		return `""`
	}
	return s
}
