package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// normalizeResult is one line of "normalize --json".
type normalizeResult struct {
	Input  string `json:"input"`
	Normal string `json:"normal,omitempty"`
	Error  string `json:"error,omitempty"`
}

func runNormalize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("normalize", "-g ID [--steps STEP,...] [--json] [-f FILE | INPUT...]", stderr)
	id := fs.String("g", "", "grammar version `ID` whose document's normalization to apply (see \"urlgrammar versions\")")
	stepList := fs.String("steps", "", "apply only these `STEPS` of the document, comma-separated: case, percent-encoding, path-segments, default-port, empty-path")
	asJSON := fs.Bool("json", false, "print JSON Lines: input, and normal or error")
	in := addInputFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: urlgrammar normalize -g ID [--steps STEP,...] [--json] [-f FILE | INPUT...]")
		fmt.Fprintln(stderr, "\nPrints each INPUT (or each line of FILE or standard input) in the normal form of")
		fmt.Fprintln(stderr, "the version's document, one line per input, or \"error\", a tab and the reason.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "normalize", err) }
	v, err := versionFlag(*id)
	if err != nil {
		return abort(err)
	}
	if v.Spec().NormalizationSteps == nil {
		_, err := urlgrammar.Normalize(v, "", 0)
		return abort(err)
	}
	steps, err := parseSteps(v, *stepList)
	if err != nil {
		return abort(err)
	}
	l, err := newLoop("normalize", in, inputs, stdin, stdout, stderr)
	if err != nil {
		return abort(err)
	}
	return l.runResults(*asJSON, func(s string) (string, any, error) {
		normal, err := urlgrammar.Normalize(v, s, 0, steps...)
		res := normalizeResult{Input: s, Normal: normal}
		if err != nil {
			res.Error = err.Error()
		}
		return normal, res, err
	})
}

// parseSteps reads the --steps flag: names of steps (Step.String), each one that v's document
// gives.
func parseSteps(v urlgrammar.Version, list string) ([]urlgrammar.Step, error) {
	if list == "" {
		return nil, nil
	}
	var steps []urlgrammar.Step
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, s := range v.Spec().NormalizationSteps {
			if s.String() == name {
				steps, found = append(steps, s), true
			}
		}
		if !found {
			var names []string
			for _, s := range v.Spec().NormalizationSteps {
				names = append(names, s.String())
			}
			return nil, fmt.Errorf("--steps: %q is no step of %v's normalization (its steps: %s)", name, v, strings.Join(names, ", "))
		}
	}
	return steps, nil
}
